package recalc

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/internal/tax"
)

// The ledger is read in binary format and decoded here, column by column from the raw values:
// Postgres sends numerics without formatting them as text (four per transfer) and the engine's
// decimal is built from the base-10000 digits without parsing, for a million transfers.

func rawUUID(b []byte) (uuid.UUID, error) {
	if len(b) != 16 {
		return uuid.UUID{}, fmt.Errorf("uuid of %d bytes", len(b))
	}
	return uuid.UUID(b), nil
}

func rawTime(b []byte) (time.Time, error) {
	if len(b) != 8 {
		return time.Time{}, fmt.Errorf("timestamptz of %d bytes", len(b))
	}
	us := int64(binary.BigEndian.Uint64(b))
	if us == 1<<63-1 || us == -1<<63 {
		return time.Time{}, fmt.Errorf("infinite timestamp")
	}
	return time.UnixMicro(us + pgEpochMicros), nil
}

func rawBool(b []byte) (bool, error) {
	if len(b) != 1 {
		return false, fmt.Errorf("bool of %d bytes", len(b))
	}
	return b[0] != 0, nil
}

// rawDec decodes a binary numeric as tax.ParseDecRound would decode its text: exactly when it
// has at most 18 fractional digits and fits (every value the ledger holds in practice), and
// through the text form otherwise (rounding, overflow, NaN and its errors stay the same).
func rawDec(b []byte, what string, id uuid.UUID) (tax.Dec, bool, error) {
	if d, ok := fastDec(b); ok {
		return d, false, nil
	}
	s, err := numericText(b)
	if err != nil {
		return tax.Dec{}, false, fmt.Errorf("transfer %s: %s: %w", id, what, err)
	}
	return parseDec([]byte(s), what, id)
}

const (
	numericPos = 0x0000
	numericNeg = 0x4000
)

// fastDec: the value is Σ digit[i]·10000^(weight-i); scaled by 10^18 every digit must land on an
// integer power of ten (the last may end two digits early if they are zeros), and weight <= 4
// keeps it below 10^20, inside a Dec.
func fastDec(b []byte) (tax.Dec, bool) {
	if len(b) < 8 {
		return tax.Dec{}, false
	}
	n := int(binary.BigEndian.Uint16(b[0:]))
	weight := int(int16(binary.BigEndian.Uint16(b[2:])))
	sign := binary.BigEndian.Uint16(b[4:])
	if (sign != numericPos && sign != numericNeg) || len(b) != 8+2*n || weight > 4 {
		return tax.Dec{}, false
	}
	var hi, lo uint64
	mulAdd := func(m, a uint64) {
		h, l := bits.Mul64(lo, m)
		var c uint64
		lo, c = bits.Add64(l, a, 0)
		hi = hi*m + h + c
	}
	exp := 0
	for i := 0; i < n; i++ {
		d := uint64(binary.BigEndian.Uint16(b[8+2*i:]))
		if d > 9999 {
			return tax.Dec{}, false
		}
		exp = 4*(weight-i) + tax.Scale
		switch {
		case exp >= 0:
			mulAdd(10000, d)
		case exp == -2 && d%100 == 0 && i == n-1:
			mulAdd(100, d/100)
			exp = 0
		default:
			return tax.Dec{}, false
		}
	}
	for ; exp > 0; exp -= min(exp, 18) {
		mulAdd(pow10[min(exp, 18)], 0)
	}
	d := tax.DecFromRaw(hi, lo)
	if sign == numericNeg {
		neg, ok := d.Neg()
		if !ok {
			return tax.Dec{}, false
		}
		d = neg
	}
	return d, true
}

var pow10 = func() (p [19]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// numericText formats a binary numeric as Postgres formats it as text.
func numericText(b []byte) (string, error) {
	if len(b) < 8 {
		return "", fmt.Errorf("numeric of %d bytes", len(b))
	}
	n := int(binary.BigEndian.Uint16(b[0:]))
	weight := int(int16(binary.BigEndian.Uint16(b[2:])))
	sign := binary.BigEndian.Uint16(b[4:])
	dscale := int(binary.BigEndian.Uint16(b[6:]))
	switch sign {
	case 0xC000:
		return "NaN", nil
	case 0xD000:
		return "Infinity", nil
	case 0xF000:
		return "-Infinity", nil
	}
	if len(b) != 8+2*n {
		return "", fmt.Errorf("numeric of %d bytes for %d digits", len(b), n)
	}
	digit := func(i int) int {
		if i < 0 || i >= n {
			return 0
		}
		return int(binary.BigEndian.Uint16(b[8+2*i:]))
	}
	var sb strings.Builder
	if sign == numericNeg {
		sb.WriteByte('-')
	}
	if weight < 0 {
		sb.WriteByte('0')
	}
	for i := 0; i <= weight; i++ {
		s := strconv.Itoa(digit(i))
		if i > 0 {
			s = strings.Repeat("0", 4-len(s)) + s
		}
		sb.WriteString(s)
	}
	if dscale > 0 {
		var frac strings.Builder
		for i := weight + 1; frac.Len() < dscale; i++ {
			s := strconv.Itoa(digit(i))
			frac.WriteString(strings.Repeat("0", 4-len(s)) + s)
		}
		sb.WriteByte('.')
		sb.WriteString(frac.String()[:dscale])
	}
	return sb.String(), nil
}
