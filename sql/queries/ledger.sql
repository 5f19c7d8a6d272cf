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
-- a lateral lookup by key, whatever the planner's statistics say about this result set: the set is
-- named through a one-row subquery, priced as the average set (a set just written is missing from
-- the statistics; named by its value it looks empty, and a join planned from that scanned the
-- set's pieces once per transaction, a lookup the set's results through their time index;
-- internal/recalc/bulksql.go, setValue).
SELECT d.transfer_id, sum(d.proceeds)::numeric AS proceeds, sum(d.basis)::numeric AS basis, sum(d.gain)::numeric AS gain,
       bool_or(d.term = 'short')::boolean AS has_short, bool_or(d.term = 'long')::boolean AS has_long,
       sum(CASE WHEN d.uncovered THEN d.quantity ELSE 0 END)::numeric AS uncovered
FROM (SELECT DISTINCT tr.transaction_id FROM transfers tr WHERE tr.id = ANY(sqlc.arg(transfer_ids)::uuid[])) t
CROSS JOIN LATERAL (SELECT r.first_disposal_seq, r.last_disposal_seq FROM tax_transaction_results r
    WHERE r.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND r.transaction_id = t.transaction_id OFFSET 0) r
CROSS JOIN LATERAL (SELECT x.transfer_id, x.proceeds, x.basis, x.gain, x.term, x.uncovered, x.quantity FROM tax_disposals x
    WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.seq BETWEEN r.first_disposal_seq AND r.last_disposal_seq OFFSET 0) d
WHERE d.transfer_id = ANY(sqlc.arg(transfer_ids)::uuid[])
GROUP BY d.transfer_id;

-- name: ListTransferIncome :many
-- As ListTransferDisposals, for income.
SELECT i.transfer_id, sum(i.value)::numeric AS value
FROM (SELECT DISTINCT tr.transaction_id FROM transfers tr WHERE tr.id = ANY(sqlc.arg(transfer_ids)::uuid[])) t
CROSS JOIN LATERAL (SELECT r.first_income_seq, r.last_income_seq FROM tax_transaction_results r
    WHERE r.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND r.transaction_id = t.transaction_id OFFSET 0) r
CROSS JOIN LATERAL (SELECT x.transfer_id, x.value FROM tax_income x
    WHERE x.result_set_id = (SELECT sqlc.arg(result_set_id)::uuid) AND x.seq BETWEEN r.first_income_seq AND r.last_income_seq OFFSET 0) i
WHERE i.transfer_id = ANY(sqlc.arg(transfer_ids)::uuid[])
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
-- The kept counts of live transactions per account (account_transaction_counts, migration 00200).
SELECT c.account_id, c.transactions AS n
FROM account_transaction_counts c
WHERE c.client_id = $1 AND c.account_id = ANY(sqlc.arg(ids)::uuid[]);

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

