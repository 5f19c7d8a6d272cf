package recalc

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"taxd/gen/db"
	"taxd/internal/pgcopy"
	"taxd/internal/tax"
)

// The recalculation's hand-written SQL, all of it here; everything else it runs is in sqlc
// (sql/queries/recalc.sql). sqlc cannot express these: the ledger is read as binary-format
// streams decoded from the raw values (rawrow.go), for a full run as two scans on two connections
// sharing an imported snapshot and joined in Go (ledgerjoin.go); the results are written with
// COPY in binary format (copybin.go encodes the values), and the few year summaries and
// checkpoints in one batch of the engine's decimals at full scale.

// ledgerQuery lists every transfer the engine sees, in settlement order, with its transaction's own
// columns that the transaction's result row carries (txInfo). Hidden transactions and transfers,
// deleted transactions and spam assets are left out.
const ledgerQuery = `
SELECT t.id, t.occurred_at, tr.id, tr.asset_id, tr.quantity,
       tr.from_account_id, tr.to_account_id, tr.fiat_value, tr.basis_fiat_value, tr.fee_fiat,
       tr.label, tr.is_fee, coalesce(tr.staking_account_identifier, ''), tr.purchase_date_override,
       t.account_id, t.label, t.is_reviewed, t.is_failed, t.is_missing_basis_override
FROM transactions t
JOIN transfers tr ON tr.transaction_id = t.id
JOIN assets a ON a.id = tr.asset_id
WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT tr.is_hidden AND NOT a.is_spam
ORDER BY t.occurred_at, t.ordinal, t.id, tr.position`

const joinTransactionsQuery = `
SELECT id, occurred_at, ordinal, label, account_id, is_reviewed, is_failed, is_missing_basis_override FROM transactions
WHERE client_id = $1 AND deleted_at IS NULL AND NOT is_hidden`

// tailTransactionsQuery is joinTransactionsQuery from an instant on ($2), for an incremental run: a
// range of the client's order index.
const tailTransactionsQuery = joinTransactionsQuery + ` AND occurred_at >= $2`

// joinTransfersQuery has ledgerQuery's columns, with transaction_id and position first
// (decodeTransfer reads the rest).
const joinTransfersQuery = `
SELECT transaction_id, position, id, asset_id, quantity,
       from_account_id, to_account_id, fiat_value, basis_fiat_value, fee_fiat,
       label, is_fee, coalesce(staking_account_identifier, ''), purchase_date_override
FROM transfers WHERE client_id = $1 AND NOT is_hidden`

// tailTransfersQuery is joinTransfersQuery from an instant on ($2), for an incremental run: a
// transfer carries its transaction's time (trigger transfers_take_transaction_time), so the tail's
// transfers are one range per asset of transfers_asset_time_idx, the client's assets that are not
// spam, read with a bitmap scan (SetTailTransfersReadSettings). (Found per transaction through
// (transaction_id, position), one index probe per transaction: about 40-55 ms of Postgres CPU for
// 10,000 transactions.)
const tailTransfersQuery = joinTransfersQuery + ` AND occurred_at >= $2
  AND asset_id = ANY (ARRAY(SELECT a.id FROM assets a WHERE a.client_id = $1 AND NOT a.is_spam))`

// ledgerReads are the two scans a joined read runs: of the whole ledger, or of its tail from an
// instant on.
type ledgerReads struct {
	transactions, transfers string
	args                    []any
	// transfersSettings are the settings of the transaction that reads the transfers on a
	// connection of its own
	transfersSettings func(*db.Queries, context.Context) error
}

func wholeLedger(clientID uuid.UUID) ledgerReads {
	return ledgerReads{joinTransactionsQuery, joinTransfersQuery, []any{clientID}, (*db.Queries).SetLedgerReadSettings}
}

func ledgerFrom(clientID uuid.UUID, from time.Time) ledgerReads {
	return ledgerReads{tailTransactionsQuery, tailTransfersQuery, []any{clientID, from}, (*db.Queries).SetTailTransfersReadSettings}
}

