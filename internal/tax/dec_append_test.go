package tax

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// appendReference is Append written plainly (divide, then every fractional digit), the reference
// for the faster Append.
func appendReference(a Dec) []byte {
	var b []byte
	hi, lo, neg := a.abs()
	if neg {
		b = append(b, '-')
	}
	qh, r := bits.Div64(0, hi, scaleFactor)
	ql, frac := bits.Div64(r, lo, scaleFactor)
	if qh == 0 {
		b = strconv.AppendUint(b, ql, 10)
	} else {
		const e19 = 10_000_000_000_000_000_000
		_, r2 := bits.Div64(0, qh, e19)
		tl, low := bits.Div64(r2, ql, e19)
		b = strconv.AppendUint(b, tl, 10)
		var buf [19]byte
		for i := 18; i >= 0; i-- {
			buf[i] = byte('0' + low%10)
			low /= 10
		}
		b = append(b, buf[:]...)
	}
	if frac != 0 {
		var buf [18]byte
		for i := 17; i >= 0; i-- {
			buf[i] = byte('0' + frac%10)
			frac /= 10
		}
		n := 18
		for n > 0 && buf[n-1] == '0' {
			n--
		}
		b = append(b, '.')
		b = append(b, buf[:n]...)
	}
	return b
}

// TestAppendMatchesReference: random raw values of every magnitude, and values with every number
// of fractional digits, print as the plain algorithm prints them.
func TestAppendMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(d Dec) {
		if got, want := string(d.Append(nil)), string(appendReference(d)); got != want {
			t.Fatalf("raw %x:%x: got %s want %s", d.hi, d.lo, got, want)
		}
	}
	for i := 0; i < 200000; i++ {
		hi := r.Uint64() >> r.UintN(64)
		if i%3 == 0 {
			hi = 0
		}
		d := Dec{hi: hi, lo: r.Uint64()}
		check(d)
		check(d.neg())
		// a value with k fractional digits
		k := r.UintN(19)
		p := uint64(1)
		for j := uint(0); j < 18-k; j++ {
			p *= 10
		}
		check(Dec{lo: r.Uint64() / p * p})
		check(Dec{hi: hi >> 2, lo: r.Uint64() / p * p})
	}
	for _, d := range []Dec{{}, decOne, decOne.neg(), {hi: 1 << 63}, {hi: 1<<63 - 1, lo: 1<<64 - 1}, {lo: 1}} {
		check(d)
	}
}

// TestAppendUintMatchesStrconv: every power of ten and its neighbours, and random values of every
// bit length, print as strconv prints them.
func TestAppendUintMatchesStrconv(t *testing.T) {
	check := func(v uint64) {
		if got, want := string(appendUint([]byte("x"), v)), "x"+strconv.FormatUint(v, 10); got != want {
			t.Fatalf("%d: got %s want %s", v, got, want)
		}
	}
	check(0)
	check(^uint64(0))
	for p := uint64(1); p <= 1e19; p *= 10 {
		check(p - 1)
		check(p)
		check(p + 1)
		if p == 1e19 {
			break
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		check(r.Uint64() >> r.UintN(64))
	}
}
