// Package ledger owns a client's record of transactions and transfers. Every write goes through
// an Editor inside one database transaction; each edit writes audit-log entries (field, old and
// new value, sessionId, source, actor) and marks the touched transactions dirty in that same
// transaction, so results can never silently lag and every edit can be undone.
package ledger

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/store"
)

// Meta says who made a change and groups the writes of one task.
type Meta struct {
	Actor     string // "user:<id>", "apikey:<id>", "partner:<id>", "system:import" ...
	SessionID *string
	Source    *string
}

// Ledger is the entry point: it opens an Editor per unit of work.
type Ledger struct {
	pool *pgxpool.Pool
}

// New returns a Ledger on pool.
func New(pool *pgxpool.Pool) *Ledger { return &Ledger{pool: pool} }

// Update runs fn with an Editor for client in one database transaction: all of fn's edits, audit
// entries and dirty marks commit together or not at all.
func (l *Ledger) Update(ctx context.Context, clientID uuid.UUID, meta Meta, fn func(e *Editor) error) error {
	return store.InTx(ctx, l.pool, func(tx pgx.Tx) error {
		return fn(&Editor{ctx: ctx, q: db.New(tx), tx: tx, client: clientID, meta: meta})
	})
}

// CountDirty is the number of dirty items of a client (see db query CountDirty).
func (l *Ledger) CountDirty(ctx context.Context, clientID uuid.UUID) (int64, error) {
	n, err := db.New(l.pool).CountDirty(ctx, clientID)
	return int64(n), err
}

// Editor makes the edits of one unit of work.
type Editor struct {
	ctx    context.Context
	q      *db.Queries
	tx     pgx.Tx
	client uuid.UUID
	meta   Meta
}

// Tx exposes the database transaction for callers that write related rows atomically.
func (e *Editor) Tx() pgx.Tx { return e.tx }

func newID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

func (e *Editor) audit(txID *uuid.UUID, entity string, entityID uuid.UUID, action, field string, old, new any) error {
	ob, err := json.Marshal(old)
	if err != nil {
		return err
	}
	nb, err := json.Marshal(new)
	if err != nil {
		return err
	}
	return e.q.InsertAuditLog(e.ctx, db.InsertAuditLogParams{
		ID: newID(), ClientID: e.client, TransactionID: txID, Entity: entity, EntityID: entityID, Action: action,
		Field: field, OldValue: ob, NewValue: nb, SessionID: e.meta.SessionID, Source: e.meta.Source, Actor: e.meta.Actor,
	})
}

// NewTransaction is a transaction to create.
type NewTransaction struct {
	AccountID  *uuid.UUID
	OccurredAt time.Time
	Hash       *string
	Label      *string
	Notes      *string
	Ordinal    int32
	ParentID   *uuid.UUID
}

// CreateTransaction adds an (initially empty) transaction.
func (e *Editor) CreateTransaction(in NewTransaction) (db.Transaction, error) {
	if in.OccurredAt.IsZero() {
		return db.Transaction{}, apperr.InvalidField("createdAt", "is required")
	}
	if in.AccountID != nil {
		if _, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: *in.AccountID}); err != nil {
			return db.Transaction{}, store.Err(err, "account")
		}
	}
	t, err := e.q.InsertTransaction(e.ctx, db.InsertTransactionParams{
		ID: newID(), ClientID: e.client, AccountID: in.AccountID, OccurredAt: in.OccurredAt.UTC(), Ordinal: in.Ordinal,
		TxnHash: in.Hash, Label: in.Label, Notes: in.Notes, Source: e.meta.Source, SessionID: e.meta.SessionID, ParentID: in.ParentID,
	})
	if err != nil {
		return db.Transaction{}, store.Err(err, "transaction")
	}
	if err := e.dirty(t.ID); err != nil {
		return db.Transaction{}, err
	}
	return t, e.audit(&t.ID, "transaction", t.ID, "create", "transaction", nil, t.ID)
}

// Transaction returns one of the client's transactions.
func (e *Editor) Transaction(id uuid.UUID) (db.Transaction, error) {
	t, err := e.q.GetTransaction(e.ctx, db.GetTransactionParams{ClientID: e.client, ID: id})
	return t, store.Err(err, "transaction")
}

