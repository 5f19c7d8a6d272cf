package money

import (
	"math"
	"testing"

	"github.com/shopspring/decimal"
)

func TestCentsAndFormatting(t *testing.T) {
	for _, c := range []struct {
		dollars string
		cents   int64
		text    string
	}{
		{"0", 0, "$0.00"},
		{"1234.565", 123457, "$1,234.57"},
		{"-76.455", -7646, "-$76.46"},
		{"1000000", 100000000, "$1,000,000.00"},
		{"0.004999", 0, "$0.00"},
		{"21474836.48", 2147483648, "$21,474,836.48"}, // past 32-bit cents
	} {
		got := Cents(decimal.RequireFromString(c.dollars))
		if got != c.cents || Format(got) != c.text {
			t.Errorf("%s: %d %q, want %d %q", c.dollars, got, Format(got), c.cents, c.text)
		}
	}
}

func TestFromFloatIsExact(t *testing.T) {
	for f, want := range map[float64]string{1837.69: "1837.69", 3.8: "3.8", 0.001: "0.001", 5100.5: "5100.5"} {
		d, err := FromFloat(f)
		if err != nil || d.String() != want {
			t.Errorf("FromFloat(%v) = %s, %v; want %s", f, d, err, want)
		}
	}
	if d, _ := FromFloat(1837.69); Cents(d) != 183769 {
		t.Errorf("1837.69 dollars = %d cents, want 183769", Cents(d))
	}
	if _, err := FromFloat(math.NaN()); err == nil {
		t.Error("NaN accepted")
	}
}

func TestFormatIn(t *testing.T) {
	for _, c := range []struct {
		cents    int64
		currency string
		want     string
	}{
		{123456, "USD", "$1,234.56"}, {-20000, "GBP", "-£200.00"}, {-110000, "CAD", "-CA$1,100.00"}, {5, "chf", "CHF 0.05"},
	} {
		if got := FormatIn(c.cents, c.currency); got != c.want {
			t.Errorf("FormatIn(%d, %s) = %q, want %q", c.cents, c.currency, got, c.want)
		}
	}
}
