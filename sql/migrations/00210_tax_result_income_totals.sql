-- +goose Up
-- The totals of a result set's income rows (income <> 0) whose transactions are not failed, per
-- account of the row: what the summary of hasIncome, alone or with providers, reads instead of
-- summing every income row (ledger/summary.go, keptIncomeSummary). Each row of a result set carries its
-- transaction's columns as the run read them (label, reviewed, fees), so the totals hold the
-- summary's every figure. Kept by statement triggers on the result rows, whatever writes them (a
-- run's COPY, an incremental run's tail delete, a result set's deletion): the rows' transition
-- tables are already captured for the fiat-value triggers, so a million-row write pays one more
-- scan of them. A deletion only lowers totals that exist: a result set being deleted takes its
-- totals with it.
CREATE TABLE tax_result_income_totals (
    result_set_id uuid NOT NULL,
    client_id uuid NOT NULL,
    account_id uuid, -- NULL: the rows without an account
    transactions bigint NOT NULL,
    disposals bigint NOT NULL,
    proceeds numeric NOT NULL,
    basis numeric NOT NULL,
    gain numeric NOT NULL,
    short_term_gain numeric NOT NULL,
    long_term_gain numeric NOT NULL,
    income numeric NOT NULL,
    without_label bigint NOT NULL,
    reviewed bigint NOT NULL,
    missing_basis bigint NOT NULL,
    negative_balance bigint NOT NULL,
    fees numeric NOT NULL,
    FOREIGN KEY (result_set_id, client_id) REFERENCES tax_result_sets (id, client_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX tax_result_income_totals_key ON tax_result_income_totals (result_set_id, client_id, account_id) NULLS NOT DISTINCT;

-- +goose StatementBegin
CREATE FUNCTION results_keep_income_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE tax_result_income_totals x SET transactions = x.transactions - d.transactions, disposals = x.disposals - d.disposals,
            proceeds = x.proceeds - d.proceeds, basis = x.basis - d.basis, gain = x.gain - d.gain,
            short_term_gain = x.short_term_gain - d.short_term_gain, long_term_gain = x.long_term_gain - d.long_term_gain,
            income = x.income - d.income, without_label = x.without_label - d.without_label, reviewed = x.reviewed - d.reviewed,
            missing_basis = x.missing_basis - d.missing_basis, negative_balance = x.negative_balance - d.negative_balance, fees = x.fees - d.fees
        FROM (SELECT o.result_set_id, o.client_id, o.account_id, count(*) AS transactions, count(o.sale_term) AS disposals,
                     sum(o.proceeds) AS proceeds, sum(o.basis) AS basis, sum(o.gain) AS gain, sum(o.short_term_gain) AS short_term_gain,
                     sum(o.long_term_gain) AS long_term_gain, sum(o.income) AS income,
                     count(*) FILTER (WHERE coalesce(o.label, '') = '') AS without_label, count(*) FILTER (WHERE o.is_reviewed) AS reviewed,
                     count(*) FILTER (WHERE o.is_missing_basis) AS missing_basis, count(*) FILTER (WHERE o.has_negative_balance) AS negative_balance,
                     coalesce(sum(o.fees), 0) AS fees
                FROM old_rows o WHERE o.income <> 0 AND o.is_failed IS NOT TRUE
               GROUP BY o.result_set_id, o.client_id, o.account_id) d
        WHERE x.result_set_id = d.result_set_id AND x.client_id = d.client_id AND x.account_id IS NOT DISTINCT FROM d.account_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO tax_result_income_totals AS x (result_set_id, client_id, account_id, transactions, disposals, proceeds, basis, gain,
            short_term_gain, long_term_gain, income, without_label, reviewed, missing_basis, negative_balance, fees)
        SELECT n.result_set_id, n.client_id, n.account_id, count(*), count(n.sale_term), sum(n.proceeds), sum(n.basis), sum(n.gain),
               sum(n.short_term_gain), sum(n.long_term_gain), sum(n.income),
               count(*) FILTER (WHERE coalesce(n.label, '') = ''), count(*) FILTER (WHERE n.is_reviewed),
               count(*) FILTER (WHERE n.is_missing_basis), count(*) FILTER (WHERE n.has_negative_balance), coalesce(sum(n.fees), 0)
          FROM new_rows n WHERE n.income <> 0 AND n.is_failed IS NOT TRUE
         GROUP BY n.result_set_id, n.client_id, n.account_id
        ON CONFLICT (result_set_id, client_id, account_id) DO UPDATE SET transactions = x.transactions + excluded.transactions,
            disposals = x.disposals + excluded.disposals, proceeds = x.proceeds + excluded.proceeds, basis = x.basis + excluded.basis,
            gain = x.gain + excluded.gain, short_term_gain = x.short_term_gain + excluded.short_term_gain,
            long_term_gain = x.long_term_gain + excluded.long_term_gain, income = x.income + excluded.income,
            without_label = x.without_label + excluded.without_label, reviewed = x.reviewed + excluded.reviewed,
            missing_basis = x.missing_basis + excluded.missing_basis, negative_balance = x.negative_balance + excluded.negative_balance,
            fees = x.fees + excluded.fees;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER results_income_totals_inserted AFTER INSERT ON tax_transaction_results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_keep_income_totals();
CREATE TRIGGER results_income_totals_updated AFTER UPDATE ON tax_transaction_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_keep_income_totals();
CREATE TRIGGER results_income_totals_deleted AFTER DELETE ON tax_transaction_results REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION results_keep_income_totals();

INSERT INTO tax_result_income_totals (result_set_id, client_id, account_id, transactions, disposals, proceeds, basis, gain,
    short_term_gain, long_term_gain, income, without_label, reviewed, missing_basis, negative_balance, fees)
SELECT r.result_set_id, r.client_id, r.account_id, count(*), count(r.sale_term), sum(r.proceeds), sum(r.basis), sum(r.gain),
       sum(r.short_term_gain), sum(r.long_term_gain), sum(r.income),
       count(*) FILTER (WHERE coalesce(r.label, '') = ''), count(*) FILTER (WHERE r.is_reviewed),
       count(*) FILTER (WHERE r.is_missing_basis), count(*) FILTER (WHERE r.has_negative_balance), coalesce(sum(r.fees), 0)
  FROM tax_transaction_results r WHERE r.income <> 0 AND r.is_failed IS NOT TRUE
 GROUP BY r.result_set_id, r.client_id, r.account_id;

-- +goose Down
DROP TRIGGER results_income_totals_deleted ON tax_transaction_results;
DROP TRIGGER results_income_totals_updated ON tax_transaction_results;
DROP TRIGGER results_income_totals_inserted ON tax_transaction_results;
DROP FUNCTION results_keep_income_totals();
DROP TABLE tax_result_income_totals;
