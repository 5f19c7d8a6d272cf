-- Queries of internal/taxfigures: tax figures read from the client's current result set.

-- name: GetTaxFiguresState :one
-- The client's settings the figures depend on, its current result set and whether it is stale.
SELECT c.current_result_set_id, rs.created_at AS computed_at, c.timezone, c.fiscal_year_start, c.currency,
       c.cost_basis_algorithm, c.settings, c.lock_taxes_until, c.country, coalesce(rs.jurisdiction, '')::text AS result_jurisdiction,
       (c.settings_dirty_seq IS NOT NULL OR EXISTS (SELECT 1 FROM dirty_marks d WHERE d.client_id = c.id))::boolean AS is_stale
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id
WHERE c.id = $1;

-- name: ListResultTaxYears :many
-- Tax years with a summary (disposals, income or transactions) in a result set.
SELECT tax_year FROM tax_year_summaries WHERE result_set_id = $1 ORDER BY tax_year;

-- name: ListYearIncomeByType :many
-- Income of one tax year per income type, with the transactions it comes from (the month figures
-- the recalculation writes, see tax_month_income).
SELECT m.income_type, sum(m.value)::numeric AS value, sum(m.transactions)::int AS transaction_count
FROM tax_month_income m
WHERE m.result_set_id = $1 AND m.tax_year = $2
GROUP BY m.income_type ORDER BY sum(m.value) DESC, m.income_type;

-- name: ListAssetLotKeys :many
-- Open lots of some assets (asset keys of results are asset ids) in acquisition order, with what their
-- totals and every cost basis method's order need: a page's lots are then read by id (ListLotsByID).
SELECT l.lot_id, l.asset_key, l.quantity, l.basis, l.acquired_at
FROM tax_lots l
WHERE l.result_set_id = $1 AND l.asset_key = ANY(sqlc.arg(asset_keys)::text[])
ORDER BY l.acquired_at, l.lot_id::numeric
LIMIT 10001;

-- name: ListLotsByID :many
-- Some open lots of a result set by id (by its key), with the transaction that created each.
SELECT l.lot_id, l.asset_key, l.account_key, l.quantity, l.basis, l.acquired_at, l.missing_basis, l.source_transfer_id,
       tr.transaction_id, tr.quantity AS original_quantity
FROM tax_lots l LEFT JOIN transfers tr ON tr.client_id = sqlc.arg(client_id) AND tr.id = l.source_transfer_id
WHERE l.result_set_id = $1 AND l.lot_id = ANY(sqlc.arg(lot_ids)::text[]);

-- name: ListAssetDisposalKeys :many
-- The first disposal pieces of some assets in seq order, each by its seq and time only: a page's
-- pieces are then read by seq (ListDisposalsBySeq). Each asset's pieces come from its index in seq
-- order, time included (asset_key = ANY would read and sort every piece of the assets).
SELECT x.seq, x.disposed_at
FROM unnest(sqlc.arg(asset_keys)::text[]) k(asset_key)
CROSS JOIN LATERAL (SELECT d.seq, d.disposed_at FROM tax_disposals d
    WHERE d.result_set_id = $1 AND d.asset_key = k.asset_key ORDER BY d.seq LIMIT 10001) x
ORDER BY x.seq
LIMIT 10001;

-- name: ListDisposalsBySeq :many
-- Some disposal pieces of a result set by seq (by its key), each with the lot it consumed and the
-- transfer that created that lot.
SELECT d.seq, d.transfer_id, d.lot_id, d.lot_transfer_id, d.account_key, d.quantity, d.proceeds, d.basis, d.gain,
       d.acquired_at, d.disposed_at, d.tax_year, d.term, d.form_box, d.uncovered, d.missing_basis, d.match, d.denied_loss,
       tr.transaction_id, ltr.transaction_id AS lot_transaction_id
FROM tax_disposals d
LEFT JOIN transfers tr ON tr.client_id = sqlc.arg(client_id) AND tr.id = d.transfer_id
LEFT JOIN transfers ltr ON ltr.client_id = sqlc.arg(client_id) AND ltr.id = d.lot_transfer_id
WHERE d.result_set_id = $1 AND d.seq = ANY(sqlc.arg(seqs)::integer[]);

-- name: ListOpenLotsBefore :many
-- Every open lot of a result set acquired before an instant (loss harvesting; bounded by the caller).
SELECT l.asset_key, l.quantity, l.basis, l.acquired_at
FROM tax_lots l
WHERE l.result_set_id = $1 AND l.acquired_at < sqlc.arg(before)::timestamptz
ORDER BY l.asset_key, l.acquired_at, l.lot_id
LIMIT 100001;

