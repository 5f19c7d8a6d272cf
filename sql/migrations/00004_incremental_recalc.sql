-- +goose Up
-- Incremental recalculation. A run resumes the tax engine from a checkpoint (its state before a month
-- boundary, written with the results) when every ledger change since the last run is at or after it.

-- The earliest instant a dirty mark affects. Filled from the transaction when a mark is written; a
-- transaction moved in time also gets a mark at its old instant (below), so moving a transaction
-- from before a checkpoint to after it still recomputes from its old place.
ALTER TABLE dirty_marks ADD COLUMN occurred_at timestamptz;

-- +goose StatementBegin
CREATE FUNCTION dirty_marks_fill_occurred_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.occurred_at IS NULL THEN
        SELECT t.occurred_at INTO NEW.occurred_at FROM transactions t WHERE t.id = NEW.transaction_id;
    END IF;
    RETURN NEW;
END $$;
-- +goose StatementEnd
CREATE TRIGGER dirty_marks_fill_occurred_at BEFORE INSERT ON dirty_marks
    FOR EACH ROW EXECUTE FUNCTION dirty_marks_fill_occurred_at();

-- +goose StatementBegin
CREATE FUNCTION transactions_mark_old_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) VALUES (OLD.client_id, OLD.id, OLD.occurred_at);
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER transactions_mark_old_time AFTER UPDATE OF occurred_at ON transactions
    FOR EACH ROW WHEN (OLD.occurred_at IS DISTINCT FROM NEW.occurred_at) EXECUTE FUNCTION transactions_mark_old_time();

-- Marking an asset as spam (or not) changes which transfers the engine sees without touching a
-- transaction: it invalidates the client's results as a settings change does (a full run).
-- +goose StatementBegin
CREATE FUNCTION assets_spam_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE clients SET settings_dirty_seq = nextval('ledger_dirty_seq') WHERE id = NEW.client_id;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER assets_spam_dirty AFTER UPDATE OF is_spam ON assets
    FOR EACH ROW WHEN (OLD.is_spam IS DISTINCT FROM NEW.is_spam) EXECUTE FUNCTION assets_spam_dirty();

-- The settings a result set was computed under (method, timezone, fiscal year, per-wallet date):
-- an incremental run needs the same.
ALTER TABLE tax_result_sets ADD COLUMN settings_key text;

-- Engine checkpoints of a result set: the state before the first transaction at or after at_time.
CREATE TABLE tax_checkpoints (
    result_set_id      uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    at_time            timestamptz NOT NULL,
    -- the last tax_disposals.seq and tax_income.seq written before it
    disposal_seq       integer NOT NULL,
    income_seq         integer NOT NULL,
    -- transactions before it per calendar year (for tax_year_summaries.transaction_count)
    year_transactions  jsonb NOT NULL,
    state              bytea NOT NULL,
    PRIMARY KEY (result_set_id, at_time)
);

-- +goose Down
DROP TABLE tax_checkpoints;
ALTER TABLE tax_result_sets DROP COLUMN settings_key;
DROP TRIGGER assets_spam_dirty ON assets;
DROP FUNCTION assets_spam_dirty();
DROP TRIGGER transactions_mark_old_time ON transactions;
DROP FUNCTION transactions_mark_old_time();
DROP TRIGGER dirty_marks_fill_occurred_at ON dirty_marks;
DROP FUNCTION dirty_marks_fill_occurred_at();
ALTER TABLE dirty_marks DROP COLUMN occurred_at;
