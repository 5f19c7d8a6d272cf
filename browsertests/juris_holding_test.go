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

// TestPortalHoldingRules: a DE client and an AU client open the tax page and see their country's
// terms: the holding classes named as the rules name them (taxable and tax-free; non-discount and
// discount gains), the Freigrenze and the taxable figures after it (DE), the net capital losses
// brought forward, the discount and the net capital gain of income year 2023-24 (AU), and their own
// reports. The figures are the hand arithmetic of contracttests' deLedger and auLedger: DE 2024
// taxable pieces 999.99 (below the 1,000 Freigrenze: taxable 0) and 550 tax-free; AU 2023-24 gains
// 3,520, losses 600, 400 brought forward, discount 1,260, net capital gain 1,260. Each page is
// axe-clean.
func TestPortalHoldingRules(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	const header = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value\n"
	for _, c := range []struct {
		ref, country, currency, tz, file string
		year, label, reports, longWord   string
		want                             map[string]string
	}{
		{"de-user", "DE", "EUR", "Europe/Berlin", header +
			"2023-03-15T12:00:00Z,buy,1000,EUR,1,ETH,1000\n" +
			"2024-03-15T12:00:00Z,sell,0.5,ETH,1000,EUR,1000\n" +
			"2024-03-16T12:00:00Z,sell,0.25,ETH,800,EUR,800\n" +
			"2024-06-01T12:00:00Z,buy,100,EUR,1,SOL,100\n" +
			"2024-07-01T12:00:00Z,sell,1,SOL,599.99,EUR,599.99\n",
			"2024", "2024", "DE_ANLAGE_SO_PDF", "Tax-free (held over a year) gains",
			map[string]string{"short-term": "99999", "long-term": "55000", "gains": "99999", "losses": "0", "capital-gains": "154999",
				"threshold": "100000", "taxable-gains": "0", "taxable-income": "0"}},
		{"au-user", "AU", "AUD", "Australia/Sydney", header +
			"2022-09-01T02:00:00Z,buy,1000,AUD,1000,XRP,1000\n" +
			"2022-10-01T02:00:00Z,sell,1000,XRP,600,AUD,600\n" +
			"2022-10-15T02:00:00Z,buy,5000,AUD,1,BTC,5000\n" +
			"2023-08-01T02:00:00Z,buy,2000,AUD,10,SOL,2000\n" +
			"2023-09-01T02:00:00Z,buy,1000,AUD,1,ETH,1000\n" +
			"2024-01-15T02:00:00Z,sell,1,BTC,8000,AUD,8000\n" +
			"2024-02-01T02:00:00Z,sell,1,ETH,1520,AUD,1520\n" +
			"2024-03-01T02:00:00Z,sell,10,SOL,1400,AUD,1400\n",
			"2023", "2023-24", "AU_CGT_SCHEDULE_PDF", "Discount gain (held 12 months) gains",
			map[string]string{"short-term": "-8000", "long-term": "300000", "gains": "352000", "losses": "60000", "losses-brought-forward": "40000",
				"discount": "126000", "taxable-gains": "126000", "losses-carried-forward": "0"}},
	} {
		w.api("POST", "/users", fmt.Sprintf(`{"userId":%q}`, c.ref), 201, nil)
		client := w.clientID(c.ref)
		portalURL := w.accessToken(c.ref, "")
		w.gqlToken, w.gqlClient = w.tokenFromURL(portalURL), client.String()
		var u map[string]any
		w.gql(fmt.Sprintf(`mutation { updateClient(clientId: %q, country: %s, currency: %s, timezone: %q) { id } }`, client, c.country, c.currency, c.tz), &u)
		if _, err := fileimport.Import(ctx, w.pool, fileimport.Request{ClientID: client, Name: "Ledger", Format: imports.CSVGeneric,
			File: strings.NewReader(c.file), Actor: "user:test"}); err != nil {
			t.Fatalf("%s import: %v", c.country, err)
		}
		scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: w.partnerID, Method: auth.MethodSecretPair}, client, &w.partnerID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := recalc.NewService(w.pool, w.jobs).Request(ctx, scope, recalc.Options{}); err != nil {
			t.Fatal(err)
		}
		testwait.For(t, c.country+"'s recalculation to finish", 60*time.Second, func() bool {
			var j struct {
				J *struct{ ID string } `json:"getActiveRecalculateJob"`
			}
			w.gql(fmt.Sprintf(`{ getActiveRecalculateJob(clientId: %q) { id } }`, client), &j)
			return j.J == nil
		})

		w.do(chromedp.Navigate(portalURL), visible("#recalc-settled"))
		w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/tax?year="+c.year), visible(`#tax-figures [data-figure="taxable-gains"]`), idle())
		got := w.figures()
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s figure %s = %q, want %q (all: %v)", c.country, k, got[k], v, got)
			}
		}
		if l := w.eval(`document.querySelector('#tax-figures [data-figure="long-term"] dt').textContent`); l != c.longWord {
			t.Errorf("%s: the long-term figure is called %q, want %q", c.country, l, c.longWord)
		}
		if label := w.eval(`document.querySelector('#tax-year option:checked').textContent`); label != c.label {
			t.Errorf("%s: year shown as %q, want %q", c.country, label, c.label)
		}
		types := w.eval(`[...document.querySelectorAll('#report-type option')].map(o => o.value).join(',')`)
		if !strings.HasPrefix(types, c.reports) || strings.Contains(types, "FORM_8949") {
			t.Errorf("%s report types: %s", c.country, types)
		}
		w.axe(c.country + " tax page")
		w.shot("tax-" + strings.ToLower(c.country))

		// the overview's card of the latest year: its label and the holding classes in the rules' words
		w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/"), visible(`#summary-cards [data-figure="capital-gains"]`), idle())
		card := w.eval(`document.querySelector('#summary-cards [data-figure="capital-gains"]').textContent`)
		if !strings.HasPrefix(card, c.label+" capital gains") || !strings.Contains(card, strings.TrimSuffix(c.longWord, " gains")) {
			t.Errorf("%s: the overview's capital gains card reads %q", c.country, card)
		}
		// rates not known for these rules: what to do next says nothing about tax
		w.do(visible(`#next-steps [data-next="download"]`))
		if w.has("#tax-estimate") || strings.Contains(w.eval(`document.getElementById('next-steps').innerText`), "tax for") {
			t.Errorf("%s: the overview estimates a tax without known rates", c.country)
		}
	}
}