-- name: RehomeAccountMoves :exec
-- Moves to or from other own accounts are re-homed to the (first) other account, unless that
-- account already holds a transaction of the same external id (one the client deleted there: the
-- move stays deleted, and this copy goes with the removed account).
WITH candidates AS (
    SELECT t.id, t.external_id, min(coalesce(nullif(tr.to_account_id, sqlc.arg(account_id)::uuid), nullif(tr.from_account_id, sqlc.arg(account_id)::uuid))::text)::uuid AS other
      FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
     WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid AND t.deleted_at IS NULL
       AND ((tr.from_account_id = sqlc.arg(account_id)::uuid AND tr.to_account_id IS NOT NULL AND tr.to_account_id <> sqlc.arg(account_id)::uuid)
         OR (tr.to_account_id = sqlc.arg(account_id)::uuid AND tr.from_account_id IS NOT NULL AND tr.from_account_id <> sqlc.arg(account_id)::uuid))
     GROUP BY t.id, t.external_id
), moves AS (
    SELECT c.id, c.other FROM candidates c
     WHERE c.external_id IS NULL
        OR NOT EXISTS (SELECT 1 FROM transactions o
                        WHERE o.account_id = c.other AND o.external_id = c.external_id AND o.client_id = sqlc.arg(client_id)::uuid)
), dropped AS (
    DELETE FROM transfers tr USING moves m
     WHERE tr.transaction_id = m.id
       AND (tr.from_account_id IS NULL OR tr.from_account_id = sqlc.arg(account_id)::uuid) AND (tr.to_account_id IS NULL OR tr.to_account_id = sqlc.arg(account_id)::uuid)
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT sqlc.arg(client_id)::uuid, id FROM moves
), audit AS (
    INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
    SELECT gen_random_uuid(), sqlc.arg(client_id)::uuid, m.id, 'transaction', m.id, 'update', 'accountId', to_jsonb(sqlc.arg(account_id)::uuid::text), to_jsonb(m.other::text),
           sqlc.narg(session_id)::text, sqlc.narg(source)::text, sqlc.arg(actor)::text
      FROM moves m
)
UPDATE transactions t SET account_id = m.other, updated_at = now() FROM moves m WHERE t.id = m.id;

-- name: UnnameRemovedAccount :exec
-- The account becomes an outside party wherever it is still named.
WITH named AS (
    UPDATE transfers SET from_account_id = CASE WHEN from_account_id = sqlc.arg(account_id)::uuid THEN NULL ELSE from_account_id END,
                         to_account_id = CASE WHEN to_account_id = sqlc.arg(account_id)::uuid THEN NULL ELSE to_account_id END
     WHERE client_id = sqlc.arg(client_id)::uuid AND (from_account_id = sqlc.arg(account_id)::uuid OR to_account_id = sqlc.arg(account_id)::uuid)
    RETURNING transaction_id
)
INSERT INTO dirty_marks (client_id, transaction_id)
SELECT DISTINCT sqlc.arg(client_id)::uuid, n.transaction_id FROM named n JOIN transactions t ON t.id = n.transaction_id
 WHERE t.account_id IS DISTINCT FROM sqlc.arg(account_id)::uuid;

-- name: RemoveAccountLinks :exec
-- The links the account's transactions take part in go, audited like unmarkInternalTransfer.
WITH gone AS (
    DELETE FROM internal_transfer_pairs p USING transactions t
     WHERE p.client_id = sqlc.arg(client_id)::uuid AND t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid AND t.deleted_at IS NULL
       AND t.id IN (p.from_transaction_id, p.to_transaction_id)
    RETURNING p.from_transaction_id, p.to_transaction_id, p.link_type
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id)
    SELECT sqlc.arg(client_id)::uuid, s.id FROM gone g CROSS JOIN LATERAL (VALUES (g.from_transaction_id), (g.to_transaction_id)) s(id)
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), sqlc.arg(client_id)::uuid, g.from_transaction_id, 'transaction', g.from_transaction_id, 'update', f.field,
       to_jsonb(g.to_transaction_id::text), 'null'::jsonb, sqlc.narg(session_id)::text, sqlc.narg(source)::text, sqlc.arg(actor)::text
  FROM gone g JOIN (SELECT unnest(sqlc.arg(link_types)::text[]) AS link_type, unnest(sqlc.arg(link_fields)::text[]) AS field) f ON f.link_type = g.link_type;

-- name: DeleteAccountTransactions :execrows
-- Soft-deletes the account's transactions, releasing their external ids.
WITH gone AS (
    UPDATE transactions SET deleted_at = now(), updated_at = now(), external_id = NULL
     WHERE client_id = sqlc.arg(client_id)::uuid AND account_id = sqlc.arg(account_id)::uuid AND deleted_at IS NULL
    RETURNING id
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT sqlc.arg(client_id)::uuid, id FROM gone
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), sqlc.arg(client_id)::uuid, g.id, 'transaction', g.id, sqlc.arg(action)::text, 'transaction', to_jsonb(g.id::text), 'null'::jsonb,
       sqlc.narg(session_id)::text, sqlc.narg(source)::text, sqlc.arg(actor)::text
  FROM gone g;

