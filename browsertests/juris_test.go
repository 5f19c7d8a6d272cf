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

// TestPortalJurisdictions: a GB client and a CA client open the tax page and see their country's
// terms: the tax year named as the country names it (2024/25 from 6 April under GB), gains and
// losses beside allowable costs or the adjusted cost base, the superficial losses denied and the
// taxable half under CA, the country's own reports and no US panel (Form 8949 preview, 1099-DA);
// a disposal's figures name the pool or the adjusted cost base instead of lots. The figures are the
// hand arithmetic of each ledger (the same ledgers as contracttests' GraphQL tests): GB 2024/25
// proceeds 3,300, costs 3,100, gains 400, losses 200, net 200; CA 2024 proceeds 15,000, ACB
// 16,100, gains 900, losses 2,000, denied 2,000, net -1,100, taxable -550. Each page is axe-clean.
func TestPortalJurisdictions(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	w := newWorld(t)
	ctx := context.Background()
	const header = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value\n"
	for _, c := range []struct {
		ref, country, currency, tz, file string
		label, reports                   string
		want                             map[string]string
		match                            string
	}{
		{"uk-user", "GB", "GBP", "Europe/London", header +
			"2024-05-01T12:00:00Z,buy,4000,GBP,2,ETH,4000\n" +
			"2024-06-10T12:00:00Z,sell,1,ETH,2500,GBP,2500\n" +
			"2024-06-20T12:00:00Z,buy,1100,GBP,0.5,ETH,1100\n" +
			"2025-03-01T12:00:00Z,sell,0.5,ETH,800,GBP,800\n",
			"2024/25", "UK_CAPITAL_GAINS_SUMMARY_PDF",
			map[string]string{"proceeds": "330000", "cost-basis": "310000", "gains": "40000", "losses": "20000", "capital-gains": "20000", "income": "0"},
			"THIRTY_DAY,POOL"},
		{"ca-user", "CA", "CAD", "America/Toronto", header +
			"2024-01-10T17:00:00Z,buy,30000,CAD,10,ETH,30000\n" +
			"2024-03-01T17:00:00Z,sell,4,ETH,8000,CAD,8000\n" +
			"2024-03-15T17:00:00Z,buy,4400,CAD,2,ETH,4400\n" +
			"2024-09-01T17:00:00Z,sell,2,ETH,7000,CAD,7000\n",
			"2024", "CA_SCHEDULE_3_PDF",
			map[string]string{"proceeds": "1500000", "cost-basis": "1610000", "gains": "90000", "losses": "200000", "denied-losses": "200000",
				"capital-gains": "-110000", "taxable-gains": "-55000", "income": "0"},
			"ACB"},
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
		// Imported, never calculated: the overview's next step is Calculate, not adding wallets.
		w.do(chromedp.Navigate(portalURL), visible("#overview-empty"), idle())
		if got := w.eval(`document.getElementById('overview-empty').innerText`); !strings.Contains(got, "4 transactions are imported") ||
			!w.has("#overview-calculate") || strings.Contains(got, "Add your wallets") {
			t.Errorf("%s before the first calculation, the overview says %q", c.country, got)
		}
		w.state("overview-not-calculated-" + strings.ToLower(c.country))
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
		w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/tax?year=2024"), visible(`#tax-figures [data-figure="gains"]`), idle())
		got := w.figures()
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s figure %s = %q, want %q (all: %v)", c.country, k, got[k], v, got)
			}
		}
		if _, ok := got["short-term"]; ok {
			t.Errorf("%s: a short-term figure: %v", c.country, got)
		}
		if c.country == "GB" {
			if _, ok := got["denied-losses"]; ok {
				t.Errorf("GB shows denied losses: %v", got)
			}
		}
		if label := w.eval(`document.querySelector('#tax-year option:checked').textContent`); label != c.label {
			t.Errorf("%s: year shown as %q, want %q", c.country, label, c.label)
		}
		if rules := w.eval(`document.querySelector('#tax-rules')?.dataset.jurisdiction || ''`); rules != c.country {
			t.Errorf("%s: the rules note names %q", c.country, rules)
		}
		if h := w.eval(`String(document.querySelector('#form-8949').hidden) + ' ' + document.querySelectorAll('#reconciliation *').length`); h != "true 0" {
			t.Errorf("%s: US panels shown (8949 hidden, reconciliation elements): %s", c.country, h)
		}
		types := w.eval(`[...document.querySelectorAll('#report-type option')].map(o => o.value).join(',')`)
		if !strings.Contains(types, c.reports) || strings.Contains(types, "FORM_8949") || strings.Contains(types, "TURBOTAX") {
			t.Errorf("%s report types: %s", c.country, types)
		}
		// their names are the API's (JurisdictionRules.reports)
		var rr struct {
			C struct {
				R struct{ Reports []struct{ Type, Name string } } `json:"jurisdictionRules"`
			} `json:"getMyActiveClient"`
		}
		w.gql(`{ getMyActiveClient { jurisdictionRules { reports { type name } } } }`, &rr)
		var apiNames []string
		for _, x := range rr.C.R.Reports {
			apiNames = append(apiNames, x.Type+"="+x.Name)
		}
		if names := w.eval(`[...document.querySelectorAll('#report-type option')].map(o => o.value + '=' + o.textContent).join('|')`); names != strings.Join(apiNames, "|") {
			t.Errorf("%s report names: %s, the API's %s", c.country, names, strings.Join(apiNames, "|"))
		}
		w.axe(c.country + " tax page")
		w.shot("tax-" + strings.ToLower(c.country))

		// the transactions of the tax year, by the year filter (GB: 6 April to 5 April): all four
		w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/transactions?year=2024"), visible("#tx-list tr[data-tx]"), idle())
		if n := w.eval(`String(document.querySelectorAll('#tx-list tr[data-tx]').length)`); n != "4" {
			t.Errorf("%s: %s transactions in tax year %s, want 4", c.country, n, c.label)
		}
		// the filters' choices load beside the list: wait for the year's option
		w.do(present(`#f-year option[value="2024"]:checked`))
		if label := w.eval(`document.querySelector('#f-year option:checked').textContent`); label != c.label {
			t.Errorf("%s: the year filter shows %q", c.country, label)
		}
		// the first sale's figures: matched with the pool rules or at the adjusted cost base
		var list struct {
			L struct {
				Transactions []struct {
					ID    string
					Label *string
				}
			} `json:"getClientTransactions"`
		}
		w.gql(fmt.Sprintf(`{ getClientTransactions(clientId: %q, onlyDisposals: true, ascending: true) { transactions { id label } } }`, client), &list)
		if len(list.L.Transactions) != 2 {
			t.Fatalf("%s disposals: %+v", c.country, list)
		}
		w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+"#/transactions/"+list.L.Transactions[0].ID), visible("#why [data-match]"), idle())
		if m := w.eval(`[...document.querySelectorAll('#why [data-match]')].map(e => e.dataset.match).join(',')`); m != c.match {
			t.Errorf("%s: the sale's pieces are matched %q, want %q", c.country, m, c.match)
		}
		if c.country == "CA" {
			if d := w.eval(`document.querySelector('#why [data-denied]')?.dataset.denied || ''`); d != "200000" {
				t.Errorf("CA: the denied loss shown is %q cents, want 200000", d)
			}
		}
		w.axe(c.country + " transaction")

		// Every page in the country's terms: Overview, Transactions, the sale, Taxes, Portfolio and
		// Review name no US term, and the tax year as the country names it.
		pages := []struct{ name, hash, ready string }{
			{"overview", "#/", `#summary-cards [data-figure="capital-gains"]`},
			{"transactions", "#/transactions?year=2024", "#tx-list tr[data-tx]"},
			{"transaction", "#/transactions/" + list.L.Transactions[0].ID, "#why [data-match]"},
			{"tax", "#/tax?year=2024", `#tax-figures [data-figure="gains"]`},
			{"portfolio", "#/portfolio", "#holdings-table, #portfolio-empty"},
		}
		for _, pg := range pages {
			w.do(chromedp.Navigate(w.url+"/portal?partner="+w.partnerID.String()+pg.hash), visible(pg.ready), idle())
			text := w.eval(`document.getElementById('view').innerText + ' ' + document.title`)
			for _, us := range usTerms {
				if strings.Contains(strings.ToLower(text), us) {
					t.Errorf("%s %s page says the US term %q: %.300s", c.country, pg.name, us, text[max(0, strings.Index(strings.ToLower(text), us)-120):])
				}
			}
			if pg.name == "overview" && !strings.Contains(text, c.label+" capital gains") && !strings.Contains(text, c.label+" gains") {
				t.Errorf("%s overview does not name the tax year %s: %.400s", c.country, c.label, text)
			}
			w.state(fmt.Sprintf("juris-%s-%s", strings.ToLower(c.country), pg.name))
			if pg.name == "overview" {
				w.checkEstimate(c.country, client.String())
			}
			if pg.name == "tax" {
				// every tax year from the ledger's to the current one, none skipped (2025/26 under GB)
				y2025 := map[string]string{"GB": "2025/26", "CA": "2025"}[c.country]
				if opts := w.eval(`[...document.querySelectorAll('#tax-year option')].map(o => o.textContent).join(',')`); !strings.Contains(opts, y2025) {
					t.Errorf("%s: the tax years offered are %s, without %s", c.country, opts, y2025)
				}
				// the report's name fits its select on a phone
				w.do(chromedp.EmulateViewport(390, 900))
				cut := w.eval(`(() => { const s = document.getElementById('report-type'); const c = document.createElement('canvas').getContext('2d');
					c.font = getComputedStyle(s).font; const room = s.clientWidth - 40;
					return [...s.options].filter(o => c.measureText(o.textContent).width > room).map(o => o.textContent).join('; '); })()`)
				w.do(chromedp.EmulateViewport(1280, 900))
				if cut != "" {
					t.Errorf("%s: report names cut in their select at 390 px: %s", c.country, cut)
				}
			}
		}
	}
}

