package taxforms_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/taxforms"
)

// statements is a pgx.QueryTracer that keeps the SQL and arguments of every query sent.
type statements struct {
	mu   sync.Mutex
	sent []sentQuery
}

type sentQuery struct {
	sql  string
	args []any
}

func (s *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, sentQuery{sql: d.SQL, args: d.Args})
	return ctx
}

func (*statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (s *statements) take() []sentQuery {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.sent
	s.sent = nil
	return out
}

// recalculate runs a full recalculation of the bundle's client.
func (b *bundle) recalculate(t *testing.T) {
	t.Helper()
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
}

// tracedService is a Service on a pool of its own whose queries are recorded in the statements
// returned with it.
func (b *bundle) tracedService(t *testing.T) (*taxforms.Service, *statements) {
	t.Helper()
	traced := &statements{}
	cfg := b.pool.Config().Copy()
	cfg.ConnConfig.Tracer = traced
	pool, err := pgxpool.NewWithConfig(b.ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return taxforms.NewService(pool, nil, nil), traced
}

// TestSummaryReadsTheKeptReconciliation checks a form's summary against its reconciliation (the
// rows compared now, and hand arithmetic): after a generate call it is read from the counts and
// sums the form keeps, without reading a result or ledger table (the plan of every query the read
// sends is pinned); once the results change, the next summary reconciles again and keeps the new
// sums.
func TestSummaryReadsTheKeptReconciliation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	at := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 14, 30, 0, 0, time.UTC) }
	b.trade(t, at(1, 15), b.eth, "2", "5000")
	b.trade(t, at(6, 1), b.eth, "-0.5", "1900")
	b.trade(t, at(6, 1), b.eth, "-0.25", "950")
	recalculate := func() { t.Helper(); b.recalculate(t) }
	recalculate()
	// the summaries are read through a pool whose queries are traced
	svc, traced := b.tracedService(t)

	id := uuid.New()
	rows := []taxforms.RowInput{
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900"), Basis: dec("1250")},
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.25"), DateSold: day(2025, 6, 1), Proceeds: dec("940")},
		{AssetSymbol: ptr("SOL"), Quantity: dec("10"), DateSold: day(2025, 8, 1), Proceeds: dec("1500")},
	}
	if _, err := b.svc.Generate(b.ctx, b.write, id, rows, false); err != nil {
		t.Fatal(err)
	}
	check := func(want taxforms.Figures, counts map[taxforms.Status]int) {
		t.Helper()
		sum, err := svc.Summary(b.ctx, b.read, id)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := b.svc.Reconcile(b.ctx, b.read, id)
		if err != nil {
			t.Fatal(err)
		}
		if got := taxforms.FiguresOf(rec.Reconciliation); !sameFigures(got, want) {
			t.Fatalf("reconciliation %+v, want %+v", got, want)
		}
		if !sameFigures(sum.Figures, want) {
			t.Errorf("summary %+v, want %+v", sum.Figures, want)
		}
		for _, s := range []taxforms.Status{taxforms.Matched, taxforms.Mismatched, taxforms.MissingInLedger, taxforms.MissingOnForm} {
			if sum.Counts[s] != counts[s] || rec.Counts[s] != counts[s] {
				t.Errorf("%s: summary %d, reconciliation %d, want %d", s, sum.Counts[s], rec.Counts[s], counts[s])
			}
		}
		if sum.Status != rec.Status || sum.NeedsReviewCount != rec.NeedsReviewCount || sum.IsStale != rec.IsStale {
			t.Errorf("summary's form %s/%d/%v, reconciliation's %s/%d/%v", sum.Status, sum.NeedsReviewCount, sum.IsStale, rec.Status, rec.NeedsReviewCount, rec.IsStale)
		}
	}
	// ETH bought at 2,500 each: the two paired sales cost 1,250 and 625; SOL is only on the form.
	first := taxforms.Figures{BrokerProceeds: d("4340"), BrokerBasis: dec("1250"), PairedProceeds: d("2850"), PairedBasis: d("1875")}
	check(first, map[taxforms.Status]int{taxforms.Matched: 1, taxforms.Mismatched: 1, taxforms.MissingInLedger: 1})

	// The kept summary is read by key: no query it sends reads results or the ledger.
	traced.take()
	if _, err := svc.Summary(b.ctx, b.read, id); err != nil {
		t.Fatal(err)
	}
	readsNoLedger(t, b.pool, "the kept summary", traced.take(), 2)

	// A sale settled since: the key of the results changes, the form is reconciled again and the
	// new sums are kept (a sale missing on the form pairs with nothing).
	b.trade(t, at(9, 1), b.eth, "-0.25", "1000")
	recalculate()
	counts := map[taxforms.Status]int{taxforms.Matched: 1, taxforms.Mismatched: 1, taxforms.MissingInLedger: 1, taxforms.MissingOnForm: 1}
	check(first, counts)
	var kept decimal.Decimal
	var missing int
	if err := b.pool.QueryRow(b.ctx, `SELECT paired_proceeds, missing_on_form_count FROM tax_forms WHERE id = $1`, id).Scan(&kept, &missing); err != nil {
		t.Fatal(err)
	}
	if !kept.Equal(d("2850")) || missing != 1 {
		t.Errorf("kept paired proceeds %s and %d missing on the form, want 2850 and 1", kept, missing)
	}
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func sameFigures(a, b taxforms.Figures) bool {
	basis := (a.BrokerBasis == nil) == (b.BrokerBasis == nil) && (a.BrokerBasis == nil || a.BrokerBasis.Equal(*b.BrokerBasis))
	return basis && a.BrokerProceeds.Equal(b.BrokerProceeds) && a.PairedProceeds.Equal(b.PairedProceeds) && a.PairedBasis.Equal(b.PairedBasis)
}

