-- River's job table as River's migrator leaves it at river migration version 8 (River v0.51).
-- River creates and migrates it (store.MigrateUp runs rivermigrate after goose); this file only
-- tells sqlc its columns, so that sql/queries/river.sql, the one file of taxd's statements on
-- river_job, is checked against them. goose never runs it (it is outside sql/migrations).
-- internal/jobs TestRiverSchemaPinned fails when River's latest migration version is no longer 8
-- or the migrated table's columns differ from these: then re-check river.sql and update both.

CREATE TYPE river_job_state AS ENUM (
    'available',
    'cancelled',
    'completed',
    'discarded',
    'pending',
    'retryable',
    'running',
    'scheduled'
);

CREATE TABLE river_job (
    id bigint NOT NULL,
    state river_job_state DEFAULT 'available'::river_job_state NOT NULL,
    attempt smallint DEFAULT 0 NOT NULL,
    max_attempts smallint DEFAULT 25 NOT NULL,
    attempted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finalized_at timestamp with time zone,
    scheduled_at timestamp with time zone DEFAULT now() NOT NULL,
    priority smallint DEFAULT 1 NOT NULL,
    args jsonb NOT NULL,
    attempted_by text[],
    errors jsonb[],
    kind text NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    queue text DEFAULT 'default'::text NOT NULL,
    tags character varying(255)[] DEFAULT '{}'::character varying[] NOT NULL,
    unique_key bytea,
    unique_states bit(8)
);