-- name: SaveAccountEdits :execrows
-- Keeps the edited state of the account's transactions by external id, for ApplyAccountEdits.
INSERT INTO account_refresh_edits (client_id, account_id, external_id, label, notes, is_hidden, is_reviewed)
SELECT t.client_id, t.account_id, t.external_id, t.label, t.notes, t.is_hidden, t.is_reviewed
  FROM transactions t
 WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid AND t.deleted_at IS NULL AND t.external_id IS NOT NULL
   AND EXISTS (SELECT 1 FROM audit_logs l WHERE l.client_id = sqlc.arg(client_id)::uuid AND l.transaction_id = t.id AND l.action <> 'create')
ON CONFLICT (account_id, external_id, client_id) DO UPDATE
   SET label = EXCLUDED.label, notes = EXCLUDED.notes, is_hidden = EXCLUDED.is_hidden, is_reviewed = EXCLUDED.is_reviewed;

-- name: ApplyAccountEdits :execrows
-- Puts saved edits back on the account's re-imported transactions, audits and forgets them.
WITH applied AS (
    UPDATE transactions t
       SET label = r.label, notes = r.notes, is_hidden = r.is_hidden, is_reviewed = r.is_reviewed, updated_at = now()
      FROM account_refresh_edits r
     WHERE r.account_id = sqlc.arg(account_id)::uuid AND t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid
       AND t.external_id = r.external_id AND t.deleted_at IS NULL
    RETURNING t.id, t.external_id, r.label, r.notes, r.is_hidden, r.is_reviewed
), forgotten AS (
    DELETE FROM account_refresh_edits r USING applied a WHERE r.account_id = sqlc.arg(account_id)::uuid AND r.external_id = a.external_id
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT sqlc.arg(client_id)::uuid, id FROM applied
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), sqlc.arg(client_id)::uuid, a.id, 'transaction', a.id, 'update', 'reappliedEdits', 'null'::jsonb,
       jsonb_build_object('label', a.label, 'notes', a.notes, 'isHidden', a.is_hidden, 'isReviewed', a.is_reviewed),
       sqlc.narg(session_id)::text, sqlc.narg(source)::text, sqlc.arg(actor)::text
  FROM applied a;

-- name: InsertTransactionAudits :exec
-- Audit entries of many transaction field changes (arrays by position; values are JSON text).
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT a.id, sqlc.arg(client_id)::uuid, a.tx, 'transaction', a.tx, 'update', a.field, a.old::jsonb, a.new::jsonb,
       sqlc.narg(session_id)::text, sqlc.narg(source)::text, sqlc.arg(actor)::text
  FROM (SELECT unnest(sqlc.arg(ids)::uuid[]) AS id, unnest(sqlc.arg(transaction_ids)::uuid[]) AS tx, unnest(sqlc.arg(fields)::text[]) AS field,
               unnest(sqlc.arg(old_values)::text[]) AS old, unnest(sqlc.arg(new_values)::text[]) AS new) a;

-- name: DeletedAccountOfEntries :many
-- A deleted account among the given accounts or the accounts of the given transactions.
SELECT a.id, a.name FROM accounts a
 WHERE a.client_id = sqlc.arg(client_id)::uuid AND a.deleted_at IS NOT NULL
   AND (a.id = ANY(sqlc.arg(account_ids)::uuid[]) OR a.id IN (SELECT t.account_id FROM transactions t WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.id = ANY(sqlc.arg(transaction_ids)::uuid[])))
 LIMIT 1;

-- name: TransferPositionTaken :one
SELECT EXISTS (SELECT 1 FROM transfers WHERE transaction_id = $1 AND position = $2);

