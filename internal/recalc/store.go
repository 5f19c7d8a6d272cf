package recalc

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/pgcopy"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/webhooks"
)

func num(d tax.Dec) pgtype.Numeric {
	return pgtype.Numeric{Int: d.BigInt(), Exp: -tax.Scale, Valid: true}
}

// storeResults writes res and switches the client to it; readers see the old results or the new
// ones, never a mix. A full run writes a new result set (see storeFull); an incremental one
// replaces, inside the current result set and in one transaction, what follows its base
// checkpoint. The transaction that switches also clears the dirty marks the snapshot saw and
// completes the job. A full run records its writers' steps in tm (backendCPU, when set, reads
// their backends' CPU time).
func storeResults(ctx context.Context, pool *pgxpool.Pool, job db.RecalcJob, snap *snapshot, res *tax.Result, cps []checkpointRow, before func(Phase),
	backendCPU func(pid uint32) (time.Duration, bool), tm *Timings) error {
	if snap.base == nil {
		return storeFull(ctx, pool, job, snap, res, cps, before, backendCPU, tm)
	}
	b := snap.base
	w := unchangedPrefix(snap, res)
	rr := runRowsOf(snap, res, w)
	return lockedTx(ctx, pool, snap.clientID, func(tx pgx.Tx) error {
		deleted, tail, err := replaceTail(ctx, tx, pool, snap, res, cps, w, rr, job.ID)
		if err != nil {
			return err
		}
		if err := tail.pieces.write(ctx, tx); err != nil {
			return err
		}
		if err := tail.lots.write(ctx, tx); err != nil {
			return err
		}
		if err := tail.income.write(ctx, tx); err != nil {
			return err
		}
		written, err := writeChangedResults(ctx, tx, resultKey{b.resultSet, snap.clientID}, snap, rr, tail.transactions)
		if err != nil {
			return err
		}
		// the rows replaced are the current set's: their transactions' fiat values follow them
		if refresh := append(deleted, written...); len(refresh) > 0 {
			if err := db.New(tx).RefreshTransactionFiatValues(ctx, refresh); err != nil {
				return err
			}
		}
		// keep as many checkpoints as a full run takes, the newest
		if err := db.New(tx).KeepNewestCheckpoints(ctx, db.KeepNewestCheckpointsParams{ResultSetID: b.resultSet, Keep: keptCheckpoints - 1}); err != nil {
			return err
		}
		return finishRun(ctx, tx, job, snap, nil, before)
	})
}

// storeFull writes a new result set on two connections at once, each in its own transaction, and
// then switches the client to it in a short third one (a large set's statistics first,
// analyzeNewSet). The first connection writes disposal pieces from the start; the second writes
// everything else (writeRest) and then joins it; both take the pieces in chunks from one cursor
// (pieceCursor), so they finish within a chunk of each other whatever the rows of each table cost,
// as long as the pieces are at least as much work as the rest. Until the switch the new set is an
// orphan that no reader looks at; a crash before it leaves the orphan to Cleanup.
func storeFull(ctx context.Context, pool *pgxpool.Pool, job db.RecalcJob, snap *snapshot, res *tax.Result, cps []checkpointRow, before func(Phase),
	backendCPU func(pid uint32) (time.Duration, bool), tm *Timings) error {
	rsID := uuid.Must(uuid.NewV7())
	if err := db.New(pool).InsertResultSet(ctx, db.InsertResultSetParams{ID: rsID, ClientID: snap.clientID, RecalcJobID: &job.ID,
		SettingsKey: &snap.settingsKey, TransactionColumns: snap.transactionColumns(), Jurisdiction: snap.input.Settings.Jurisdiction.String()}); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rk := resultKey{rsID, snap.clientID}
	pieces := newPieceCursor(res, rk, snap.input.Settings.Jurisdiction)
	errs := make(chan error, 2)
	write := func(w *WriterTimings, fn func(tx pgx.Tx) error) {
		start := time.Now()
		var pid uint32
		var cpu time.Duration
		measured := false
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if backendCPU != nil {
				pid = tx.Conn().PgConn().PID()
				cpu, measured = backendCPU(pid)
			}
			if err := lockResultSet(ctx, tx, rsID); err != nil {
				return err
			}
			return fn(tx)
		})
		w.Took = time.Since(start)
		if measured {
			if after, ok := backendCPU(pid); ok {
				w.BackendCPU = after - cpu
			}
		}
		if err != nil {
			cancel() // stop the other writer
		}
		errs <- err
	}
	go write(&tm.Writers[0], func(tx pgx.Tx) error { return pieces.copy(ctx, tx, &tm.Writers[0]) })
	go write(&tm.Writers[1], func(tx pgx.Tx) error {
		if err := writeRest(ctx, tx, rsID, snap, res, cps, runRowsOf(snap, res, writeFrom{}), &tm.Writers[1]); err != nil {
			return err
		}
		return pieces.copy(ctx, tx, &tm.Writers[1])
	})
	err := errors.Join(<-errs, <-errs)
	if err != nil {
		return err
	}
	start := time.Now()
	if len(snap.input.Transactions) >= analyzeFrom {
		analyzeNewSet(ctx, pool, snap.clientID)
		tm.Analyze = time.Since(start)
		start = time.Now()
	}
	err = lockedTx(ctx, pool, snap.clientID, func(tx pgx.Tx) error { return finishRun(ctx, tx, job, snap, &rsID, before) })
	tm.Switch = time.Since(start)
	return err
}

