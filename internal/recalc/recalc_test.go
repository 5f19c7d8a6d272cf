package recalc_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

func TestMain(m *testing.M) {
	if maybeRunWorkerProcess() {
		return
	}
	pgtest.Main(m)
}

type bundle struct {
	ctx    context.Context
	pool   *pgxpool.Pool
	url    string
	client uuid.UUID
	wallet uuid.UUID
	eth    uuid.UUID
	led    *ledger.Ledger
}

func setup(t *testing.T) *bundle {
	t.Helper()
	url := pgtest.URL(t)
	pool := pgtest.PoolFor(t, url)
	b := &bundle{ctx: context.Background(), pool: pool, url: url, led: ledger.New(pool)}
	b.client = testfactory.Client(t, pool)
	b.wallet = testfactory.Account(t, pool, b.client, testfactory.Address("0x1"))
	b.eth = testfactory.Asset(t, pool, b.client)
	return b
}

// trade adds a buy (qty > 0) or a sale (qty < 0) of ETH for usd dollars.
func (b *bundle) trade(t *testing.T, at time.Time, qty, usd string) {
	t.Helper()
	q, v := decimal.RequireFromString(qty), decimal.RequireFromString(usd)
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: at})
		if err != nil {
			return err
		}
		in := ledger.NewTransfer{AssetID: b.eth, Quantity: q.Abs(), FiatValue: decimal.NullDecimal{Decimal: v, Valid: true}}
		if q.IsNegative() {
			in.FromAccountID = &b.wallet
		} else {
			in.ToAccountID = &b.wallet
		}
		_, err = e.AddTransfer(tx.ID, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (b *bundle) preview(t *testing.T, year int) recalc.Preview {
	t.Helper()
	c, err := db.New(b.pool).GetClient(b.ctx, b.client)
	if err != nil {
		t.Fatal(err)
	}
	p, err := recalc.GetPreview(b.ctx, db.New(b.pool), c, &year, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (b *bundle) dirty(t *testing.T) int32 {
	n, err := db.New(b.pool).CountDirty(b.ctx, b.client)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }

func TestRunStoresResultsAndSettles(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 6, 1), "-0.4", "800")    // basis 400: +400 short-term
	b.trade(t, day(2025, 6, 2), "-0.6", "900.10") // basis 600, held > 1 year: +300.10 long-term
	if b.dirty(t) != 3 {
		t.Fatalf("dirty = %d, want 3", b.dirty(t))
	}
	r := &recalc.Runner{Pool: b.pool}
	tm, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if tm.Transactions != 3 || tm.Transfers != 3 {
		t.Fatalf("loaded %d transactions / %d transfers, want 3/3", tm.Transactions, tm.Transfers)
	}
	p24, p25 := b.preview(t, 2024), b.preview(t, 2025)
	if !p24.ShortTerm.Equal(decimal.RequireFromString("400")) || !p24.LongTerm.IsZero() || p24.TransactionCount != 2 {
		t.Errorf("2024: short %s long %s count %d, want 400, 0, 2", p24.ShortTerm, p24.LongTerm, p24.TransactionCount)
	}
	if !p25.LongTerm.Equal(decimal.RequireFromString("300.1")) || !p25.ShortTerm.IsZero() {
		t.Errorf("2025: short %s long %s, want 0 and 300.1", p25.ShortTerm, p25.LongTerm)
	}
	if p24.IsStale || b.dirty(t) != 0 {
		t.Errorf("after the run: stale %v, dirty %d", p24.IsStale, b.dirty(t))
	}
	if j, _ := recalc.Active(b.ctx, b.pool, b.client); j != nil {
		t.Errorf("a job is still active: %+v", j)
	}
	// A second run replaces the results; exactly one result set remains.
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	var sets int
	_ = b.pool.QueryRow(b.ctx, `SELECT count(*) FROM tax_result_sets WHERE client_id = $1`, b.client).Scan(&sets)
	if sets != 1 {
		t.Fatalf("%d result sets after two runs, want 1", sets)
	}
}

// An edit made while a run is under way is not in its snapshot and must stay dirty.
func TestEditDuringRunStaysDirty(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	r := &recalc.Runner{Pool: b.pool, BeforePhase: func(p recalc.Phase) {
		if p == recalc.PhaseCompute {
			b.trade(t, day(2024, 2, 1), "-0.5", "700")
		}
	}}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if n := b.dirty(t); n != 1 {
		t.Fatalf("dirty after the run = %d, want 1 (the edit made during it)", n)
	}
	if p := b.preview(t, 2024); !p.IsStale || !p.ShortTerm.IsZero() {
		t.Fatalf("preview: stale %v short %s; want stale results without the late sale", p.IsStale, p.ShortTerm)
	}
}

// Readers see the old results until the switch commits, then the new ones: never a mix.
func TestResultsSwitchAtomically(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 6, 1), "-0.5", "600") // +100
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	b.trade(t, day(2024, 7, 1), "-0.5", "900") // +400 more
	var during recalc.Preview
	r := &recalc.Runner{Pool: b.pool, BeforePhase: func(p recalc.Phase) {
		if p == "switch" { // new rows are written, not yet committed
			during = b.preview(t, 2024)
		}
	}}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	after := b.preview(t, 2024)
	if !during.ShortTerm.Equal(decimal.RequireFromString("100")) {
		t.Errorf("during the store phase a reader saw %s, want the old 100", during.ShortTerm)
	}
	if !after.ShortTerm.Equal(decimal.RequireFromString("500")) {
		t.Errorf("after the switch a reader saw %s, want 500", after.ShortTerm)
	}
}

