-- Queries of internal/taxforms. Every one is scoped by client_id.

-- name: GetTaxForm :one
-- A form with its derived state: GENERATED when its latest run's report is ready.
SELECT f.*, coalesce((SELECT r.status = 'available' FROM tax_form_generations g LEFT JOIN reports r ON r.id = g.report_id
                      WHERE g.tax_form_id = f.id ORDER BY g.created_at DESC, g.id DESC LIMIT 1), false)::boolean AS generated
FROM tax_forms f WHERE f.client_id = $1 AND f.id = $2;

-- name: ListTaxForms :many
SELECT f.*, coalesce((SELECT r.status = 'available' FROM tax_form_generations g LEFT JOIN reports r ON r.id = g.report_id
                      WHERE g.tax_form_id = f.id ORDER BY g.created_at DESC, g.id DESC LIMIT 1), false)::boolean AS generated
FROM tax_forms f
WHERE f.client_id = $1 AND f.tax_year = $2 AND (sqlc.narg(form_type)::text IS NULL OR f.form_type = sqlc.narg(form_type))
ORDER BY f.uploaded_at DESC, f.id DESC
LIMIT 500;

-- name: InsertTaxFormIfAbsent :exec
-- An id that is another client's stays theirs: nothing is inserted and the caller finds no form.
INSERT INTO tax_forms (id, client_id, form_type, tax_year, broker_name, account_id, status)
SELECT sqlc.arg(id)::uuid, sqlc.arg(client_id)::uuid, 'FORM_1099_DA', sqlc.arg(tax_year)::int, sqlc.arg(broker_name)::text,
       sqlc.narg(account_id)::uuid, 'PROCESSING'
WHERE NOT EXISTS (SELECT 1 FROM tax_forms f WHERE f.id = sqlc.arg(id)::uuid AND f.client_id <> sqlc.arg(client_id)::uuid)
ON CONFLICT (id, client_id) DO NOTHING;

-- name: ListTaxFormRows :many
SELECT * FROM tax_form_rows WHERE client_id = $1 AND tax_form_id = $2 ORDER BY position;

-- name: DeleteTaxFormRows :exec
DELETE FROM tax_form_rows WHERE client_id = $1 AND tax_form_id = $2;

-- name: InsertTaxFormRows :copyfrom
INSERT INTO tax_form_rows (tax_form_id, position, id, client_id, asset_symbol, asset_id, quantity, date_acquired, date_sold,
    proceeds, cost_basis, transaction_id, transfer_id, include, box, adjustment_code, adjustment)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17);

-- name: SetTaxFormReconciled :exec
UPDATE tax_forms SET status = $3, status_message = $4, row_count = $5, account_id = coalesce(account_id, sqlc.narg(account_id)),
    reconciled_key = sqlc.arg(reconciled_key), matched_count = sqlc.arg(matched_count), mismatched_count = sqlc.arg(mismatched_count),
    missing_in_ledger_count = sqlc.arg(missing_in_ledger_count), missing_on_form_count = sqlc.arg(missing_on_form_count),
    broker_proceeds = sqlc.arg(broker_proceeds), broker_basis = sqlc.narg(broker_basis), paired_proceeds = sqlc.arg(paired_proceeds),
    paired_basis = sqlc.arg(paired_basis), computed_proceeds = sqlc.arg(computed_proceeds), computed_basis = sqlc.arg(computed_basis)
WHERE client_id = $1 AND id = $2;

-- name: SetTaxFormReview :exec
-- A form reconciled again because the results it was reconciled with changed.
UPDATE tax_forms SET status = $3, status_message = $4, reconciled_key = sqlc.arg(reconciled_key), matched_count = sqlc.arg(matched_count),
    mismatched_count = sqlc.arg(mismatched_count), missing_in_ledger_count = sqlc.arg(missing_in_ledger_count),
    missing_on_form_count = sqlc.arg(missing_on_form_count), broker_proceeds = sqlc.arg(broker_proceeds),
    broker_basis = sqlc.narg(broker_basis), paired_proceeds = sqlc.arg(paired_proceeds), paired_basis = sqlc.arg(paired_basis),
    computed_proceeds = sqlc.arg(computed_proceeds), computed_basis = sqlc.arg(computed_basis)
