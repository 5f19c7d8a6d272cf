package tax_test

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestRateSchedulesInvariants checks every rate schedule against the invariants taxrates.go states.
func TestRateSchedulesInvariants(t *testing.T) {
	for j := tax.Jurisdiction(0); j.Valid(); j++ {
		r := tax.RulesFor(j)
		for _, s := range r.Rates {
			has := func(bs []tax.Bracket, key string) bool {
				for _, b := range bs {
					if b.Key == key {
						return true
					}
				}
				return false
			}
			if len(s.Brackets) == 0 || !has(s.Brackets, s.DefaultBracket) {
				t.Errorf("%s %d: default bracket %q not offered", j, s.FromYear, s.DefaultBracket)
			}
			if len(s.LongBrackets) > 0 && (!r.HoldingTerms || !has(s.LongBrackets, s.DefaultLongBracket)) {
				t.Errorf("%s %d: long-term brackets without holding terms or default %q", j, s.FromYear, s.DefaultLongBracket)
			}
			var from string
			for _, b := range s.Brackets {
				if b.Change != nil {
					if r.Matcher != tax.MatcherSection104 {
						t.Errorf("%s %d: a rate change outside the section 104 matcher", j, s.FromYear)
					}
					if from != "" && from != b.Change.From.String() {
						t.Errorf("%s %d: rate changes on different days", j, s.FromYear)
					}
					from = b.Change.From.String()
				}
			}
			if len(s.Assumptions) == 0 {
				t.Errorf("%s %d: no assumptions stated", j, s.FromYear)
			}
		}
	}
}

