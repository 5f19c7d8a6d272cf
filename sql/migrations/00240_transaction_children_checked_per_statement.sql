-- +goose Up
-- The references to transactions from audit entries, insight rows, transfer pairs,
-- classifications and child transactions, checked per statement.
--
-- They were row-level foreign keys to transactions (id, client_id), whose actions Postgres runs
-- row by row: deleting a client of 20,000 transactions spent two thirds of its time (1.0 s of
-- 1.5 s) in their ON DELETE actions, a minute at a million; an import paid the parent_id key's
-- check for every written row. They are replaced by triggers that keep the same guarantees
-- set-wise, as the transfers' and dirty marks' references already are (00017, 00021, 00025):
--   - an INSERT locks the committed transactions its rows name FOR KEY SHARE, as the foreign key
--     did (a concurrent delete of one waits for the write's commit, then takes its rows with it),
--     and then, in a query that sees any delete committed while it waited, looks for a row whose
--     transaction is not there or is another client's; a missing one raises
--     foreign_key_violation with the constraint's old name, so store.Err maps it as before;
--   - an UPDATE that changes a reference checks it per row (rare);
--   - deleting transactions, by any statement, does what the foreign keys did, in one statement
--     per child table: insight rows, transfer pairs (either side) and classifications go with
--     them, audit entries and child transactions keep their rows with the reference set to NULL;
--   - a named transaction's key (id, client_id) does not change.

ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_transaction_id_fkey;
ALTER TABLE insight_transactions DROP CONSTRAINT insight_transactions_transaction_id_fkey;
ALTER TABLE internal_transfer_pairs DROP CONSTRAINT internal_transfer_pairs_from_transaction_id_fkey,
    DROP CONSTRAINT internal_transfer_pairs_to_transaction_id_fkey;
ALTER TABLE transaction_classifications DROP CONSTRAINT transaction_classifications_transaction_id_client_id_fkey;
ALTER TABLE transactions DROP CONSTRAINT transactions_parent_id_fkey;

-- +goose StatementBegin
-- transaction_children_check_parents checks the transactions named by the statement's new rows
-- (transition table new_rows). TG_ARGV: the column naming the transaction, the foreign key's name.
-- Planned by EXECUTE on every call: the size of the transition table decides between probing
-- transactions_pkey and hashing.
CREATE FUNCTION transaction_children_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    col text := TG_ARGV[0];
    named boolean;
    missing uuid;
BEGIN
    -- most inserted transactions have no parent: their import does no more than this
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM new_rows WHERE %I IS NOT NULL)', col) INTO named;
    IF NOT named THEN
        RETURN NULL;
    END IF;
    -- Lock first: a transaction deleted by a database transaction that commits while this waits
    -- is then missing from the check below (a new snapshot). A transaction written by this
    -- database transaction needs no lock: nobody else can see it yet.
    EXECUTE format('SELECT 1 FROM transactions t WHERE t.id IN (SELECT %I FROM new_rows) AND t.xmin <> pg_current_xact_id()::xid FOR KEY SHARE', col);
    EXECUTE format('SELECT n.%1$I FROM new_rows n WHERE n.%1$I IS NOT NULL
                       AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = n.%1$I AND t.client_id = n.client_id) LIMIT 1', col)
       INTO missing;
    IF missing IS NOT NULL THEN
        PERFORM ledger_fk_violation(TG_TABLE_NAME, col, 'transactions', TG_ARGV[1], missing);
    END IF;
    RETURN NULL;
END $$;

-- transaction_children_check_changed_parent checks one updated row's reference (same TG_ARGV).
CREATE FUNCTION transaction_children_check_changed_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    parent uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
BEGIN
    PERFORM 1 FROM transactions t WHERE t.id = parent AND t.client_id = NEW.client_id FOR KEY SHARE;
    IF NOT FOUND THEN
        PERFORM ledger_fk_violation(TG_TABLE_NAME, TG_ARGV[0], 'transactions', TG_ARGV[1], parent);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transactions_delete_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    parents_named boolean;
