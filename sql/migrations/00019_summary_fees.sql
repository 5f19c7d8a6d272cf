-- +goose Up
-- The transaction summary sums the fees of the matching transactions: fee transfers' fiat values
-- and fiat fees given on any transfer. This partial index holds just those transfers (about a
-- quarter of a trading ledger's) with the columns the sum reads, so the summary joins them to
-- its matches from the index alone instead of scanning every transfer of the client.
CREATE INDEX transfers_fees_idx ON transfers (transaction_id) INCLUDE (client_id, is_fee, fiat_value, fee_fiat)
  WHERE (is_fee OR fee_fiat IS NOT NULL) AND NOT is_hidden;

-- +goose Down
DROP INDEX transfers_fees_idx;
