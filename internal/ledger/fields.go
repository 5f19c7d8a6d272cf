package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/store"
)

// Audited fields. Every edit of a transaction or transfer goes through writeTransaction or
// writeTransfer, which compare the old and new row field by field and write one audit entry per
// changed field, with the values encoded as below. Undo decodes an entry's old value with the same
// table and writes it back, so every field an edit can change can be reverted exactly.

// transactionFields are the audited fields of a transaction (the audit log's field names).
var transactionFields = []string{"label", "notes", "isHidden", "isReviewed", "createdAt", "txnHash",
	"investmentId", "offChainData", "isMissingBasisOverride", "ordinal"}

func transactionField(t db.Transaction, field string) any {
	switch field {
	case "label":
		return t.Label
	case "notes":
		return t.Notes
	case "isHidden":
		return t.IsHidden
	case "isReviewed":
		return t.IsReviewed
	case "createdAt":
		return t.OccurredAt.UTC()
	case "txnHash":
		return t.TxnHash
	case "investmentId":
		return t.InvestmentID
	case "offChainData":
		if t.OffChainData == nil {
			return nil
		}
		return json.RawMessage(t.OffChainData)
	case "isMissingBasisOverride":
		return t.IsMissingBasisOverride
	case "ordinal":
		return t.Ordinal
	}
	return nil
}

// setTransactionField sets field of t to an audit-encoded value.
func setTransactionField(t *db.Transaction, field string, raw json.RawMessage) error {
	var err error
	switch field {
	case "label":
		t.Label = nil
		err = json.Unmarshal(raw, &t.Label)
	case "notes":
		t.Notes = nil
		err = json.Unmarshal(raw, &t.Notes)
	case "isHidden":
		err = json.Unmarshal(raw, &t.IsHidden)
	case "isReviewed":
		err = json.Unmarshal(raw, &t.IsReviewed)
	case "createdAt":
		err = json.Unmarshal(raw, &t.OccurredAt)
	case "txnHash":
		t.TxnHash = nil
		err = json.Unmarshal(raw, &t.TxnHash)
	case "investmentId":
		t.InvestmentID = nil
		err = json.Unmarshal(raw, &t.InvestmentID)
	case "offChainData":
		t.OffChainData = nil
		if len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
			t.OffChainData = append([]byte(nil), raw...)
		}
	case "isMissingBasisOverride":
		t.IsMissingBasisOverride = nil
		err = json.Unmarshal(raw, &t.IsMissingBasisOverride)
	case "ordinal":
		err = json.Unmarshal(raw, &t.Ordinal)
	default:
		return apperr.New(apperr.Invalid, "transaction field %q cannot be set", field)
	}
	return err
}

// transferFields are the audited fields of a transfer.
var transferFields = []string{"assetId", "amount", "fromAccountId", "toAccountId", "fiatValue", "basisFiatValue",
	"originalFiatValue", "originalBasisFiatValue", "isHidden", "purchaseDateOverride", "label", "stakingAccountIdentifier",
	"isMissingBasis"}

// legFields are the transfer fields that make it a leg of a link (which asset leaves or arrives
// where): a linked transaction's are fixed (checkUnlinked).
var legFields = map[string]bool{"assetId": true, "fromAccountId": true, "toAccountId": true, "isHidden": true}

func transferField(t db.Transfer, field string) any {
	switch field {
	case "assetId":
		return t.AssetID
	case "amount":
		return exactString(t.Quantity)
	case "fromAccountId":
		return t.FromAccountID
	case "toAccountId":
		return t.ToAccountID
	case "fiatValue":
		return decString(t.FiatValue)
	case "basisFiatValue":
		return decString(t.BasisFiatValue)
	case "originalFiatValue":
		return decString(t.OriginalFiatValue)
	case "originalBasisFiatValue":
		return decString(t.OriginalBasisFiatValue)
	case "isHidden":
		return t.IsHidden
	case "purchaseDateOverride":
		return t.PurchaseDateOverride
	case "label":
		return t.Label
	case "stakingAccountIdentifier":
		return t.StakingAccountIdentifier
	case "isMissingBasis":
		return t.IsMissingBasisOverride
	}
	return nil
}

