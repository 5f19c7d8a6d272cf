-- +goose Up
-- Bulk imports (issue 18), second round: the references of transfers and dirty marks to their
-- transaction, checked per statement.
--
-- transfers.transaction_id and dirty_marks.transaction_id were the last row-level foreign keys on
-- the ledger's write path. Each written row cost an SPI query: an index lookup of its transaction
-- and a FOR KEY SHARE lock of it (a WAL record and a dirtied page per row, even for a transaction
-- the same import had just inserted). Measured on 1.3M transfers: 7.4 s of Postgres CPU with the
-- foreign key against 1.2 s without; the dirty marks of a million-row import cost as much again.
-- Deleting worked per row too: every deleted transaction ran its own cascade DELETE on transfers,
-- and each of those fired the portfolio trigger, so deleting a 1M-transaction client took minutes.
--
-- The triggers below keep what the foreign keys guaranteed, set-wise, as 00017 did for clients,
-- accounts and assets:
--   - an INSERT looks up the distinct transactions its rows name in one pass; a missing one raises
--     foreign_key_violation with the old constraint's name (store.Err maps it as before);
--   - the transactions that were not written by this same database transaction are locked FOR KEY
--     SHARE, as the foreign key did, so a concurrent delete waits for the writer's commit and then
--     takes the new rows with it. A transaction this one inserted needs no lock: nobody else can
--     see it before the commit (xmin is the current transaction id; rows written in a savepoint
--     have another xmin and are simply locked);
--   - an UPDATE that changes the reference checks it per row (rare);
--   - deleting transactions deletes their transfers and marks in one statement (what ON DELETE
--     CASCADE did row by row). It runs after the portfolio trigger of the transactions (trigger
--     names fire in order), which records the deleted transactions first, so the transfers'
--     portfolio trigger applies their removal at once (00016 handles either order);
--   - a transaction's id never changes (refused while it is named, as NO ACTION did).
-- The checks of 00017 read their transition table once instead of four times.
ALTER TABLE transfers DROP CONSTRAINT transfers_transaction_id_fkey;
ALTER TABLE dirty_marks DROP CONSTRAINT dirty_marks_transaction_id_fkey;

-- transfers_asset_idx (asset_id) served only the refusal to delete an asset that transfers name;
-- an asset belongs to one client, and transfers_client_asset_idx (client_id, asset_id, ...) finds
-- its transfers as well once the check names the client. The insert check now also refuses a
-- transfer of another client's asset, which that shortcut relies on.
DROP INDEX transfers_asset_idx;

-- Transfers without addresses (file imports, exchange fills) have nothing for `search` to find in
-- the address index; leaving them out of it spares a GIN entry per written row. The search query
-- states the same condition, so the planner uses the partial index.
DROP INDEX transfers_address_trgm_idx;
CREATE INDEX transfers_address_trgm_idx ON transfers
    USING gin (lower(coalesce(from_address, '') || ' ' || coalesce(to_address, '')) gin_trgm_ops)
    WHERE from_address IS NOT NULL OR to_address IS NOT NULL;

-- +goose StatementBegin
-- ledger_check_transactions checks that every id in ids names a transaction, and locks those not
-- inserted by the current transaction FOR KEY SHARE. tbl and constraint_name name the violation.
CREATE FUNCTION ledger_check_transactions(ids uuid[], tbl text, constraint_name text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    wanted bigint := cardinality(ids);
    found bigint;
    own bigint;
    missing uuid;
BEGIN
    IF wanted = 0 THEN
        RETURN;
    END IF;
    -- (a join with unnest, not "id = ANY (ids)": the planner estimates ANY element by element)
    SELECT count(*), count(*) FILTER (WHERE t.xmin = pg_current_xact_id()::xid)
      INTO found, own FROM unnest(ids) i JOIN transactions t ON t.id = i;
    IF found < wanted THEN
        SELECT i INTO missing FROM unnest(ids) i WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = i) LIMIT 1;
        PERFORM ledger_fk_violation(tbl, 'transaction_id', 'transactions', constraint_name, missing);
    END IF;
    IF own < found THEN
        PERFORM 1 FROM transactions t WHERE t.id IN (SELECT unnest(ids)) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE;
    END IF;
END $$;

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
    -- an asset is its client's: a transfer of another client's asset names no asset of its own
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

CREATE OR REPLACE FUNCTION transfers_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.asset_id IS DISTINCT FROM OLD.asset_id
       AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = NEW.asset_id AND a.client_id = NEW.client_id FOR KEY SHARE) THEN
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
    IF NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN
        PERFORM ledger_check_transactions(ARRAY[NEW.transaction_id], 'transfers', 'transfers_transaction_id_fkey');
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION dirty_marks_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    txs uuid[];
BEGIN
    SELECT array_agg(DISTINCT transaction_id) INTO txs FROM new_rows;
    PERFORM ledger_check_transactions(txs, 'dirty_marks', 'dirty_marks_transaction_id_fkey');
    RETURN NULL;