-- name: LiveChildrenFrom :many
-- The live children of a transaction from an ordinal on, last first.
SELECT id FROM transactions WHERE client_id = $1 AND parent_id = $2 AND deleted_at IS NULL
  AND ordinal >= sqlc.arg(from_ordinal)::integer ORDER BY ordinal DESC;

-- name: UnitPriceOnTransactionDay :many
-- The cached USD price of an asset on the (UTC) day of a transaction.
SELECT p.usd FROM transactions t
JOIN assets a ON a.client_id = t.client_id AND a.id = sqlc.arg(asset_id)::uuid
JOIN prices p ON p.price_key = 'coingecko:' || a.price_source_id AND p.day = (t.occurred_at AT TIME ZONE 'UTC')::date
WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.id = sqlc.arg(transaction_id)::uuid;

-- name: UnlabeledMatchingRule :many
-- The unlabeled transactions of a provider whose first one-sided transfer has the direction and
-- counterparty of a label rule.
SELECT t.id FROM transactions t
JOIN accounts a ON a.id = t.account_id AND a.provider = sqlc.arg(provider)::text
JOIN LATERAL (
    SELECT CASE WHEN tr.from_account_id IS NULL THEN 'in' ELSE 'out' END AS dir,
           lower(CASE WHEN tr.from_account_id IS NULL THEN tr.from_address ELSE tr.to_address END) AS cp
      FROM transfers tr
     WHERE tr.transaction_id = t.id AND NOT tr.is_hidden AND NOT tr.is_fee
       AND (tr.from_account_id IS NULL) <> (tr.to_account_id IS NULL)
     ORDER BY tr.position LIMIT 1) f ON f.dir = sqlc.arg(direction)::text AND f.cp = sqlc.arg(counterparty)::text
WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.label IS NULL AND t.deleted_at IS NULL AND t.id <> sqlc.arg(except_id)::uuid
ORDER BY t.occurred_at, t.id
LIMIT sqlc.arg(max_rows)::int;

-- name: UnpricedReceipts :many
SELECT DISTINCT t.id, t.occurred_at FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.deleted_at IS NULL AND tr.asset_id = sqlc.arg(asset_id)::uuid AND tr.fiat_value IS NULL
  AND tr.to_account_id IS NOT NULL AND tr.from_account_id IS NULL AND NOT tr.is_fee AND t.id <> ALL(sqlc.arg(except_ids)::uuid[])
ORDER BY t.occurred_at, t.id LIMIT sqlc.arg(max_rows)::int;

-- name: AssetByContract :one
SELECT id FROM assets WHERE client_id = $1 AND lower(contract_address) = lower(sqlc.arg(contract)::text) ORDER BY key LIMIT 1;

-- name: ProviderAccountIDs :many
SELECT id FROM accounts WHERE client_id = $1 AND provider = ANY(sqlc.arg(providers)::text[]);

-- name: ResultSetJurisdiction :one
SELECT jurisdiction FROM tax_result_sets WHERE id = $1;

-- name: LiveTransactionIDs :many
SELECT id FROM transactions WHERE client_id = $1 AND id = ANY(sqlc.arg(ids)::uuid[]) AND deleted_at IS NULL;

-- name: SetSummarySettings :exec
-- The summary transaction's settings. work_mem lets its hash joins (a ledger's matches against its
-- results) stay in memory: at the default 4 MB a million-row client's join spills to disk. No
-- parallel workers and no JIT: at a million transactions the asset + dates + label summary takes
-- 120 ms of CPU on one core; JIT compiling it (its estimate crosses jit_above_cost) adds 50 ms,
-- and parallel workers gave no better median on two cores and twice the p99, as they compete with
-- the requests beside it (they did the same for the capped count).
SELECT set_config('work_mem', '64MB', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true);

