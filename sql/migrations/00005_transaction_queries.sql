-- +goose Up
-- Indexes of the transaction list (getClientTransactions and its summary and export).

-- `search`: substring matches on a transaction's hash, notes and label and on its transfers'
-- addresses. The expressions must stay identical to internal/ledger/where.go.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX transactions_search_trgm_idx ON transactions USING gin
    ((lower(coalesce(txn_hash, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(label, ''))) gin_trgm_ops);
CREATE INDEX transfers_address_trgm_idx ON transfers USING gin
    ((lower(coalesce(from_address, '') || ' ' || coalesce(to_address, ''))) gin_trgm_ops);

-- Transfer-level filters (asset, staking identifier) run as EXISTS per transaction through the
-- (transaction_id, position) key; the asset filter can also start from the asset.
CREATE INDEX transfers_client_asset_idx ON transfers (client_id, asset_id, transaction_id);

-- Labels, accounts and review state, in list order.
CREATE INDEX transactions_client_label_idx ON transactions (client_id, label, occurred_at);
CREATE INDEX transactions_client_account_idx ON transactions (client_id, account_id, occurred_at);

-- Per-transfer disposal and income figures of a result set (Transfer.capGainsSum...).
CREATE INDEX tax_disposals_transfer_idx ON tax_disposals (result_set_id, transfer_id);
CREATE INDEX tax_income_transfer_idx ON tax_income (result_set_id, transfer_id);

-- Transactions with income of a result set, for hasIncome / financialEventType income.
CREATE INDEX tax_transaction_results_income_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE income <> 0;

-- +goose Down
DROP INDEX tax_transaction_results_income_idx;
DROP INDEX tax_income_transfer_idx;
DROP INDEX tax_disposals_transfer_idx;
DROP INDEX transactions_client_account_idx;
DROP INDEX transactions_client_label_idx;
DROP INDEX transfers_client_asset_idx;
DROP INDEX transfers_address_trgm_idx;
DROP INDEX transactions_search_trgm_idx;
