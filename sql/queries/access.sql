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

-- name: LoginLockState :one
-- The latest lock among keys that is still in force (the epoch when none is) and whether any key
-- has failures on record.
SELECT coalesce(max(locked_until) FILTER (WHERE locked_until > sqlc.arg(now)::timestamptz), 'epoch')::timestamptz AS locked_until,
       count(*) > 0 AS has_failures
FROM login_failures WHERE key = ANY(sqlc.arg(keys)::text[]);

-- name: RecordLoginFailure :one
-- Counts a failure in the key's window (a new window after window_seconds) and returns the count.
INSERT INTO login_failures (key, failures, window_start)
VALUES (sqlc.arg(key), 1, sqlc.arg(now)::timestamptz)
ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN login_failures.window_start < sqlc.arg(now)::timestamptz - make_interval(secs => sqlc.arg(window_seconds)::int)
                    THEN 1 ELSE login_failures.failures + 1 END,
    window_start = CASE WHEN login_failures.window_start < sqlc.arg(now)::timestamptz - make_interval(secs => sqlc.arg(window_seconds)::int)
                    THEN sqlc.arg(now)::timestamptz ELSE login_failures.window_start END
RETURNING failures;

-- name: LockLogin :exec
UPDATE login_failures SET locked_until = sqlc.arg(locked_until)::timestamptz WHERE key = sqlc.arg(key);

-- name: ClearLoginFailures :exec
DELETE FROM login_failures WHERE key = $1;

-- name: ListMemberClientIDs :many
-- The clients a user belongs to, in the order they joined (bounded: a user has a handful).
SELECT client_id FROM client_members WHERE user_id = $1 ORDER BY created_at, client_id LIMIT 1000;

-- name: GetUserActiveClient :one
-- The user's selected client while the user is still a member of it.
SELECT u.active_client_id FROM users u
WHERE u.id = $1 AND EXISTS (SELECT 1 FROM client_members m WHERE m.user_id = u.id AND m.client_id = u.active_client_id);

-- name: GetClientPartner :one
-- The partner of an embedded user's client (portal access tokens on /graphql).
SELECT partner_id FROM clients WHERE id = $1;

-- name: PurgeLoginFailures :execrows
-- Deletes the counts whose window started before sqlc.arg(window_before) and whose lock (if any)
-- has ended: such a row no longer changes any answer (the next failure starts a new window).
DELETE FROM login_failures
WHERE window_start < sqlc.arg(window_before)::timestamptz
  AND coalesce(locked_until, 'epoch') <= sqlc.arg(now)::timestamptz;

-- name: ListenLoginFailureRecorded :exec
-- Subscribes the session to the notification of a login failure recorded for a credential at an
-- address, with the failure's key as payload (migration 00250's trigger).
LISTEN login_failure_recorded;
