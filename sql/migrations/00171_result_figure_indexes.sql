-- +goose Up
-- The transaction list sorted by gain or by income walks the result rows with a nonzero figure in
-- the figure's order (ledger.pageSegments) instead of joining and sorting every transaction.
CREATE INDEX tax_transaction_results_gain_idx ON tax_transaction_results (result_set_id, gain) WHERE gain <> 0;
CREATE INDEX tax_transaction_results_income_idx ON tax_transaction_results (result_set_id, income) WHERE income <> 0;

-- +goose Down
DROP INDEX tax_transaction_results_income_idx;
DROP INDEX tax_transaction_results_gain_idx;
