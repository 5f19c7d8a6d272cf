package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// Limits of the list arguments of the edits (documented in spec/graphql/transactions.graphqls).
const (
	MaxMergeIDs       = 200 // transactions merged into one per call
	MaxSplitGroups    = 20  // children of one split
	MaxSplitTransfers = 200 // transfer ids per child
	// MaxMovedTransfers bounds the transfers one merge moves or one duplicate copies: each is a few
	// statements, and a request must stay well under a second.
	MaxMovedTransfers = 1000
)

// Edit runs fn with an Editor on the scope's client in one database transaction, as the scope's
// actor: the entry point of every write of the API. A Read scope cannot pass.
func (l *Ledger) Edit(ctx context.Context, scope auth.ClientScope, sessionID, source *string, fn func(e *Editor) error) error {
	return l.Update(ctx, scope, Meta{Actor: scope.Actor(), SessionID: sessionID, Source: source}, fn)
}

// CheckLabel refuses a label that is not in the catalog.
func CheckLabel(field, label string) error {
	if _, ok := Label(label); !ok {
		return apperr.InvalidField(field, "unknown label %q (see getLabels)", label)
	}
	return nil
}

// Transfers returns the transfers of a transaction in settlement order, hidden ones included.
func (e *Editor) Transfers(txID uuid.UUID) ([]db.Transfer, error) {
	return e.q.ListTransfersOfTransactions(e.ctx, db.ListTransfersOfTransactionsParams{ClientID: e.client, Ids: []uuid.UUID{txID}})
}

// movedTo is the audit value of a transfer's place (field "transactionId").
type movedTo struct {
	TransactionID uuid.UUID `json:"transactionId"`
	Position      int32     `json:"position"`
}

// moveTransfer moves a transfer to position pos of transaction to (audited, both sides dirty). The
// callers check that neither side is linked (checkUnlinked).
func (e *Editor) moveTransfer(tr db.Transfer, to uuid.UUID, pos int32) error {
	if err := e.q.MoveTransfer(e.ctx, db.MoveTransferParams{ClientID: e.client, ID: tr.ID, ToTransactionID: to, Position: pos}); err != nil {
		return store.Err(err, "transfer")
	}
	if err := e.audit(&to, "transfer", tr.ID, "move", "transactionId",
		movedTo{tr.TransactionID, tr.Position}, movedTo{to, pos}); err != nil {
		return err
	}
	return e.dirty(tr.TransactionID, to)
}

// DuplicateTransaction copies a transaction and its visible transfers as a new manual transaction,
// with their basis and acquisition-date overrides.
func (e *Editor) DuplicateTransaction(id uuid.UUID) (Transaction, error) {
	src, err := e.Transaction(id)
	if err != nil {
		return Transaction{}, err
	}
	trs, err := e.Transfers(id)
	if err != nil {
		return Transaction{}, err
	}
	if len(trs) > MaxMovedTransfers {
		return Transaction{}, apperr.InvalidField("transactionId", "holds %d transfers; at most %d can be copied", len(trs), MaxMovedTransfers)
	}
	cp, err := e.CreateTransaction(NewTransaction{AccountID: src.AccountID, OccurredAt: src.OccurredAt, Hash: src.TxnHash,
		Label: src.Label, Notes: src.Notes, Ordinal: src.Ordinal})
	if err != nil {
		return Transaction{}, err
	}
	for _, tr := range trs {
		if tr.IsHidden {
			continue
		}
		c, err := e.addTransfer(cp.ID, NewTransfer{AssetID: tr.AssetID, Quantity: tr.Quantity, FromAccountID: tr.FromAccountID,
			ToAccountID: tr.ToAccountID, FromAddress: tr.FromAddress, ToAddress: tr.ToAddress, FiatValue: tr.FiatValue,
			FeeFiat: tr.FeeFiat, IsFee: tr.IsFee, Label: tr.Label, StakingID: tr.StakingAccountIdentifier})
		if err != nil {
			return Transaction{}, err
		}
		// a person's overrides of the basis and the acquisition date are part of what is copied
		if tr.BasisFiatValue.Valid || tr.PurchaseDateOverride != nil {
			p := TransferPatch{PurchaseDateOverride: tr.PurchaseDateOverride}
			if tr.BasisFiatValue.Valid {
				p.BasisFiatValue = &tr.BasisFiatValue.Decimal
			}
			if _, err := e.UpdateTransfer(cp.ID, c.ID, p); err != nil {
				return Transaction{}, err
			}
		}
	}
	return cp, nil
}

