package tax

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// FuzzParseDec: any text either fails cleanly or parses to a value that prints back to itself and
// agrees with shopspring/decimal (an independent arbitrary-precision parser).
func FuzzParseDec(f *testing.F) {
	for _, s := range []string{"0", "-0", "1", "-1.5", "0.000000000000000001", "123456789012345678.123456789012345678",
		"1e5", "1E-3", ".5", "5.", "+3", "--1", "0x10", "1_000", " 1", "NaN", "Inf", "99999999999999999999999999999999999999",
		"0.0000000000000000001", strings.Repeat("9", 400), "1e999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDec(s)
		if err != nil {
			return
		}
		again, err := ParseDec(d.String())
		if err != nil || again.Cmp(d) != 0 {
			t.Fatalf("%q parsed to %s, which does not parse back (%v)", s, d, err)
		}
		want, err := decimal.NewFromString(s)
		if err == nil && !want.Equal(d.Decimal()) {
			t.Fatalf("%q: ParseDec %s, decimal %s", s, d, want)
		}
	})
}
