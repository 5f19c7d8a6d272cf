package contracttests

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/testwait"
)

// recalculate asks for a run and waits for it to finish.
func (f *gqlFlow) recalculate(c string) {
	f.t.Helper()
	f.must(`mutation($c: ID!) { rerunGraph(clientId: $c) }`, map[string]any{"c": c}, nil)
	testwait.For(f.t, "the recalculation to finish", 60*time.Second, func() bool {
		var st struct {
			J *struct{ ID string } `json:"getActiveRecalculateJob"`
		}
		f.must(`query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id } }`, map[string]any{"c": c}, &st)
		return st.J == nil
	})
}

// upload imports a generic CSV file through createUploadUrl and uploadManualTransactions and
// waits for the import job.
func (f *gqlFlow) upload(c, file string) {
	f.t.Helper()
	var u struct {
		U uploadURL `json:"createUploadUrl"`
	}
	f.must(createUploadURLQuery, map[string]any{"c": c, "n": "ledger.csv"}, &u)
	if status, body := putFile(f.t, f.e, u.U.URL, strings.NewReader(file), int64(len(file))); status != http.StatusCreated {
		f.t.Fatalf("upload: %d %s", status, body)
	}
	var job struct {
		ID string `json:"uploadManualTransactions"`
	}
	f.must(importUploadQuery, map[string]any{"c": c, "k": u.U.FileObjectKey}, &job)
	if st, why := f.e.importJob(f.t, job.ID); st != "SUCCEEDED" {
		f.t.Fatalf("import: %s %s", st, why)
	}
}

// gbLedger is a GB client's file in pounds (TestGraphQLJurisdictionGB has the arithmetic): in tax
// year 2024/25, proceeds 3,300, costs 3,100, gains 400, losses 200.
const gbLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2024-05-01T12:00:00Z,buy,4000,GBP,2,ETH,,,4000\n" +
	"2024-06-10T12:00:00Z,sell,1,ETH,2500,GBP,,,2500\n" +
	"2024-06-20T12:00:00Z,buy,1100,GBP,0.5,ETH,,,1100\n" +
	"2025-03-01T12:00:00Z,sell,0.5,ETH,800,GBP,,,800\n"

// caLedger is a CA client's file in dollars (TestGraphQLJurisdictionCA has the arithmetic): in
// 2024, proceeds 15,000, costs 16,100, gains 900, losses 2,000 after 2,000 denied as superficial.
const caLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2024-01-10T17:00:00Z,buy,30000,CAD,10,ETH,,,30000\n" +
	"2024-03-01T17:00:00Z,sell,4,ETH,8000,CAD,,,8000\n" +
	"2024-03-15T17:00:00Z,buy,4400,CAD,2,ETH,,,4400\n" +
	"2024-09-01T17:00:00Z,sell,2,ETH,7000,CAD,,,7000\n"

type jurisYear struct {
	Y struct {
		Jurisdiction, TaxYearLabel, Currency, StartDate, EndDate, CapGainsFormatted string
		TransactionCount                                                            int
		ProceedsCents, CostBasisCents, CapGainsCents, GainsCents, LossesCents       int64
		DeniedLossesCents, TaxableCapitalGainsCents                                 *int64
	} `json:"getIncomeAndCapGains"`
}

const jurisYearQuery = `query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) {
	jurisdiction taxYearLabel currency startDate endDate capGainsFormatted transactionCount proceedsCents costBasisCents capGainsCents gainsCents lossesCents
	deniedLossesCents taxableCapitalGainsCents } }`

const jurisLotsQuery = `query($c: ID!) { getTaxLots(clientId: $c, assetPricingKey: "eth") { jurisdiction totalAmountExact totalCostBasisCents
	disposals { transferId match gainExact costBasisExact deniedLossExact lotAcquiredAt } } }`

