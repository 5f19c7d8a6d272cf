package recalc

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
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

// BenchmarkMonthFigures times computeMonthFigures on the results of a generated ledger of 200,000
// transactions (a full run's share of the store phase on its second writer; the pieces'
// transactions are found once for it and the transaction results).
func BenchmarkMonthFigures(b *testing.B) {
	in := taxgen.Generate(taxgen.Config{Transactions: 200_000, Assets: 8, Wallets: 4, Seed: 1})
	res, err := (&tax.Engine{}).Compute(in)
	if err != nil {
		b.Fatal(err)
	}
	own := ownersOf(&res, &transactionFinder{txs: in.Transactions})
	b.ResetTimer()
	for range b.N {
		if _, err := computeMonthFigures(&res, own, time.Time{}); err != nil {
			b.Fatal(err)
		}
	}
}
