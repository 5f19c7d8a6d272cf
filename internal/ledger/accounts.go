package ledger

// Ledger writes that concern a whole account: removing an account's transactions (deleteAccount),
// clearing them for a re-import (hardRefreshAccount), and saving/re-applying the client's edits
// around that re-import. Each is a few set-wise statements in the Editor's transaction, with dirty
// marks and audit entries like any other edit.

import (
	"github.com/google/uuid"
)

// RemoveAccount takes an account's transactions out of the ledger, touching no other account's
// data:
//
//   - a transaction of the account that moved assets to or from another of the client's accounts
//     stays, as that account's transaction: its legs touching only the removed account (a network
//     fee it paid) go, and the removed account becomes an outside party on the others (from_address
//     or to_address keeps the address), so the other account keeps its deposit or withdrawal;
//   - transfers of other accounts' transactions that named the removed account name an outside
//     party instead;
//   - every other transaction of the account is deleted (soft, with its external id released), and
//     the links it took part in (internal transfers, bridges, cross-chain swaps) are removed, audited
//     like unmarkInternalTransfer: the other side counts as it is, no longer paired with a deleted
//     transaction. Undo does not bring any of it back (see Editor.Undo: CONFLICT naming the account).
//
// It returns how many transactions were deleted. The caller marks the account itself deleted.
func (e *Editor) RemoveAccount(accountID uuid.UUID) (int, error) {
	// 1. Moves to or from other own accounts are re-homed to the (first) other account.
	if _, err := e.tx.Exec(e.ctx, `
WITH moves AS (
    SELECT t.id, min(coalesce(nullif(tr.to_account_id, $2), nullif(tr.from_account_id, $2))::text)::uuid AS other
      FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
     WHERE t.client_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL
       AND ((tr.from_account_id = $2 AND tr.to_account_id IS NOT NULL AND tr.to_account_id <> $2)
         OR (tr.to_account_id = $2 AND tr.from_account_id IS NOT NULL AND tr.from_account_id <> $2))
     GROUP BY t.id
), dropped AS (
    DELETE FROM transfers tr USING moves m
     WHERE tr.transaction_id = m.id
       AND (tr.from_account_id IS NULL OR tr.from_account_id = $2) AND (tr.to_account_id IS NULL OR tr.to_account_id = $2)
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT $1, id FROM moves
), audit AS (
    INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
    SELECT gen_random_uuid(), $1, m.id, 'transaction', m.id, 'update', 'accountId', to_jsonb($2::text), to_jsonb(m.other::text), $3, $4, $5
      FROM moves m
)
UPDATE transactions t SET account_id = m.other, updated_at = now() FROM moves m WHERE t.id = m.id`,
		e.client, accountID, e.meta.SessionID, e.meta.Source, e.meta.Actor); err != nil {
		return 0, err
	}
	// 2. The account becomes an outside party wherever it is still named.
	if _, err := e.tx.Exec(e.ctx, `
WITH named AS (
    UPDATE transfers SET from_account_id = CASE WHEN from_account_id = $2 THEN NULL ELSE from_account_id END,
                         to_account_id = CASE WHEN to_account_id = $2 THEN NULL ELSE to_account_id END
     WHERE client_id = $1 AND (from_account_id = $2 OR to_account_id = $2)
    RETURNING transaction_id
)
INSERT INTO dirty_marks (client_id, transaction_id)
SELECT DISTINCT $1, n.transaction_id FROM named n JOIN transactions t ON t.id = n.transaction_id
 WHERE t.account_id IS DISTINCT FROM $2`, e.client, accountID); err != nil {
		return 0, err
	}
	return e.deleteAccountTransactions(accountID, "delete")
}

// ClearAccount deletes (soft) every transaction of the account so that it can be imported again
// from scratch: their external ids are released, so the re-import adds them as new rows. Their
// links go (see deleteAccountTransactions): the re-imported rows are new transactions.
func (e *Editor) ClearAccount(accountID uuid.UUID) (int, error) {
	return e.deleteAccountTransactions(accountID, "delete")
}

