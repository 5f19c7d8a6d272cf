package tax

import (
	"testing"
	"time"
)

// The tax year and the method of an instant follow the fiscal-year start and timezone, as the
// engine counts years: with a year starting April 1 in New York, March 2025 is tax year 2024.
func TestTaxYearAndMethodAt(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Location: ny, FiscalYearStartMonth: time.April, FiscalYearStartDay: 1,
		Methods: []MethodChange{{FromYear: 0, Method: FIFO}, {FromYear: 2025, Method: HIFO}}}
	for _, c := range []struct {
		at     time.Time
		year   int
		method Method
	}{
		{time.Date(2025, 3, 31, 12, 0, 0, 0, ny), 2024, FIFO},
		{time.Date(2025, 4, 1, 3, 59, 0, 0, time.UTC), 2024, FIFO}, // still March 31 in New York
		{time.Date(2025, 4, 1, 0, 0, 0, 0, ny), 2025, HIFO},
		{time.Date(2026, 1, 15, 0, 0, 0, 0, ny), 2025, HIFO},
	} {
		if y, m := s.TaxYearOf(c.at), s.MethodAt(c.at); y != c.year || m != c.method {
			t.Errorf("%s: year %d method %v, want %d %v", c.at, y, m, c.year, c.method)
		}
	}
	if y := (Settings{}).TaxYearOf(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); y != 2025 {
		t.Errorf("calendar default: %d", y)
	}
}
