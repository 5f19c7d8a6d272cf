-- name: InsertOutboxEmail :one
INSERT INTO email_outbox (id, partner_id, recipient, subject, body_text, kind)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: CountRecipientEmailsSince :one
SELECT count(*) FROM email_outbox
WHERE partner_id IS NOT DISTINCT FROM sqlc.narg(partner_id)::uuid
  AND lower(recipient) = lower(sqlc.arg(recipient)::text) AND created_at >= sqlc.arg(since)::timestamptz;

-- name: GetOutboxEmailForUpdate :one
SELECT * FROM email_outbox WHERE id = $1 FOR UPDATE;

-- name: MarkOutboxEmailSent :exec
UPDATE email_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1;

-- name: MarkOutboxEmailFailed :exec
UPDATE email_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1;

-- name: LockSenderRecipient :exec
-- Serialises the messages of one sender to one recipient, so that the daily limit holds.
SELECT pg_advisory_xact_lock(hashtext('mail:' || sqlc.arg(sender)::text || ':' || sqlc.arg(recipient)::text));
