-- name: InsertTransaction :one
INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, txn_hash, external_id, label, notes,
                          is_failed, source, session_id, parent_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
RETURNING *;

-- name: InsertTransfer :one
INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id,
                       from_address, to_address, fiat_value, original_fiat_value, fee_fiat, is_fee, label,
                       staking_account_identifier)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15)
RETURNING *;

-- name: NextTransferPosition :one
SELECT coalesce(max(position) + 1, 0)::integer FROM transfers WHERE transaction_id = $1;

-- name: GetTransaction :one
SELECT * FROM transactions WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL;

-- name: GetTransactionsByIDs :many
SELECT * FROM transactions WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]) AND deleted_at IS NULL
ORDER BY occurred_at, ordinal, id;

-- name: ListTransfersOfTransactions :many
SELECT * FROM transfers WHERE client_id = $1 AND transaction_id = ANY(sqlc.arg(ids)::uuid[])
ORDER BY transaction_id, position;

-- name: GetTransfer :one
SELECT * FROM transfers WHERE client_id = $1 AND transaction_id = $2 AND id = $3;

-- name: UpdateTransfer :one
UPDATE transfers SET
    asset_id = $4, quantity = $5, from_account_id = $6, to_account_id = $7, fiat_value = $8,
    basis_fiat_value = $9, is_hidden = $10, purchase_date_override = $11, label = $12,
    staking_account_identifier = $13, is_missing_basis_override = $14
WHERE client_id = $1 AND transaction_id = $2 AND id = $3
RETURNING *;

-- name: UpdateTransactionFields :one
UPDATE transactions SET
    label = $3, notes = $4, is_hidden = $5, is_reviewed = $6, occurred_at = $7, txn_hash = $8,
    updated_at = now()
WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL
RETURNING *;

-- name: MarkTransactionsDirty :one
-- Callers have checked that the transactions are the client's. Stamps them with the edit's source
-- and session (Transaction.source and sessionId are those of the latest write). Tells whether the
-- transactions' pending changes touch the client's locked period: their time now, or the old time of
-- a moved one (recorded by the transactions_mark_old_time trigger), before midnight of
-- lock_taxes_until in the client's timezone. Editor.dirty refuses the edit then.
WITH marked AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT sqlc.arg(client_id), unnest(sqlc.arg(ids)::uuid[]) RETURNING 1
), stamped AS (
    UPDATE transactions SET source = sqlc.narg(source), session_id = sqlc.narg(session_id), updated_at = now()
     WHERE client_id = sqlc.arg(client_id) AND id = ANY(sqlc.arg(ids)::uuid[])
)
SELECT coalesce(c.lock_taxes_until::text, '')::text AS locked_until,
       coalesce(LEAST((SELECT min(t.occurred_at) FROM transactions t WHERE t.client_id = sqlc.arg(client_id) AND t.id = ANY(sqlc.arg(ids)::uuid[])),
                      (SELECT min(d.occurred_at) FROM dirty_marks d WHERE d.client_id = sqlc.arg(client_id) AND d.transaction_id = ANY(sqlc.arg(ids)::uuid[])))
                < (c.lock_taxes_until::timestamp AT TIME ZONE c.timezone), false)::boolean AS touches_locked,
       (SELECT count(*) FROM marked)::int AS marked
FROM clients c WHERE c.id = sqlc.arg(client_id);

-- name: MarkClientSettingsDirty :exec
UPDATE clients SET settings_dirty_seq = nextval('ledger_dirty_seq'), updated_at = now() WHERE id = $1;

-- name: CountDirty :one
-- Dirty transactions, plus one when a settings change invalidated the whole result.
SELECT (SELECT count(DISTINCT d.transaction_id) FROM dirty_marks d WHERE d.client_id = $1)
     + (SELECT count(*) FROM clients c WHERE c.id = $1 AND c.settings_dirty_seq IS NOT NULL);

-- name: IsDirty :one
SELECT coalesce(EXISTS (SELECT 1 FROM dirty_marks WHERE client_id = $1)
    OR EXISTS (SELECT 1 FROM clients WHERE id = $1 AND settings_dirty_seq IS NOT NULL), false)::boolean;

