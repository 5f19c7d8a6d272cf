-- +goose Up
-- The result rows flagged missing basis or negative balance in time order: an insight of either
-- lists its first transactions, oldest first, by reading these in order (ledger.PatternFirstSQL;
-- at a million transactions a negative-balance insight has tens of thousands, each read and
-- sorted before). They replace the indexes of the same rows in transaction order: a lookup of one
-- transaction's row reads the primary key.
DROP INDEX tax_transaction_results_missing_basis_idx;
DROP INDEX tax_transaction_results_negative_balance_idx;
CREATE INDEX tax_transaction_results_missing_basis_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    WHERE is_missing_basis;
CREATE INDEX tax_transaction_results_negative_balance_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    WHERE has_negative_balance;

-- +goose Down
DROP INDEX tax_transaction_results_missing_basis_idx;
DROP INDEX tax_transaction_results_negative_balance_idx;
CREATE INDEX tax_transaction_results_missing_basis_idx ON tax_transaction_results (result_set_id, transaction_id) WHERE is_missing_basis;
CREATE INDEX tax_transaction_results_negative_balance_idx ON tax_transaction_results (result_set_id, transaction_id) WHERE has_negative_balance;