// readsNoLedger explains every query sent (at least min of them) and fails on a plan that reads a
// result or ledger table or scans a whole table.
func readsNoLedger(t *testing.T, pool *pgxpool.Pool, what string, sent []sentQuery, min int) {
	t.Helper()
	n := 0
	for _, q := range sent {
		if !strings.HasPrefix(strings.TrimSpace(strings.ToLower(q.sql)), "-- name:") && !strings.HasPrefix(strings.ToLower(q.sql), "select") {
			continue // begin, commit
		}
		n++
		plan := pgtest.Explain(t, pool, "", q.sql, q.args...)
		for _, table := range []string{"tax_disposals", "tax_income", "tax_lots", "transfers", "transactions", "Seq Scan"} {
			if strings.Contains(plan, table) {
				t.Errorf("%s: a query reads %s:\n%s\n%s", what, table, q.sql, plan)
			}
		}
	}
	if n < min {
		t.Errorf("%s: %d queries traced, want at least %d", what, n, min)
	}
}

// TestProceedsByAssetReadsTheKeptReconciliation checks a form's proceeds per asset against the
// reconciliation compared now and hand arithmetic: after a generate call they are read from the
// sums the form keeps, without reading a result or ledger table; once the results change, the next
// read reconciles again and follows the new sale.
func TestProceedsByAssetReadsTheKeptReconciliation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	at := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 14, 30, 0, 0, time.UTC) }
	b.trade(t, at(1, 15), b.eth, "2", "5000")
	b.trade(t, at(6, 1), b.eth, "-0.5", "1900")
	b.trade(t, at(6, 1), b.eth, "-0.25", "950")
	recalculate := func() { t.Helper(); b.recalculate(t) }
	recalculate()
	svc, traced := b.tracedService(t)

	id := uuid.New()
	rows := []taxforms.RowInput{
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900"), Basis: dec("1250")},
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.25"), DateSold: day(2025, 6, 1), Proceeds: dec("940")},
		{AssetSymbol: ptr("SOL"), Quantity: dec("10"), DateSold: day(2025, 8, 1), Proceeds: dec("1500")},
	}
	if _, err := b.svc.Generate(b.ctx, b.write, id, rows, false); err != nil {
		t.Fatal(err)
	}
	type sum struct {
		symbol           string
		broker, computed string
		rows, units      int
	}
	check := func(want []sum) {
		t.Helper()
		got, assets, err := svc.ProceedsByAsset(b.ctx, b.read, id)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := b.svc.Reconcile(b.ctx, b.read, id)
		if err != nil {
			t.Fatal(err)
		}
		live := taxforms.ProceedsByAsset(rec.Reconciliation)
		if len(got) != len(want) || len(live) != len(want) {
			t.Fatalf("%d kept and %d live sums, want %d: %+v", len(got), len(live), len(want), got)
		}
		for i, w := range want {
			for _, a := range []taxforms.AssetProceeds{got[i], live[i]} {
				if a.Symbol != w.symbol || !a.BrokerProceeds.Equal(d(w.broker)) || !a.ComputedProceeds.Equal(d(w.computed)) ||
					a.BrokerRows != w.rows || a.ComputedUnits != w.units {
					t.Errorf("row %d: %+v, want %+v", i, a, w)
				}
			}
			if (got[i].AssetID == nil) != (live[i].AssetID == nil) || got[i].AssetID != nil && *got[i].AssetID != *live[i].AssetID {
				t.Errorf("row %d: asset %v, live %v", i, got[i].AssetID, live[i].AssetID)
			}
		}
		if eth := got[1].AssetID; eth == nil || *eth != b.eth || assets[b.eth].Symbol != "ETH" {
			t.Errorf("ETH's row names asset %v (%+v), want %s", eth, assets, b.eth)
		}
	}
	// SOL is only on the form (1,500 apart); ETH's form rows say 1,900 + 940, the ledger 1,900 + 950.
	check([]sum{{"SOL", "1500", "0", 1, 0}, {"ETH", "2840", "2850", 2, 2}})

	traced.take()
	if _, _, err := svc.ProceedsByAsset(b.ctx, b.read, id); err != nil {
		t.Fatal(err)
	}
	readsNoLedger(t, b.pool, "the kept proceeds by asset", traced.take(), 3)

	// A sale settled since (0.25 ETH for 1,000): the next read reconciles again and keeps it.
	b.trade(t, at(9, 1), b.eth, "-0.25", "1000")
	recalculate()
	check([]sum{{"SOL", "1500", "0", 1, 0}, {"ETH", "2840", "3850", 2, 3}})
	var kept int
	if err := b.pool.QueryRow(b.ctx, `SELECT computed_units FROM tax_form_asset_proceeds WHERE tax_form_id = $1 AND symbol = 'ETH'`, id).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 3 {
		t.Errorf("kept %d ETH units, want 3", kept)
	}
}
