-- +goose Up
-- The figures of a transaction's transfers that the ledger alone cannot give, as the recalculation
-- used them: the basis that left in a gift sent, a donation, a loss or a transfer out (pieces that
-- are not capital-gain events, so not in tax_disposals), the value a swap leg without one took from
-- its other side (a cross-chain swap's receiving side included), and a purchase's basis with a
-- crypto fee added. A JSON object by transfer id: {"<id>": {"value": "260", "basis": "260"}}; NULL
-- for the (most) transactions without such a transfer. Transfer.fiatValueCents and
-- basisFiatValueCents read it.
ALTER TABLE tax_transaction_results ADD COLUMN transfer_figures jsonb;

-- +goose Down
ALTER TABLE tax_transaction_results DROP COLUMN transfer_figures;
