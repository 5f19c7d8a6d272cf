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
-- The open lots' basis per asset key, of the given account keys (all when empty), outside the DeFi
-- positions (account keys 'staking:<position id>', which are rows of their own: OpenPositionLots).
SELECT asset_key, sum(basis)::numeric AS basis FROM portfolio_basis
WHERE result_set_id = $1 AND set_written_at = $2 AND account_key NOT LIKE 'staking:%'
  AND (cardinality(sqlc.arg(account_keys)::text[]) = 0 OR account_key = ANY(sqlc.arg(account_keys)::text[]))
GROUP BY asset_key;

-- name: OpenPositionLots :many
-- The open lots' quantity and basis per DeFi position (account key 'staking:<position id>', the
-- engine's position accounts) and asset key.
SELECT account_key, asset_key, quantity, basis FROM portfolio_basis
WHERE result_set_id = $1 AND set_written_at = $2 AND account_key LIKE 'staking:%' AND quantity > 0
ORDER BY account_key, asset_key;

-- name: ReceiptAssets :many
-- Of the given assets, those the ledger books as a position's receipt (a counted transfer labelled
-- 'receipt': its own label, else its transaction's), each with the positions the transactions that
-- move it enter or leave (NULL: none, as for a receipt turned into another).
WITH r AS (
    SELECT tr.asset_id, tr.transaction_id FROM transfers tr
    WHERE tr.client_id = sqlc.arg(client_id)::uuid AND tr.asset_id = ANY(sqlc.arg(asset_ids)::uuid[])
      AND tr.label = 'receipt' AND NOT tr.is_hidden
    UNION
    SELECT tr.asset_id, tr.transaction_id FROM transactions t JOIN transfers tr
        ON tr.client_id = t.client_id AND tr.asset_id = ANY(sqlc.arg(asset_ids)::uuid[]) AND tr.transaction_id = t.id
    WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.label = 'receipt' AND tr.label IS NULL AND NOT tr.is_hidden
)
SELECT DISTINCT r.asset_id, p.staking_account_identifier AS position
FROM r JOIN transactions t ON t.id = r.transaction_id AND t.deleted_at IS NULL AND NOT t.is_hidden
LEFT JOIN transfers p ON p.transaction_id = r.transaction_id AND p.client_id = sqlc.arg(client_id)::uuid
    AND p.staking_account_identifier IS NOT NULL AND NOT p.is_hidden
ORDER BY 1, 2;

-- name: PositionAccounts :many
-- The accounts that moved coins into or out of the given DeFi positions.
SELECT DISTINCT staking_account_identifier::text AS position, coalesce(from_account_id, to_account_id)::uuid AS account_id
FROM transfers
WHERE client_id = $1 AND staking_account_identifier = ANY(sqlc.arg(positions)::text[]) AND NOT is_hidden
  AND coalesce(from_account_id, to_account_id) IS NOT NULL
ORDER BY 1, 2;

-- name: DeleteOtherPortfolioBasis :exec
DELETE FROM portfolio_basis WHERE result_set_id = $1 AND set_written_at <> $2;

-- name: FillPortfolioBasis :exec
-- trigger ledger_fill_client_id gives the rows their result set's client_id (docs/database.md).
-- Concurrent first readers insert the same sums (DO NOTHING).
INSERT INTO portfolio_basis (result_set_id, set_written_at, account_key, asset_key, basis, quantity)
SELECT sqlc.arg(result_set_id)::uuid, sqlc.arg(set_written_at)::timestamptz, account_key, asset_key, sum(basis), sum(quantity)
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

