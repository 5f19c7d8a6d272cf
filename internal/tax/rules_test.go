package tax_test

import (
	"slices"
	"testing"
	"time"

	"taxd/internal/tax"
)

// TestRulesInvariants checks every jurisdiction's rules against the invariants rules.go states.
func TestRulesInvariants(t *testing.T) {
	for j := tax.Jurisdiction(0); j.Valid(); j++ {
		r := tax.RulesFor(j)
		if got, err := tax.ParseJurisdiction(r.Code); err != nil || got != j || j.String() != r.Code {
			t.Errorf("%s: code %q parses as %s, %v", j, r.Code, got, err)
		}
		for _, c := range r.Countries {
			if tax.JurisdictionOfCountry(c) != j {
				t.Errorf("%s: country %s has the rules of %s", j, c, tax.JurisdictionOfCountry(c))
			}
		}
		if r.Jurisdiction != j {
			t.Errorf("%s: rules of %s", j, r.Jurisdiction)
		}
		if r.HoldingTerms && r.Matcher != tax.MatcherLots {
			t.Errorf("%s: holding terms without lots", j)
		}
		if r.CarryLosses && r.Matcher != tax.MatcherLots {
			t.Errorf("%s: losses carried under a pooled matcher", j)
		}
		if r.SuperficialLosses && r.Matcher != tax.MatcherAdjustedCostBase {
			t.Errorf("%s: superficial losses without an adjusted cost base", j)
		}
		if r.ClientLots && r.Matcher != tax.MatcherLots || r.WalletLots && (r.ClientLots || r.Matcher != tax.MatcherLots) {
			t.Errorf("%s: the client's lot choices or wallet lots without lots", j)
		}
		if r.TaxYearStart.IsZero() != r.ClientLots {
			t.Errorf("%s: the client chooses its tax year exactly where it chooses its lots", j)
		}
		if (r.HoldingExempt || r.DiscountPercent != 0) && !r.HoldingTerms || r.HoldingExempt && r.DiscountPercent != 0 {
			t.Errorf("%s: a holding exemption or discount without holding terms, or both", j)
		}
		if r.HoldingTerms != (r.Words.ShortTerm != "" && r.Words.LongTerm != "") ||
			(len(r.IncomeThresholds) > 0) != (r.Words.TaxableIncome != "") || (len(r.GainThresholds) > 0) != (r.Words.Threshold != "") {
			t.Errorf("%s: term and threshold words %+v do not fit the rules", j, r.Words)
		}
		if len(r.Currency) != 3 {
			t.Errorf("%s: currency %q", j, r.Currency)
		}
		for _, k := range tax.ReportsEveryone {
			if !slices.Contains(r.Reports, k) {
				t.Errorf("%s: report %s missing", j, k)
			}
		}
		if r.Words.Cost == "" || r.Words.Proceeds == "" || (r.SuperficialLosses != (r.Words.DeniedLosses != "")) ||
			r.TaxableGain() != (r.Words.TaxableGain != "") {
			t.Errorf("%s: words %+v do not fit the rules", j, r.Words)
		}
	}
}

// TestTaxYear: one rule names and bounds tax years; the law's start wins over the client's own.
func TestTaxYear(t *testing.T) {
	own := tax.MonthDay{Month: time.July, Day: 1}
	london, _ := time.LoadLocation("Europe/London")
	for _, c := range []struct {
		j     tax.Jurisdiction
		at    time.Time
		year  int
		label string
		start string
	}{
		{tax.US, time.Date(2025, 6, 30, 12, 0, 0, 0, time.UTC), 2024, "2024", "07-01"},
		{tax.GB, time.Date(2025, 4, 5, 22, 0, 0, 0, time.UTC), 2024, "2024/25", "04-06"}, // 23:00 on 5 April in London
		{tax.GB, time.Date(2025, 4, 5, 23, 0, 0, 0, time.UTC), 2025, "2025/26", "04-06"},
		{tax.CA, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), 2025, "2025", "01-01"},
		{tax.DE, time.Date(2024, 12, 31, 23, 0, 0, 0, time.UTC), 2024, "2024", "01-01"}, // midnight in London
		{tax.AU, time.Date(2025, 6, 30, 22, 0, 0, 0, time.UTC), 2024, "2024-25", "07-01"},
		{tax.AU, time.Date(2025, 6, 30, 23, 0, 0, 0, time.UTC), 2025, "2025-26", "07-01"},
	} {
		r := c.j.Rules()
		start := r.TaxYearStartOf(own)
		if got := tax.TaxYearIn(start, c.at, london); got != c.year || r.TaxYearLabel(got) != c.label || start.String() != c.start {
			t.Errorf("%s at %s: year %d %q from %s, want %d %q from %s", c.j, c.at, got, r.TaxYearLabel(got), start, c.year, c.label, c.start)
		}
	}
	if got := tax.JurisdictionOfCountry("FR"); got != tax.Generic {
		t.Errorf("FR: %s, want the generic rules", got)
	}
	if got := tax.JurisdictionOfCountry("AU"); got != tax.AU {
		t.Errorf("AU: %s, want AU", got)
	}
}