-- name: CountAuditLogs :one
-- The number of the client's audit-log entries matching the filter; a NULL argument matches
-- everything (an empty transaction_ids matches nothing). The search patterns are the search rule
-- of a transaction's text (internal/ledger's searchPatterns): the entry's transaction matches when
-- its lower-cased notes or label are LIKE search_contains, or its hash LIKE search_prefix or
-- search_hex_prefix.
SELECT count(*) FROM audit_logs al
LEFT JOIN users u ON al.actor LIKE 'user:%' AND u.id::text = substr(al.actor, 6)
WHERE al.client_id = sqlc.arg(client_id)::uuid
  AND (sqlc.narg(field)::text IS NULL OR al.field = sqlc.narg(field)::text)
  AND (sqlc.narg(transaction_ids)::uuid[] IS NULL OR al.transaction_id = ANY(sqlc.narg(transaction_ids)::uuid[]))
  AND (sqlc.narg(user_subject)::text IS NULL OR u.idp_subject = sqlc.narg(user_subject)::text)
  AND (sqlc.narg(search_contains)::text IS NULL OR EXISTS (SELECT 1 FROM transactions t WHERE t.id = al.transaction_id
      AND (lower(t.notes) LIKE sqlc.narg(search_contains)::text OR lower(t.label) LIKE sqlc.narg(search_contains)::text
           OR lower(t.txn_hash) LIKE sqlc.narg(search_prefix)::text OR lower(t.txn_hash) LIKE sqlc.narg(search_hex_prefix)::text)));

-- name: ListAuditLogs :many
-- A page of the client's audit-log entries matching the filter (as CountAuditLogs), newest first,
-- with the identity-provider subject and staff flag of a user actor.
SELECT al.id, al.created_at, al.actor, u.idp_subject, coalesce(u.is_staff, false)::boolean AS is_staff, al.entity,
    al.entity_id, al.transaction_id, al.action, al.field, al.old_value, al.new_value, al.session_id, al.source, al.undone_at
FROM audit_logs al
LEFT JOIN users u ON al.actor LIKE 'user:%' AND u.id::text = substr(al.actor, 6)
WHERE al.client_id = sqlc.arg(client_id)::uuid
  AND (sqlc.narg(field)::text IS NULL OR al.field = sqlc.narg(field)::text)
  AND (sqlc.narg(transaction_ids)::uuid[] IS NULL OR al.transaction_id = ANY(sqlc.narg(transaction_ids)::uuid[]))
  AND (sqlc.narg(user_subject)::text IS NULL OR u.idp_subject = sqlc.narg(user_subject)::text)
  AND (sqlc.narg(search_contains)::text IS NULL OR EXISTS (SELECT 1 FROM transactions t WHERE t.id = al.transaction_id
      AND (lower(t.notes) LIKE sqlc.narg(search_contains)::text OR lower(t.label) LIKE sqlc.narg(search_contains)::text
           OR lower(t.txn_hash) LIKE sqlc.narg(search_prefix)::text OR lower(t.txn_hash) LIKE sqlc.narg(search_hex_prefix)::text)))
ORDER BY al.created_at DESC, al.id DESC
LIMIT sqlc.arg(page_limit)::bigint OFFSET sqlc.arg(page_offset)::bigint;

-- name: SummaryResultRowsState :one
-- Whether the result rows can answer a summary: the client's current result set, whether it
-- claims exact transaction columns, whether any asset is spam, and up to dirty_limit dirty marks.
SELECT c.current_result_set_id, coalesce(rs.transaction_columns = 'exact', false)::boolean AS exact_columns,
    EXISTS (SELECT 1 FROM assets a WHERE a.client_id = c.id AND a.is_spam) AS has_spam,
    ARRAY(SELECT d.transaction_id FROM dirty_marks d WHERE d.client_id = c.id LIMIT sqlc.arg(dirty_limit)::integer)::uuid[] AS dirty
