-- +goose Up
-- A bulk import writes the transfers and dirty marks of the transactions it has just written, in one
-- statement each, and knows their parents and figures before it writes them: the transactions are
-- its own (inserted or updated by it in the same database transaction), the assets and accounts
-- are the client's, looked up and locked by it first, and the portfolio's balances and days and the
-- client's fees follow from the staged rows grouped once. Re-deriving all of it from the statement's
-- transition table (a lookup of every row's transaction, asset and account) was most of the
-- triggers' time in a large import. The writer says so with the transaction-local setting
-- taxd.bulk_transfers_written (ledger.SetBulkTransfersWritten), as it says taxd.transaction_values_written
-- for the transactions' values; these insert triggers then do not run. Updates and deletes, and every
-- other writer, keep them.
DROP TRIGGER transfers_check_parents ON transfers;
CREATE TRIGGER transfers_check_parents AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT WHEN (current_setting('taxd.bulk_transfers_written', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION transfers_check_parents();
DROP TRIGGER dirty_marks_check_parents ON dirty_marks;
CREATE TRIGGER dirty_marks_check_parents AFTER INSERT ON dirty_marks REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT WHEN (current_setting('taxd.bulk_transfers_written', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION dirty_marks_check_parents();
DROP TRIGGER portfolio_transfers_inserted ON transfers;
CREATE TRIGGER portfolio_transfers_inserted AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT WHEN (current_setting('taxd.bulk_transfers_written', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION portfolio_transfers_changed();
DROP TRIGGER transfers_fees_by_client_inserted ON transfers;
CREATE TRIGGER transfers_fees_by_client_inserted AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT WHEN (current_setting('taxd.bulk_transfers_written', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION client_transaction_fees_changed();

-- +goose Down
DROP TRIGGER transfers_check_parents ON transfers;
CREATE TRIGGER transfers_check_parents AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transfers_check_parents();
DROP TRIGGER dirty_marks_check_parents ON dirty_marks;
CREATE TRIGGER dirty_marks_check_parents AFTER INSERT ON dirty_marks REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dirty_marks_check_parents();
DROP TRIGGER portfolio_transfers_inserted ON transfers;
CREATE TRIGGER portfolio_transfers_inserted AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION portfolio_transfers_changed();
DROP TRIGGER transfers_fees_by_client_inserted ON transfers;
CREATE TRIGGER transfers_fees_by_client_inserted AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION client_transaction_fees_changed();
