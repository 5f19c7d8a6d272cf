package taxfile

import (
	"math/rand/v2"
	"testing"
	"time"

	"taxd/internal/tax"
)

// TestAppendInstant: the same text as time.Time.AppendFormat(RFC3339Nano) in UTC, over the
// engine's range (1900-2200) and a little beyond, with every fraction length.
func TestAppendInstant(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	lo := time.Date(1890, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	hi := time.Date(2210, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	check := func(ns int64) {
		want := time.Unix(0, ns).UTC().Format(time.RFC3339Nano)
		if got := string(appendInstant(nil, tax.Instant(ns))); got != want {
			t.Fatalf("%d: got %s want %s", ns, got, want)
		}
	}
	for i := 0; i < 300000; i++ {
		ns := lo + int64(r.Uint64N(uint64(hi)-uint64(lo))) // the span exceeds MaxInt64: wrapping arithmetic
		check(ns)
		check(ns / 1e9 * 1e9)                     // whole seconds
		check(ns / 1e6 * 1e6)                     // milliseconds
		check(ns / 86400e9 * 86400e9)             // midnights
		check(ns/1e9*1e9 + int64(r.IntN(10))*1e8) // one fractional digit
	}
	for _, s := range []string{"1900-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z", "1970-01-01T00:00:00Z",
		"2000-02-29T12:00:00.5Z", "2024-02-29T23:59:59.000000001Z", "2100-03-01T00:00:00Z", "2199-12-31T23:59:59Z"} {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		check(tm.UnixNano())
	}
}
