package tax

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"

	"github.com/shopspring/decimal"
)

// Scale is the number of fractional digits every Dec carries.
const Scale = 18

const scaleFactor uint64 = 1_000_000_000_000_000_000 // 10^18

// ErrOverflow is returned when a value or a result does not fit a Dec.
var ErrOverflow = errors.New("tax: decimal overflow (|value| must stay below 1.7e20)")

// ErrPrecision is returned by the strict conversions for inputs with more than 18 fractional digits.
var ErrPrecision = errors.New("tax: more than 18 fractional digits")

// Dec is an exact signed fixed-point decimal: a two's-complement 128-bit integer scaled by 10^18.
// It holds |x| < 2^127/10^18 ≈ 1.7e20 with 18 fractional digits, for quantities and fiat alike.
// The zero value is 0. Arithmetic never wraps silently: every operation that could overflow
// reports it (ok=false or ErrOverflow).
type Dec struct {
	hi uint64 // high 64 bits (sign in the top bit)
	lo uint64
}

var (
	decOne = Dec{lo: scaleFactor}
)

// DecFromInt returns the Dec for the integer n.
func DecFromInt(n int64) Dec {
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	h, l := bits.Mul64(u, scaleFactor)
	d := Dec{hi: h, lo: l}
	if neg {
		d = d.neg()
	}
	return d
}

// DecFromRaw returns the Dec whose scaled integer is the 128-bit two's-complement hi:lo.
func DecFromRaw(hi, lo uint64) Dec { return Dec{hi: hi, lo: lo} }

// Raw returns the scaled integer as two's-complement hi:lo.
func (a Dec) Raw() (hi, lo uint64) { return a.hi, a.lo }

// IsZero reports whether a == 0.
func (a Dec) IsZero() bool { return a.hi == 0 && a.lo == 0 }

// Sign returns -1, 0 or +1.
func (a Dec) Sign() int {
	if int64(a.hi) < 0 {
		return -1
	}
	if a.hi == 0 && a.lo == 0 {
		return 0
	}
	return 1
}

// Cmp compares a and b: -1 if a < b, 0 if equal, +1 if a > b.
func (a Dec) Cmp(b Dec) int {
	if a.hi != b.hi {
		if int64(a.hi) < int64(b.hi) {
			return -1
		}
		return 1
	}
	if a.lo != b.lo {
		if a.lo < b.lo {
			return -1
		}
		return 1
	}
	return 0
}

func (a Dec) neg() Dec {
	lo, c := bits.Sub64(0, a.lo, 0)
	hi, _ := bits.Sub64(0, a.hi, c)
	return Dec{hi: hi, lo: lo}
}

// Neg returns -a (ok=false only for the most negative value).
func (a Dec) Neg() (Dec, bool) {
	if a.hi == 1<<63 && a.lo == 0 {
		return a, false
	}
	return a.neg(), true
}

// abs returns the magnitude as an unsigned 128-bit value and whether a was negative.
func (a Dec) abs() (hi, lo uint64, neg bool) {
	if int64(a.hi) < 0 {
		n := a.neg()
		return n.hi, n.lo, true
	}
	return a.hi, a.lo, false
}

// add returns a+b and false on overflow.
func add(a, b Dec) (Dec, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, c)
	// overflow iff a and b have the same sign and the result's sign differs
	if (^(a.hi ^ b.hi))&(a.hi^hi)>>63 != 0 {
		return Dec{}, false
	}
	return Dec{hi: hi, lo: lo}, true
}

// sub returns a-b and false on overflow.
func sub(a, b Dec) (Dec, bool) {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	if ((a.hi^b.hi)&(a.hi^hi))>>63 != 0 {
		return Dec{}, false
	}
	return Dec{hi: hi, lo: lo}, true
}

// Add returns a+b or ErrOverflow.
func (a Dec) Add(b Dec) (Dec, error) {
	r, ok := add(a, b)
	if !ok {
		return Dec{}, ErrOverflow
	}
	return r, nil
}

