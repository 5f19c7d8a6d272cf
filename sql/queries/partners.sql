-- name: CreatePartner :one
INSERT INTO partners (id, name, logo_url, primary_color, support_email, portal_url)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetPartner :one
SELECT * FROM partners WHERE id = $1;

-- name: CountPartners :one
SELECT count(*) FROM partners;

-- name: CreatePartnerCredential :exec
INSERT INTO partner_credentials (id, partner_id, kind, public_id, secret_hash)
VALUES ($1, $2, $3, $4, $5);

-- name: GetPartnerCredential :one
-- Looks a credential up by its public part; the caller compares the hash in constant time.
SELECT * FROM partner_credentials
WHERE kind = $1 AND public_id = $2 AND revoked_at IS NULL;

-- name: SetPartnerPortalOrigins :exec
UPDATE partners SET portal_origins = $2 WHERE id = $1;

-- name: GetPartnerCredentialLocked :one
-- GetPartnerCredential and LoginLockState of the credential's one throttle key in one round trip,
-- the work of every authenticated partner request: always one row, found false when no credential
-- is in force. No column is NULL, so that the row scans into plain values.
SELECT (cred.partner_id IS NOT NULL)::boolean AS found,
       coalesce(cred.partner_id, '00000000-0000-0000-0000-000000000000'::uuid) AS partner_id,
       coalesce(cred.secret_hash, ''::bytea) AS secret_hash,
       lock.locked_until, lock.has_failures
FROM (
    SELECT coalesce(max(locked_until) FILTER (WHERE locked_until > sqlc.arg(now)::timestamptz), 'epoch')::timestamptz AS locked_until,
           count(*) > 0 AS has_failures
    FROM login_failures WHERE key = sqlc.arg(key)
) lock
LEFT JOIN partner_credentials cred
    ON cred.kind = sqlc.arg(kind) AND cred.public_id = sqlc.arg(public_id) AND cred.revoked_at IS NULL;

-- name: ListenPartnerCredentialsChanged :exec
-- Subscribes the session to the notification of any change of a partner credential (migration
-- 00250's trigger): every credential a verified-credential cache holds is to be read again.
LISTEN partner_credentials_changed;