BEGIN
    -- (EXECUTE: planned for the size of old_rows, one transaction or a whole client)
    EXECUTE 'DELETE FROM transfers WHERE transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'DELETE FROM dirty_marks WHERE transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'DELETE FROM insight_transactions WHERE transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'DELETE FROM internal_transfer_pairs WHERE from_transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'DELETE FROM internal_transfer_pairs WHERE to_transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'DELETE FROM transaction_classifications WHERE transaction_id IN (SELECT id FROM old_rows)';
    EXECUTE 'UPDATE audit_logs SET transaction_id = NULL WHERE transaction_id IN (SELECT id FROM old_rows)';
    -- an UPDATE of transactions runs their statement triggers even when it changes no row
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM transactions WHERE parent_id IN (SELECT id FROM old_rows))' INTO parents_named;
    IF parents_named THEN
        EXECUTE 'UPDATE transactions SET parent_id = NULL WHERE parent_id IN (SELECT id FROM old_rows)';
    END IF;
    RETURN NULL;
END $$;

-- A transaction's key does not change while a row names it: its id while anything names it, its
-- client while a row of the checks above names it.
CREATE OR REPLACE FUNCTION transactions_refuse_new_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id <> OLD.id THEN
        IF EXISTS (SELECT 1 FROM transfers WHERE transaction_id = OLD.id) THEN
            PERFORM ledger_fk_still_named('transactions', 'transfers', 'transfers_transaction_id_fkey', OLD.id);
        END IF;
        IF EXISTS (SELECT 1 FROM dirty_marks WHERE transaction_id = OLD.id) THEN
            PERFORM ledger_fk_still_named('transactions', 'dirty_marks', 'dirty_marks_transaction_id_fkey', OLD.id);
        END IF;
    END IF;
    IF EXISTS (SELECT 1 FROM audit_logs WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'audit_logs', 'audit_logs_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM insight_transactions WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'insight_transactions', 'insight_transactions_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM internal_transfer_pairs WHERE from_transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'internal_transfer_pairs', 'internal_transfer_pairs_from_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM internal_transfer_pairs WHERE to_transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'internal_transfer_pairs', 'internal_transfer_pairs_to_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM transaction_classifications WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'transaction_classifications', 'transaction_classifications_transaction_id_client_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM transactions WHERE parent_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'transactions', 'transactions_parent_id_fkey', OLD.id);
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

DROP TRIGGER transactions_id_fixed ON transactions;
CREATE TRIGGER transactions_id_fixed BEFORE UPDATE OF id, client_id ON transactions
    FOR EACH ROW WHEN (NEW.id <> OLD.id OR NEW.client_id <> OLD.client_id) EXECUTE FUNCTION transactions_refuse_new_id();

CREATE TRIGGER audit_logs_check_parents AFTER INSERT ON audit_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('transaction_id', 'audit_logs_transaction_id_fkey');
CREATE TRIGGER audit_logs_check_changed_parents AFTER UPDATE OF transaction_id, client_id ON audit_logs
    FOR EACH ROW WHEN (NEW.transaction_id IS NOT NULL AND (NEW.transaction_id IS DISTINCT FROM OLD.transaction_id OR NEW.client_id <> OLD.client_id))
    EXECUTE FUNCTION transaction_children_check_changed_parent('transaction_id', 'audit_logs_transaction_id_fkey');
CREATE TRIGGER insight_transactions_check_parents AFTER INSERT ON insight_transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('transaction_id', 'insight_transactions_transaction_id_fkey');
CREATE TRIGGER insight_transactions_check_changed_parents AFTER UPDATE OF transaction_id, client_id ON insight_transactions
    FOR EACH ROW WHEN (NEW.transaction_id <> OLD.transaction_id OR NEW.client_id <> OLD.client_id)
    EXECUTE FUNCTION transaction_children_check_changed_parent('transaction_id', 'insight_transactions_transaction_id_fkey');
CREATE TRIGGER internal_transfer_pairs_check_from AFTER INSERT ON internal_transfer_pairs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('from_transaction_id', 'internal_transfer_pairs_from_transaction_id_fkey');
CREATE TRIGGER internal_transfer_pairs_check_to AFTER INSERT ON internal_transfer_pairs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('to_transaction_id', 'internal_transfer_pairs_to_transaction_id_fkey');
CREATE TRIGGER internal_transfer_pairs_check_changed_from AFTER UPDATE OF from_transaction_id, client_id ON internal_transfer_pairs
    FOR EACH ROW WHEN (NEW.from_transaction_id <> OLD.from_transaction_id OR NEW.client_id <> OLD.client_id)
    EXECUTE FUNCTION transaction_children_check_changed_parent('from_transaction_id', 'internal_transfer_pairs_from_transaction_id_fkey');
CREATE TRIGGER internal_transfer_pairs_check_changed_to AFTER UPDATE OF to_transaction_id, client_id ON internal_transfer_pairs
    FOR EACH ROW WHEN (NEW.to_transaction_id <> OLD.to_transaction_id OR NEW.client_id <> OLD.client_id)
    EXECUTE FUNCTION transaction_children_check_changed_parent('to_transaction_id', 'internal_transfer_pairs_to_transaction_id_fkey');
CREATE TRIGGER transaction_classifications_check_parents AFTER INSERT ON transaction_classifications
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('transaction_id', 'transaction_classifications_transaction_id_client_id_fkey');
CREATE TRIGGER transaction_classifications_check_changed_parents AFTER UPDATE OF transaction_id, client_id ON transaction_classifications
    FOR EACH ROW WHEN (NEW.transaction_id <> OLD.transaction_id OR NEW.client_id <> OLD.client_id)
    EXECUTE FUNCTION transaction_children_check_changed_parent('transaction_id', 'transaction_classifications_transaction_id_client_id_fkey');
CREATE TRIGGER transactions_check_parent_transactions AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION transaction_children_check_parents('parent_id', 'transactions_parent_id_fkey');
CREATE TRIGGER transactions_check_changed_parent_transaction AFTER UPDATE OF parent_id, client_id ON transactions
    FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL AND (NEW.parent_id IS DISTINCT FROM OLD.parent_id OR NEW.client_id <> OLD.client_id))
    EXECUTE FUNCTION transaction_children_check_changed_parent('parent_id', 'transactions_parent_id_fkey');

