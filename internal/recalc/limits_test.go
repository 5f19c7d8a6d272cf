package recalc_test

import (
	"strings"
	"testing"

	"taxd/internal/auth"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// TestStoredHugeAmountDoesNotFailTheRun: a transfer stored with a quantity and a value of 200 nines
// (beyond what the engine holds; imports and edits refuse them, but a row may predate that) does
// not fail the recalculation: it is left out, and the rest of the ledger is figured (a 1 ETH buy
// for $1,000 and a sale of 0.4 for $800: gain $400).
func TestStoredHugeAmountDoesNotFailTheRun(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 6, 1), "-0.4", "800")
	nines := strings.Repeat("9", 200)
	tx := testfactory.Transaction(t, b.pool, b.client, testfactory.InAccount(b.wallet), testfactory.At(day(2024, 3, 1)))
	testfactory.Transfer(t, b.pool, b.client, tx, b.eth, testfactory.Moving(nines, nil, &b.wallet, nines))
	r := &recalc.Runner{Pool: b.pool}
	if _, err := r.RunWith(b.ctx, auth.JobWriteScope(b.client, "test"), true); err != nil {
		t.Fatalf("a stored 200-digit amount failed the recalculation: %v", err)
	}
	var gain string
	if err := b.pool.QueryRow(b.ctx, `SELECT s.short_term_gain::numeric(20,2)::text FROM tax_year_summaries s JOIN clients c ON c.current_result_set_id = s.result_set_id
		WHERE c.id = $1 AND s.tax_year = 2024`, b.client).Scan(&gain); err != nil {
		t.Fatal(err)
	}
	if gain != "400.00" {
		t.Fatalf("2024 gain %s, want 400", gain)
	}
}
