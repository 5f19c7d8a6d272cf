-- Links between two transactions (internal transfers, bridges, cross-chain swaps): internal/ledger/pairs.go.

-- name: GetTransactionLink :one
-- The link a transaction takes part in, on either side.
SELECT * FROM internal_transfer_pairs
WHERE client_id = $1 AND (from_transaction_id = sqlc.arg(transaction_id) OR to_transaction_id = sqlc.arg(transaction_id))
LIMIT 1;

-- name: InsertTransactionLink :one
INSERT INTO internal_transfer_pairs (id, client_id, from_transaction_id, to_transaction_id, link_type)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: DeleteTransactionLink :one
DELETE FROM internal_transfer_pairs
WHERE client_id = $1 AND from_transaction_id = $2 AND to_transaction_id = $3 AND link_type = $4
RETURNING *;

-- name: CountTransferSides :one
-- The visible transfers of a transaction that leave the client's accounts and that enter them.
SELECT count(*) FILTER (WHERE tr.from_account_id IS NOT NULL AND tr.to_account_id IS NULL AND NOT tr.is_fee) AS outgoing,
       count(*) FILTER (WHERE tr.from_account_id IS NULL AND tr.to_account_id IS NOT NULL AND NOT tr.is_fee) AS incoming
FROM transfers tr
WHERE tr.client_id = $1 AND tr.transaction_id = $2 AND NOT tr.is_hidden;
