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
UPDATE reports SET status = 'available', filename = $2, content_type = $3, blob_key = $4, size_bytes = $5, completed_at = now(), error = NULL
WHERE id = $1;

-- name: SetReportSize :exec
-- The size of a file stored before sizes were recorded, read once from the bucket.
UPDATE reports SET size_bytes = $3 WHERE client_id = $1 AND id = $2 AND size_bytes IS NULL;

-- name: FailReport :exec
UPDATE reports SET status = 'failed', error = $2, completed_at = now() WHERE id = $1;

-- name: GetClientResultSet :one
SELECT c.current_result_set_id, rs.created_at AS calculated_at, coalesce(rs.jurisdiction, 'US')::text AS jurisdiction
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

-- name: InsertReportExport :one
-- A report request of getReportExportV2 with its parameters.
INSERT INTO reports (id, client_id, year, report_type, status, email, date_query_type, start_at, end_at, account_ids,
                     exclude_1099da, language, form_box, include_defi_positions)
VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9, $10, $11, $12, $13)
RETURNING *;

-- name: FindReusableReport :one
-- The newest queued, generating or available report with exactly these parameters (NULL-safe).
SELECT * FROM reports
WHERE client_id = $1 AND report_type = $2 AND status IN ('queued', 'generating', 'available')
  AND date_query_type = $3 AND year = $4
  AND start_at IS NOT DISTINCT FROM sqlc.narg(start_at)::timestamptz AND end_at IS NOT DISTINCT FROM sqlc.narg(end_at)::timestamptz
  AND coalesce(account_ids, '{}') = coalesce(sqlc.narg(account_ids)::uuid[], '{}')
  AND exclude_1099da = $5 AND language = $6 AND form_box IS NOT DISTINCT FROM sqlc.narg(form_box)::text
  AND include_defi_positions = $7
ORDER BY created_at DESC, id DESC LIMIT 1;

-- name: SetReportResultSet :exec
UPDATE reports SET result_set_id = $2 WHERE id = $1;

-- name: ListReportDisposals :many
-- The disposal pieces of a report: a tax year or an instant range, optionally only transfers out of
-- some accounts. The columns are ListYearDisposals' (the renderers take either).
SELECT d.*, coalesce(a.symbol, d.asset_key)::text AS symbol
FROM tax_disposals d LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = d.asset_key
WHERE d.result_set_id = $1
  AND (sqlc.narg(tax_year)::int IS NULL OR d.tax_year = sqlc.narg(tax_year)::int)
  AND (sqlc.narg(from_at)::timestamptz IS NULL OR d.disposed_at >= sqlc.narg(from_at)::timestamptz)
  AND (sqlc.narg(to_at)::timestamptz IS NULL OR d.disposed_at < sqlc.narg(to_at)::timestamptz)
  AND (sqlc.narg(account_ids)::uuid[] IS NULL OR EXISTS (SELECT 1 FROM transfers tr WHERE tr.client_id = sqlc.arg(client_id)
       AND tr.id = d.transfer_id AND tr.from_account_id = ANY(sqlc.narg(account_ids)::uuid[])))
ORDER BY d.seq;

-- name: ListReportIncome :many
SELECT i.*, coalesce(a.symbol, i.asset_key)::text AS symbol
FROM tax_income i LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = i.asset_key
WHERE i.result_set_id = $1
  AND (sqlc.narg(tax_year)::int IS NULL OR i.tax_year = sqlc.narg(tax_year)::int)
  AND (sqlc.narg(from_at)::timestamptz IS NULL OR i.received_at >= sqlc.narg(from_at)::timestamptz)
  AND (sqlc.narg(to_at)::timestamptz IS NULL OR i.received_at < sqlc.narg(to_at)::timestamptz)
  AND (sqlc.narg(account_ids)::uuid[] IS NULL OR EXISTS (SELECT 1 FROM transfers tr WHERE tr.client_id = sqlc.arg(client_id)
       AND tr.id = i.transfer_id AND tr.to_account_id = ANY(sqlc.narg(account_ids)::uuid[])))
ORDER BY i.seq;

-- name: ListReportTransferHistory :many
-- ListTransferHistory over an instant range, optionally only transfers touching some accounts. The
-- label of a transfer row is the one the tax calculation reads: its own, else its transaction's.
SELECT t.occurred_at, t.id AS transaction_id, coalesce(t.txn_hash, '')::text AS hash, coalesce(tr.label, t.label, '')::text AS label,
       a.symbol, tr.quantity, coalesce(fa.name, tr.from_address, '')::text AS from_name,
       coalesce(ta.name, tr.to_address, '')::text AS to_name, tr.fiat_value
