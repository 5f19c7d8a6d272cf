-- +goose Up
-- A transaction's fiat value follows its current result row's transfer figures. Rows are inserted
-- and deleted by the recalculation alone: a full run writes a set no reader looks at yet (the
-- switch of clients.current_result_set_id refreshes the values, clients_fiat_values_switched) and
-- its cleanup deletes sets that are no longer current; an incremental run replaces the tail of the
-- current set and refreshes the values of the transactions whose rows it deleted or wrote with
-- figures (RefreshTransactionFiatValues). Statement triggers with transition tables spooled every
-- row a full run wrote or its cleanup deleted (a million rows at a million transactions) to find
-- none of the current set's.
DROP TRIGGER results_fiat_values_inserted ON tax_transaction_results;
DROP TRIGGER results_fiat_values_deleted ON tax_transaction_results;

-- +goose Down
CREATE TRIGGER results_fiat_values_inserted AFTER INSERT ON tax_transaction_results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_refresh_fiat_values();
CREATE TRIGGER results_fiat_values_deleted AFTER DELETE ON tax_transaction_results REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_refresh_fiat_values();
