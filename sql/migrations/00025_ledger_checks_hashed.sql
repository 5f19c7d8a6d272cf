-- +goose Up
-- The statement-level parent checks of transactions, transfers and dirty marks (00017, 00021), with
-- less work per written row (issue 18: a million-row import spent ~7 s of its write in them).
--
-- They gathered the distinct parents with array_agg(DISTINCT ...), which sorts every written row
-- once per column (1.3M transfers: 1.8 s), and then looked each distinct transaction up in
-- transactions_pkey from an unnest of that array (1M probes: 1.7 s). Now:
--   - each small parent set (clients, accounts, assets) is one hashed DISTINCT over the new rows;
--   - the transactions are checked by one join of the new rows with transactions, which names a
--     missing transaction and says whether a row names one this database transaction did not
--     write (those are locked FOR KEY SHARE, as before). Planned by EXECUTE on every call: the
--     size of the transition table decides between probing transactions_pkey (a few rows) and
--     hashing (a bulk import: 0.9 s for the same 1.3M transfers), and a plan cached from a small
--     first statement of the session would probe a million times, one cached from a big one would
--     read the whole table for a single row.
-- What they guarantee is unchanged: the same violations with the same constraint names, the same
-- locks. ledger_check_transactions stays for the per-row UPDATE checks.

-- +goose StatementBegin
-- ledger_check_new_transactions_sql is the check of the transactions named by the transition table
-- new_rows (column transaction_id): it returns (a transaction id that names no transaction, or
-- NULL; whether a row names a transaction another database transaction wrote).
CREATE FUNCTION ledger_check_new_transactions_sql() RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT $q$SELECT (array_agg(n.transaction_id) FILTER (WHERE t.id IS NULL))[1], coalesce(bool_or(t.xmin <> pg_current_xact_id()::xid), false)
  FROM new_rows n LEFT JOIN transactions t ON t.id = n.transaction_id$q$
$f$;

CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    clients_ uuid[];
    accounts_ uuid[];
    missing uuid;
BEGIN
    EXECUTE 'SELECT ARRAY(SELECT DISTINCT client_id FROM new_rows),
                    ARRAY(SELECT DISTINCT account_id FROM new_rows WHERE account_id IS NOT NULL)'
       INTO clients_, accounts_;
    -- Lock the named parents as a foreign key would, then look for one that is not there.
    PERFORM 1 FROM clients c WHERE c.id = ANY (clients_) FOR KEY SHARE;
    SELECT n INTO missing FROM unnest(clients_) n WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = n) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transactions', 'client_id', 'clients', 'transactions_client_id_fkey', missing);
    END IF;
    IF cardinality(accounts_) > 0 THEN
        PERFORM 1 FROM accounts a WHERE a.id = ANY (accounts_) FOR KEY SHARE;
        SELECT n INTO missing FROM unnest(accounts_) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', missing);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    assets_ uuid[];
    foreign_asset uuid;
    froms uuid[];
    tos uuid[];
    foreign_parents boolean;
    missing uuid;
BEGIN
    -- an asset is its client's: a transfer of another client's asset names no asset of its own
    EXECUTE 'WITH pairs AS (SELECT DISTINCT client_id, asset_id FROM new_rows)
             SELECT ARRAY(SELECT DISTINCT asset_id FROM pairs),
                    (SELECT p.asset_id FROM pairs p JOIN assets a ON a.id = p.asset_id WHERE a.client_id <> p.client_id LIMIT 1),
                    ARRAY(SELECT DISTINCT from_account_id FROM new_rows WHERE from_account_id IS NOT NULL),
                    ARRAY(SELECT DISTINCT to_account_id FROM new_rows WHERE to_account_id IS NOT NULL)'
       INTO assets_, foreign_asset, froms, tos;
    PERFORM 1 FROM assets a WHERE a.id = ANY (assets_) FOR KEY SHARE;
    SELECT n INTO missing FROM unnest(assets_) n WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = n) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', missing);
    END IF;
    IF foreign_asset IS NOT NULL THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', foreign_asset);
    END IF;
    IF cardinality(froms) > 0 OR cardinality(tos) > 0 THEN
        PERFORM 1 FROM accounts a WHERE a.id = ANY (froms) OR a.id = ANY (tos) FOR KEY SHARE;
        SELECT n INTO missing FROM unnest(froms) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', missing);
        END IF;
        SELECT n INTO missing FROM unnest(tos) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', missing);
        END IF;
    END IF;
    EXECUTE ledger_check_new_transactions_sql() INTO missing, foreign_parents;
    IF missing IS NOT NULL THEN
        PERFORM ledger_fk_violation('transfers', 'transaction_id', 'transactions', 'transfers_transaction_id_fkey', missing);
    END IF;
    IF foreign_parents THEN
        PERFORM 1 FROM transactions t WHERE t.id IN (SELECT transaction_id FROM new_rows) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION dirty_marks_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    foreign_parents boolean;
    missing uuid;
