package taxfigures_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/page"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/taxfigures"
	"taxd/internal/testfactory"
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
	client := testfactory.Client(t, pool)
	wallet := testfactory.Account(t, pool, client)
	eth := testfactory.Asset(t, pool, client)
	btc := testfactory.Asset(t, pool, client, func(o *testfactory.AssetOpts) { o.Key, o.Symbol, o.Chain = "bitcoin:native", "BTC", "bitcoin" })
	led := ledger.New(pool)
	var buyA uuid.UUID
	trade := func(at time.Time, asset uuid.UUID, qty, usd string) uuid.UUID {
		var id uuid.UUID
		if err := led.Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
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
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
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
	l, err := svc.Lots(ctx, scope, "eth", nil, whole)
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

// One transaction's part of the lots: the sale's piece and the lot it came from, a buy's open lot;
// and the year's Form 8949: its box, its row, a box filter and pages.
func TestTransactionLotsAndForm8949(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := testfactory.Client(t, pool)
	wallet := testfactory.Account(t, pool, client, testfactory.Address("0x1"))
	eth := testfactory.Asset(t, pool, client)
	led := ledger.New(pool)
	move := func(at time.Time, qty, usd string) uuid.UUID {
		var id uuid.UUID
		if err := led.Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at})
			if err != nil {
				return err
			}
			id = tx.ID
			in := ledger.NewTransfer{AssetID: eth, Quantity: d(qty).Abs(), FiatValue: decimal.NullDecimal{Decimal: d(usd), Valid: true}}
			if d(qty).IsNegative() {
				in.FromAccountID = &wallet
			} else {
				in.ToAccountID = &wallet
			}
			_, err = e.AddTransfer(tx.ID, in)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	buyA := move(time.Date(2023, 1, 10, 12, 0, 0, 0, time.UTC), "1", "1000")
	buyB := move(time.Date(2025, 2, 1, 12, 0, 0, 0, time.UTC), "1", "3000")
	sale := move(time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC), "-1.5", "6000")
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	svc := taxfigures.NewService(pool, taxfigures.Prices{}, nil)
	scope := auth.JobScope(client, "test")

	// FIFO: the sale of 1.5 takes lot A whole (long-term, gain 4000 - 1000) and half of lot B
	// (short-term, 2000 - 1500).
	l, err := svc.Lots(ctx, scope, "eth", &sale, whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Lots) != 0 || len(l.Pieces) != 2 {
		t.Fatalf("the sale's part: %d lots, %d pieces", len(l.Lots), len(l.Pieces))
	}
	for i, want := range []struct {
		lot         uuid.UUID
		basis, gain string
		long        bool
	}{{buyA, "1000", "3000", true}, {buyB, "1500", "500", false}} {
		p := l.Pieces[i]
		if p.LotTransactionID == nil || *p.LotTransactionID != want.lot || !p.Basis.Equal(d(want.basis)) || !p.Gain.Equal(d(want.gain)) ||
			p.LongTerm != want.long || p.TransactionID == nil || *p.TransactionID != sale {
			t.Errorf("piece %d: %+v, want lot %s, basis %s, gain %s", i, p, want.lot, want.basis, want.gain)
		}
	}
	l, err = svc.Lots(ctx, scope, "eth", &buyB, whole)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pieces) != 0 || len(l.Lots) != 1 || !l.Lots[0].Quantity.Equal(d("0.5")) || !l.Lots[0].Basis.Equal(d("1500")) ||
		!l.Lots[0].OriginalQuantity.Equal(d("1")) {
		t.Fatalf("buy B's part: %+v / %+v", l.Lots, l.Pieces)
	}
	if l, err = svc.Lots(ctx, scope, "eth", &buyA, whole); err != nil || len(l.Lots) != 0 || len(l.Pieces) != 0 {
		t.Fatalf("buy A's part (all sold): %+v, %v", l, err)
	}
	other := uuid.New()
	if _, err := svc.Lots(ctx, scope, "eth", &other, whole); err == nil {
		t.Fatal("an unknown transaction has lots")
	}

	f, err := svc.Form8949Preview(ctx, scope, 2025, nil, 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Boxes) != 2 || f.Boxes[0].Box != "I" || f.Boxes[1].Box != "L" || !f.Boxes[1].Proceeds.Equal(d("4000")) ||
		!f.Boxes[1].Basis.Equal(d("1000")) || f.Total != 2 || len(f.Rows) != 2 || f.Rows[0].Box != "I" {
		t.Fatalf("2025's form: %+v", f)
	}
	if f.Rows[1].Acquired == nil || !f.Rows[1].Acquired.Equal(time.Date(2023, 1, 10, 12, 0, 0, 0, time.UTC)) || *f.Rows[1].TransactionID != sale {
		t.Errorf("box L's row: %+v", f.Rows[1])
	}
	if f, err = svc.Form8949Preview(ctx, scope, 2025, ptr("L"), 0, 50); err != nil || f.Total != 1 || len(f.Rows) != 1 || f.Rows[0].Box != "L" || len(f.Boxes) != 2 {
		t.Fatalf("box L only: %+v, %v", f, err)
	}
	if f, err = svc.Form8949Preview(ctx, scope, 2025, nil, 1, 1); err != nil || f.Total != 2 || len(f.Rows) != 1 || f.Rows[0].Box != "L" {
		t.Fatalf("page 2 of 1 row: %+v, %v", f, err)
	}
	if f, err = svc.Form8949Preview(ctx, scope, 2024, nil, 0, 50); err != nil || len(f.Boxes) != 0 || f.Total != 0 {
		t.Fatalf("2024 had no sale: %+v, %v", f, err)
	}
	if _, err := svc.Form8949Preview(ctx, scope, 2025, nil, 0, 501); err == nil {
		t.Fatal("a page of 501 rows")
	}
}

func ptr[T any](v T) *T { return &v }

// whole is a page of every lot and piece of a small answer.
var whole = page.Slice{First: taxfigures.MaxRows}

// A stored method change the engine cannot read is an error of the year's figures, not a panic
// over a year without bounds.
func TestYearWithUnreadableSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	if _, err := pool.Exec(ctx, `INSERT INTO clients (id, name, settings) VALUES ($1, 'c', '{"methodChanges": [{"from": "2024-01-01T00:00:00Z", "method": "NEWEST"}]}')`, client); err != nil {
		t.Fatal(err)
	}
	svc := taxfigures.NewService(pool, taxfigures.Prices{}, nil)
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("Year panicked: %v", p)
			}
		}()
		_, err = svc.Year(ctx, auth.JobScope(client, "test"), 2024)
	}()
	if err == nil || !strings.Contains(err.Error(), "NEWEST") {
		t.Fatalf("Year: got %v, want the error of the unreadable method", err)
	}
}
