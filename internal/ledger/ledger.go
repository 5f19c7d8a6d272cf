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
	"taxd/internal/auth"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// Meta says who made a change and groups the writes of one task.
type Meta struct {
	Actor     string // "user:<id>", "apikey:<id>", "partner:<id>", "portal:<partner id>", "system:import" ...
	SessionID *string
	Source    *string
}

// Ledger is the entry point: it opens an Editor per unit of work.
type Ledger struct {
	pool *pgxpool.Pool
}

// New returns a Ledger on pool.
func New(pool *pgxpool.Pool) *Ledger { return &Ledger{pool: pool} }

// Update runs fn with an Editor for the scope's client in one database transaction: all of fn's
// edits, audit entries and dirty marks commit together or not at all. The scope must allow writes.
func (l *Ledger) Update(ctx context.Context, scope auth.ClientScope, meta Meta, fn func(e *Editor) error) error {
	if err := scope.CheckWrite(); err != nil {
		return err
	}
	return store.InTx(ctx, l.pool, func(tx pgx.Tx) error {
		return fn(&Editor{ctx: ctx, q: db.New(tx), tx: tx, client: scope.ClientID(), meta: meta})
	})
}

// CountDirty is the number of dirty items of the scope's client (see db query CountDirty).
func (l *Ledger) CountDirty(ctx context.Context, scope auth.ClientScope) (int64, error) {
	if err := scope.Check(); err != nil {
		return 0, err
	}
	n, err := db.New(l.pool).CountDirty(ctx, scope.ClientID())
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
func (e *Editor) CreateTransaction(in NewTransaction) (Transaction, error) {
	if in.OccurredAt.IsZero() {
		return Transaction{}, apperr.InvalidField("createdAt", "is required")
	}
	if in.AccountID != nil {
		if _, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: *in.AccountID}); err != nil {
			return Transaction{}, store.Err(err, "account")
		}
	}
	t, err := e.q.InsertTransaction(e.ctx, db.InsertTransactionParams{
		ID: newID(), ClientID: e.client, AccountID: in.AccountID, OccurredAt: in.OccurredAt.UTC(), Ordinal: in.Ordinal,
		TxnHash: in.Hash, Label: in.Label, Notes: in.Notes, Source: e.meta.Source, SessionID: e.meta.SessionID, ParentID: in.ParentID,
	})
	if err != nil {
		return Transaction{}, store.Err(err, "transaction")
	}
	if err := e.dirty(t.ID); err != nil {
		return Transaction{}, err
	}
	return TransactionOf(t), e.audit(&t.ID, "transaction", t.ID, "create", "transaction", nil, t.ID)
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
func (e *Editor) AddTransfer(txID uuid.UUID, in NewTransfer) (Transfer, error) {
	if err := checkHasAccount(in.FromAccountID, in.ToAccountID); err != nil {
		return Transfer{}, err
	}
	return e.addTransfer(txID, in)
}

// addTransfer is AddTransfer without the account rule, for a copy of a stored transfer (one a
// deleted account left with none is copied as it is).
func (e *Editor) addTransfer(txID uuid.UUID, in NewTransfer) (Transfer, error) {
	if _, err := e.Transaction(txID); err != nil {
		return Transfer{}, err
	}
	if err := e.checkUnlinked("transactionId", txID); err != nil {
		return Transfer{}, err
	}
	if err := e.checkTransfer(in.AssetID, in.Quantity, in.FromAccountID, in.ToAccountID, in.FiatValue); err != nil {
		return Transfer{}, err
	}
	pos, err := e.q.NextTransferPosition(e.ctx, txID)
	if err != nil {
		return Transfer{}, err
	}
	tr, err := e.q.InsertTransfer(e.ctx, db.InsertTransferParams{
		ID: newID(), ClientID: e.client, TransactionID: txID, Position: pos, AssetID: in.AssetID, Quantity: in.Quantity,
		FromAccountID: in.FromAccountID, ToAccountID: in.ToAccountID, FromAddress: in.FromAddress, ToAddress: in.ToAddress,
		FiatValue: in.FiatValue, FeeFiat: in.FeeFiat, IsFee: in.IsFee, Label: in.Label, StakingAccountIdentifier: in.StakingID,
	})
	if err != nil {
		return Transfer{}, store.Err(err, "transfer")
	}
	if err := e.dirty(txID); err != nil {
		return Transfer{}, err
	}
	return TransferOf(tr), e.audit(&txID, "transfer", tr.ID, "create", "transfer", nil, tr.ID)
}

