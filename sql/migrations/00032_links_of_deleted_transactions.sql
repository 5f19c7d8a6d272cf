-- +goose Up
-- A link (internal transfer, bridge, cross-chain swap) never outlives a side: deleteAccount removes
-- the links of the transactions it deletes, and a linked transaction cannot be deleted, merged away
-- or have its creation undone alone (docs/ledger-edits.md). Links left with a deleted side by
-- earlier versions go: the engine already ignored them, but the other side still showed itself as
-- an internal transfer paired with a deleted transaction.
DELETE FROM internal_transfer_pairs p
 USING transactions t
 WHERE t.id IN (p.from_transaction_id, p.to_transaction_id) AND t.deleted_at IS NOT NULL;

-- +goose Down
SELECT 1;