// deleteAccountTransactions soft-deletes the account's transactions, and first removes the links
// they take part in (internal transfers, bridges, cross-chain swaps), audited like
// unmarkInternalTransfer: a link never outlives a side, and the other side counts as it is.
func (e *Editor) deleteAccountTransactions(accountID uuid.UUID, action string) (int, error) {
	if _, err := e.tx.Exec(e.ctx, `
WITH gone AS (
    DELETE FROM internal_transfer_pairs p USING transactions t
     WHERE p.client_id = $1 AND t.client_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL
       AND t.id IN (p.from_transaction_id, p.to_transaction_id)
    RETURNING p.from_transaction_id, p.to_transaction_id, p.link_type
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id)
    SELECT $1, s.id FROM gone g CROSS JOIN LATERAL (VALUES (g.from_transaction_id), (g.to_transaction_id)) s(id)
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), $1, g.from_transaction_id, 'transaction', g.from_transaction_id, 'update', f.field,
       to_jsonb(g.to_transaction_id::text), 'null'::jsonb, $3, $4, $5
  FROM gone g JOIN unnest($6::text[], $7::text[]) AS f(link_type, field) ON f.link_type = g.link_type`,
		e.client, accountID, e.meta.SessionID, e.meta.Source, e.meta.Actor, linkTypes(), linkFields()); err != nil {
		return 0, err
	}
	tag, err := e.tx.Exec(e.ctx, `
WITH gone AS (
    UPDATE transactions SET deleted_at = now(), updated_at = now(), external_id = NULL
     WHERE client_id = $1 AND account_id = $2 AND deleted_at IS NULL
    RETURNING id
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT $1, id FROM gone
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), $1, g.id, 'transaction', g.id, $3, 'transaction', to_jsonb(g.id::text), 'null'::jsonb, $4, $5, $6
  FROM gone g`, e.client, accountID, action, e.meta.SessionID, e.meta.Source, e.meta.Actor)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// SaveAccountEdits keeps the current label, notes, hidden and reviewed state of the account's
// transactions that the client edited (an audit entry other than their creation), by external id,
// for ApplyAccountEdits to put back on the re-imported rows.
func (e *Editor) SaveAccountEdits(accountID uuid.UUID) (int, error) {
	tag, err := e.tx.Exec(e.ctx, `
INSERT INTO account_refresh_edits (client_id, account_id, external_id, label, notes, is_hidden, is_reviewed)
SELECT t.client_id, t.account_id, t.external_id, t.label, t.notes, t.is_hidden, t.is_reviewed
  FROM transactions t
 WHERE t.client_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL AND t.external_id IS NOT NULL
   AND EXISTS (SELECT 1 FROM audit_logs l WHERE l.client_id = $1 AND l.transaction_id = t.id AND l.action <> 'create')
ON CONFLICT (account_id, external_id, client_id) DO UPDATE
   SET label = EXCLUDED.label, notes = EXCLUDED.notes, is_hidden = EXCLUDED.is_hidden, is_reviewed = EXCLUDED.is_reviewed`,
		e.client, accountID)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// ApplyAccountEdits puts saved edits back on the account's transactions imported since (same
// external id), with an audit entry each, and forgets the applied ones. It returns how many
// transactions it changed.
func (e *Editor) ApplyAccountEdits(accountID uuid.UUID) (int, error) {
	tag, err := e.tx.Exec(e.ctx, `
WITH applied AS (
    UPDATE transactions t
       SET label = r.label, notes = r.notes, is_hidden = r.is_hidden, is_reviewed = r.is_reviewed, updated_at = now()
      FROM account_refresh_edits r
     WHERE r.account_id = $2 AND t.client_id = $1 AND t.account_id = $2 AND t.external_id = r.external_id AND t.deleted_at IS NULL
    RETURNING t.id, t.external_id, r.label, r.notes, r.is_hidden, r.is_reviewed
), forgotten AS (
    DELETE FROM account_refresh_edits r USING applied a WHERE r.account_id = $2 AND r.external_id = a.external_id
), marks AS (
    INSERT INTO dirty_marks (client_id, transaction_id) SELECT $1, id FROM applied
)
INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, session_id, source, actor)
SELECT gen_random_uuid(), $1, a.id, 'transaction', a.id, 'update', 'reappliedEdits', 'null'::jsonb,
       jsonb_build_object('label', a.label, 'notes', a.notes, 'isHidden', a.is_hidden, 'isReviewed', a.is_reviewed), $3, $4, $5
  FROM applied a`, e.client, accountID, e.meta.SessionID, e.meta.Source, e.meta.Actor)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}
