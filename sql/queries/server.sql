-- name: DatabaseExists :one
-- Whether the cluster has a database of the name (the local development database).
SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_database WHERE datname = sqlc.arg(name)::text);
