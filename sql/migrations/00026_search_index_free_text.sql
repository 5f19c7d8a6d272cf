-- +goose Up
-- The trigram index of `search` holds the transactions with a hash or notes only (issue 18).
--
-- A transaction without either has its label alone for search text ("  " || label), and the label is
-- one of a handful of words: a trigram entry per row bought nothing that transactions_client_label_idx
-- does not give (the search finds those transactions by the labels that match, internal/ledger's
-- clientLabelsMatchingSQL), and cost ~2.5 µs of every written row: exchange CSVs and exchange
-- fills have no hash, and of the generated million-row import 85% of the rows have neither (4.2 s
-- of index writes for all rows, 1.5 s for the 15% with a hash).
DROP INDEX transactions_search_trgm_idx;
CREATE INDEX transactions_search_trgm_idx ON transactions USING gin
    ((lower(coalesce(txn_hash, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(label, ''))) gin_trgm_ops)
    WHERE txn_hash IS NOT NULL OR notes IS NOT NULL;

-- +goose Down
DROP INDEX transactions_search_trgm_idx;
CREATE INDEX transactions_search_trgm_idx ON transactions USING gin
    ((lower(coalesce(txn_hash, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(label, ''))) gin_trgm_ops);
