package recalc

// Transaction links (internal_transfer_pairs, made by ledger.Editor.Link) as the engine sees them.
// A link joins a "from" transaction (something leaves the client's accounts) and a "to" transaction
// (something arrives); the loader rewrites their transfers before the engine runs:
//
//   - INTERNAL_TRANSFER: each leaving leg is matched with the first unmatched arriving leg of the
//     same asset; BRIDGE: the k-th leaving leg with the k-th arriving leg, whatever the assets. A
//     matched pair becomes one move, in the from transaction, from the sending account to the
//     receiving one (a bridge: to the received asset, tax.Transfer.ToAsset) of min(sent, received)
//     units: lots keep basis and acquisition date, no disposal. Sent units that never arrive are a
//     crypto fee of the sending account (a disposal at their share of the sent value); received
//     units beyond the sent ones stay an acquisition (at their share of the received value).
//   - CROSS_CHAIN_SWAP: both legs stay where they are (a disposal at the from time, an acquisition
//     at the to time) as a swap: both are trades whatever their labels, and as in a swap inside one
//     transaction a side whose only leg without a value gets the other side's value.
//
// Links with a hidden or deleted side are ignored (the other side counts as it is). Recalculation
// from a checkpoint stays exact because a link change marks both sides dirty, and a dirty side of a
// link makes its partner's time count as dirty too (linkedDirtyFrom): the rewrite of one side reads
// the other.

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/tax"
)

type txLink struct {
	kind     string
	from, to tax.ID
}

// linkedDirtyFrom moves the earliest dirty instant back to the time of the partner of any dirty
// transaction that is linked.
func (s *snapshot) linkedDirtyFrom(ctx context.Context, tx pgx.Tx, from time.Time) (time.Time, error) {
	earliest, err := db.New(tx).LinkedDirtyFrom(ctx, s.clientID)
	if errors.Is(err, pgx.ErrNoRows) {
		return from, nil
	}
	if err != nil || !earliest.Before(from) {
		return from, err
	}
	return earliest, nil
}

var linkedTxQuery = strings.Replace(ledgerQuery, "WHERE t.client_id = $1", "WHERE t.client_id = $1 AND t.id = ANY($2)", 1)

// applyLinks rewrites the transfers of the linked transactions of the snapshot.
func (s *snapshot) applyLinks(ctx context.Context, tx pgx.Tx) error {
	pairs, err := db.New(tx).ListLiveTransferLinks(ctx, s.clientID)
	if err != nil {
		return err
	}
	var links []txLink
	var ids []uuid.UUID
	for _, p := range pairs {
		links = append(links, txLink{kind: p.LinkType, from: tax.ID(p.FromTransactionID), to: tax.ID(p.ToTransactionID)})
		ids = append(ids, p.FromTransactionID, p.ToTransactionID)
	}
	if len(links) == 0 {
		return nil
	}
	names, err := loadNames(ctx, tx, s.clientID)
	if err != nil {
		return err
	}
	part, err := readLedger(ctx, tx, linkedTxQuery, []any{s.clientID, ids}, len(ids), names)
	if err != nil {
		return err
	}
	transfers := make(map[tax.ID][]tax.Transfer, len(part.txs))
	for _, t := range part.txs {
		transfers[t.ID] = t.Transfers
	}
	rewritten := make(map[tax.ID][]tax.Transfer, len(ids))
	for _, l := range links {
		f, t := rewriteLink(l.kind, transfers[l.from], transfers[l.to])
		rewritten[l.from], rewritten[l.to] = f, t
		if l.kind == "CROSS_CHAIN_SWAP" { // a side without a value took the other side's
			s.recordFilled(transfers[l.from], f)
			s.recordFilled(transfers[l.to], t)
		}
	}
	for i := range s.input.Transactions {
		if trs, ok := rewritten[s.input.Transactions[i].ID]; ok {
			s.input.Transactions[i].Transfers = trs
		}
	}
	return nil
}

// recordFilled notes the values that a link's rewrite gave transfers which had none (the rewrite
// keeps a cross-chain swap's transfers in place, one for one), for their Transfer figures.
func (s *snapshot) recordFilled(before, after []tax.Transfer) {
	for i := range before {
		if i < len(after) && !before[i].HasFiatValue && after[i].HasFiatValue && after[i].ID == before[i].ID {
			if s.filled == nil {
				s.filled = map[tax.ID]tax.Dec{}
			}
			s.filled[before[i].ID] = after[i].FiatValue
		}
	}
}

func leaves(t *tax.Transfer) bool {
	return t.From != "" && t.To == "" && !t.IsFee && t.Label != tax.LabelFee && t.Label != tax.LabelSpam
}

func arrives(t *tax.Transfer) bool {
	return t.From == "" && t.To != "" && !t.IsFee && t.Label != tax.LabelFee && t.Label != tax.LabelSpam
}

