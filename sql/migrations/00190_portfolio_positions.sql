-- +goose Up
-- DeFi positions in the portfolio: the open quantity beside the basis of each account's lots (the
-- positions' rows read theirs from portfolio_basis), and the two lookups of a portfolio read that
-- concern few transfers of a ledger: the receipts (a position's receipt token, label 'receipt') and
-- the accounts that moved coins into or out of a position.
-- The sums are a cache per written result set: emptied here, refilled with quantities on first read.
DELETE FROM portfolio_basis;
ALTER TABLE portfolio_basis ADD COLUMN quantity numeric NOT NULL;

CREATE INDEX transfers_receipt_idx ON transfers (client_id, asset_id) WHERE label = 'receipt';
CREATE INDEX transfers_position_idx ON transfers (client_id, staking_account_identifier)
    INCLUDE (from_account_id, to_account_id, is_hidden) WHERE staking_account_identifier IS NOT NULL;

-- +goose Down
DROP INDEX transfers_position_idx;
DROP INDEX transfers_receipt_idx;
ALTER TABLE portfolio_basis DROP COLUMN quantity;