// usTerms are words of the US rules that a GB or CA client's pages never show (lower case).
var usTerms = []string{"short-term", "long-term", "short term", "long term", "cost basis", "form 8949", "8949", "1099", "schedule d", "irs ", "-£0.00", "-ca$0.00", "-$0.00"}

// present waits until an element matching the CSS selector is in the page (rendered or not: a
// select's options have no boxes of their own).
func present(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`!!document.querySelector(%q)`, sel)
		for {
			ok, err := chromedp.Evaluate[bool](js)(ctx, t)
			if err == nil && ok {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %s: %w", sel, ctx.Err())
			case <-time.After(100 * time.Millisecond):
			}
		}
	})
}

// checkEstimate: the overview's estimated tax is the API's (getTaxEstimate) at the default rate and,
// after the person picks the other rate, at that one, with the focus kept on the rate's select.
// The client's year 2024 has a net gain within the allowance (GB: 200 of 3,000) or a net loss (CA):
// nothing to tax at either rate.
func (w *world) checkEstimate(country, client string) {
	w.t.Helper()
	estimate := func(bracket string) (tax int64, allowance string) {
		var e struct {
			E *struct {
				TaxCents                              int64
				AllowanceAppliedCents, AllowanceCents int64
			} `json:"getTaxEstimate"`
		}
		arg := ""
		if bracket != "" {
			arg = fmt.Sprintf(", bracket: %q", bracket)
		}
		w.gql(fmt.Sprintf(`{ getTaxEstimate(clientId: %q, year: "2024"%s) { taxCents allowanceAppliedCents allowanceCents } }`, client, arg), &e)
		if e.E == nil {
			w.t.Fatalf("%s: no estimate for 2024", country)
		}
		return e.E.TaxCents, fmt.Sprintf("%d of %d", e.E.AllowanceAppliedCents, e.E.AllowanceCents)
	}
	w.do(visible("#tax-estimate [data-figure=estimated-tax]"))
	tax, allowance := estimate("")
	shown := w.eval(`document.getElementById('tax-estimate').innerText`)
	want := map[string]string{"GB": "£0.00", "CA": "CA$0.00"}[country]
	if tax != 0 || !strings.Contains(shown, "Estimated tax for "+map[string]string{"GB": "2024/25", "CA": "2024"}[country]+": "+want) ||
		!strings.Contains(shown, "What this estimate assumes") {
		w.t.Errorf("%s: the estimate shows %q (API: %d cents)", country, shown, tax)
	}
	if country == "GB" && (allowance != "20000 of 300000" || !strings.Contains(shown, "Tax-free allowance used: £200.00 of £3,000.00")) {
		w.t.Errorf("GB: the allowance shown %q (API: %s)", shown, allowance)
	}
	other := map[string]string{"GB": "higher", "CA": "33"}[country]
	w.eval(`(() => { const s = document.getElementById('estimate-bracket'); s.focus(); s.value = '` + other + `';
		s.dispatchEvent(new Event('change')); return ''; })()`)
	w.do(present(`#estimate-bracket option[value="` + other + `"]:checked`))
	if tax2, _ := estimate(other); tax2 != 0 {
		w.t.Errorf("%s at %s: %d cents", country, other, tax2)
	}
	if f := w.eval(`document.activeElement.id`); f != "estimate-bracket" {
		w.t.Errorf("%s: after picking a rate the focus is on %q", country, f)
	}
	w.state("overview-estimate-" + strings.ToLower(country))
}