-- name: CachedPricesOnDays :many
-- The cached prices of the given keys on the given days (a chart's points), by the primary key.
SELECT price_key, day, usd FROM prices WHERE price_key = ANY(sqlc.arg(keys)::text[]) AND day = ANY(sqlc.arg(days)::date[]);

-- name: ClientIsStale :one
-- Whether the client's results lag its ledger (dirty items or settings).
SELECT (EXISTS (SELECT 1 FROM dirty_marks WHERE client_id = sqlc.arg(client_id)::uuid)
    OR coalesce((SELECT settings_dirty_seq IS NOT NULL FROM clients WHERE id = sqlc.arg(client_id)::uuid), false))::boolean AS stale;

-- name: PositionBalances :many
-- The client's balances other than zero per asset and account, of the given accounts (all when
-- empty or NULL).
SELECT asset_id, account_id, quantity FROM portfolio_balances
WHERE client_id = $1 AND quantity <> 0
  AND (coalesce(cardinality(sqlc.arg(account_ids)::uuid[]), 0) = 0 OR account_id = ANY(sqlc.arg(account_ids)::uuid[]))
ORDER BY asset_id, account_id;

-- name: ClientAssetsByIDs :many
SELECT * FROM assets WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]);

-- name: CountClientAssets :one
SELECT count(*) FROM assets WHERE client_id = $1 AND (NOT sqlc.arg(hide_spam)::boolean OR NOT is_spam);

-- name: ListClientAssets :many
-- A page of the client's assets by symbol (then key); a NULL page_limit lists all of them.
SELECT * FROM assets WHERE client_id = $1 AND (NOT sqlc.arg(hide_spam)::boolean OR NOT is_spam)
ORDER BY lower(symbol), key, id
LIMIT sqlc.narg(page_limit)::bigint OFFSET sqlc.arg(page_offset)::bigint;

-- name: UpdateClientAsset :one
-- NULL arguments leave their column unchanged; an empty price source or contract address clears it.
-- A price override switches to it; use_platform_price true drops it.
UPDATE assets SET
    price_source_id = CASE WHEN sqlc.narg(price_source_id)::text IS NULL THEN price_source_id ELSE nullif(sqlc.narg(price_source_id)::text, '') END,
    contract_address = CASE WHEN sqlc.narg(contract_address)::text IS NULL THEN contract_address ELSE nullif(sqlc.narg(contract_address)::text, '') END,
    description = coalesce(sqlc.narg(description)::text, description),
    icon_image_url = coalesce(sqlc.narg(icon_image_url)::text, icon_image_url),
    image_url = coalesce(sqlc.narg(image_url)::text, image_url),
    is_hidden = coalesce(sqlc.narg(is_hidden)::boolean, is_hidden),
    is_spam = coalesce(sqlc.narg(is_spam)::boolean, is_spam),
    is_worthless = coalesce(sqlc.narg(is_worthless)::boolean, is_worthless),
    name = coalesce(sqlc.narg(name)::text, name),
    symbol = coalesce(sqlc.narg(symbol)::text, symbol),
    type = coalesce(sqlc.narg(type)::text, type),
    price_override = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN sqlc.narg(price_override)::numeric
        WHEN sqlc.narg(use_platform_price)::boolean THEN NULL ELSE price_override END,
    use_platform_price = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN false
        ELSE coalesce(sqlc.narg(use_platform_price)::boolean, use_platform_price) END
WHERE client_id = sqlc.arg(client_id)::uuid AND id = sqlc.arg(id)::uuid
RETURNING *;

-- name: UpsertNFTAsset :one
-- The NFT of one token: NULL arguments leave an existing row's column unchanged; a price override
-- switches to it, use_floor_price drops it for the platform's (floor) price.
INSERT INTO assets (id, client_id, key, symbol, name, type, chain, contract_address, token_id,
    image_url, is_hidden, is_spam, is_worthless, price_override, use_platform_price)
