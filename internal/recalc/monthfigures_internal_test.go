package recalc

import (
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// TestRoundCents checks roundCents against decimal.Round(2) (half away from zero, as money.Line)
// on the halves, on values near them and on random values of every magnitude and sign.
func TestRoundCents(t *testing.T) {
	cases := []string{"0", "0.005", "-0.005", "0.004999999999999999", "0.015", "-0.015", "1.995", "-1.995", "12.344999999999999999",
		"170000000000000000000", "-170000000000000000000", "0.000000000000000001", "-0.000000000000000001", "99.999999999999999999"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		hi := rng.Uint64() >> (1 + rng.IntN(64))
		d := tax.DecFromRaw(hi, rng.Uint64())
		if rng.IntN(2) == 0 {
			d, _ = d.Neg()
		}
		cases = append(cases, d.String())
	}
	for _, c := range cases {
		d := tax.MustDec(c)
		want := decimal.RequireFromString(c).Round(2)
		if got := roundCents(d).Decimal(); !got.Equal(want) {
			t.Fatalf("roundCents(%s) = %s, want %s", c, got, want)
		}
	}
}
