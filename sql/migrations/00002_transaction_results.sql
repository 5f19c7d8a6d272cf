-- +goose Up
-- Per-transaction tax results, written by every recalculation with the rest of its result set, so
-- the transaction list filters and sorts on gains, income and flags by index instead of joining the
-- disposal pieces. A row exists only for a transaction with a tax effect (a disposal piece, income
-- or a flag); a transaction without a row has no gain, no income and no flag.
CREATE TABLE tax_transaction_results (
    result_set_id         uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    transaction_id        uuid NOT NULL,
    -- taxable disposal pieces (sales, swaps, crypto fees, futures settlements)
    proceeds              numeric NOT NULL,
    basis                 numeric NOT NULL,
    gain                  numeric NOT NULL,
    short_term_gain       numeric NOT NULL,
    long_term_gain        numeric NOT NULL,
    -- 'short', 'long' or 'mixed' over the taxable pieces; NULL when there is none
    sale_term             text CHECK (sale_term IN ('short', 'long', 'mixed')),
    -- non-taxable disposal pieces (gift, donation, lost, transfer out) count here, not in sale_term
    disposal_pieces       integer NOT NULL,
    income                numeric NOT NULL,
    is_missing_basis      boolean NOT NULL,
    has_negative_balance  boolean NOT NULL,
    PRIMARY KEY (result_set_id, transaction_id)
);

-- +goose Down
DROP TABLE tax_transaction_results;
