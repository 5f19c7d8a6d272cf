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
	"taxd/internal/tax"
)

// Audited fields. Every edit of a transaction or transfer goes through writeTransaction or
// writeTransfer, which compare the old and new row field by field and write one audit entry per
// changed field, with the values encoded by the field's get. Undo decodes an entry's old value
// with the same field's set and writes it back, so every field an edit can change can be reverted
// exactly.
//
// Each entity has one table of its audited fields. An entry holds the audit log's name, the getter
// and the setter together, and the table is a slice of struct values: an entry without a setter
// does not compile (every field of auditedField is required and checked by TestAuditedFieldsRoundTrip),
// so undo cannot silently skip a field an edit changed.

// auditedField is one audited field of an entity T.
type auditedField[T any] struct {
	name string
	get  func(T) any                     // the value as the audit log stores it (JSON-encoded)
	set  func(*T, json.RawMessage) error // sets the field from an audit-encoded value
}

// fieldTable is the audited fields of one entity, in audit order.
type fieldTable[T any] []auditedField[T]

// lookup returns the field called name.
func (ft fieldTable[T]) lookup(name string) (auditedField[T], bool) {
	for _, f := range ft {
		if f.name == name {
			return f, true
		}
	}
	return auditedField[T]{}, false
}

// set sets the field called name of t from an audit-encoded value.
func (ft fieldTable[T]) set(t *T, name string, raw json.RawMessage, entity string) error {
	f, ok := ft.lookup(name)
	if !ok {
		return apperr.New(apperr.Invalid, "%s field %q cannot be set", entity, name)
	}
	return f.set(t, raw)
}

// changes lists the fields that differ between old and n, compared in their audit encoding.
func (ft fieldTable[T]) changes(old, n T) ([]fieldChange, error) {
	var out []fieldChange
	for _, f := range ft {
		o, nv := f.get(old), f.get(n)
		ob, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		nb, err := json.Marshal(nv)
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(ob, nb) {
			out = append(out, fieldChange{f.name, o, nv})
		}
	}
	return out, nil
}

// decodeInto returns a setter that decodes the audit value into the field ptr points at, after
// clearing it (so JSON null clears a pointer field).
func decodeInto[T, V any](ptr func(*T) *V) func(*T, json.RawMessage) error {
	return func(t *T, raw json.RawMessage) error {
		p := ptr(t)
		var zero V
		*p = zero
		return json.Unmarshal(raw, p)
	}
}

// decodeNullDecimal returns a setter for a nullable decimal stored as an exact string or null.
func decodeNullDecimal[T any](ptr func(*T) *decimal.NullDecimal) func(*T, json.RawMessage) error {
	return func(t *T, raw json.RawMessage) error {
		d := ptr(t)
		*d = decimal.NullDecimal{}
		var s *string
		if err := json.Unmarshal(raw, &s); err != nil || s == nil {
			return err
		}
		v, err := decimal.NewFromString(*s)
		*d = decimal.NullDecimal{Decimal: v, Valid: err == nil}
		return err
	}
}

// transactionFields are the audited fields of a transaction (the audit log's field names).
var transactionFields = fieldTable[db.Transaction]{
	{"label", func(t db.Transaction) any { return t.Label }, decodeInto(func(t *db.Transaction) **string { return &t.Label })},
	{"notes", func(t db.Transaction) any { return t.Notes }, decodeInto(func(t *db.Transaction) **string { return &t.Notes })},
	{"isHidden", func(t db.Transaction) any { return t.IsHidden }, decodeInto(func(t *db.Transaction) *bool { return &t.IsHidden })},
	{"isReviewed", func(t db.Transaction) any { return t.IsReviewed }, decodeInto(func(t *db.Transaction) *bool { return &t.IsReviewed })},
	{"createdAt", func(t db.Transaction) any { return t.OccurredAt.UTC() }, decodeInto(func(t *db.Transaction) *time.Time { return &t.OccurredAt })},
	{"txnHash", func(t db.Transaction) any { return t.TxnHash }, decodeInto(func(t *db.Transaction) **string { return &t.TxnHash })},
	{"investmentId", func(t db.Transaction) any { return t.InvestmentID }, decodeInto(func(t *db.Transaction) **string { return &t.InvestmentID })},
	transactionOffChainData,
	{"isMissingBasisOverride", func(t db.Transaction) any { return t.IsMissingBasisOverride }, decodeInto(func(t *db.Transaction) **bool { return &t.IsMissingBasisOverride })},
	{"ordinal", func(t db.Transaction) any { return t.Ordinal }, decodeInto(func(t *db.Transaction) *int32 { return &t.Ordinal })},
}

// transactionOffChainData is the transaction's free-form JSON (also set directly by edits that
// take it as an argument).
var transactionOffChainData = auditedField[db.Transaction]{"offChainData", func(t db.Transaction) any {
	if t.OffChainData == nil {
		return nil
	}
	return json.RawMessage(t.OffChainData)
}, func(t *db.Transaction, raw json.RawMessage) error {
	t.OffChainData = nil
	if len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
		t.OffChainData = append([]byte(nil), raw...)
	}
	return nil
}}

