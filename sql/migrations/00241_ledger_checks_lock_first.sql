-- +goose Up
-- The transfers' and dirty marks' parent checks lock the transactions they name before they look
-- for them, as the other children's checks do (migration 00240): checked first, a transaction whose
-- delete committed while the lock waited would be skipped by the lock and the new row kept as an
-- orphan. foreign_parents (whether any parent is another database transaction's) stays an output
-- of the shared check and is no longer read here.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    assets_ uuid[];
    foreign_asset uuid;
    froms uuid[];
    tos uuid[];
    foreign_from uuid;
    foreign_to uuid;
    foreign_parents boolean;
    missing uuid;
BEGIN
    -- an asset or account is its client's: a transfer naming another client's names none of its own
    EXECUTE 'WITH pairs AS (SELECT DISTINCT client_id, asset_id FROM new_rows)
             SELECT ARRAY(SELECT DISTINCT asset_id FROM pairs),
                    (SELECT p.asset_id FROM pairs p JOIN assets a ON a.id = p.asset_id WHERE a.client_id <> p.client_id LIMIT 1),
                    ARRAY(SELECT DISTINCT from_account_id FROM new_rows WHERE from_account_id IS NOT NULL),
                    ARRAY(SELECT DISTINCT to_account_id FROM new_rows WHERE to_account_id IS NOT NULL),
                    (SELECT n.from_account_id FROM new_rows n JOIN accounts a ON a.id = n.from_account_id WHERE a.client_id <> n.client_id LIMIT 1),
                    (SELECT n.to_account_id FROM new_rows n JOIN accounts a ON a.id = n.to_account_id WHERE a.client_id <> n.client_id LIMIT 1)'
       INTO assets_, foreign_asset, froms, tos, foreign_from, foreign_to;
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
        IF foreign_from IS NOT NULL THEN
            PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', foreign_from);
        END IF;
        SELECT n INTO missing FROM unnest(tos) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', missing);
        END IF;
        IF foreign_to IS NOT NULL THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', foreign_to);
        END IF;
    END IF;
    -- the transactions another database transaction committed are locked before they are looked
    -- for: a delete that commits while this waits for the lock is then seen by the check
    PERFORM 1 FROM transactions t WHERE t.id IN (SELECT transaction_id FROM new_rows) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE;
    EXECUTE ledger_check_new_transactions_sql() INTO missing, foreign_parents;
    IF missing IS NOT NULL THEN
        PERFORM ledger_fk_violation('transfers', 'transaction_id', 'transactions', 'transfers_transaction_id_fkey', missing);
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION dirty_marks_check_parents() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    foreign_parents boolean;
    missing uuid;
BEGIN
    -- the transactions another database transaction committed are locked before they are looked
    -- for: a delete that commits while this waits for the lock is then seen by the check
    PERFORM 1 FROM transactions t WHERE t.id IN (SELECT transaction_id FROM new_rows) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE;
    EXECUTE ledger_check_new_transactions_sql() INTO missing, foreign_parents;
    IF missing IS NOT NULL THEN
        PERFORM ledger_fk_violation('dirty_marks', 'transaction_id', 'transactions', 'dirty_marks_transaction_id_fkey', missing);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    assets_ uuid[];
    foreign_asset uuid;
    froms uuid[];
    tos uuid[];
    foreign_from uuid;
    foreign_to uuid;
    foreign_parents boolean;
    missing uuid;
BEGIN
    -- an asset or account is its client's: a transfer naming another client's names none of its own
    EXECUTE 'WITH pairs AS (SELECT DISTINCT client_id, asset_id FROM new_rows)
             SELECT ARRAY(SELECT DISTINCT asset_id FROM pairs),
                    (SELECT p.asset_id FROM pairs p JOIN assets a ON a.id = p.asset_id WHERE a.client_id <> p.client_id LIMIT 1),
                    ARRAY(SELECT DISTINCT from_account_id FROM new_rows WHERE from_account_id IS NOT NULL),
                    ARRAY(SELECT DISTINCT to_account_id FROM new_rows WHERE to_account_id IS NOT NULL),
                    (SELECT n.from_account_id FROM new_rows n JOIN accounts a ON a.id = n.from_account_id WHERE a.client_id <> n.client_id LIMIT 1),
                    (SELECT n.to_account_id FROM new_rows n JOIN accounts a ON a.id = n.to_account_id WHERE a.client_id <> n.client_id LIMIT 1)'
       INTO assets_, foreign_asset, froms, tos, foreign_from, foreign_to;
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
        IF foreign_from IS NOT NULL THEN
            PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', foreign_from);
        END IF;
        SELECT n INTO missing FROM unnest(tos) n WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n) LIMIT 1;
        IF FOUND THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', missing);
        END IF;
        IF foreign_to IS NOT NULL THEN
            PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', foreign_to);
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
CREATE OR REPLACE FUNCTION dirty_marks_check_parents() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
