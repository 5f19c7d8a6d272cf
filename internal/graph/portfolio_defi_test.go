package graph_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/graph"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/portfolio"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// defiRow is what TestPortfolioDefiPositions reads of a getPortfolioV2 row.
type defiRow struct {
	AmountExact    string
	ValueCents     *int64
	CostBasisCents int64
	Price          *float64
	IsReceipt      bool
	AccountIds     []string
	Asset          struct{ Symbol string }
	DefiPosition   *struct {
		ID, Name           string
		Protocol, Provider *string
	}
}

type defiPage struct {
	Positions                            []defiRow
	Total                                int
	TotalValueCents, TotalCostBasisCents int64
	TotalUnrealizedGainCents             int64
}

// TestPortfolioDefiPositions: a wallet buys 100 USDC for $98 and 60 DAI for $57, puts 40 USDC and 30
// DAI into the Uniswap v2 DAI/USDC pool for 0.5 UNI-V2 (labelled as the protocol rule labels them:
// lp_deposit legs with the position id, the receipt leg `receipt`), buys 0.2 UNI-V2 for $50, then
// takes 10 USDC and 8 DAI back for 0.1 UNI-V2. Today USDC is worth $1, DAI $0.99, and a person priced
// UNI-V2 at $1,000.
//
// By hand: the pool holds 30 USDC (basis 30 × 0.98 = $29.40) and 22 DAI (22 × 0.95 = $20.90), worth
// $30.00 and $21.78; the wallet 70 USDC ($68.60 basis, $70.00) and 38 DAI ($36.10, $37.62). Of its
// 0.6 UNI-V2, the 0.2 bought are a holding like any other ($50.00 basis, $200.00) and the 0.4 left of
// the receipt are not a holding of value. Totals, each coin once: value $359.40, basis $205.00.
// includeDefi false leaves the pool's rows and the receipt out: $307.62 of value, $154.70 of basis.
// USDC's asset key finds the wallet's 70 and the pool's 30: $100.00 of value, $98.00 of basis.
func TestPortfolioDefiPositions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := testfactory.Client(t, pool)
	wallet := testfactory.Account(t, pool, client, testfactory.Named("Hot wallet"))
	other := testfactory.Account(t, pool, client, testfactory.Named("Cold wallet"))
	usdc := testfactory.Asset(t, pool, client, testfactory.Coin("ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "USDC"))
	dai := testfactory.Asset(t, pool, client, testfactory.Coin("ethereum:0x6b175474e89094c44da98b954eedeac495271d0f", "DAI"))
	lp := testfactory.Asset(t, pool, client, testfactory.Coin("ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5", "UNI-V2"))
	for asset, price := range map[uuid.UUID]string{usdc: "1", dai: "0.99", lp: "1000"} {
		testfactory.Exec(t, pool, `UPDATE assets SET price_override = $2, use_platform_price = false WHERE id = $1`, asset, price)
	}
	const position = "uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5"
	write := auth.JobWriteScope(client, "test")
	at := func(month int) time.Time { return time.Date(2024, time.Month(month), 1, 12, 0, 0, 0, time.UTC) }
	str := func(s string) *string { return &s }
	usd := func(s string) decimal.NullDecimal { return decimal.NewNullDecimal(decimal.RequireFromString(s)) }
	if err := ledger.New(pool).Update(ctx, write, ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		buy, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at(1)})
		if err != nil {
			return err
		}
		for _, in := range []ledger.NewTransfer{
			{AssetID: usdc, Quantity: decimal.NewFromInt(100), ToAccountID: &wallet, FiatValue: usd("98")},
			{AssetID: dai, Quantity: decimal.NewFromInt(60), ToAccountID: &wallet, FiatValue: usd("57")},
		} {
			if _, err := e.AddTransfer(buy.ID, in); err != nil {
				return err
			}
		}
		deposit, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at(2), Label: str("lp_deposit")})
		if err != nil {
			return err
		}
		for _, in := range []ledger.NewTransfer{
			{AssetID: usdc, Quantity: decimal.NewFromInt(40), FromAccountID: &wallet, Label: str("lp_deposit"), StakingID: str(position)},
			{AssetID: dai, Quantity: decimal.NewFromInt(30), FromAccountID: &wallet, Label: str("lp_deposit"), StakingID: str(position)},
			{AssetID: lp, Quantity: decimal.RequireFromString("0.5"), ToAccountID: &wallet, Label: str("receipt")},
		} {
			if _, err := e.AddTransfer(deposit.ID, in); err != nil {
				return err
			}
		}
		bought, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at(4)})
		if err != nil {
			return err
		}
		if _, err := e.AddTransfer(bought.ID, ledger.NewTransfer{AssetID: lp, Quantity: decimal.RequireFromString("0.2"), ToAccountID: &wallet,
			FiatValue: usd("50")}); err != nil {
			return err
		}
		withdrawal, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at(3), Label: str("lp_withdrawal")})
		if err != nil {
			return err
		}
		for _, in := range []ledger.NewTransfer{
			{AssetID: usdc, Quantity: decimal.NewFromInt(10), ToAccountID: &wallet, Label: str("lp_withdrawal"), StakingID: str(position)},
			{AssetID: dai, Quantity: decimal.NewFromInt(8), ToAccountID: &wallet, Label: str("lp_withdrawal"), StakingID: str(position)},
			{AssetID: lp, Quantity: decimal.RequireFromString("0.1"), FromAccountID: &wallet, Label: str("receipt")},
		} {
			if _, err := e.AddTransfer(withdrawal.ID, in); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, write); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx, db.New(pool), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: pool, Now: time.Now}, Ledger: ledger.New(pool), Portfolio: portfolio.NewService(pool, nil, nil),
	}, false))
	t.Cleanup(srv.Close)

	read := func(args string, vars map[string]any) defiPage {
		t.Helper()
		vars["c"] = client.String()
		r := post(t, srv.URL, `query($c: ID!, $accounts: [ID!]) { getPortfolioV2(clientId: $c, onlyIncludedAccountIds: $accounts`+args+`) {
			positions { amountExact valueCents costBasisCents price isReceipt accountIds asset { symbol }
				defiPosition { id name protocol provider } }
			total totalValueCents totalCostBasisCents totalUnrealizedGainCents } }`, vars)
		if len(r.Errors) > 0 {
			t.Fatalf("getPortfolioV2(%s): %v", args, r.Errors)
		}
		var p defiPage
		if err := json.Unmarshal(r.Data["getPortfolioV2"], &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// key names a row: its symbol, and where it is held
	key := func(r defiRow) string {
		switch {
		case r.IsReceipt:
			return r.Asset.Symbol + " receipt"
		case r.DefiPosition != nil:
			return r.Asset.Symbol + " in " + r.DefiPosition.Name
		}
		return r.Asset.Symbol
	}
	type want struct {
		amount string
		value  *int64 // nil: no value
		basis  int64
	}
	cents := func(c int64) *int64 { return &c }
	check := func(name string, p defiPage, rows map[string]want, value, basis int64) {
		t.Helper()
		if p.Total != len(rows) || len(p.Positions) != len(rows) {
			t.Errorf("%s: %d rows of %d, want %d", name, len(p.Positions), p.Total, len(rows))
		}
		for _, r := range p.Positions {
			w, ok := rows[key(r)]
			if !ok {
				t.Errorf("%s: unexpected row %q %+v", name, key(r), r)
				continue
			}
			if r.AmountExact != w.amount || (w.value == nil) != (r.ValueCents == nil) || (w.value != nil && *w.value != *r.ValueCents) ||
				r.CostBasisCents != w.basis {
				t.Errorf("%s: row %q: %s, value %v, basis %d; want %s, %v, %v", name, key(r), r.AmountExact, deref(r.ValueCents), r.CostBasisCents,
					w.amount, deref(w.value), w.basis)
			}
		}
		if p.TotalValueCents != value || p.TotalCostBasisCents != basis || p.TotalUnrealizedGainCents != value-basis {
			t.Errorf("%s: totals value %d, basis %d, gain %d; want %d, %d, %d", name, p.TotalValueCents, p.TotalCostBasisCents,
				p.TotalUnrealizedGainCents, value, basis, value-basis)
		}
	}

	const pool2 = "Uniswap v2 DAI/USDC pool"
	wallets := map[string]want{"USDC": {"70", cents(7000), 6860}, "DAI": {"38", cents(3762), 3610}, "UNI-V2": {"0.2", cents(20000), 5000}}
	all := map[string]want{"USDC in " + pool2: {"30", cents(3000), 2940}, "DAI in " + pool2: {"22", cents(2178), 2090},
		"UNI-V2 receipt": {"0.4", nil, 0}}
	for k, v := range wallets {
		all[k] = v
	}
	byDefault := read("", map[string]any{})
	check("default", byDefault, all, 35940, 20500)
	for _, r := range byDefault.Positions {
		switch {
		case r.IsReceipt:
			if r.Price != nil || r.DefiPosition == nil || r.DefiPosition.ID != position {
				t.Errorf("the receipt %+v: want no price, linked to %s", r, position)
			}
		case r.DefiPosition != nil:
			d := r.DefiPosition
			if d.ID != position || d.Protocol == nil || *d.Protocol != "Uniswap v2" || d.Provider == nil || *d.Provider != "ethereum" ||
				!slices.Equal(r.AccountIds, []string{wallet.String()}) {
				t.Errorf("the pool's %s row: %+v, position %+v", r.Asset.Symbol, r, *d)
			}
		}
	}
	check("includeDefi false", read(", includeDefi: false", map[string]any{}), wallets, 7000+3762+20000, 6860+3610+5000)
	defiOnly := map[string]want{}
	for k, v := range all {
		if _, ok := wallets[k]; !ok {
			defiOnly[k] = v
		}
	}
	check("type DEFI", read(", type: DEFI", map[string]any{}), defiOnly, 3000+2178, 2940+2090)
	check("the depositing wallet", read("", map[string]any{"accounts": []string{wallet.String()}}), all, 35940, 20500)
	check("another wallet", read("", map[string]any{"accounts": []string{other.String()}}), map[string]want{}, 0, 0)
	check("USDC's rows", read(`, assetKey: "ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"`, map[string]any{}),
		map[string]want{"USDC": wallets["USDC"], "USDC in " + pool2: all["USDC in "+pool2]}, 7000+3000, 6860+2940)
	check("search by the pool's name", read(`, search: "uniswap"`, map[string]any{}),
		map[string]want{"USDC in " + pool2: all["USDC in "+pool2], "DAI in " + pool2: all["DAI in "+pool2]}, 3000+2178, 2940+2090)
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