type jurisLots struct {
	L struct {
		Jurisdiction, TotalAmountExact string
		TotalCostBasisCents            int64
		Disposals                      []struct {
			Match, GainExact, CostBasisExact string
			DeniedLossExact                  *string
			LotAcquiredAt                    *string
		}
	} `json:"getTaxLots"`
}

// jurisSummary is getClientTransactionsSummary over [start, end), of the disposals only if asked
// (then answered from the result rows).
func (f *gqlFlow) jurisSummary(c, start, end string, disposals bool) jurisSum {
	f.t.Helper()
	var out struct {
		S jurisSum `json:"getClientTransactionsSummary"`
	}
	f.must(`query($c: ID!, $s: Date, $e: Date, $d: Boolean) { getClientTransactionsSummary(clientId: $c, startDate: $s, endDate: $e, onlyDisposals: $d) {
		jurisdiction transactionCount disposalCount capGainsCents capGainsFormatted shortTermCapGainsCents longTermCapGainsCents deniedLossesCents } }`,
		map[string]any{"c": c, "s": start, "e": end, "d": disposals}, &out)
	return out.S
}

type jurisSum struct {
	Jurisdiction, CapGainsFormatted                              string
	TransactionCount, DisposalCount                              int
	CapGainsCents, ShortTermCapGainsCents, LongTermCapGainsCents int64
	DeniedLossesCents                                            *int64
}

