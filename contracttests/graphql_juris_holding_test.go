package contracttests

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// deLedger is a DE client's file in euros (TestGraphQLJurisdictionDE has the arithmetic): in 2024 the
// pieces held a year or less gain 999.99, a cent below the Freigrenze; those held longer 550, tax-free.
const deLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2023-03-15T12:00:00Z,buy,1000,EUR,1,ETH,,,1000\n" +
	"2024-03-15T12:00:00Z,sell,0.5,ETH,1000,EUR,,,1000\n" +
	"2024-03-16T12:00:00Z,sell,0.25,ETH,800,EUR,,,800\n" +
	"2024-06-01T12:00:00Z,buy,100,EUR,1,SOL,,,100\n" +
	"2024-07-01T12:00:00Z,sell,1,SOL,599.99,EUR,,,599.99\n"

// auLedger is an AU client's file in Australian dollars: the ATO's Guide to capital gains tax example
// (Kathleen) as crypto. A 400 net capital loss in 2022-23; in 2023-24 a 3,000 discount gain (BTC held
// 15 months), a 520 non-discount gain (ETH) and a 600 loss (SOL): net capital gain 1,260.
const auLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2022-09-01T02:00:00Z,buy,1000,AUD,1000,XRP,,,1000\n" +
	"2022-10-01T02:00:00Z,sell,1000,XRP,600,AUD,,,600\n" +
	"2022-10-15T02:00:00Z,buy,5000,AUD,1,BTC,,,5000\n" +
	"2023-08-01T02:00:00Z,buy,2000,AUD,10,SOL,,,2000\n" +
	"2023-09-01T02:00:00Z,buy,1000,AUD,1,ETH,,,1000\n" +
	"2024-01-15T02:00:00Z,sell,1,BTC,8000,AUD,,,8000\n" +
	"2024-02-01T02:00:00Z,sell,1,ETH,1520,AUD,,,1520\n" +
	"2024-03-01T02:00:00Z,sell,10,SOL,1400,AUD,,,1400\n"

type holdingYear struct {
	Y struct {
		Jurisdiction, TaxYearLabel, Currency, StartDate, EndDate                                string
		ShortTermCapGainsCents, LongTermCapGainsCents, GainsCents, LossesCents                  int64
		TaxableCapitalGainsCents, GainThresholdCents, TaxableIncomeCents, IncomeThresholdCents  *int64
		DiscountGainsCents, LossesBroughtForwardCents, DiscountCents, LossesCarriedForwardCents *int64
	} `json:"getIncomeAndCapGains"`
}

const holdingYearQuery = `query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) {
	jurisdiction taxYearLabel currency startDate endDate shortTermCapGainsCents longTermCapGainsCents gainsCents lossesCents
	taxableCapitalGainsCents gainThresholdCents taxableIncomeCents incomeThresholdCents
	discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents } }`

type holdingRules struct {
	C struct {
		FiscalYearStart string
		R               struct {
			Jurisdiction, TaxYearStart, TaxYearLabelFormat, Currency                 string
			ClientChoosesLots, WalletLots, HoldingExempt, CarriesLosses, HasForm8949 bool
			DiscountPercent                                                          *int
			GainThresholds                                                           []struct {
				FromYear    int
				AmountCents int64
			}
			ReportTypes []string
			Words       struct{ ShortTerm, LongTerm, TaxableGain string }
		} `json:"jurisdictionRules"`
	} `json:"getClientById"`
}

const holdingRulesQuery = `query($c: String!) { getClientById(clientId: $c) { fiscalYearStart jurisdictionRules {
	jurisdiction taxYearStart taxYearLabelFormat currency clientChoosesLots walletLots holdingExempt carriesLosses hasForm8949 discountPercent
	gainThresholds { fromYear amountCents } reportTypes words { shortTerm longTerm taxableGain } } } }`

func ptrIs(p *int64, v int64) bool { return p != nil && *p == v }

