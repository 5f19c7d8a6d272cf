-- +goose Up
-- The totals of a result set's transaction rows whose transactions are not failed (an unfiltered
-- list leaves failed ones out): what the unfiltered summary reads instead of summing a million rows.
-- The recalculation writes them beside the rows (internal/recalc/resulttotals.go): a full run adds
-- its rows; an incremental run subtracts the rows it deletes (DeleteResultTail) and adds the ones it
-- writes. A transaction without a tax figure has no row: the fees are kept from the ledger
-- (client_transaction_counts).
CREATE TABLE tax_result_totals (
    result_set_id uuid NOT NULL,
    client_id uuid NOT NULL,
    disposals bigint NOT NULL,
    proceeds numeric NOT NULL,
    basis numeric NOT NULL,
    gain numeric NOT NULL,
    short_term_gain numeric NOT NULL,
    long_term_gain numeric NOT NULL,
    income numeric NOT NULL,
    missing_basis bigint NOT NULL,
    negative_balance bigint NOT NULL,
    PRIMARY KEY (result_set_id, client_id),
    FOREIGN KEY (result_set_id, client_id) REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE
);

INSERT INTO tax_result_totals (result_set_id, client_id, disposals, proceeds, basis, gain, short_term_gain, long_term_gain,
    income, missing_basis, negative_balance)
SELECT rs.id, rs.client_id, count(r.sale_term), coalesce(sum(r.proceeds), 0), coalesce(sum(r.basis), 0), coalesce(sum(r.gain), 0),
    coalesce(sum(r.short_term_gain), 0), coalesce(sum(r.long_term_gain), 0), coalesce(sum(r.income), 0),
    count(*) FILTER (WHERE r.is_missing_basis), count(*) FILTER (WHERE r.has_negative_balance)
FROM tax_result_sets rs LEFT JOIN tax_transaction_results r ON r.result_set_id = rs.id AND r.client_id = rs.client_id AND r.is_failed IS NOT TRUE
GROUP BY rs.id, rs.client_id;

-- +goose Down
DROP TABLE tax_result_totals;
