-- +goose Up
-- The transaction list sorted by gain or by income reads a page of a figure's stretch from the
-- figure's index alone (ledger.figureIDs): the index holds the order's time and, for the clean
-- transactions' rows, what the unfiltered list asks of their transactions (is_failed; a row exists
-- only for a transaction neither hidden nor deleted when the run read it). A deep page (page 50 of
-- a million-transaction client by gain) walked 5,100 rows' heaps and their transactions': 13,700
-- buffer reads when cold, against some 60 index pages now.
DROP INDEX tax_transaction_results_gain_idx;
DROP INDEX tax_transaction_results_income_idx;
CREATE INDEX tax_transaction_results_gain_idx ON tax_transaction_results (result_set_id, gain, occurred_at)
    INCLUDE (transaction_id, is_failed) WHERE gain <> 0;
CREATE INDEX tax_transaction_results_income_idx ON tax_transaction_results (result_set_id, income, occurred_at)
    INCLUDE (transaction_id, is_failed) WHERE income <> 0;

-- +goose Down
DROP INDEX tax_transaction_results_gain_idx;
DROP INDEX tax_transaction_results_income_idx;
CREATE INDEX tax_transaction_results_gain_idx ON tax_transaction_results (result_set_id, gain) WHERE gain <> 0;
CREATE INDEX tax_transaction_results_income_idx ON tax_transaction_results (result_set_id, income) WHERE income <> 0;
