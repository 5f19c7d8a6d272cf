package syncs

import (
	"testing"
	"time"

	"taxd/gen/db"
	"taxd/internal/imports"
)

// A retired account (stopImportingAt) and an account with startImportingAt import only the
// transactions inside their window; an account without bounds imports everything.
func TestImportWindow(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2025, 1, d, 0, 0, 0, 0, time.UTC) }
	txs := []imports.Tx{{ExternalID: "a", Time: day(1)}, {ExternalID: "b", Time: day(10)}, {ExternalID: "c", Time: day(20)}}
	start, stop := day(5), day(15)
	for _, c := range []struct {
		acct db.Account
		want string
	}{
		{db.Account{}, "abc"},
		{db.Account{StartImportingAt: &start}, "bc"},
		{db.Account{StopImportingAt: &stop}, "ab"},
		{db.Account{StartImportingAt: &start, StopImportingAt: &stop}, "b"},
	} {
		got := ""
		for _, tx := range inWindow(txs, c.acct.StartImportingAt, c.acct.StopImportingAt) {
			got += tx.ExternalID
		}
		if got != c.want {
			t.Errorf("window %v-%v: %q, want %q", c.acct.StartImportingAt, c.acct.StopImportingAt, got, c.want)
		}
	}
	if len(txs) != 3 {
		t.Fatal("the page was modified")
	}
}
