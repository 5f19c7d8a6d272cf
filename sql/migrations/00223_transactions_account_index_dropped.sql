-- +goose Up
-- Every read of an account's transactions names the client as well (the client keys), and
-- transactions_client_account_idx (client_id, account_id, occurred_at) answers it; an index on the
-- account alone was kept up on every insert for no read.
DROP INDEX transactions_account_idx;

-- +goose Down
CREATE INDEX transactions_account_idx ON transactions (account_id);