WHERE client_id = $1 AND id = $2;

-- name: DeleteTaxFormAssetProceeds :exec
DELETE FROM tax_form_asset_proceeds WHERE client_id = $1 AND tax_form_id = $2;

-- name: InsertTaxFormAssetProceeds :copyfrom
INSERT INTO tax_form_asset_proceeds (tax_form_id, client_id, position, asset_id, symbol, broker_proceeds, computed_proceeds,
    broker_rows, computed_units)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: ListTaxFormAssetProceeds :many
-- The proceeds per asset kept with the form's last reconciliation, in the comparison's order.
SELECT * FROM tax_form_asset_proceeds WHERE client_id = $1 AND tax_form_id = $2 ORDER BY position;

-- name: DeleteTaxFormReconciliationRows :exec
DELETE FROM tax_form_reconciliation_rows WHERE client_id = $1 AND tax_form_id = $2;

-- name: InsertTaxFormReconciliationRows :copyfrom
INSERT INTO tax_form_reconciliation_rows (tax_form_id, client_id, position, preview_position, id, status,
    broker_position, broker_asset_symbol, broker_asset_id, broker_quantity, broker_date_acquired, broker_date_sold, broker_proceeds,
    broker_cost_basis, broker_transaction_id, broker_transfer_id, broker_include, broker_box, broker_adjustment_code, broker_adjustment,
    transfer_id, transaction_id, asset_id, symbol, long_term, disposed_at, acquired_at, quantity, proceeds, basis, seq)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27,
    $28, $29, $30, $31);

-- name: ListTaxFormReconciliationRows :many
-- A page of the rows kept with the form's last reconciliation, in its order: a range of the key.
SELECT * FROM tax_form_reconciliation_rows
WHERE client_id = $1 AND tax_form_id = $2 AND position >= sqlc.arg(from_position)::int
ORDER BY position
LIMIT sqlc.arg(max_rows);

-- name: ListTaxFormPreviewRows :many
-- A page of the kept rows in the reconciled Form 8949's order (those it leaves out have no place).
SELECT * FROM tax_form_reconciliation_rows
WHERE client_id = $1 AND tax_form_id = $2 AND preview_position IS NOT NULL AND preview_position >= sqlc.arg(from_position)::int
ORDER BY preview_position
LIMIT sqlc.arg(max_rows);

-- name: LockTaxForm :one
-- Serialises writers of one form (two generate calls replace its rows one after the other).
SELECT id FROM tax_forms WHERE client_id = $1 AND id = $2 FOR UPDATE;

-- name: ListYearDisposalUnits :many
-- The settled taxable disposals of a tax year, one row per transfer and holding period (the pieces
-- of one transfer summed), in the order the engine wrote them. Transfer ids are text in results.
SELECT d.transfer_id, tr.transaction_id, tr.asset_id, a.symbol, d.term, d.disposed_at, tr.from_account_id,
       sum(d.quantity)::numeric AS quantity, sum(d.proceeds)::numeric AS proceeds, sum(d.basis)::numeric AS basis,
       coalesce(min(d.acquired_at), d.disposed_at)::timestamptz AS acquired_at,
       (count(DISTINCT d.acquired_at) = 1 AND bool_and(d.acquired_at IS NOT NULL))::boolean AS single_acquired,
       min(d.seq)::integer AS seq
FROM clients c
JOIN tax_disposals d ON d.result_set_id = c.current_result_set_id
JOIN transfers tr ON tr.id = d.transfer_id AND tr.client_id = c.id
JOIN assets a ON a.id = tr.asset_id
WHERE c.id = $1 AND d.tax_year = $2
  AND (sqlc.narg(account_id)::uuid IS NULL OR tr.from_account_id = sqlc.narg(account_id))
GROUP BY d.transfer_id, d.term, tr.transaction_id, tr.asset_id, a.symbol, d.disposed_at, tr.from_account_id
ORDER BY min(d.seq)
LIMIT sqlc.arg(max_units);