// Sub returns a-b or ErrOverflow.
func (a Dec) Sub(b Dec) (Dec, error) {
	r, ok := sub(a, b)
	if !ok {
		return Dec{}, ErrOverflow
	}
	return r, nil
}

// Mul returns a*b rounded half-even to 18 fractional digits, or ErrOverflow.
func (a Dec) Mul(b Dec) (Dec, error) {
	r, ok := mulDiv(a, b, decOne)
	if !ok {
		return Dec{}, ErrOverflow
	}
	return r, nil
}

// Quo returns a/b rounded half-even to 18 fractional digits; ErrOverflow also for b == 0.
func (a Dec) Quo(b Dec) (Dec, error) {
	r, ok := mulDiv(a, decOne, b)
	if !ok {
		return Dec{}, ErrOverflow
	}
	return r, nil
}

// MulDiv returns a*b/c computed exactly with a 256-bit intermediate and rounded half-even,
// or ErrOverflow (also for c == 0). It is the apportioning primitive: value*part/whole.
func MulDiv(a, b, c Dec) (Dec, error) {
	r, ok := mulDiv(a, b, c)
	if !ok {
		return Dec{}, ErrOverflow
	}
	return r, nil
}

// mulDiv computes round_half_even(a*b/c) where a, b, c are raw scaled integers
// (so the scale of the result is scale(a)+scale(b)-scale(c)).
func mulDiv(a, b, c Dec) (Dec, bool) {
	ah, al, an := a.abs()
	bh, bl, bn := b.abs()
	ch, cl, cn := c.abs()
	if ch == 0 && cl == 0 {
		return Dec{}, false
	}
	neg := an != bn != cn
	if (ah == 0 && al == 0) || (bh == 0 && bl == 0) {
		return Dec{}, true
	}
	p3, p2, p1, p0 := mul128(ah, al, bh, bl)
	// quotient must fit in 128 bits: (p3,p2) < c
	if p3 > ch || (p3 == ch && p2 >= cl) {
		return Dec{}, false
	}
	var qh, ql, rh, rl uint64
	if ch == 0 {
		var r uint64
		qh, r = bits.Div64(p2, p1, cl)
		ql, r = bits.Div64(r, p0, cl)
		rl = r
	} else {
		s := uint(bits.LeadingZeros64(ch))
		v1 := ch<<s | cl>>(64-s)&mask(s)
		v0 := cl << s
		u3 := p3<<s | p2>>(64-s)&mask(s)
		u2 := p2<<s | p1>>(64-s)&mask(s)
		u1 := p1<<s | p0>>(64-s)&mask(s)
		u0 := p0 << s
		var r1, r0 uint64
		qh, r1, r0 = div3by2(u3, u2, u1, v1, v0)
		ql, r1, r0 = div3by2(r1, r0, u0, v1, v0)
		// un-normalise the remainder
		rl = r0>>s | r1<<(64-s)&mask(s)
		rh = r1 >> s
	}
	// round half-even: compare remainder with c - remainder
	dh, dl := ch, cl
	sl, bw := bits.Sub64(dl, rl, 0)
	sh, _ := bits.Sub64(dh, rh, bw)
	up := false
	if rh > sh || (rh == sh && rl > sl) {
		up = true
	} else if rh == sh && rl == sl {
		up = ql&1 == 1
	}
	if up {
		var cc uint64
		ql, cc = bits.Add64(ql, 1, 0)
		qh += cc
		if qh == 0 && ql == 0 {
			return Dec{}, false
		}
	}
	if qh>>63 != 0 {
		return Dec{}, false
	}
	r := Dec{hi: qh, lo: ql}
	if neg {
		r = r.neg()
	}
	return r, true
}

// mask returns all ones when s > 0 and zero when s == 0 (so x>>(64-0) contributes nothing).
func mask(s uint) uint64 {
	if s == 0 {
		return 0
	}
	return ^uint64(0)
}

