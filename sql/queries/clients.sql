-- name: CreateClient :one
INSERT INTO clients (id, partner_id, reference_id, name, email)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GetClientByReference :one
SELECT * FROM clients WHERE partner_id = $1 AND reference_id = $2;

-- name: GetClient :one
SELECT * FROM clients WHERE id = $1;

-- name: GetClientForUpdate :one
SELECT * FROM clients WHERE id = $1 FOR UPDATE;

-- name: UpdateClientSettings :one
-- Sets every settings column from a value the caller merged (unchanged fields carry their old value).
UPDATE clients SET
    name = $2, taxpayer_type = $3, currency = $4, country = $5, timezone = $6, fiscal_year_start = $7,
    has_custom_fiscal_year = $8, needed_tax_years = $9, deadline = $10, is_on_extension = $11,
    lock_taxes_until = $12, accountant_status = $13, accountant_notes = $14, full_service_status = $15,
    full_service_notes = $16, allow_customer_support_access = $17, avatar_image_url = $18,
    can_use_priority = $19, is_enterprise = $20, default_ai_model = $21, default_to_floor = $22,
    use_snapshots = $23, portfolio_provider = $24, payment_app_username = $25, sol_referral_address = $26,
    messenger_group_url = $27, messenger_username = $28, cost_basis_algorithm = $29, updated_at = now()
WHERE id = $1
RETURNING *;

-- name: GetClientSubscription :one
SELECT * FROM subscriptions WHERE client_id = $1;

-- name: ListClientInsights :many
-- Recorded insights with the number of transactions each concerns (bounded by the caller's limit).
SELECT i.*, (SELECT count(*) FROM insight_transactions it WHERE it.insight_id = i.id)::int AS transaction_count
FROM insights i WHERE i.client_id = $1 ORDER BY i.created_at, i.id LIMIT 1000;

-- name: ListClientsByID :many
SELECT * FROM clients WHERE id = ANY(sqlc.arg(ids)::uuid[]) ORDER BY name, id;

-- name: ClientState :one
-- What Client shows beside its settings: dirty, when results were last committed.
SELECT (EXISTS (SELECT 1 FROM dirty_marks d WHERE d.client_id = c.id) OR c.settings_dirty_seq IS NOT NULL)::boolean AS is_dirty,
       rs.created_at AS last_recalculated_at
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id
WHERE c.id = $1;

-- name: SelectActiveClient :exec
-- A no-op (no row version written) when the client is already the active one.
UPDATE users SET active_client_id = $2 WHERE id = $1 AND active_client_id IS DISTINCT FROM $2;

-- name: ClientHasTransactions :one
SELECT EXISTS (SELECT 1 FROM transactions WHERE client_id = $1 AND deleted_at IS NULL);

-- name: GetUserWithBranding :one
-- What getUser answers, a partner's user with the partner's branding, in one round trip.
SELECT c.id, c.reference_id, c.email, c.created_at, c.name AS client_name,
       p.name, p.logo_url, p.primary_color, p.support_email, p.portal_url
FROM clients c JOIN partners p ON p.id = c.partner_id
WHERE c.partner_id = $1 AND c.reference_id = $2;

-- name: CurrentResultSetFoundAt :one
-- The client's current result set and when it was computed (both nil before the first run).
SELECT c.current_result_set_id, rs.created_at AS computed_at FROM clients c
LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id WHERE c.id = $1;

-- name: EnsureUserBySubject :one
-- Registers the user of an identity-provider subject unless it exists (staff is only ever added).
INSERT INTO users (id, idp_subject, email, name, is_staff) VALUES ($1, $2, nullif(sqlc.arg(email)::text, ''), $3, $4)
ON CONFLICT (idp_subject) DO UPDATE SET is_staff = users.is_staff OR EXCLUDED.is_staff RETURNING id;

-- name: AddClientMember :exec
INSERT INTO client_members (client_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING;

-- name: PossibleSpamAssets :many
-- The client's assets, not marked spam or hidden, whose name or symbol advertises a site or a claim
-- (the usual airdropped spam) and that some live transaction moves; the first 50 by id.
SELECT a.id, a.symbol, a.type FROM assets a
WHERE a.client_id = $1 AND NOT a.is_spam AND NOT a.is_hidden
  AND (a.name || ' ' || a.symbol) ~* '(https?://|www\.|\.(com|io|xyz|net|org|app|site|online)\M|claim|visit|reward|voucher|airdrop)'
  AND EXISTS (SELECT 1 FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
              WHERE tr.client_id = $1 AND tr.asset_id = a.id AND t.deleted_at IS NULL)
ORDER BY a.id LIMIT 50;

-- name: SetInsightPlanMode :exec
-- The plan mode of the insight counts that follow in the transaction: 'force_generic_plan' for a
-- statement planned once per connection (its custom plan costs more to make than to run), 'auto'
-- otherwise.
SELECT set_config('plan_cache_mode', sqlc.arg(mode)::text, true);
