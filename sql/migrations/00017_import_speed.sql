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

-- +goose Down
DROP TRIGGER dirty_marks_fill_occurred_at ON dirty_marks;
CREATE TRIGGER dirty_marks_fill_occurred_at BEFORE INSERT ON dirty_marks
    FOR EACH ROW EXECUTE FUNCTION dirty_marks_fill_occurred_at();
CREATE INDEX transfers_client_idx ON transfers (client_id);
