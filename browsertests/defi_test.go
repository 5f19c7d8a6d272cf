package browsertests

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// TestPortalDefiPositions: a wallet that bought 100 USDC for $98 and 60 DAI for $57 and put 40 USDC and
// 30 DAI into the Uniswap v2 DAI/USDC pool for 0.5 UNI-V2 (as the protocol rule labels a deposit)
// opens its portfolio. The pool has a panel of its own: its coins with the basis they came in with
// (40 × $0.98 = $39.20, 30 × $0.95 = $28.50) and their value at today's prices ($1 and $0.99 a coin),
// and the UNI-V2 held for it, which is not a holding of value. The holdings table lists what stayed
// in the wallet (60 USDC, 30 DAI) and not the receipt; the value card counts each coin once: $100.00 +
// $59.40 = $159.40 (a person priced UNI-V2 at $1,000: it adds nothing). Axe-clean, no overflow on a phone.
func TestPortalDefiPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	w.api("POST", "/users", `{"userId":"defi-user"}`, 201, nil)
	client := w.clientID("defi-user")
	portalURL := w.accessToken("defi-user", "")
	wallet := testfactory.Account(t, w.pool, client, testfactory.Named("Hot wallet"))
	usdc := testfactory.Asset(t, w.pool, client, testfactory.Coin("ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "USDC"))
	dai := testfactory.Asset(t, w.pool, client, testfactory.Coin("ethereum:0x6b175474e89094c44da98b954eedeac495271d0f", "DAI"))
	lp := testfactory.Asset(t, w.pool, client, testfactory.Coin("ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5", "UNI-V2"))
	testfactory.Exec(t, w.pool, `UPDATE assets SET use_platform_price = false, price_override = CASE id WHEN $1 THEN 1 WHEN $2 THEN 0.99 ELSE 1000 END
		WHERE id IN ($1, $2, $3)`, usdc, dai, lp)
	const position = "uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5"
	write := auth.JobWriteScope(client, "test")
	str := func(s string) *string { return &s }
	num := decimal.RequireFromString
	if err := ledger.New(w.pool).Update(ctx, write, ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		buy, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: time.Date(2024, 1, 10, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		deposit, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: time.Date(2024, 2, 1, 12, 0, 0, 0, time.UTC),
			Label: str("lp_deposit")})
		if err != nil {
			return err
		}
		for _, in := range []struct {
			tx uuid.UUID
			t  ledger.NewTransfer
		}{
			{buy.ID, ledger.NewTransfer{AssetID: usdc, Quantity: num("100"), ToAccountID: &wallet, FiatValue: decimal.NewNullDecimal(num("98"))}},
			{buy.ID, ledger.NewTransfer{AssetID: dai, Quantity: num("60"), ToAccountID: &wallet, FiatValue: decimal.NewNullDecimal(num("57"))}},
			{deposit.ID, ledger.NewTransfer{AssetID: usdc, Quantity: num("40"), FromAccountID: &wallet, Label: str("lp_deposit"), StakingID: str(position)}},
			{deposit.ID, ledger.NewTransfer{AssetID: dai, Quantity: num("30"), FromAccountID: &wallet, Label: str("lp_deposit"), StakingID: str(position)}},
			{deposit.ID, ledger.NewTransfer{AssetID: lp, Quantity: num("0.5"), ToAccountID: &wallet, Label: str("receipt")}},
		} {
			if _, err := e.AddTransfer(in.tx, in.t); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: w.pool}).Run(ctx, write); err != nil {
		t.Fatal(err)
	}

	w.do(chromedp.Navigate(portalURL), visible("#recalc-settled"))
	pool := `#defi [data-position="` + position + `"]`
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/portfolio"), visible(pool+" table"), visible("#holdings-table"), idle())
	if got := w.eval(`document.querySelector('` + pool + ` h3').textContent`); got != "Uniswap v2 DAI/USDC pool" {
		t.Errorf("the pool is called %q", got)
	}
	rows := func(sel string) string {
		return w.eval(`[...document.querySelectorAll('` + sel + ` tbody tr')].map(r => [...r.cells].map(c => c.textContent.trim()).join(' | ')).join('\n')`)
	}
	// coin, quantity, value, cost basis, unrealized: by value
	wantPool := "USDC | 40 | $40.00 | $39.20 | +$0.80 (+2%)\nDAI | 30 | $29.70 | $28.50 | +$1.20 (+4.2%)"
	if got := rows(pool); got != wantPool {
		t.Errorf("the pool's coins:\n%s\nwant\n%s", got, wantPool)
	}
	if got := w.eval(`document.querySelector('` + pool + `').textContent`); !strings.Contains(got, "Receipt held: 0.5 UNI-V2") {
		t.Errorf("the pool does not show the receipt held for it: %q", got)
	}
	held := rows("#holdings-table")
	if strings.Contains(held, "UNI-V2") || !strings.HasPrefix(held, "USDC") || !strings.Contains(held, "\nDAI") || strings.Count(held, "\n") != 1 {
		t.Errorf("the holdings table lists:\n%s\nwant the wallet's USDC and DAI alone", held)
	}
	if got := w.eval(`document.querySelector('#portfolio-totals [data-figure="value"] .card-value').textContent`); got != "$159.40" {
		t.Errorf("the value card shows %s, want $159.40", got)
	}
	if got := w.eval(`document.querySelector('#portfolio-totals [data-figure="basis"] .card-value').textContent`); got != "$155.00" {
		t.Errorf("the cost basis card shows %s, want $155.00", got)
	}
	w.axe("portfolio with a DeFi position")
	w.shot("portfolio-defi-1280")
	w.do(chromedp.EmulateViewport(390, 900), idle())
	w.noOverflow("portfolio with a DeFi position", 390)
	w.shot("portfolio-defi-390")
}