// NewTransfer is a movement of one asset inside a transaction.
type NewTransfer struct {
	AssetID       uuid.UUID
	Quantity      decimal.Decimal
	FromAccountID *uuid.UUID // nil: external
	ToAccountID   *uuid.UUID // nil: external
	FromAddress   *string
	ToAddress     *string
	FiatValue     decimal.NullDecimal // USD; invalid: unknown (missing price)
	FeeFiat       decimal.NullDecimal
	IsFee         bool
	Label         *string
	StakingID     *string
}

// AddTransfer appends a transfer to a transaction (stored order = settlement order).
func (e *Editor) AddTransfer(txID uuid.UUID, in NewTransfer) (db.Transfer, error) {
	if _, err := e.Transaction(txID); err != nil {
		return db.Transfer{}, err
	}
	if err := e.checkTransfer(in.AssetID, in.Quantity, in.FromAccountID, in.ToAccountID, in.FiatValue); err != nil {
		return db.Transfer{}, err
	}
	pos, err := e.q.NextTransferPosition(e.ctx, txID)
	if err != nil {
		return db.Transfer{}, err
	}
	tr, err := e.q.InsertTransfer(e.ctx, db.InsertTransferParams{
		ID: newID(), ClientID: e.client, TransactionID: txID, Position: pos, AssetID: in.AssetID, Quantity: in.Quantity,
		FromAccountID: in.FromAccountID, ToAccountID: in.ToAccountID, FromAddress: in.FromAddress, ToAddress: in.ToAddress,
		FiatValue: in.FiatValue, FeeFiat: in.FeeFiat, IsFee: in.IsFee, Label: in.Label, StakingAccountIdentifier: in.StakingID,
	})
	if err != nil {
		return db.Transfer{}, store.Err(err, "transfer")
	}
	if err := e.dirty(txID); err != nil {
		return db.Transfer{}, err
	}
	return tr, e.audit(&txID, "transfer", tr.ID, "create", "transfer", nil, tr.ID)
}

func (e *Editor) checkTransfer(assetID uuid.UUID, qty decimal.Decimal, from, to *uuid.UUID, fiat decimal.NullDecimal) error {
	if qty.IsNegative() {
		return apperr.InvalidField("amount", "must not be negative")
	}
	if fiat.Valid && fiat.Decimal.IsNegative() {
		return apperr.InvalidField("fiatValue", "must not be negative")
	}
	if _, err := e.q.GetAsset(e.ctx, db.GetAssetParams{ClientID: e.client, ID: assetID}); err != nil {
		return store.Err(err, "asset")
	}
	for _, id := range []*uuid.UUID{from, to} {
		if id == nil {
			continue
		}
		if _, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: *id}); err != nil {
			return store.Err(err, "account")
		}
	}
	if from == nil && to == nil {
		return apperr.InvalidField("fromAccountId", "a transfer needs at least one of the client's accounts on one side")
	}
	return nil
}

// dirty marks transactions dirty. Every edit of the Editor ends here, so this is also the one place
// that enforces the client's tax lock: an edit touching a transaction dated before lockTaxesUntil
// (or moving one there or out of there) fails, and the caller's database transaction rolls back
// with everything it wrote. Imports (Editor.Import) add history and are not edits: they are
// not refused, and the recalculation keeps the locked years' figures (see internal/recalc).
func (e *Editor) dirty(ids ...uuid.UUID) error {
	r, err := e.q.MarkTransactionsDirty(e.ctx, db.MarkTransactionsDirtyParams{ClientID: e.client, Ids: ids})
	if err != nil {
		return err
	}
	if r.TouchesLocked {
		return apperr.New(apperr.TaxesLocked, "taxes are locked until %s: transactions dated before it cannot be edited", r.LockedUntil)
	}
	return nil
}

// TransferPatch changes fields of a transfer; nil leaves a field as it is. Clear* set to null.
type TransferPatch struct {
	AssetID              *uuid.UUID
	Quantity             *decimal.Decimal
	FromAccountID        *uuid.UUID
	ClearFromAccount     bool
	ToAccountID          *uuid.UUID
	ClearToAccount       bool
	FiatValue            *decimal.Decimal
	ClearFiatValue       bool
	BasisFiatValue       *decimal.Decimal
	ClearBasisFiatValue  bool
	IsHidden             *bool
	PurchaseDateOverride *time.Time
	Label                *string
	StakingID            *string
	MissingBasisOverride *bool
}

