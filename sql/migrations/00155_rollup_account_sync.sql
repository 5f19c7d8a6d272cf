-- +goose Up
-- A sync's roll-up, one function for every caller. Two items of a sync finishing at once used to leave
-- the sync "running" for good: each transaction's roll-up (a single UPDATE ... FROM over the items)
-- read the items as of its own start, so the one that waited for the other's lock on the sync row
-- still saw the other's item pending. Here the roll-up first takes that lock, and its aggregate, a
-- statement of its own, reads the items after the other transaction committed (READ COMMITTED).
-- +goose StatementBegin
CREATE FUNCTION rollup_account_sync(sync_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM account_syncs s WHERE s.id = rollup_account_sync.sync_id FOR UPDATE;
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
                 count(*) FILTER (WHERE i.status IN ('queued', 'syncing')) AS pending,
                 count(*) FILTER (WHERE i.status = 'failed') AS failed,
                 count(*) FILTER (WHERE i.status <> 'queued') AS started,
                 coalesce(avg(i.progress), 0)::integer AS progress
          FROM account_sync_items i WHERE i.sync_id = rollup_account_sync.sync_id) agg
    WHERE s.id = rollup_account_sync.sync_id;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION rollup_account_sync(uuid);
