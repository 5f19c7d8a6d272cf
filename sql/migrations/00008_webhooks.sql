-- +goose Up
-- Partner webhooks: endpoints a partner registered, the events taxd emitted for the partner, and
-- one delivery (with its attempts so far) per event and endpoint.
CREATE TABLE webhook_endpoints (
    id          uuid PRIMARY KEY,
    partner_id  uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
    url         text NOT NULL CHECK (url <> '' AND length(url) <= 2048),
    description text,
    event_types text[] NOT NULL CHECK (cardinality(event_types) > 0),
    -- the signing key (raw bytes); shown once, as whsec_<base64>, when the endpoint is created
    secret      bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_partner_idx ON webhook_endpoints (partner_id, created_at DESC);

-- An event's id is derived from what it is about (its dedup key), so a job that finishes twice
-- (a retried sync, a replayed recalculation) emits the same event once.
CREATE TABLE webhook_events (
    id         uuid PRIMARY KEY,
    partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
    type       text NOT NULL,
    payload    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_partner_idx ON webhook_events (partner_id, created_at DESC);

CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY,
    event_id         uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    last_status_code integer,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    last_attempt_at  timestamptz,
    UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- +goose Down
DROP TABLE webhook_deliveries;
DROP TABLE webhook_events;
DROP TABLE webhook_endpoints;
