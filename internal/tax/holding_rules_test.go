package tax_test

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// TestPropertiesHoldingRules: under DE and AU, on random ledgers, units and cost are conserved,
// the client's lot settings (method, per-wallet date, fiscal year) change nothing, pieces are
// first in first out with no Form 8949 box, and each year's taxable figures equal a model of the
// rules worked from the pieces alone (big rationals, in the rules' words: DE the short-term gain
// against the Freigrenze, AU the method statement of losses, then the discount, then the carry).
func TestPropertiesHoldingRules(t *testing.T) {
	t.Parallel()
	var reused tax.Engine
	for _, j := range []tax.Jurisdiction{tax.DE, tax.AU} {
		for seed := uint64(1); seed <= 16; seed++ {
			cfg := taxgen.Config{Transactions: 300 + int(seed)*40, Assets: 1 + int(seed%4), Wallets: 1 + int(seed%3), Seed: seed, Uncovered: 0.03}
			in := taxgen.Generate(cfg)
			in.Settings = tax.Settings{Jurisdiction: j}
			label := fmt.Sprintf("%s seed %d", j, seed)
			r1, err := tax.Compute(in)
			if err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			checkConservation(t, in, r1, label)
			us := in
			us.Settings.Methods = []tax.MethodChange{{Method: tax.HIFO}}
			us.Settings.PerWalletFrom = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
			us.Settings.FiscalYearStartMonth, us.Settings.FiscalYearStartDay = time.April, 1
			r2, err := reused.Compute(us)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(resultJSON(t, in, r1), resultJSON(t, in, r2)) {
				t.Fatalf("%s: the client's lot settings changed the result", label)
			}
			checkYearModel(t, j.Rules(), r1, label)
		}
	}
}

// checkYearModel recomputes every year's taxable figures from the pieces with big rationals.
func checkYearModel(t *testing.T, r *tax.Rules, res tax.Result, label string) {
	t.Helper()
	rat := func(d tax.Dec) *big.Rat { x, _ := new(big.Rat).SetString(d.String()); return x }
	type sums struct{ short, long, losses, income *big.Rat }
	years := map[int]*sums{}
	get := func(y int) *sums {
		if years[y] == nil {
			years[y] = &sums{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
		}
		return years[y]
	}
	for _, d := range res.Disposals {
		if d.Box != 0 {
			t.Fatalf("%s: a Form 8949 box on %+v", label, d)
		}
		if !d.Kind.Taxable() {
			continue
		}
		s, g := get(int(d.TaxYear)), rat(d.Gain())
		switch {
		case r.HoldingExempt && d.Term == tax.LongTerm: // tax-free
		case g.Sign() < 0:
			s.losses.Sub(s.losses, g)
		case d.Term == tax.LongTerm:
			s.long.Add(s.long, g)
		default:
			s.short.Add(s.short, g)
		}
	}
	for _, in := range res.Income {
		s := get(int(in.TaxYear))
		s.income.Add(s.income, rat(in.Value))
	}
	carried := new(big.Rat)
	for _, y := range res.Years {
		s := get(y.Year)
		var taxable *big.Rat
		if r.DiscountPercent != 0 {
			losses := new(big.Rat).Add(s.losses, carried)
			short, long := new(big.Rat).Set(s.short), new(big.Rat).Set(s.long)
			for _, g := range []*big.Rat{short, long} {
				use := losses
				if g.Cmp(use) < 0 {
					use = new(big.Rat).Set(g)
				} else {
					use = new(big.Rat).Set(losses)
				}
				g.Sub(g, use)
				losses.Sub(losses, use)
			}
			long.Mul(long, big.NewRat(int64(100-r.DiscountPercent), 100))
			taxable = short.Add(short, long)
			carried = losses
			if rat(y.LossesCarriedForward).Cmp(carried) != 0 {
				t.Fatalf("%s: year %d carries %s, the model %s", label, y.Year, y.LossesCarriedForward, carried.FloatString(18))
			}
		} else {
			taxable = new(big.Rat).Sub(s.short, s.losses)
			if th, ok := tax.ThresholdIn(r.GainThresholds, y.Year); ok && taxable.Sign() >= 0 && taxable.Cmp(rat(th)) < 0 {
				taxable = new(big.Rat)
			}
		}
		// the engine keeps 18 decimals (a half rounds half-even): within 1e-18 of the model
		diff := new(big.Rat).Sub(rat(y.TaxableGain), taxable)
		if diff.Abs(diff).Cmp(big.NewRat(1, 1_000_000_000_000_000_000)) > 0 {
			t.Fatalf("%s: year %d taxable gain %s, the model %s", label, y.Year, y.TaxableGain, taxable.FloatString(18))
		}
		income := s.income
		if th, ok := tax.ThresholdIn(r.IncomeThresholds, y.Year); ok {
			if income.Cmp(rat(th)) < 0 {
				income = new(big.Rat)
			}
			if rat(y.TaxableIncome).Cmp(income) != 0 {
				t.Fatalf("%s: year %d taxable income %s, the model %s", label, y.Year, y.TaxableIncome, income.FloatString(18))
			}
		}
	}
}
