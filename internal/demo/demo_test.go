package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/demo"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/taxfigures"
)

func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	pgtest.Main(m)
}

func TestPriceInterpolatesMonthStarts(t *testing.T) {
	for _, c := range []struct {
		day  time.Time
		want string
	}{
		{time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), "16600"},
		{time.Date(2023, 1, 16, 12, 0, 0, 0, time.UTC), "19850"}, // half way to 23,100
		{time.Date(2022, 5, 1, 0, 0, 0, 0, time.UTC), "16600"},
		{time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), "91000"},
	} {
		got, ok := demo.Price("bitcoin", c.day)
		if !ok || !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("Price(bitcoin, %s) = %s, %v; want %s", c.day.Format(time.DateOnly), got, ok, c.want)
		}
	}
	if _, ok := demo.Price("jito-governance-token", time.Now()); ok {
		t.Error("a coin the sample does not know has a price")
	}
}

func TestLedgerIsTheSameEveryTime(t *testing.T) {
	a, b := demo.Ledger(), demo.Ledger()
	n := 0
	for i := range a {
		if string(a[i].CSV) != string(b[i].CSV) {
			t.Fatalf("%s differs between two calls", a[i].Name)
		}
		n += a[i].Rows
	}
	if len(a) != 3 || n < 200 || n > 400 {
		t.Fatalf("%d accounts, %d transactions: want 3 accounts and a few hundred transactions", len(a), n)
	}
}

// TestSeedGivesEveryViewFigures seeds a user, recalculates and checks what the portal's views
// show: three accounts, gains and income in each of the three years, the review queue's findings,
// and that a second seed writes nothing.
func TestSeedGivesEveryViewFigures(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	p, _, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Demo Partner", PortalURL: "http://127.0.0.1/portal"})
	if err != nil {
		t.Fatal(err)
	}
	user, err := partner.NewService(partner.Deps{Pool: pool}).CreateUser(ctx, p.ID, partner.NewUser{ReferenceID: "demo-user"})
	if err != nil {
		t.Fatal(err)
	}
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: p.ID, Method: auth.MethodSecretPair}, user.ClientID, &p.ID)
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := ledger.New(pool)
	svc := demo.Services{Pool: pool, Ledger: l, Recalc: recalc.NewService(pool, jc)}
	seeded, err := demo.Seed(ctx, svc, scope)
	if err != nil || !seeded {
		t.Fatalf("seed: %v, %v", seeded, err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(user.ClientID, "test")); err != nil {
		t.Fatal(err)
	}

	all, err := l.List(ctx, scope, ledger.TxFilter{IncludeSpam: true}, ledger.TxPage{Limit: 500, ExactTotal: true})
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, a := range demo.Ledger() {
		rows += a.Rows
	}
	if all.Total == nil || *all.Total != rows {
		t.Fatalf("the ledger holds %v transactions, the sample %d", all.Total, rows)
	}
	figures := taxfigures.NewService(pool, taxfigures.Prices{}, time.Now)
	for _, y := range []int{2023, 2024, 2025} {
		f, err := figures.Year(ctx, scope, y)
		if err != nil {
			t.Fatal(err)
		}
		gains := f.ShortGain.Add(f.LongGain)
		if f.IsStale || f.Income.Sign() <= 0 || gains.IsZero() || f.DisposalTransactions == 0 {
			t.Errorf("%d: income %s, gains %s, %d disposals, stale %v: want settled income and gains", y, f.Income, gains, f.DisposalTransactions, f.IsStale)
		}
	}

	found := map[string]int{}
	ins, err := clients.NewService(pool, time.Now).Insights(ctx, scope, clients.InsightFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range ins {
		found[in.Type] = in.TransactionCount
	}
	// Unlabeled: the priceless receipt, the payment, the spam airdrop and both halves of the
	// unpaired move (the paired moves need no label). Missing a basis: the priceless receipt, the
	// swap that disposes of its coins, and the spam airdrop (no price) until it is marked spam.
	want := map[string]int{"MISSING_BASIS": 3, "UNLABELED_TRANSACTIONS": 5, "POSSIBLE_SPAM": 1, "POSSIBLE_INTERNAL_TRANSFER": 2}
	for typ, n := range want {
		if found[typ] != n {
			t.Errorf("%s: %d transactions, want %d (all: %v)", typ, found[typ], n, found)
		}
	}
	pairs, err := l.PairSuggestions(ctx, scope, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	from, _ := demo.ByHash(ctx, l, scope, demo.UnpairedMove[0])
	to, _ := demo.ByHash(ctx, l, scope, demo.UnpairedMove[1])
	if len(pairs) != 1 || pairs[0].FromTransactionID != from || pairs[0].ToTransactionID != to {
		t.Errorf("pair suggestions %+v, want the unpaired ETH move %s -> %s", pairs, from, to)
	}
	if found["NEGATIVE_BALANCE"] != 0 || found["UNCOVERED_DISPOSALS"] != 0 {
		t.Errorf("the sample sends more than its accounts hold: %v", found)
	}

	if again, err := demo.Seed(ctx, svc, scope); err != nil || again {
		t.Fatalf("a second seed: %v, %v (want nothing written)", again, err)
	}
}