func setTransferField(t *db.Transfer, field string, raw json.RawMessage) error {
	nullDecimal := func(d *decimal.NullDecimal) error {
		var s *string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		*d = decimal.NullDecimal{}
		if s == nil {
			return nil
		}
		v, err := decimal.NewFromString(*s)
		*d = decimal.NullDecimal{Decimal: v, Valid: err == nil}
		return err
	}
	var err error
	switch field {
	case "assetId":
		err = json.Unmarshal(raw, &t.AssetID)
	case "amount":
		var s string
		if err = json.Unmarshal(raw, &s); err == nil {
			t.Quantity, err = decimal.NewFromString(s)
		}
	case "fromAccountId":
		t.FromAccountID = nil
		err = json.Unmarshal(raw, &t.FromAccountID)
	case "toAccountId":
		t.ToAccountID = nil
		err = json.Unmarshal(raw, &t.ToAccountID)
	case "fiatValue":
		err = nullDecimal(&t.FiatValue)
	case "basisFiatValue":
		err = nullDecimal(&t.BasisFiatValue)
	case "originalFiatValue":
		err = nullDecimal(&t.OriginalFiatValue)
	case "originalBasisFiatValue":
		err = nullDecimal(&t.OriginalBasisFiatValue)
	case "isHidden":
		err = json.Unmarshal(raw, &t.IsHidden)
	case "purchaseDateOverride":
		t.PurchaseDateOverride = nil
		err = json.Unmarshal(raw, &t.PurchaseDateOverride)
	case "label":
		t.Label = nil
		err = json.Unmarshal(raw, &t.Label)
	case "stakingAccountIdentifier":
		t.StakingAccountIdentifier = nil
		err = json.Unmarshal(raw, &t.StakingAccountIdentifier)
	case "isMissingBasis":
		t.IsMissingBasisOverride = nil
		err = json.Unmarshal(raw, &t.IsMissingBasisOverride)
	default:
		return apperr.New(apperr.Invalid, "transfer field %q cannot be set", field)
	}
	return err
}

type fieldChange struct {
	field    string
	old, new any
}

func diff(fields []string, get func(string) (any, any)) ([]fieldChange, error) {
	var out []fieldChange
	for _, f := range fields {
		o, n := get(f)
		ob, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		nb, err := json.Marshal(n)
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(ob, nb) {
			out = append(out, fieldChange{f, o, n})
		}
	}
	return out, nil
}

// writeTransaction stores n over old, audits each changed field and marks the transaction dirty.
func (e *Editor) writeTransaction(old, n db.Transaction) (db.Transaction, error) {
	changes, err := diff(transactionFields, func(f string) (any, any) { return transactionField(old, f), transactionField(n, f) })
	if err != nil || len(changes) == 0 {
		return old, err
	}
	out, err := e.q.UpdateTransactionFields(e.ctx, db.UpdateTransactionFieldsParams{
		ClientID: e.client, ID: old.ID, Label: n.Label, Notes: n.Notes, IsHidden: n.IsHidden, IsReviewed: n.IsReviewed,
		OccurredAt: n.OccurredAt.UTC(), TxnHash: n.TxnHash,
	})
	if err != nil {
		return db.Transaction{}, store.Err(err, "transaction")
	}
	if out, err = e.q.UpdateTransactionExtras(e.ctx, db.UpdateTransactionExtrasParams{ClientID: e.client, ID: old.ID,
		InvestmentID: n.InvestmentID, OffChainData: n.OffChainData, IsMissingBasisOverride: n.IsMissingBasisOverride}); err != nil {
		return db.Transaction{}, store.Err(err, "transaction")
	}
	if n.Ordinal != old.Ordinal {
		if err := e.q.SetTransactionOrdinal(e.ctx, db.SetTransactionOrdinalParams{ClientID: e.client, ID: old.ID, Ordinal: n.Ordinal}); err != nil {
			return db.Transaction{}, err
		}
		out.Ordinal = n.Ordinal
	}
	for _, c := range changes {
		if err := e.audit(&old.ID, "transaction", old.ID, "update", c.field, c.old, c.new); err != nil {
			return db.Transaction{}, err
		}
	}
	return out, e.dirty(old.ID)
}

