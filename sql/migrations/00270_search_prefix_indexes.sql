-- +goose Up
-- `search` finds a hash or an address by its start and notes by any part (internal/ledger's search
-- rule): a btree per column answers a start, where a trigram GIN wrote ~64 entries for every
-- 66-character hash and every transfer's 42-character addresses (an insert with the trigram index
-- on the hashes took 10-15 times as long as with the btree). Labels are matched through
-- transactions_client_label_idx; the trigram index keeps the notes, which people type.
DROP INDEX transactions_search_trgm_idx;
DROP INDEX transfers_address_trgm_idx;
CREATE INDEX transactions_notes_trgm_idx ON transactions USING gin (lower(notes) gin_trgm_ops) WHERE notes IS NOT NULL;
CREATE INDEX transactions_client_hash_idx ON transactions (client_id, lower(txn_hash) text_pattern_ops) WHERE txn_hash IS NOT NULL;
CREATE INDEX transfers_client_from_address_idx ON transfers (client_id, lower(from_address) text_pattern_ops) WHERE from_address IS NOT NULL;
CREATE INDEX transfers_client_to_address_idx ON transfers (client_id, lower(to_address) text_pattern_ops) WHERE to_address IS NOT NULL;

-- +goose Down
DROP INDEX transfers_client_to_address_idx;
DROP INDEX transfers_client_from_address_idx;
DROP INDEX transactions_client_hash_idx;
DROP INDEX transactions_notes_trgm_idx;
CREATE INDEX transfers_address_trgm_idx ON transfers
    USING gin (lower(coalesce(from_address, '') || ' ' || coalesce(to_address, '')) gin_trgm_ops)
    WHERE from_address IS NOT NULL OR to_address IS NOT NULL;
CREATE INDEX transactions_search_trgm_idx ON transactions USING gin
    ((lower(coalesce(txn_hash, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(label, ''))) gin_trgm_ops)
    WHERE txn_hash IS NOT NULL OR notes IS NOT NULL;
