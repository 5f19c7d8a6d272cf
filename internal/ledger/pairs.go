package ledger

// Links between two transactions of a client: an internal transfer, a bridge, a cross-chain swap
// (table internal_transfer_pairs). What the engine makes of them is internal/recalc/pairs.go.

import (
	"context"
	"crypto/md5"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// LinkType is how two transactions are linked (the SDL's TransactionLinkTypeEnum).
type LinkType string

// Link types.
const (
	// LinkInternalTransfer: the asset leaves one own account and arrives in another: a move, no disposal.
	LinkInternalTransfer LinkType = "INTERNAL_TRANSFER"
	// LinkBridge: the same economic asset leaves one chain and arrives on another: a move whose lots
	// become lots of the destination asset.
	LinkBridge LinkType = "BRIDGE"
	// LinkCrossChainSwap: one asset leaves, another arrives: a disposal plus an acquisition at the
	// same value.
	LinkCrossChainSwap LinkType = "CROSS_CHAIN_SWAP"
)

// linkAuditField is the audit-log field of each link type (entity "transaction", the from side;
// old and new values are the to side's id). Undo reverts them with revertLink.
var linkAuditField = map[LinkType]string{
	LinkInternalTransfer: "internalTransferTo",
	LinkBridge:           "bridgeTo",
	LinkCrossChainSwap:   "crossChainSwapTo",
}

// linkTypes and linkFields list linkAuditField's pairs, for set-wise SQL.
func linkTypes() []string {
	return []string{string(LinkInternalTransfer), string(LinkBridge), string(LinkCrossChainSwap)}
}

func linkFields() []string {
	out := make([]string, 0, len(linkAuditField))
	for _, t := range linkTypes() {
		out = append(out, linkAuditField[LinkType(t)])
	}
	return out
}

// LinkID is the id of the link from -> to: derived from the two ids (the migration computes the
// same for older rows), so a link removed and restored by an undo keeps its id.
func LinkID(from, to uuid.UUID) uuid.UUID {
	return uuid.UUID(md5.Sum([]byte(from.String() + "/" + to.String())))
}

// Link pairs the from transaction (something leaves the client's accounts) with the to
// transaction (something arrives) as kind. Each transaction takes part in at most one link.
func (e *Editor) Link(kind LinkType, from, to uuid.UUID) (Link, error) {
	return e.link(kind, from, to, true)
}

// link is Link; checkLegs false (an undo restoring a link) skips the check of the transfers, which
// later edits may have changed since the link was made.
func (e *Editor) link(kind LinkType, from, to uuid.UUID, checkLegs bool) (Link, error) {
	field, ok := linkAuditField[kind]
	if !ok {
		return Link{}, apperr.New(apperr.Invalid, "unknown link type %q", kind)
	}
	if from == to {
		return Link{}, apperr.InvalidField("toTransactionId", "must differ from fromTransactionId")
	}
	for _, side := range []struct {
		id       uuid.UUID
		arg      string
		outgoing bool
	}{{from, "fromTransactionId", true}, {to, "toTransactionId", false}} {
		if _, err := e.Transaction(side.id); err != nil {
			return Link{}, err
		}
		existing, err := e.q.GetTransactionLink(e.ctx, db.GetTransactionLinkParams{ClientID: e.client, TransactionID: side.id})
		switch {
		case err == nil:
			return Link{}, apperr.New(apperr.Conflict, "transaction %s is already linked (%s %s -> %s); remove that link first",
				side.id, existing.LinkType, existing.FromTransactionID, existing.ToTransactionID)
		case !errors.Is(err, pgx.ErrNoRows):
			return Link{}, err
		}
		if !checkLegs {
			continue
		}
		n, err := e.q.CountTransferSides(e.ctx, db.CountTransferSidesParams{ClientID: e.client, TransactionID: side.id})
		if err != nil {
			return Link{}, err
		}
		if side.outgoing && n.Outgoing == 0 {
			return Link{}, apperr.InvalidField(side.arg, "has no visible transfer leaving the client's accounts")
		}
		if !side.outgoing && n.Incoming == 0 {
			return Link{}, apperr.InvalidField(side.arg, "has no visible transfer arriving in the client's accounts")
		}
	}
	p, err := e.q.InsertTransactionLink(e.ctx, db.InsertTransactionLinkParams{ID: LinkID(from, to), ClientID: e.client,
		FromTransactionID: from, ToTransactionID: to, LinkType: string(kind)})
	if err != nil {
		return Link{}, store.Err(err, "transaction link")
	}
	if err := e.audit(&from, "transaction", from, "update", field, nil, to); err != nil {
		return Link{}, err
	}
	return Link(p), e.dirty(from, to)
}

// errLinked marks the refusal of checkUnlinked, which Undo reports as a CONFLICT (a later link
// depends on what the undo would change).
var errLinked = errors.New("the transaction is linked")

// checkUnlinked refuses (BAD_USER_INPUT naming field) an edit that would add, move, remove or
// re-point the transfers of a linked transaction: the link pairs its legs (recalc/pairs.go), so the
// legs are fixed while it lasts. Merging into or out of it, splitting it, deleting it, adding a
// transfer and changing a transfer's asset, accounts or hidden state are such edits; values,
// quantities, labels, notes, the time and the transaction's hidden state are not.
func (e *Editor) checkUnlinked(field string, ids ...uuid.UUID) error {
	for _, id := range ids {
		l, err := e.q.GetTransactionLink(e.ctx, db.GetTransactionLinkParams{ClientID: e.client, TransactionID: id})
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return err
		}
		refused := apperr.InvalidField(field, "transaction %s is linked (%s %s -> %s), which fixes its transfers; unmark it first (unmarkInternalTransfer)",
			id, l.LinkType, l.FromTransactionID, l.ToTransactionID)
		refused.Err = errLinked
		return refused
	}
	return nil
}

