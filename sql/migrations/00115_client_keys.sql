-- +goose Up
-- Every key of a client's data carries client_id, so that the ledger can be sharded by client
-- (docs/operations.md, "Sharding by client"): each primary key, unique constraint and unique index
-- of a table with client_id holds it, and each foreign key between such tables matches on it, so a
-- row can only name a row of its own client. client_id is the last key column, so every lookup by
-- id alone keeps using the key's index. Shared tables (partners, prices, users, webhooks, river's)
-- are left as they are; clients' own key is its id.

-- Tables that hang off a client table without client_id get it; ledger_fill_client_id copies it
-- from the parent row on insert, so the code that writes them names only the parent.
-- +goose StatementBegin
CREATE FUNCTION ledger_fill_client_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    -- TG_ARGV: parent table, this table's column naming the parent's id, the foreign key's name
    parent uuid := (to_jsonb(NEW) ->> TG_ARGV[1])::uuid;
BEGIN
    IF NEW.client_id IS NULL THEN
        EXECUTE format('SELECT client_id FROM %I WHERE id = $1', TG_ARGV[0]) INTO NEW.client_id USING parent;
        IF NEW.client_id IS NULL THEN
            PERFORM ledger_fk_violation(TG_TABLE_NAME, TG_ARGV[1], TG_ARGV[0], TG_ARGV[2], parent);
        END IF;
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

ALTER TABLE account_sync_items ADD COLUMN client_id uuid;
UPDATE account_sync_items i SET client_id = s.client_id FROM account_syncs s WHERE s.id = i.sync_id;
ALTER TABLE account_refresh_edits ADD COLUMN client_id uuid;
UPDATE account_refresh_edits e SET client_id = a.client_id FROM accounts a WHERE a.id = e.account_id;
ALTER TABLE insight_transactions ADD COLUMN client_id uuid;
UPDATE insight_transactions i SET client_id = n.client_id FROM insights n WHERE n.id = i.insight_id;
ALTER TABLE tax_year_summaries ADD COLUMN client_id uuid;
UPDATE tax_year_summaries r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
ALTER TABLE tax_checkpoints ADD COLUMN client_id uuid;
UPDATE tax_checkpoints r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
ALTER TABLE portfolio_basis ADD COLUMN client_id uuid;
UPDATE portfolio_basis r SET client_id = s.client_id FROM tax_result_sets s WHERE s.id = r.result_set_id;
ALTER TABLE account_sync_items ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE account_refresh_edits ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE insight_transactions ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE tax_year_summaries ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE tax_checkpoints ALTER COLUMN client_id SET NOT NULL;
ALTER TABLE portfolio_basis ALTER COLUMN client_id SET NOT NULL;
CREATE TRIGGER account_sync_items_client_id BEFORE INSERT ON account_sync_items
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('account_syncs', 'sync_id', 'account_sync_items_sync_id_fkey');
CREATE TRIGGER account_refresh_edits_client_id BEFORE INSERT ON account_refresh_edits
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('accounts', 'account_id', 'account_refresh_edits_account_id_fkey');
CREATE TRIGGER insight_transactions_client_id BEFORE INSERT ON insight_transactions
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('insights', 'insight_id', 'insight_transactions_insight_id_fkey');
CREATE TRIGGER tax_year_summaries_client_id BEFORE INSERT ON tax_year_summaries
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('tax_result_sets', 'result_set_id', 'tax_year_summaries_result_set_id_fkey');
CREATE TRIGGER tax_checkpoints_client_id BEFORE INSERT ON tax_checkpoints
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('tax_result_sets', 'result_set_id', 'tax_checkpoints_result_set_id_fkey');
CREATE TRIGGER portfolio_basis_client_id BEFORE INSERT ON portfolio_basis
    FOR EACH ROW EXECUTE FUNCTION ledger_fill_client_id('tax_result_sets', 'result_set_id', 'portfolio_basis_result_set_id_fkey');