END $$;

CREATE FUNCTION dirty_marks_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM ledger_check_transactions(ARRAY[NEW.transaction_id], 'dirty_marks', 'dirty_marks_transaction_id_fkey');
    RETURN NULL;
END $$;

CREATE FUNCTION transactions_delete_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM transfers WHERE transaction_id IN (SELECT id FROM old_rows);
    DELETE FROM dirty_marks WHERE transaction_id IN (SELECT id FROM old_rows);
    RETURN NULL;
END $$;

-- ledger_fk_still_named raises what a foreign key raises when its parent row goes while child rows
-- still name it (the parent side of ledger_fk_violation).
CREATE FUNCTION ledger_fk_still_named(parent text, child text, constraint_name text, key uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', parent, constraint_name, child
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = constraint_name, TABLE = child,
              DETAIL = format('Key (id)=(%s) is still referenced from table "%s".', key, child);
END $$;

CREATE FUNCTION transactions_refuse_new_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'transfers', 'transfers_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM dirty_marks WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'dirty_marks', 'dirty_marks_transaction_id_fkey', OLD.id);
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION assets_refuse_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE client_id = OLD.client_id AND asset_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('assets', 'transfers', 'transfers_asset_id_fkey', OLD.id);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

DROP TRIGGER transfers_check_changed_parents ON transfers;
CREATE TRIGGER transfers_check_changed_parents AFTER UPDATE OF asset_id, from_account_id, to_account_id, transaction_id ON transfers
    FOR EACH ROW WHEN (NEW.asset_id IS DISTINCT FROM OLD.asset_id OR NEW.from_account_id IS DISTINCT FROM OLD.from_account_id
                       OR NEW.to_account_id IS DISTINCT FROM OLD.to_account_id OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id)
    EXECUTE FUNCTION transfers_check_changed_parents();
CREATE TRIGGER dirty_marks_check_parents AFTER INSERT ON dirty_marks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dirty_marks_check_parents();
CREATE TRIGGER dirty_marks_check_changed_parents AFTER UPDATE OF transaction_id ON dirty_marks
    FOR EACH ROW WHEN (NEW.transaction_id IS DISTINCT FROM OLD.transaction_id)
    EXECUTE FUNCTION dirty_marks_check_changed_parents();
-- "transactions_delete_children" fires after "portfolio_transactions_deleted" (name order).
CREATE TRIGGER transactions_delete_children AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_delete_children();
CREATE TRIGGER transactions_id_fixed BEFORE UPDATE OF id ON transactions
    FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION transactions_refuse_new_id();

-- +goose Down
DROP TRIGGER transactions_id_fixed ON transactions;
DROP TRIGGER transactions_delete_children ON transactions;
DROP TRIGGER dirty_marks_check_changed_parents ON dirty_marks;
DROP TRIGGER dirty_marks_check_parents ON dirty_marks;
DROP TRIGGER transfers_check_changed_parents ON transfers;
CREATE TRIGGER transfers_check_changed_parents AFTER UPDATE OF asset_id, from_account_id, to_account_id ON transfers
    FOR EACH ROW WHEN (NEW.asset_id IS DISTINCT FROM OLD.asset_id OR NEW.from_account_id IS DISTINCT FROM OLD.from_account_id
                       OR NEW.to_account_id IS DISTINCT FROM OLD.to_account_id)
    EXECUTE FUNCTION transfers_check_changed_parents();
DROP FUNCTION transactions_refuse_new_id(), transactions_delete_children(), dirty_marks_check_changed_parents(),
    dirty_marks_check_parents();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION assets_refuse_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE asset_id = OLD.id) THEN
        RAISE EXCEPTION 'update or delete on table "assets" violates foreign key constraint "transfers_asset_id_fkey" on table "transfers"'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'transfers_asset_id_fkey', TABLE = 'transfers',
                  DETAIL = format('Key (id)=(%s) is still referenced from table "transfers".', OLD.id);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transfers_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    missing uuid;
BEGIN
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
-- +goose StatementEnd
DROP FUNCTION ledger_check_transactions(uuid[], text, text), ledger_fk_still_named(text, text, text, uuid);
DROP INDEX transfers_address_trgm_idx;
CREATE INDEX transfers_address_trgm_idx ON transfers
    USING gin (lower(coalesce(from_address, '') || ' ' || coalesce(to_address, '')) gin_trgm_ops);
CREATE INDEX transfers_asset_idx ON transfers (asset_id);
DELETE FROM dirty_marks d WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = d.transaction_id);
ALTER TABLE dirty_marks ADD CONSTRAINT dirty_marks_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE CASCADE;
ALTER TABLE transfers ADD CONSTRAINT transfers_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE CASCADE;