// writeTransfer stores n over old (after checking it), audits each changed field and marks the
// transaction dirty.
func (e *Editor) writeTransfer(old, n db.Transfer) (db.Transfer, error) {
	changes, err := diff(transferFields, func(f string) (any, any) { return transferField(old, f), transferField(n, f) })
	if err != nil || len(changes) == 0 {
		return old, err
	}
	if err := e.checkTransfer(n.AssetID, n.Quantity, n.FromAccountID, n.ToAccountID, n.FiatValue); err != nil {
		return db.Transfer{}, err
	}
	for _, c := range changes {
		if legFields[c.field] {
			if err := e.checkUnlinked(c.field, old.TransactionID); err != nil {
				return db.Transfer{}, err
			}
			break
		}
	}
	out, err := e.q.UpdateTransfer(e.ctx, db.UpdateTransferParams{
		ClientID: e.client, TransactionID: old.TransactionID, ID: old.ID, AssetID: n.AssetID, Quantity: n.Quantity,
		FromAccountID: n.FromAccountID, ToAccountID: n.ToAccountID, FiatValue: n.FiatValue, BasisFiatValue: n.BasisFiatValue,
		IsHidden: n.IsHidden, PurchaseDateOverride: n.PurchaseDateOverride, Label: n.Label,
		StakingAccountIdentifier: n.StakingAccountIdentifier, IsMissingBasisOverride: n.IsMissingBasisOverride,
	})
	if err != nil {
		return db.Transfer{}, store.Err(err, "transfer")
	}
	if err := e.q.UpdateTransferOriginals(e.ctx, db.UpdateTransferOriginalsParams{ClientID: e.client, TransactionID: old.TransactionID,
		ID: old.ID, OriginalFiatValue: n.OriginalFiatValue, OriginalBasisFiatValue: n.OriginalBasisFiatValue}); err != nil {
		return db.Transfer{}, err
	}
	out.OriginalFiatValue, out.OriginalBasisFiatValue = n.OriginalFiatValue, n.OriginalBasisFiatValue
	for _, c := range changes {
		if err := e.audit(&old.TransactionID, "transfer", old.ID, "update", c.field, c.old, c.new); err != nil {
			return db.Transfer{}, err
		}
	}
	return out, e.dirty(old.TransactionID)
}

// FiatValueOverridden says whether a person set a transfer's fiat value or basis: its value differs
// from the one it was created with (original_fiat_value, written by every import, sync and
// createTransfer, NULL when it had none), or a basis is set.
func FiatValueOverridden(tr db.Transfer) bool {
	return FiatValueChanged(tr) || tr.BasisFiatValue.Valid || tr.OriginalBasisFiatValue.Valid
}

// FiatValueChanged says whether a transfer's fiat value differs from the one it was created with.
func FiatValueChanged(tr db.Transfer) bool {
	return tr.FiatValue.Valid != tr.OriginalFiatValue.Valid ||
		(tr.FiatValue.Valid && !tr.FiatValue.Decimal.Equal(tr.OriginalFiatValue.Decimal))
}

// TransferPatch changes fields of a transfer; nil leaves a field as it is. Clear* set to null.
type TransferPatch struct {
	AssetID              *uuid.UUID
	Quantity             *decimal.Decimal
	FromAccountID        *uuid.UUID
	ClearFromAccount     bool
	ToAccountID          *uuid.UUID
	ClearToAccount       bool
	FiatValue            *decimal.Decimal // a person's value: the importer's is kept as the original
	ClearFiatValue       bool
	BasisFiatValue       *decimal.Decimal
	ClearBasisFiatValue  bool
	ResetFiatValue       bool // back to the importer's value, basis override dropped
	IsHidden             *bool
	PurchaseDateOverride *time.Time
	ClearPurchaseDate    bool
	Label                *string // the transfer's own label (see docs/ledger-edits.md, where a label lives)
	ClearLabel           bool    // the transfer follows its transaction's label again
	StakingID            *string
	MissingBasisOverride *bool
}