-- name: ListPiecesHeldAt :many
-- Disposal pieces at or after an instant from lots acquired before it: what was still held then.
-- Each holding class (tax_holding_class, 0 to 8) reads its range of tax_disposals_held_idx: the
-- pieces of the class acquired within its longest holding (tax_holding_longest) before the instant.
SELECT d.asset_key, d.quantity, d.basis, d.acquired_at::timestamptz AS acquired_at
FROM generate_series(0, 8) c(class)
CROSS JOIN LATERAL (SELECT x.seq, x.asset_key, x.quantity, x.basis, x.acquired_at FROM tax_disposals x
    WHERE x.result_set_id = $1 AND tax_holding_class(x.acquired_at, x.disposed_at) = c.class
      AND x.acquired_at >= coalesce(sqlc.arg(at)::timestamptz - tax_holding_longest(c.class), '-infinity')
      AND x.acquired_at < sqlc.arg(at)::timestamptz
      AND x.disposed_at >= sqlc.arg(at)::timestamptz AND x.lot_id IS NOT NULL) d
ORDER BY d.seq
LIMIT 100001;

-- name: ListAssetsByPricingKey :many
-- The client's assets with one Asset.pricingKey (ledger.PricingKeySQL), oldest first.
SELECT * FROM assets WHERE client_id = $1
  AND coalesce(nullif(price_source_id, ''), lower(symbol)) = lower(sqlc.arg(pricing_key)::text)
ORDER BY created_at, id LIMIT 100;

-- name: ListTransactionLotDisposals :many
-- The disposal pieces of one transaction for some assets, each with the lot it consumed, found by key
-- through the transaction's result row (its seq range, see ListTransferDisposals).
SELECT d.seq, d.transfer_id, d.lot_id, d.lot_transfer_id, d.account_key, d.quantity, d.proceeds, d.basis, d.gain,
       d.acquired_at, d.disposed_at, d.tax_year, d.term, d.form_box, d.uncovered, d.missing_basis, d.match, d.denied_loss,
       ltr.transaction_id AS lot_transaction_id
FROM tax_transaction_results r
CROSS JOIN LATERAL (SELECT x.* FROM tax_disposals x
    WHERE x.result_set_id = r.result_set_id AND x.seq BETWEEN r.first_disposal_seq AND r.last_disposal_seq OFFSET 0) d
LEFT JOIN transfers ltr ON ltr.client_id = sqlc.arg(client_id)
    AND ltr.id = d.lot_transfer_id
WHERE r.result_set_id = $1 AND r.transaction_id = sqlc.arg(transaction_id)::uuid
  AND d.asset_key = ANY(sqlc.arg(asset_keys)::text[])
ORDER BY d.seq;

-- name: ListTransactionOpenLots :many
-- The open lots some transfers created (one transaction's acquisitions), as ListAssetLots.
SELECT l.lot_id, l.asset_key, l.account_key, l.quantity, l.basis, l.acquired_at, l.missing_basis, l.source_transfer_id,
       tr.transaction_id, tr.quantity AS original_quantity
FROM tax_lots l JOIN transfers tr ON tr.client_id = sqlc.arg(client_id) AND tr.id = l.source_transfer_id
WHERE l.result_set_id = $1 AND l.asset_key = ANY(sqlc.arg(asset_keys)::text[])
  AND l.source_transfer_id = ANY(sqlc.arg(transfer_ids)::uuid[])
ORDER BY l.acquired_at, l.lot_id::numeric
LIMIT 10001;

-- name: ListYearForm8949Boxes :many
-- The Form 8949 boxes of a tax year with their totals (one row per disposal piece in the form): the
-- sums of the rows in the cents they print (round: half away from zero, as money.Line).
SELECT d.form_box, d.term, count(*)::integer AS row_count, sum(round(d.proceeds, 2))::numeric AS proceeds, sum(round(d.basis, 2))::numeric AS basis
FROM tax_disposals d
WHERE d.result_set_id = $1 AND d.tax_year = $2
GROUP BY d.form_box, d.term
ORDER BY d.form_box, d.term;

-- name: ListYearForm8949Rows :many
-- One page of a tax year's Form 8949 rows (disposal pieces) in box order, of one box when given.
SELECT d.seq, d.transfer_id, d.asset_key, d.quantity, d.proceeds, d.basis, d.acquired_at, d.disposed_at, d.term, d.form_box,
       tr.transaction_id, coalesce(a.symbol, '')::text AS symbol
FROM tax_disposals d
LEFT JOIN transfers tr ON tr.client_id = sqlc.arg(client_id)
    AND tr.id = d.transfer_id
LEFT JOIN assets a ON a.client_id = sqlc.arg(client_id) AND a.id::text = d.asset_key
WHERE d.result_set_id = $1 AND d.tax_year = $2 AND (sqlc.narg(box)::text IS NULL OR d.form_box = sqlc.narg(box)::text)
ORDER BY d.form_box, d.seq
LIMIT sqlc.arg(row_limit) OFFSET sqlc.arg(row_offset);

-- name: GetTaxFiguresYearSummary :one
-- A tax year's totals in a result set.
SELECT * FROM tax_year_summaries WHERE result_set_id = $1 AND tax_year = $2;

-- name: SumYearDisposalLines :one
-- A tax year's disposal totals as the reports print them (each piece's proceeds and basis rounded
-- to cents, half away from zero, as money.Line; its gain their difference) and the transactions
-- with a taxable piece in the year, from the month figures the recalculation writes
-- (tax_month_disposals).
SELECT coalesce(sum(m.short_proceeds + m.long_proceeds), 0)::numeric AS proceeds,
       coalesce(sum(m.short_basis + m.long_basis), 0)::numeric AS basis,
       coalesce(sum(m.short_proceeds - m.short_basis), 0)::numeric AS short_term_gain,
       coalesce(sum(m.long_proceeds - m.long_basis), 0)::numeric AS long_term_gain,
       coalesce(sum(m.transactions), 0)::int AS transactions
