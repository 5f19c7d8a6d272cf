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

-- Jobs queued before the split into one queue per kind sit in river's `default` queue, which no
-- node works any more: move them to their kind's queue. Recalculation jobs inserted before the
-- unique states were set explicitly keep river's default states, `completed` included, and their
-- key equals the new one: such a row would block every new request until river's cleaner removes
-- it, so their keys are dropped (a waiting one may then get a duplicate run, which is harmless).
-- river_job exists only once river's migrator has run (after ours, on a fresh database).
-- +goose StatementBegin
DO $$
BEGIN
    IF to_regclass('river_job') IS NOT NULL THEN
        UPDATE river_job SET queue = CASE kind
                WHEN 'recalc.client' THEN 'recalc' WHEN 'syncs.account' THEN 'sync'
                WHEN 'reports.render' THEN 'report' WHEN 'mail.send' THEN 'mail' END
        WHERE queue = 'default' AND finalized_at IS NULL
          AND kind IN ('recalc.client', 'syncs.account', 'reports.render', 'mail.send');
        UPDATE river_job SET unique_key = NULL, unique_states = NULL
        WHERE kind = 'recalc.client' AND unique_key IS NOT NULL;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX account_sync_items_active_key;
