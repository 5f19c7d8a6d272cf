package browsertests

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/recalc"
	"taxd/internal/testwait"
)

// TestPortalLastKnownPrice: 1,000 DOGE, which the price feed no longer prices, whose last cached
// price is $0.15 on 1 March 2024, and 5 QQZ that no source ever priced. The portfolio shows the DOGE
// at its last known price and value (1,000 x 0.15 = $150.00) marked "as of Mar 1, 2024", the QQZ
// with "No price data"; the value card and the overview's portfolio card give the value at the last
// known prices, as of that day.
func TestPortalLastKnownPrice(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	w.api("POST", "/users", `{"userId":"last-price-user"}`, 201, nil)
	client := w.clientID("last-price-user")
	portalURL := w.accessToken("last-price-user", "")
	w.gqlToken, w.gqlClient = w.tokenFromURL(portalURL), client.String()
	if _, err := fileimport.Import(ctx, w.pool, fileimport.Request{ClientID: client, Name: "Coins", Format: imports.CSVGeneric,
		File: strings.NewReader("date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n" +
			"2024-02-01T12:00:00Z,buy,,,1000,DOGE,80\n2024-02-02T12:00:00Z,deposit,,,5,QQZ,\n"),
		Actor: "user:test"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.pool.Exec(ctx, `INSERT INTO prices (price_key, day, usd, source) VALUES ('coingecko:dogecoin', '2024-02-01', 0.08, 'test'),
		('coingecko:dogecoin', '2024-03-01', 0.15, 'test')`); err != nil {
		t.Fatal(err)
	}
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
	if err != nil {
		t.Fatal(err)
	}
	recalculate := func() {
		if _, err := recalc.NewService(w.pool, w.jobs).Request(ctx, scope, recalc.Options{}); err != nil {
			t.Fatal(err)
		}
		testwait.For(t, "the recalculation", 60*time.Second, func() bool {
			var j struct {
				J *struct{ ID string } `json:"getActiveRecalculateJob"`
			}
			w.gql(fmt.Sprintf(`{ getActiveRecalculateJob(clientId: %q) { id } }`, client), &j)
			return j.J == nil
		})
	}
	recalculate()
	// the API: the last known price and value of the DOGE, nothing for the QQZ
	var p struct {
		P struct {
			Positions []struct {
				Asset                      struct{ Symbol string }
				Price, LastPrice           *float64
				ValueCents, LastValueCents *int64
				LastPriceDate              *string
			}
			TotalValueCents int64
		} `json:"getPortfolioV2"`
	}
	w.gql(fmt.Sprintf(`{ getPortfolioV2(clientId: %q) { positions { asset { symbol } price lastPrice valueCents lastValueCents lastPriceDate } totalValueCents } }`, client), &p)
	got := map[string]string{}
	for _, x := range p.P.Positions {
		s := "none"
		if x.LastPrice != nil && x.LastValueCents != nil && x.LastPriceDate != nil {
			s = fmt.Sprintf("%v %d %s", *x.LastPrice, *x.LastValueCents, *x.LastPriceDate)
		}
		if x.Price != nil || x.ValueCents != nil {
			s = "priced"
		}
		got[x.Asset.Symbol] = s
	}
	if got["DOGE"] != "0.15 15000 2024-03-01" || got["QQZ"] != "none" || p.P.TotalValueCents != 0 {
		t.Errorf("getPortfolioV2: %v, total %d", got, p.P.TotalValueCents)
	}

	w.do(chromedp.Navigate(portalURL), visible("#recalc-settled"))
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/portfolio"), visible("#holdings-table"), idle())
	row := func(symbol string) string {
		return w.eval(`(() => { const r = [...document.querySelectorAll('#holdings-table tbody tr')].find(r => r.innerText.includes('` + symbol + `'));
			return r ? r.innerText.replace(/\s+/g, ' ') : ''; })()`)
	}
	if doge := row("DOGE"); !strings.Contains(doge, "$0.15 as of Mar 1, 2024") || !strings.Contains(doge, "$150.00 as of Mar 1, 2024") {
		t.Errorf("the DOGE row says %q", doge)
	}
	if qqz := row("QQZ"); !strings.Contains(qqz, "No price data") || strings.Contains(qqz, "as of") {
		t.Errorf("the QQZ row says %q", qqz)
	}
	if v := w.eval(`document.querySelector('#portfolio-totals [data-figure="value"], [data-figure="value"]').innerText.replace(/\s+/g, ' ')`); !strings.Contains(v, "$150.00") ||
		!strings.Contains(v, "as of Mar 1, 2024") {
		t.Errorf("the value card says %q", v)
	}
	w.state("portfolio-last-price")
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible(`#summary-cards [data-figure="portfolio"]`), idle())
	if v := w.eval(`document.querySelector('#summary-cards [data-figure="portfolio"]').innerText.replace(/\s+/g, ' ')`); !strings.Contains(v, "$150.00") ||
		!strings.Contains(v, "as of Mar 1, 2024") {
		t.Errorf("the overview's portfolio card says %q", v)
	}
	w.state("overview-last-price")

	// With a coin priced today beside them, the totals are today's and the last known value is said apart.
	if _, err := fileimport.Import(ctx, w.pool, fileimport.Request{ClientID: client, Name: "Ether", Format: imports.CSVGeneric,
		File:  strings.NewReader("date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n2024-02-01T12:00:00Z,buy,,,1,ETH,2500\n"),
		Actor: "user:test"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.pool.Exec(ctx, `INSERT INTO prices (price_key, day, usd, source) VALUES ('coingecko:ethereum', current_date, 3000, 'test')
		ON CONFLICT DO NOTHING`); err != nil {
		t.Fatal(err)
	}
	recalculate()
	// the portfolio first: its address differs from the overview's, so the overview is drawn again after
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/portfolio"), visible("#holdings-table"), idle())
	w.waitFor("the ether in the portfolio's value card", func() (bool, string) {
		v := w.eval(`document.querySelector('[data-figure="value"]').innerText.replace(/\s+/g, ' ')`)
		return strings.Contains(v, "2 holdings without a price today, left out (last known prices below)"), v
	})
	if doge := row("DOGE"); !strings.Contains(doge, "$150.00 as of Mar 1, 2024") {
		t.Errorf("beside a priced coin the DOGE row says %q", doge)
	}
	w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible(`#summary-cards [data-figure="portfolio"]`), idle())
	if v := w.eval(`document.querySelector('#summary-cards [data-figure="portfolio"]').innerText.replace(/\s+/g, ' ')`); !strings.Contains(v, "2 without a price today (last known $150.00, as of Mar 1, 2024)") {
		t.Errorf("the overview's portfolio card beside a priced coin says %q", v)
	}
}
