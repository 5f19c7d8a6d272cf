-- +goose Up
-- The transaction summary of a filter that needs a tax result (hasIncome, onlyDisposals, gain or
-- loss, sale term, flags) reads the result rows alone instead of joining them to the whole ledger
-- (issue 12, P6: 48k income matches among 250k transactions of two accounts cost 0.7 s of CPU
-- joined, 55 ms from the rows). Each row carries what the filters and the totals read of its
-- transaction, as the recalculation's snapshot saw it. That copy equals the transaction for as long
-- as the transaction has no dirty mark: every ledger write marks the transactions it touches, and
-- a run rewrites the row of every transaction whose mark it clears (internal/ledger/summary.go
-- reads dirty transactions from the ledger instead).
ALTER TABLE tax_transaction_results
    ADD COLUMN account_id   uuid,
    ADD COLUMN occurred_at  timestamptz,
    ADD COLUMN label        text,
    ADD COLUMN is_reviewed  boolean,
    ADD COLUMN is_failed    boolean,
    -- Transaction.feeFiatValueCents in dollars: fee transfers' values plus fiat fees, hidden
    -- transfers left out (spam ones too: see tax_result_sets.transaction_columns)
    ADD COLUMN fees         numeric;

-- Whether the rows of the set carry those columns: 'none' (sets written before this migration),
-- 'inexact' (written, but a run into the set left spam transfers out of the fees, or a fee did not
-- fit the engine's decimal), 'exact'. An incremental run needs a set with the columns (a 'none' set
-- gets a full run), so a client's set gets them at its next recalculation.
ALTER TABLE tax_result_sets ADD COLUMN transaction_columns text NOT NULL DEFAULT 'none'
    CHECK (transaction_columns IN ('none', 'inexact', 'exact'));

-- Income results by account (hasIncome with providers or accounts). It replaces the index of
-- income results by transaction, which served only hasIncome, as this one does. Not covering: the
-- rows' other columns would make it four times wider, and writing it a third of a second slower
-- per million results, for 35 ms less per summary.
DROP INDEX tax_transaction_results_income_idx;
CREATE INDEX tax_transaction_results_income_account_idx ON tax_transaction_results (result_set_id, account_id)
    WHERE income <> 0;

-- +goose Down
DROP INDEX tax_transaction_results_income_account_idx;
CREATE INDEX tax_transaction_results_income_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE income <> 0;
ALTER TABLE tax_result_sets DROP COLUMN transaction_columns;
ALTER TABLE tax_transaction_results DROP COLUMN account_id, DROP COLUMN occurred_at, DROP COLUMN label,
    DROP COLUMN is_reviewed, DROP COLUMN is_failed, DROP COLUMN fees;