// readLedgerJoined reads the ledger of the client (reads: all of it, or its tail) in settlement
// order, less the transfers of spam assets (spam), and counts its shown transactions per tax year
// (spamOnly: see joinLedger): the transactions on tx, the transfers on second, a transaction in tx's snapshot on
// another connection (nil: both on tx, one after the other). capacity sizes the slices (the
// previous results' transaction count; 0 when unknown).
func readLedgerJoined(ctx context.Context, tx, second pgx.Tx, reads ledgerReads, spam []uuid.UUID, spamOnly map[uuid.UUID]bool,
	capacity int, names interner, yearOf func(time.Time) int) (ledgerPart, error) {
	var transfers []tax.Transfer
	var keys []transferKey
	readTransfersOn := func(on pgx.Tx) (err error) {
		transfers, keys, err = readTransfers(ctx, on, reads, spam, capacity*3/2, names) // room to spare: one slab, no copy by doubling
		return err
	}
	done := make(chan error, 1)
	if second == nil {
		done <- readTransfersOn(tx)
	} else {
		go func() {
			if err := reads.transfersSettings(db.New(second), ctx); err != nil {
				done <- err
				return
			}
			done <- readTransfersOn(second)
		}()
	}
	txs, err := readTransactions(ctx, tx, reads, capacity)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return ledgerPart{}, err
	}
	return joinLedger(txs, transfers, keys, spamOnly, yearOf)
}