// Unlink removes the link of kind between from and to (NOT_FOUND when there is none).
func (e *Editor) Unlink(kind LinkType, from, to uuid.UUID) (Link, error) {
	field, ok := linkAuditField[kind]
	if !ok {
		return Link{}, apperr.New(apperr.Invalid, "unknown link type %q", kind)
	}
	p, err := e.q.DeleteTransactionLink(e.ctx, db.DeleteTransactionLinkParams{ClientID: e.client, FromTransactionID: from,
		ToTransactionID: to, LinkType: string(kind)})
	if errors.Is(err, pgx.ErrNoRows) {
		return Link{}, apperr.NotFoundf("these transactions are not linked (%s)", kind)
	}
	if err != nil {
		return Link{}, err
	}
	if err := e.audit(&from, "transaction", from, "update", field, to, nil); err != nil {
		return Link{}, err
	}
	return Link(p), e.dirty(from, to)
}

// isLinkAuditField says whether an audit entry records a link made or removed by Link/Unlink.
func isLinkAuditField(field string) bool {
	for _, f := range linkAuditField {
		if f == field {
			return true
		}
	}
	return false
}

// revertLink undoes a Link (removes the link) or an Unlink (restores it, with the same id).
func (e *Editor) revertLink(l db.AuditLog) error {
	var kind LinkType
	for k, f := range linkAuditField {
		if f == l.Field {
			kind = k
		}
	}
	var oldTo, newTo *uuid.UUID
	if err := json.Unmarshal(l.OldValue, &oldTo); err != nil {
		return err
	}
	if err := json.Unmarshal(l.NewValue, &newTo); err != nil {
		return err
	}
	var err error
	switch {
	case newTo != nil:
		_, err = e.Unlink(kind, l.EntityID, *newTo)
	case oldTo != nil:
		_, err = e.link(kind, l.EntityID, *oldTo, false)
	}
	return err
}

// LinkTransactions links two of the scope's client's transactions as kind (see Editor.Link), in
// one database transaction with its audit entry and dirty marks.
func (l *Ledger) LinkTransactions(ctx context.Context, scope auth.ClientScope, kind LinkType, from, to uuid.UUID) (Link, error) {
	var p Link
	err := l.Edit(ctx, scope, nil, nil, func(e *Editor) (err error) {
		p, err = e.Link(kind, from, to)
		return err
	})
	return p, err
}

// UnlinkTransactions removes the link between from and to, whatever its type (NOT_FOUND when they
// are not linked), and returns it.
func (l *Ledger) UnlinkTransactions(ctx context.Context, scope auth.ClientScope, from, to uuid.UUID) (Link, error) {
	var p Link
	err := l.Edit(ctx, scope, nil, nil, func(e *Editor) error {
		cur, err := e.q.GetTransactionLink(e.ctx, db.GetTransactionLinkParams{ClientID: e.client, TransactionID: from})
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && (cur.FromTransactionID != from || cur.ToTransactionID != to)) {
			return apperr.NotFoundf("these transactions are not linked")
		}
		if err != nil {
			return err
		}
		p, err = e.Unlink(LinkType(cur.LinkType), from, to)
		return err
	})
	return p, err
}
