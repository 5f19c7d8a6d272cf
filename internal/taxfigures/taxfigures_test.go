package taxfigures_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/taxfigures"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Harvesting on 2025-06-15: lot A (1 ETH bought 2024-01-10 for $3,000) is held in full that day
// although half of it was sold later; lot B (1 ETH bought 2025-06-01 for $4,000) is at a loss at
// $3,500. Only B is harvestable: short-term -$500, recently acquired. BTC has no price that day: it
// is listed as unpriced, not valued. The lot trail of getTaxLots names lot A for the later sale.
func TestHarvestAndLots(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, wallet, eth, btc := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO clients (id, name) VALUES ($1, 'c')`, []any{client}},
		{`INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, 'wallet', 'ethereum', '0x1', 'w')`, []any{wallet, client}},
		{`INSERT INTO assets (id, client_id, key, symbol, chain) VALUES ($1, $3, 'ethereum:native', 'ETH', 'ethereum'), ($2, $3, 'bitcoin:native', 'BTC', 'bitcoin')`, []any{eth, btc, client}},
	} {
		if _, err := pool.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	led := ledger.New(pool)
	var buyA uuid.UUID
	trade := func(at time.Time, asset uuid.UUID, qty, usd string) uuid.UUID {
		var id uuid.UUID
		if err := led.Update(ctx, client, ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at})
			if err != nil {
				return err
			}
			in := ledger.NewTransfer{AssetID: asset, Quantity: d(qty).Abs(), FiatValue: decimal.NullDecimal{Decimal: d(usd), Valid: true}}
			if d(qty).IsNegative() {
				in.FromAccountID = &wallet
			} else {
				in.ToAccountID = &wallet
			}
			tr, err := e.AddTransfer(tx.ID, in)
			id = tr.ID
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	buyA = trade(time.Date(2024, 1, 10, 12, 0, 0, 0, time.UTC), eth, "1", "3000")
	trade(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC), eth, "1", "4000")
	trade(time.Date(2025, 6, 2, 12, 0, 0, 0, time.UTC), btc, "0.1", "7000")
	trade(time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC), eth, "-0.5", "1750")
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, client); err != nil {
		t.Fatal(err)
	}
	price := func(_ context.Context, a imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		if a.Chain == "ethereum" && at.Format(time.DateOnly) == "2025-06-15" {
			return d("3500"), true, nil
		}
		return decimal.Zero, false, nil
	}
	svc := taxfigures.NewService(pool, taxfigures.Prices{Cached: price}, nil)
	scope := auth.JobScope(client, "test")
	for range 2 {
		h, err := svc.Harvest(ctx, scope, time.Date(2025, 6, 15, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Assets) != 1 || len(h.Unpriced) != 1 || h.Unpriced[0] != btc {
			t.Fatalf("assets %+v unpriced %v", h.Assets, h.Unpriced)
		}
		a := h.Assets[0]
		if a.Asset.ID != eth || !a.Quantity.Equal(d("1")) || !a.Basis.Equal(d("4000")) || !a.Value.Equal(d("3500")) ||
			!a.ShortGain.Equal(d("-500")) || !a.LongGain.IsZero() || !a.HasRecentAcquisition {
			t.Errorf("ETH: %+v", a)
		}
	}
	l, err := svc.Lots(ctx, scope, "eth", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Lots) != 2 || !l.Quantity.Equal(d("1.5")) || !l.Basis.Equal(d("5500")) {
		t.Fatalf("lots %+v, total %s / %s", l.Lots, l.Quantity, l.Basis)
	}
	if len(l.Pieces) != 1 || l.Pieces[0].LotTransferID == nil || *l.Pieces[0].LotTransferID != buyA.String() ||
		!l.Pieces[0].Basis.Equal(d("1500")) || !l.Pieces[0].Gain.Equal(d("250")) || !l.Pieces[0].LongTerm {
		t.Errorf("the sale's piece: %+v", l.Pieces)
	}
}