-- name: InsertAuditLog :exec
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value,
                        session_id, source, actor)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12);

-- name: GetAuditLogsByIDs :many
-- Locked: two concurrent undos of one entry cannot both revert it (the second sees it undone).
SELECT * FROM audit_logs WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]) ORDER BY created_at DESC, id DESC
FOR UPDATE;

-- name: MarkAuditLogUndone :exec
UPDATE audit_logs SET undone_at = now() WHERE client_id = $1 AND id = $2;

-- name: GetAsset :one
SELECT * FROM assets WHERE client_id = $1 AND id = $2;

-- name: UpsertAsset :one
INSERT INTO assets (id, client_id, key, symbol, name, type, chain, contract_address, decimals)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (client_id, key) DO UPDATE SET symbol = assets.symbol
RETURNING *;

-- name: SoftDeleteTransaction :exec
UPDATE transactions SET deleted_at = now() WHERE client_id = $1 AND id = $2;

-- name: ListAssetsByIDs :many
SELECT * FROM assets WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]);

-- name: ListAccountsByIDs :many
SELECT * FROM accounts WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]);

-- name: ListSpamAssetIDs :many
SELECT id FROM assets WHERE client_id = $1 AND is_spam;

-- name: GetLedgerState :one
-- The client's current result set and whether its results are stale.
SELECT c.current_result_set_id,
       (c.settings_dirty_seq IS NOT NULL OR EXISTS (SELECT 1 FROM dirty_marks d WHERE d.client_id = c.id))::boolean AS is_stale,
       (c.settings_dirty_seq IS NOT NULL)::boolean AS settings_dirty, c.currency
FROM clients c WHERE c.id = $1;

-- name: ListTransferDisposals :many
-- Per-transfer totals of the disposal pieces of a result set (transfer ids are text in results),
-- found through the seq range of their transaction's result row (migration 00023). Each step is
-- a lateral lookup by key, whatever the planner's statistics say about this result set (a set
-- just written is missing from them, and a join it planned from them scanned the set's pieces
-- once per transaction).
SELECT d.transfer_id, sum(d.proceeds)::numeric AS proceeds, sum(d.basis)::numeric AS basis, sum(d.gain)::numeric AS gain,
       bool_or(d.term = 'short')::boolean AS has_short, bool_or(d.term = 'long')::boolean AS has_long,
       sum(CASE WHEN d.uncovered THEN d.quantity ELSE 0 END)::numeric AS uncovered
FROM (SELECT DISTINCT tr.transaction_id FROM transfers tr WHERE tr.id = ANY(sqlc.arg(transfer_ids)::text[]::uuid[])) t
CROSS JOIN LATERAL (SELECT r.first_disposal_seq, r.last_disposal_seq FROM tax_transaction_results r
    WHERE r.result_set_id = sqlc.arg(result_set_id)::uuid AND r.transaction_id = t.transaction_id OFFSET 0) r
CROSS JOIN LATERAL (SELECT x.transfer_id, x.proceeds, x.basis, x.gain, x.term, x.uncovered, x.quantity FROM tax_disposals x
    WHERE x.result_set_id = sqlc.arg(result_set_id)::uuid AND x.seq BETWEEN r.first_disposal_seq AND r.last_disposal_seq OFFSET 0) d
WHERE d.transfer_id = ANY(sqlc.arg(transfer_ids)::text[])
GROUP BY d.transfer_id;

-- name: ListTransferIncome :many
-- As ListTransferDisposals, for income.
SELECT i.transfer_id, sum(i.value)::numeric AS value
FROM (SELECT DISTINCT tr.transaction_id FROM transfers tr WHERE tr.id = ANY(sqlc.arg(transfer_ids)::text[]::uuid[])) t
CROSS JOIN LATERAL (SELECT r.first_income_seq, r.last_income_seq FROM tax_transaction_results r
    WHERE r.result_set_id = sqlc.arg(result_set_id)::uuid AND r.transaction_id = t.transaction_id OFFSET 0) r
