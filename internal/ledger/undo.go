package ledger

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/store"
)

// Undo reverts audit-log entries, newest first. Each revert is itself an edit (with its own audit
// entries); the reverted entries are marked undone. An entry that a later live entry depends on
// (see dependsOn) is refused with CONFLICT unless that entry is undone in the same call. It returns
// the transactions it touched, in the order it touched them.
func (e *Editor) Undo(auditIDs []uuid.UUID) ([]uuid.UUID, error) {
	logs, err := e.q.GetAuditLogsByIDs(e.ctx, db.GetAuditLogsByIDsParams{ClientID: e.client, Ids: auditIDs})
	if err != nil {
		return nil, err
	}
	if len(logs) != len(uniq(auditIDs)) {
		return nil, apperr.NotFoundf("one or more audit log entries were not found")
	}
	for _, l := range logs {
		if l.UndoneAt != nil {
			return nil, apperr.New(apperr.Conflict, "audit log entry %s was already undone", l.ID)
		}
	}
	if err := e.checkAccountsLive(logs); err != nil {
		return nil, err
	}
	if err := e.checkUndoDependencies(logs); err != nil {
		return nil, err
	}
	touched := map[uuid.UUID]bool{}
	var order []uuid.UUID
	for _, l := range logs { // newest first
		if err := e.revert(l); err != nil {
			if errors.Is(err, errLinked) { // a later link depends on the transfers the entry changed
				return nil, apperr.New(apperr.Conflict, "audit log entry %s (%s %s) cannot be undone: %s; undo the link too",
					l.ID, l.Entity, l.Field, err)
			}
			return nil, err
		}
		if err := e.q.MarkAuditLogUndone(e.ctx, db.MarkAuditLogUndoneParams{ClientID: e.client, ID: l.ID}); err != nil {
			return nil, err
		}
		for _, id := range affected(l) {
			if !touched[id] {
				touched[id] = true
				order = append(order, id)
			}
		}
	}
	return order, nil
}

// checkAccountsLive refuses (CONFLICT naming the account) to undo entries about a deleted account's
// transactions: deleteAccount took them out of the ledger with their transfers' ties to the account
// and their links, so reverting one of them (its deletion, an earlier edit of it, the removal of its
// link, a move re-homed to the other account) would restore a transaction into an account that no
// longer exists, or a link to a deleted transaction. The account's deletion is not undone.
func (e *Editor) checkAccountsLive(logs []db.AuditLog) error {
	var txs, accts []uuid.UUID
	for _, l := range logs {
		txs = append(txs, affected(l)...)
		if l.Entity == "transaction" {
			txs = append(txs, l.EntityID)
		}
		if isLinkAuditField(l.Field) || l.Field == "accountId" {
			for _, raw := range []json.RawMessage{l.OldValue, l.NewValue} {
				var id *uuid.UUID
				if json.Unmarshal(raw, &id) == nil && id != nil {
					txs, accts = append(txs, *id), append(accts, *id)
				}
			}
		}
	}
	deleted, err := e.q.DeletedAccountOfEntries(e.ctx, db.DeletedAccountOfEntriesParams{ClientID: e.client, AccountIds: accts, TransactionIds: txs})
	if err != nil || len(deleted) == 0 {
		return err
	}
	return apperr.New(apperr.Conflict, "account %q (%s) was deleted: changes of its transactions cannot be undone", deleted[0].Name, deleted[0].ID)
}

// affected are the transactions an entry's revert touches.
func affected(l db.AuditLog) []uuid.UUID {
	var out []uuid.UUID
	if l.TransactionID != nil {
		out = append(out, *l.TransactionID)
	}
	if l.Field == "transactionId" {
		var from movedTo
		if json.Unmarshal(l.OldValue, &from) == nil {
			out = append(out, from.TransactionID)
		}
	}
	return out
}

// structural entries create, delete or move an entity: any later change of that entity (or, for
// a created transaction, inside it) depends on them.
func structural(l db.AuditLog) bool {
	return l.Action == "create" || l.Action == "delete" || l.Action == "restore" || l.Field == "transactionId"
}

// dependsOn reports whether later entry x builds on entry y, so undoing y alone would overwrite
// or orphan x: the same field of the same entity, any change of an entity y created, deleted or
// moved, or anything inside a transaction y created.
func dependsOn(x, y db.AuditLog) bool {
	if x.EntityID == y.EntityID && (x.Field == y.Field || structural(x) || structural(y)) {
		return true
	}
	return y.Entity == "transaction" && y.Action == "create" && x.TransactionID != nil && *x.TransactionID == y.EntityID
}

func after(x, y db.AuditLog) bool {
	if !x.CreatedAt.Equal(y.CreatedAt) {
		return x.CreatedAt.After(y.CreatedAt)
	}
	return bytes.Compare(x.ID[:], y.ID[:]) > 0 // ids are UUIDv7: time-ordered within a transaction
}

