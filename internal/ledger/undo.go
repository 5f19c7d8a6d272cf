package ledger

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// Undo reverts audit-log entries, newest first. Each revert is itself an edit (with its own audit
// entries); the reverted entries are marked undone. It returns the transactions it touched.
func (e *Editor) Undo(auditIDs []uuid.UUID) ([]uuid.UUID, error) {
	logs, err := e.q.GetAuditLogsByIDs(e.ctx, db.GetAuditLogsByIDsParams{ClientID: e.client, Ids: auditIDs})
	if err != nil {
		return nil, err
	}
	if len(logs) != len(uniq(auditIDs)) {
		return nil, apperr.NotFoundf("one or more audit log entries were not found")
	}
	touched := map[uuid.UUID]bool{}
	var order []uuid.UUID
	for _, l := range logs { // newest first
		if l.UndoneAt != nil {
			return nil, apperr.New(apperr.Conflict, "audit log entry %s was already undone", l.ID)
		}
		if err := e.revert(l); err != nil {
			return nil, err
		}
		if err := e.q.MarkAuditLogUndone(e.ctx, db.MarkAuditLogUndoneParams{ClientID: e.client, ID: l.ID}); err != nil {
			return nil, err
		}
		if l.TransactionID != nil && !touched[*l.TransactionID] {
			touched[*l.TransactionID] = true
			order = append(order, *l.TransactionID)
		}
	}
	return order, nil
}

func (e *Editor) revert(l db.AuditLog) error {
	switch {
	case l.Entity == "transaction" && l.Action == "create":
		return e.Delete(l.EntityID)
	case l.Entity == "transaction" && isLinkAuditField(l.Field): // links (pairs.go)
		return e.revertLink(l)
	case l.Entity == "transaction" && l.Action == "update":
		var p TransactionPatch
		switch l.Field {
		case "label":
			var v *string
			_ = json.Unmarshal(l.OldValue, &v)
			p.Label, p.ClearLabel = v, v == nil
		case "notes":
			var v *string
			_ = json.Unmarshal(l.OldValue, &v)
			empty := ""
			if v == nil {
				v = &empty
			}
			p.Notes = v
		case "isHidden":
			p.IsHidden = new(bool)
			_ = json.Unmarshal(l.OldValue, p.IsHidden)
		case "isReviewed":
			p.IsReviewed = new(bool)
			_ = json.Unmarshal(l.OldValue, p.IsReviewed)
		case "createdAt":
			p.OccurredAt = new(time.Time)
			_ = json.Unmarshal(l.OldValue, p.OccurredAt)
		case "txnHash":
			_ = json.Unmarshal(l.OldValue, &p.Hash)
		default:
			return apperr.New(apperr.Invalid, "audit log entry %s (%s) cannot be undone", l.ID, l.Field)
		}
		_, err := e.UpdateTransaction(l.EntityID, p)
		return err
	case l.Entity == "transfer" && l.Action == "update" && l.TransactionID != nil:
		var p TransferPatch
		switch l.Field {
		case "assetId":
			p.AssetID = new(uuid.UUID)
			_ = json.Unmarshal(l.OldValue, p.AssetID)
		case "amount":
			var s string
			_ = json.Unmarshal(l.OldValue, &s)
			d, err := decimal.NewFromString(s)
			if err != nil {
				return err
			}
			p.Quantity = &d
		case "fromAccountId":
			_ = json.Unmarshal(l.OldValue, &p.FromAccountID)
			p.ClearFromAccount = p.FromAccountID == nil
		case "toAccountId":
			_ = json.Unmarshal(l.OldValue, &p.ToAccountID)
			p.ClearToAccount = p.ToAccountID == nil
		case "fiatValue", "basisFiatValue":
			var s *string
			_ = json.Unmarshal(l.OldValue, &s)
			var d *decimal.Decimal
			if s != nil {
				v, err := decimal.NewFromString(*s)
				if err != nil {
					return err
				}
				d = &v
			}
			if l.Field == "fiatValue" {
				p.FiatValue, p.ClearFiatValue = d, d == nil
			} else {
				p.BasisFiatValue, p.ClearBasisFiatValue = d, d == nil
			}
		case "isHidden":
			p.IsHidden = new(bool)
			_ = json.Unmarshal(l.OldValue, p.IsHidden)
		case "label":
			_ = json.Unmarshal(l.OldValue, &p.Label)
		default:
			return apperr.New(apperr.Invalid, "audit log entry %s (%s) cannot be undone", l.ID, l.Field)
		}
		_, err := e.UpdateTransfer(*l.TransactionID, l.EntityID, p)
		return err
	}
	return apperr.New(apperr.Invalid, "audit log entry %s cannot be undone", l.ID)
}

func uniq(ids []uuid.UUID) map[uuid.UUID]bool {
	m := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