FROM transactions t
JOIN transfers tr ON tr.transaction_id = t.id
JOIN assets a ON a.id = tr.asset_id
LEFT JOIN accounts fa ON fa.id = tr.from_account_id
LEFT JOIN accounts ta ON ta.id = tr.to_account_id
WHERE t.client_id = $1 AND t.deleted_at IS NULL AND t.occurred_at >= $2 AND t.occurred_at < $3
  AND (sqlc.narg(account_ids)::uuid[] IS NULL OR tr.from_account_id = ANY(sqlc.narg(account_ids)::uuid[])
       OR tr.to_account_id = ANY(sqlc.narg(account_ids)::uuid[]))
ORDER BY t.occurred_at, t.ordinal, t.id, tr.position;

-- name: ListReportHoldings :many
-- Lots held at an instant: the open lots acquired before it and the pieces disposed of since from
-- lots acquired before it (see internal/taxfigures Harvest); account_key is '' for pieces. The
-- account is named as the client named it (account_name; the key where no account matches: a
-- position's staking id, '' for a pooled lot). Without include_positions the lots held in positions
-- (account_key 'staking:<identifier>', the engine's position accounts) are left out.
SELECT l.asset_key, coalesce(a.symbol, l.asset_key)::text AS symbol, l.account_key, l.quantity, l.basis, l.acquired_at,
    coalesce(ac.name, l.account_key)::text AS account_name
FROM tax_lots l LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = l.asset_key
    LEFT JOIN accounts ac ON ac.client_id = sqlc.arg(client_id) AND ac.id::text = l.account_key
WHERE l.result_set_id = $1 AND l.acquired_at < sqlc.arg(at)::timestamptz
  AND (sqlc.arg(include_positions)::bool OR l.account_key NOT LIKE 'staking:%')
UNION ALL
SELECT d.asset_key, coalesce(a.symbol, d.asset_key)::text, d.account_key, d.quantity, d.basis, d.acquired_at::timestamptz,
    coalesce(ac.name, d.account_key)::text
FROM tax_disposals d LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = d.asset_key
    LEFT JOIN accounts ac ON ac.client_id = sqlc.arg(client_id) AND ac.id::text = d.account_key
WHERE d.result_set_id = $1 AND d.lot_id IS NOT NULL AND d.acquired_at < sqlc.arg(at)::timestamptz AND d.disposed_at >= sqlc.arg(at)::timestamptz
  AND (sqlc.arg(include_positions)::bool OR d.account_key NOT LIKE 'staking:%')
ORDER BY 2, 6
LIMIT 100001;

-- name: ListClientAccountIDs :many
SELECT id, provider FROM accounts WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]);

-- name: ListReportsPage :many
-- One page of the client's reports of the given types, newest first, after a (created_at, id)
-- position (null: the first page).
SELECT * FROM reports
WHERE client_id = @client_id AND report_type = ANY(@types::text[])
  AND (sqlc.narg(after_at)::timestamptz IS NULL OR (created_at, id) < (sqlc.narg(after_at)::timestamptz, sqlc.narg(after_id)::uuid))
ORDER BY created_at DESC, id DESC
LIMIT @page_limit;

-- name: TrackReport :exec
-- A report being generated mirrors its river job's attempt (reports.track): generating, waiting
-- for a retry at next_attempt_at with the reason in error, queued again, or failed.
UPDATE reports SET
    status = CASE sqlc.arg(state)::text WHEN 'running' THEN 'generating' WHEN 'failed' THEN 'failed' WHEN 'cancelled' THEN 'failed' ELSE 'queued' END,
    attempt = sqlc.arg(attempt)::integer, max_attempts = sqlc.arg(max_attempts)::integer,
    next_attempt_at = sqlc.narg(next_attempt_at)::timestamptz,
    error = coalesce(sqlc.narg(reason)::text, error),
    completed_at = CASE WHEN sqlc.arg(state)::text IN ('failed', 'cancelled') THEN now() ELSE completed_at END
WHERE id = sqlc.arg(id)::uuid AND status IN ('queued', 'generating');

-- name: SetReportEmail :exec
-- The running report sends its e-mail to this address when ready.
UPDATE reports SET email = $2 WHERE id = $1;

-- name: BrokerAccountIDs :many
-- The client's accounts at the given providers, in id order.
SELECT id FROM accounts WHERE client_id = $1 AND provider = ANY(sqlc.arg(providers)::text[]) ORDER BY id LIMIT 1000;

-- name: LockClientResultsShared :exec
-- The client's results lock, shared, for the session (a recalculation commits new results under it
-- exclusively: TryLockResults in recalc.sql).
SELECT pg_advisory_lock_shared(hashtextextended('taxd.results:' || sqlc.arg(client_id)::uuid::text, 0));

-- name: UnlockClientResultsShared :exec
SELECT pg_advisory_unlock_shared(hashtextextended('taxd.results:' || sqlc.arg(client_id)::uuid::text, 0));
