-- name: GetChainTxs :many
SELECT hash, tx FROM chain_transactions WHERE chain = $1 AND hash = ANY(sqlc.arg('hashes')::text[]);

-- name: PutChainTxs :exec
INSERT INTO chain_transactions (chain, hash, block, tx)
SELECT unnest(sqlc.arg('chains')::text[]), unnest(sqlc.arg('hashes')::text[]),
       unnest(sqlc.arg('blocks')::bigint[]), unnest(sqlc.arg('txs')::jsonb[])
ON CONFLICT (chain, hash) DO UPDATE SET block = excluded.block, tx = excluded.tx, fetched_at = now();
