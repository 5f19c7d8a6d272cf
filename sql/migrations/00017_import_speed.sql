-- +goose Up
-- Bulk imports (issue 18): what each written row costs inside Postgres.
--
-- transfers_client_idx (client_id) is a prefix of transfers_client_asset_idx (client_id, asset_id,
-- transaction_id), which serves every lookup by client alone; keeping both only costs a second
-- index entry per written transfer.
DROP INDEX transfers_client_idx;

-- The marks' fill trigger looked the transaction up only when occurred_at was not given, but it
-- was called (a PL/pgSQL call) for every row; the bulk paths give occurred_at, so a WHEN clause
-- skips the call for them.
DROP TRIGGER dirty_marks_fill_occurred_at ON dirty_marks;
CREATE TRIGGER dirty_marks_fill_occurred_at BEFORE INSERT ON dirty_marks
    FOR EACH ROW WHEN (NEW.occurred_at IS NULL) EXECUTE FUNCTION dirty_marks_fill_occurred_at();

-- Foreign keys to the ledger's few parents (clients, accounts, assets), checked per statement.
-- A row-level foreign key costs an index lookup and a row lock of the parent per written row: a
-- million-row import into one account checked the same client, the same account and a handful of
-- assets millions of times (a third of the write's CPU, measured at 100k rows). These five are
-- replaced by triggers that keep the same guarantees set-wise:
--   - an INSERT checks the distinct parents its rows name, once per statement, and locks them
--     FOR KEY SHARE as the foreign key did (a concurrent delete of the parent waits for the
--     import's commit, then sees its rows); a missing one raises foreign_key_violation with the
--     constraint's old name, so store.Err maps it as before;
--   - an UPDATE that changes a reference checks it per row (rare: account moves, links);
--   - deleting a parent does what the foreign key did: a client takes its transactions with it
--     (before its other cascades run, so that its assets are no longer named by transfers: the
--     old order refused to delete a client with transfers), an account is set to NULL where
--     transactions and transfers name it, and an asset that transfers still name is refused;
--   - a parent's id never changes (refused while it is named).
-- The foreign keys from transfers, dirty marks, pairs and audit entries to transactions stay:
-- their parents are many, and their cascades are what the portfolio triggers rely on.
ALTER TABLE transactions DROP CONSTRAINT transactions_client_id_fkey, DROP CONSTRAINT transactions_account_id_fkey;
ALTER TABLE transfers DROP CONSTRAINT transfers_asset_id_fkey, DROP CONSTRAINT transfers_from_account_id_fkey,
    DROP CONSTRAINT transfers_to_account_id_fkey;

-- +goose StatementBegin
CREATE FUNCTION ledger_fk_violation(tbl text, col text, parent text, constraint_name text, key uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', tbl, constraint_name
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = tbl,
              DETAIL = format('Key (%s)=(%s) is not present in table "%s".', col, key, parent);
END $$;

CREATE FUNCTION transactions_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    missing uuid;
BEGIN
    -- Lock the named parents as a foreign key would, then look for one that is not there.
    PERFORM 1 FROM clients c WHERE c.id IN (SELECT client_id FROM new_rows) FOR KEY SHARE;
    SELECT n.client_id INTO missing FROM (SELECT DISTINCT client_id FROM new_rows) n
     WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = n.client_id) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transactions', 'client_id', 'clients', 'transactions_client_id_fkey', missing);
    END IF;
    PERFORM 1 FROM accounts a WHERE a.id IN (SELECT account_id FROM new_rows) FOR KEY SHARE;
    SELECT n.account_id INTO missing FROM (SELECT DISTINCT account_id FROM new_rows WHERE account_id IS NOT NULL) n
     WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n.account_id) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', missing);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION transfers_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    missing uuid;
BEGIN
    PERFORM 1 FROM assets a WHERE a.id IN (SELECT asset_id FROM new_rows) FOR KEY SHARE;
    SELECT n.asset_id INTO missing FROM (SELECT DISTINCT asset_id FROM new_rows) n
     WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = n.asset_id) LIMIT 1;
    IF FOUND THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', missing);
    END IF;
    PERFORM 1 FROM accounts a WHERE a.id IN (SELECT from_account_id FROM new_rows UNION SELECT to_account_id FROM new_rows) FOR KEY SHARE;
    SELECT n.account_id INTO missing FROM (SELECT from_account_id AS account_id FROM new_rows WHERE from_account_id IS NOT NULL
                                           UNION SELECT to_account_id FROM new_rows WHERE to_account_id IS NOT NULL) n
     WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n.account_id) LIMIT 1;
    IF FOUND THEN
        IF EXISTS (SELECT 1 FROM new_rows WHERE from_account_id = missing) THEN
            PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', missing);
        END IF;
        PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', missing);
    END IF;
    RETURN NULL;
END $$;

-- A changed reference, row by row (updates of these columns are few).
CREATE FUNCTION transactions_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.client_id IS DISTINCT FROM OLD.client_id
       AND NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transactions', 'client_id', 'clients', 'transactions_client_id_fkey', NEW.client_id);
    END IF;
    IF NEW.account_id IS NOT NULL AND NEW.account_id IS DISTINCT FROM OLD.account_id
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.account_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', NEW.account_id);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION transfers_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.asset_id IS DISTINCT FROM OLD.asset_id
       AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = NEW.asset_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', NEW.asset_id);
    END IF;
    IF NEW.from_account_id IS NOT NULL AND NEW.from_account_id IS DISTINCT FROM OLD.from_account_id
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.from_account_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', NEW.from_account_id);
    END IF;
    IF NEW.to_account_id IS NOT NULL AND NEW.to_account_id IS DISTINCT FROM OLD.to_account_id
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.to_account_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', NEW.to_account_id);
    END IF;
    RETURN NULL;
