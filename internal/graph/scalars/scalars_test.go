package scalars

import (
	"testing"

	"taxd/internal/apperr"
)

func TestParseDateBounds(t *testing.T) {
	for _, s := range []string{"0000-01-01", "0001-06-01T00:00:00Z", "1899-12-31T23:59:59Z"} {
		if _, err := ParseDate(s); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%s: %v, want BAD_USER_INPUT", s, err)
		}
	}
	for _, s := range []string{"1900-01-01", "2024-03-01T12:00:00+01:00", "9999-12-31"} {
		if _, err := ParseDate(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}