// LabelEdit is what labelTransactions sets on each transaction.
type LabelEdit struct {
	Label        *string
	Wipe         bool // remove the label
	Notes        *string
	InvestmentID *string
	OffChainData json.RawMessage
}

// LabelTransactions applies one LabelEdit to each transaction.
func (e *Editor) LabelTransactions(ids []uuid.UUID, in LabelEdit) error {
	if in.Wipe && in.Label != nil {
		return apperr.InvalidField("wipeLabel", "cannot be combined with label")
	}
	if in.Label != nil {
		if err := CheckLabel("label", *in.Label); err != nil {
			return err
		}
	}
	var oc db.Transaction
	if in.OffChainData != nil {
		if err := transactionOffChainData.set(&oc, in.OffChainData); err != nil {
			return err
		}
	}
	_, err := e.updateTransactions(ids, func(t *db.Transaction) {
		if in.Label != nil || in.Wipe {
			t.Label = in.Label
		}
		if in.Notes != nil {
			t.Notes = in.Notes
			if *in.Notes == "" {
				t.Notes = nil
			}
		}
		if in.InvestmentID != nil {
			t.InvestmentID = in.InvestmentID
			if *in.InvestmentID == "" {
				t.InvestmentID = nil
			}
		}
		if in.OffChainData != nil {
			t.OffChainData = oc.OffChainData
		}
	})
	return err
}

// SetHiddenCount hides or shows transactions and returns how many changed.
func (e *Editor) SetHiddenCount(ids []uuid.UUID, hidden bool) (int, error) {
	return e.updateTransactions(ids, func(t *db.Transaction) { t.IsHidden = hidden })
}

// SetMissingBasisOverride keeps isMissingBasis as given (override) or drops the override.
func (e *Editor) SetMissingBasisOverride(ids []uuid.UUID, isMissing, override bool) error {
	_, err := e.updateTransactions(ids, func(t *db.Transaction) {
		t.IsMissingBasisOverride = nil
		if override {
			t.IsMissingBasisOverride = &isMissing
		}
	})
	return err
}

// Merge moves every transfer of from into to (appended in settlement order) and deletes the
// emptied transactions.
func (e *Editor) Merge(from []uuid.UUID, to uuid.UUID) (Transaction, error) {
	if len(from) == 0 || len(from) > MaxMergeIDs {
		return Transaction{}, apperr.InvalidField("fromTransactionIds", "must hold 1 to %d ids", MaxMergeIDs)
	}
	seen := map[uuid.UUID]bool{}
	for _, id := range from {
		if id == to {
			return Transaction{}, apperr.InvalidField("fromTransactionIds", "must not contain toTransactionId")
		}
		if seen[id] {
			return Transaction{}, apperr.InvalidField("fromTransactionIds", "lists %s twice", id)
		}
		seen[id] = true
	}
	target, err := e.Transaction(to)
	if err != nil {
		return Transaction{}, err
	}
	if err := e.checkUnlinked("toTransactionId", to); err != nil {
		return Transaction{}, err
	}
	pos, err := e.q.NextTransferPosition(e.ctx, to)
	if err != nil {
		return Transaction{}, err
	}
	moved := 0
	for _, id := range from {
		if _, err := e.Transaction(id); err != nil {
			return Transaction{}, err
		}
		if err := e.checkUnlinked("fromTransactionIds", id); err != nil {
			return Transaction{}, err
		}
		trs, err := e.Transfers(id)
		if err != nil {
			return Transaction{}, err
		}
		if moved += len(trs); moved > MaxMovedTransfers {
			return Transaction{}, apperr.InvalidField("fromTransactionIds", "hold more than %d transfers; merge in smaller steps", MaxMovedTransfers)
		}
		for _, tr := range trs {
			if err := e.moveTransfer(tr, to, pos); err != nil {
				return Transaction{}, err
			}
			pos++
		}
		if err := e.Delete(id); err != nil {
			return Transaction{}, err
		}
	}
	return TransactionOf(target), e.dirty(to)
}

// SplitGroup is one child of a split: the transfers it takes from the base, its label and notes.
type SplitGroup struct {
	TransferIDs []uuid.UUID
	Label       *string
	Notes       *string
}

