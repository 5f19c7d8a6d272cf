-- name: PositiveAccountBalances :many
SELECT account_id, asset_id, quantity FROM portfolio_balances
WHERE client_id = $1 AND account_id = ANY(sqlc.arg(account_ids)::uuid[]) AND quantity > 0;

-- name: BumpPortfolioVersion :exec
-- Any change of what the portfolio shows moves its version, which keys the cached charts.
INSERT INTO portfolio_versions AS v (client_id, version) VALUES ($1, 1)
ON CONFLICT (client_id) DO UPDATE SET version = v.version + 1;

-- name: GetChartCacheKey :one
-- In one round trip: the parts of a chart's cache key and the cached chart of the range.
SELECT coalesce(v.version, 0)::bigint AS version, rs.id AS result_set_id, rs.created_at AS result_set_written_at,
    c.fiscal_year_start, upper(c.currency)::text AS currency, ch.cache_key, ch.computed_at, ch.body
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id
LEFT JOIN portfolio_versions v ON v.client_id = c.id
LEFT JOIN portfolio_charts ch ON ch.client_id = c.id AND ch.range_name = sqlc.arg(range_name)::text
WHERE c.id = sqlc.arg(client_id)::uuid;

-- name: StoreChart :exec
INSERT INTO portfolio_charts (client_id, range_name, cache_key, body, computed_at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (client_id, range_name) DO UPDATE SET cache_key = EXCLUDED.cache_key, body = EXCLUDED.body, computed_at = EXCLUDED.computed_at;

-- name: FirstBalanceDay :many
-- The first day with a balance change (none: the client holds nothing yet).
SELECT day::timestamptz AS first_day FROM portfolio_balance_days WHERE client_id = $1 ORDER BY day LIMIT 1;

-- name: CurrentResultSetWritten :one
SELECT rs.id, rs.created_at FROM clients c JOIN tax_result_sets rs ON rs.id = c.current_result_set_id WHERE c.id = $1;

-- name: HasPortfolioBasis :one
SELECT EXISTS (SELECT 1 FROM portfolio_basis WHERE result_set_id = $1 AND set_written_at = $2);

-- name: OpenBasisByAsset :many
-- The open lots' basis per asset key, of the given account keys (all when empty).
SELECT asset_key, sum(basis)::numeric AS basis FROM portfolio_basis
WHERE result_set_id = $1 AND set_written_at = $2 AND (cardinality(sqlc.arg(account_keys)::text[]) = 0 OR account_key = ANY(sqlc.arg(account_keys)::text[]))
GROUP BY asset_key;

-- name: DeleteOtherPortfolioBasis :exec
DELETE FROM portfolio_basis WHERE result_set_id = $1 AND set_written_at <> $2;

-- name: FillPortfolioBasis :exec
-- trigger ledger_fill_client_id gives the rows their result set's client_id (docs/database.md).
-- Concurrent first readers insert the same sums (DO NOTHING).
INSERT INTO portfolio_basis (result_set_id, set_written_at, account_key, asset_key, basis)
SELECT sqlc.arg(result_set_id)::uuid, sqlc.arg(set_written_at)::timestamptz, account_key, asset_key, sum(basis)
FROM tax_lots WHERE result_set_id = sqlc.arg(result_set_id)::uuid GROUP BY account_key, asset_key
ON CONFLICT DO NOTHING;

-- name: ClientCurrency :one
SELECT currency FROM clients WHERE id = $1;

-- name: LatestCachedPrices :many
-- Per price key, the newest cached price within [from, to] and the one of the day before it.
SELECT l.price_key, l.day, l.usd, p.usd AS prev_usd
FROM (SELECT DISTINCT ON (pr.price_key) pr.price_key, pr.day, pr.usd FROM prices pr
      WHERE pr.price_key = ANY(sqlc.arg(keys)::text[]) AND pr.day BETWEEN sqlc.arg(from_day)::date AND sqlc.arg(to_day)::date
      ORDER BY pr.price_key, pr.day DESC) l
LEFT JOIN prices p ON p.price_key = l.price_key AND p.day = l.day - 1;

-- name: CachedPricesBetween :many
SELECT price_key, day, usd FROM prices WHERE price_key = ANY(sqlc.arg(keys)::text[]) AND day BETWEEN sqlc.arg(from_day)::date AND sqlc.arg(to_day)::date;