// UpdateTransfer applies patch and writes one audit entry per changed field.
func (e *Editor) UpdateTransfer(txID, transferID uuid.UUID, p TransferPatch) (db.Transfer, error) {
	old, err := e.q.GetTransfer(e.ctx, db.GetTransferParams{ClientID: e.client, TransactionID: txID, ID: transferID})
	if err != nil {
		return db.Transfer{}, store.Err(err, "transfer")
	}
	n := old
	type change struct {
		field    string
		old, new any
	}
	var changes []change
	set := func(field string, o, v any) { changes = append(changes, change{field, o, v}) }
	if p.AssetID != nil && *p.AssetID != old.AssetID {
		n.AssetID = *p.AssetID
		set("assetId", old.AssetID, n.AssetID)
	}
	if p.Quantity != nil && !p.Quantity.Equal(old.Quantity) {
		n.Quantity = *p.Quantity
		set("amount", old.Quantity.String(), n.Quantity.String())
	}
	if p.FromAccountID != nil || p.ClearFromAccount {
		n.FromAccountID = p.FromAccountID
		set("fromAccountId", old.FromAccountID, n.FromAccountID)
	}
	if p.ToAccountID != nil || p.ClearToAccount {
		n.ToAccountID = p.ToAccountID
		set("toAccountId", old.ToAccountID, n.ToAccountID)
	}
	if p.FiatValue != nil || p.ClearFiatValue {
		n.FiatValue = nullDec(p.FiatValue)
		set("fiatValue", decString(old.FiatValue), decString(n.FiatValue))
	}
	if p.BasisFiatValue != nil || p.ClearBasisFiatValue {
		n.BasisFiatValue = nullDec(p.BasisFiatValue)
		set("basisFiatValue", decString(old.BasisFiatValue), decString(n.BasisFiatValue))
	}
	if p.IsHidden != nil && *p.IsHidden != old.IsHidden {
		n.IsHidden = *p.IsHidden
		set("isHidden", old.IsHidden, n.IsHidden)
	}
	if p.PurchaseDateOverride != nil {
		n.PurchaseDateOverride = p.PurchaseDateOverride
		set("purchaseDateOverride", old.PurchaseDateOverride, n.PurchaseDateOverride)
	}
	if p.Label != nil {
		n.Label = p.Label
		set("label", old.Label, n.Label)
	}
	if p.StakingID != nil {
		n.StakingAccountIdentifier = p.StakingID
		set("stakingAccountIdentifier", old.StakingAccountIdentifier, n.StakingAccountIdentifier)
	}
	if p.MissingBasisOverride != nil {
		n.IsMissingBasisOverride = p.MissingBasisOverride
		set("isMissingBasis", old.IsMissingBasisOverride, n.IsMissingBasisOverride)
	}
	if len(changes) == 0 {
		return old, nil
	}
	if err := e.checkTransfer(n.AssetID, n.Quantity, n.FromAccountID, n.ToAccountID, n.FiatValue); err != nil {
		return db.Transfer{}, err
	}
	out, err := e.q.UpdateTransfer(e.ctx, db.UpdateTransferParams{
		ClientID: e.client, TransactionID: txID, ID: transferID, AssetID: n.AssetID, Quantity: n.Quantity,
		FromAccountID: n.FromAccountID, ToAccountID: n.ToAccountID, FiatValue: n.FiatValue, BasisFiatValue: n.BasisFiatValue,
		IsHidden: n.IsHidden, PurchaseDateOverride: n.PurchaseDateOverride, Label: n.Label,
		StakingAccountIdentifier: n.StakingAccountIdentifier, IsMissingBasisOverride: n.IsMissingBasisOverride,
	})
	if err != nil {
		return db.Transfer{}, store.Err(err, "transfer")
	}
	for _, c := range changes {
		if err := e.audit(&txID, "transfer", transferID, "update", c.field, c.old, c.new); err != nil {
			return db.Transfer{}, err
		}
	}
	return out, e.dirty(txID)
}

// TransactionPatch changes fields of a transaction; nil leaves a field as it is.
type TransactionPatch struct {
	Label      *string
	ClearLabel bool
	Notes      *string
	IsHidden   *bool
	IsReviewed *bool
	OccurredAt *time.Time
	Hash       *string
}