// mul128 returns the 256-bit product (p3,p2,p1,p0) of (ah,al)*(bh,bl).
func mul128(ah, al, bh, bl uint64) (p3, p2, p1, p0 uint64) {
	h00, l00 := bits.Mul64(al, bl)
	h01, l01 := bits.Mul64(al, bh)
	h10, l10 := bits.Mul64(ah, bl)
	h11, l11 := bits.Mul64(ah, bh)
	p0 = l00
	var c uint64
	p1, c = bits.Add64(h00, l01, 0)
	p2, c = bits.Add64(h01, l11, c)
	p3 = h11 + c
	p1, c = bits.Add64(p1, l10, 0)
	p2, c = bits.Add64(p2, h10, c)
	p3 += c
	return
}

// div3by2 divides (u2,u1,u0) by the normalised (v1,v0) (top bit of v1 set), given (u2,u1) < (v1,v0).
// It returns the one-limb quotient and the two-limb remainder.
func div3by2(u2, u1, u0, v1, v0 uint64) (q, r1, r0 uint64) {
	if u2 >= v1 {
		q = ^uint64(0)
	} else {
		q, _ = bits.Div64(u2, u1, v1)
	}
	// (t2,t1,t0) = q*(v1,v0)
	h0, l0 := bits.Mul64(q, v0)
	h1, l1 := bits.Mul64(q, v1)
	t0 := l0
	t1, c := bits.Add64(l1, h0, 0)
	t2 := h1 + c
	// (u2,u1,u0) - (t2,t1,t0); while negative add back (at most twice)
	var b uint64
	r0, b = bits.Sub64(u0, t0, 0)
	r1, b = bits.Sub64(u1, t1, b)
	r2, b := bits.Sub64(u2, t2, b)
	for b != 0 {
		q--
		var cc uint64
		r0, cc = bits.Add64(r0, v0, 0)
		r1, cc = bits.Add64(r1, v1, cc)
		r2, cc = bits.Add64(r2, 0, cc)
		if cc != 0 {
			b = 0 // crossed back to non-negative
		}
	}
	_ = r2
	return q, r1, r0
}

// ParseDec parses a plain decimal string ("-12.5", "0.000000000000000001", "3") exactly.
// More than 18 fractional digits (other than trailing zeros) is ErrPrecision; too large is ErrOverflow.
func ParseDec(s string) (Dec, error) {
	d, inexact, err := parseDec(s)
	if err != nil {
		return Dec{}, err
	}
	if inexact {
		return Dec{}, fmt.Errorf("%w: %q", ErrPrecision, s)
	}
	return d, nil
}

// ParseDecRound parses like ParseDec but rounds half-even to 18 fractional digits;
// inexact reports whether rounding changed the value.
func ParseDecRound(s string) (d Dec, inexact bool, err error) {
	return parseDec(s)
}

// MustDec parses s or panics; for tests and constants.
func MustDec(s string) Dec {
	d, err := ParseDec(s)
	if err != nil {
		panic(err)
	}
	return d
}

func parseDec(s string) (Dec, bool, error) {
	if d, ok := parseShortDec(s); ok {
		return d, false, nil
	}
	return parseLongDec(s)
}

// parseShortDec parses the form ledgers mostly hold: an optional sign, at most 19 digits and at
// most one point. Such a number's digits fit one uint64 and it has at most 18 fractional digits, so
// one 64x64-bit multiply scales it, where parseLongDec does 128-bit arithmetic digit by digit. ok
// is false for anything else (errors included): parseLongDec decides those.
func parseShortDec(s string) (d Dec, ok bool) {
	if len(s) == 0 || len(s) > 20 {
		return Dec{}, false
	}
	i := 0
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		i++
	}
	if len(s)-i > 19 {
		return Dec{}, false
	}
	var v uint64
	digits := 0
	point := -1 // index of the point
	for ; i < len(s); i++ {
		c := s[i] - '0'
		if c <= 9 {
			v = v*10 + uint64(c)
			digits++
			continue
		}
		if s[i] != '.' || point >= 0 {
			return Dec{}, false
		}
		point = i
	}
	if digits == 0 {
		return Dec{}, false
	}
	frac := 0
	if point >= 0 {
		frac = len(s) - point - 1
	}
	hi, lo := bits.Mul64(v, pow10[Scale-frac])
	if hi>>63 != 0 {
		return Dec{}, false
	}
	d = Dec{hi: hi, lo: lo}
	if neg {
		d = d.neg()
	}
	return d, true
}

