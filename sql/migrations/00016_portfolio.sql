-- +goose Up
-- Portfolio: balances maintained from the ledger, so holdings and charts never scan it per request.
--
-- A transfer counts as the engine counts it (internal/recalc/load.go): its transaction is neither
-- deleted nor hidden and the transfer is not hidden. It adds its quantity to its to-account and
-- takes it from its from-account (external sides, account NULL, are not held). Spam assets stay in
-- the tables and are left out when read (a flag flip must not rewrite balances).
--
-- Statement-level triggers with transition tables keep the tables right for every writer (ledger
-- edits, the importer's COPY, deletes cascading from accounts and clients) at one aggregate per
-- statement: set-wise, whatever the batch size.

-- Quantity held per account and asset.
CREATE TABLE portfolio_balances (
    client_id   uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    account_id  uuid NOT NULL,
    asset_id    uuid NOT NULL,
    quantity    numeric NOT NULL,
    PRIMARY KEY (client_id, account_id, asset_id)
);

-- Net change of the client's holding of an asset per UTC day (charts: the balance at a past day is
-- today's balance minus the changes after it).
CREATE TABLE portfolio_balance_days (
    client_id  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    day        date NOT NULL,
    asset_id   uuid NOT NULL,
    delta      numeric NOT NULL,
    PRIMARY KEY (client_id, day, asset_id)
);

-- An edit counter per client: every statement that changes balances (and every asset settings
-- change) increments it; cached charts are valid for one version.
CREATE TABLE portfolio_versions (
    client_id  uuid PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
    version    bigint NOT NULL DEFAULT 0
);

-- Cached charts, one per client and range, valid while their key (version, results, day) holds.
CREATE TABLE portfolio_charts (
    client_id    uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    range_name   text NOT NULL,
    cache_key    text NOT NULL,
    body         jsonb NOT NULL,
    computed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (client_id, range_name)
);

-- Open-lot basis per account and asset of one result set, summed once per written result set
-- (set_written_at: an incremental run rewrites the lots of the same set).
CREATE TABLE portfolio_basis (
    result_set_id   uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    set_written_at  timestamptz NOT NULL,
    account_key     text NOT NULL,
    asset_key       text NOT NULL,
    basis           numeric NOT NULL,
    PRIMARY KEY (result_set_id, set_written_at, account_key, asset_key)
);

-- A transaction's delete cascades to its transfers, and the two tables' triggers see each other's
-- rows gone. Within the deleting transaction two session-local tables (created on first use,
-- emptied at commit) let whichever trigger runs second apply the change: portfolio_gone (deleted
-- transactions: their instant and whether they counted) and portfolio_orphans (deleted transfers
-- whose transaction was already gone and not yet known).
-- +goose StatementBegin
CREATE FUNCTION portfolio_scratch() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF to_regclass('pg_temp.portfolio_gone') IS NULL THEN
        CREATE TEMP TABLE portfolio_gone (id uuid PRIMARY KEY, occurred_at timestamptz NOT NULL, counts boolean NOT NULL)
            ON COMMIT DELETE ROWS;
        CREATE TEMP TABLE portfolio_orphans (transaction_id uuid NOT NULL, client_id uuid NOT NULL, asset_id uuid NOT NULL,
            quantity numeric NOT NULL, from_account_id uuid, to_account_id uuid, is_hidden boolean NOT NULL) ON COMMIT DELETE ROWS;
    END IF;
END $$;
-- +goose StatementEnd

ALTER TABLE assets ADD COLUMN icon_image_url text;

-- portfolio_apply_sql is the statement that adds signed contributions (client_id, account_id,
-- asset_id, q, at), selected by the given query, to the balances, the day changes and the version.
-- Triggers EXECUTE it in their own body, where their transition tables are visible (a called
-- function would not see them); one statement, no temporary table per write.
-- +goose StatementBegin
CREATE FUNCTION portfolio_apply_sql(delta text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'WITH delta AS MATERIALIZED (' || delta || $$),
b AS (
    INSERT INTO portfolio_balances AS b (client_id, account_id, asset_id, quantity)
    SELECT client_id, account_id, asset_id, sum(q) FROM delta
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (client_id, account_id, asset_id) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity),
d AS (
    INSERT INTO portfolio_balance_days AS d (client_id, day, asset_id, delta)
    SELECT client_id, (at AT TIME ZONE 'UTC')::date, asset_id, sum(q) FROM delta
    GROUP BY 1, 2, 3 HAVING sum(q) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (client_id, day, asset_id) DO UPDATE SET delta = d.delta + EXCLUDED.delta)
INSERT INTO portfolio_versions AS v (client_id, version)
SELECT DISTINCT client_id, 1 FROM delta ORDER BY 1
ON CONFLICT (client_id) DO UPDATE SET version = v.version + 1$$
$f$;
-- +goose StatementEnd

-- The contributions of signed transfer rows (s, transaction_id, client_id, asset_id, quantity,
-- from_account_id, to_account_id, is_hidden) read from rows, with their transaction's state.
-- +goose StatementBegin
CREATE FUNCTION portfolio_sides_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'WITH r AS (' || rows_sql || $$)
SELECT r.client_id, r.to_account_id AS account_id, r.asset_id, r.s * r.quantity AS q, t.occurred_at AS at
FROM r JOIN transactions t ON t.id = r.transaction_id
WHERE r.to_account_id IS NOT NULL AND NOT r.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
UNION ALL
SELECT r.client_id, r.from_account_id, r.asset_id, -r.s * r.quantity, t.occurred_at
FROM r JOIN transactions t ON t.id = r.transaction_id
WHERE r.from_account_id IS NOT NULL AND NOT r.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden$$
$f$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION portfolio_transfers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        EXECUTE portfolio_apply_sql(portfolio_sides_sql(
            'SELECT 1 AS s, transaction_id, client_id, asset_id, quantity, from_account_id, to_account_id, is_hidden FROM new_rows'));
    ELSIF TG_OP = 'DELETE' THEN
        -- transfers whose transaction still exists
        EXECUTE portfolio_apply_sql(portfolio_sides_sql(
            'SELECT -1 AS s, transaction_id, client_id, asset_id, quantity, from_account_id, to_account_id, is_hidden FROM old_rows'));
        IF EXISTS (SELECT 1 FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = o.transaction_id)) THEN
            PERFORM portfolio_scratch();
            -- a cascade after the transactions' trigger ran: it left what they counted
            EXECUTE portfolio_apply_sql($q$
                SELECT o.client_id, o.to_account_id AS account_id, o.asset_id, -o.quantity AS q, g.occurred_at AS at
                FROM old_rows o JOIN portfolio_gone g ON g.id = o.transaction_id
                WHERE g.counts AND o.to_account_id IS NOT NULL AND NOT o.is_hidden
                UNION ALL
                SELECT o.client_id, o.from_account_id, o.asset_id, o.quantity, g.occurred_at
                FROM old_rows o JOIN portfolio_gone g ON g.id = o.transaction_id
                WHERE g.counts AND o.from_account_id IS NOT NULL AND NOT o.is_hidden$q$);
            -- a cascade before it: park them for it
            EXECUTE $q$
                INSERT INTO portfolio_orphans
                SELECT o.transaction_id, o.client_id, o.asset_id, o.quantity, o.from_account_id, o.to_account_id, o.is_hidden
                FROM old_rows o
                WHERE (o.from_account_id IS NOT NULL OR o.to_account_id IS NOT NULL)
                  AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = o.transaction_id)
                  AND NOT EXISTS (SELECT 1 FROM portfolio_gone g WHERE g.id = o.transaction_id)$q$;
        END IF;
    ELSE
        -- only rows whose counted fields changed
        EXECUTE portfolio_apply_sql(portfolio_sides_sql($q$
            WITH changed AS (
                SELECT o.id FROM old_rows o JOIN new_rows n USING (id)
                WHERE (o.transaction_id, o.asset_id, o.quantity, o.from_account_id, o.to_account_id, o.is_hidden)
                    IS DISTINCT FROM (n.transaction_id, n.asset_id, n.quantity, n.from_account_id, n.to_account_id, n.is_hidden))
            SELECT 1 AS s, n.transaction_id, n.client_id, n.asset_id, n.quantity, n.from_account_id, n.to_account_id, n.is_hidden
            FROM new_rows n JOIN changed USING (id)
            UNION ALL
            SELECT -1, o.transaction_id, o.client_id, o.asset_id, o.quantity, o.from_account_id, o.to_account_id, o.is_hidden
            FROM old_rows o JOIN changed USING (id)$q$));
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER portfolio_transfers_inserted AFTER INSERT ON transfers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transfers_changed();
CREATE TRIGGER portfolio_transfers_updated AFTER UPDATE ON transfers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transfers_changed();
CREATE TRIGGER portfolio_transfers_deleted AFTER DELETE ON transfers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transfers_changed();