func TestRequestIsUniquePerClient(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jc, err := jobs.New(b.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	j1, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	j2, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	if j1.ID != j2.ID {
		t.Fatalf("second request started job %s, want the active %s", j2.ID, j1.ID)
	}
	var n int
	_ = b.pool.QueryRow(b.ctx, `SELECT count(*) FROM river_job WHERE kind = $1`, recalc.Args{}.Kind()).Scan(&n)
	if n != 1 {
		t.Fatalf("%d river jobs, want 1", n)
	}
	active, err := recalc.Active(b.ctx, b.pool, b.client)
	if err != nil || active == nil || active.Status != "queued" {
		t.Fatalf("active = %+v, %v; want the queued job", active, err)
	}
	// Once it has run, a new request starts a new job.
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	j3, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	if j3.ID == j1.ID {
		t.Fatal("a request after completion reused the finished job")
	}
}

// The run deletes exactly the dirty marks it read, as ranges of consecutive seqs: another
// client's marks between them and marks written during the run stay. Marks split by another
// client's are read one by one; marks that are every seq of their span (an import's) are read as
// that span alone.
func TestDirtyRangesClearExactlyTheMarksSeen(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := &bundle{ctx: b.ctx, pool: b.pool, url: b.url, led: b.led}
	other.client = testfactory.Client(t, b.pool)
	other.wallet = testfactory.Account(t, b.pool, other.client, testfactory.Address("0x2"))
	other.eth = testfactory.Asset(t, b.pool, other.client)
	rowsOf := func(client uuid.UUID) (n int64) {
		t.Helper()
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM dirty_marks WHERE client_id = $1`, client).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	oneSpan := func() bool {
		t.Helper()
		span, err := db.New(b.pool).DirtyMarkSpan(b.ctx, b.client)
		if err != nil {
			t.Fatal(err)
		}
		if span.Marks != rowsOf(b.client) {
			t.Fatalf("span %+v counts %d marks of %d", span, span.Marks, rowsOf(b.client))
		}
		return span.High-span.Low+1 == span.Marks
	}
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 1, 11), "1", "1000")
	other.trade(t, day(2024, 1, 12), "1", "1000")
	b.trade(t, day(2024, 1, 13), "-0.5", "700")
	otherMarks := rowsOf(other.client)
	for round, split := range []bool{true, false} {
		if oneSpan() == split {
			t.Fatalf("round %d: the marks are one span: %v, want %v", round, !split, !split)
		}
		var during int64
		r := &recalc.Runner{Pool: b.pool, BeforePhase: func(p recalc.Phase) {
			if p == recalc.PhaseCompute {
				b.trade(t, day(2024, 2, 1+round), "-0.1", "100")
				during = rowsOf(b.client)
			}
		}}
		before := rowsOf(b.client)
		if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
			t.Fatal(err)
		}
		if n := rowsOf(b.client); n != during-before || n == 0 {
			t.Fatalf("round %d: %d marks after the run, want the %d written during it", round, n, during-before)
		}
		if n := rowsOf(other.client); n != otherMarks {
			t.Fatalf("round %d: the other client's marks: %d after the run, %d before", round, n, otherMarks)
		}
	}
}

// A full run's timings account for what its two writers wrote: the pieces, in chunks taken by
// both writers' connections (each its own backend), are the set's rows of tax_disposals, and the
// second writer's transaction results are the set's rows of tax_transaction_results.
func TestFullRunTimingsAccountForEveryRow(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "100", "100000")
	const sales = 70 // one piece each, of the one lot: three chunks of at most 32
	for i := range sales {
		b.trade(t, day(2024, 2, 1).Add(time.Duration(i)*time.Hour), "-1", "1100")
	}
	var mu sync.Mutex
	asked := map[uint32]int{}
	r := &recalc.Runner{Pool: b.pool, Full: true, BackendCPU: func(pid uint32) (time.Duration, bool) {
		mu.Lock()
		defer mu.Unlock()
		asked[pid]++
		return time.Duration(asked[pid]) * time.Second, true
	}}
	tm, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	var pieces, results int
	if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM tax_disposals d WHERE d.result_set_id = c.current_result_set_id),
			(SELECT count(*) FROM tax_transaction_results r WHERE r.result_set_id = c.current_result_set_id)
		FROM clients c WHERE c.id = $1`, b.client).Scan(&pieces, &results); err != nil {
		t.Fatal(err)
	}
	if pieces != sales || results < sales {
		t.Fatalf("the set holds %d pieces and %d transaction results, want %d and one a sale at least", pieces, results, sales)
	}
	steps := map[string]recalc.StoreStep{}
	for _, w := range tm.Writers {
		if w.Took <= 0 || w.BackendCPU != time.Second { // the backend was asked before and after
			t.Errorf("writer took %s, its backend %s", w.Took, w.BackendCPU)
		}
		for _, s := range w.Steps {
			sum := steps[s.Name]
			sum.Chunks += s.Chunks
			sum.Rows += s.Rows
			steps[s.Name] = sum
		}
	}
	if d := steps["tax_disposals"]; d.Rows != pieces || d.Chunks != 3 {
		t.Errorf("the writers' pieces: %d rows in %d chunks, want %d in 3", d.Rows, d.Chunks, pieces)
	}
	if r := steps["tax_transaction_results"]; r.Rows != results {
		t.Errorf("the writers' transaction results: %d rows, want %d", r.Rows, results)
	}
	if len(asked) != 2 {
		t.Errorf("backends asked for their CPU time: %v, want the two writers' twice each", asked)
	}
	for pid, n := range asked {
		if n != 2 {
			t.Errorf("backend %d asked %d times, want 2", pid, n)
		}
	}
	if tm.Switch <= 0 {
		t.Errorf("switch took %s", tm.Switch)
	}
}