VALUES (sqlc.arg(id)::uuid, sqlc.arg(client_id)::uuid, sqlc.arg(key)::text, '', sqlc.arg(name)::text, 'NFT',
    sqlc.arg(chain)::text, sqlc.arg(contract_address)::text, sqlc.arg(token_id)::text,
    sqlc.narg(image_url)::text, coalesce(sqlc.narg(is_hidden)::boolean, false), coalesce(sqlc.narg(is_spam)::boolean, false),
    coalesce(sqlc.narg(is_worthless)::boolean, false), sqlc.narg(price_override)::numeric, sqlc.narg(price_override)::numeric IS NULL)
ON CONFLICT (client_id, key) DO UPDATE SET type = 'NFT', name = sqlc.arg(name)::text,
    image_url = coalesce(sqlc.narg(image_url)::text, assets.image_url),
    is_hidden = coalesce(sqlc.narg(is_hidden)::boolean, assets.is_hidden),
    is_spam = coalesce(sqlc.narg(is_spam)::boolean, assets.is_spam),
    is_worthless = coalesce(sqlc.narg(is_worthless)::boolean, assets.is_worthless),
    price_override = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN sqlc.narg(price_override)::numeric
        WHEN sqlc.arg(use_floor_price)::boolean THEN NULL ELSE assets.price_override END,
    use_platform_price = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN false
        WHEN sqlc.arg(use_floor_price)::boolean THEN true ELSE assets.use_platform_price END
RETURNING *;

-- name: UpdateNFTContractAssets :many
-- Every token of an NFT contract the client has, as UpsertNFTAsset updates one.
UPDATE assets SET name = sqlc.arg(name)::text,
    image_url = coalesce(sqlc.narg(image_url)::text, image_url),
    is_hidden = coalesce(sqlc.narg(is_hidden)::boolean, is_hidden),
    is_spam = coalesce(sqlc.narg(is_spam)::boolean, is_spam),
    is_worthless = coalesce(sqlc.narg(is_worthless)::boolean, is_worthless),
    price_override = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN sqlc.narg(price_override)::numeric
        WHEN sqlc.arg(use_floor_price)::boolean THEN NULL ELSE price_override END,
    use_platform_price = CASE WHEN sqlc.narg(price_override)::numeric IS NOT NULL THEN false
        WHEN sqlc.arg(use_floor_price)::boolean THEN true ELSE use_platform_price END
WHERE client_id = sqlc.arg(client_id)::uuid AND chain = sqlc.arg(chain)::text
  AND lower(contract_address) = lower(sqlc.arg(contract_address)::text) AND token_id IS NOT NULL
RETURNING *;

-- name: ChartBalances :many
-- Today's balance per asset (other than zero).
SELECT asset_id, sum(quantity)::numeric AS quantity FROM portfolio_balances WHERE client_id = $1
GROUP BY asset_id HAVING sum(quantity) <> 0;

-- name: ChartInstantChanges :many
-- The balance changes per instant and asset after a time (the sub-day ranges: a week of the
-- ledger, by the client/time index).
SELECT t.occurred_at, tr.asset_id,
    sum(CASE WHEN tr.to_account_id IS NOT NULL THEN tr.quantity ELSE 0 END - CASE WHEN tr.from_account_id IS NOT NULL THEN tr.quantity ELSE 0 END)::numeric AS delta
FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.occurred_at > sqlc.arg(after)::timestamptz
  AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT tr.is_hidden
GROUP BY 1, 2;

-- name: ChartDayChanges :many
-- The maintained balance changes from a day on, summed per asset and interval between the chart's
-- points: bounds holds each point's UTC day but the last's (ascending), and a day's change falls
-- in bucket i when it is on or after i of them (it happens after points 0..i-1 and not after i).
SELECT width_bucket(day, sqlc.arg(bounds)::date[])::int AS bucket, asset_id, sum(delta)::numeric AS delta
FROM portfolio_balance_days WHERE client_id = sqlc.arg(client_id)::uuid AND day >= sqlc.arg(from_day)::date
GROUP BY 1, 2;

