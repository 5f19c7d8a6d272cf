-- +goose Up
-- One queued or syncing sync per account: a request for an account already being synced returns
-- that sync (internal/syncs). Older duplicates, if any, are superseded first.
UPDATE account_sync_items i SET status = 'failed', progress = 100,
    message = 'superseded by a newer sync of the account'
WHERE i.status IN ('queued', 'syncing') AND EXISTS (
    SELECT 1 FROM account_sync_items n JOIN account_syncs ns ON ns.id = n.sync_id
    JOIN account_syncs s ON s.id = i.sync_id
    WHERE n.account_id = i.account_id AND n.status IN ('queued', 'syncing')
      AND (ns.created_at, ns.id) > (s.created_at, s.id));
CREATE UNIQUE INDEX account_sync_items_active_key ON account_sync_items (account_id)
    WHERE status IN ('queued', 'syncing');

-- +goose Down
DROP INDEX account_sync_items_active_key;