// UpdateTransaction applies patch, writes one audit entry per changed field, marks it dirty.
func (e *Editor) UpdateTransaction(id uuid.UUID, p TransactionPatch) (db.Transaction, error) {
	old, err := e.Transaction(id)
	if err != nil {
		return db.Transaction{}, err
	}
	n := old
	type change struct {
		field    string
		old, new any
	}
	var changes []change
	if p.Label != nil || p.ClearLabel {
		n.Label = p.Label
		changes = append(changes, change{"label", old.Label, n.Label})
	}
	if p.Notes != nil {
		n.Notes = p.Notes
		changes = append(changes, change{"notes", old.Notes, n.Notes})
	}
	if p.IsHidden != nil && *p.IsHidden != old.IsHidden {
		n.IsHidden = *p.IsHidden
		changes = append(changes, change{"isHidden", old.IsHidden, n.IsHidden})
	}
	if p.IsReviewed != nil && *p.IsReviewed != old.IsReviewed {
		n.IsReviewed = *p.IsReviewed
		changes = append(changes, change{"isReviewed", old.IsReviewed, n.IsReviewed})
	}
	if p.OccurredAt != nil && !p.OccurredAt.Equal(old.OccurredAt) {
		n.OccurredAt = p.OccurredAt.UTC()
		changes = append(changes, change{"createdAt", old.OccurredAt, n.OccurredAt})
	}
	if p.Hash != nil {
		n.TxnHash = p.Hash
		changes = append(changes, change{"txnHash", old.TxnHash, n.TxnHash})
	}
	if len(changes) == 0 {
		return old, nil
	}
	out, err := e.q.UpdateTransactionFields(e.ctx, db.UpdateTransactionFieldsParams{
		ClientID: e.client, ID: id, Label: n.Label, Notes: n.Notes, IsHidden: n.IsHidden, IsReviewed: n.IsReviewed,
		OccurredAt: n.OccurredAt, TxnHash: n.TxnHash,
	})
	if err != nil {
		return db.Transaction{}, store.Err(err, "transaction")
	}
	for _, c := range changes {
		if err := e.audit(&id, "transaction", id, "update", c.field, c.old, c.new); err != nil {
			return db.Transaction{}, err
		}
	}
	return out, e.dirty(id)
}

// SetHidden hides or shows transactions.
func (e *Editor) SetHidden(ids []uuid.UUID, hidden bool) error {
	for _, id := range ids {
		if _, err := e.UpdateTransaction(id, TransactionPatch{IsHidden: &hidden}); err != nil {
			return err
		}
	}
	return nil
}

// MarkInternalTransfer pairs an outgoing and an incoming transaction as one move between own accounts.
func (e *Editor) MarkInternalTransfer(from, to uuid.UUID) error {
	if from == to {
		return apperr.InvalidField("toTransactionId", "must differ from fromTransactionId")
	}
	for _, id := range []uuid.UUID{from, to} {
		if _, err := e.Transaction(id); err != nil {
			return err
		}
	}
	if err := e.q.InsertInternalPair(e.ctx, db.InsertInternalPairParams{ClientID: e.client, FromTransactionID: from, ToTransactionID: to}); err != nil {
		return store.Err(err, "internal transfer")
	}
	if err := e.audit(&from, "transaction", from, "update", "internalTransferTo", nil, to); err != nil {
		return err
	}
	return e.dirty(from, to)
}

// UnmarkInternalTransfer removes such a pairing.
func (e *Editor) UnmarkInternalTransfer(from, to uuid.UUID) error {
	n, err := e.q.DeleteInternalPair(e.ctx, db.DeleteInternalPairParams{ClientID: e.client, FromTransactionID: from, ToTransactionID: to})
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.NotFoundf("these transactions are not paired as an internal transfer")
	}
	if err := e.audit(&from, "transaction", from, "update", "internalTransferTo", to, nil); err != nil {
		return err
	}
	return e.dirty(from, to)
}

// Delete soft-deletes a transaction.
func (e *Editor) Delete(id uuid.UUID) error {
	if _, err := e.Transaction(id); err != nil {
		return err
	}
	if err := e.q.SoftDeleteTransaction(e.ctx, db.SoftDeleteTransactionParams{ClientID: e.client, ID: id}); err != nil {
		return err
	}
	if err := e.dirty(id); err != nil {
		return err
	}
	return e.audit(&id, "transaction", id, "delete", "transaction", id, nil)
}

func nullDec(d *decimal.Decimal) decimal.NullDecimal {
	if d == nil {
		return decimal.NullDecimal{}
	}
	return decimal.NullDecimal{Decimal: *d, Valid: true}
}

func decString(d decimal.NullDecimal) *string {
	if !d.Valid {
		return nil
	}
	s := d.Decimal.String()
	return &s
}
