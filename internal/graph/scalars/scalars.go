// Package scalars implements the custom GraphQL scalars of spec/graphql/scalars.graphqls.
package scalars

import (
	"io"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"taxd/internal/apperr"
)

// Date layout of outputs: RFC 3339 in UTC with milliseconds.
const outLayout = "2006-01-02T15:04:05.000Z07:00"

// MarshalDate writes t as an RFC 3339 UTC string with milliseconds.
func MarshalDate(t time.Time) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		_, _ = io.WriteString(w, strconv.Quote(t.UTC().Format(outLayout)))
	})
}

// UnmarshalDate accepts YYYY-MM-DD (midnight UTC) or an RFC 3339 date-time.
func UnmarshalDate(v any) (time.Time, error) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, apperr.New(apperr.Invalid, "a Date must be a string such as 2024-03-01 or 2024-03-01T12:00:00Z")
	}
	return ParseDate(s)
}

// Date inputs lie in years minYear to 9999: RFC 3339 also spells years 0000 to 1899, which no
// ledger, filter or setting of a crypto tax service means (a lost digit, a zero value).
const minYear = 1900

// ParseDate parses the input forms of Date.
func ParseDate(s string) (time.Time, error) {
	for _, layout := range []string{time.DateOnly, time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.UTC().Year() < minYear {
				return time.Time{}, apperr.New(apperr.Invalid, "date %q is before the year %d", s, minYear)
			}
			return t.UTC(), nil
		}
	}
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return time.Time{}, apperr.New(apperr.Invalid, "date %q is neither YYYY-MM-DD nor an RFC 3339 date-time", s)
}