// parseLongDec is parseDec for any input.
func parseLongDec(s string) (Dec, bool, error) {
	if len(s) == 0 {
		return Dec{}, false, errors.New("tax: empty decimal")
	}
	i := 0
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		i++
	}
	var hi, lo uint64
	digits := 0
	frac := -1 // number of fractional digits consumed, -1 before the point
	var roundDigit byte
	sticky := false
	for ; i < len(s); i++ {
		ch := s[i]
		if ch == '.' {
			if frac >= 0 {
				return Dec{}, false, fmt.Errorf("tax: invalid decimal %q", s)
			}
			frac = 0
			continue
		}
		if ch < '0' || ch > '9' {
			return Dec{}, false, fmt.Errorf("tax: invalid decimal %q", s)
		}
		digits++
		if frac >= Scale {
			if frac == Scale {
				roundDigit = ch
			} else if ch != '0' {
				sticky = true
			}
			frac++
			continue
		}
		if frac >= 0 {
			frac++
		}
		// (hi,lo) = (hi,lo)*10 + digit
		h1, l1 := bits.Mul64(lo, 10)
		h2, l2 := bits.Mul64(hi, 10)
		if h2 != 0 {
			return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
		}
		nh, c := bits.Add64(l2, h1, 0)
		if c != 0 {
			return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
		}
		nl, c2 := bits.Add64(l1, uint64(ch-'0'), 0)
		nh, c = bits.Add64(nh, 0, c2)
		if c != 0 {
			return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
		}
		hi, lo = nh, nl
	}
	if digits == 0 {
		return Dec{}, false, fmt.Errorf("tax: invalid decimal %q", s)
	}
	if frac < 0 {
		frac = 0
	}
	inexact := false
	if frac > Scale {
		inexact = roundDigit != '0' || sticky
		up := roundDigit > '5' || (roundDigit == '5' && (sticky || lo&1 == 1))
		frac = Scale
		if up {
			var c uint64
			lo, c = bits.Add64(lo, 1, 0)
			hi += c
		}
	}
	// scale up to 18 digits
	for ; frac < Scale; frac++ {
		h1, l1 := bits.Mul64(lo, 10)
		h2, l2 := bits.Mul64(hi, 10)
		if h2 != 0 {
			return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
		}
		nh, c := bits.Add64(l2, h1, 0)
		if c != 0 {
			return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
		}
		hi, lo = nh, l1
	}
	if hi>>63 != 0 {
		return Dec{}, false, fmt.Errorf("%w: %q", ErrOverflow, s)
	}
	d := Dec{hi: hi, lo: lo}
	if neg {
		d = d.neg()
	}
	return d, inexact, nil
}

// String returns the canonical form: no exponent, no trailing fractional zeros ("1.5", "-0.25", "3").
func (a Dec) String() string { return string(a.Append(nil)) }

// Append appends the canonical form of a to b. (It is on every output path: taxd compute, the
// result COPY; the common cases avoid the hardware 128-bit divide and the digit-by-digit loop.)
func (a Dec) Append(b []byte) []byte {
	hi, lo, neg := a.abs()
	if neg {
		b = append(b, '-')
	}
	// integer part = (hi,lo) / 1e18, fraction = remainder
	var ql, frac uint64
	if hi == 0 {
		ql, frac = lo/scaleFactor, lo%scaleFactor // by a constant: a multiply, not a divide
	} else {
		qh, r := hi/scaleFactor, hi%scaleFactor // by a constant: no hardware divide
		ql, frac = bits.Div64(r, lo, scaleFactor)
		if qh != 0 {
			// split into high and low 19-digit halves
			const e19 = 10_000_000_000_000_000_000
			th, r2 := bits.Div64(0, qh, e19)
			tl, low := bits.Div64(r2, ql, e19)
			_ = th // th is always 0: the integer part is < 2^127/1e18 < 1e19*2^64
			b = appendUint(b, tl)
			var buf [19]byte
			for i := 18; i >= 0; i-- {
				buf[i] = byte('0' + low%10)
				low /= 10
			}
			b = append(b, buf[:]...)
			return appendFrac(b, frac)
		}
	}
	b = appendUint(b, ql)
	return appendFrac(b, frac)
}