FROM clients c LEFT JOIN tax_result_sets rs ON rs.id = c.current_result_set_id WHERE c.id = sqlc.arg(client_id)::uuid;

-- name: ReclassifyCandidates :many
-- The account's transactions of the given external ids, whether a re-classification must leave
-- them alone (a person edited or deleted them) and the digest of their stored classification.
SELECT t.external_id::text AS external_id,
       (t.deleted_at IS NOT NULL OR transaction_is_edited(t.client_id, t.id))::boolean AS keep,
       coalesce(c.digest, '')::text AS digest
  FROM transactions t
  LEFT JOIN transaction_classifications c ON c.client_id = t.client_id AND c.transaction_id = t.id
 WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid
   AND t.external_id = ANY(sqlc.arg(external_ids)::text[]);

-- name: ListAccountChainHashes :many
-- The chain transactions of an account (its hashes) that a re-classification reads again.
SELECT DISTINCT t.txn_hash::text AS txn_hash FROM transactions t
 WHERE t.client_id = sqlc.arg(client_id)::uuid AND t.account_id = sqlc.arg(account_id)::uuid
   AND t.txn_hash IS NOT NULL AND t.deleted_at IS NULL;

-- name: ListBridgeCandidates :many
-- The client's live, unlinked, unedited transactions that a bridge rule classified, with the
-- chain of their account and their first leg that is not a fee.
SELECT t.id, t.occurred_at, c.rule, a.provider AS chain, upper(s.symbol)::text AS symbol, l.quantity
  FROM transaction_classifications c
  JOIN transactions t ON t.client_id = c.client_id AND t.id = c.transaction_id AND t.deleted_at IS NULL AND NOT t.is_hidden
  JOIN accounts a ON a.id = t.account_id AND a.client_id = t.client_id
  JOIN LATERAL (SELECT tr.asset_id, tr.quantity FROM transfers tr
                 WHERE tr.client_id = t.client_id AND tr.transaction_id = t.id AND NOT tr.is_fee AND NOT tr.is_hidden
                 ORDER BY tr.position LIMIT 1) l ON true
  JOIN assets s ON s.client_id = t.client_id AND s.id = l.asset_id
 WHERE c.client_id = sqlc.arg(client_id)::uuid AND c.rule IN ('bridge_out', 'bridge_in')
   AND NOT EXISTS (SELECT 1 FROM internal_transfer_pairs p WHERE p.client_id = t.client_id AND t.id IN (p.from_transaction_id, p.to_transaction_id))
   AND NOT transaction_is_edited(t.client_id, t.id)
 ORDER BY t.occurred_at, t.id;

-- name: GetTransactionClassifications :many
-- The classification of the given transactions (those a rule classified).
SELECT transaction_id, rule, confidence, explanation FROM transaction_classifications
 WHERE client_id = sqlc.arg(client_id)::uuid AND transaction_id = ANY(sqlc.arg(ids)::uuid[]);

-- name: KeptSummaryFigures :one
-- The unfiltered summary's kept figures (summary.go): the client's counts and fees of shown
-- transactions (migration 00203) and the result set's totals (migration 00204) less the rows of the dirty
-- transactions, whose figures the ledger answers instead. No row: the set has no totals.
SELECT coalesce(c.shown, 0)::bigint AS shown, coalesce(c.reviewed, 0)::bigint AS reviewed, coalesce(c.unlabeled, 0)::bigint AS unlabeled,
    (x.disposals - o.disposals)::bigint AS disposals, (x.proceeds - o.proceeds)::numeric AS proceeds, (x.basis - o.basis)::numeric AS basis,
    (x.gain - o.gain)::numeric AS gain, (x.short_term_gain - o.short_term_gain)::numeric AS short_term_gain,
    (x.long_term_gain - o.long_term_gain)::numeric AS long_term_gain, (x.income - o.income)::numeric AS income,
    (x.missing_basis - o.missing_basis)::bigint AS missing_basis, (x.negative_balance - o.negative_balance)::bigint AS negative_balance,
    coalesce(c.fees, 0)::numeric AS fees
