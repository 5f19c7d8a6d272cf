-- Queries of internal/taxsettings.

-- name: GetClientTaxSettings :one
SELECT cost_basis_algorithm, per_wallet_from, timezone, fiscal_year_start, lock_taxes_until, settings, country
FROM clients WHERE id = $1;

-- name: GetClientTaxSettingsForUpdate :one
SELECT cost_basis_algorithm, per_wallet_from, timezone, fiscal_year_start, lock_taxes_until, settings, country
FROM clients WHERE id = $1 FOR UPDATE;

-- name: SetClientTaxSettings :exec
UPDATE clients SET per_wallet_from = $2, lock_taxes_until = $3, settings = $4, updated_at = now() WHERE id = $1;

-- name: HasPendingChangesBefore :one
-- Whether results before an instant still wait for a recalculation: a dirty mark before it (or of
-- unknown time), or a settings change.
SELECT (EXISTS (SELECT 1 FROM dirty_marks d WHERE d.client_id = $1 AND (d.occurred_at IS NULL OR d.occurred_at < sqlc.arg(before)::timestamptz))
     OR EXISTS (SELECT 1 FROM clients c WHERE c.id = $1 AND c.settings_dirty_seq IS NOT NULL))::boolean;