// splitRule names a split rule in its error (the numbering of the SDL's splitTransactionIntoMany).
func splitRule(n int, format string, args ...any) error {
	rules := map[int]string{
		1: "one entry per child, the base keeps every transfer not listed and at least one visible",
		3: "each transfer id in exactly one child, and it must belong to the base",
		4: fmt.Sprintf("at most %d child groups and %d transfer ids per group", MaxSplitGroups, MaxSplitTransfers),
	}
	return apperr.InvalidField("splits", "split rule %d (%s): %s", n, rules[n], fmt.Sprintf(format, args...))
}

// CheckSplitShape checks the rules that need no database (sizes, duplicates) before any work.
func CheckSplitShape(groups []SplitGroup) error {
	if len(groups) == 0 {
		return splitRule(1, "splits is empty")
	}
	if len(groups) > MaxSplitGroups {
		return splitRule(4, "%d groups given", len(groups))
	}
	seen := map[uuid.UUID]int{}
	for i, g := range groups {
		if len(g.TransferIDs) == 0 {
			return splitRule(1, "entry %d lists no transfer", i)
		}
		if len(g.TransferIDs) > MaxSplitTransfers {
			return splitRule(4, "entry %d lists %d transfer ids", i, len(g.TransferIDs))
		}
		for _, id := range g.TransferIDs {
			if j, ok := seen[id]; ok {
				return splitRule(3, "transfer %s is listed in entry %d and entry %d", id, j, i)
			}
			seen[id] = i
		}
		if g.Label != nil {
			if err := CheckLabel("splits.label", *g.Label); err != nil {
				return err
			}
		}
	}
	return nil
}

// Split moves transfers of base into new child transactions, one per group, which settle after the
// base in the order of groups (ordinals after the base's existing children). ordering, when set
// (the deprecated single split), puts the one child at that position among the base's children
// (1 = first) and moves the later ones back. It returns the children.
func (e *Editor) Split(baseID uuid.UUID, groups []SplitGroup, ordering *int) ([]Transaction, error) {
	if err := CheckSplitShape(groups); err != nil {
		return nil, err
	}
	base, err := e.Transaction(baseID)
	if err != nil {
		return nil, err
	}
	if err := e.checkUnlinked("baseTransactionId", baseID); err != nil {
		return nil, err
	}
	trs, err := e.Transfers(baseID)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]db.Transfer, len(trs))
	for _, tr := range trs {
		byID[tr.ID] = tr
	}
	listed := map[uuid.UUID]bool{}
	for _, g := range groups {
		for _, id := range g.TransferIDs {
			if _, ok := byID[id]; !ok {
				return nil, splitRule(3, "transfer %s is not a transfer of the base transaction", id)
			}
			listed[id] = true
		}
	}
	keeps := 0
	for _, tr := range trs {
		if !tr.IsHidden && !listed[tr.ID] {
			keeps++
		}
	}
	if keeps == 0 {
		return nil, splitRule(1, "the base would keep no visible transfer")
	}
	next, err := e.q.NextChildOrdinal(e.ctx, db.NextChildOrdinalParams{ClientID: e.client, ID: baseID})
	if err != nil {
		return nil, err
	}
	if ordering != nil {
		last := int(next - base.Ordinal)
		if len(groups) != 1 || *ordering < 1 || *ordering > last {
			return nil, apperr.InvalidField("ordering", "must be 1 to %d (the position among the base's children)", last)
		}
		next = base.Ordinal + int32(*ordering)
		if err := e.shiftChildren(baseID, next); err != nil {
			return nil, err
		}
	}
	out := make([]Transaction, 0, len(groups))
	for i, g := range groups {
		label := base.Label
		if g.Label != nil {
			label = g.Label
		}
		child, err := e.CreateTransaction(NewTransaction{AccountID: base.AccountID, OccurredAt: base.OccurredAt, Hash: base.TxnHash,
			Label: label, Notes: g.Notes, Ordinal: next + int32(i), ParentID: &baseID})
		if err != nil {
			return nil, err
		}
		for pos, id := range g.TransferIDs {
			if err := e.moveTransfer(byID[id], child.ID, int32(pos)); err != nil {
				return nil, err
			}
		}
		out = append(out, child)
	}
	return out, e.dirty(baseID)
}

