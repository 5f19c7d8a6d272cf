package contracttests

import (
	"reflect"
	"testing"
)

// gbEstimateLedger is a GB client's file in pounds with disposals on both sides of 30 October 2024
// and a loss. By hand (section 104 pool, no acquisitions after the first): 10 ETH for 20,000 (2,000
// each); 2 sold on 10 June 2024 for 9,000: gain 5,000; 3 sold on 15 November 2024 for 14,000 and 1
// the same day for 1,000, one disposal under the same-day rule (4 for 15,000, cost 8,000): gain 7,000;
// 2 sold on 1 February 2025 for 1,000: loss 3,000. 2024/25: gains 12,000 (7,000 from 30 October),
// losses 3,000, net 9,000.
const gbEstimateLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2024-05-01T12:00:00Z,buy,20000,GBP,10,ETH,,,20000\n" +
	"2024-06-10T12:00:00Z,sell,2,ETH,9000,GBP,,,9000\n" +
	"2024-11-15T12:00:00Z,sell,3,ETH,14000,GBP,,,14000\n" +
	"2024-11-15T15:00:00Z,sell,1,ETH,1000,GBP,,,1000\n" +
	"2025-02-01T12:00:00Z,sell,2,ETH,1000,GBP,,,1000\n"

type estimatePart struct {
	What                  string
	AmountCents, TaxCents int64
	Percent               string
}

const estimateQuery = `query($c: ID!, $y: String!, $b: String, $l: String) { getTaxEstimate(clientId: $c, year: $y, bracket: $b, longTermBracket: $l) {
	year taxYearLabel currency bracket { key changesOn changedGainPercent } brackets { key } longTermBrackets { key }
	netGainCents allowanceAppliedCents allowanceCents taxableGainCents incomeCents taxCents assumptions
	parts { what amountCents percent taxCents } } }`

type estimateAnswer struct {
	E *struct {
		Year, TaxYearLabel, Currency string
		Bracket                      struct {
			Key                           string
			ChangesOn, ChangedGainPercent *string
		}
		Brackets, LongTermBrackets                                                                   []struct{ Key string }
		NetGainCents, AllowanceAppliedCents, AllowanceCents, TaxableGainCents, IncomeCents, TaxCents int64
		Assumptions                                                                                  []string
		Parts                                                                                        []estimatePart
	} `json:"getTaxEstimate"`
}

// TestGraphQLTaxEstimateGB: the GB rules' report names, and the estimate of a GB 2024/25 year with disposals before and after 30
// October 2024 and a loss, against hand arithmetic. The 3,000 of losses and the 3,000 annual exempt
// amount go against the gains from 30 October (taxed at the higher rate): 7,000 - 6,000 = 1,000 at 18%
// = 180; the 5,000 before at 10% = 500; 680 at the basic rate. At the higher rate 1,000 at 24% = 240
// and 5,000 at 20% = 1,000: 1,240. (Counted per sale, the day's 1,000 loss would leave 8,000 from 30
// October: the same-day rule makes the two sales one disposal.)
func TestGraphQLTaxEstimateGB(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	var none estimateAnswer
	f.must(estimateQuery, map[string]any{"c": c, "y": "2024"}, &none)
	if none.E != nil {
		t.Errorf("an estimate before the first calculation: %+v", none.E)
	}
	f.must(`mutation($c: ID!) { updateClient(clientId: $c, country: GB, currency: GBP, timezone: "Europe/London") { id } }`, map[string]any{"c": c}, nil)
	f.upload(c, gbEstimateLedger)
	f.recalculate(c)

	var basic estimateAnswer
	f.must(estimateQuery, map[string]any{"c": c, "y": "2024"}, &basic)
	e := basic.E
	if e == nil {
		t.Fatal("no estimate for 2024/25")
	}
	if e.TaxYearLabel != "2024/25" || e.Currency != "GBP" || e.Bracket.Key != "basic" || e.Bracket.ChangesOn == nil || *e.Bracket.ChangesOn != "2024-10-30" ||
		*e.Bracket.ChangedGainPercent != "18" || len(e.Brackets) != 3 || len(e.LongTermBrackets) != 0 || e.NetGainCents != 900000 ||
		e.AllowanceCents != 300000 || e.AllowanceAppliedCents != 300000 || e.TaxableGainCents != 600000 || e.TaxCents != 68000 || len(e.Assumptions) == 0 {
		t.Errorf("basic rate: %+v", e)
	}
	want := []estimatePart{{"Gains on disposals before 30 October 2024", 500000, 50000, "10"}, {"Gains on disposals from 30 October 2024", 100000, 18000, "18"}}
	if !reflect.DeepEqual(e.Parts, want) {
		t.Errorf("basic rate parts: %+v, want %+v", e.Parts, want)
	}
	var higher estimateAnswer
	f.must(estimateQuery, map[string]any{"c": c, "y": "2024", "b": "higher"}, &higher)
	if h := higher.E; h == nil || h.Bracket.Key != "higher" || h.TaxCents != 124000 || len(h.Parts) != 2 || h.Parts[0].TaxCents != 100000 || h.Parts[1].TaxCents != 24000 {
		t.Errorf("higher rate: %+v", h)
	}
	// bad input is refused with a documented code; a year whose rates are not known has no estimate
	for _, v := range []map[string]any{{"c": c, "y": "2024", "b": "starter"}, {"c": c, "y": "2024", "l": "15"}, {"c": c, "y": "24"}} {
		if code := f.do(estimateQuery, v, nil); code != "BAD_USER_INPUT" {
			t.Errorf("%v: %q, want BAD_USER_INPUT", v, code)
		}
	}
	// the report names come from the API, in the order of the report types
	var rules struct {
		C struct {
			R struct {
				ReportTypes []string
				Reports     []struct{ Type, Name string }
			} `json:"jurisdictionRules"`
		} `json:"getClientById"`
	}
	f.must(`query($c: String!) { getClientById(clientId: $c) { jurisdictionRules { reportTypes reports { type name } } } }`, map[string]any{"c": c}, &rules)
	if r := rules.C.R; len(r.Reports) != len(r.ReportTypes) || len(r.Reports) == 0 || r.Reports[0].Type != "UK_CAPITAL_GAINS_SUMMARY_PDF" ||
		r.Reports[0].Name != "SA108 capital gains summary (PDF)" {
		t.Errorf("GB reports: %+v", r)
	} else {
		for i, x := range r.Reports {
			if x.Type != r.ReportTypes[i] || x.Name == "" {
				t.Errorf("report %d: %+v, type %s", i, x, r.ReportTypes[i])
			}
		}
	}
	var old estimateAnswer
	f.must(estimateQuery, map[string]any{"c": c, "y": "2021"}, &old)
	if old.E != nil {
		t.Errorf("2021/22 (rates not known): %+v", old.E)
	}
}
