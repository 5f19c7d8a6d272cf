package portfolio_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/ledger"
	"taxd/internal/money"
	"taxd/internal/pgtest"
	"taxd/internal/portfolio"
)

// Each point of a chart whose points are days or weeks apart is valued as a per-day model
// computes it: the quantity of the moves of the days before the point's day (at now: every
// move) times the price of the point's day, for moves on days between points, on a point's day
// and today. The chart reads the day changes summed per interval between points and the prices
// of the points' days only: at most a row per asset and point of each, by the primary keys.
func TestChartPointsEqualThePerDayModel(t *testing.T) {
	f := setup(t)
	f.now = time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	first := time.Date(2024, 1, 3, 0, 0, 0, 0, time.UTC)
	type move struct {
		at    time.Time
		asset uuid.UUID
		qty   decimal.Decimal // signed: in above zero
	}
	var moves []move
	for i := 0; i < 60; i++ {
		d := first.AddDate(0, 0, (i*13)%800)
		switch {
		case i%4 == 0:
			moves = append(moves, move{d.Add(9 * time.Hour), f.eth, dec(fmt.Sprintf("%d.25", i%3+1))})
		case i%4 == 1:
			moves = append(moves, move{d, f.btc, dec("0.125")}) // midnight: a point's instant when d is a point's day
		case i%4 == 2:
			moves = append(moves, move{d.Add(23 * time.Hour), f.eth, dec("-0.5")})
		default:
			moves = append(moves, move{d.Add(15 * time.Hour), f.btc, dec("0.01")})
		}
	}
	moves = append(moves, move{first.Add(8 * time.Hour), f.eth, dec("10")}, move{f.now.Add(-2 * time.Hour), f.btc, dec("1")})
	f.update(t, func(e *ledger.Editor) error {
		for _, m := range moves {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: m.at})
			if err != nil {
				return err
			}
			tr := ledger.NewTransfer{AssetID: m.asset, Quantity: m.qty.Abs()}
			if m.qty.Sign() > 0 {
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
	f.exec(t, `INSERT INTO prices (price_key, day, usd, source)
		SELECT 'coingecko:ethereum', d, 1000.37 + (d::date - '2024-01-01'::date), 't' FROM generate_series('2024-01-01'::date, '2026-03-15'::date, '1 day') d
		UNION ALL SELECT 'coingecko:bitcoin', d, 20000.11 + 3 * (d::date - '2024-01-01'::date), 't' FROM generate_series('2024-01-01'::date, '2026-03-15'::date, '1 day') d`)
	price := func(asset uuid.UUID, d time.Time) decimal.Decimal {
		n := decimal.NewFromInt(int64(d.Sub(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)) / (24 * time.Hour)))
		if asset == f.eth {
			return dec("1000.37").Add(n)
		}
		return dec("20000.11").Add(n.Mul(dec("3")))
	}
	model := func(at time.Time) int64 {
		day := at.Truncate(24 * time.Hour)
		held := map[uuid.UUID]decimal.Decimal{}
		for _, m := range moves {
			if at.Equal(f.now) || m.at.Truncate(24*time.Hour).Before(day) {
				held[m.asset] = held[m.asset].Add(m.qty)
			}
		}
		var v decimal.Decimal
		for a, q := range held {
			if q.Sign() > 0 {
				v = v.Add(q.Mul(price(a, day)))
			}
		}
		return money.Cents(v)
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
	for _, rng := range []string{portfolio.AllTime, portfolio.OneYear, portfolio.ThreeMonths} {
		traced.take()
		c, err := svc.Chart(f.ctx, f.scope, rng, true)
		if err != nil {
			t.Fatal(err)
		}
		if c.MissingPrices != 0 || len(c.Points) < 90 {
			t.Fatalf("%s: %d points, %d missing prices", rng, len(c.Points), c.MissingPrices)
		}
		if rng == portfolio.AllTime && (!c.Points[0].At.Equal(first) || !c.Points[1].At.Equal(first.AddDate(0, 0, 7))) {
			t.Fatalf("ALL_TIME points from %s, %s: want weekly from %s", c.Points[0].At, c.Points[1].At, first)
		}
		for _, p := range c.Points {
			if want := model(p.At); p.ValueCents != want {
				t.Errorf("%s at %s: value %d, want %d", rng, p.At.Format(time.RFC3339), p.ValueCents, want)
			}
		}
		// the day changes and prices read: at most a row per asset and point
		index := map[string]string{"-- name: ChartDayChanges ": "portfolio_balance_days_pkey", "-- name: CachedPricesOnDays ": "prices_pkey"}
		read := 0
		for _, q := range traced.take() {
			sql := q[0].(string)
			name, _, _ := strings.Cut(sql, ":many")
			idx, ok := index[name]
			if !ok {
				continue
			}
			read++
			if plan := pgtest.Explain(t, f.pool, "", sql, q[1].([]any)...); !strings.Contains(plan, idx) {
				t.Errorf("%s: does not use %s:\n%s\n%s", rng, idx, sql, plan)
			}
			rows, err := f.pool.Query(f.ctx, sql, q[1].([]any)...)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for rows.Next() {
				n++
			}
			rows.Close()
			if limit := 2 * (len(c.Points) + 3); n > limit {
				t.Errorf("%s: %d rows read by\n%s\nwant at most %d", rng, n, sql, limit)
			}
		}
		if read != 2 {
			t.Errorf("%s: %d of the day changes and prices queries traced, want 2", rng, read)
		}
	}
}
