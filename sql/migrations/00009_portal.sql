-- +goose Up
-- Origins (scheme://host[:port]) allowed to show the embedded portal in an iframe; the portal's
-- Content-Security-Policy frame-ancestors is built from them (none: the portal cannot be framed).
ALTER TABLE partners ADD COLUMN portal_origins text[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE partners DROP COLUMN portal_origins;
