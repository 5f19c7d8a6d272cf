-- +goose Up
-- A page of the transaction list finds its ids in time order from this index before it reads the
-- rows (ledger.pageQuery): with the columns of the list's default conditions (not deleted, not
-- hidden, not failed) in the index, every row a deep page's offset skips is read from the index
-- alone (an index-only scan), not from the table.
DROP INDEX transactions_client_order_idx;
CREATE INDEX transactions_client_order_idx ON transactions (client_id, occurred_at, ordinal, id)
    INCLUDE (deleted_at, is_hidden, is_failed);

-- +goose Down
DROP INDEX transactions_client_order_idx;
CREATE INDEX transactions_client_order_idx ON transactions (client_id, occurred_at, ordinal, id);