// piecesCut is how many chunks a full run's disposal pieces are cut into (chunks of at least
// minPieceChunk pieces): at a million transactions a chunk is about 9,000 pieces, 0.1-0.2 s of one
// writer's time, and its own COPY costs a round trip.
const (
	piecesCut     = 128
	minPieceChunk = 32
)

// pieceCursor hands a full run's disposal pieces to the writers in chunks of consecutive pieces,
// in order: each writer takes the next chunk once it has written its previous one, so the writer
// that has the least else to do writes the most pieces. A chunk's taxable pieces are numbered
// after those of the chunks before it, so the rows are those one COPY of all pieces would write.
type pieceCursor struct {
	res          *tax.Result
	rk           resultKey
	jurisdiction tax.Jurisdiction
	chunk        int // pieces a chunk holds (the last one fewer)
	mu           sync.Mutex
	next         int // index in res.Disposals of the next chunk's first piece
	seq          int // the taxable pieces before it
}

func newPieceCursor(res *tax.Result, rk resultKey, j tax.Jurisdiction) *pieceCursor {
	return &pieceCursor{res: res, rk: rk, jurisdiction: j, chunk: max((len(res.Disposals)+piecesCut-1)/piecesCut, minPieceChunk)}
}

// take returns the next chunk, res.Disposals[from:to], whose taxable pieces follow seq and number
// n; ok is false when every chunk has been taken.
func (c *pieceCursor) take() (from, to, seq, n int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.next == len(c.res.Disposals) {
		return 0, 0, 0, 0, false
	}
	from, seq = c.next, c.seq
	to = min(from+c.chunk, len(c.res.Disposals))
	for _, d := range c.res.Disposals[from:to] {
		if d.Kind.Taxable() {
			n++
		}
	}
	c.next, c.seq = to, seq+n
	return from, to, seq, n, true
}

// copy writes chunks in tx until none is left, each with a COPY of its own (w records them as one
// step).
func (c *pieceCursor) copy(ctx context.Context, tx pgx.Tx, w *WriterTimings) error {
	step := StoreStep{Name: "tax_disposals"}
	defer func() {
		if step.Chunks > 0 {
			w.Steps = append(w.Steps, step)
		}
	}()
	for {
		from, to, seq, n, ok := c.take()
		if !ok {
			return nil
		}
		start := time.Now()
		if err := copyDisposals(ctx, tx, c.rk, c.res, from, to, seq, c.jurisdiction); err != nil {
			return err
		}
		step.Chunks++
		step.Rows += n
		step.Took += time.Since(start)
	}
}