CROSS JOIN LATERAL (SELECT x.transfer_id, x.value FROM tax_income x
    WHERE x.result_set_id = sqlc.arg(result_set_id)::uuid AND x.seq BETWEEN r.first_income_seq AND r.last_income_seq OFFSET 0) i
WHERE i.transfer_id = ANY(sqlc.arg(transfer_ids)::text[])
GROUP BY i.transfer_id;

-- name: ListFileImports :many
-- The client's file imports: syncs whose only item is a file account, newest first.
SELECT s.*, i.account_id, i.imported, i.status AS item_status, i.message, i.attempt, i.max_attempts, i.next_attempt_at
FROM account_syncs s
JOIN account_sync_items i ON i.sync_id = s.id
JOIN accounts a ON a.id = i.account_id AND a.type = 'file'
WHERE s.client_id = $1
ORDER BY s.created_at DESC, s.id DESC
LIMIT 50;

-- name: CountAccountTransactions :many
SELECT t.account_id::uuid AS account_id, count(*) AS n
FROM transactions t
WHERE t.client_id = $1 AND t.account_id = ANY(sqlc.arg(ids)::uuid[]) AND t.deleted_at IS NULL
GROUP BY t.account_id;

-- Edits of the GraphQL mutations (internal/ledger/edits.go).

-- name: UpdateTransactionExtras :one
UPDATE transactions SET investment_id = $3, off_chain_data = $4, is_missing_basis_override = $5, updated_at = now()
WHERE client_id = $1 AND id = $2 AND deleted_at IS NULL
RETURNING *;

-- name: UpdateTransferOriginals :exec
UPDATE transfers SET original_fiat_value = $4, original_basis_fiat_value = $5
WHERE client_id = $1 AND transaction_id = $2 AND id = $3;

-- name: MoveTransfer :exec
UPDATE transfers SET transaction_id = sqlc.arg(to_transaction_id), position = sqlc.arg(position)
WHERE client_id = $1 AND id = $2;

-- name: DeleteTransfer :exec
DELETE FROM transfers WHERE client_id = $1 AND transaction_id = $2 AND id = $3;

-- name: GetTransferByID :one
SELECT * FROM transfers WHERE client_id = $1 AND id = $2;

-- name: GetTransactionWithDeleted :one
SELECT * FROM transactions WHERE client_id = $1 AND id = $2;

-- name: RestoreTransaction :exec
UPDATE transactions SET deleted_at = NULL WHERE client_id = $1 AND id = $2;

-- name: NextChildOrdinal :one
-- The ordinal after the base's live children (children settle after the base, in ordinal order).
SELECT coalesce(max(c.ordinal), b.ordinal) + 1 FROM transactions b
LEFT JOIN transactions c ON c.parent_id = b.id AND c.deleted_at IS NULL
WHERE b.client_id = $1 AND b.id = $2
GROUP BY b.ordinal;

-- name: TransactionIsPaired :one
SELECT EXISTS (SELECT 1 FROM internal_transfer_pairs WHERE client_id = $1 AND (from_transaction_id = $2 OR to_transaction_id = $2));

-- name: ListLaterAuditLogs :many
-- Live entries written after the oldest of the given ones that touch the same entities or live in
-- the transactions those create: the candidates an undo would depend on (Editor.Undo filters them).
SELECT * FROM audit_logs
WHERE client_id = $1 AND undone_at IS NULL AND created_at >= sqlc.arg(since)
  AND (entity_id = ANY(sqlc.arg(entity_ids)::uuid[]) OR transaction_id = ANY(sqlc.arg(entity_ids)::uuid[]))
ORDER BY created_at, id;

-- name: InsertLabelRule :one
INSERT INTO label_rules (id, client_id, provider, direction, counterparty, label) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (client_id, provider, direction, counterparty) DO UPDATE SET label = EXCLUDED.label
RETURNING *;

-- name: SetTransactionOrdinal :exec
UPDATE transactions SET ordinal = $3, updated_at = now() WHERE client_id = $1 AND id = $2;