// rewriteLink returns the transfers of the from and to transactions of a link as the engine is to
// see them (new slices: the loaded ones are not changed).
func rewriteLink(kind string, from, to []tax.Transfer) ([]tax.Transfer, []tax.Transfer) {
	if kind == "CROSS_CHAIN_SWAP" {
		return crossChainSwap(from, to)
	}
	outF := make([]tax.Transfer, 0, len(from)+1)
	matched := make([]bool, len(to))
	rest := make(map[int]tax.Transfer) // arriving legs with a surplus, by index in to
	next := 0                          // BRIDGE: the next arriving leg to pair
	for _, o := range from {
		if !leaves(&o) {
			outF = append(outF, o)
			continue
		}
		j := -1
		for k := range to {
			if kind == "BRIDGE" && k < next {
				continue
			}
			if !matched[k] && arrives(&to[k]) && (kind == "BRIDGE" || to[k].Asset == o.Asset) {
				j = k
				break
			}
		}
		if j < 0 {
			outF = append(outF, o)
			continue
		}
		matched[j], next = true, j+1
		in := to[j]
		moved := o.Quantity
		if in.Quantity.Cmp(moved) < 0 {
			moved = in.Quantity
		}
		mv := o
		mv.To, mv.Label, mv.StakingAccountIdentifier, mv.FeeFiat = in.To, tax.LabelInternal, "", tax.Dec{}
		mv.Quantity, mv.FiatValue = moved, share(o.FiatValue, moved, o.Quantity)
		if in.Asset != o.Asset {
			mv.ToAsset = in.Asset
		}
		outF = append(outF, mv)
		if lost, _ := o.Quantity.Sub(moved); lost.Sign() > 0 {
			// sent but never arrived: paid to the bridge or the network
			fee := o
			fee.IsFee, fee.Label, fee.StakingAccountIdentifier, fee.FeeFiat = true, tax.LabelFee, "", tax.Dec{}
			fee.Quantity = lost
			switch {
			case o.HasFiatValue:
				fee.FiatValue = share(o.FiatValue, lost, o.Quantity)
			case in.HasFiatValue: // priced at the received side's unit value
				fee.FiatValue, fee.HasFiatValue = share(in.FiatValue, lost, in.Quantity), true
			}
			outF = append(outF, fee)
		}
		if extra, _ := in.Quantity.Sub(moved); extra.Sign() > 0 {
			in.Quantity, in.FiatValue = extra, share(in.FiatValue, extra, to[j].Quantity)
			rest[j] = in
		}
	}
	outT := make([]tax.Transfer, 0, len(to))
	for k, t := range to {
		switch r, ok := rest[k]; {
		case ok:
			outT = append(outT, r)
		case !matched[k]:
			outT = append(outT, t)
		}
	}
	return outF, outT
}

// crossChainSwap keeps both sides as trades and values a side's only unpriced leg at the other
// side's value (less the side's priced legs), as a swap inside one transaction is valued.
func crossChainSwap(from, to []tax.Transfer) ([]tax.Transfer, []tax.Transfer) {
	from, to = append([]tax.Transfer(nil), from...), append([]tax.Transfer(nil), to...)
	var outSum, inSum tax.Dec
	outMissing, inMissing := -1, -1
	nOutMissing, nInMissing := 0, 0
	for i := range from {
		if t := &from[i]; leaves(t) {
			t.Label, t.StakingAccountIdentifier = tax.LabelTrade, ""
			if t.HasFiatValue {
				outSum, _ = outSum.Add(t.FiatValue)
			} else {
				outMissing, nOutMissing = i, nOutMissing+1
			}
		}
	}
	for i := range to {
		if t := &to[i]; arrives(t) {
			t.Label, t.StakingAccountIdentifier = tax.LabelTrade, ""
			if t.HasFiatValue {
				inSum, _ = inSum.Add(t.FiatValue)
			} else {
				inMissing, nInMissing = i, nInMissing+1
			}
		}
	}
	switch {
	case nInMissing == 1 && nOutMissing == 0:
		if v, err := outSum.Sub(inSum); err == nil && v.Sign() >= 0 {
			to[inMissing].FiatValue, to[inMissing].HasFiatValue = v, true
		}
	case nOutMissing == 1 && nInMissing == 0:
		if v, err := inSum.Sub(outSum); err == nil && v.Sign() >= 0 {
			from[outMissing].FiatValue, from[outMissing].HasFiatValue = v, true
		}
	}
	return from, to
}

// share is value * part / whole (value itself when part is the whole).
func share(value, part, whole tax.Dec) tax.Dec {
	if part.Cmp(whole) == 0 || whole.IsZero() {
		return value
	}
	v, err := tax.MulDiv(value, part, whole)
	if err != nil {
		return value
	}
	return v
}