-- A transaction deleted, hidden, restored or moved to another day changes what its transfers count
-- for. A deleted transaction's transfers were parked in portfolio_orphans by the cascade.
-- +goose StatementBegin
CREATE FUNCTION portfolio_transactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM portfolio_scratch();
        EXECUTE $q$
            INSERT INTO portfolio_gone SELECT id, occurred_at, deleted_at IS NULL AND NOT is_hidden FROM old_rows
            ON CONFLICT (id) DO NOTHING$q$;
        EXECUTE portfolio_apply_sql($q$
            SELECT r.client_id, r.to_account_id AS account_id, r.asset_id, -r.quantity AS q, t.occurred_at AS at
            FROM portfolio_orphans r JOIN old_rows t ON t.id = r.transaction_id
            WHERE r.to_account_id IS NOT NULL AND NOT r.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
            UNION ALL
            SELECT r.client_id, r.from_account_id, r.asset_id, r.quantity, t.occurred_at
            FROM portfolio_orphans r JOIN old_rows t ON t.id = r.transaction_id
            WHERE r.from_account_id IS NOT NULL AND NOT r.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden$q$);
        EXECUTE $q$DELETE FROM portfolio_orphans r USING old_rows t WHERE r.transaction_id = t.id$q$;
    ELSE
        EXECUTE portfolio_apply_sql($q$
            WITH changed AS (
                SELECT o.id, o.occurred_at AS old_at, (o.deleted_at IS NULL AND NOT o.is_hidden) AS old_counts,
                       n.occurred_at AS new_at, (n.deleted_at IS NULL AND NOT n.is_hidden) AS new_counts
                FROM old_rows o JOIN new_rows n USING (id)
                WHERE (o.deleted_at IS NULL AND NOT o.is_hidden) <> (n.deleted_at IS NULL AND NOT n.is_hidden)
                   OR ((o.deleted_at IS NULL AND NOT o.is_hidden)
                       AND (o.occurred_at AT TIME ZONE 'UTC')::date <> (n.occurred_at AT TIME ZONE 'UTC')::date)),
            sides AS (
                SELECT tr.client_id, tr.to_account_id AS account_id, tr.asset_id, tr.quantity AS q, c.old_at, c.old_counts, c.new_at, c.new_counts
                FROM changed c JOIN transfers tr ON tr.transaction_id = c.id
                WHERE tr.to_account_id IS NOT NULL AND NOT tr.is_hidden
                UNION ALL
                SELECT tr.client_id, tr.from_account_id, tr.asset_id, -tr.quantity, c.old_at, c.old_counts, c.new_at, c.new_counts
                FROM changed c JOIN transfers tr ON tr.transaction_id = c.id
                WHERE tr.from_account_id IS NOT NULL AND NOT tr.is_hidden)
            SELECT client_id, account_id, asset_id, -q AS q, old_at AS at FROM sides WHERE old_counts
            UNION ALL
            SELECT client_id, account_id, asset_id, q, new_at FROM sides WHERE new_counts$q$);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER portfolio_transactions_updated AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transactions_changed();
CREATE TRIGGER portfolio_transactions_deleted AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transactions_changed();

-- The balances of the ledgers already stored.
-- +goose StatementBegin
DO $$ BEGIN
    EXECUTE portfolio_apply_sql(portfolio_sides_sql(
        'SELECT 1 AS s, transaction_id, client_id, asset_id, quantity, from_account_id, to_account_id, is_hidden FROM transfers'));
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER portfolio_transactions_deleted ON transactions;
DROP TRIGGER portfolio_transactions_updated ON transactions;
DROP FUNCTION portfolio_transactions_changed();
DROP TRIGGER portfolio_transfers_deleted ON transfers;
DROP TRIGGER portfolio_transfers_updated ON transfers;
DROP TRIGGER portfolio_transfers_inserted ON transfers;
DROP FUNCTION portfolio_transfers_changed();
DROP FUNCTION portfolio_sides_sql(text);
DROP FUNCTION portfolio_apply_sql(text);
ALTER TABLE assets DROP COLUMN icon_image_url;
DROP FUNCTION portfolio_scratch();
DROP TABLE portfolio_basis, portfolio_charts, portfolio_versions, portfolio_balance_days, portfolio_balances;