-- The foreign keys between client tables go first: they depend on the keys rebuilt below.
ALTER TABLE account_refresh_edits DROP CONSTRAINT account_refresh_edits_account_id_fkey;
ALTER TABLE account_sync_items DROP CONSTRAINT account_sync_items_account_id_fkey;
ALTER TABLE account_sync_items DROP CONSTRAINT account_sync_items_sync_id_fkey;
ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_transaction_id_fkey;
ALTER TABLE clients DROP CONSTRAINT clients_current_result_set_fkey;
ALTER TABLE exchange_credentials DROP CONSTRAINT exchange_credentials_account_id_fkey;
ALTER TABLE insight_transactions DROP CONSTRAINT insight_transactions_insight_id_fkey;
ALTER TABLE insight_transactions DROP CONSTRAINT insight_transactions_transaction_id_fkey;
ALTER TABLE insights DROP CONSTRAINT insights_asset_id_fkey;
ALTER TABLE internal_transfer_pairs DROP CONSTRAINT internal_transfer_pairs_from_transaction_id_fkey;
ALTER TABLE internal_transfer_pairs DROP CONSTRAINT internal_transfer_pairs_to_transaction_id_fkey;
ALTER TABLE portfolio_basis DROP CONSTRAINT portfolio_basis_result_set_id_fkey;
ALTER TABLE tax_checkpoints DROP CONSTRAINT tax_checkpoints_result_set_id_fkey;
ALTER TABLE tax_form_generations DROP CONSTRAINT tax_form_generations_report_id_fkey;
ALTER TABLE tax_form_generations DROP CONSTRAINT tax_form_generations_tax_form_id_fkey;
ALTER TABLE tax_form_rows DROP CONSTRAINT tax_form_rows_asset_id_fkey;
ALTER TABLE tax_form_rows DROP CONSTRAINT tax_form_rows_tax_form_id_fkey;
ALTER TABLE tax_forms DROP CONSTRAINT tax_forms_account_id_fkey;
ALTER TABLE tax_result_sets DROP CONSTRAINT tax_result_sets_recalc_job_id_fkey;
ALTER TABLE tax_year_summaries DROP CONSTRAINT tax_year_summaries_result_set_id_fkey;
ALTER TABLE transactions DROP CONSTRAINT transactions_parent_id_fkey;

