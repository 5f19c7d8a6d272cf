package page

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// A cursor round-trips its position, and is refused for another list or owner, or when it was
// altered; pages of Limit+1 rows give a cursor, shorter ones none.
func TestCursors(t *testing.T) {
	owner, other := uuid.New(), uuid.New()
	rows := []Key{{time.Date(2026, 1, 1, 0, 0, 0, 123000, time.UTC), uuid.New()}, {time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), uuid.New()}, {time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC), uuid.New()}}
	id := func(k Key) Key { return k }
	two := 2
	r, err := Parse("reports", owner, &two, nil, 100)
	if err != nil || r.Limit != 2 || r.After != nil {
		t.Fatalf("Parse: %+v %v", r, err)
	}
	page, next := Next("reports", owner, r, rows, id)
	if len(page) != 2 || next == nil {
		t.Fatalf("a page of 2 out of 3: %d rows, next %v", len(page), next)
	}
	r2, err := Parse("reports", owner, &two, next, 100)
	if err != nil || r2.After == nil || !r2.After.At.Equal(rows[1].At) || r2.After.ID != rows[1].ID {
		t.Fatalf("the cursor gives %+v (%v), want the second row's position", r2.After, err)
	}
	if _, next := Next("reports", owner, r, rows[:2], id); next != nil {
		t.Error("a last page has a next cursor")
	}
	for name, c := range map[string]struct {
		list  string
		owner uuid.UUID
		cur   string
	}{
		"other list":  {"accounts", owner, *next},
		"other owner": {"reports", other, *next},
		"altered":     {"reports", owner, (*next)[:len(*next)-2] + "AA"},
		"not base64":  {"reports", owner, "%%%"},
	} {
		if _, err := Parse(c.list, c.owner, nil, &c.cur, 100); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for _, bad := range []int{0, 101, -1} {
		if _, err := Parse("reports", owner, &bad, nil, 100); err == nil {
			t.Errorf("limit %d accepted", bad)
		}
	}
}

// Walking a whole list by its slices gives every row once in order; a cursor of another list or
// scope, an altered one and bounds outside 1..max are refused.
func TestSlices(t *testing.T) {
	rows := []int{0, 1, 2, 3, 4, 5, 6}
	three := 3
	var got []int
	var after *string
	for pages := 0; ; pages++ {
		s, err := ParseSlice("preview", "c|f", &three, after, 500, 1000)
		if err != nil {
			t.Fatal(err)
		}
		page, next := Take("preview", "c|f", s, rows)
		got = append(got, page...)
		if next == nil {
			if pages != 2 || len(page) != 1 {
				t.Errorf("last page %d has %d rows, want page 2 with 1", pages, len(page))
			}
			break
		}
		after = next
	}
	if len(got) != len(rows) {
		t.Fatalf("walked %v", got)
	}
	for i := range rows {
		if got[i] != rows[i] {
			t.Fatalf("walked %v", got)
		}
	}
	if s, err := ParseSlice("preview", "c|f", nil, nil, 500, 1000); err != nil || s.First != 500 || s.From != 0 {
		t.Errorf("the default: %+v %v", s, err)
	}
	c := Position("preview", "c|f", 3)
	for name, bad := range map[string]struct {
		list, scope, cur string
		first            int
	}{
		"other list":  {"reconciliation", "c|f", c, 3},
		"other scope": {"preview", "c|g", c, 3},
		"altered":     {"preview", "c|f", c[:len(c)-2] + "AA", 3},
		"not base64":  {"preview", "c|f", "%%%", 3},
		"first 0":     {"preview", "c|f", c, 0},
		"first 1001":  {"preview", "c|f", c, 1001},
	} {
		if _, err := ParseSlice(bad.list, bad.scope, &bad.first, &bad.cur, 500, 1000); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
