package page

import (
	"encoding/base64"
	"strconv"
	"strings"

	"taxd/internal/apperr"
)

// Slice is one page of a list the server computes whole in a fixed order (a reconciliation, a
// Form 8949, a lot trail): at most First rows from position From. Its cursors name the list, the
// scope the rows belong to (a client and a form, a client and an asset) and a position; a cursor
// of another list or scope is refused.
type Slice struct {
	First, From int
}

// ParseSlice reads the first and after arguments of the list named list over scope's rows; first
// nil takes def, and must be 1 to max. A cursor of another list or scope, or one that does not
// decode, is an invalid field naming after.
func ParseSlice(list, scope string, first *int, after *string, def, max int) (Slice, error) {
	s := Slice{First: def}
	if first != nil {
		if *first < 1 || *first > max {
			return s, apperr.InvalidField("first", "must be 1 to %d", max)
		}
		s.First = *first
	}
	if after == nil {
		return s, nil
	}
	pos, ok := decodePosition(list, scope, *after)
	if !ok {
		return s, apperr.InvalidField("after", "is not a cursor of this list; send a cursor this list returned for the same arguments")
	}
	s.From = pos
	return s, nil
}

// Take returns the page of rows (the whole list) and the cursor of the next page, nil on the last.
func Take[T any](list, scope string, s Slice, rows []T) ([]T, *string) {
	got := Window(s, rows)
	to := min(s.From, len(rows)) + len(got)
	if to == len(rows) {
		return got, nil
	}
	c := Position(list, scope, to)
	return got, &c
}

// Window returns s's part of rows (the whole list).
func Window[T any](s Slice, rows []T) []T {
	from := min(s.From, len(rows))
	return rows[from:min(from+s.First, len(rows))]
}

// Position is the cursor of the rows after the first pos of the list: the after of the page that
// starts at pos.
func Position(list, scope string, pos int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join([]string{"p1", list, scope, strconv.Itoa(pos)}, "|")))
}

// The cursor is base64url("p1|<list>|<scope>|<position>"); the scope may hold "|".
func decodePosition(list, scope, c string) (int, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, false
	}
	prefix := "p1|" + list + "|" + scope + "|"
	rest, ok := strings.CutPrefix(string(b), prefix)
	if !ok {
		return 0, false
	}
	pos, err := strconv.Atoi(rest)
	if err != nil || pos < 0 || strconv.Itoa(pos) != rest {
		return 0, false
	}
	return pos, true
}