-- Keys: the same names, client_id added.
ALTER TABLE account_refresh_edits DROP CONSTRAINT account_refresh_edits_pkey, ADD CONSTRAINT account_refresh_edits_pkey PRIMARY KEY (account_id, external_id, client_id);
ALTER TABLE account_sync_items DROP CONSTRAINT account_sync_items_pkey, ADD CONSTRAINT account_sync_items_pkey PRIMARY KEY (sync_id, account_id, client_id);
ALTER TABLE account_syncs DROP CONSTRAINT account_syncs_pkey, ADD CONSTRAINT account_syncs_pkey PRIMARY KEY (id, client_id);
ALTER TABLE accounts DROP CONSTRAINT accounts_pkey, ADD CONSTRAINT accounts_pkey PRIMARY KEY (id, client_id);
ALTER TABLE assets DROP CONSTRAINT assets_pkey, ADD CONSTRAINT assets_pkey PRIMARY KEY (id, client_id);
ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_pkey, ADD CONSTRAINT audit_logs_pkey PRIMARY KEY (id, client_id);
ALTER TABLE client_api_keys DROP CONSTRAINT client_api_keys_pkey, ADD CONSTRAINT client_api_keys_pkey PRIMARY KEY (id, client_id);
ALTER TABLE client_api_keys DROP CONSTRAINT client_api_keys_prefix_key, ADD CONSTRAINT client_api_keys_prefix_key UNIQUE (prefix, client_id);
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_code_key, ADD CONSTRAINT discount_codes_code_key UNIQUE (code, client_id);
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_pkey, ADD CONSTRAINT discount_codes_pkey PRIMARY KEY (id, client_id);
ALTER TABLE exchange_credentials DROP CONSTRAINT exchange_credentials_pkey, ADD CONSTRAINT exchange_credentials_pkey PRIMARY KEY (account_id, client_id);
ALTER TABLE insight_transactions DROP CONSTRAINT insight_transactions_pkey, ADD CONSTRAINT insight_transactions_pkey PRIMARY KEY (insight_id, transaction_id, client_id);
ALTER TABLE insights DROP CONSTRAINT insights_pkey, ADD CONSTRAINT insights_pkey PRIMARY KEY (id, client_id);
ALTER TABLE internal_transfer_pairs DROP CONSTRAINT internal_transfer_pairs_pkey, ADD CONSTRAINT internal_transfer_pairs_pkey PRIMARY KEY (from_transaction_id, to_transaction_id, client_id);
ALTER TABLE label_rules DROP CONSTRAINT label_rules_pkey, ADD CONSTRAINT label_rules_pkey PRIMARY KEY (id, client_id);
ALTER TABLE portfolio_basis DROP CONSTRAINT portfolio_basis_pkey, ADD CONSTRAINT portfolio_basis_pkey PRIMARY KEY (result_set_id, set_written_at, account_key, asset_key, client_id);
ALTER TABLE recalc_jobs DROP CONSTRAINT recalc_jobs_pkey, ADD CONSTRAINT recalc_jobs_pkey PRIMARY KEY (id, client_id);
ALTER TABLE reports DROP CONSTRAINT reports_pkey, ADD CONSTRAINT reports_pkey PRIMARY KEY (id, client_id);
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_pkey, ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id, client_id);
ALTER TABLE tax_checkpoints DROP CONSTRAINT tax_checkpoints_pkey, ADD CONSTRAINT tax_checkpoints_pkey PRIMARY KEY (result_set_id, at_time, client_id);
ALTER TABLE tax_form_generations DROP CONSTRAINT tax_form_generations_pkey, ADD CONSTRAINT tax_form_generations_pkey PRIMARY KEY (id, client_id);
ALTER TABLE tax_form_rows DROP CONSTRAINT tax_form_rows_id_key, ADD CONSTRAINT tax_form_rows_id_key UNIQUE (id, client_id);
ALTER TABLE tax_form_rows DROP CONSTRAINT tax_form_rows_pkey, ADD CONSTRAINT tax_form_rows_pkey PRIMARY KEY (tax_form_id, "position", client_id);
ALTER TABLE tax_forms DROP CONSTRAINT tax_forms_pkey, ADD CONSTRAINT tax_forms_pkey PRIMARY KEY (id, client_id);
ALTER TABLE tax_result_sets DROP CONSTRAINT tax_result_sets_pkey, ADD CONSTRAINT tax_result_sets_pkey PRIMARY KEY (id, client_id);
ALTER TABLE tax_year_summaries DROP CONSTRAINT tax_year_summaries_pkey, ADD CONSTRAINT tax_year_summaries_pkey PRIMARY KEY (result_set_id, tax_year, client_id);
ALTER TABLE transactions DROP CONSTRAINT transactions_pkey, ADD CONSTRAINT transactions_pkey PRIMARY KEY (id, client_id);
ALTER TABLE transfers DROP CONSTRAINT transfers_pkey, ADD CONSTRAINT transfers_pkey PRIMARY KEY (id, client_id);
ALTER TABLE transfers DROP CONSTRAINT transfers_transaction_position_key, ADD CONSTRAINT transfers_transaction_position_key UNIQUE (transaction_id, "position", client_id);

DROP INDEX transactions_account_external_key;
CREATE UNIQUE INDEX transactions_account_external_key ON transactions (account_id, external_id, client_id) WHERE external_id IS NOT NULL;
DROP INDEX internal_transfer_pairs_id_key;
CREATE UNIQUE INDEX internal_transfer_pairs_id_key ON internal_transfer_pairs (id, client_id);
DROP INDEX account_sync_items_active_key;
CREATE UNIQUE INDEX account_sync_items_active_key ON account_sync_items (account_id, client_id) WHERE status IN ('queued', 'syncing');