FROM tax_result_totals x
CROSS JOIN (SELECT count(r.sale_term) AS disposals, coalesce(sum(r.proceeds), 0) AS proceeds, coalesce(sum(r.basis), 0) AS basis,
        coalesce(sum(r.gain), 0) AS gain, coalesce(sum(r.short_term_gain), 0) AS short_term_gain,
        coalesce(sum(r.long_term_gain), 0) AS long_term_gain, coalesce(sum(r.income), 0) AS income,
        count(*) FILTER (WHERE r.is_missing_basis) AS missing_basis, count(*) FILTER (WHERE r.has_negative_balance) AS negative_balance
    FROM tax_transaction_results r WHERE r.result_set_id = sqlc.arg(result_set_id)::uuid AND r.client_id = sqlc.arg(client_id)::uuid
        AND r.transaction_id = ANY(sqlc.arg(dirty)::uuid[]) AND r.is_failed IS NOT TRUE) o
LEFT JOIN client_transaction_counts c ON c.client_id = sqlc.arg(client_id)::uuid
WHERE x.result_set_id = sqlc.arg(result_set_id)::uuid AND x.client_id = sqlc.arg(client_id)::uuid;

-- name: KeptIncomeFigures :one
-- The summary of hasIncome (summary.go) from the kept totals of the result set's income rows
-- (migration 00210), of every account or of the given ones (by_account), less the rows of the dirty
-- transactions, whose figures the ledger answers instead.
SELECT (x.transactions - o.transactions)::bigint AS transactions, (x.disposals - o.disposals)::bigint AS disposals,
    (x.proceeds - o.proceeds)::numeric AS proceeds, (x.basis - o.basis)::numeric AS basis, (x.gain - o.gain)::numeric AS gain,
    (x.short_term_gain - o.short_term_gain)::numeric AS short_term_gain, (x.long_term_gain - o.long_term_gain)::numeric AS long_term_gain,
    (x.income - o.income)::numeric AS income, (x.without_label - o.without_label)::bigint AS without_label,
    (x.reviewed - o.reviewed)::bigint AS reviewed, (x.missing_basis - o.missing_basis)::bigint AS missing_basis,
    (x.negative_balance - o.negative_balance)::bigint AS negative_balance, (x.fees - o.fees)::numeric AS fees
FROM (SELECT coalesce(sum(k.transactions), 0) AS transactions, coalesce(sum(k.disposals), 0) AS disposals,
        coalesce(sum(k.proceeds), 0) AS proceeds, coalesce(sum(k.basis), 0) AS basis, coalesce(sum(k.gain), 0) AS gain,
        coalesce(sum(k.short_term_gain), 0) AS short_term_gain, coalesce(sum(k.long_term_gain), 0) AS long_term_gain,
        coalesce(sum(k.income), 0) AS income, coalesce(sum(k.without_label), 0) AS without_label, coalesce(sum(k.reviewed), 0) AS reviewed,
        coalesce(sum(k.missing_basis), 0) AS missing_basis, coalesce(sum(k.negative_balance), 0) AS negative_balance,
        coalesce(sum(k.fees), 0) AS fees
    FROM tax_result_income_totals k WHERE k.result_set_id = sqlc.arg(result_set_id)::uuid AND k.client_id = sqlc.arg(client_id)::uuid
        AND (NOT sqlc.arg(by_account)::boolean OR k.account_id = ANY(sqlc.arg(accounts)::uuid[]))) x