// TestEstimateTax checks the estimate of each country with rates against hand arithmetic.
func TestEstimateTax(t *testing.T) {
	type part struct{ amount, percent, tax string }
	cases := []struct {
		name               string
		j                  tax.Jurisdiction
		year               int
		f                  tax.YearFigures
		bracket, long      string
		netGain, allowance string
		taxable, tax       string
		parts              []part
	}{
		{
			// 10,000 short at 24% = 2,400; 20,000 long at 15% = 3,000; income 1,000 at 24% = 240
			name: "US both terms and income", j: tax.US, year: 2024, bracket: "24", long: "15",
			f:       tax.YearFigures{ShortGain: d("10000"), LongGain: d("20000"), Income: d("1000")},
			netGain: "30000", allowance: "0", taxable: "30000", tax: "5640",
			parts: []part{{"10000", "24", "2400"}, {"20000", "15", "3000"}, {"1000", "24", "240"}},
		},
		{
			// the short-term net loss of 4,000 reduces the long-term gain: 6,000 at 15% (the default) = 900
			name: "US short loss against long gain, default long rate", j: tax.US, year: 2024, bracket: "22",
			f:       tax.YearFigures{ShortGain: d("-4000"), LongGain: d("10000")},
			netGain: "6000", allowance: "0", taxable: "6000", tax: "900",
			parts: []part{{"6000", "15", "900"}},
		},
		{
			// gains 8,000 before 30 Oct and 10,000 from it, losses 5,000, allowance 3,000: the 8,000 of
			// deductions go against the gains from 30 Oct (18%): 2,000 x 18% = 360; 8,000 x 10% = 800;
			// income 500 x 20% = 100. Total 1,260.
			name: "GB 2024/25 basic rate, disposals before and after 30 October 2024, losses", j: tax.GB, year: 2024, bracket: "basic",
			f:       tax.YearFigures{Gains: d("18000"), Losses: d("-5000"), GainsFrom: d("10000"), Income: d("500")},
			netGain: "13000", allowance: "3000", taxable: "10000", tax: "1260",
			parts: []part{{"8000", "10", "800"}, {"2000", "18", "360"}, {"500", "20", "100"}},
		},
		{
			// the same at the higher rate: 8,000 x 20% = 1,600; 2,000 x 24% = 480; 500 x 40% = 200
			name: "GB 2024/25 higher rate", j: tax.GB, year: 2024, bracket: "higher",
			f:       tax.YearFigures{Gains: d("18000"), Losses: d("-5000"), GainsFrom: d("10000"), Income: d("500")},
			netGain: "13000", allowance: "3000", taxable: "10000", tax: "2280",
			parts: []part{{"8000", "20", "1600"}, {"2000", "24", "480"}, {"500", "40", "200"}},
		},
		{
			// deductions beyond the gains from 30 Oct reach the earlier ones: 3,000 from; 4,000 of losses
			// and 3,000 allowance: 7,000 - 3,000 = 4,000 taken from the 6,000 before: 2,000 x 10% = 200
			name: "GB 2024/25 deductions beyond the later gains", j: tax.GB, year: 2024,
			f:       tax.YearFigures{Gains: d("9000"), Losses: d("-4000"), GainsFrom: d("3000")},
			netGain: "5000", allowance: "3000", taxable: "2000", tax: "200",
			parts: []part{{"2000", "10", "200"}},
		},
		{
			// 2023/24: 10,000 - 1,000 - 6,000 = 3,000 at 10% = 300
			name: "GB 2023/24", j: tax.GB, year: 2023,
			f:       tax.YearFigures{Gains: d("10000"), Losses: d("-1000")},
			netGain: "9000", allowance: "6000", taxable: "3000", tax: "300",
			parts: []part{{"3000", "10", "300"}},
		},
		{
			// 2022/23: gains 2,000 within the 12,300 allowance: 2,000 of it used, no tax
			name: "GB 2022/23 within the allowance", j: tax.GB, year: 2022, bracket: "higher",
			f:       tax.YearFigures{Gains: d("2000")},
			netGain: "2000", allowance: "2000", taxable: "0", tax: "0",
		},
		{
			// 2025/26: 7,000 - 3,000 = 4,000 at 24% = 960
			name: "GB 2025/26 higher", j: tax.GB, year: 2025, bracket: "higher",
			f:       tax.YearFigures{Gains: d("7000")},
			netGain: "7000", allowance: "3000", taxable: "4000", tax: "960",
			parts: []part{{"4000", "24", "960"}},
		},
		{
			// 2025/26 additional rate: 4,000 at 24% = 960; income 1,000 at 45% = 450
			name: "GB 2025/26 additional rate with income", j: tax.GB, year: 2025, bracket: "additional",
			f:       tax.YearFigures{Gains: d("7000"), Income: d("1000")},
			netGain: "7000", allowance: "3000", taxable: "4000", tax: "1410",
			parts: []part{{"4000", "24", "960"}, {"1000", "45", "450"}},
		},
		{
			// a net loss: nothing to tax, no allowance used
			name: "GB net loss", j: tax.GB, year: 2024,
			f:       tax.YearFigures{Gains: d("1000"), Losses: d("-2500")},
			netGain: "-1500", allowance: "0", taxable: "0", tax: "0",
		},
		{
			// net 12,000 - 2,000 = 10,000; half taxable 5,000 x 26% = 1,300; income 1,000 x 26% = 260
			name: "CA 2024", j: tax.CA, year: 2024, bracket: "26",
			f:       tax.YearFigures{Gains: d("12000"), Losses: d("-2000"), ShortGain: d("10000"), Income: d("1000")},
			netGain: "10000", allowance: "0", taxable: "5000", tax: "1560",
			parts: []part{{"5000", "26", "1300"}, {"1000", "26", "260"}},
		},
		{
			// default 20.5%: 333.33 x 0.5 = 166.665 x 20.5% = 34.166325 (exact, not rounded)
			name: "CA exact decimals", j: tax.CA, year: 2023,
			f:       tax.YearFigures{Gains: d("333.33")},
			netGain: "333.33", allowance: "0", taxable: "166.665", tax: "34.166325",
			parts: []part{{"166.665", "20.5", "34.166325"}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := tax.RulesFor(c.j)
			s, ok := r.RatesIn(c.year)
			if !ok {
				t.Fatalf("no rates for %d", c.year)
			}
			e, err := r.EstimateTax(s, c.f, c.bracket, c.long)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				name      string
				got, want decimal.Decimal
			}{{"net gain", e.NetGain, d(c.netGain)}, {"allowance", e.AllowanceApplied, d(c.allowance)},
				{"taxable", e.TaxableGain, d(c.taxable)}, {"tax", e.Tax, d(c.tax)}} {
				if !x.got.Equal(x.want) {
					t.Errorf("%s = %s, want %s", x.name, x.got, x.want)
				}
			}
			if len(e.Parts) != len(c.parts) {
				t.Fatalf("parts %+v, want %v", e.Parts, c.parts)
			}
			for i, p := range c.parts {
				g := e.Parts[i]
				if !g.Amount.Equal(d(p.amount)) || !g.Percent.Equal(d(p.percent)) || !g.Tax.Equal(d(p.tax)) {
					t.Errorf("part %d = %s %s%% %s, want %v", i, g.Amount, g.Percent, g.Tax, p)
				}
			}
		})
	}
}

// TestEstimateTaxUnknown: no schedule where the rates are not known, and a bracket the year does not
// offer is refused.
func TestEstimateTaxUnknown(t *testing.T) {
	for _, c := range []struct {
		j    tax.Jurisdiction
		year int
	}{{tax.DE, 2024}, {tax.AU, 2024}, {tax.GB, 2021}, {tax.CA, 2025}, {tax.US, 2017}} {
		if _, ok := tax.RulesFor(c.j).RatesIn(c.year); ok {
			t.Errorf("%s %d: rates, want none", c.j, c.year)
		}
	}
	r := tax.RulesFor(tax.GB)
	s, _ := r.RatesIn(2024)
	var unknown tax.ErrUnknownBracket
	if _, err := r.EstimateTax(s, tax.YearFigures{}, "starter", ""); !errors.As(err, &unknown) || unknown.Field != "bracket" {
		t.Errorf("unknown bracket: %v", err)
	}
}