// TestGraphQLJurisdictionDE: a client switched to DE and EUR imports a file in euros, is recalculated
// under § 23 EStG, and shows the German figures, lots and report. By hand: 1 ETH bought 15 March 2023
// for 1,000; 0.5 sold on 15 March 2024 (held one year to the day: taxable) for 1,000, gain 500; 0.25
// sold on 16 March 2024 (held more than a year: tax-free) for 800, gain 550; 1 SOL bought for 100 and
// sold for 599.99, gain 499.99. 2024: taxable pieces 999.99 < 1,000 (the Freigrenze from 2024):
// taxable gain 0; the 550 is shown as tax-free. 0.25 ETH (250) remain.
func TestGraphQLJurisdictionDE(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, country: DE, currency: EUR, timezone: "Europe/Berlin") { id } }`, map[string]any{"c": c}, nil)
	var cr holdingRules
	f.must(holdingRulesQuery, map[string]any{"c": c}, &cr)
	if r := cr.C.R; cr.C.FiscalYearStart != "01-01" || r.Jurisdiction != "DE" || r.Currency != "EUR" || r.ClientChoosesLots || !r.WalletLots ||
		!r.HoldingExempt || r.CarriesLosses || r.HasForm8949 || r.DiscountPercent != nil || len(r.GainThresholds) != 2 ||
		r.GainThresholds[1].FromYear != 2024 || r.GainThresholds[1].AmountCents != 100000 || r.GainThresholds[0].AmountCents != 60000 ||
		len(r.ReportTypes) == 0 || r.ReportTypes[0] != "DE_ANLAGE_SO_PDF" || r.Words.LongTerm != "Tax-free (held over a year)" {
		t.Errorf("jurisdictionRules under DE: %+v", cr.C)
	}
	f.upload(c, deLedger)
	f.recalculate(c)

	var y holdingYear
	f.must(holdingYearQuery, map[string]any{"c": c, "y": "2024"}, &y)
	g := y.Y
	if g.Jurisdiction != "DE" || g.TaxYearLabel != "2024" || g.Currency != "EUR" || !strings.HasPrefix(g.StartDate, "2023-12-31T23:00:00") ||
		g.ShortTermCapGainsCents != 99999 || g.LongTermCapGainsCents != 55000 || g.GainsCents != 99999 || g.LossesCents != 0 ||
		!ptrIs(g.TaxableCapitalGainsCents, 0) || !ptrIs(g.GainThresholdCents, 100000) || !ptrIs(g.TaxableIncomeCents, 0) ||
		!ptrIs(g.IncomeThresholdCents, 25600) || g.DiscountCents != nil || g.LossesBroughtForwardCents != nil {
		t.Errorf("getIncomeAndCapGains 2024: %+v", g)
	}
	var l struct {
		L struct {
			Jurisdiction, TotalAmountExact, CostBasisAlgorithm string
			TotalCostBasisCents                                int64
			Disposals                                          []struct{ Match, Term, GainExact string }
		} `json:"getTaxLots"`
	}
	f.must(`query($c: ID!) { getTaxLots(clientId: $c, assetPricingKey: "eth") { jurisdiction totalAmountExact costBasisAlgorithm totalCostBasisCents
		disposals { match term gainExact } } }`, map[string]any{"c": c}, &l)
	var pieces []string
	for _, d := range l.L.Disposals {
		pieces = append(pieces, d.Match+" "+d.Term+" "+d.GainExact)
	}
	if l.L.Jurisdiction != "DE" || l.L.TotalAmountExact != "0.25" || l.L.TotalCostBasisCents != 25000 || l.L.CostBasisAlgorithm != "FIFO" ||
		strings.Join(pieces, ",") != "LOT SHORT_TERM 500,LOT LONG_TERM 550" {
		t.Errorf("getTaxLots: %+v", l.L)
	}
	if code := f.do(exportQuery, map[string]any{"c": c, "t": "FORM_8949_PDF", "q": "TAX_YEAR", "y": "2024"}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("Form 8949 for a DE client: %q", code)
	}
	_, url := f.export(map[string]any{"c": c, "t": "DE_ANLAGE_SO_CSV", "q": "TAX_YEAR", "y": "2024"})
	rows := f.csv(url)
	if len(rows) != 3 || !sumColumn(t, rows, "gain_or_income_eur").Equal(decimal.RequireFromString("999.99")) ||
		!sumColumn(t, rows, "proceeds_eur").Equal(decimal.RequireFromString("1599.99")) {
		t.Errorf("Anlage SO CSV: %v", rows)
	}
	_, url = f.export(map[string]any{"c": c, "t": "DE_ANLAGE_SO_PDF", "q": "TAX_YEAR", "y": "2024"})
	if pdf := f.download(url); !strings.HasPrefix(pdf, "%PDF") || !strings.Contains(pdf, "Freigrenze 1000.00") || !strings.Contains(pdf, "999.99") {
		t.Errorf("Anlage SO PDF: %.200q", pdf)
	}
}

// TestGraphQLJurisdictionAU: a client switched to AU and AUD, recalculated under the ATO's rules:
// income year 2023-24 (1 July 2023 to 30 June 2024, Sydney time) has gains 3,520 (3,000 of them
// discount gains), losses 600, 400 brought forward from 2022-23, the discount 1,260 and a net
// capital gain of 1,260 (auLedger).
func TestGraphQLJurisdictionAU(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients)
	c := gqlClient1.String()
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, country: AU, currency: AUD, timezone: "Australia/Sydney") { id } }`, map[string]any{"c": c}, nil)
	var cr holdingRules
	f.must(holdingRulesQuery, map[string]any{"c": c}, &cr)
	if r := cr.C.R; cr.C.FiscalYearStart != "07-01" || r.TaxYearLabelFormat != "YYYY-YY" || r.Currency != "AUD" || r.WalletLots || r.HoldingExempt ||
		!r.CarriesLosses || r.DiscountPercent == nil || *r.DiscountPercent != 50 || len(r.GainThresholds) != 0 || r.ReportTypes[0] != "AU_CGT_SCHEDULE_PDF" ||
		r.Words.LongTerm != "Discount gain (held 12 months)" || r.Words.TaxableGain != "Net capital gain" {
		t.Errorf("jurisdictionRules under AU: %+v", cr.C)
	}
	f.upload(c, auLedger)
	f.recalculate(c)

	var y holdingYear
	f.must(holdingYearQuery, map[string]any{"c": c, "y": "2022"}, &y)
	if g := y.Y; g.TaxYearLabel != "2022-23" || g.LossesCents != -40000 || !ptrIs(g.TaxableCapitalGainsCents, 0) || !ptrIs(g.LossesCarriedForwardCents, 40000) {
		t.Errorf("getIncomeAndCapGains 2022-23: %+v", g)
	}
	f.must(holdingYearQuery, map[string]any{"c": c, "y": "2023"}, &y)
	g := y.Y
	if g.Jurisdiction != "AU" || g.TaxYearLabel != "2023-24" || g.Currency != "AUD" || !strings.HasPrefix(g.StartDate, "2023-06-30T14:00:00") ||
		g.ShortTermCapGainsCents != -8000 || g.LongTermCapGainsCents != 300000 || g.GainsCents != 352000 || g.LossesCents != -60000 ||
		!ptrIs(g.DiscountGainsCents, 300000) || !ptrIs(g.LossesBroughtForwardCents, 40000) || !ptrIs(g.DiscountCents, 126000) ||
		!ptrIs(g.TaxableCapitalGainsCents, 126000) || !ptrIs(g.LossesCarriedForwardCents, 0) || g.GainThresholdCents != nil {
		t.Errorf("getIncomeAndCapGains 2023-24: %+v", g)
	}
	_, url := f.export(map[string]any{"c": c, "t": "AU_CGT_SCHEDULE_CSV", "q": "TAX_YEAR", "y": "2023"})
	rows := f.csv(url)
	if len(rows) != 4 || !sumColumn(t, rows, "capital_gain_or_loss_aud").Equal(decimal.NewFromInt(2920)) {
		t.Errorf("CGT schedule CSV: %v", rows)
	}
	_, url = f.export(map[string]any{"c": c, "t": "AU_CGT_SCHEDULE_PDF", "q": "TAX_YEAR", "y": "2023"})
	if pdf := f.download(url); !strings.HasPrefix(pdf, "%PDF") || !strings.Contains(pdf, "Net capital gain \\(label A\\)") || !strings.Contains(pdf, "1260.00") ||
		!strings.Contains(pdf, "2023-24") {
		t.Errorf("CGT schedule PDF: %.300q", pdf)
	}
}
