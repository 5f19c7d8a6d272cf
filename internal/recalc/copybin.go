package recalc

import (
	"encoding/binary"
	"math/bits"
	"strconv"

	"github.com/google/uuid"

	"taxd/internal/pgcopy"
	"taxd/internal/tax"
)

// The binary COPY encoding of the result rows (copyBinary, bulksql.go, streams them). With binary
// COPY the server copies numbers, timestamps and UUIDs instead of parsing their text (half of a
// text COPY's server time at a million rows). Each value is encoded exactly as the text it
// replaces would be stored: a numeric keeps the scale its shortest text form has (14.18, not
// 14.180000000000000000).

// binTransferID is a uuid column naming a transfer.
func binTransferID(b []byte, id tax.ID) []byte { return pgcopy.UUID(b, uuid.UUID(id)) }

// pgEpochMicros is 2000-01-01 UTC in Unix microseconds.
const pgEpochMicros = 946_684_800_000_000

// binTimestamptz encodes t as microseconds since 2000-01-01 UTC. Ledger times come from
// timestamptz columns, so they are whole microseconds; a finer one is rounded half up, as the
// text input would.
func binTimestamptz(b []byte, t tax.Instant) []byte {
	ns := int64(t)
	us := ns / 1000
	if r := ns % 1000; r < 0 { // floor division
		us--
		if r+1000 >= 500 {
			us++
		}
	} else if r >= 500 {
		us++
	}
	return binary.BigEndian.AppendUint64(pgcopy.Len(b, 8), uint64(us-pgEpochMicros))
}

// binNumeric encodes d as a numeric with the display scale of its canonical text (trailing
// fractional zeros dropped), which is what the text COPY stored. A value below 1.8e19 in magnitude
// is split into base-10000 digits by arithmetic; a larger one goes through its text (formatting
// and parsing every value was a third of the Go side of the result COPY).
func binNumeric(b []byte, d tax.Dec) []byte {
	hi, lo := d.Raw()
	sign := uint16(0)
	if int64(hi) < 0 {
		n, ok := d.Neg()
		if !ok {
			return binNumericText(b, d)
		}
		hi, lo = n.Raw()
		sign = 0x4000
	}
	const scale = 1_000_000_000_000_000_000
	if hi >= scale { // the integer part would not fit 64 bits
		return binNumericText(b, d)
	}
	ip, fp := bits.Div64(hi, lo, scale)
	if ip == 0 && fp == 0 {
		return append(pgcopy.Len(b, 8), 0, 0, 0, 0, 0, 0, 0, 0)
	}
	dscale := 0
	if fp != 0 {
		dscale = 18
		t := fp
		if t%1e9 == 0 {
			t /= 1e9
			dscale -= 9
		}
		for ; t%10 == 0; t /= 10 {
			dscale--
		}
	}
	// the integer part's (at most five) base-10000 digits, then the fraction's 18 digits padded
	// to 20: five more
	var digits [10]uint16
	for k := 4; k >= 0; k-- {
		digits[k] = uint16(ip % 1e4)
		ip /= 1e4
	}
	digits[5], digits[6], digits[7], digits[8], digits[9] = uint16(fp/1e14), uint16(fp/1e10%1e4), uint16(fp/1e6%1e4), uint16(fp/1e2%1e4), uint16(fp%1e2*100)
	first, n, weight := 0, 10, 4
	for digits[first] == 0 {
		first++
		weight--
	}
	for digits[n-1] == 0 {
		n--
	}
	b = pgcopy.Len(b, 8+2*(n-first))
	b = binary.BigEndian.AppendUint16(b, uint16(n-first))
	b = binary.BigEndian.AppendUint16(b, uint16(int16(weight)))
	b = binary.BigEndian.AppendUint16(b, sign)
	b = binary.BigEndian.AppendUint16(b, uint16(dscale))
	for _, v := range digits[first:n] {
		b = binary.BigEndian.AppendUint16(b, v)
	}
	return b
}

// binNumericText is binNumeric through d's canonical text, for any value.
func binNumericText(b []byte, d tax.Dec) []byte {
	var tmp [48]byte
	s := d.Append(tmp[:0])
	sign := uint16(0)
	if s[0] == '-' {
		sign, s = 0x4000, s[1:]
	}
	ip, fp := s, s[:0]
	for i, c := range s {
		if c == '.' {
			ip, fp = s[:i], s[i+1:]
			break
		}
	}
	// base-10000 digits: the integer part grouped from the point leftwards, the fraction rightwards
	var digits [16]uint16
	n := 0
	lead := len(ip) % 4
	if lead == 0 {
		lead = 4
	}
	weight := (len(ip)+3)/4 - 1
	for i := 0; i < len(ip); {
		end := i + lead
		lead = 4
		v := uint16(0)
		for ; i < end; i++ {
			v = v*10 + uint16(ip[i]-'0')
		}
		digits[n] = v
		n++
	}
	for i := 0; i < len(fp); i += 4 {
		v := uint16(0)
		for k := i; k < i+4; k++ {
			v *= 10
			if k < len(fp) {
				v += uint16(fp[k] - '0')
			}
		}
		digits[n] = v
		n++
	}
	first := 0
	for first < n && digits[first] == 0 {
		first++
		weight--
	}
	for n > first && digits[n-1] == 0 {
		n--
	}
	if first == n { // zero
		first, n, weight, sign = 0, 0, 0, 0
	}
	b = pgcopy.Len(b, 8+2*(n-first))
	b = binary.BigEndian.AppendUint16(b, uint16(n-first))
	b = binary.BigEndian.AppendUint16(b, uint16(int16(weight)))
	b = binary.BigEndian.AppendUint16(b, sign)
	b = binary.BigEndian.AppendUint16(b, uint16(len(fp)))
	for _, v := range digits[first:n] {
		b = binary.BigEndian.AppendUint16(b, v)
	}
	return b
}

// binUintText is a text column holding a decimal number.
func binUintText(b []byte, v uint64) []byte {
	var tmp [20]byte
	d := strconv.AppendUint(tmp[:0], v, 10)
	return append(pgcopy.Len(b, len(d)), d...)
}

// resultKey names the result set a row belongs to and its client: every result row starts with
// them (result_set_id, client_id), and client_id closes each result table's primary key.
type resultKey struct{ set, client uuid.UUID }

// resultKeyColumns are the first columns of every result row (binResultKey).
var resultKeyColumns = []string{"result_set_id", "client_id"}

// binResultKey is the result_set_id and client_id columns.
func binResultKey(b []byte, k resultKey) []byte { return pgcopy.UUID(pgcopy.UUID(b, k.set), k.client) }
