-- +goose Up
-- The parent check of inserted transactions reads the statement's rows once, as their distinct
-- (client, account) pairs, and looks up each pair's account once: a large import is one account
-- of one client, and looking the account up for every row was most of the check.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    clients_ uuid[];
    accounts_ uuid[];
    foreign_account uuid;
    missing uuid;
BEGIN
    EXECUTE 'WITH pairs AS MATERIALIZED (SELECT DISTINCT client_id, account_id FROM new_rows)
             SELECT ARRAY(SELECT DISTINCT client_id FROM pairs),
                    ARRAY(SELECT DISTINCT account_id FROM pairs WHERE account_id IS NOT NULL),
                    (SELECT p.account_id FROM pairs p JOIN accounts a ON a.id = p.account_id WHERE a.client_id <> p.client_id LIMIT 1)'
       INTO clients_, accounts_, foreign_account;
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
        -- an account is its client's: another client's account is no account of this one
        IF foreign_account IS NOT NULL THEN
            PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', foreign_account);
        END IF;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    clients_ uuid[];
    accounts_ uuid[];
    foreign_account uuid;
    missing uuid;
BEGIN
    EXECUTE 'SELECT ARRAY(SELECT DISTINCT client_id FROM new_rows),
                    ARRAY(SELECT DISTINCT account_id FROM new_rows WHERE account_id IS NOT NULL),
                    (SELECT n.account_id FROM new_rows n JOIN accounts a ON a.id = n.account_id WHERE a.client_id <> n.client_id LIMIT 1)'
       INTO clients_, accounts_, foreign_account;
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
        -- an account is its client's: another client's account is no account of this one
        IF foreign_account IS NOT NULL THEN
            PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', foreign_account);
        END IF;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
