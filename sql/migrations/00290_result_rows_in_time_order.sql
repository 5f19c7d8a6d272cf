-- +goose Up
-- A result set's rows in time order: the summary of an asset filter within dates reads the rows of
-- those dates as a range and hashes them against the asset's transfers (and finds the matches
-- without a row from the same range, index-only), where looking each match's row up by key took
-- 3-4 µs a match (internal/ledger's assetsInDatesParts).
CREATE INDEX tax_transaction_results_time_idx ON tax_transaction_results (result_set_id, occurred_at, transaction_id);

-- +goose Down
DROP INDEX tax_transaction_results_time_idx;
