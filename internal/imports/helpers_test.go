package imports

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodeFixture(t *testing.T, path string, out any) {
	t.Helper()
	if err := json.Unmarshal(readFixture(t, path), out); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// fmtTx renders a Tx compactly: the account is "ME", an unknown party "?".
func fmtTx(tx Tx, me string) string {
	who := func(a string) string {
		switch a {
		case me:
			return "ME"
		case "":
			return "?"
		}
		return a
	}
	var parts []string
	for _, tr := range tx.Transfers {
		s := fmt.Sprintf("%s %s %s->%s", tr.Quantity.String(), tr.Asset.Key(), who(tr.From), who(tr.To))
		if tr.IsFee {
			s = "fee " + s
		}
		parts = append(parts, s)
	}
	f := ""
	if tx.Failed {
		f = " FAILED"
	}
	return tx.Time.UTC().Format("2006-01-02T15:04:05Z") + f + ": " + strings.Join(parts, "; ")
}

func fmtTxs(txs []Tx, me string) []string {
	out := make([]string, len(txs))
	for i, tx := range txs {
		out[i] = fmtTx(tx, me)
	}
	return out
}

func diffLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: got %d, want %d\ngot:\n  %s\nwant:\n  %s", what, len(got), len(want), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s[%d]:\n got  %s\n want %s", what, i, got[i], want[i])
		}
	}
}

// syncAll runs a provider from cursor until More is false; it returns every page.
func syncAll(t *testing.T, p Provider, address, cursor string) []Page {
	t.Helper()
	var pages []Page
	for i := 0; ; i++ {
		if i > 100 {
			t.Fatal("no end of pages")
		}
		pg, err := p.Fetch(context.Background(), address, cursor)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		pages = append(pages, pg)
		cursor = pg.Cursor
		if !pg.More {
			return pages
		}
	}
}

func allTxs(pages []Page) []Tx {
	var out []Tx
	for _, p := range pages {
		out = append(out, p.Txs...)
	}
	return out
}

func checkUniqueIDs(t *testing.T, txs []Tx) {
	t.Helper()
	seen := map[string]bool{}
	for _, tx := range txs {
		if tx.ExternalID == "" {
			t.Errorf("empty ExternalID in %+v", tx)
		}
		if seen[tx.ExternalID] {
			t.Errorf("duplicate ExternalID %s", tx.ExternalID)
		}
		seen[tx.ExternalID] = true
	}
}
