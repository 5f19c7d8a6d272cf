// Package money converts exact fiat amounts to the integer cents and display strings that both
// APIs show. It is the one place these rules live.
package money

import (
	"fmt"
	"math"
	"strings"

	"github.com/shopspring/decimal"
)

// Cents converts dollars to integer cents, rounding half away from zero (as tax forms round).
func Cents(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }

// Format renders cents of US dollars as "$1,234.56" ("-$1,234.56" for a loss).
func Format(c int64) string { return FormatIn(c, "USD") }

// symbols are the currency signs FormatIn writes; other currencies are written with their code
// ("CHF 1,234.56"). The Canadian dollar is "CA$", so that it is never read as the US one.
var symbols = map[string]string{"USD": "$", "GBP": "£", "EUR": "€", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "JPY": "¥", "INR": "₹"}

// FormatIn renders cents of currency (an ISO 4217 code) as "£1,234.56" ("-£1,234.56" for a loss).
func FormatIn(c int64, currency string) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := fmt.Sprint(c / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	sym, ok := symbols[strings.ToUpper(currency)]
	if !ok {
		sym = strings.ToUpper(currency) + " "
	}
	return fmt.Sprintf("%s%s%s.%02d", sign, sym, b.String(), c%100)
}

// FormatPtr is Format for an optional amount.
func FormatPtr(c *int64) *string { return FormatPtrIn(c, "USD") }

// FormatPtrIn is FormatIn for an optional amount.
func FormatPtrIn(c *int64, currency string) *string {
	if c == nil {
		return nil
	}
	s := FormatIn(*c, currency)
	return &s
}

// ParseDollars parses a decimal number of dollars such as "1000.50".
func ParseDollars(s string) (decimal.Decimal, error) {
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%q is not a decimal number of dollars", s)
	}
	return d, nil
}

// FromFloat converts an API Float (dollars such as 1837.69, or a quantity) to an exact decimal:
// the shortest decimal that reads back as the same float, so 1837.69 is exactly 1837.69 and never
// 1837.6899999.... NaN and infinities are refused.
func FromFloat(f float64) (decimal.Decimal, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return decimal.Decimal{}, fmt.Errorf("%v is not a finite number", f)
	}
	return decimal.NewFromFloat(f), nil
}

// Line is the one rounding rule of a line a form or report prints: proceeds, basis and adjustment
// each rounded to cents (half away from zero), the gain their sum in those cents, (h) = (d) − (e) +
// (g). A report's totals are sums of its lines in these cents, so every printed figure adds up.
func Line(proceeds, basis, adjustment decimal.Decimal) (p, b, adj, gain decimal.Decimal) {
	p, b, adj = proceeds.Round(2), basis.Round(2), adjustment.Round(2)
	return p, b, adj, p.Sub(b).Add(adj)
}
