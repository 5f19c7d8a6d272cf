-- +goose Up
-- The river job that runs a recalculation's current attempt (recorded by its tracker when an
-- attempt starts), so that a status read can tell from that job's heartbeat whether its worker
-- still runs, without reading river's table.
ALTER TABLE recalc_jobs ADD COLUMN river_job_id bigint;

-- +goose Down
ALTER TABLE recalc_jobs DROP COLUMN river_job_id;
