-- name: InsertAccountSync :one
INSERT INTO account_syncs (id, client_id) VALUES ($1, $2) RETURNING *;

-- name: InsertAccountSyncItem :one
INSERT INTO account_sync_items (sync_id, account_id) VALUES ($1, $2) RETURNING *;

-- name: ListAccountSyncs :many
SELECT * FROM account_syncs WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20;

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
-- A sync's status and progress follow its accounts: completed when none is pending (failed when
-- all failed), running once one started.
UPDATE account_syncs s SET
    progress = agg.progress,
    status = CASE WHEN agg.pending = 0 THEN (CASE WHEN agg.failed = agg.total THEN 'failed' ELSE 'completed' END)
                  WHEN agg.started > 0 THEN 'running' ELSE 'queued' END,
    started_at = coalesce(s.started_at, CASE WHEN agg.started > 0 THEN now() END),
    finished_at = CASE WHEN agg.pending = 0 THEN coalesce(s.finished_at, now()) END,
    error = CASE WHEN agg.failed > 0 THEN agg.failed || ' of ' || agg.total || ' accounts failed' END
FROM (SELECT count(*) AS total,
             count(*) FILTER (WHERE status IN ('queued', 'syncing')) AS pending,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             count(*) FILTER (WHERE status <> 'queued') AS started,
             coalesce(avg(progress), 0)::integer AS progress
      FROM account_sync_items WHERE sync_id = $1) agg
WHERE s.id = $1;

-- name: SetAccountSyncState :exec
UPDATE accounts SET status = $2, status_message = $3,
    last_synced_at = CASE WHEN $2 = 'synced' THEN now() ELSE last_synced_at END,
    sync_cursor = coalesce(sqlc.narg(cursor)::text, sync_cursor)
WHERE id = $1;

-- name: GetAccountByID :one
SELECT * FROM accounts WHERE id = $1;

-- name: GetAccountSyncByID :one
-- For the worker, which knows a sync by id only.
SELECT * FROM account_syncs WHERE id = $1;
