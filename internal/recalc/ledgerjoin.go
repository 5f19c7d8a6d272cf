package recalc

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/tax"
)

// The ledger read's hand-written SQL is here: binary-format streams (decoded from the raw values,
// rawrow.go) and, for a full run, an imported snapshot on a second connection.
//
// A full run reads the ledger as two plain scans on two connections at once, the client's
// transactions on one and its transfers on the other, and joins and orders them here. Postgres
// then only filters and sends rows: the one query that joined and sorted every transfer in
// settlement order (ledgerQuery), even split in two halves by time, spent most of its CPU in the
// hash join and the sort, and each half scanned every transfer of the client. The result is the
// same as ledgerQuery's, row for row: transactions ordered by (occurred_at, ordinal, id), their
// transfers by position, each transfer labelled coalesce(tr.label, t.label, ''), hidden or deleted
// transactions, hidden transfers, spam assets and transactions left without transfers left out.

const joinTransactionsQuery = `
SELECT id, occurred_at, ordinal, label, account_id, is_reviewed, is_failed, is_missing_basis_override FROM transactions
WHERE client_id = $1 AND deleted_at IS NULL AND NOT is_hidden`

// joinTransfersQuery has ledgerQuery's columns, with transaction_id and position first
// (decodeTransfer reads the rest).
const joinTransfersQuery = `
SELECT transaction_id, position, id, asset_id, quantity,
       from_account_id, to_account_id, fiat_value, basis_fiat_value, fee_fiat,
       label, is_fee, coalesce(staking_account_identifier, ''), purchase_date_override
FROM transfers WHERE client_id = $1 AND NOT is_hidden`

// ledgerTx is a transaction as read, before the join.
type ledgerTx struct {
	id      uuid.UUID
	micros  int64 // occurred_at as Postgres stores it
	ordinal int32
	label   []byte // nil: NULL
	info    txInfo // its result row's columns (fees and label are filled in by the join)
}

// readLedgerJoined reads the whole ledger of the client in settlement order: the transactions on
// tx, the transfers on a second connection that joins tx's snapshot (snapID). capacity sizes the
// slices (the previous results' transaction count; 0 when unknown).
func readLedgerJoined(ctx context.Context, pool *pgxpool.Pool, tx pgx.Tx, snapID string, clientID uuid.UUID, spam []uuid.UUID,
	capacity int, names interner, yearOf func(time.Time) int) (ledgerPart, error) {
	var transfers []tax.Transfer
	var keys []transferKey
	done := make(chan error, 1)
	go func() {
		done <- pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx2 pgx.Tx) error {
			if _, err := tx2.Exec(ctx, `SET TRANSACTION SNAPSHOT '`+snapID+`'`); err != nil {
				return err
			}
			if err := db.New(tx2).SetLedgerReadSettings(ctx); err != nil {
				return err
			}
			var err error
			transfers, keys, err = readTransfers(ctx, tx2, clientID, spam, capacity*3/2, names) // room to spare: one slab, no copy by doubling
			return err
		})
	}()
	txs, err := readTransactions(ctx, tx, clientID, capacity)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return ledgerPart{}, err
	}
	return joinLedger(txs, transfers, keys, yearOf)
}

