-- name: InsertWebhookEndpoint :one
INSERT INTO webhook_endpoints (id, partner_id, url, description, event_types, secret)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: ListWebhookEndpoints :many
SELECT * FROM webhook_endpoints WHERE partner_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100;

-- name: CountWebhookEndpoints :one
SELECT count(*) FROM webhook_endpoints WHERE partner_id = $1;

-- name: GetWebhookEndpoint :one
SELECT * FROM webhook_endpoints WHERE partner_id = $1 AND id = $2;

-- name: DeleteWebhookEndpoint :one
DELETE FROM webhook_endpoints WHERE partner_id = $1 AND id = $2 RETURNING *;

-- name: InsertWebhookEvent :execrows
-- A second emit of the same event (same derived id) inserts nothing.
INSERT INTO webhook_events (id, partner_id, type, payload, created_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO NOTHING;

-- name: InsertWebhookDeliveries :many
-- One delivery per endpoint of the partner subscribed to the event's type. The endpoints are
-- locked (FOR KEY SHARE) as they are read: an endpoint being deleted meanwhile is waited for and,
-- once its delete commits, left out, instead of failing the emitting transaction (a
-- recalculation's) on the foreign key.
INSERT INTO webhook_deliveries (id, event_id, endpoint_id)
SELECT gen_random_uuid(), e.id, ep.id
FROM webhook_events e JOIN webhook_endpoints ep ON ep.partner_id = e.partner_id AND e.type = ANY (ep.event_types)
WHERE e.id = $1
FOR KEY SHARE OF ep
ON CONFLICT (event_id, endpoint_id) DO NOTHING
RETURNING id;

-- name: GetWebhookDelivery :one
-- What the delivery worker needs: the delivery, its event and its endpoint.
SELECT d.id, d.status, d.attempts, e.id AS event_id, e.type AS event_type, e.payload, ep.url, ep.secret
FROM webhook_deliveries d
JOIN webhook_events e ON e.id = d.event_id
JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
WHERE d.id = $1;

-- name: RecordWebhookAttempt :exec
UPDATE webhook_deliveries
SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4, last_attempt_at = now()
WHERE id = $1;

-- name: ListWebhookDeliveries :many
SELECT d.*, e.type AS event_type
FROM webhook_deliveries d
JOIN webhook_events e ON e.id = d.event_id
JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
WHERE ep.partner_id = $1 AND d.endpoint_id = $2
ORDER BY d.created_at DESC, d.id DESC LIMIT 100;

-- name: GetWebhookClientOwner :one
-- The partner an event of this client goes to, and the partner's name for the user.
SELECT partner_id, reference_id FROM clients WHERE id = $1;

-- name: LockPartnerWebhookEndpoints :exec
-- Serialises a partner's creations of endpoints, so that the limit holds under concurrent requests.
SELECT pg_advisory_xact_lock(hashtextextended(sqlc.arg(partner_id)::uuid::text, 17));
