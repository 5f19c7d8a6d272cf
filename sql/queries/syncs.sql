-- name: InsertAccountSync :one
INSERT INTO account_syncs (id, client_id) VALUES ($1, $2) RETURNING *;

-- name: InsertAccountSyncItem :one
INSERT INTO account_sync_items (sync_id, account_id) VALUES ($1, $2) RETURNING *;

-- name: InsertAccountSyncItems :many
INSERT INTO account_sync_items (sync_id, account_id)
SELECT sqlc.arg(sync_id)::uuid, a.id FROM unnest(sqlc.arg(account_ids)::uuid[]) WITH ORDINALITY a (id, n) ORDER BY a.n
RETURNING *;

-- name: GetAccountSync :one
SELECT * FROM account_syncs WHERE client_id = $1 AND id = $2;

-- name: ListAccountSyncItems :many
SELECT i.* FROM account_sync_items i JOIN accounts a ON a.id = i.account_id
WHERE i.sync_id = ANY(sqlc.arg(sync_ids)::uuid[]) ORDER BY i.sync_id, a.created_at, a.id;

-- name: GetAccountSyncItem :one
SELECT * FROM account_sync_items WHERE sync_id = $1 AND account_id = $2;

-- name: UpdateAccountSyncItem :exec
UPDATE account_sync_items SET status = $3, progress = $4, message = $5, imported = imported + sqlc.arg(added)::integer
WHERE sync_id = $1 AND account_id = $2;

-- name: RollupAccountSync :exec
-- The sync's status and progress from its items (the SQL function rollup_account_sync says how, and
-- why it locks the sync first).
SELECT rollup_account_sync($1);

-- name: SetAccountSyncState :exec
-- A retired account stays retired whatever its last sync did.
UPDATE accounts SET status = CASE WHEN status = 'retired' THEN status ELSE sqlc.arg(status)::text END,
    status_message = CASE WHEN status = 'retired' THEN status_message ELSE sqlc.narg(status_message)::text END,
    last_synced_at = CASE WHEN sqlc.arg(status)::text = 'synced' THEN now() ELSE last_synced_at END,
    sync_cursor = coalesce(sqlc.narg(cursor)::text, sync_cursor)
WHERE id = sqlc.arg(id)::uuid;

-- name: GetAccountByID :one
SELECT * FROM accounts WHERE id = $1;

-- name: LockClientSyncs :exec
-- Serialises a client's sync requests, so two of them cannot both start the same account.
SELECT pg_advisory_xact_lock(hashtextextended('taxd.sync:' || sqlc.arg(client_id)::uuid::text, 0));

-- name: ListActiveSyncItems :many
-- The queued or syncing items of these accounts (at most one each), newest sync first.
SELECT i.sync_id, i.account_id FROM account_sync_items i JOIN account_syncs s ON s.id = i.sync_id
WHERE i.account_id = ANY(sqlc.arg(account_ids)::uuid[]) AND i.status IN ('queued', 'syncing')
ORDER BY s.created_at DESC, s.id DESC;

-- name: SyncBacklog :one
-- How many account syncs of the owner (the client's partner, or the client itself when it has
-- none) wait in the queue, counted up to a cap: the fairness tiers need no exact figure beyond it.
SELECT count(*)::integer FROM (
    SELECT 1 FROM account_sync_items i
    JOIN account_syncs s ON s.id = i.sync_id
    JOIN clients c ON c.id = s.client_id
    WHERE i.status = 'queued' AND coalesce(c.partner_id, c.id) = sqlc.arg(owner_id)::uuid
    LIMIT sqlc.arg(cap)::integer
) b;

-- name: SyncOwner :one
SELECT coalesce(partner_id, id)::uuid FROM clients WHERE id = $1;
-- name: GetAccountSyncByID :one
-- For the worker, which knows a sync by id only.
SELECT * FROM account_syncs WHERE id = $1;

-- name: SetAccountSyncKind :exec
UPDATE account_syncs SET kind = $2, recalculate = $3 WHERE id = $1;

-- name: InsertFinishedAccountJob :one
-- A job that finished in the request (deleteAccount): one item, done.
WITH s AS (
    INSERT INTO account_syncs (id, client_id, status, progress, kind, started_at, finished_at)
    VALUES ($1, $2, 'completed', 100, $4, now(), now()) RETURNING *
), i AS (
    INSERT INTO account_sync_items (sync_id, account_id, status, progress) SELECT s.id, $3, 'synced', 100 FROM s
)
SELECT * FROM s;

-- name: ListAccountSyncsPage :many
-- One page of the client's syncs, newest first, after a (created_at, id) position (null: the first).
SELECT * FROM account_syncs
WHERE client_id = @client_id
  AND (sqlc.narg(after_at)::timestamptz IS NULL OR (created_at, id) < (sqlc.narg(after_at)::timestamptz, sqlc.narg(after_id)::uuid))
ORDER BY created_at DESC, id DESC
LIMIT @page_limit;

-- name: TrackAccountSyncItem :exec
-- An item mirrors its river job's attempt (syncs.TrackItem).
UPDATE account_sync_items SET status = $3, progress = $4, message = $5, attempt = sqlc.arg(attempt)::integer,
    max_attempts = sqlc.arg(max_attempts)::integer, next_attempt_at = sqlc.narg(next_attempt_at)::timestamptz
WHERE sync_id = $1 AND account_id = $2;

-- name: LockAccountWindow :one
-- The account's import window as committed now, held until the page's import commits, so that a
-- retireAccount either precedes the page (which then imports nothing after its stop) or waits.
SELECT start_importing_at, stop_importing_at, deleted_at FROM accounts WHERE id = $1 FOR SHARE;

-- name: ListActiveSyncItemStates :many
-- The queued or syncing items of these accounts (at most one each), with their state.
SELECT i.* FROM account_sync_items i
WHERE i.account_id = ANY(sqlc.arg(account_ids)::uuid[]) AND i.status IN ('queued', 'syncing');

-- name: ListClientsWithWallets :many
-- The clients with a live wallet account (what `taxd reclassify --all` re-classifies).
SELECT DISTINCT client_id FROM accounts
 WHERE type = 'wallet' AND address IS NOT NULL AND deleted_at IS NULL
 ORDER BY client_id;
