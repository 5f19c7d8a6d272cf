-- +goose Up
-- A transaction's fiat value depends on its result row only through the values of its transfers
-- without one of their own ("value" in transfer_figures: an acquisition the engine derived or a
-- link valued); the basis that left in transfers out does not enter it. A switch of the current
-- result set therefore compares, and refreshes, only the rows with a value figure (about half of
-- the rows with figures), read from an index of those rows alone.
DROP INDEX tax_transaction_results_figures_idx;
CREATE INDEX tax_transaction_results_value_figures_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE transfer_figures @? '$.*.value';

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION clients_refresh_fiat_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_transaction_fiat_values(ARRAY(
        SELECT coalesce(o.transaction_id, n.transaction_id)
          FROM (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                 WHERE result_set_id = OLD.current_result_set_id AND transfer_figures @? '$.*.value') o
          FULL JOIN (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                      WHERE result_set_id = NEW.current_result_set_id AND transfer_figures @? '$.*.value') n
            ON n.transaction_id = o.transaction_id
         WHERE o.transfer_figures IS DISTINCT FROM n.transfer_figures));
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION clients_refresh_fiat_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_transaction_fiat_values(ARRAY(
        SELECT coalesce(o.transaction_id, n.transaction_id)
          FROM (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                 WHERE result_set_id = OLD.current_result_set_id AND transfer_figures IS NOT NULL) o
          FULL JOIN (SELECT transaction_id, transfer_figures FROM tax_transaction_results
                      WHERE result_set_id = NEW.current_result_set_id AND transfer_figures IS NOT NULL) n
            ON n.transaction_id = o.transaction_id
         WHERE o.transfer_figures IS DISTINCT FROM n.transfer_figures));
    RETURN NULL;
END $$;
-- +goose StatementEnd
DROP INDEX tax_transaction_results_value_figures_idx;
CREATE INDEX tax_transaction_results_figures_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE transfer_figures IS NOT NULL;