// shiftChildren moves the live children of base with an ordinal of at least from one place later.
func (e *Editor) shiftChildren(baseID uuid.UUID, from int32) error {
	ids, err := e.q.LiveChildrenFrom(e.ctx, db.LiveChildrenFromParams{ClientID: e.client, ParentID: &baseID, FromOrdinal: from})
	if err != nil {
		return err
	}
	for _, id := range ids {
		old, err := e.Transaction(id)
		if err != nil {
			return err
		}
		n := old
		n.Ordinal++
		if _, err := e.writeTransaction(old, n); err != nil {
			return err
		}
	}
	return nil
}

// ReceivePrice prices received transfers: the unit price in dollars, applied to every incoming
// transfer of AssetID (or, without one, to every incoming transfer without a value).
type ReceivePrice struct {
	AssetID   *uuid.UUID
	UnitPrice decimal.Decimal
}

// SaveReceivePrice sets value = quantity x unit price on the matching incoming transfers of each
// transaction (a person's value: the importer's stays as the original). It returns how many
// transfers it priced.
func (e *Editor) SaveReceivePrice(ids []uuid.UUID, p ReceivePrice) (int, error) {
	if p.UnitPrice.IsNegative() {
		return 0, apperr.InvalidField("fiatValue", "must not be negative")
	}
	n := 0
	for _, id := range ids {
		if _, err := e.Transaction(id); err != nil {
			return 0, err
		}
		trs, err := e.Transfers(id)
		if err != nil {
			return 0, err
		}
		for _, tr := range trs {
			incoming := tr.ToAccountID != nil && tr.FromAccountID == nil && !tr.IsFee
			if !incoming || (p.AssetID != nil && tr.AssetID != *p.AssetID) || (p.AssetID == nil && tr.FiatValue.Valid) {
				continue
			}
			v := tr.Quantity.Mul(p.UnitPrice)
			if _, err := e.UpdateTransfer(id, tr.ID, TransferPatch{FiatValue: &v}); err != nil {
				return 0, err
			}
			n++
		}
	}
	return n, nil
}

// UnitPriceIn is the dollar price of one unit of an asset paid as amount units of payAsset: amount
// times payAsset's price on the day of the transaction (from the price cache: the prices the
// imports fetched). found is false
// without a price for that day.
func (e *Editor) UnitPriceIn(payAsset uuid.UUID, amount decimal.Decimal, txID uuid.UUID) (decimal.Decimal, bool, error) {
	usd, err := e.q.UnitPriceOnTransactionDay(e.ctx, db.UnitPriceOnTransactionDayParams{ClientID: e.client, TransactionID: txID, AssetID: payAsset})
	if err != nil || len(usd) == 0 {
		return decimal.Decimal{}, false, err
	}
	return amount.Mul(usd[0]), true, nil
}

