-- name: CreateClientAPIKey :one
INSERT INTO client_api_keys (id, client_id, name, permission_level, prefix, secret_hash, created_by, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetClientAPIKeyByPrefix :one
SELECT * FROM client_api_keys WHERE prefix = $1;

-- name: TouchClientAPIKey :exec
UPDATE client_api_keys SET last_used_at = now()
WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');

-- name: ListClientAPIKeys :many
SELECT * FROM client_api_keys WHERE client_id = $1 ORDER BY created_at DESC, id;

-- name: RevokeClientAPIKey :one
UPDATE client_api_keys SET revoked_at = coalesce(revoked_at, now())
WHERE client_id = $1 AND id = $2
RETURNING *;

-- name: GetUserBySubject :one
SELECT * FROM users WHERE idp_subject = $1;

-- name: IsClientMember :one
SELECT EXISTS (SELECT 1 FROM client_members WHERE client_id = $1 AND user_id = $2);

-- name: ListUserClients :many
SELECT c.* FROM clients c JOIN client_members m ON m.client_id = c.id
WHERE m.user_id = $1 ORDER BY c.created_at, c.id;