// CheckAsset is NotFound unless id is an asset of the client (another client's asset does not
// exist for it).
func (e *Editor) CheckAsset(id uuid.UUID) error {
	_, err := e.q.GetAsset(e.ctx, db.GetAssetParams{ClientID: e.client, ID: id})
	return store.Err(err, "asset")
}

// checkTransfer checks a transfer's values and that its accounts are the client's.
func (e *Editor) checkTransfer(assetID uuid.UUID, qty decimal.Decimal, from, to *uuid.UUID, fiat decimal.NullDecimal) error {
	if qty.IsNegative() {
		return apperr.InvalidField("amount", "must not be negative")
	}
	if fiat.Valid && fiat.Decimal.IsNegative() {
		return apperr.InvalidField("fiatValue", "must not be negative")
	}
	if err := tax.CheckAmount(qty); err != nil {
		return apperr.InvalidField("amount", "%s", err)
	}
	if fiat.Valid {
		if err := tax.CheckAmount(fiat.Decimal); err != nil {
			return apperr.InvalidField("fiatValue", "%s", err)
		}
	}
	if err := e.CheckAsset(assetID); err != nil {
		return err
	}
	for _, id := range []*uuid.UUID{from, to} {
		if id == nil {
			continue
		}
		if _, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: *id}); err != nil {
			return store.Err(err, "account")
		}
	}
	return nil
}

// checkHasAccount refuses a transfer given no account on either side. It applies where a person
// sets the accounts (a new transfer, an edit of a side): a transfer whose account was deleted since
// keeps no account, is still edited in its other fields and is copied by duplicateTransaction.
func checkHasAccount(from, to *uuid.UUID) error {
	if from == nil && to == nil {
		return apperr.InvalidField("fromAccountId", "a transfer needs at least one of the client's accounts on one side")
	}
	return nil
}

// dirty marks transactions dirty and stamps them with the edit's source and session. Every edit of
// the Editor ends here, so this is also the one place that enforces the client's tax lock: an edit touching a transaction dated before lockTaxesUntil
// (or moving one there or out of there) fails, and the caller's database transaction rolls back
// with everything it wrote. Imports (Editor.Import) add history and are not edits: they are
// not refused, and the recalculation keeps the locked years' figures (see internal/recalc).
func (e *Editor) dirty(ids ...uuid.UUID) error {
	r, err := e.q.MarkTransactionsDirty(e.ctx, db.MarkTransactionsDirtyParams{ClientID: e.client, Ids: ids,
		Source: e.meta.Source, SessionID: e.meta.SessionID})
	if err != nil {
		return err
	}
	if r.TouchesLocked {
		return apperr.New(apperr.TaxesLocked, "taxes are locked until %s: transactions dated before it cannot be edited", r.LockedUntil)
	}
	return nil
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
	_, err := e.Link(LinkInternalTransfer, from, to)
	return err
}

// UnmarkInternalTransfer removes such a pairing.
func (e *Editor) UnmarkInternalTransfer(from, to uuid.UUID) error {
	_, err := e.Unlink(LinkInternalTransfer, from, to)
	return err
}

// Delete soft-deletes a transaction; a linked one is refused (checkUnlinked).
func (e *Editor) Delete(id uuid.UUID) error {
	if _, err := e.Transaction(id); err != nil {
		return err
	}
	if err := e.checkUnlinked("transactionId", id); err != nil {
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
	s := exactString(d.Decimal)
	return &s
}

// exactString writes d with its scale (4686.60 stays 4686.60, not 4686.6), so an undo writes back
// the very numeric the column held.
func exactString(d decimal.Decimal) string {
	if d.Exponent() < 0 {
		return d.StringFixed(-d.Exponent())
	}
	return d.String()
}
