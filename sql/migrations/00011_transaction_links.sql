-- +goose Up
-- internal_transfer_pairs becomes the table of every link between two transactions of a client:
-- an internal transfer (the same asset moves between own accounts), a bridge (an own account on one
-- chain to an own account on another: the lots move to the destination asset) or a cross-chain swap
-- (a disposal of the sent asset and an acquisition of the received one). The engine reads them
-- (internal/recalc/pairs.go). The id is derived from the two transaction ids, so re-creating a link
-- that an undo removed gives back the same id.
ALTER TABLE internal_transfer_pairs
    ADD COLUMN id uuid,
    ADD COLUMN link_type text NOT NULL DEFAULT 'INTERNAL_TRANSFER'
        CONSTRAINT internal_transfer_pairs_link_type_check CHECK (link_type IN ('INTERNAL_TRANSFER', 'BRIDGE', 'CROSS_CHAIN_SWAP'));
UPDATE internal_transfer_pairs SET id = md5(from_transaction_id::text || '/' || to_transaction_id::text)::uuid;
ALTER TABLE internal_transfer_pairs ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX internal_transfer_pairs_id_key ON internal_transfer_pairs (id);
CREATE INDEX internal_transfer_pairs_client_idx ON internal_transfer_pairs (client_id);

-- +goose Down
DROP INDEX internal_transfer_pairs_client_idx;
DROP INDEX internal_transfer_pairs_id_key;
ALTER TABLE internal_transfer_pairs DROP COLUMN link_type, DROP COLUMN id;