// appendUint appends v in decimal as strconv.AppendUint(b, v, 10) does, written in place two
// digits a step (strconv's call, its local buffer and the copy out of it were a tenth of Append).
func appendUint(b []byte, v uint64) []byte {
	if v < 10 { // quantities mostly
		return append(b, byte('0'+v))
	}
	n := bits.Len64(v) * 1233 >> 12 // log10(2) ≈ 1233/4096: v has n or n+1 digits
	switch {
	case n == len(pow10): // v >= 2^63: 19 digits, or 20 from 1e19
		if v >= 10*pow10[n-1] {
			n++
		}
	case v >= pow10[n]:
		n++
	}
	l := len(b)
	b = slices.Grow(b, n)[:l+n]
	buf := b[l:]
	i := n - 1
	for ; i > 0; i -= 2 {
		d := v % 100
		v /= 100
		buf[i-1], buf[i] = digitPairs[2*d], digitPairs[2*d+1]
	}
	if i == 0 {
		buf[0] = byte('0' + v)
	}
	return b
}

// appendFrac appends "." and the significant digits of frac/1e18 (nothing for 0).
func appendFrac(b []byte, frac uint64) []byte {
	if frac == 0 {
		return b
	}
	n := 18 // digits left in frac, trailing zeros dropped in large steps first
	if frac%1_000_000_000 == 0 {
		frac /= 1_000_000_000
		n -= 9
	}
	if frac%10_000 == 0 {
		frac /= 10_000
		n -= 4
	}
	if frac%100 == 0 {
		frac /= 100
		n -= 2
	}
	if frac%10 == 0 {
		frac /= 10
		n--
	}
	for frac%10 == 0 { // at most a few more
		frac /= 10
		n--
	}
	l := len(b)
	b = slices.Grow(b, n+1)[:l+n+1] // written in place: a copy from a local buffer is a call per number
	buf := b[l:]
	buf[0] = '.'
	i := n
	for ; i > 1; i -= 2 { // two digits a step
		d := frac % 100
		frac /= 100
		buf[i-1], buf[i] = digitPairs[2*d], digitPairs[2*d+1]
	}
	if i == 1 {
		buf[1] = byte('0' + frac)
	}
	return b
}

// digitPairs holds "00" to "99": digitPairs[2*d:2*d+2] is d in two digits.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"4041424344454647484950515253545556575859606162636465666768697071727374757677787980818283848586878889" +
	"90919293949596979899"