-- +goose Down
DROP TRIGGER transactions_check_changed_parent_transaction ON transactions;
DROP TRIGGER transactions_check_parent_transactions ON transactions;
DROP TRIGGER transaction_classifications_check_changed_parents ON transaction_classifications;
DROP TRIGGER transaction_classifications_check_parents ON transaction_classifications;
DROP TRIGGER internal_transfer_pairs_check_changed_to ON internal_transfer_pairs;
DROP TRIGGER internal_transfer_pairs_check_changed_from ON internal_transfer_pairs;
DROP TRIGGER internal_transfer_pairs_check_to ON internal_transfer_pairs;
DROP TRIGGER internal_transfer_pairs_check_from ON internal_transfer_pairs;
DROP TRIGGER insight_transactions_check_changed_parents ON insight_transactions;
DROP TRIGGER insight_transactions_check_parents ON insight_transactions;
DROP TRIGGER audit_logs_check_changed_parents ON audit_logs;
DROP TRIGGER audit_logs_check_parents ON audit_logs;
DROP TRIGGER transactions_id_fixed ON transactions;
CREATE TRIGGER transactions_id_fixed BEFORE UPDATE OF id ON transactions
    FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION transactions_refuse_new_id();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transactions_refuse_new_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM transfers WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'transfers', 'transfers_transaction_id_fkey', OLD.id);
    END IF;
    IF EXISTS (SELECT 1 FROM dirty_marks WHERE transaction_id = OLD.id) THEN
        PERFORM ledger_fk_still_named('transactions', 'dirty_marks', 'dirty_marks_transaction_id_fkey', OLD.id);
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION transactions_delete_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM transfers WHERE transaction_id IN (SELECT id FROM old_rows);
    DELETE FROM dirty_marks WHERE transaction_id IN (SELECT id FROM old_rows);
    RETURN NULL;
END $$;
-- +goose StatementEnd
DROP FUNCTION transaction_children_check_changed_parent(), transaction_children_check_parents();
ALTER TABLE transactions ADD CONSTRAINT transactions_parent_id_fkey FOREIGN KEY (parent_id, client_id)
    REFERENCES transactions (id, client_id) ON DELETE SET NULL (parent_id);
ALTER TABLE transaction_classifications ADD CONSTRAINT transaction_classifications_transaction_id_client_id_fkey
    FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE internal_transfer_pairs
    ADD CONSTRAINT internal_transfer_pairs_from_transaction_id_fkey FOREIGN KEY (from_transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE,
    ADD CONSTRAINT internal_transfer_pairs_to_transaction_id_fkey FOREIGN KEY (to_transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE insight_transactions ADD CONSTRAINT insight_transactions_transaction_id_fkey
    FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE audit_logs ADD CONSTRAINT audit_logs_transaction_id_fkey
    FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE SET NULL (transaction_id);