// sumColumn adds up a CSV column by header name.
func sumColumn(t *testing.T, rows [][]string, name string) decimal.Decimal {
	t.Helper()
	col := -1
	for i, h := range rows[0] {
		if h == name {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no column %s in %v", name, rows[0])
	}
	sum := decimal.Zero
	for _, r := range rows[1:] {
		sum = sum.Add(decimal.RequireFromString(r[col]))
	}
	return sum
}

// TestGraphQLJurisdictionGB: a client switched to GB and GBP imports a file in pounds, is
// recalculated under HMRC's rules, and shows the UK figures, pool and report. By hand: 2 ETH bought
// for 4,000 (pool 2 / 4,000); 1 ETH sold on 10 June 2024 for 2,500, matched with the 0.5 bought ten
// days later (1,100) and 0.5 from the pool (1,000): gain 400; 0.5 sold on 1 March 2025 from the
// pool (1.5 / 3,000): 1,000, a loss of 200. Tax year 2024/25: proceeds 3,300, costs 3,100.
func TestGraphQLJurisdictionGB(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	const update = `mutation($c: ID!, $country: CountryEnum, $cur: CurrencyCodeEnum, $tz: String) {
		updateClient(clientId: $c, country: $country, currency: $cur, timezone: $tz) { country currency isDirty } }`
	var u struct {
		U struct {
			Country, Currency string
			IsDirty           bool
		} `json:"updateClient"`
	}
	f.must(update, map[string]any{"c": c, "country": "GB", "cur": "GBP", "tz": "Europe/London"}, &u)
	if u.U.Country != "GB" || u.U.Currency != "GBP" || !u.U.IsDirty {
		t.Fatalf("updateClient: %+v", u.U)
	}
	// the client's rules, as the portal reads them
	var cr struct {
		C struct {
			FiscalYearStart, FiscalYearEnd string
			Rules                          struct {
				Jurisdiction, TaxYearStart, TaxYearLabelFormat, Matcher string
				HasHoldingTerms, HasForm8949, GiftIsDisposal            bool
				ReportTypes                                             []string
				Words                                                   struct{ Cost string }
			} `json:"jurisdictionRules"`
		} `json:"getClientById"`
	}
	f.must(`query($c: String!) { getClientById(clientId: $c) { fiscalYearStart fiscalYearEnd jurisdictionRules {
		jurisdiction taxYearStart taxYearLabelFormat matcher hasHoldingTerms hasForm8949 giftIsDisposal reportTypes words { cost } } } }`,
		map[string]any{"c": c}, &cr)
	if r := cr.C.Rules; cr.C.FiscalYearStart != "04-06" || cr.C.FiscalYearEnd != "04-05" || r.Jurisdiction != "GB" || r.TaxYearStart != "04-06" ||
		r.TaxYearLabelFormat != "YYYY/YY" || r.Matcher != "SECTION_104_POOL" || r.HasHoldingTerms || r.HasForm8949 || !r.GiftIsDisposal ||
		len(r.ReportTypes) == 0 || r.ReportTypes[0] != "UK_CAPITAL_GAINS_SUMMARY_PDF" || r.Words.Cost != "Allowable costs" {
		t.Errorf("getClientById under GB rules: %+v", cr.C)
	}
	f.upload(c, gbLedger)
	// the currency cannot change once the ledger holds values in it
	if code := f.do(update, map[string]any{"c": c, "cur": "USD"}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("currency change with data: %q", code)
	}
	f.recalculate(c)

	var y jurisYear
	f.must(jurisYearQuery, map[string]any{"c": c, "y": "2024"}, &y)
	g := y.Y
	if g.Jurisdiction != "GB" || g.TaxYearLabel != "2024/25" || g.Currency != "GBP" || !strings.HasPrefix(g.StartDate, "2024-04-05T23:00:00") ||
		g.ProceedsCents != 330000 || g.CostBasisCents != 310000 || g.CapGainsCents != 20000 || g.GainsCents != 40000 || g.LossesCents != -20000 ||
		g.DeniedLossesCents != nil || g.CapGainsFormatted != "£200.00" || g.TransactionCount != 4 {
		t.Errorf("getIncomeAndCapGains 2024: %+v", g)
	}
	// the transactions of tax year 2024/25 (6 April 2024 to 5 April 2025, London time) sum to the year
	if sum := f.jurisSummary(c, g.StartDate, g.EndDate, false); sum != (jurisSum{"GB", "£200.00", 4, 2, 20000, 20000, 0, nil}) {
		t.Errorf("getClientTransactionsSummary 2024/25: %+v", sum)
	}
	var l jurisLots
	f.must(jurisLotsQuery, map[string]any{"c": c}, &l)
	var matches []string
	for _, d := range l.L.Disposals {
		matches = append(matches, d.Match)
	}
	if l.L.Jurisdiction != "GB" || l.L.TotalAmountExact != "1" || l.L.TotalCostBasisCents != 200000 ||
		strings.Join(matches, ",") != "THIRTY_DAY,POOL,POOL" || l.L.Disposals[0].LotAcquiredAt == nil {
		t.Errorf("getTaxLots: %+v", l.L)
	}

	// US forms are refused; the UK summary adds up
	if code := f.do(exportQuery, map[string]any{"c": c, "t": "FORM_8949_PDF", "q": "TAX_YEAR", "y": "2024"}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("Form 8949 for a GB client: %q", code)
	}
	_, url := f.export(map[string]any{"c": c, "t": "UK_CAPITAL_GAINS_SUMMARY_CSV", "q": "TAX_YEAR", "y": "2024"})
	rows := f.csv(url)
	if len(rows) != 3 || !sumColumn(t, rows, "gain_gbp").Equal(decimal.NewFromInt(200)) || !sumColumn(t, rows, "allowable_costs_gbp").Equal(decimal.NewFromInt(3100)) {
		t.Errorf("UK summary CSV: %v", rows)
	}
	_, url = f.export(map[string]any{"c": c, "t": "UK_CAPITAL_GAINS_SUMMARY_PDF", "q": "TAX_YEAR", "y": "2024"})
	if pdf := f.download(url); !strings.HasPrefix(pdf, "%PDF") || !strings.Contains(pdf, "Gains in the year, before losses") || !strings.Contains(pdf, "400.00") {
		t.Errorf("UK summary PDF: %.200q", pdf)
	}
}

// TestGraphQLJurisdictionCA: a client switched to CA and CAD, recalculated under the adjusted cost
// base rules. By hand: 10 ETH bought for 30,000; 4 sold on 1 March 2024 for 8,000 (ACB 12,000: a loss
// of 4,000); 2 bought back on 15 March and 8 held at the end of the window: denied 4,000 x 2/4 = 2,000,
// so a loss of 2,000 and an ACB of 18,000 + 2,000 + 4,400 = 24,400 for 8; 2 sold on 1 September for
// 7,000: ACB 6,100, a gain of 900. 2024: gains 900, losses 2,000, net -1,100, taxable -550.
func TestGraphQLJurisdictionCA(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, country: CA, currency: CAD, timezone: "America/Toronto") { id } }`, map[string]any{"c": c}, nil)
	f.upload(c, caLedger)
	f.recalculate(c)

	var y jurisYear
	f.must(jurisYearQuery, map[string]any{"c": c, "y": "2024"}, &y)
	g := y.Y
	if g.Jurisdiction != "CA" || g.TaxYearLabel != "2024" || g.Currency != "CAD" || g.ProceedsCents != 1500000 || g.CostBasisCents != 1610000 ||
		g.CapGainsCents != -110000 || g.GainsCents != 90000 || g.LossesCents != -200000 || g.DeniedLossesCents == nil || *g.DeniedLossesCents != 200000 ||
		g.TaxableCapitalGainsCents == nil || *g.TaxableCapitalGainsCents != -55000 {
		t.Errorf("getIncomeAndCapGains 2024: %+v", g)
	}
	// the summary of the year's transactions: the net loss and the denied part beside it; of March's
	// only, the sale with the superficial loss
	if sum := f.jurisSummary(c, g.StartDate, g.EndDate, false); sum.Jurisdiction != "CA" || sum.TransactionCount != 4 || sum.CapGainsCents != -110000 ||
		sum.CapGainsFormatted != "-CA$1,100.00" || sum.LongTermCapGainsCents != 0 || sum.DeniedLossesCents == nil || *sum.DeniedLossesCents != 200000 {
		t.Errorf("getClientTransactionsSummary 2024: %+v", sum)
	}
	if sum := f.jurisSummary(c, "2024-08-01T00:00:00Z", "2025-01-01T00:00:00Z", false); sum.CapGainsCents != 90000 || sum.DeniedLossesCents == nil || *sum.DeniedLossesCents != 0 {
		t.Errorf("getClientTransactionsSummary from August: %+v", sum)
	}
	if sum := f.jurisSummary(c, "2024-02-01T00:00:00Z", "2024-04-01T00:00:00Z", true); sum.TransactionCount != 1 || sum.CapGainsCents != -200000 ||
		sum.DeniedLossesCents == nil || *sum.DeniedLossesCents != 200000 {
		t.Errorf("getClientTransactionsSummary of February and March's disposals: %+v", sum)
	}
	var l jurisLots
	f.must(jurisLotsQuery, map[string]any{"c": c}, &l)
	if l.L.Jurisdiction != "CA" || l.L.TotalAmountExact != "6" || l.L.TotalCostBasisCents != 1830000 || len(l.L.Disposals) != 2 ||
		l.L.Disposals[0].Match != "ACB" || l.L.Disposals[0].DeniedLossExact == nil || *l.L.Disposals[0].DeniedLossExact != "2000" ||
		l.L.Disposals[0].GainExact != "-2000" || l.L.Disposals[1].DeniedLossExact != nil {
		t.Errorf("getTaxLots: %+v", l.L)
	}
	// the preview and reconciliation of US broker forms are refused
	if code := f.do(exportQuery, map[string]any{"c": c, "t": "UK_CAPITAL_GAINS_SUMMARY_CSV", "q": "TAX_YEAR", "y": "2024"}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("UK summary for a CA client: %q", code)
	}
	if code := f.do(`query($c: ID!) { getTaxForm8949Preview(clientId: $c, taxFormId: "0190a1b2-0000-7000-8000-00000000ffff") { proceedsCents } }`,
		map[string]any{"c": c}, nil); code != "BAD_USER_INPUT" && code != "NOT_FOUND" {
		t.Errorf("8949 preview for a CA client: %q", code)
	}
	_, url := f.export(map[string]any{"c": c, "t": "CA_SCHEDULE_3_CSV", "q": "TAX_YEAR", "y": "2024"})
	rows := f.csv(url)
	if len(rows) != 3 || !sumColumn(t, rows, "gain_or_loss_cad").Equal(decimal.NewFromInt(-1100)) ||
		!sumColumn(t, rows, "superficial_loss_denied_cad").Equal(decimal.NewFromInt(2000)) ||
		!sumColumn(t, rows, "adjusted_cost_base_cad").Equal(decimal.NewFromInt(18100)) {
		t.Errorf("Schedule 3 CSV: %v", rows)
	}
	_, url = f.export(map[string]any{"c": c, "t": "CA_SCHEDULE_3_PDF", "q": "TAX_YEAR", "y": "2024"})
	if pdf := f.download(url); !strings.HasPrefix(pdf, "%PDF") || !strings.Contains(pdf, "-550.00") {
		t.Errorf("Schedule 3 PDF: %.200q", pdf)
	}
}

// download fetches a report's bytes through its signed URL.
func (f *gqlFlow) download(url string) string {
	f.t.Helper()
	resp, err := http.Get(f.local(url))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		f.t.Fatalf("download: %d %s", resp.StatusCode, b)
	}
	return string(b)
}

// TestGraphQLJurisdictionLocked: once a GB client's taxes are locked, its country cannot change
// (another country's rules would recompute the locked years): TAXES_LOCKED, and the client and its
// figures stay as they were. A change of currency of a client with data is BAD_USER_INPUT, with the
// same result.
func TestGraphQLJurisdictionLocked(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, country: GB, currency: GBP, timezone: "Europe/London") { id } }`, map[string]any{"c": c}, nil)
	f.upload(c, "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n"+
		"2024-05-01T12:00:00Z,buy,4000,GBP,2,ETH,,,4000\n"+
		"2025-03-01T12:00:00Z,sell,1,ETH,2600,GBP,,,2600\n")
	f.recalculate(c)
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, lockTaxesUntil: "2025-04-06T00:00:00Z") { id } }`, map[string]any{"c": c}, nil)
	f.recalculate(c)

	type state struct {
		C struct{ Country, Currency string } `json:"getClientById"`
		Y struct {
			Jurisdiction, TaxYearLabel string
			CapGainsCents              int64
		} `json:"getIncomeAndCapGains"`
	}
	check := func(when string) {
		t.Helper()
		var s state
		f.must(`query($c: String!) { getClientById(clientId: $c) { country currency } }`, map[string]any{"c": c}, &s)
		f.must(`query($c: ID!) { getIncomeAndCapGains(clientId: $c, year: "2024") { jurisdiction taxYearLabel capGainsCents } }`, map[string]any{"c": c}, &s)
		// 1 ETH of a pool of 2 for 4,000 sold for 2,600: a gain of 600 in 2024/25
		if s.C.Country != "GB" || s.C.Currency != "GBP" || s.Y.Jurisdiction != "GB" || s.Y.TaxYearLabel != "2024/25" || s.Y.CapGainsCents != 60000 {
			t.Errorf("%s: %+v", when, s)
		}
	}
	check("locked")
	if code := f.do(`mutation($c: ID!) { updateClient(clientId: $c, country: US) { id } }`, map[string]any{"c": c}, nil); code != "TAXES_LOCKED" {
		t.Errorf("country change under the lock: %q", code)
	}
	if code := f.do(`mutation($c: ID!) { updateClient(clientId: $c, country: CA, name: "Renamed") { id } }`, map[string]any{"c": c}, nil); code != "TAXES_LOCKED" {
		t.Errorf("country and name under the lock: %q", code)
	}
	if code := f.do(`mutation($c: ID!) { updateClient(clientId: $c, currency: USD) { id } }`, map[string]any{"c": c}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("currency change with data: %q", code)
	}
	f.recalculate(c)
	check("after the refusals")
}