func uniqList(ids []uuid.UUID) []uuid.UUID {
	seen := make(map[uuid.UUID]bool, len(ids))
	out := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// OffChainDetails are the off-chain details attached to a transaction (stored as JSON; the value
// as an exact decimal of dollars).
type OffChainDetails struct {
	Description         *string          `json:"description,omitempty"`
	CounterpartyName    *string          `json:"counterpartyName,omitempty"`
	CounterpartyAddress *string          `json:"counterpartyAddress,omitempty"`
	EventDate           *time.Time       `json:"eventDate,omitempty"`
	FiatValue           *decimal.Decimal `json:"fiatValue,omitempty"`
	FiatCurrency        *string          `json:"fiatCurrency,omitempty"`
	ExternalReference   *string          `json:"externalReference,omitempty"`
	DocumentURL         *string          `json:"documentUrl,omitempty"`
}

// MaxOffChainText bounds each text of the off-chain details.
const MaxOffChainText = 2000

// JSON checks the details and encodes them for TransactionPatch.OffChainData.
func (d OffChainDetails) JSON() (json.RawMessage, error) {
	for name, s := range map[string]*string{"description": d.Description, "counterpartyName": d.CounterpartyName,
		"counterpartyAddress": d.CounterpartyAddress, "externalReference": d.ExternalReference, "documentUrl": d.DocumentURL} {
		if s != nil && len(*s) > MaxOffChainText {
			return nil, apperr.InvalidField("offChainData."+name, "must be at most %d characters", MaxOffChainText)
		}
	}
	if d.DocumentURL != nil && !strings.HasPrefix(*d.DocumentURL, "https://") {
		return nil, apperr.InvalidField("offChainData.documentUrl", "must be an https URL")
	}
	if d.FiatValue != nil && d.FiatValue.IsNegative() {
		return nil, apperr.InvalidField("offChainData.fiatValue", "must not be negative")
	}
	return json.Marshal(d)
}

// DecodeOffChain reads stored off-chain details (nil when there are none).
func DecodeOffChain(b []byte) *OffChainDetails {
	if len(b) == 0 {
		return nil
	}
	var d OffChainDetails
	if json.Unmarshal(b, &d) != nil {
		return nil
	}
	return &d
}

// ruleKey is what a labeling rule matches: the first non-fee visible transfer with exactly one
// side in the client's accounts gives the direction and the counterparty address.
func ruleKey(trs []db.Transfer) (direction, counterparty string, ok bool) {
	for _, tr := range trs {
		if tr.IsHidden || tr.IsFee || (tr.FromAccountID == nil) == (tr.ToAccountID == nil) {
			continue
		}
		if tr.FromAccountID == nil {
			if tr.FromAddress == nil || *tr.FromAddress == "" {
				return "", "", false
			}
			return "in", strings.ToLower(*tr.FromAddress), true
		}
		if tr.ToAddress == nil || *tr.ToAddress == "" {
			return "", "", false
		}
		return "out", strings.ToLower(*tr.ToAddress), true
	}
	return "", "", false
}

// MaxRuleRelabel bounds how many existing transactions a new rule relabels in one request.
const MaxRuleRelabel = 500

// CreateLabelRule stores a rule that gives the transaction's label to transactions imported later
// into an account of the same provider with the same direction and counterparty (see import.go),
// and relabels up to MaxRuleRelabel existing unlabeled matching transactions now (audited). It
// returns the rule and how many it relabeled.
func (e *Editor) CreateLabelRule(txID uuid.UUID) (LabelRule, int, error) {
	t, err := e.Transaction(txID)
	if err != nil {
		return LabelRule{}, 0, err
	}
	if t.Label == nil || t.AccountID == nil {
		return LabelRule{}, 0, apperr.InvalidField("createDefaultRule", "needs a labeled transaction of an account")
	}
	acct, err := e.q.GetAccount(e.ctx, db.GetAccountParams{ClientID: e.client, ID: *t.AccountID})
	if err != nil {
		return LabelRule{}, 0, store.Err(err, "account")
	}
	trs, err := e.Transfers(txID)
	if err != nil {
		return LabelRule{}, 0, err
	}
	dir, cp, ok := ruleKey(trs)
	if !ok {
		return LabelRule{}, 0, apperr.InvalidField("createDefaultRule", "needs a transfer to or from a counterparty address to match on")
	}
	rule, err := e.q.InsertLabelRule(e.ctx, db.InsertLabelRuleParams{ID: newID(), ClientID: e.client, Provider: acct.Provider,
		Direction: dir, Counterparty: cp, Label: *t.Label})
	if err != nil {
		return LabelRule{}, 0, store.Err(err, "label rule")
	}
	ids, err := e.q.UnlabeledMatchingRule(e.ctx, db.UnlabeledMatchingRuleParams{ClientID: e.client, Provider: acct.Provider,
		Direction: dir, Counterparty: cp, ExceptID: txID, MaxRows: MaxRuleRelabel})
	if err != nil {
		return LabelRule{}, 0, err
	}
	for _, id := range ids {
		if _, err := e.UpdateTransaction(id, TransactionPatch{Label: t.Label}); err != nil {
			return LabelRule{}, 0, err
		}
	}
	return LabelRule(rule), len(ids), nil
}

// UnpricedReceipts lists up to limit of the client's transactions, other than except, with an
// incoming transfer of asset that has no value (overrideAllMissingBasis of
// saveReceivePriceForTransactions).
func (e *Editor) UnpricedReceipts(asset uuid.UUID, except []uuid.UUID, limit int) ([]uuid.UUID, error) {
	rows, err := e.q.UnpricedReceipts(e.ctx, db.UnpricedReceiptsParams{ClientID: e.client, AssetID: asset, ExceptIds: except, MaxRows: int32(limit)})
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids, nil
}

// AssetByContract finds the client's asset with a contract address.
func (e *Editor) AssetByContract(contract string) (uuid.UUID, error) {
	id, err := e.q.AssetByContract(e.ctx, db.AssetByContractParams{ClientID: e.client, Contract: contract})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, apperr.InvalidField("contractAddress", "no asset of the client has contract %s", contract)
	}
	return id, err
}
