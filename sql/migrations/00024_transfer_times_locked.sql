-- A transfer written beside a concurrent change of its transaction's time takes the time that
-- commits (migration 00022 read it unlocked).
--
-- Without a lock, two READ COMMITTED writers could leave a transfer on the old time: one moves a
-- transaction to another time (its trigger passes the time to the transfers it can see), while the
-- other adds a transfer to it, reading the time not yet committed. Reading the transaction FOR SHARE
-- makes the second wait for the first (and then read the new time), or the first wait for the
-- second (and then pass the time to its transfer too). A transaction this database transaction
-- wrote is not locked (no one else can see it yet, as in ledger_check_transactions), and only
-- writes that give no time come here: the bulk import gives the times of the transactions it has
-- just inserted.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transfers_take_transaction_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    own boolean;
BEGIN
    SELECT t.occurred_at, t.xmin = pg_current_xact_id()::xid INTO NEW.occurred_at, own
      FROM transactions t WHERE t.id = NEW.transaction_id;
    IF NOT FOUND THEN
        -- the error the statement's parent check would give, before NOT NULL gives a vaguer one
        PERFORM ledger_fk_violation('transfers', 'transaction_id', 'transactions', 'transfers_transaction_id_fkey', NEW.transaction_id);
    ELSIF NOT own THEN
        SELECT t.occurred_at INTO NEW.occurred_at FROM transactions t WHERE t.id = NEW.transaction_id FOR SHARE;
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transfers_take_transaction_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT t.occurred_at INTO NEW.occurred_at FROM transactions t WHERE t.id = NEW.transaction_id;
    IF NOT FOUND THEN
        PERFORM ledger_fk_violation('transfers', 'transaction_id', 'transactions', 'transfers_transaction_id_fkey', NEW.transaction_id);
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd
