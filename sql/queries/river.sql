-- Every statement of taxd on river_job, River's own table (River creates and migrates it; see
-- sql/river/river_job.sql, pinned to River's migration version by internal/jobs
-- TestRiverSchemaPinned). Everything else goes through River's client API. Statements that
-- change a job take it over from a worker that stopped (jobs.Reclaim); the rest read states.

-- name: RenewJobHeartbeat :execrows
-- An attempt's heartbeat, renewed while river still runs this attempt: no row means the job was
-- taken over (or finished), and the attempt stops.
UPDATE job_heartbeats h SET beat_at = now()
WHERE h.job_id = sqlc.arg(job_id)::bigint AND h.attempt = sqlc.arg(attempt)::integer
  AND EXISTS (SELECT 1 FROM river_job r WHERE r.id = sqlc.arg(job_id)::bigint AND r.state = 'running' AND r.attempt = sqlc.arg(attempt)::integer);

-- name: DiscardJobsOfLostWorkers :many
-- The running jobs whose worker stopped, found from taxd's heartbeats (a small table; river's
-- rows are reached by their primary key): the current attempt's heartbeat is older than the
-- stale interval, or the job was started again and the new attempt never beat since it began
-- that long ago, or its process is known to be gone; and a running job that never beat at all
-- since it was fetched that long ago (its worker died between river's fetch and the attempt's
-- start: the few running jobs are read by river's state index). Each is discarded with an error
-- saying so.
WITH candidates AS (
    SELECT h.job_id AS id FROM job_heartbeats h JOIN river_job r ON r.id = h.job_id
    WHERE r.state = 'running'
      AND (CASE WHEN h.attempt = r.attempt THEN h.beat_at ELSE coalesce(r.attempted_at, r.created_at) END
              < now() - make_interval(secs => sqlc.arg(stale_seconds)::float8)
           OR h.job_id = ANY(sqlc.arg(gone)::bigint[]))
    UNION
    SELECT r.id FROM river_job r
    WHERE r.state = 'running' AND NOT EXISTS (SELECT 1 FROM job_heartbeats h WHERE h.job_id = r.id)
      AND coalesce(r.attempted_at, r.created_at) < now() - make_interval(secs => sqlc.arg(stale_seconds)::float8)
), lost AS (
    SELECT r.id FROM river_job r JOIN candidates c ON c.id = r.id
    WHERE r.state = 'running' AND (sqlc.arg(kind)::text = '' OR r.kind = sqlc.arg(kind)::text)
    FOR UPDATE OF r SKIP LOCKED
)
UPDATE river_job r SET state = 'discarded', finalized_at = now(),
    errors = array_append(r.errors, jsonb_build_object('at', now(), 'attempt', r.attempt, 'error', sqlc.arg(reason)::text, 'trace', ''))
FROM lost WHERE r.id = lost.id
RETURNING r.id, r.kind, r.args, r.attempt, r.max_attempts;

-- name: RequeueDiscardedJob :exec
-- A new job with the discarded job's args, uniqueness and attempts made, available at once.
INSERT INTO river_job (args, attempt, errors, kind, max_attempts, metadata, priority,
    queue, state, scheduled_at, tags, unique_key, unique_states)
SELECT args, attempt, errors, kind, max_attempts, metadata || jsonb_build_object('taken_over_from', id), priority,
    queue, 'available', now(), tags, unique_key, unique_states
FROM river_job WHERE id = sqlc.arg(id)::bigint;

-- name: PurgeJobHeartbeats :exec
-- Heartbeats of jobs that no longer run.
DELETE FROM job_heartbeats h WHERE h.beat_at < now() - interval '1 minute'
  AND NOT EXISTS (SELECT 1 FROM river_job r WHERE r.id = h.job_id AND r.state = 'running');

-- name: RunningJobOwnersOnBoot :many
-- The owners of the running jobs' current attempts that ran on the machine with this boot id.
SELECT h.job_id, h.owner FROM job_heartbeats h JOIN river_job r ON r.id = h.job_id
WHERE r.state = 'running' AND r.attempt = h.attempt AND h.owner LIKE sqlc.arg(boot_id)::text || '/%';

-- The janitor: a progress row is orphaned when no river job for it waits or runs. Each statement
-- checks and fails in one (no window between); a job is found by containment in its args, which
-- river's GIN index on args serves.

-- name: FailRecalcJobsWithoutRiverJob :many
UPDATE recalc_jobs r SET status = 'failed', error = sqlc.arg(reason)::text, finished_at = now()
WHERE r.status IN ('queued', 'running') AND coalesce(r.started_at, r.created_at) < sqlc.arg(before)::timestamptz
  AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.kind = ANY(sqlc.arg(kinds)::text[])
      AND j.state IN ('available', 'pending', 'running', 'retryable', 'scheduled')
      AND j.args @> jsonb_build_object('client_id', r.client_id))
RETURNING r.id;

-- name: FailSyncItemsWithoutRiverJob :many
UPDATE account_sync_items i SET status = 'failed', progress = 100, message = sqlc.arg(reason)::text
FROM account_syncs s
WHERE s.id = i.sync_id AND i.status IN ('queued', 'syncing') AND s.created_at < sqlc.arg(before)::timestamptz
  AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.kind = ANY(sqlc.arg(kinds)::text[])
      AND j.state IN ('available', 'pending', 'running', 'retryable', 'scheduled')
      AND j.args @> jsonb_build_object('sync_id', i.sync_id, 'account_id', i.account_id))
RETURNING i.sync_id, i.account_id;

-- name: FailReportsWithoutRiverJob :many
UPDATE reports r SET status = 'failed', error = sqlc.arg(reason)::text, completed_at = now()
WHERE r.status IN ('queued', 'generating') AND r.created_at < sqlc.arg(before)::timestamptz
  AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.kind = ANY(sqlc.arg(kinds)::text[])
      AND j.state IN ('available', 'pending', 'running', 'retryable', 'scheduled')
      AND j.args @> jsonb_build_object('report_id', r.id))
RETURNING r.id;

-- name: UnfinishedJobCounts :many
-- One pass over the unfinished jobs (river's state index): the count per queue, kind and state,
-- and the age in seconds of the oldest that waits to run.
SELECT queue, kind, state::text AS state, count(*) AS jobs,
    coalesce(extract(epoch FROM now() - min(scheduled_at) FILTER (WHERE state = 'available')), 0)::float8 AS oldest_available_seconds
FROM river_job WHERE state IN ('available', 'scheduled', 'retryable', 'running') GROUP BY queue, kind, state;
