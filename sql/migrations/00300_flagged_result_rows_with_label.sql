-- +goose Up
-- The result rows flagged missing basis or negative balance carry their label: an insight of
-- either (and the review queue's count of it) counts its clean transactions, spam labels left out,
-- from the flagged rows' index alone (ledger.PatternTransactionsSQL), where each row's label was
-- read from the heap (a negative-balance insight at a million transactions reads its cap of 10,001
-- rows on every read: 25-60 ms of a 45-55 ms getClientInsights on two connections).
DROP INDEX tax_transaction_results_missing_basis_idx;
DROP INDEX tax_transaction_results_negative_balance_idx;
CREATE INDEX tax_transaction_results_missing_basis_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    INCLUDE (label) WHERE is_missing_basis;
CREATE INDEX tax_transaction_results_negative_balance_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    INCLUDE (label) WHERE has_negative_balance;

-- +goose Down
DROP INDEX tax_transaction_results_missing_basis_idx;
DROP INDEX tax_transaction_results_negative_balance_idx;
CREATE INDEX tax_transaction_results_missing_basis_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    WHERE is_missing_basis;
CREATE INDEX tax_transaction_results_negative_balance_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id)
    WHERE has_negative_balance;