func (e *Editor) checkUndoDependencies(logs []db.AuditLog) error {
	in := make(map[uuid.UUID]bool, len(logs))
	var ids []uuid.UUID
	since := logs[0].CreatedAt
	for _, l := range logs {
		in[l.ID] = true
		ids = append(ids, l.EntityID)
		if l.CreatedAt.Before(since) {
			since = l.CreatedAt
		}
	}
	later, err := e.q.ListLaterAuditLogs(e.ctx, db.ListLaterAuditLogsParams{ClientID: e.client, Since: since, EntityIds: ids})
	if err != nil {
		return err
	}
	for _, x := range later {
		if in[x.ID] {
			continue
		}
		for _, y := range logs {
			if after(x, y) && dependsOn(x, y) {
				return apperr.New(apperr.Conflict, "audit log entry %s (%s %s) depends on a later change, entry %s (%s %s): undo that one too",
					y.ID, y.Entity, y.Field, x.ID, x.Entity, x.Field)
			}
		}
	}
	return nil
}

// revert undoes one entry. One case per entity kind; a new kind of entry (pairs, links) adds its
// case here.
func (e *Editor) revert(l db.AuditLog) error {
	switch l.Entity {
	case "transaction":
		return e.revertTransaction(l)
	case "transfer":
		return e.revertTransfer(l)
	}
	return apperr.New(apperr.Invalid, "audit log entry %s (%s) cannot be undone", l.ID, l.Entity)
}

func (e *Editor) revertTransaction(l db.AuditLog) error {
	switch {
	case l.Action == "create":
		return e.Delete(l.EntityID)
	case l.Action == "delete":
		return e.restore(l.EntityID)
	case isLinkAuditField(l.Field): // internal transfers, bridges, cross-chain swaps (pairs.go)
		return e.revertLink(l)
	}
	// A field change (action "update", or a named action such as "transaction.label").
	old, err := e.Transaction(l.EntityID)
	if err != nil {
		return err
	}
	n := old
	if err := transactionFields.set(&n, l.Field, l.OldValue, "transaction"); err != nil {
		return apperr.New(apperr.Invalid, "audit log entry %s (%s) cannot be undone: %v", l.ID, l.Field, err)
	}
	_, err = e.writeTransaction(old, n)
	return err
}

func (e *Editor) revertTransfer(l db.AuditLog) error {
	tr, err := e.q.GetTransferByID(e.ctx, db.GetTransferByIDParams{ClientID: e.client, ID: l.EntityID})
	if err != nil {
		return store.Err(err, "transfer")
	}
	switch {
	case l.Action == "create":
		return e.deleteTransfer(tr)
	case l.Field == "transactionId":
		var from movedTo
		if err := json.Unmarshal(l.OldValue, &from); err != nil {
			return err
		}
		if _, err := e.q.GetTransactionWithDeleted(e.ctx, db.GetTransactionWithDeletedParams{ClientID: e.client, ID: from.TransactionID}); err != nil {
			return store.Err(err, "transaction")
		}
		if err := e.checkUnlinked("auditLogIds", tr.TransactionID, from.TransactionID); err != nil {
			return err
		}
		pos := from.Position
		taken, err := e.positionTaken(from.TransactionID, pos)
		if err != nil {
			return err
		}
		if taken { // a later transfer took the place: append instead
			if pos, err = e.q.NextTransferPosition(e.ctx, from.TransactionID); err != nil {
				return err
			}
		}
		return e.moveTransfer(tr, from.TransactionID, pos)
	}
	n := tr
	if err := transferFields.set(&n, l.Field, l.OldValue, "transfer"); err != nil {
		return apperr.New(apperr.Invalid, "audit log entry %s (%s) cannot be undone: %v", l.ID, l.Field, err)
	}
	_, err = e.writeTransfer(tr, n)
	return err
}

func (e *Editor) positionTaken(txID uuid.UUID, pos int32) (bool, error) {
	return e.q.TransferPositionTaken(e.ctx, db.TransferPositionTakenParams{TransactionID: txID, Position: pos})
}

// deleteTransfer removes a transfer (the undo of its creation).
func (e *Editor) deleteTransfer(tr db.Transfer) error {
	if err := e.checkUnlinked("auditLogIds", tr.TransactionID); err != nil {
		return err
	}
	if err := e.q.DeleteTransfer(e.ctx, db.DeleteTransferParams{ClientID: e.client, TransactionID: tr.TransactionID, ID: tr.ID}); err != nil {
		return err
	}
	if err := e.audit(&tr.TransactionID, "transfer", tr.ID, "delete", "transfer", tr.ID, nil); err != nil {
		return err
	}
	return e.dirty(tr.TransactionID)
}

// restore brings back a deleted transaction (the undo of a merge or of a delete).
func (e *Editor) restore(id uuid.UUID) error {
	t, err := e.q.GetTransactionWithDeleted(e.ctx, db.GetTransactionWithDeletedParams{ClientID: e.client, ID: id})
	if err != nil {
		return store.Err(err, "transaction")
	}
	if t.DeletedAt == nil {
		return apperr.New(apperr.Conflict, "transaction %s is not deleted", id)
	}
	if err := e.q.RestoreTransaction(e.ctx, db.RestoreTransactionParams{ClientID: e.client, ID: id}); err != nil {
		return err
	}
	if err := e.dirty(id); err != nil {
		return err
	}
	return e.audit(&id, "transaction", id, "restore", "transaction", nil, id)
}

func uniq(ids []uuid.UUID) map[uuid.UUID]bool {
	m := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
