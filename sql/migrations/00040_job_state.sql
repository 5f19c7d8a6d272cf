-- +goose Up
-- Job state mirrored from river on the progress rows (recalculations, account syncs and file
-- imports, reports): the attempt river is on, how many it makes, and when the next one starts
-- while a failed attempt waits for its retry (the row's error or message then holds the reason).
-- The worker's job middleware writes them (internal/jobs/track.go).
ALTER TABLE recalc_jobs
    ADD COLUMN attempt         integer NOT NULL DEFAULT 0,
    ADD COLUMN max_attempts    integer NOT NULL DEFAULT 0,
    ADD COLUMN next_attempt_at timestamptz,
    -- rerunGraph's flags as requested (a request that joins a queued job can only ask for more:
    -- a full run, a replay, plugins), and the client's dirty items when the run started.
    ADD COLUMN use_speedup          boolean NOT NULL DEFAULT true,
    ADD COLUMN do_not_replay        boolean NOT NULL DEFAULT false,
    ADD COLUMN skip_plugins         boolean NOT NULL DEFAULT false,
    ADD COLUMN dirty_count_at_start integer NOT NULL DEFAULT 0;

ALTER TABLE account_sync_items
    ADD COLUMN attempt         integer NOT NULL DEFAULT 0,
    ADD COLUMN max_attempts    integer NOT NULL DEFAULT 0,
    ADD COLUMN next_attempt_at timestamptz;

ALTER TABLE reports
    ADD COLUMN attempt         integer NOT NULL DEFAULT 0,
    ADD COLUMN max_attempts    integer NOT NULL DEFAULT 0,
    ADD COLUMN next_attempt_at timestamptz;

-- Heartbeats of running river jobs: the worker running an attempt renews its row every few
-- seconds. A running job whose heartbeat is stale lost its process (kill -9, a lost machine) and
-- is made available again within seconds (jobs.Reclaim) instead of waiting for river's rescuer.
-- owner names the process (jobs/owner.go), so that a worker restarted on the same machine takes
-- over the jobs of its dead predecessor at once.
CREATE TABLE job_heartbeats (
    job_id   bigint PRIMARY KEY,
    attempt  integer NOT NULL,
    owner    text NOT NULL DEFAULT '',
    beat_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE job_heartbeats;
ALTER TABLE reports DROP COLUMN attempt, DROP COLUMN max_attempts, DROP COLUMN next_attempt_at;
ALTER TABLE account_sync_items DROP COLUMN attempt, DROP COLUMN max_attempts, DROP COLUMN next_attempt_at;
ALTER TABLE recalc_jobs DROP COLUMN attempt, DROP COLUMN max_attempts, DROP COLUMN next_attempt_at,
    DROP COLUMN use_speedup, DROP COLUMN do_not_replay, DROP COLUMN skip_plugins, DROP COLUMN dirty_count_at_start;
