package recalc_test

import (
	"testing"

	"taxd/internal/auth"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// The result tables have no foreign key to their set (migration 00018): deleting sets (Cleanup,
// or a client's delete) must delete their rows and only theirs.
func TestResultRowsGoWithTheirSet(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 6, 1), "-0.4", "800")
	other := setupClientIn(t, b)
	r := &recalc.Runner{Pool: b.pool}
	for range 2 { // each run replaces the set: the previous set's rows must go
		for _, c := range []*bundle{b, other} {
			if _, err := r.RunWith(b.ctx, auth.JobWriteScope(c.client, "test"), true); err != nil {
				t.Fatal(err)
			}
		}
	}
	rows := func() (own, others, orphans int) {
		t.Helper()
		err := b.pool.QueryRow(b.ctx, `
			WITH r AS (SELECT result_set_id FROM tax_disposals UNION ALL SELECT result_set_id FROM tax_income
				UNION ALL SELECT result_set_id FROM tax_lots UNION ALL SELECT result_set_id FROM tax_transaction_results
				UNION ALL SELECT result_set_id FROM tax_removals)
			SELECT count(*) FILTER (WHERE rs.client_id = $1), count(*) FILTER (WHERE rs.client_id = $2), count(*) FILTER (WHERE rs.id IS NULL)
			FROM r LEFT JOIN tax_result_sets rs ON rs.id = r.result_set_id`, b.client, other.client).Scan(&own, &others, &orphans)
		if err != nil {
			t.Fatal(err)
		}
		return own, others, orphans
	}
	own, others, orphans := rows()
	// per client: the open lot, the disposal piece and the sale's transaction result
	if own != 3 || others != 3 || orphans != 0 {
		t.Fatalf("after two runs each: %d rows of the client, %d of the other, %d orphans; want 3, 3, 0", own, others, orphans)
	}
	// what deleting the client cascades to
	testfactory.Exec(t, b.pool, `DELETE FROM tax_result_sets WHERE client_id = $1`, b.client)
	if own, others, orphans = rows(); own != 0 || others != 3 || orphans != 0 {
		t.Fatalf("after deleting the client's sets: %d rows of the other client, %d orphans; want 3, 0", others, orphans)
	}
}

// setupClientIn adds a second client with the same trades to b's database.
func setupClientIn(t *testing.T, b *bundle) *bundle {
	t.Helper()
	o := *b
	o.client = testfactory.Client(t, b.pool, testfactory.ClientNamed("other"))
	o.wallet = testfactory.Account(t, b.pool, o.client, testfactory.Address("0x1"))
	o.eth = testfactory.Asset(t, b.pool, o.client)
	o.trade(t, day(2024, 1, 10), "1", "1000")
	o.trade(t, day(2024, 6, 1), "-0.4", "800")
	return &o
}