// MarshalText implements encoding.TextMarshaler (canonical String form).
func (a Dec) MarshalText() ([]byte, error) { return a.Append(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler (strict ParseDec).
func (a *Dec) UnmarshalText(b []byte) error {
	d, err := ParseDec(string(b))
	if err != nil {
		return err
	}
	*a = d
	return nil
}

// BigInt returns the scaled integer (a * 10^18) as a big.Int.
func (a Dec) BigInt() *big.Int {
	hi, lo, neg := a.abs()
	z := new(big.Int).SetUint64(hi)
	z.Lsh(z, 64)
	z.Or(z, new(big.Int).SetUint64(lo))
	if neg {
		z.Neg(z)
	}
	return z
}

// Decimal converts a to a shopspring decimal exactly (exponent -18 before normalisation).
func (a Dec) Decimal() decimal.Decimal {
	return decimal.NewFromBigInt(a.BigInt(), -Scale)
}

var bigTen = big.NewInt(10)

// DecFromDecimal converts a shopspring decimal exactly; more than 18 significant fractional digits is
// ErrPrecision, too large is ErrOverflow.
func DecFromDecimal(d decimal.Decimal) (Dec, error) {
	r, inexact, err := decFromDecimal(d)
	if err != nil {
		return Dec{}, err
	}
	if inexact {
		return Dec{}, fmt.Errorf("%w: %s", ErrPrecision, d.String())
	}
	return r, nil
}

// DecFromDecimalRound converts a shopspring decimal, rounding half-even to 18 fractional digits;
// inexact reports whether rounding changed the value.
func DecFromDecimalRound(d decimal.Decimal) (r Dec, inexact bool, err error) {
	return decFromDecimal(d)
}

var pow10 = func() (t [19]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return
}()

func decFromDecimal(d decimal.Decimal) (Dec, bool, error) {
	exp := d.Exponent()
	if exp >= -Scale && exp <= 0 && d.NumDigits() <= 18 {
		// fast path for database values (no big.Int): |coefficient| < 10^18
		c := d.CoefficientInt64()
		u := uint64(c)
		if c < 0 {
			u = uint64(-c)
		}
		hi, lo := bits.Mul64(u, pow10[int(exp)+Scale])
		r := Dec{hi: hi, lo: lo}
		if c < 0 {
			r = r.neg()
		}
		return r, false, nil
	}
	coef := d.Coefficient()
	inexact := false
	if shift := int(exp) + Scale; shift >= 0 {
		if shift > 60 {
			if coef.Sign() == 0 {
				return Dec{}, false, nil
			}
			return Dec{}, false, ErrOverflow
		}
		coef.Mul(coef, new(big.Int).Exp(bigTen, big.NewInt(int64(shift)), nil))
	} else {
		den := new(big.Int).Exp(bigTen, big.NewInt(int64(-shift)), nil)
		q, m := new(big.Int).QuoRem(coef, den, new(big.Int))
		if m.Sign() != 0 {
			inexact = true
			m.Abs(m)
			m.Lsh(m, 1)
			c := m.Cmp(den)
			if c > 0 || (c == 0 && q.Bit(0) == 1) {
				if coef.Sign() < 0 {
					q.Sub(q, big.NewInt(1))
				} else {
					q.Add(q, big.NewInt(1))
				}
			}
		}
		coef = q
	}
	neg := coef.Sign() < 0
	coef.Abs(coef)
	if coef.BitLen() > 127 {
		return Dec{}, false, ErrOverflow
	}
	var hi, lo uint64
	lo = coef.Uint64()
	hi = new(big.Int).Rsh(coef, 64).Uint64()
	r := Dec{hi: hi, lo: lo}
	if neg {
		r = r.neg()
	}
	return r, inexact, nil
}

// unitCost returns trunc(basis*10^18/qty) for basis >= 0 and qty > 0 as an unsigned 128-bit value,
// saturating at 2^128-1: the HIFO/LOFO ordering key (cheaper than mulDiv: no signs, no rounding).
func unitCost(basis, qty Dec) (hi, lo uint64) {
	if basis.IsZero() || qty.Sign() <= 0 || basis.Sign() < 0 {
		return 0, 0
	}
	p3, p2, p1, p0 := mul128(basis.hi, basis.lo, 0, scaleFactor)
	ch, cl := qty.hi, qty.lo
	if p3 > ch || (p3 == ch && p2 >= cl) {
		return ^uint64(0), ^uint64(0)
	}
	if ch == 0 {
		var r uint64
		hi, r = bits.Div64(p2, p1, cl)
		lo, _ = bits.Div64(r, p0, cl)
		return hi, lo
	}
	s := uint(bits.LeadingZeros64(ch))
	v1 := ch<<s | cl>>(64-s)&mask(s)
	v0 := cl << s
	u3 := p3<<s | p2>>(64-s)&mask(s)
	u2 := p2<<s | p1>>(64-s)&mask(s)
	u1 := p1<<s | p0>>(64-s)&mask(s)
	u0 := p0 << s
	var r1, r0 uint64
	hi, r1, r0 = div3by2(u3, u2, u1, v1, v0)
	lo, _, _ = div3by2(r1, r0, u0, v1, v0)
	return hi, lo
}
