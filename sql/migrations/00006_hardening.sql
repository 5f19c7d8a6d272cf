-- +goose Up
-- Failed partner logins per credential and per client IP: after repeated failures the key is locked
-- with a growing backoff (429 + Retry-After). Kept in Postgres so every API node sees the same state.
CREATE TABLE login_failures (
    key           text PRIMARY KEY,      -- 'cred:<sha-256 of the presented id>' or 'ip:<address>'
    failures      integer NOT NULL,
    window_start  timestamptz NOT NULL,
    locked_until  timestamptz
);

-- +goose Down
DROP TABLE login_failures;