FROM tax_month_disposals m
WHERE m.result_set_id = $1 AND m.tax_year = $2;

-- name: ListAssetRemovalKeys :many
-- The first non-taxable removals of some assets in seq order, each by its key (time, seq) only: a
-- page's removals are then read by key (ListRemovalsByKey). Each asset's come from its index in
-- order, as ListAssetDisposalKeys.
SELECT x.removed_at, x.seq
FROM unnest(sqlc.arg(asset_keys)::text[]) k(asset_key)
CROSS JOIN LATERAL (SELECT r.removed_at, r.seq FROM tax_removals r
    WHERE r.result_set_id = $1 AND r.asset_key = k.asset_key ORDER BY r.seq, r.removed_at LIMIT 10001) x
ORDER BY x.seq, x.removed_at
LIMIT 10001;

-- name: ListRemovalsByKey :many
-- The non-taxable removals of a result set with a time and a seq among some (by its key; the caller
-- keeps the pairs it asked for): the quantity that left at its basis, with no proceeds.
SELECT r.seq, r.transfer_id, r.kind, r.lot_id, r.account_key, r.quantity, r.basis, r.acquired_at, r.removed_at, tr.transaction_id
FROM tax_removals r
LEFT JOIN transfers tr ON tr.client_id = sqlc.arg(client_id) AND tr.id = r.transfer_id
WHERE r.result_set_id = $1 AND r.removed_at = ANY(sqlc.arg(removed_at)::timestamptz[]) AND r.seq = ANY(sqlc.arg(seqs)::integer[]);

-- name: ListTransactionRemovals :many
-- The non-taxable removals of some assets in one transaction (gifts sent, donations, losses,
-- untracked transfers out), in seq order.
SELECT r.seq, r.transfer_id, r.kind, r.lot_id, r.account_key, r.quantity, r.basis, r.acquired_at, r.removed_at, tr.transaction_id
FROM tax_removals r
JOIN transfers tr ON tr.client_id = sqlc.arg(client_id) AND tr.id = r.transfer_id
WHERE r.result_set_id = $1 AND r.asset_key = ANY(sqlc.arg(asset_keys)::text[]) AND tr.transaction_id = sqlc.arg(transaction_id)::uuid
ORDER BY r.seq, r.removed_at
LIMIT 10001;

-- name: SumYearDisposalGainsFrom :one
-- The gains among a tax year's disposals at or after an instant, a disposal being a token's
-- disposals of one local day in the zone given (HMRC's same-day rule makes them one, as the section
-- 104 matcher counts a year's Gains, tax.YearSummary): their pieces' gains summed, counted when above zero.
SELECT coalesce(sum(x.gain) FILTER (WHERE x.gain > 0), 0)::numeric AS gains
FROM (SELECT sum(d.gain) AS gain FROM tax_disposals d
      WHERE d.result_set_id = $1 AND d.tax_year = $2 AND d.disposed_at >= sqlc.arg(since)::timestamptz
      GROUP BY d.asset_key, (d.disposed_at AT TIME ZONE sqlc.arg(zone)::text)::date) x;
