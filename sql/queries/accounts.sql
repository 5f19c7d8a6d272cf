-- name: ListAccounts :many
SELECT * FROM accounts
WHERE client_id = $1 AND deleted_at IS NULL AND (sqlc.arg(include_virtual)::boolean OR type <> 'virtual')
ORDER BY created_at, id;

-- name: CountAccounts :one
SELECT count(*) FROM accounts WHERE client_id = $1 AND deleted_at IS NULL AND type <> 'virtual';

-- name: CreateAccount :one
INSERT INTO accounts (id, client_id, type, provider, address, name, status, staking_account_identifier)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetAccount :one
SELECT * FROM accounts WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL;

-- name: ListAccountsByName :many
-- getClientAccounts: by name (then id), virtual position accounts when asked.
SELECT * FROM accounts
WHERE client_id = $1 AND deleted_at IS NULL AND (sqlc.arg(include_virtual)::boolean OR type <> 'virtual')
ORDER BY lower(name) COLLATE "C", name COLLATE "C", id;

-- name: GetAccountAny :one
-- An account of the client, deleted or not (deleteAccount answers a deleted one as DELETING).
SELECT * FROM accounts WHERE client_id = $1 AND id = $2;

-- name: ClientIsEmbedded :one
-- Whether the client is a partner's embedded user (the per-user account limit applies to those).
SELECT (partner_id IS NOT NULL)::boolean AS embedded FROM clients WHERE id = $1;

-- name: CreateAccountWithOptions :one
INSERT INTO accounts (id, client_id, type, provider, address, name, status, start_importing_at, stop_importing_at,
                      include_staking_rewards, include_ordinals, is_large_account)
VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $8, $9, $10, $11)
RETURNING *;

-- name: SetAccountImportOptions :exec
UPDATE accounts SET start_importing_at = $3, stop_importing_at = $4, include_staking_rewards = $5,
    include_ordinals = $6, is_large_account = $7
WHERE client_id = $1 AND id = $2;

-- name: RenameAccount :one
UPDATE accounts SET name = $3 WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING *;

-- name: RetireAccount :one
UPDATE accounts SET status = 'retired', stop_importing_at = $3, retired_at = coalesce(retired_at, now())
WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING *;

-- name: MarkAccountDeleted :one
UPDATE accounts SET deleted_at = now() WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING *;

-- name: ResetAccountCursor :exec
UPDATE accounts SET sync_cursor = NULL, status = 'queued', status_message = NULL WHERE client_id = $1 AND id = $2;

-- name: SetContinuousSync :exec
UPDATE accounts SET is_continuous_sync = $2 WHERE client_id = $1 AND deleted_at IS NULL AND type <> 'virtual';

-- name: ListAccountJobs :many
-- getJobsForAccount: the account's items of syncs, newest first.
SELECT s.id, s.kind, s.created_at, s.started_at, s.finished_at, i.status, i.progress, i.message, i.imported,
    i.attempt, i.max_attempts, i.next_attempt_at
FROM account_sync_items i JOIN account_syncs s ON s.id = i.sync_id
WHERE i.account_id = $1 AND s.client_id = $2
ORDER BY s.created_at DESC, s.id DESC LIMIT 50;

-- name: UpsertExchangeCredentials :exec
INSERT INTO exchange_credentials (account_id, client_id, sealed) VALUES ($1, $2, $3)
ON CONFLICT (account_id, client_id) DO UPDATE SET sealed = EXCLUDED.sealed, updated_at = now();

-- name: GetExchangeCredentials :one
SELECT sealed FROM exchange_credentials WHERE account_id = $1;

-- name: ListUsedChainChecks :many
SELECT * FROM used_chain_checks WHERE address = $1;

-- name: PutUsedChainAnswer :exec
INSERT INTO used_chain_checks (address, chain, used, checked_at, failed_at) VALUES ($1, $2, $3, now(), NULL)
ON CONFLICT (address, chain) DO UPDATE SET used = EXCLUDED.used, checked_at = now(), failed_at = NULL;

-- name: PutUsedChainFailure :exec
INSERT INTO used_chain_checks (address, chain, failed_at) VALUES ($1, $2, now())
ON CONFLICT (address, chain) DO UPDATE SET failed_at = now();

-- name: SetAccountsQueued :exec
-- Accounts whose sync was just queued show as such until the worker picks them up.
UPDATE accounts SET status = 'queued', status_message = NULL WHERE id = ANY(sqlc.arg(ids)::uuid[]) AND status <> 'retired';

-- name: DueContinuousSyncs :many
-- Accounts with continuous syncing on whose last sync is older than the interval and that have no
-- sync queued or running, at most a batch, oldest first.
SELECT a.client_id, a.id FROM accounts a
WHERE a.is_continuous_sync AND a.deleted_at IS NULL AND a.type IN ('wallet', 'exchange') AND a.status <> 'retired'
  AND (a.last_synced_at IS NULL OR a.last_synced_at < sqlc.arg(synced_before)::timestamptz)
  AND NOT EXISTS (SELECT 1 FROM account_sync_items i WHERE i.account_id = a.id AND i.status IN ('queued', 'syncing'))
ORDER BY a.last_synced_at NULLS FIRST, a.id
LIMIT sqlc.arg(batch)::integer;

-- name: ListAccountsPage :many
-- One page of the client's wallet and exchange accounts (no virtual ones), oldest first, after a
-- (created_at, id) position (null: the first page).
SELECT * FROM accounts
WHERE client_id = @client_id AND deleted_at IS NULL AND type <> 'virtual'
  AND (sqlc.narg(after_at)::timestamptz IS NULL OR (created_at, id) > (sqlc.narg(after_at)::timestamptz, sqlc.narg(after_id)::uuid))
ORDER BY created_at, id
LIMIT @page_limit;