-- The foreign keys again, matching on client_id; ON DELETE SET NULL clears only the reference.
ALTER TABLE account_refresh_edits ADD CONSTRAINT account_refresh_edits_account_id_fkey FOREIGN KEY (account_id, client_id) REFERENCES accounts (id, client_id) ON DELETE CASCADE;
ALTER TABLE account_sync_items ADD CONSTRAINT account_sync_items_account_id_fkey FOREIGN KEY (account_id, client_id) REFERENCES accounts (id, client_id) ON DELETE CASCADE;
ALTER TABLE account_sync_items ADD CONSTRAINT account_sync_items_sync_id_fkey FOREIGN KEY (sync_id, client_id) REFERENCES account_syncs (id, client_id) ON DELETE CASCADE;
ALTER TABLE audit_logs ADD CONSTRAINT audit_logs_transaction_id_fkey FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE SET NULL (transaction_id);
ALTER TABLE clients ADD CONSTRAINT clients_current_result_set_fkey FOREIGN KEY (current_result_set_id, id) REFERENCES tax_result_sets (id, client_id) ON DELETE SET NULL (current_result_set_id);
ALTER TABLE exchange_credentials ADD CONSTRAINT exchange_credentials_account_id_fkey FOREIGN KEY (account_id, client_id) REFERENCES accounts (id, client_id) ON DELETE CASCADE;
ALTER TABLE insight_transactions ADD CONSTRAINT insight_transactions_insight_id_fkey FOREIGN KEY (insight_id, client_id) REFERENCES insights (id, client_id) ON DELETE CASCADE;
ALTER TABLE insight_transactions ADD CONSTRAINT insight_transactions_transaction_id_fkey FOREIGN KEY (transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE insights ADD CONSTRAINT insights_asset_id_fkey FOREIGN KEY (asset_id, client_id) REFERENCES assets (id, client_id) ON DELETE SET NULL (asset_id);
ALTER TABLE internal_transfer_pairs ADD CONSTRAINT internal_transfer_pairs_from_transaction_id_fkey FOREIGN KEY (from_transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE internal_transfer_pairs ADD CONSTRAINT internal_transfer_pairs_to_transaction_id_fkey FOREIGN KEY (to_transaction_id, client_id) REFERENCES transactions (id, client_id) ON DELETE CASCADE;
ALTER TABLE portfolio_basis ADD CONSTRAINT portfolio_basis_result_set_id_fkey FOREIGN KEY (result_set_id, client_id) REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE;
ALTER TABLE tax_checkpoints ADD CONSTRAINT tax_checkpoints_result_set_id_fkey FOREIGN KEY (result_set_id, client_id) REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE;
ALTER TABLE tax_form_generations ADD CONSTRAINT tax_form_generations_report_id_fkey FOREIGN KEY (report_id, client_id) REFERENCES reports (id, client_id) ON DELETE SET NULL (report_id);
ALTER TABLE tax_form_generations ADD CONSTRAINT tax_form_generations_tax_form_id_fkey FOREIGN KEY (tax_form_id, client_id) REFERENCES tax_forms (id, client_id) ON DELETE CASCADE;
ALTER TABLE tax_form_rows ADD CONSTRAINT tax_form_rows_asset_id_fkey FOREIGN KEY (asset_id, client_id) REFERENCES assets (id, client_id) ON DELETE SET NULL (asset_id);
ALTER TABLE tax_form_rows ADD CONSTRAINT tax_form_rows_tax_form_id_fkey FOREIGN KEY (tax_form_id, client_id) REFERENCES tax_forms (id, client_id) ON DELETE CASCADE;
ALTER TABLE tax_forms ADD CONSTRAINT tax_forms_account_id_fkey FOREIGN KEY (account_id, client_id) REFERENCES accounts (id, client_id) ON DELETE SET NULL (account_id);
ALTER TABLE tax_result_sets ADD CONSTRAINT tax_result_sets_recalc_job_id_fkey FOREIGN KEY (recalc_job_id, client_id) REFERENCES recalc_jobs (id, client_id) ON DELETE SET NULL (recalc_job_id);
ALTER TABLE tax_year_summaries ADD CONSTRAINT tax_year_summaries_result_set_id_fkey FOREIGN KEY (result_set_id, client_id) REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE;
ALTER TABLE transactions ADD CONSTRAINT transactions_parent_id_fkey FOREIGN KEY (parent_id, client_id) REFERENCES transactions (id, client_id) ON DELETE SET NULL (parent_id);

-- The emulated foreign keys of the ledger (transactions and transfers to accounts, transfers to
-- transactions) hold within one client, as the declared ones above do.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_check_new_transactions_sql() RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT $q$SELECT (array_agg(n.transaction_id) FILTER (WHERE t.id IS NULL))[1], coalesce(bool_or(t.xmin <> pg_current_xact_id()::xid), false)
  FROM new_rows n LEFT JOIN transactions t ON t.id = n.transaction_id AND t.client_id = n.client_id$q$
$f$;

CREATE OR REPLACE FUNCTION transactions_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION transactions_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.client_id IS DISTINCT FROM OLD.client_id
       AND NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transactions', 'client_id', 'clients', 'transactions_client_id_fkey', NEW.client_id);
    END IF;
    IF NEW.account_id IS NOT NULL AND (NEW.account_id, NEW.client_id) IS DISTINCT FROM (OLD.account_id, OLD.client_id)
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.account_id AND a.client_id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transactions', 'account_id', 'accounts', 'transactions_account_id_fkey', NEW.account_id);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transfers_check_parents() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION transfers_check_changed_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.asset_id IS DISTINCT FROM OLD.asset_id
       AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = NEW.asset_id AND a.client_id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'asset_id', 'assets', 'transfers_asset_id_fkey', NEW.asset_id);
    END IF;
    IF NEW.from_account_id IS NOT NULL AND NEW.from_account_id IS DISTINCT FROM OLD.from_account_id
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.from_account_id AND a.client_id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'from_account_id', 'accounts', 'transfers_from_account_id_fkey', NEW.from_account_id);
    END IF;
    IF NEW.to_account_id IS NOT NULL AND NEW.to_account_id IS DISTINCT FROM OLD.to_account_id
       AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = NEW.to_account_id AND a.client_id = NEW.client_id FOR KEY SHARE) THEN
        PERFORM ledger_fk_violation('transfers', 'to_account_id', 'accounts', 'transfers_to_account_id_fkey', NEW.to_account_id);
    END IF;
    IF NEW.transaction_id IS DISTINCT FROM OLD.transaction_id THEN
        PERFORM ledger_check_transactions(ARRAY[NEW.transaction_id], 'transfers', 'transfers_transaction_id_fkey');
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transfers_take_transaction_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    own boolean;
BEGIN
    SELECT t.occurred_at, t.xmin = pg_current_xact_id()::xid INTO NEW.occurred_at, own
      FROM transactions t WHERE t.id = NEW.transaction_id AND t.client_id = NEW.client_id;
    IF NOT FOUND THEN
        -- the error the statement's parent check would give, before NOT NULL gives a vaguer one
        PERFORM ledger_fk_violation('transfers', 'transaction_id', 'transactions', 'transfers_transaction_id_fkey', NEW.transaction_id);
    ELSIF NOT own THEN
        SELECT t.occurred_at INTO NEW.occurred_at FROM transactions t WHERE t.id = NEW.transaction_id AND t.client_id = NEW.client_id FOR SHARE;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION transactions_move_transfer_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE transfers SET occurred_at = NEW.occurred_at WHERE transaction_id = NEW.id AND client_id = NEW.client_id;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION accounts_unlink_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE transactions SET account_id = NULL WHERE account_id = OLD.id AND client_id = OLD.client_id;
    UPDATE transfers SET from_account_id = NULL WHERE from_account_id = OLD.id AND client_id = OLD.client_id;
    UPDATE transfers SET to_account_id = NULL WHERE to_account_id = OLD.id AND client_id = OLD.client_id;
    RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION dirty_marks_fill_occurred_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.occurred_at IS NULL THEN
        SELECT t.occurred_at INTO NEW.occurred_at FROM transactions t WHERE t.id = NEW.transaction_id AND t.client_id = NEW.client_id;
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$ BEGIN RAISE EXCEPTION 'the keys with client_id cannot be rolled back by a migration: restore a backup'; END $$;
-- +goose StatementEnd
