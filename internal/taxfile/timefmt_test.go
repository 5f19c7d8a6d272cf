package taxfile

import (
	"fmt"
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

// TestInstantTextRemembersOnlyTheDate: one instantText writing a run of instants (mostly a few
// hours apart, as a ledger's rows are, some days or years apart, some before 1970) writes what
// appendInstant writes for each.
func TestInstantTextRemembersOnlyTheDate(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var c instantText
	ns := time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	for i := 0; i < 300000; i++ {
		switch r.IntN(10) {
		case 0:
			ns += int64(r.IntN(400)) * 86400e9 * int64(1-2*r.IntN(2))
		case 1:
			ns += int64(r.IntN(1e9))
		default:
			ns += int64(r.IntN(6*3600)) * 1e9
		}
		if got, want := string(c.append(nil, tax.Instant(ns))), string(appendInstant(nil, tax.Instant(ns))); got != want {
			t.Fatalf("%d: got %s want %s", ns, got, want)
		}
	}
}

// TestTimeParserRemembersOnlyTheDate: one timeParser reading a run of times (mostly hours apart,
// some days or years apart, some malformed or out of range) answers what a fresh one does.
func TestTimeParserRemembersOnlyTheDate(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var p timeParser
	tm := time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)
	bad := []string{"2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-02-30T00:00:00Z", "2024-01-01T00:00:0aZ",
		"2024-01-01 00:00:00Z", "2024/01/01T00:00:00Z", "2024-01-01T00:00:00z", "2024-01-01", "x"}
	for i := 0; i < 200000; i++ {
		switch r.IntN(10) {
		case 0:
			tm = tm.AddDate(0, 0, r.IntN(400)*(1-2*r.IntN(2)))
		default:
			tm = tm.Add(time.Duration(r.IntN(6*3600)) * time.Second)
		}
		s := tm.Format(time.RFC3339)
		if r.IntN(20) == 0 {
			s = bad[r.IntN(len(bad))]
			if r.IntN(2) == 0 { // a bad time of day on the remembered date
				s = tm.Format("2006-01-02") + "T25:00:00Z"
			}
		}
		got, gotOK := p.wholeSecondUTC(s)
		want, wantOK := parseWholeSecondUTC(s)
		if got != want || gotOK != wantOK {
			t.Fatalf("%s: got %v %v want %v %v", s, got, gotOK, want, wantOK)
		}
	}
}

// TestParseWholeSecondUTC: the time time.Parse(time.RFC3339Nano) returns, over the engine's range
// and a little beyond (every day of it, a random time of day), and no answer for what time.Parse
// rejects or for other forms.
func TestParseWholeSecondUTC(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for d := time.Date(1890, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 2210; d = d.AddDate(0, 0, 1) {
		s := d.Add(time.Duration(r.IntN(86400)) * time.Second).Format(time.RFC3339)
		want, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := parseWholeSecondUTC(s)
		if !ok || got != want {
			t.Fatalf("%s: got %v %v want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z",
		"2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z",
		"2024-01-01T00:00:0aZ", "2024-01-01t00:00:00Z", "2024-01-01T00:00:00z", "2024-01-01T00:00:00.5Z", "2024-01-01T00:00:00+01:00",
		"2024-01-01 00:00:00Z", "+024-01-01T00:00:00Z", "2024-01-01"} {
		_, perr := time.Parse(time.RFC3339Nano, s)
		if got, ok := parseWholeSecondUTC(s); ok {
			t.Errorf("%s: parsed as %v (time.Parse: %v)", s, got, perr)
		}
	}
	for y := 0; y <= 9999; y++ { // every year the form can write: the first and last days and those around February
		for _, md := range []string{"01-01T00:00:00Z", "02-28T12:34:56Z", "03-01T00:00:01Z", "12-31T23:59:59Z"} {
			s := fmt.Sprintf("%04d-%s", y, md)
			want, _ := time.Parse(time.RFC3339Nano, s)
			if got, ok := parseWholeSecondUTC(s); !ok || got != want {
				t.Fatalf("%s: got %v %v want %v", s, got, ok, want)
			}
		}
	}
	for _, s := range []string{"2024-02-29T00:00:00Z", "2000-02-29T23:59:59Z", "1900-12-31T00:00:00Z"} {
		want, _ := time.Parse(time.RFC3339Nano, s)
		if got, ok := parseWholeSecondUTC(s); !ok || got != want {
			t.Errorf("%s: got %v %v want %v", s, got, ok, want)
		}
	}
}