// lockedTx runs fn in a transaction that holds the client's results lock: new results commit
// only while no report of the client is being rendered (reports hold the lock shared, see
// reports.consistently). While a report holds it the transaction is rolled back and tried again
// shortly, so that the run never waits holding a connection that the report may need.
func lockedTx(ctx context.Context, pool *pgxpool.Pool, client uuid.UUID, fn func(tx pgx.Tx) error) error {
	for {
		locked := false
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var err error
			if locked, err = db.New(tx).TryLockResults(ctx, client); err != nil || !locked {
				return err
			}
			return fn(tx)
		})
		if err != nil || locked {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// writeFrom says which results of a run are written: all of them for a full run (the zero
// value); for an incremental one, those after the prefix that is unchanged (unchangedPrefix).
type writeFrom struct {
	disposal    int // index in Result.Disposals of the first piece written
	disposalSeq int // tax_disposals.seq of the last piece kept
	income      int // index in Result.Income of the first income written
	incomeSeq   int // tax_income.seq of the last income kept
	tx          int // index in the input of the first transaction whose results are written
	txTime      time.Time
}

// unchangedPrefix finds what an incremental run computed again without change. The run resumes
// from a checkpoint before the earliest dirty instant, and the ledger before that instant is the
// one the current results came from; the engine is deterministic and reads the ledger in order,
// so the pieces and income of the transactions before it are the stored ones, row for row. Only
// what follows is replaced. (It stops at the first piece of a later transaction, and the
// per-transaction results are replaced from the earliest transaction with anything written.)
func unchangedPrefix(snap *snapshot, res *tax.Result) writeFrom {
	b := snap.base
	txs := snap.input.Transactions
	// Under GB and CA an edit also changes the disposals of the window before it (Lookahead), and
	// the run first settles the disposals that waited at the checkpoint: those of transactions
	// before it (not in the snapshot), unchanged since the checkpoint is a window before the edit.
	ahead := snap.input.Settings.Lookahead()
	from := b.dirtyFrom.Add(-ahead)
	w := writeFrom{disposalSeq: b.disposalSeq, incomeSeq: b.incomeSeq, txTime: from}
	k := sort.Search(len(txs), func(i int) bool { return !txs[i].Time.Before(from) })
	find := transactionFinder{txs: txs}
	for ; w.disposal < len(res.Disposals); w.disposal++ {
		if i := find.of(res.Disposals[w.disposal].TransferID); (i < 0 && ahead == 0) || int(i) >= k {
			break
		}
		if res.Disposals[w.disposal].Kind.Taxable() {
			w.disposalSeq++
		}
	}
	find.hint = 0
	for ; w.income < len(res.Income); w.income++ {
		if i := find.of(res.Income[w.income].TransferID); i < 0 || int(i) >= k {
			break
		}
		w.incomeSeq++
	}
	// Any transaction before the dirty instant with a piece or income written after the prefix
	// (an engine that reported out of order) gets its per-transaction result written again.
	earliest := func(transfer tax.ID) {
		if i := find.of(transfer); i >= 0 && txs[i].Time.Before(w.txTime) {
			w.txTime = txs[i].Time
		}
	}
	for _, d := range res.Disposals[w.disposal:] {
		earliest(d.TransferID)
	}
	for _, x := range res.Income[w.income:] {
		earliest(x.TransferID)
	}
	w.tx = sort.Search(len(txs), func(i int) bool { return !txs[i].Time.Before(w.txTime) })
	return w
}

// changedRows are the rows of a table an incremental run writes (binary COPY rows of columns
// cols), the keys (field key's bytes) of the stored rows it replaces or drops, and of those it keeps.
type changedRows struct {
	table string
	cols  []string
	rows  []byte
	gone  []string
	kept  map[string]bool
}

func (c changedRows) write(ctx context.Context, tx pgx.Tx) error {
	if len(c.rows) == 0 {
		return nil
	}
	sent := false
	return copyBinary(ctx, tx, c.table, c.cols, func(b []byte) ([]byte, bool) {
		if sent {
			return b, false
		}
		sent = true
		return append(b, c.rows...), true
	})
}

// diffRows compares the rows a resumed run computed (rows, copyBinary's generator) with the stored
// ones (stored, a FROM clause over rows x of table), row by row in their binary COPY form, matched
// by field key. Equal bytes are equal rows, which stay; the run writes the others and deletes the
// stored rows it does not keep (those that differ and those it no longer has). An edit in the last
// 1% of a ledger changes few of the rows after it (the pieces, per-transaction results and open
// lots of the edited asset whose figures it moved), and each row written costs the upkeep of its
// table's indexes (about 3 us an index for a piece at 200,000 transactions). expect is about how
// many rows are stored (the run's own count).
func diffRows(ctx context.Context, conn *pgconn.PgConn, table string, cols []string, rows func(b []byte) ([]byte, bool), stored string, key, expect int) (changedRows, error) {
	old, err := storedRows(ctx, conn, cols, stored, key, expect)
	if err != nil {
		return changedRows{}, err
	}
	kept := make(map[string]bool, expect)
	var b []byte
	for more := true; ; {
		start := len(b)
		if b, more = rows(b); !more {
			break
		}
		k, _, err := rowField(b[start:], key)
		if err != nil {
			return changedRows{}, err
		}
		if row, ok := old[string(k)]; ok && bytes.Equal(row, b[start:]) {
			delete(old, string(k))
			kept[string(k)] = true
			b = b[:start]
		}
	}
	gone := make([]string, 0, len(old))
	for k := range old {
		gone = append(gone, k)
	}
	slices.Sort(gone)
	return changedRows{table, cols, b, gone, kept}, nil
}

// runRows are a run's per-transaction results from its first transaction written on
// (transactionResults) and the owners of its pieces and income.
type runRows struct {
	own  owners
	rows []txResult
	figs rowFigures
}

func runRowsOf(snap *snapshot, res *tax.Result, w writeFrom) runRows {
	disposalSeq, incomeSeq := 0, 0
	if snap.base != nil {
		disposalSeq, incomeSeq = snap.base.disposalSeq, snap.base.incomeSeq
	}
	find := &transactionFinder{txs: snap.input.Transactions}
	own := ownersOf(res, find)
	rows, figs := transactionResults(&snap.input, res, own, find, w.tx, disposalSeq, incomeSeq, snap.rowInfo(), snap.filled)
	return runRows{own, rows, figs}
}

// changedTail is what an incremental run writes of its pieces, lots and per-transaction results
// (diffRows).
type changedTail struct{ pieces, income, lots, transactions changedRows }

// tailKeys are the stored rows an incremental run deletes among those it compared.
type tailKeys struct {
	seqs         []int32
	income       []int32
	lots         []string
	transactions []uuid.UUID
}

// diffTail compares the run's pieces and income after its unchanged prefix (by seq, field 2 after
// the result key), its lots (by lot id) and its per-transaction results from its first transaction written
// on (by transaction id) with the stored ones: the results of the client's transactions from that
// transaction's time on, deleted and hidden ones included. The per-transaction results, income and
// lots are read and compared on a second connection in tx's snapshot (store.WithSharedSnapshot)
// while tx runs alongside (writes that touch none of these rows) and then reads the pieces (at a
// million transactions the two take about as long: the results' read about 30-50 ms of Postgres
// CPU, the pieces' 20-40, the lots' 5-10 and the income's 4, alongside's 15-25); tx has written
// none of the compared rows and holds the client's lock, under which alone the rows of its current
// set change, so both read the rows tx would.
func diffTail(ctx context.Context, tx pgx.Tx, pool *pgxpool.Pool, rk resultKey, snap *snapshot, res *tax.Result, w writeFrom, rr runRows,
	alongside func() error) (changedTail, tailKeys, error) {
	var keys tailKeys
	var pieces, income, lots, transactions changedRows
	diffOthers := func(conn *pgconn.PgConn) (err error) {
		cols, rows := transactionResultRows(rk, rr.rows, rr.figs, snap.input.Transactions, snap.rowInfo())
		if transactions, err = diffRows(ctx, conn, "tax_transaction_results", cols, rows, storedTransactionResultsFrom(rk, w.txTime), 2, len(rr.rows)); err != nil {
			return err
		}
		cols, rows = incomeRows(rk, res, w.income, w.incomeSeq)
		if income, err = diffRows(ctx, conn, "tax_income", cols, rows, storedIncomeAfter(rk.set, w.incomeSeq), 2, len(res.Income)-w.income); err != nil {
			return err
		}
		cols, rows = lotRows(rk, res)
		lots, err = diffRows(ctx, conn, "tax_lots", cols, rows, storedLots(rk.set), 2, len(res.Lots))
		return err
	}
	err := store.WithSharedSnapshot(ctx, pool, tx, func(second pgx.Tx) error {
		other := make(chan error, 1)
		if second == nil {
			other <- diffOthers(tx.Conn().PgConn()) // before alongside's writes
		} else {
			go func() {
				if err := db.New(second).SetTailWriteSettings(ctx); err != nil {
					other <- err
					return
				}
				other <- diffOthers(second.Conn().PgConn())
			}()
		}
		err := func() (err error) {
			if err := alongside(); err != nil {
				return err
			}
			cols, rows := disposalRows(rk, res, w.disposal, len(res.Disposals), w.disposalSeq, snap.input.Settings.Jurisdiction)
			pieces, err = diffRows(ctx, tx.Conn().PgConn(), "tax_disposals", cols, rows, storedPiecesAfter(rk.set, w.disposalSeq), 2, len(res.Disposals)-w.disposal)
			return err
		}()
		return errors.Join(err, <-other)
	})
	if err != nil {
		return changedTail{}, keys, err
	}
	for _, k := range pieces.gone {
		keys.seqs = append(keys.seqs, int32(binary.BigEndian.Uint32([]byte(k))))
	}
	for _, k := range income.gone {
		keys.income = append(keys.income, int32(binary.BigEndian.Uint32([]byte(k))))
	}
	keys.lots = lots.gone
	for _, k := range transactions.gone {
		keys.transactions = append(keys.transactions, uuid.UUID([]byte(k)))
	}
	return changedTail{pieces, income, lots, transactions}, keys, nil
}

// writeRest writes a full run's lots, non-taxable removals, income, month figures,
// per-transaction results, totals, year summaries and checkpoints, recording each step in w.
func writeRest(ctx context.Context, tx pgx.Tx, rsID uuid.UUID, snap *snapshot, res *tax.Result, cps []checkpointRow, rr runRows, w *WriterTimings) error {
	rk := resultKey{rsID, snap.clientID}
	steps := []struct {
		name  string
		rows  int // the rows of a COPY; zero for figures written by statements
		write func() error
	}{
		{"tax_lots", len(res.Lots), func() error { return copyLots(ctx, tx, rk, res) }},
		{"tax_removals", len(res.Disposals) - taxablePieces(res), func() error { return copyRemovals(ctx, tx, rk, res) }},
		{"tax_income", len(res.Income), func() error { return copyIncome(ctx, tx, rk, res, 0, 0) }},
		{"month figures", 0, func() error { return writeMonths(ctx, tx, rk, snap, res, rr.own) }},
		{"tax_transaction_results", len(rr.rows), func() error {
			return copyTransactionResults(ctx, tx, rk, rr.rows, rr.figs, snap.input.Transactions, snap.rowInfo())
		}},
		{"totals", 0, func() error {
			totals, err := totalsOf(rr.rows, snap.rowInfo())
			if err != nil {
				return err
			}
			return totals.write(ctx, db.New(tx), rk)
		}},
		{"year summaries and checkpoints", 0, func() error { return writeSummaries(ctx, tx, rsID, snap, res, cps) }},
	}
	for _, s := range steps {
		start := time.Now()
		if err := s.write(); err != nil {
			return err
		}
		w.Steps = append(w.Steps, StoreStep{Name: s.name, Chunks: 1, Rows: s.rows, Took: time.Since(start)})
	}
	return nil
}

// taxablePieces counts the taxable pieces among res.Disposals (the rows of tax_disposals).
func taxablePieces(res *tax.Result) int {
	n := 0
	for i := range res.Disposals {
		if res.Disposals[i].Kind.Taxable() {
			n++
		}
	}
	return n
}

// writeMonths writes a run's month figures: a full run's all, a resumed run's from its
// checkpoint's month on (that month's figures before the checkpoint, monthToDate, and its own
// from the checkpoint on).
func writeMonths(ctx context.Context, tx pgx.Tx, rk resultKey, snap *snapshot, res *tax.Result, own owners) error {
	var monthsFrom time.Time
	if snap.base != nil {
		monthsFrom = snap.base.cp.At
	}
	months, err := computeMonthFigures(res, own, monthsFrom)
	if err != nil {
		return err
	}
	if snap.base != nil {
		if err := months.merge(snap.base.monthToDate.figures()); err != nil {
			return err
		}
	}
	return months.write(ctx, db.New(tx), rk)
}

// rewriteTailFigures writes what a run resumed from a checkpoint writes again whole, whatever it
// compares: the removals, month figures, year summaries and checkpoints after the checkpoint
// (DeleteTailFigures deletes the stored ones first).
func rewriteTailFigures(ctx context.Context, tx pgx.Tx, snap *snapshot, res *tax.Result, cps []checkpointRow, rr runRows, jobID uuid.UUID) error {
	b := snap.base
	rk := resultKey{b.resultSet, snap.clientID}
	firstYear := int32(0)
	if len(res.Years) > 0 {
		firstYear = int32(res.Years[0].Year)
	}
	// the run's result holds every removal from the checkpoint on (copyRemovals writes them again)
	// (under GB and CA the resumed run also settles the removals that waited at the checkpoint)
	removedFrom := b.cp.At
	for i := range res.Disposals {
		if d := &res.Disposals[i]; !d.Kind.Taxable() && d.DisposedAt.Time().Before(removedFrom) {
			removedFrom = d.DisposedAt.Time()
		}
	}
	if err := db.New(tx).DeleteTailFigures(ctx, db.DeleteTailFiguresParams{ResultSetID: b.resultSet, RemovedFrom: removedFrom, FirstYear: firstYear,
		MonthFrom: monthStart(monthOf(b.cp.At.UTC())), CheckpointAt: b.cp.At, RecalcJobID: jobID, ColumnsInexact: snap.transactionColumns() != "exact"}); err != nil {
		return err
	}
	if err := copyRemovals(ctx, tx, rk, res); err != nil {
		return err
	}
	if err := writeMonths(ctx, tx, rk, snap, res, rr.own); err != nil {
		return err
	}
	return writeSummaries(ctx, tx, b.resultSet, snap, res, cps)
}

// writeChangedResults writes the per-transaction results of a resumed run that differ from the
// stored ones (diffTail) and adds them to the set's totals (DeleteChangedRows took out the ones
// it deleted). It returns the transactions whose result rows it wrote with transfer figures.
func writeChangedResults(ctx context.Context, tx pgx.Tx, rk resultKey, snap *snapshot, rr runRows, changed changedRows) ([]uuid.UUID, error) {
	if err := changed.write(ctx, tx); err != nil {
		return nil, err
	}
	var rows []txResult
	var figured []uuid.UUID
	for k := range rr.rows {
		if r := &rr.rows[k]; !changed.kept[string(r.tx[:])] {
			rows = append(rows, *r)
			if len(rr.figs[int32(k)]) > 0 {
				figured = append(figured, uuid.UUID(r.tx))
			}
		}
	}
	totals, err := totalsOf(rows, snap.rowInfo())
	if err != nil {
		return nil, err
	}
	return figured, totals.write(ctx, db.New(tx), rk)
}

// rowInfo is the transactions' own columns for their result rows, beside the input (nil when the
// snapshot was not read by readLedger, as in tests that build an input by hand).
func (s *snapshot) rowInfo() []txInfo {
	if len(s.info) != len(s.input.Transactions) {
		return nil
	}
	return s.info
}

// transactionColumns says how the rows this run writes carry their transactions' columns
// (tax_result_sets.transaction_columns): "exact" as the ledger holds them; "inexact" when the run
// left spam transfers out (their fees are missing) or a fee did not fit tax.Dec exactly.
func (s *snapshot) transactionColumns() string {
	switch {
	case s.rowInfo() == nil:
		return "none"
	case s.hasSpam || s.feesInexact:
		return "inexact"
	}
	return "exact"
}

// errResultSetGone: the result set a run writes into was deleted (by another run's Cleanup); the
// job is retried.
var errResultSetGone = errors.New("the result set being written was deleted")

// lockResultSet takes the lock a foreign-key check would take, once per writing transaction: the
// result tables have no foreign key (migration 00018), and this keeps the set from being deleted
// until the rows written in tx are committed (the delete then removes them too).
func lockResultSet(ctx context.Context, tx pgx.Tx, rs uuid.UUID) error {
	_, err := db.New(tx).LockResultSet(ctx, rs)
	if errors.Is(err, pgx.ErrNoRows) {
		return errResultSetGone
	}
	return err
}

// finishRun switches the client to result set rs (nil: the results were replaced in place), clears
// the dirty marks and settings mark the snapshot saw and completes the job.
func finishRun(ctx context.Context, tx pgx.Tx, job db.RecalcJob, snap *snapshot, rs *uuid.UUID, before func(Phase)) error {
	q := db.New(tx)
	if before != nil {
		before("switch")
	}
	if rs != nil {
		if err := q.SwitchResultSet(ctx, db.SwitchResultSetParams{ResultSetID: *rs, ClientID: snap.clientID}); err != nil {
			return err
		}
	}
	if _, err := q.ClearDirty(ctx, db.ClearDirtyParams{ClientID: snap.clientID, Lows: snap.dirtyLows, Highs: snap.dirtyHighs}); err != nil {
		return err
	}
	if snap.settingsSeq != nil {
		if err := q.ClearSettingsDirty(ctx, db.ClearSettingsDirtyParams{ID: snap.clientID, SettingsDirtySeq: snap.settingsSeq}); err != nil {
			return err
		}
	}
	if err := q.CompleteRecalcJob(ctx, job.ID); err != nil {
		return err
	}
	return webhooks.RecalculationSettled(ctx, tx, snap.clientID, job.ID)
}

// errResultsMoved: the result set an incremental run resumed from is no longer current (another
// run switched the client meanwhile); the job is retried.
var errResultsMoved = errors.New("the client's results changed during the run")

// replaceTail deletes, from the current result set, everything a run resumed from snap.base
// rewrites, and writes the figures it writes again whole (rewriteTailFigures) while the stored
// pieces, income, lots and per-transaction results are read (diffTail); of those it deletes the
// ones that differ from the run's and returns the rows the run writes. It returns the
// transactions whose deleted result rows had transfer figures. It first locks the client row, so
// that a concurrent full run's switch waits or has happened.
func replaceTail(ctx context.Context, tx pgx.Tx, pool *pgxpool.Pool, snap *snapshot, res *tax.Result, cps []checkpointRow, w writeFrom, rr runRows,
	jobID uuid.UUID) ([]uuid.UUID, changedTail, error) {
	b := snap.base
	current, err := db.New(tx).LockClientCurrentResultSet(ctx, snap.clientID)
	if err != nil {
		return nil, changedTail{}, err
	}
	if current == nil || *current != b.resultSet {
		return nil, changedTail{}, errResultsMoved
	}
	if err := lockResultSet(ctx, tx, b.resultSet); err != nil {
		return nil, changedTail{}, err
	}
	q := db.New(tx)
	if err := q.SetTailWriteSettings(ctx); err != nil {
		return nil, changedTail{}, err
	}
	tail, keys, err := diffTail(ctx, tx, pool, resultKey{b.resultSet, snap.clientID}, snap, res, w, rr,
		func() error { return rewriteTailFigures(ctx, tx, snap, res, cps, rr, jobID) })
	if err != nil {
		return nil, changedTail{}, err
	}
	figured, err := q.DeleteChangedRows(ctx, db.DeleteChangedRowsParams{ResultSetID: b.resultSet,
		DisposalSeqs: keys.seqs, IncomeSeqs: keys.income, LotIds: keys.lots, TransactionIds: keys.transactions})
	return figured, tail, err
}

// Cleanup drops the client's result sets that are no longer current. It runs after the switch
// (readers already see the new results), so it keeps the switch transaction short; a crash before
// it leaves an orphan set that the next run removes.
func Cleanup(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID) error {
	return db.New(pool).DeleteStaleResultSets(ctx, clientID)
}

func addDec(a, b tax.Dec) tax.Dec {
	s, err := a.Add(b)
	if err != nil {
		return a // cannot happen for sums the engine already formed
	}
	return s
}

func copyLots(ctx context.Context, tx pgx.Tx, rk resultKey, res *tax.Result) error {
	cols, rows := lotRows(rk, res)
	return copyBinary(ctx, tx, "tax_lots", cols, rows)
}

// lotRows returns the columns of tax_lots a run writes and a generator of the binary COPY rows of
// its lots (copyBinary's rows).
func lotRows(rk resultKey, res *tax.Result) ([]string, func(b []byte) ([]byte, bool)) {
	i := 0
	return append(resultKeyColumns[:2:2], "lot_id", "account_key", "asset_key", "quantity", "basis", "acquired_at", "missing_basis", "source_transfer_id"),
		func(b []byte) ([]byte, bool) {
			if i == len(res.Lots) {
				return b, false
			}
			l := &res.Lots[i]
			i++
			b = pgcopy.Fields(b, 10)
			b = binResultKey(b, rk)
			b = binUintText(b, uint64(l.ID))
			b = pgcopy.Text(b, res.Accounts[l.Account])
			b = pgcopy.Text(b, res.Assets[l.Asset])
			b = binNumeric(b, l.Quantity)
			b = binNumeric(b, l.Basis)
			b = binTimestamptz(b, l.AcquiredAt)
			b = pgcopy.Bool(b, l.MissingBasis)
			b = binTransferID(b, l.SourceTransfer)
			return b, true
		}
}

// copyDisposals writes the taxable pieces [from, to) of res, their seqs following seq. Under GB and CA
// each row also carries its match and any superficial loss denied, and a GB same-day or 30-day
// piece the acquisition it was matched with.
func copyDisposals(ctx context.Context, tx pgx.Tx, rk resultKey, res *tax.Result, from, to, seq int, j tax.Jurisdiction) error {
	cols, rows := disposalRows(rk, res, from, to, seq, j)
	return copyBinary(ctx, tx, "tax_disposals", cols, rows)
}

// disposalRows returns the columns of tax_disposals a run writes and a generator of the binary
// COPY rows of the taxable pieces res.Disposals[from:to], numbered from seq+1 (copyBinary's rows).
func disposalRows(rk resultKey, res *tax.Result, from, to, seq int, j tax.Jurisdiction) ([]string, func(b []byte) ([]byte, bool)) {
	i := from
	cols := append(resultKeyColumns[:2:2], "seq", "transfer_id", "lot_id", "account_key", "asset_key", "quantity", "proceeds", "basis", "gain",
		"acquired_at", "disposed_at", "tax_year", "term", "form_box", "uncovered", "missing_basis", "lot_transfer_id")
	nf := 19
	if j.Rules().Matcher.Pooled() {
		cols, nf = append(cols, "match", "denied_loss"), 21
	}
	adj := res.Adjustments
	for len(adj) > 0 && adj[0].Piece < from {
		adj = adj[1:]
	}
	return cols, func(b []byte) ([]byte, bool) {
		for i < to && !res.Disposals[i].Kind.Taxable() {
			i++ // gifts, donations, losses and transfers out are not capital-gain events
		}
		if i == to {
			return b, false
		}
		d := &res.Disposals[i]
		var denied tax.Dec
		for len(adj) > 0 && adj[0].Piece <= i {
			if adj[0].Piece == i {
				denied = adj[0].Denied
			}
			adj = adj[1:]
		}
		i++
		seq++
		matched := d.LotID != 0 || (j.Rules().Matcher == tax.MatcherSection104 && !d.Uncovered && d.AcquiredAt != 0)
		b = pgcopy.Fields(b, nf)
		b = binResultKey(b, rk)
		b = pgcopy.Int4(b, int32(seq))
		b = binTransferID(b, d.TransferID)
		b = binLotID(b, d)
		b = pgcopy.Text(b, res.Accounts[d.Account])
		b = pgcopy.Text(b, res.Assets[d.Asset])
		b = binNumeric(b, d.Quantity)
		b = binNumeric(b, d.Proceeds)
		b = binNumeric(b, d.Basis)
		b = binNumeric(b, d.Gain())
		if matched {
			b = binTimestamptz(b, d.AcquiredAt)
		} else {
			b = pgcopy.Null(b)
		}
		b = binTimestamptz(b, d.DisposedAt)
		b = pgcopy.Int4(b, int32(d.TaxYear))
		b = pgcopy.Text(b, d.Term.String())
		b = pgcopy.Text(b, d.Box.String())
		b = pgcopy.Bool(b, d.Uncovered)
		b = pgcopy.Bool(b, d.MissingBasis || d.Uncovered)
		if matched {
			b = binTransferID(b, d.LotSource)
		} else {
			b = pgcopy.Null(b)
		}
		if nf == 21 {
			b = pgcopy.Text(b, tax.MatchOf(j, d).String())
			if denied.IsZero() {
				b = pgcopy.Null(b)
			} else {
				b = binNumeric(b, denied)
			}
		}
		return b, true
	}
}

// copyRemovals writes the non-taxable pieces of res.Disposals (gifts, donations, losses, transfers
// out), numbered in their order; a run resumed from a checkpoint holds only those from it on.
func copyRemovals(ctx context.Context, tx pgx.Tx, rk resultKey, res *tax.Result) error {
	i, seq := 0, 0
	return copyBinary(ctx, tx, "tax_removals",
		append(resultKeyColumns[:2:2], "removed_at", "seq", "transfer_id", "kind", "lot_id", "account_key", "asset_key", "quantity", "basis", "acquired_at"),
		func(b []byte) ([]byte, bool) {
			for i < len(res.Disposals) && res.Disposals[i].Kind.Taxable() {
				i++
			}
			if i == len(res.Disposals) {
				return b, false
			}
			d := &res.Disposals[i]
			i++
			seq++
			b = pgcopy.Fields(b, 12)
			b = binResultKey(b, rk)
			b = binTimestamptz(b, d.DisposedAt)
			b = pgcopy.Int4(b, int32(seq))
			b = binTransferID(b, d.TransferID)
			b = pgcopy.Text(b, d.Kind.String())
			b = binLotID(b, d)
			b = pgcopy.Text(b, res.Accounts[d.Account])
			b = pgcopy.Text(b, res.Assets[d.Asset])
			b = binNumeric(b, d.Quantity)
			b = binNumeric(b, d.Basis)
			return binAcquiredAt(b, d), true
		})
}

// binLotID writes a piece's lot, NULL for the part no lot covered.
func binLotID(b []byte, d *tax.Disposal) []byte {
	if d.LotID == 0 {
		return pgcopy.Null(b)
	}
	return binUintText(b, uint64(d.LotID))
}

// binAcquiredAt writes when a piece's lot was acquired, NULL for the part no lot covered.
func binAcquiredAt(b []byte, d *tax.Disposal) []byte {
	if d.LotID == 0 {
		return pgcopy.Null(b)
	}
	return binTimestamptz(b, d.AcquiredAt)
}

func copyIncome(ctx context.Context, tx pgx.Tx, rk resultKey, res *tax.Result, from, seq int) error {
	cols, rows := incomeRows(rk, res, from, seq)
	return copyBinary(ctx, tx, "tax_income", cols, rows)
}

// incomeRows returns the columns of tax_income a run writes and a generator of the binary COPY
// rows of res.Income[from:], numbered from seq+1 (copyBinary's rows).
func incomeRows(rk resultKey, res *tax.Result, from, seq int) ([]string, func(b []byte) ([]byte, bool)) {
	i := from
	return append(resultKeyColumns[:2:2], "seq", "transfer_id", "asset_key", "income_type", "quantity", "value", "received_at", "tax_year"),
		func(b []byte) ([]byte, bool) {
			if i == len(res.Income) {
				return b, false
			}
			x := &res.Income[i]
			i++
			b = pgcopy.Fields(b, 10)
			b = binResultKey(b, rk)
			seq++
			b = pgcopy.Int4(b, int32(seq))
			b = binTransferID(b, x.TransferID)
			b = pgcopy.Text(b, res.Assets[x.Asset])
			b = pgcopy.Text(b, x.Type.String())
			b = binNumeric(b, x.Quantity)
			b = binNumeric(b, x.Value)
			b = binTimestamptz(b, x.At)
			b = pgcopy.Int4(b, x.TaxYear)
			return b, true
		}
}

// dirtyRanges returns seqs (sorted in place) as ranges of consecutive values [lows[i], highs[i]].
func dirtyRanges(seqs []int64) (lows, highs []int64) {
	slices.Sort(seqs)
	for i, v := range seqs {
		if i > 0 && v <= highs[len(highs)-1]+1 {
			highs[len(highs)-1] = max(highs[len(highs)-1], v)
			continue
		}
		lows, highs = append(lows, v), append(highs, v)
	}
	return lows, highs
}

func ptr[T any](v T) *T { return &v }
