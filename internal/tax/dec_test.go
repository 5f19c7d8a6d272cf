package tax

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

func TestParseFormat(t *testing.T) {
	cases := []struct{ in, out string }{
		{"0", "0"}, {"-0", "0"}, {"1", "1"}, {"1.50", "1.5"}, {"-12.345", "-12.345"},
		{"0.000000000000000001", "0.000000000000000001"}, {"223456789012345678901.5", ""}, {"123456789012345678901.5", "123456789012345678901.5"},
		{"170141183460469231731.687303715884105727", "170141183460469231731.687303715884105727"},
		{"-170141183460469231731.687303715884105727", "-170141183460469231731.687303715884105727"},
		{"170141183460469231731.687303715884105728", ""},
		{"12345678901234567890.123456789012345678", "12345678901234567890.123456789012345678"},
		{"1.0000000000000000000", "1"}, {".5", "0.5"}, {"5.", "5"},
	}
	for _, c := range cases {
		d, err := ParseDec(c.in)
		if c.out == "" {
			if err == nil {
				t.Errorf("%s: want error, got %s", c.in, d)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if d.String() != c.out {
			t.Errorf("%s: got %s want %s", c.in, d, c.out)
		}
	}
	for _, bad := range []string{"", "-", "1.2.3", "1e5", "abc", "0.0000000000000000001"} {
		if _, err := ParseDec(bad); err == nil {
			t.Errorf("%q: want error", bad)
		}
	}
	r, inexact, err := ParseDecRound("0.0000000000000000015")
	if err != nil || !inexact || r.String() != "0.000000000000000002" {
		t.Errorf("round: %s %v %v", r, inexact, err)
	}
	r, inexact, _ = ParseDecRound("0.0000000000000000025")
	if !inexact || r.String() != "0.000000000000000002" {
		t.Errorf("half-even: %s", r)
	}
	r, _, _ = ParseDecRound("-0.00000000000000000251")
	if r.String() != "-0.000000000000000003" {
		t.Errorf("neg round: %s", r)
	}
}

func randDec(r *rand.Rand) Dec {
	var hi uint64
	switch r.IntN(4) {
	case 0:
		hi = 0
	case 1:
		hi = r.Uint64() >> (1 + r.IntN(63))
	default:
		hi = r.Uint64() >> 1
	}
	d := Dec{hi: hi, lo: r.Uint64()}
	if r.IntN(2) == 0 {
		d = d.neg()
	}
	return d
}

// TestShortDecAgreesWithLong: wherever the short form's parser answers, it answers what the
// general parser does (random strings over the characters of a decimal, up to 21 long, and the
// edges of the uint64 and of the scale).
func TestShortDecAgreesWithLong(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "0123456789012345678901234567890123456789..-+x"
	cases := []string{"9999999999999999999", "1844674407370955161", "18446744073709551615", "170141183460469231731",
		"170141183460469231.7", "-170141183460469231.7", "0.123456789012345678", ".123456789012345678", "-.12345678901234567",
		"123456789012345678.", "0", "-0", "+0", ".", "-", "+.", "1.2.3", ""}
	for i := 0; i < 300000; i++ {
		b := make([]byte, r.IntN(22))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	short := 0
	for _, s := range cases {
		d, ok := parseShortDec(s)
		if !ok {
			continue
		}
		short++
		want, inexact, err := parseLongDec(s)
		if err != nil || inexact || want != d {
			t.Fatalf("%q: short %s, long %s %v %v", s, d, want, inexact, err)
		}
	}
	if short < 10000 {
		t.Fatalf("only %d of %d cases took the short form", short, len(cases))
	}
}

func TestMulDivAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	limit := new(big.Int).Lsh(big.NewInt(1), 127)
	for i := 0; i < 200000; i++ {
		a, b, c := randDec(r), randDec(r), randDec(r)
		if r.IntN(3) == 0 {
			b = Dec{lo: r.Uint64() >> r.IntN(64)}
		}
		if r.IntN(3) == 0 {
			c = Dec{lo: r.Uint64()>>r.IntN(64) | 1}
		}
		got, ok := mulDiv(a, b, c)
		// reference: round half even of a*b/c
		num := new(big.Int).Mul(a.BigInt(), b.BigInt())
		den := c.BigInt()
		if den.Sign() == 0 {
			continue
		}
		q, m := new(big.Int).QuoRem(num, den, new(big.Int))
		m2 := new(big.Int).Abs(m)
		m2.Lsh(m2, 1)
		cmp := m2.Cmp(new(big.Int).Abs(den))
		if cmp > 0 || (cmp == 0 && q.Bit(0) == 1) {
			if num.Sign()*den.Sign() < 0 {
				q.Sub(q, big.NewInt(1))
			} else {
				q.Add(q, big.NewInt(1))
			}
		}
		fits := new(big.Int).Abs(q).Cmp(limit) < 0
		if !fits {
			if ok {
				t.Fatalf("%s*%s/%s: want overflow, got %s", a, b, c, got)
			}
			continue
		}
		if !ok {
			// we may report overflow only when the 256-bit quotient exceeds 128 bits
			if new(big.Int).Abs(q).BitLen() <= 126 {
				t.Fatalf("%s*%s/%s: unexpected overflow (q=%s)", a, b, c, q)
			}
			continue
		}
		if got.BigInt().Cmp(q) != 0 {
			t.Fatalf("%v*%v/%v: got %s want %s", a.BigInt(), b.BigInt(), c.BigInt(), got.BigInt(), q)
		}
	}
}

func TestAddSubOverflow(t *testing.T) {
	max := Dec{hi: 1<<63 - 1, lo: ^uint64(0)}
	if _, ok := add(max, Dec{lo: 1}); ok {
		t.Fatal("max+1 should overflow")
	}
	min := Dec{hi: 1 << 63}
	if _, ok := sub(min, Dec{lo: 1}); ok {
		t.Fatal("min-1 should overflow")
	}
	if v, ok := add(MustDec("1.5"), MustDec("-2.25")); !ok || v.String() != "-0.75" {
		t.Fatal(v)
	}
	if _, err := max.Mul(MustDec("2")); err == nil {
		t.Fatal("mul overflow")
	}
	if v, _ := MustDec("1").Quo(MustDec("3")); v.String() != "0.333333333333333333" {
		t.Fatal(v)
	}
	if v, _ := MustDec("2").Quo(MustDec("3")); v.String() != "0.666666666666666667" {
		t.Fatal(v)
	}
}

func TestDecimalRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 10000; i++ {
		d := randDec(r)
		back, err := DecFromDecimal(d.Decimal())
		if err != nil || back != d {
			t.Fatalf("%s: %s %v", d, back, err)
		}
		p, err := ParseDec(d.String())
		if err != nil || p != d {
			t.Fatalf("%s: parse %s %v", d, p, err)
		}
	}
	for _, str := range []string{"0", "-0.5", "123.456", "999999999999999999", "-0.000000000000000001", "42000.00", "1e-18"} {
		v, err := DecFromDecimal(decimal.RequireFromString(str))
		if err != nil || v.Decimal().Cmp(decimal.RequireFromString(str)) != 0 {
			t.Fatalf("%s: %s %v", str, v, err)
		}
	}
	if _, err := DecFromDecimal(decimal.RequireFromString("0.0000000000000000001")); err == nil {
		t.Fatal("want precision error")
	}
	v, inexact, err := DecFromDecimalRound(decimal.RequireFromString("-1.2345678901234567895"))
	if err != nil || !inexact || v.String() != "-1.23456789012345679" {
		t.Fatalf("%s %v %v", v, inexact, err)
	}
	if _, err := DecFromDecimal(decimal.RequireFromString("1e30")); err == nil {
		t.Fatal("want overflow")
	}
	if v, err := DecFromDecimal(decimal.RequireFromString("12e3")); err != nil || v.String() != "12000" {
		t.Fatal(v, err)
	}
}

func TestUnitCost(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 100000; i++ {
		b, q := randDec(r), randDec(r)
		if b.Sign() < 0 {
			b = b.neg()
		}
		if q.Sign() <= 0 {
			q = Dec{lo: r.Uint64()>>r.IntN(64) | 1}
		}
		hi, lo := unitCost(b, q)
		want := new(big.Int).Mul(b.BigInt(), big.NewInt(1e18))
		want.Quo(want, q.BigInt())
		if want.BitLen() > 128 {
			if hi != ^uint64(0) || lo != ^uint64(0) {
				t.Fatalf("want saturation")
			}
			continue
		}
		got := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		got.Or(got, new(big.Int).SetUint64(lo))
		if got.Cmp(want) != 0 {
			t.Fatalf("unitCost(%s, %s) = %s, want %s", b, q, got, want)
		}
	}
}