BEGIN
    EXECUTE ledger_check_new_transactions_sql() INTO missing, foreign_parents;
    IF missing IS NOT NULL THEN
        PERFORM ledger_fk_violation('dirty_marks', 'transaction_id', 'transactions', 'dirty_marks_transaction_id_fkey', missing);
    END IF;
    IF foreign_parents THEN
        PERFORM 1 FROM transactions t WHERE t.id IN (SELECT transaction_id FROM new_rows) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    clients_ uuid[];
    accounts_ uuid[];
    missing uuid;
BEGIN
    -- the distinct parents, in one pass over the new rows
    SELECT array_agg(DISTINCT client_id), array_agg(DISTINCT account_id) FILTER (WHERE account_id IS NOT NULL)
      INTO clients_, accounts_ FROM new_rows;
    -- Lock the named parents as a foreign key would, then look for one that is not there.
    PERFORM 1 FROM clients c WHERE c.id = ANY (clients_) FOR KEY SHARE;
    SELECT n INTO missing FROM unnest(clients_) n WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = n) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transactions', 'client_id', 'clients', 'transactions_client_id_fkey', missing);
    END IF;
    IF accounts_ IS NOT NULL THEN
        PERFORM 1 FROM accounts a WHERE a.id = ANY (accounts_) FOR KEY SHARE;
        SELECT n INTO missing FROM unnest(accounts_) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', missing);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    assets_ uuid[];
    froms uuid[];
    tos uuid[];
    txs uuid[];
    missing uuid;
BEGIN
    SELECT array_agg(DISTINCT asset_id), array_agg(DISTINCT from_account_id) FILTER (WHERE from_account_id IS NOT NULL),
           array_agg(DISTINCT to_account_id) FILTER (WHERE to_account_id IS NOT NULL), array_agg(DISTINCT transaction_id)
      INTO assets_, froms, tos, txs FROM new_rows;
    PERFORM 1 FROM assets a WHERE a.id = ANY (assets_) FOR KEY SHARE;
    SELECT n INTO missing FROM unnest(assets_) n WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = n) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', missing);
    END IF;
    SELECT n.asset_id INTO missing FROM (SELECT DISTINCT client_id, asset_id FROM new_rows) n
      JOIN assets a ON a.id = n.asset_id WHERE a.client_id <> n.client_id LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', missing);
    END IF;
    IF froms IS NOT NULL OR tos IS NOT NULL THEN
        PERFORM 1 FROM accounts a WHERE a.id = ANY (froms) OR a.id = ANY (tos) FOR KEY SHARE;
        SELECT n INTO missing FROM unnest(froms) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', missing);
        END IF;
        SELECT n INTO missing FROM unnest(tos) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', missing);
        END IF;
    END IF;
    PERFORM ledger_check_transactions(txs, 'transfers', 'transfers_transaction_id_fkey');
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION dirty_marks_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    txs uuid[];
BEGIN
    SELECT array_agg(DISTINCT transaction_id) INTO txs FROM new_rows;
    PERFORM ledger_check_transactions(txs, 'dirty_marks', 'dirty_marks_transaction_id_fkey');
    RETURN NULL;
END $$;
-- +goose StatementEnd
DROP FUNCTION ledger_check_new_transactions_sql();
