package portfolio_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/portfolio"
	"taxd/internal/recalc"
)

// sentQueries is a pgx.QueryTracer that keeps the SQL and arguments of every query sent.
type sentQueries struct {
	mu   sync.Mutex
	sent [][2]any
}

func (s *sentQueries) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, [2]any{d.SQL, d.Args})
	return ctx
}

func (*sentQueries) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (s *sentQueries) take() [][2]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.sent
	s.sent = nil
	return out
}

// The chart's basis line follows the sales (hand arithmetic: 2 ETH bought for 4,000, 1 sold before
// the month's chart starts, 0.5 within it), from the basis changes per day kept for the written
// results: after the first chart, a recomputed one (hardRefresh) reads no disposal or removal.
func TestChartBasisFromTheKeptDays(t *testing.T) {
	f := setup(t)
	f.now = time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	f.update(t, func(e *ledger.Editor) error {
		for _, m := range []struct {
			at   time.Time
			qty  string
			in   bool
			fiat string
		}{
			{time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC), "2", true, "4000"},
			{time.Date(2026, 2, 10, 9, 0, 0, 0, time.UTC), "1", false, "2500"},
			{time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC), "0.5", false, "1500"},
		} {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: m.at})
			if err != nil {
				return err
			}
			tr := ledger.NewTransfer{AssetID: f.eth, Quantity: dec(m.qty), FiatValue: decimal.NewNullDecimal(dec(m.fiat))}
			if m.in {
				tr.ToAccountID = &f.w1
			} else {
				tr.FromAccountID = &f.w1
			}
			if _, err := e.AddTransfer(tx.ID, tr); err != nil {
				return err
			}
		}
		return nil
	})
	if _, err := (&recalc.Runner{Pool: f.pool}).Run(f.ctx, auth.JobWriteScope(f.client, "test")); err != nil {
		t.Fatal(err)
	}
	traced := &sentQueries{}
	cfg := f.pool.Config().Copy()
	cfg.ConnConfig.Tracer = traced
	pool, err := pgxpool.NewWithConfig(f.ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	svc := portfolio.NewService(pool, nil, func() time.Time { return f.now })

	// basis held: 4,000 from the end of 02-01, 2,000 from the end of 02-10, 1,000 from the end of 03-05
	want := map[string]map[string]int64{
		portfolio.OneMonth: {"2026-02-14T00": 200000, "2026-03-05T00": 200000, "2026-03-06T00": 100000, "2026-03-15T12": 100000},
		portfolio.AllTime:  {"2026-02-01T00": 0, "2026-02-08T00": 400000, "2026-02-15T00": 200000, "2026-03-08T00": 100000, "2026-03-15T12": 100000},
	}
	check := func(rng string) {
		t.Helper()
		c, err := svc.Chart(f.ctx, f.scope, rng, true)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, p := range c.Points {
			if w, ok := want[rng][p.At.Format("2006-01-02T15")]; ok {
				found++
				if p.CostBasisCents != w {
					t.Errorf("%s at %s: basis %d, want %d", rng, p.At.Format(time.RFC3339), p.CostBasisCents, w)
				}
			}
		}
		if found != len(want[rng]) {
			t.Errorf("%s: %d of the %d points checked found: %+v", rng, found, len(want[rng]), c.Points)
		}
	}
	check(portfolio.OneMonth)
	// the kept changes per day: each sold piece adds its basis on 02-01 and takes it away the day it left
	days := map[string]string{}
	rows, err := f.pool.Query(f.ctx, `SELECT day::text, delta::text FROM portfolio_basis_days WHERE client_id = $1`, f.client)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var d, v string
		if err := rows.Scan(&d, &v); err != nil {
			t.Fatal(err)
		}
		days[d] = v
	}
	if len(days) != 3 || !dec(days["2026-02-01"]).Equal(dec("3000")) || !dec(days["2026-02-10"]).Equal(dec("-2000")) || !dec(days["2026-03-05"]).Equal(dec("-1000")) {
		t.Errorf("kept basis days %v, want 02-01 +3000, 02-10 -2000, 03-05 -1000", days)
	}

	traced.take()
	check(portfolio.AllTime)
	n := 0
	for _, q := range traced.take() {
		sql := q[0].(string)
		if !strings.HasPrefix(strings.TrimSpace(strings.ToLower(sql)), "-- name:") {
			continue
		}
		n++
		plan := pgtest.Explain(t, f.pool, "", sql, q[1].([]any)...)
		for _, table := range []string{"tax_disposals", "tax_removals"} {
			if strings.Contains(plan, table) {
				t.Errorf("a recomputed chart reads %s:\n%s\n%s", table, sql, plan)
			}
		}
	}
	if n < 5 {
		t.Errorf("%d queries traced for the chart", n)
	}
}