CROSS JOIN (SELECT count(*) FILTER (WHERE i) AS transactions, count(r.sale_term) FILTER (WHERE i) AS disposals,
        coalesce(sum(r.proceeds) FILTER (WHERE i), 0) AS proceeds, coalesce(sum(r.basis) FILTER (WHERE i), 0) AS basis,
        coalesce(sum(r.gain) FILTER (WHERE i), 0) AS gain, coalesce(sum(r.short_term_gain) FILTER (WHERE i), 0) AS short_term_gain,
        coalesce(sum(r.long_term_gain) FILTER (WHERE i), 0) AS long_term_gain, coalesce(sum(r.income) FILTER (WHERE i), 0) AS income,
        count(*) FILTER (WHERE i AND coalesce(r.label, '') = '') AS without_label, count(*) FILTER (WHERE i AND r.is_reviewed) AS reviewed,
        count(*) FILTER (WHERE i AND r.is_missing_basis) AS missing_basis, count(*) FILTER (WHERE i AND r.has_negative_balance) AS negative_balance,
        coalesce(sum(r.fees) FILTER (WHERE i), 0) AS fees
    -- the dirty rows by key; "an income row" a column, not a condition that the partial index of every income row answers
    FROM tax_transaction_results r CROSS JOIN LATERAL (SELECT r.income <> 0 AS i) x
    WHERE r.result_set_id = sqlc.arg(result_set_id)::uuid AND r.client_id = sqlc.arg(client_id)::uuid
        AND r.transaction_id = ANY(sqlc.arg(dirty)::uuid[]) AND r.is_failed IS NOT TRUE
        AND (NOT sqlc.arg(by_account)::boolean OR r.account_id = ANY(sqlc.arg(accounts)::uuid[]))) o;

-- name: SetTransactionValuesWritten :exec
-- Tells the transfers' triggers that the statements that follow write the values of the transactions
-- whose transfers they change ('on'), or no longer ('off'); it lasts for the database transaction at most.
SELECT set_config('taxd.transaction_values_written', sqlc.arg(state)::text, true);

-- name: SetBulkTransfersWritten :exec
-- Tells the insert triggers of transfers and dirty marks that the statements that follow insert rows
-- whose parents the writer has proven and locked and whose portfolio figures and client fees it
-- writes itself ('on'), or no longer ('off'); it lasts for the database transaction at most.
SELECT set_config('taxd.bulk_transfers_written', sqlc.arg(state)::text, true);

-- name: LockImportParents :one
-- Locks the client's assets of the given keys and accounts of the given ids FOR KEY SHARE (as the
-- transfers' parent check would) and counts those found: a bulk import proves its transfers'
-- parents with it before it writes them.
WITH locked_assets AS (SELECT s.id FROM assets s WHERE s.client_id = sqlc.arg(client_id) AND s.key = ANY(sqlc.arg(asset_keys)::text[]) FOR KEY SHARE),
     locked_accounts AS (SELECT c.id FROM accounts c WHERE c.client_id = sqlc.arg(client_id) AND c.id = ANY(sqlc.arg(account_ids)::uuid[]) FOR KEY SHARE)
SELECT (SELECT count(*) FROM locked_assets)::int AS assets_found, (SELECT count(*) FROM locked_accounts)::int AS accounts_found;

-- name: PortfolioApplySQL :one
-- The statement that applies the portfolio's balance and day changes of the signed sides a query
-- selects (client_id, account_id, asset_id, q, at): the SQL the portfolio's triggers run.
SELECT portfolio_apply_sql(sqlc.arg(sides)::text)::text;

-- name: AccountHasTransactions :one
-- Whether the account has any transaction, deleted or not (an import into an account without any
-- is written chunk by chunk).
SELECT EXISTS (SELECT 1 FROM transactions WHERE client_id = sqlc.arg(client_id)::uuid AND account_id = sqlc.arg(account_id)::uuid);

-- name: AddClientFees :exec
-- Adds an import's fees to the client's kept total; the sum comes as text so its scale is the one
-- Postgres' sum over the rows would have.
UPDATE client_transaction_counts SET fees = fees + sqlc.arg(fees)::text::numeric WHERE client_id = sqlc.arg(client_id)::uuid;