func readTransactions(ctx context.Context, tx pgx.Tx, clientID uuid.UUID, capacity int) ([]ledgerTx, error) {
	rows, err := tx.Query(ctx, joinTransactionsQuery, pgx.QueryResultFormats{pgx.BinaryFormatCode}, clientID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	txs := tax.MakeSlab[ledgerTx](capacity) // fresh memory in 2 MiB pages: see tax.MakeSlab
	for rows.Next() {
		v := rows.RawValues()
		id, err := rawUUID(v[0])
		if err != nil {
			return nil, fmt.Errorf("ledger transaction id: %w", err)
		}
		if _, err := rawTime(v[1]); err != nil { // refuses an infinite instant as the joined query did
			return nil, fmt.Errorf("ledger occurred_at: %w", err)
		}
		if len(v[2]) != 4 {
			return nil, fmt.Errorf("ledger ordinal of %d bytes", len(v[2]))
		}
		t := ledgerTx{id: id, micros: int64(binary.BigEndian.Uint64(v[1])), ordinal: int32(binary.BigEndian.Uint32(v[2]))}
		if v[3] != nil {
			t.label = bytes.Clone(v[3])
		}
		if v[4] != nil {
			if t.info.account, err = rawUUID(v[4]); err != nil {
				return nil, fmt.Errorf("ledger account: %w", err)
			}
			t.info.hasAccount = true
		}
		if t.info.reviewed, err = rawBool(v[5]); err != nil {
			return nil, fmt.Errorf("ledger is_reviewed: %w", err)
		}
		if t.info.failed, err = rawBool(v[6]); err != nil {
			return nil, fmt.Errorf("ledger is_failed: %w", err)
		}
		if t.info.missingBasis, err = decodeOverride(v[7]); err != nil {
			return nil, fmt.Errorf("ledger is_missing_basis_override: %w", err)
		}
		txs = append(txs, t)
	}
	return txs, rows.Err()
}

// transferKey is what the join needs of a transfer as read.
type transferKey struct {
	tx          uuid.UUID
	fees        tax.Dec // its share of its transaction's fees (addFees)
	position    int32
	ownLabel    bool // the transfer's label was not NULL (coalesce(tr.label, t.label, ''))
	feesInexact bool
}

func readTransfers(ctx context.Context, tx pgx.Tx, clientID uuid.UUID, spam []uuid.UUID, capacity int, names interner) ([]tax.Transfer, []transferKey, error) {
	rows, err := tx.Query(ctx, joinTransfersQuery, pgx.QueryResultFormats{pgx.BinaryFormatCode}, clientID)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	isSpam := make(map[uuid.UUID]bool, len(spam))
	for _, a := range spam {
		isSpam[a] = true
	}
	transfers := tax.MakeSlab[tax.Transfer](capacity)
	keys := tax.MakeSlab[transferKey](capacity)
	for rows.Next() {
		v := rows.RawValues()
		if len(v) != 14 {
			return nil, nil, fmt.Errorf("ledger row of %d columns", len(v))
		}
		txID, err := rawUUID(v[0])
		if err != nil {
			return nil, nil, fmt.Errorf("ledger transaction id: %w", err)
		}
		if len(v[1]) != 4 {
			return nil, nil, fmt.Errorf("ledger position of %d bytes", len(v[1]))
		}
		if len(isSpam) > 0 {
			if asset, err := rawUUID(v[3]); err == nil && isSpam[asset] {
				continue
			}
		}
		t, err := decodeTransfer(v, names, nil)
		if err != nil {
			return nil, nil, err
		}
		k := transferKey{tx: txID, position: int32(binary.BigEndian.Uint32(v[1])), ownLabel: v[10] != nil}
		k.feesInexact = !addFees(&k.fees, v, t.IsFee, t.ID)
		transfers = append(transfers, t)
		keys = append(keys, k)
	}
	return transfers, keys, rows.Err()
}

// joinLedger orders the transactions, gives each its transfers (in position order, moved into
// place in the one slice they were read into) and drops the transactions left without any.
func joinLedger(txs []ledgerTx, transfers []tax.Transfer, keys []transferKey, yearOf func(time.Time) int) (ledgerPart, error) {
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
		if lo == hi {
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
		part.years[yearOf(at)]++
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

// readLedger reads the rows of query; capacity is how many transactions to make room for.
func readLedger(ctx context.Context, tx pgx.Tx, query string, args []any, capacity int, names interner, yearOf func(time.Time) int) (ledgerPart, error) {
	part := ledgerPart{years: map[int]int{}}
	// every column in binary format, decoded from the raw values (rawrow.go)
	rows, err := tx.Query(ctx, query, append([]any{pgx.QueryResultFormats{pgx.BinaryFormatCode}}, args...)...)
	if err != nil {
		return part, err
	}
	defer rows.Close()
	txs := make([]tax.Transaction, 0, capacity)
	info := make([]txInfo, 0, capacity)
	labels := map[string]*string{} // one string per distinct label
	// Transfers live in chunks shared by consecutive transactions: one allocation per chunk, not
	// one per transaction. A transaction's transfers are contiguous in one chunk.
	chunk := make([]tax.Transfer, 0, transferChunk)
	start := 0
	var cur *tax.Transaction
	for rows.Next() {
		v := rows.RawValues()
		t, txID, at, err := decodeLedgerRow(v, names)
		if err != nil {
			return part, err
		}
		if cur == nil || cur.ID != txID {
			txs = append(txs, tax.Transaction{ID: txID, Time: at})
			cur = &txs[len(txs)-1]
			ti, err := decodeTxInfo(v, labels)
			if err != nil {
				return part, err
			}
			info = append(info, ti)
			part.years[yearOf(at)]++
			start = len(chunk)
		}
		if len(chunk) == cap(chunk) { // move the transaction's transfers so far to a new chunk
			next := make([]tax.Transfer, 0, max(transferChunk, 2*(len(chunk)-start)))
			chunk = append(next, chunk[start:]...)
			start = 0
		}
		chunk = append(chunk, t)
		cur.Transfers = chunk[start:len(chunk):len(chunk)]
		part.transfers++
		if exact := addFees(&info[len(info)-1].fees, v, t.IsFee, t.ID); !exact {
			part.feesInexact = true
		}
	}
	part.txs, part.info = txs, info
	return part, rows.Err()
}