// transferFields are the audited fields of a transfer.
var transferFields = fieldTable[db.Transfer]{
	{"assetId", func(t db.Transfer) any { return t.AssetID }, decodeInto(func(t *db.Transfer) *uuid.UUID { return &t.AssetID })},
	{"amount", func(t db.Transfer) any { return exactString(t.Quantity) }, func(t *db.Transfer, raw json.RawMessage) error {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		q, err := decimal.NewFromString(s)
		if err == nil {
			t.Quantity = q
		}
		return err
	}},
	{"fromAccountId", func(t db.Transfer) any { return t.FromAccountID }, decodeInto(func(t *db.Transfer) **uuid.UUID { return &t.FromAccountID })},
	{"toAccountId", func(t db.Transfer) any { return t.ToAccountID }, decodeInto(func(t *db.Transfer) **uuid.UUID { return &t.ToAccountID })},
	{"fiatValue", func(t db.Transfer) any { return decString(t.FiatValue) }, decodeNullDecimal(func(t *db.Transfer) *decimal.NullDecimal { return &t.FiatValue })},
	{"basisFiatValue", func(t db.Transfer) any { return decString(t.BasisFiatValue) }, decodeNullDecimal(func(t *db.Transfer) *decimal.NullDecimal { return &t.BasisFiatValue })},
	{"originalFiatValue", func(t db.Transfer) any { return decString(t.OriginalFiatValue) }, decodeNullDecimal(func(t *db.Transfer) *decimal.NullDecimal { return &t.OriginalFiatValue })},
	{"originalBasisFiatValue", func(t db.Transfer) any { return decString(t.OriginalBasisFiatValue) }, decodeNullDecimal(func(t *db.Transfer) *decimal.NullDecimal { return &t.OriginalBasisFiatValue })},
	{"isHidden", func(t db.Transfer) any { return t.IsHidden }, decodeInto(func(t *db.Transfer) *bool { return &t.IsHidden })},
	{"purchaseDateOverride", func(t db.Transfer) any { return t.PurchaseDateOverride }, decodeInto(func(t *db.Transfer) **time.Time { return &t.PurchaseDateOverride })},
	{"label", func(t db.Transfer) any { return t.Label }, decodeInto(func(t *db.Transfer) **string { return &t.Label })},
	{"stakingAccountIdentifier", func(t db.Transfer) any { return t.StakingAccountIdentifier }, decodeInto(func(t *db.Transfer) **string { return &t.StakingAccountIdentifier })},
	{"isMissingBasis", func(t db.Transfer) any { return t.IsMissingBasisOverride }, decodeInto(func(t *db.Transfer) **bool { return &t.IsMissingBasisOverride })},
}

// legFields are the transfer fields that make it a leg of a link (which asset leaves or arrives
// where): a linked transaction's are fixed (checkUnlinked).
var legFields = map[string]bool{"assetId": true, "fromAccountId": true, "toAccountId": true, "isHidden": true}

type fieldChange struct {
	field    string
	old, new any
}

// writeTransaction stores n over old, audits each changed field and marks the transaction dirty.
func (e *Editor) writeTransaction(old, n db.Transaction) (db.Transaction, error) {
	changes, err := transactionFields.changes(old, n)
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
	changes, err := transferFields.changes(old, n)
	if err != nil || len(changes) == 0 {
		return old, err
	}
	if err := e.checkTransfer(n.AssetID, n.Quantity, n.FromAccountID, n.ToAccountID, n.FiatValue); err != nil {
		return db.Transfer{}, err
	}
	if !sameAccount(n.FromAccountID, old.FromAccountID) || !sameAccount(n.ToAccountID, old.ToAccountID) {
		if err := checkHasAccount(n.FromAccountID, n.ToAccountID); err != nil {
			return db.Transfer{}, err
		}
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

// sameAccount says whether two sides of a transfer name the same account (or both none).
func sameAccount(a, b *uuid.UUID) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// FiatValueOverridden says whether a person set a transfer's fiat value or basis: its value differs
// from the one it was created with (original_fiat_value, written by every import, sync and
// createTransfer, NULL when it had none), or a basis is set.
func FiatValueOverridden(tr Transfer) bool {
	return FiatValueChanged(tr) || tr.BasisFiatValue.Valid || tr.OriginalBasisFiatValue.Valid
}

// FiatValueChanged says whether a transfer's fiat value differs from the one it was created with.
func FiatValueChanged(tr Transfer) bool {
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
func (e *Editor) UpdateTransfer(txID, transferID uuid.UUID, p TransferPatch) (Transfer, error) {
	old, err := e.q.GetTransfer(e.ctx, db.GetTransferParams{ClientID: e.client, TransactionID: txID, ID: transferID})
	if err != nil {
		return Transfer{}, store.Err(err, "transfer")
	}
	if _, err := e.Transaction(txID); err != nil {
		return Transfer{}, err
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
	if p.BasisFiatValue != nil {
		if err := tax.CheckAmount(*p.BasisFiatValue); err != nil {
			return Transfer{}, apperr.InvalidField("basisFiatValue", "%s", err)
		}
	}
	if p.BasisFiatValue != nil || p.ClearBasisFiatValue {
		// basis_fiat_value only ever holds a person's override (imports and syncs never write it),
		// so the basis it replaces is an earlier override, never an original: the original stays as
		// it was (a second override changes only the basis, and audits only that).
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
	tr, err := e.writeTransfer(old, n)
	return TransferOf(tr), err
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
func (e *Editor) UpdateTransaction(id uuid.UUID, p TransactionPatch) (Transaction, error) {
	old, err := e.Transaction(id)
	if err != nil {
		return Transaction{}, err
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
		if err := transactionOffChainData.set(&n, p.OffChainData); err != nil {
			return Transaction{}, err
		}
	}
	if p.MissingBasisOverride != nil || p.ClearMissingBasisOverride {
		n.IsMissingBasisOverride = p.MissingBasisOverride
	}
	t, err := e.writeTransaction(old, n)
	return TransactionOf(t), err
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
		changes, err := transactionFields.changes(old, n)
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
