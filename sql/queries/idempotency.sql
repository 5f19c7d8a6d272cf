-- name: ClaimIdempotencyKey :one
-- Takes the key for a request: a new key, or one whose last use is older than the retention (or
-- whose request was abandoned while running), is (re)written and returned; a live key returns no
-- row and the caller reads it.
INSERT INTO idempotency_keys (partner_id, key, request_hash, created_at)
VALUES (@partner_id, @key, @request_hash, @now)
ON CONFLICT (partner_id, key) DO UPDATE
SET request_hash = EXCLUDED.request_hash, status = NULL, content_type = NULL, body = NULL,
    created_at = EXCLUDED.created_at, completed_at = NULL
WHERE idempotency_keys.created_at < @expired_before::timestamptz
   OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < @abandoned_before::timestamptz)
RETURNING created_at;

-- name: GetIdempotencyKey :one
SELECT request_hash, status, content_type, body, created_at FROM idempotency_keys
WHERE partner_id = $1 AND key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys SET status = @status, content_type = @content_type, body = @body, completed_at = @now
WHERE partner_id = @partner_id AND key = @key AND created_at = @created_at AND status IS NULL;

-- name: ReleaseIdempotencyKey :exec
-- The request failed before an answer worth keeping (5xx, 429): a retry with the key runs again.
DELETE FROM idempotency_keys WHERE partner_id = $1 AND key = $2 AND created_at = $3 AND status IS NULL;

-- name: DeleteExpiredIdempotencyKeys :exec
DELETE FROM idempotency_keys WHERE partner_id = $1 AND created_at < $2;
