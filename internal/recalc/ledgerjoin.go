package recalc

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"

	"taxd/internal/tax"
)

// A full run reads the ledger (an incremental one its tail) as two plain scans, the client's
// transactions and its transfers, on two connections at once (readLedgerJoined, bulksql.go), and
// joins and orders them here. Postgres then only filters and sends rows: the one query that joined
// and sorted every transfer in settlement order (ledgerQuery), even split in two halves by time,
// spent most of its CPU in the hash join and the sort, and each half scanned every transfer of
// the client. The result is the same as ledgerQuery's, row for row: transactions ordered by
// (occurred_at, ordinal, id), their transfers by position, each transfer labelled
// coalesce(tr.label, t.label, ''), hidden or deleted transactions, hidden transfers, spam assets
// and transactions left without transfers left out.
//
// The join also counts the transactions per tax year (the summaries' transaction count) as the
// transaction list shows them by default: every live transaction that is not hidden, not failed
// and does not move only spam (spam_only_transactions), whether or not the engine gets any of its
// transfers (one whose transfers a person hid, or a deleted account took, is still listed).

// ledgerTx is a transaction as read, before the join.
type ledgerTx struct {
	id      uuid.UUID
	micros  int64 // occurred_at as Postgres stores it
	ordinal int32
	label   []byte // nil: NULL
	info    txInfo // its result row's columns (fees and label are filled in by the join)
}

// transferKey is what the join needs of a transfer as read.
type transferKey struct {
	tx          uuid.UUID
	fees        tax.Dec // its share of its transaction's fees (addFees)
	position    int32
	ownLabel    bool // the transfer's label was not NULL (coalesce(tr.label, t.label, ''))
	feesInexact bool
}

// joinLedger orders the transactions, gives each its transfers (in position order, moved into
// place in the one slice they were read into), drops the transactions left without any and counts
// the shown ones per tax year (spamOnly: the client's transactions that move only spam).
func joinLedger(txs []ledgerTx, transfers []tax.Transfer, keys []transferKey, spamOnly map[uuid.UUID]bool, yearOf func(time.Time) int) (ledgerPart, error) {
	part := ledgerPart{years: map[int]int{}}
	slices.SortFunc(txs, func(a, b ledgerTx) int {
		if c := cmp.Compare(a.micros, b.micros); c != 0 {
			return c
		}
		if c := cmp.Compare(a.ordinal, b.ordinal); c != 0 {
			return c
		}
		return bytes.Compare(a.id[:], b.id[:]) // uuid order in Postgres is byte order
	})
	index := make(map[uuid.UUID]int32, len(txs))
	for i := range txs {
		index[txs[i].id] = int32(i)
	}
	// Each transfer's transaction (-1: a deleted or hidden one), then a counting sort by it.
	owner := make([]int32, len(keys))
	start := make([]int32, len(txs)+1)
	for i := range keys {
		o, ok := index[keys[i].tx]
		if !ok {
			o = -1
		} else {
			start[o+1]++
		}
		owner[i] = o
	}
	index = nil
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	kept := int(start[len(txs)])
	// dest[i]: where transfer i goes; the dropped ones go to the end, after the kept ones
	dest := make([]int32, len(keys))
	next := slices.Clone(start[:len(txs)])
	dropped := int32(kept)
	for i, o := range owner {
		if o < 0 {
			dest[i] = dropped
			dropped++
			continue
		}
		dest[i] = next[o]
		next[o]++
	}
	next, owner = nil, nil
	// Move every transfer (and its key) to its place, following the permutation's cycles.
	for i := range dest {
		for int(dest[i]) != i {
			j := dest[i]
			transfers[i], transfers[j] = transfers[j], transfers[i]
			keys[i], keys[j] = keys[j], keys[i]
			dest[i], dest[j] = dest[j], dest[i]
		}
	}
	transfers, keys = transfers[:kept:kept], keys[:kept]
	out := tax.MakeSlab[tax.Transaction](len(txs))
	info := tax.MakeSlab[txInfo](len(txs))
	labels := map[string]tax.Label{}
	labelText := map[string]*string{} // one string per distinct label
	for i := range txs {
		lo, hi := int(start[i]), int(start[i+1])
		shown := !txs[i].info.failed && !spamOnly[txs[i].id]
		if lo == hi {
			if shown {
				at := time.UnixMicro(txs[i].micros + pgEpochMicros)
				part.years[yearOf(at)]++
				part.shownAside = append(part.shownAside, at)
			}
			continue
		}
		ts, ks := transfers[lo:hi:hi], keys[lo:hi]
		for k := 1; k < len(ks); k++ {
			if ks[k].position < ks[k-1].position { // (read out of order: rare)
				sort.Sort(byPosition{ts, ks})
				break
			}
		}
		for k := range ts {
			if ks[k].ownLabel || len(txs[i].label) == 0 {
				continue
			}
			l, ok := labels[string(txs[i].label)]
			if !ok {
				var err error
				if l, err = tax.ParseLabel(string(txs[i].label)); err != nil {
					return part, fmt.Errorf("transfer %s: %w", uuid.UUID(ts[k].ID), err)
				}
				labels[string(txs[i].label)] = l
			}
			ts[k].Label = l
		}
		ti := txs[i].info
		if txs[i].label != nil {
			l, ok := labelText[string(txs[i].label)]
			if !ok {
				text := string(txs[i].label)
				l = &text
				labelText[text] = l
			}
			ti.label = l
		}
		for k := range ks {
			sum, err := ti.fees.Add(ks[k].fees)
			if err != nil || ks[k].feesInexact {
				part.feesInexact = true
			}
			if err == nil {
				ti.fees = sum
			}
		}
		at := time.UnixMicro(txs[i].micros + pgEpochMicros)
		out = append(out, tax.Transaction{ID: tax.ID(txs[i].id), Time: at, Transfers: ts})
		info = append(info, ti)
		if shown {
			part.years[yearOf(at)]++
		}
		part.transfers += len(ts)
	}
	part.txs, part.info = out, info
	return part, nil
}

// byPosition orders one transaction's transfers (and their keys) by position.
type byPosition struct {
	ts []tax.Transfer
	ks []transferKey
}

func (p byPosition) Len() int           { return len(p.ts) }
func (p byPosition) Less(i, j int) bool { return p.ks[i].position < p.ks[j].position }
func (p byPosition) Swap(i, j int) {
	p.ts[i], p.ts[j] = p.ts[j], p.ts[i]
	p.ks[i], p.ks[j] = p.ks[j], p.ks[i]
}