func readTransactions(ctx context.Context, tx pgx.Tx, reads ledgerReads, capacity int) ([]ledgerTx, error) {
	rows, err := tx.Query(ctx, reads.transactions, append([]any{pgx.QueryResultFormats{pgx.BinaryFormatCode}}, reads.args...)...)
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

func readTransfers(ctx context.Context, tx pgx.Tx, reads ledgerReads, spam []uuid.UUID, capacity int, names interner) ([]tax.Transfer, []transferKey, error) {
	rows, err := tx.Query(ctx, reads.transfers, append([]any{pgx.QueryResultFormats{pgx.BinaryFormatCode}}, reads.args...)...)
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

// readLedger reads the rows of query (ledgerQuery's columns, for a few transactions: pairs.go);
// capacity is how many transactions to make room for. It does not count years (joinLedger does).
func readLedger(ctx context.Context, tx pgx.Tx, query string, args []any, capacity int, names interner) (ledgerPart, error) {
	var part ledgerPart
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

// copyBinary streams rows into table with COPY in binary format. rows appends one row (starting
// with appendFields) to b and reports whether it did.
func copyBinary(ctx context.Context, tx pgx.Tx, table string, columns []string, rows func(b []byte) ([]byte, bool)) error {
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 1<<16)
		buf := make([]byte, 0, 512)
		buf = append(buf, pgcopy.Header...)
		for {
			var more bool
			buf, more = rows(buf)
			if !more {
				break
			}
			if _, err := bw.Write(buf); err != nil {
				pw.CloseWithError(err)
				return
			}
			buf = buf[:0]
		}
		buf = append(buf, pgcopy.Trailer...)
		if _, err := bw.Write(buf); err != nil {
			pw.CloseWithError(err)
			return
		}
		pw.CloseWithError(bw.Flush())
	}()
	_, err := tx.Conn().PgConn().CopyFrom(ctx, pr, "COPY "+table+" ("+strings.Join(columns, ", ")+") FROM STDIN (FORMAT binary)")
	_ = pr.CloseWithError(io.ErrClosedPipe) // unblock the writer if COPY failed early
	return err
}

// writeSummaries writes the year summaries and checkpoints of a run into result set rsID, in one
// round trip (the engine's decimals at their full scale, as pgtype.Numeric).
func writeSummaries(ctx context.Context, tx pgx.Tx, rsID uuid.UUID, snap *snapshot, res *tax.Result, cps []checkpointRow) error {
	batch := &pgx.Batch{}
	rules := snap.input.Settings.Rules()
	for _, y := range yearsToWrite(snap, res) {
		// each figure the rules have, NULL where they have none (tax.YearSummary)
		var gains, losses, denied, taxable, taxableIncome, discountGains, broughtForward, carriedForward, discount *pgtype.Numeric
		if rules.Matcher.Pooled() || rules.TaxableGain() {
			gains, losses = ptr(num(y.Gains)), ptr(num(y.Losses))
		}
		if rules.Matcher.Pooled() {
			denied = ptr(num(y.Denied))
		}
		if rules.TaxableGain() {
			taxable = ptr(num(y.TaxableGain))
		}
		if len(rules.IncomeThresholds) > 0 {
			taxableIncome = ptr(num(y.TaxableIncome))
		}
		if rules.DiscountPercent != 0 {
			discountGains, discount = ptr(num(y.LongGains)), ptr(num(y.Discount))
		}
		if rules.CarryLosses {
			broughtForward, carriedForward = ptr(num(y.LossesBroughtForward)), ptr(num(y.LossesCarriedForward))
		}
		// trigger ledger_fill_client_id gives this and the checkpoints their set's client_id (docs/database.md)
		batch.Queue(`INSERT INTO tax_year_summaries (result_set_id, tax_year, short_term_gain, long_term_gain, proceeds, basis, income, futures, disposal_count, transaction_count,
				gains, losses, denied_losses, taxable_gain, taxable_income, discount_gains, losses_brought_forward, losses_carried_forward, discount)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
			rsID, y.Year, num(y.ShortGain), num(y.LongGain), num(addDec(y.ShortProceeds, y.LongProceeds)), num(addDec(y.ShortBasis, y.LongBasis)),
			num(y.IncomeTotal), num(y.FuturesPnL), y.Disposals, snap.txPerYear[y.Year], gains, losses, denied,
			taxable, taxableIncome, discountGains, broughtForward, carriedForward, discount)
	}
	for _, c := range cps {
		batch.Queue(`INSERT INTO tax_checkpoints (result_set_id, at_time, disposal_seq, income_seq, year_transactions, state)
			VALUES ($1, $2, $3, $4, $5, $6)`, rsID, c.at, c.disposalSeq, c.incomeSeq, c.years, c.state)
	}
	return tx.SendBatch(ctx, batch).Close()
}

// yearsToWrite are the engine's years of a run and, with zero figures, the years that hold shown
// transactions but none the engine got a transfer of (every transfer hidden or gone: the list shows
// them, so the year has a count), each bringing forward what the year before it carried. A run
// resumed from a checkpoint writes the years from the checkpoint's on (the first of res.Years).
func yearsToWrite(snap *snapshot, res *tax.Result) []tax.YearSummary {
	years := res.Years
	var extra []int
	for y, n := range snap.txPerYear {
		if n == 0 || snap.base != nil && (len(years) == 0 || y < years[0].Year) {
			continue
		}
		if !slices.ContainsFunc(years, func(s tax.YearSummary) bool { return s.Year == y }) {
			extra = append(extra, y)
		}
	}
	if len(extra) == 0 {
		return years
	}
	out := slices.Clone(years)
	for _, y := range extra {
		var carried tax.Dec
		for _, s := range years {
			if s.Year < y {
				carried = s.LossesCarriedForward
			}
		}
		out = append(out, tax.YearSummary{Year: y, LossesBroughtForward: carried, LossesCarriedForward: carried})
	}
	slices.SortFunc(out, func(a, b tax.YearSummary) int { return cmp.Compare(a.Year, b.Year) })
	return out
}

// storedRows reads rows (a FROM clause over result rows x) as binary COPY rows of columns cols of
// x (the form the run's writers write them in), by the bytes of their field key; expect is about
// how many there are.
func storedRows(ctx context.Context, conn *pgconn.PgConn, cols []string, rows string, key, expect int) (map[string][]byte, error) {
	found := &copyRows{key: key, rows: make(map[string][]byte, expect)}
	if _, err := conn.CopyTo(ctx, found, fmt.Sprintf("COPY (SELECT x.%s FROM %s) TO STDOUT (FORMAT binary)",
		strings.Join(cols, ", x."), rows)); err != nil {
		return nil, err
	}
	if !found.ended {
		return nil, errors.New("stored rows: truncated")
	}
	return found.rows, nil
}

// copyRows takes the rows of a binary COPY stream as it arrives, by the bytes of their field key.
// The stream is kept in chunks that never move once a row in them is taken (a buffer that grows
// by doubling copied and cleared the stream again and again: at a million transactions most of
// the Go time of reading the stored tail), so each row stays where it arrived.
type copyRows struct {
	key    int
	rows   map[string][]byte
	chunk  []byte // the stream's latest part
	from   int    // where the bytes of chunk not yet taken start
	header bool   // the header was read
	ended  bool   // the trailer was read
}

// copyChunk is the size of copyRows' chunks: a few hundred rows.
const copyChunk = 1 << 17

func (c *copyRows) Write(p []byte) (int, error) {
	if c.ended {
		return 0, errors.New("stored rows: data after the trailer")
	}
	if len(c.chunk)+len(p) > cap(c.chunk) { // a new chunk, from the row not taken yet
		rest := c.chunk[c.from:]
		c.chunk = append(make([]byte, 0, max(copyChunk, 2*(len(rest)+len(p)))), rest...)
		c.from = 0
	}
	c.chunk = append(c.chunk, p...)
	b := c.chunk[c.from:]
	if !c.header {
		if len(b) < len(pgcopy.Header) {
			return len(p), nil
		}
		if !bytes.HasPrefix(b, pgcopy.Header) {
			return 0, errors.New("stored rows: not a binary COPY stream")
		}
		b, c.header = b[len(pgcopy.Header):], true
		c.from += len(pgcopy.Header)
	}
	for len(b) >= 2 {
		if int16(binary.BigEndian.Uint16(b)) < 0 {
			if len(b) > 2 {
				return 0, errors.New("stored rows: data after the trailer")
			}
			c.ended = true
			break
		}
		k, end, err := rowField(b, c.key)
		if errors.Is(err, errRowTruncated) {
			break // the rest of the row comes with the next part
		}
		if err != nil {
			return 0, err
		}
		c.rows[string(k)] = b[:end:end]
		b = b[end:]
		c.from += end
	}
	return len(p), nil
}

var errRowTruncated = errors.New("stored rows: truncated")

// rowField returns field k of the binary COPY row at the start of b and the row's length;
// errRowTruncated when b ends inside the row.
func rowField(b []byte, k int) ([]byte, int, error) {
	if len(b) < 2 {
		return nil, 0, errRowTruncated
	}
	n := int(int16(binary.BigEndian.Uint16(b)))
	if n < 0 {
		return nil, 0, errors.New("stored rows: a row of negative field count")
	}
	end := 2
	var field []byte
	for f := 0; f < n; f++ {
		if len(b) < end+4 {
			return nil, 0, errRowTruncated
		}
		size := int(int32(binary.BigEndian.Uint32(b[end:])))
		end += 4
		if size < 0 {
			continue
		}
		if len(b) < end+size {
			return nil, 0, errRowTruncated
		}
		if f == k {
			field = b[end : end+size]
		}
		end += size
	}
	return field, end, nil
}

// The stored rows an incremental run compares with its own (diffTail), as FROM clauses over rows x
// for storedRows, each row found by its key whatever the planner's statistics say about the set.
// The set is named through a one-row subquery (setValue), which the planner cannot look inside: it
// prices the set as the average one (rows / distinct sets) instead of by its value. Priced by its
// value, a set written since the table's last ANALYZE (a large client's full run) is absent from
// the statistics and looks empty, so that every index starting with the set looks as cheap as the
// primary key; the planner then took one that scans the whole set for each key (the tail's
// transaction results through tax_transaction_results_time_idx: 112 s instead of 40 ms at a
// million transactions). TestStoredRowLookupsUseKeysWhateverTheStatistics pins the keys.

// setValue names result set rs in a FROM clause's condition as the planner's unknown value.
func setValue(rs uuid.UUID) string { return fmt.Sprintf("(SELECT '%s'::uuid)", rs) }

func storedPiecesAfter(rs uuid.UUID, seq int) string {
	return fmt.Sprintf("tax_disposals x WHERE x.result_set_id = %s AND x.seq > %d", setValue(rs), seq)
}

func storedIncomeAfter(rs uuid.UUID, seq int) string {
	return fmt.Sprintf("tax_income x WHERE x.result_set_id = %s AND x.seq > %d", setValue(rs), seq)
}

func storedLots(rs uuid.UUID) string {
	return fmt.Sprintf("tax_lots x WHERE x.result_set_id = %s", setValue(rs))
}

func storedTransactionResultsFrom(rk resultKey, from time.Time) string {
	// the whole key: the planner knows each lookup finds one row (a plain index scan, not a bitmap
	// scan per transaction)
	return fmt.Sprintf("transactions t CROSS JOIN LATERAL (SELECT x.* FROM tax_transaction_results x WHERE x.result_set_id = %s AND x.transaction_id = t.id AND x.client_id = '%s' OFFSET 0) x "+
		"WHERE t.client_id = '%s' AND t.occurred_at >= '%s'", setValue(rk.set), rk.client, rk.client, from.UTC().Truncate(time.Microsecond).Format("2006-01-02T15:04:05.999999Z07:00"))
}
