-- +goose Up
-- A result set's disposal and income figures per UTC month and tax year, written by the
-- recalculation beside the rows they add up, so that a tax year's figures are a sum over a few
-- dozen rows instead of over every piece of the year. A month holds the pieces disposed of and the
-- income received in it (UTC, the boundaries of the recalculation's checkpoints: a run resumed
-- from one rewrites the months from it on). Amounts are the sums of the rows as the reports print
-- them, each piece's proceeds and basis rounded to cents (half away from zero, as money.Line);
-- transactions counts the distinct ledger transactions of the month's rows (their transfers'
-- transactions; a transaction lies in one month).
CREATE TABLE tax_month_disposals (
    result_set_id  uuid    NOT NULL,
    client_id      uuid    NOT NULL,
    month          date    NOT NULL,
    tax_year       integer NOT NULL,
    pieces         integer NOT NULL,
    transactions   integer NOT NULL,
    short_proceeds numeric NOT NULL,
    short_basis    numeric NOT NULL,
    long_proceeds  numeric NOT NULL,
    long_basis     numeric NOT NULL,
    CONSTRAINT tax_month_disposals_pkey PRIMARY KEY (result_set_id, tax_year, month, client_id),
    CONSTRAINT tax_month_disposals_result_set_id_fkey FOREIGN KEY (result_set_id, client_id)
        REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE
);

CREATE TABLE tax_month_income (
    result_set_id uuid    NOT NULL,
    client_id     uuid    NOT NULL,
    month         date    NOT NULL,
    tax_year      integer NOT NULL,
    income_type   text    NOT NULL,
    transactions  integer NOT NULL,
    value         numeric NOT NULL,
    CONSTRAINT tax_month_income_pkey PRIMARY KEY (result_set_id, tax_year, income_type, month, client_id),
    CONSTRAINT tax_month_income_result_set_id_fkey FOREIGN KEY (result_set_id, client_id)
        REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE
);

-- the stored result sets get their months from their rows, as the recalculation writes them
INSERT INTO tax_month_disposals (result_set_id, client_id, month, tax_year, pieces, transactions,
    short_proceeds, short_basis, long_proceeds, long_basis)
SELECT d.result_set_id, d.client_id, date_trunc('month', d.disposed_at AT TIME ZONE 'UTC')::date, d.tax_year,
       count(*), count(DISTINCT tr.transaction_id),
       coalesce(sum(round(d.proceeds, 2)) FILTER (WHERE d.term = 'short'), 0), coalesce(sum(round(d.basis, 2)) FILTER (WHERE d.term = 'short'), 0),
       coalesce(sum(round(d.proceeds, 2)) FILTER (WHERE d.term = 'long'), 0), coalesce(sum(round(d.basis, 2)) FILTER (WHERE d.term = 'long'), 0)
FROM tax_disposals d LEFT JOIN transfers tr ON tr.client_id = d.client_id AND tr.id = d.transfer_id
GROUP BY 1, 2, 3, 4;

INSERT INTO tax_month_income (result_set_id, client_id, month, tax_year, income_type, transactions, value)
SELECT i.result_set_id, i.client_id, date_trunc('month', i.received_at AT TIME ZONE 'UTC')::date, i.tax_year, i.income_type,
       count(DISTINCT tr.transaction_id), sum(i.value)
FROM tax_income i LEFT JOIN transfers tr ON tr.client_id = i.client_id AND tr.id = i.transfer_id
GROUP BY 1, 2, 3, 4, 5;

-- +goose Down
DROP TABLE tax_month_income;
DROP TABLE tax_month_disposals;