// UpdateTransfer applies patch and writes one audit entry per changed field.
func (e *Editor) UpdateTransfer(txID, transferID uuid.UUID, p TransferPatch) (db.Transfer, error) {
	old, err := e.q.GetTransfer(e.ctx, db.GetTransferParams{ClientID: e.client, TransactionID: txID, ID: transferID})
	if err != nil {
		return db.Transfer{}, store.Err(err, "transfer")
	}
	if _, err := e.Transaction(txID); err != nil {
		return db.Transfer{}, err
	}
	n := old
	// original_fiat_value is the value the transfer was created with (by an import, a sync or
	// createTransfer; none when it had none): a person's value never replaces it, and a reset goes
	// back to it (see FiatValueOverridden).
	if p.ResetFiatValue {
		n.FiatValue = old.OriginalFiatValue
		n.BasisFiatValue, n.OriginalBasisFiatValue = decimal.NullDecimal{}, decimal.NullDecimal{}
	}
	if p.AssetID != nil {
		n.AssetID = *p.AssetID
	}
	if p.Quantity != nil {
		n.Quantity = *p.Quantity
	}
	if p.FromAccountID != nil || p.ClearFromAccount {
		n.FromAccountID = p.FromAccountID
	}
	if p.ToAccountID != nil || p.ClearToAccount {
		n.ToAccountID = p.ToAccountID
	}
	if p.FiatValue != nil || p.ClearFiatValue {
		n.FiatValue = nullDec(p.FiatValue)
	}
	if p.BasisFiatValue != nil || p.ClearBasisFiatValue {
		if !old.OriginalBasisFiatValue.Valid && old.BasisFiatValue.Valid {
			n.OriginalBasisFiatValue = old.BasisFiatValue
		}
		n.BasisFiatValue = nullDec(p.BasisFiatValue)
	}
	if p.IsHidden != nil {
		n.IsHidden = *p.IsHidden
	}
	if p.PurchaseDateOverride != nil || p.ClearPurchaseDate {
		n.PurchaseDateOverride = p.PurchaseDateOverride
	}
	if p.Label != nil || p.ClearLabel {
		n.Label = p.Label
	}
	if p.StakingID != nil {
		n.StakingAccountIdentifier = p.StakingID
	}
	if p.MissingBasisOverride != nil {
		n.IsMissingBasisOverride = p.MissingBasisOverride
	}
	return e.writeTransfer(old, n)
}

// TransactionPatch changes fields of a transaction; nil leaves a field as it is.
type TransactionPatch struct {
	Label      *string
	ClearLabel bool
	Notes      *string // "" removes the notes
	IsHidden   *bool
	IsReviewed *bool
	OccurredAt *time.Time
	Hash       *string
	// InvestmentID groups the transaction under an investment; "" removes the grouping.
	InvestmentID *string
	// OffChainData replaces the attached off-chain details (a JSON object); "null" removes them.
	OffChainData json.RawMessage
	// MissingBasisOverride: set keeps isMissingBasis as given; ClearMissingBasisOverride drops it.
	MissingBasisOverride      *bool
	ClearMissingBasisOverride bool
}

// UpdateTransaction applies patch, writes one audit entry per changed field, marks it dirty.
func (e *Editor) UpdateTransaction(id uuid.UUID, p TransactionPatch) (db.Transaction, error) {
	old, err := e.Transaction(id)
	if err != nil {
		return db.Transaction{}, err
	}
	n := old
	if p.Label != nil || p.ClearLabel {
		n.Label = p.Label
	}
	if p.Notes != nil {
		n.Notes = p.Notes
		if *p.Notes == "" {
			n.Notes = nil
		}
	}
	if p.IsHidden != nil {
		n.IsHidden = *p.IsHidden
	}
	if p.IsReviewed != nil {
		n.IsReviewed = *p.IsReviewed
	}
	if p.OccurredAt != nil {
		n.OccurredAt = p.OccurredAt.UTC()
	}
	if p.Hash != nil {
		n.TxnHash = p.Hash
	}
	if p.InvestmentID != nil {
		n.InvestmentID = p.InvestmentID
		if *p.InvestmentID == "" {
			n.InvestmentID = nil
		}
	}
	if p.OffChainData != nil {
		if err := setTransactionField(&n, "offChainData", p.OffChainData); err != nil {
			return db.Transaction{}, err
		}
	}
	if p.MissingBasisOverride != nil || p.ClearMissingBasisOverride {
		n.IsMissingBasisOverride = p.MissingBasisOverride
	}
	return e.writeTransaction(old, n)
}

