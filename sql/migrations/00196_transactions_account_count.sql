-- +goose Up
-- The client's transactions by account carry whether they are deleted, so that an account's count
-- of its live transactions (getClientAccounts' transactionCount) is read from the index alone
-- instead of visiting every transaction's row.
DROP INDEX transactions_client_account_idx;
CREATE INDEX transactions_client_account_idx ON transactions (client_id, account_id, occurred_at) INCLUDE (deleted_at);

-- +goose Down
DROP INDEX transactions_client_account_idx;
CREATE INDEX transactions_client_account_idx ON transactions (client_id, account_id, occurred_at);