-- name: ListTransactionDisposalUnits :many
-- The settled taxable disposals of some transactions (any tax year), as ListYearDisposalUnits.
SELECT d.transfer_id, tr.transaction_id, tr.asset_id, a.symbol, d.term, d.disposed_at, d.tax_year, tr.from_account_id,
       sum(d.quantity)::numeric AS quantity, sum(d.proceeds)::numeric AS proceeds, sum(d.basis)::numeric AS basis,
       coalesce(min(d.acquired_at), d.disposed_at)::timestamptz AS acquired_at,
       (count(DISTINCT d.acquired_at) = 1 AND bool_and(d.acquired_at IS NOT NULL))::boolean AS single_acquired,
       min(d.seq)::integer AS seq
FROM clients c
JOIN (SELECT DISTINCT unnest(sqlc.arg(transaction_ids)::uuid[]) AS id) t ON true
-- lookups by key through the transaction's seq range (see ListTransferDisposals)
CROSS JOIN LATERAL (SELECT r.first_disposal_seq, r.last_disposal_seq FROM tax_transaction_results r
    WHERE r.result_set_id = c.current_result_set_id AND r.transaction_id = t.id OFFSET 0) r
CROSS JOIN LATERAL (SELECT x.* FROM tax_disposals x
    WHERE x.result_set_id = c.current_result_set_id AND x.seq BETWEEN r.first_disposal_seq AND r.last_disposal_seq OFFSET 0) d
JOIN transfers tr ON tr.id = d.transfer_id AND tr.client_id = c.id AND tr.transaction_id = t.id
JOIN assets a ON a.id = tr.asset_id
WHERE c.id = $1
GROUP BY d.transfer_id, d.term, tr.transaction_id, tr.asset_id, a.symbol, d.disposed_at, d.tax_year, tr.from_account_id
ORDER BY min(d.seq);

-- name: ListClientAssetsBySymbol :many
SELECT * FROM assets WHERE client_id = $1 AND upper(symbol) = ANY(sqlc.arg(symbols)::text[]);

-- name: GetTaxFormClientSettings :one
-- results_key names the settled results a reconciliation reads: the current result set, its write
-- time (an incremental run rewrites the set in place) and the client's edit counter (asset symbols).
SELECT c.timezone, c.fiscal_year_start, c.country,
       (c.settings_dirty_seq IS NOT NULL OR EXISTS (SELECT 1 FROM dirty_marks m WHERE m.client_id = c.id))::boolean AS is_stale,
       concat_ws('|', c.current_result_set_id, extract(epoch FROM rs.created_at), coalesce(v.version, 0))::text AS results_key
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id
LEFT JOIN portfolio_versions v ON v.client_id = c.id
WHERE c.id = $1;

-- name: GetAccountName :one
SELECT name FROM accounts WHERE client_id = $1 AND id = $2;

-- name: InsertTaxFormGeneration :one
INSERT INTO tax_form_generations (id, client_id, tax_form_id, transaction_count, use_broker_data_for_box_g, report_id, created_by, request_hash, results_key)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING *;

-- name: GetLatestTaxFormGeneration :one
-- The form's latest run with its report's state (NULL: the report is gone).
SELECT sqlc.embed(g), r.status AS report_status, r.error AS report_error, r.completed_at AS report_completed_at
FROM tax_form_generations g LEFT JOIN reports r ON r.id = g.report_id
WHERE g.client_id = $1 AND g.tax_form_id = $2
ORDER BY g.created_at DESC, g.id DESC
LIMIT 1;

-- name: ListTaxFormGenerations :many
-- Runs of a form, newest first, with their report (the run's state).
SELECT sqlc.embed(g), r.status AS report_status, r.error AS report_error, r.completed_at AS report_completed_at
FROM tax_form_generations g LEFT JOIN reports r ON r.id = g.report_id
WHERE g.client_id = $1 AND g.tax_form_id = $2
ORDER BY g.created_at DESC, g.id DESC
LIMIT sqlc.arg(max_runs);

-- name: GetGenerationByReport :one
SELECT * FROM tax_form_generations WHERE client_id = $1 AND report_id = $2;

-- name: ListReportsByIDs :many
SELECT * FROM reports WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]);
