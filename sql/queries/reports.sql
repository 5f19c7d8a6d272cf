-- name: InsertReport :one
INSERT INTO reports (id, client_id, year, report_type, status, email)
VALUES ($1, $2, $3, $4, 'queued', $5)
RETURNING *;

-- name: ListReports :many
-- Available and in-progress reports, newest first (failed ones stay visible with their error).
SELECT * FROM reports WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100;

-- name: GetReport :one
SELECT * FROM reports WHERE client_id = $1 AND id = $2;

-- name: GetReportByID :one
-- For signed downloads: the signature, not a tenant, authorises the read.
SELECT * FROM reports WHERE id = $1;

-- name: StartReport :one
UPDATE reports SET status = 'generating', error = NULL WHERE id = $1 AND status IN ('queued', 'generating', 'failed')
RETURNING *;

-- name: CompleteReport :exec
UPDATE reports SET status = 'available', filename = $2, content_type = $3, blob_key = $4, completed_at = now(), error = NULL
WHERE id = $1;

-- name: FailReport :exec
UPDATE reports SET status = 'failed', error = $2, completed_at = now() WHERE id = $1;

-- name: GetClientResultSet :one
SELECT c.current_result_set_id, rs.created_at AS calculated_at
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id
WHERE c.id = $1;

-- name: ListYearDisposals :many
-- Asset keys of tax results are asset ids; the symbol is joined for display.
SELECT d.*, coalesce(a.symbol, d.asset_key)::text AS symbol
FROM tax_disposals d LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = d.asset_key
WHERE d.result_set_id = $1 AND d.tax_year = $2 ORDER BY d.seq;

-- name: ListYearIncome :many
SELECT i.*, coalesce(a.symbol, i.asset_key)::text AS symbol
FROM tax_income i LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = i.asset_key
WHERE i.result_set_id = $1 AND i.tax_year = $2 ORDER BY i.seq;

-- name: GetYearSummary :one
SELECT * FROM tax_year_summaries WHERE result_set_id = $1 AND tax_year = $2;

-- name: LatestSummaryYear :one
SELECT coalesce(max(tax_year), 0)::integer FROM tax_year_summaries WHERE result_set_id = $1;

-- name: ListTransferHistory :many
SELECT t.occurred_at, t.id AS transaction_id, coalesce(t.txn_hash, '')::text AS hash, coalesce(t.label, '')::text AS label,
       a.symbol, tr.quantity, coalesce(fa.name, tr.from_address, '')::text AS from_name,
       coalesce(ta.name, tr.to_address, '')::text AS to_name, tr.fiat_value
FROM transactions t
JOIN transfers tr ON tr.transaction_id = t.id
JOIN assets a ON a.id = tr.asset_id
LEFT JOIN accounts fa ON fa.id = tr.from_account_id
LEFT JOIN accounts ta ON ta.id = tr.to_account_id
WHERE t.client_id = $1 AND t.deleted_at IS NULL AND t.occurred_at >= $2 AND t.occurred_at < $3
ORDER BY t.occurred_at, t.ordinal, t.id, tr.position;