-- name: ChartAssets :many
-- The assets a chart from a day on involves: held now or changed since.
SELECT * FROM assets WHERE client_id = sqlc.arg(client_id)::uuid AND id IN (
    SELECT asset_id FROM portfolio_balances WHERE client_id = sqlc.arg(client_id)::uuid
    UNION SELECT asset_id FROM portfolio_balance_days WHERE client_id = sqlc.arg(client_id)::uuid AND day >= sqlc.arg(from_day)::date);

-- name: ChartLotBasisDays :many
-- A result set's open lots' basis per UTC acquisition day.
SELECT (acquired_at AT TIME ZONE 'UTC')::date AS acquired_day, sum(basis)::numeric AS basis
FROM tax_lots WHERE result_set_id = $1 GROUP BY 1;

-- name: HasChartBasisDays :one
SELECT EXISTS (SELECT 1 FROM portfolio_basis_days WHERE result_set_id = $1 AND set_written_at = $2);

-- name: DeleteOtherChartBasisDays :exec
DELETE FROM portfolio_basis_days WHERE result_set_id = $1 AND set_written_at <> $2;

-- name: FillChartBasisDays :exec
-- The basis held in pieces that left, per UTC day: + on the day of acquisition (a piece without
-- one: the day it left), - on the day it left; days that net to zero are left out. Trigger
-- ledger_fill_client_id gives the rows their result set's client_id; concurrent first readers
-- insert the same sums (DO NOTHING).
INSERT INTO portfolio_basis_days (result_set_id, set_written_at, day, delta)
SELECT sqlc.arg(result_set_id)::uuid, sqlc.arg(set_written_at)::timestamptz, day, sum(delta)
FROM (
    SELECT (coalesce(acquired_at, disposed_at) AT TIME ZONE 'UTC')::date AS day, basis AS delta
    FROM tax_disposals WHERE result_set_id = sqlc.arg(result_set_id)::uuid
    UNION ALL SELECT (disposed_at AT TIME ZONE 'UTC')::date, -basis
    FROM tax_disposals WHERE result_set_id = sqlc.arg(result_set_id)::uuid
    UNION ALL SELECT (coalesce(acquired_at, removed_at) AT TIME ZONE 'UTC')::date, basis
    FROM tax_removals WHERE result_set_id = sqlc.arg(result_set_id)::uuid
    UNION ALL SELECT (removed_at AT TIME ZONE 'UTC')::date, -basis
    FROM tax_removals WHERE result_set_id = sqlc.arg(result_set_id)::uuid
) pieces
GROUP BY day HAVING sum(delta) <> 0
ON CONFLICT DO NOTHING;

-- name: ChartBasisDays :many
-- The change per UTC day of the basis held in pieces that left (FillChartBasisDays).
SELECT day::timestamptz AS day, delta FROM portfolio_basis_days WHERE result_set_id = $1 AND set_written_at = $2;

-- name: OpenLotsOfAssets :many
-- The open lots' quantity and basis per asset key, of the given assets and account keys (all
-- accounts when empty; never the DeFi positions'): what the tax results hold of an asset an account
-- is below zero in.
SELECT asset_key, sum(quantity)::numeric AS quantity, sum(basis)::numeric AS basis FROM tax_lots
WHERE result_set_id = $1 AND asset_key = ANY(sqlc.arg(asset_keys)::text[]) AND account_key NOT LIKE 'staking:%'
  AND (cardinality(sqlc.arg(account_keys)::text[]) = 0 OR account_key = ANY(sqlc.arg(account_keys)::text[]))
GROUP BY asset_key;

-- name: LastCachedPrices :many
-- Per price key, the newest cached price before a day: the last known price of a key without a
-- current one.
SELECT DISTINCT ON (pr.price_key) pr.price_key, pr.day, pr.usd FROM prices pr
WHERE pr.price_key = ANY(sqlc.arg(keys)::text[]) AND pr.day < sqlc.arg(before_day)::date
ORDER BY pr.price_key, pr.day DESC;
