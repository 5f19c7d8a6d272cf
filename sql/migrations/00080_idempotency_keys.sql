-- +goose Up
-- Idempotency keys of partner POSTs (Idempotency-Key header): per partner, kept 24 hours. A row
-- without status is a request still running; its answer is stored when it finishes, so that a
-- retry with the same key and the same request replays it instead of running the operation again.
CREATE TABLE idempotency_keys (
    partner_id    uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
    key           text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    request_hash  bytea NOT NULL,       -- SHA-256 of the method, path and body
    status        int,                  -- null while the first request runs
    content_type  text,
    body          bytea,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (partner_id, key)
);
-- expired keys are deleted per partner by age
CREATE INDEX idempotency_keys_partner_created_idx ON idempotency_keys (partner_id, created_at);

-- +goose Down
DROP TABLE idempotency_keys;