// bulkFields are the transaction fields updateTransactions may change (not the time, hash or
// ordinal: those move a transaction in settlement order and go through writeTransaction).
var bulkFields = map[string]bool{"label": true, "notes": true, "isHidden": true, "isReviewed": true,
	"investmentId": true, "offChainData": true, "isMissingBasisOverride": true}

// updateTransactions applies one change to many transactions in a fixed number of statements (one
// read, one update, one audit insert, one dirty-mark insert), so a list edit of 500 transactions
// costs a few statements instead of thousands. It returns how many transactions changed.
func (e *Editor) updateTransactions(ids []uuid.UUID, apply func(t *db.Transaction)) (int, error) {
	ids = uniqList(ids)
	rows, err := e.q.GetTransactionsByIDs(e.ctx, db.GetTransactionsByIDsParams{ClientID: e.client, Ids: ids})
	if err != nil {
		return 0, err
	}
	if len(rows) != len(ids) {
		found := uniq(nil)
		for _, r := range rows {
			found[r.ID] = true
		}
		for _, id := range ids {
			if !found[id] {
				return 0, apperr.NotFoundf("transaction %s not found", id)
			}
		}
	}
	var (
		txIDs, auditIDs, auditTx   []uuid.UUID
		labels, notes, investments []*string
		offChain                   []*string
		hidden, reviewed           []bool
		missing                    []*bool
		fields                     []string
		olds, news                 []string
		changedIDs                 []uuid.UUID
	)
	for _, old := range rows {
		n := old
		apply(&n)
		changes, err := diff(transactionFields, func(f string) (any, any) { return transactionField(old, f), transactionField(n, f) })
		if err != nil {
			return 0, err
		}
		if len(changes) == 0 {
			continue
		}
		for _, c := range changes {
			if !bulkFields[c.field] {
				return 0, fmt.Errorf("ledger: bulk update of %s", c.field)
			}
			ob, err := json.Marshal(c.old)
			if err != nil {
				return 0, err
			}
			nb, err := json.Marshal(c.new)
			if err != nil {
				return 0, err
			}
			auditIDs, auditTx, fields = append(auditIDs, newID()), append(auditTx, old.ID), append(fields, c.field)
			olds, news = append(olds, string(ob)), append(news, string(nb))
		}
		var oc *string
		if n.OffChainData != nil {
			s := string(n.OffChainData)
			oc = &s
		}
		txIDs, labels, notes, investments = append(txIDs, old.ID), append(labels, n.Label), append(notes, n.Notes), append(investments, n.InvestmentID)
		offChain, hidden, reviewed, missing = append(offChain, oc), append(hidden, n.IsHidden), append(reviewed, n.IsReviewed), append(missing, n.IsMissingBasisOverride)
		changedIDs = append(changedIDs, old.ID)
	}
	if len(changedIDs) == 0 {
		return 0, nil
	}
	if _, err := e.tx.Exec(e.ctx, `
UPDATE transactions t SET label = u.label, notes = u.notes, is_hidden = u.is_hidden, is_reviewed = u.is_reviewed,
       investment_id = u.investment_id, off_chain_data = u.off_chain_data::jsonb, is_missing_basis_override = u.mbo, updated_at = now()
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::bool[], $6::bool[], $7::text[], $8::text[], $9::bool[])
       AS u(id, label, notes, is_hidden, is_reviewed, investment_id, off_chain_data, mbo)
 WHERE t.client_id = $1 AND t.id = u.id`, e.client, txIDs, labels, notes, hidden, reviewed, investments, offChain, missing); err != nil {
		return 0, store.Err(err, "transaction")
	}
	if err := e.q.InsertTransactionAudits(e.ctx, db.InsertTransactionAuditsParams{ClientID: e.client, Ids: auditIDs, TransactionIds: auditTx,
		Fields: fields, OldValues: olds, NewValues: news, SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor}); err != nil {
		return 0, err
	}
	return len(changedIDs), e.dirty(changedIDs...)
}