END $$;

-- The parents' side: what ON DELETE CASCADE / SET NULL / NO ACTION did.
CREATE FUNCTION clients_delete_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM transactions WHERE client_id = OLD.id;
    RETURN OLD;
END $$;

CREATE FUNCTION accounts_unlink_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE transactions SET account_id = NULL WHERE account_id = OLD.id;
    UPDATE transfers SET from_account_id = NULL WHERE from_account_id = OLD.id;
    UPDATE transfers SET to_account_id = NULL WHERE to_account_id = OLD.id;
    RETURN OLD;
END $$;

CREATE FUNCTION assets_refuse_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE asset_id = OLD.id) THEN
        RAISE EXCEPTION 'update or delete on table "assets" violates foreign key constraint "transfers_asset_id_fkey" on table "transfers"'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'transfers_asset_id_fkey', TABLE = 'transfers',
                  DETAIL = format('Key (id)=(%s) is still referenced from table "transfers".', OLD.id);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION ledger_parent_id_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the id of a row of "%" cannot change', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END $$;
-- +goose StatementEnd

CREATE TRIGGER transactions_check_parents AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_check_parents();
CREATE TRIGGER transactions_check_changed_parents AFTER UPDATE OF client_id, account_id ON transactions
    FOR EACH ROW WHEN (NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.account_id IS DISTINCT FROM OLD.account_id)
    EXECUTE FUNCTION transactions_check_changed_parents();
CREATE TRIGGER transfers_check_parents AFTER INSERT ON transfers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_check_parents();
CREATE TRIGGER transfers_check_changed_parents AFTER UPDATE OF asset_id, from_account_id, to_account_id ON transfers
    FOR EACH ROW WHEN (NEW.asset_id IS DISTINCT FROM OLD.asset_id OR NEW.from_account_id IS DISTINCT FROM OLD.from_account_id
                       OR NEW.to_account_id IS DISTINCT FROM OLD.to_account_id)
    EXECUTE FUNCTION transfers_check_changed_parents();
CREATE TRIGGER clients_delete_transactions BEFORE DELETE ON clients
    FOR EACH ROW EXECUTE FUNCTION clients_delete_transactions();
CREATE TRIGGER accounts_unlink_ledger BEFORE DELETE ON accounts
    FOR EACH ROW EXECUTE FUNCTION accounts_unlink_ledger();
CREATE TRIGGER assets_refuse_named AFTER DELETE ON assets
    FOR EACH ROW EXECUTE FUNCTION assets_refuse_named();
CREATE TRIGGER clients_id_fixed BEFORE UPDATE OF id ON clients
    FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION ledger_parent_id_fixed();
CREATE TRIGGER accounts_id_fixed BEFORE UPDATE OF id ON accounts
    FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION ledger_parent_id_fixed();
CREATE TRIGGER assets_id_fixed BEFORE UPDATE OF id ON assets
    FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION ledger_parent_id_fixed();

-- The portfolio triggers' transfer contributions (00016) joined each transfer to its transaction
-- twice (once per side); one join with both sides unnested gives the same rows at half the cost
-- (a tenth of an import's write).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION portfolio_sides_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT 'WITH r AS (' || rows_sql || $$)
SELECT r.client_id, v.account_id, r.asset_id, v.sign * r.s * r.quantity AS q, t.occurred_at AS at
FROM r JOIN transactions t ON t.id = r.transaction_id
CROSS JOIN LATERAL (VALUES (r.to_account_id, 1), (r.from_account_id, -1)) v (account_id, sign)
WHERE v.account_id IS NOT NULL AND NOT r.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden$$
$f$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION portfolio_sides_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
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
DROP TRIGGER assets_id_fixed ON assets;
DROP TRIGGER accounts_id_fixed ON accounts;
DROP TRIGGER clients_id_fixed ON clients;
DROP TRIGGER assets_refuse_named ON assets;
DROP TRIGGER accounts_unlink_ledger ON accounts;
DROP TRIGGER clients_delete_transactions ON clients;
DROP TRIGGER transfers_check_changed_parents ON transfers;
DROP TRIGGER transfers_check_parents ON transfers;
DROP TRIGGER transactions_check_changed_parents ON transactions;
DROP TRIGGER transactions_check_parents ON transactions;
DROP FUNCTION ledger_parent_id_fixed(), assets_refuse_named(), accounts_unlink_ledger(), clients_delete_transactions(),
    transfers_check_changed_parents(), transactions_check_changed_parents(), transfers_check_parents(),
    transactions_check_parents(), ledger_fk_violation(text, text, text, text, uuid);
ALTER TABLE transactions ADD CONSTRAINT transactions_client_id_fkey FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    ADD CONSTRAINT transactions_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE SET NULL;
ALTER TABLE transfers ADD CONSTRAINT transfers_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets (id),
    ADD CONSTRAINT transfers_from_account_id_fkey FOREIGN KEY (from_account_id) REFERENCES accounts (id) ON DELETE SET NULL,
    ADD CONSTRAINT transfers_to_account_id_fkey FOREIGN KEY (to_account_id) REFERENCES accounts (id) ON DELETE SET NULL;
DROP TRIGGER dirty_marks_fill_occurred_at ON dirty_marks;
CREATE TRIGGER dirty_marks_fill_occurred_at BEFORE INSERT ON dirty_marks
    FOR EACH ROW EXECUTE FUNCTION dirty_marks_fill_occurred_at();
CREATE INDEX transfers_client_idx ON transfers (client_id);
