-- +goose Up
-- Writing a result set (issue 10, P3). A foreign key checks every inserted row with its own query
-- on tax_result_sets (a million checks for a million disposal pieces: a third of the COPY's time),
-- and cascades a delete row by row. The big result tables drop it. Their rows are written only by
-- a recalculation, which locks its result set row once per writing transaction (FOR KEY SHARE, as
-- each foreign-key check did), so a set cannot be deleted while rows are being added to it; and
-- deleting result sets deletes their rows with one statement per table (the trigger below), also
-- when the delete cascades from a client's.
ALTER TABLE tax_disposals DROP CONSTRAINT tax_disposals_result_set_id_fkey;
ALTER TABLE tax_income DROP CONSTRAINT tax_income_result_set_id_fkey;
ALTER TABLE tax_lots DROP CONSTRAINT tax_lots_result_set_id_fkey;
ALTER TABLE tax_transaction_results DROP CONSTRAINT tax_transaction_results_result_set_id_fkey;

-- +goose StatementBegin
CREATE FUNCTION tax_result_sets_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone uuid;
BEGIN
    -- One set at a time, each delete planned for its value (EXECUTE): a join with the transition
    -- table, or a generic plan, may scan every client's rows.
    FOR gone IN SELECT id FROM gone_sets LOOP
        EXECUTE 'DELETE FROM tax_disposals WHERE result_set_id = $1' USING gone;
        EXECUTE 'DELETE FROM tax_income WHERE result_set_id = $1' USING gone;
        EXECUTE 'DELETE FROM tax_lots WHERE result_set_id = $1' USING gone;
        EXECUTE 'DELETE FROM tax_transaction_results WHERE result_set_id = $1' USING gone;
    END LOOP;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER tax_result_sets_delete_rows AFTER DELETE ON tax_result_sets
    REFERENCING OLD TABLE AS gone_sets FOR EACH STATEMENT EXECUTE FUNCTION tax_result_sets_delete_rows();

-- +goose Down
DROP TRIGGER tax_result_sets_delete_rows ON tax_result_sets;
DROP FUNCTION tax_result_sets_delete_rows();
DELETE FROM tax_disposals d WHERE NOT EXISTS (SELECT 1 FROM tax_result_sets rs WHERE rs.id = d.result_set_id);
DELETE FROM tax_income d WHERE NOT EXISTS (SELECT 1 FROM tax_result_sets rs WHERE rs.id = d.result_set_id);
DELETE FROM tax_lots d WHERE NOT EXISTS (SELECT 1 FROM tax_result_sets rs WHERE rs.id = d.result_set_id);
DELETE FROM tax_transaction_results d WHERE NOT EXISTS (SELECT 1 FROM tax_result_sets rs WHERE rs.id = d.result_set_id);
ALTER TABLE tax_disposals ADD CONSTRAINT tax_disposals_result_set_id_fkey
    FOREIGN KEY (result_set_id) REFERENCES tax_result_sets (id) ON DELETE CASCADE;
ALTER TABLE tax_income ADD CONSTRAINT tax_income_result_set_id_fkey
    FOREIGN KEY (result_set_id) REFERENCES tax_result_sets (id) ON DELETE CASCADE;
ALTER TABLE tax_lots ADD CONSTRAINT tax_lots_result_set_id_fkey
    FOREIGN KEY (result_set_id) REFERENCES tax_result_sets (id) ON DELETE CASCADE;
ALTER TABLE tax_transaction_results ADD CONSTRAINT tax_transaction_results_result_set_id_fkey
    FOREIGN KEY (result_set_id) REFERENCES tax_result_sets (id) ON DELETE CASCADE;
