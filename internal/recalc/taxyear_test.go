package recalc_test

import (
	"testing"

	"taxd/internal/auth"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// A tax year's transaction count is its transactions under the client's fiscal year (a year
// starting 07-01 is named by the calendar year it starts in), in a full run and in an incremental
// run that resumes from a checkpoint.
func TestYearTransactionCountFollowsTheFiscalYear(t *testing.T) {
	t.Parallel()
	b := setup(t)
	testfactory.Exec(t, b.pool, `UPDATE clients SET fiscal_year_start = '07-01' WHERE id = $1`, b.client)
	b.trade(t, day(2024, 3, 1), "1", "1000")   // tax year 2023
	b.trade(t, day(2024, 9, 1), "1", "2000")   // 2024
	b.trade(t, day(2025, 1, 10), "-1", "2500") // 2024
	b.trade(t, day(2025, 2, 10), "1", "2600")  // 2024
	b.trade(t, day(2025, 4, 10), "1", "2700")  // 2024
	counts := func() map[int]int {
		t.Helper()
		rows, err := b.pool.Query(b.ctx, `SELECT ys.tax_year, ys.transaction_count FROM tax_year_summaries ys
			JOIN clients c ON c.current_result_set_id = ys.result_set_id WHERE c.id = $1`, b.client)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[int]int{}
		for rows.Next() {
			var y, n int
			if err := rows.Scan(&y, &n); err != nil {
				t.Fatal(err)
			}
			out[y] = n
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	r := &recalc.Runner{Pool: b.pool}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if got := counts(); got[2023] != 1 || got[2024] != 4 {
		t.Fatalf("full run: transactions per tax year %v, want 2023: 1, 2024: 4", got)
	}
	b.trade(t, day(2025, 4, 20), "-0.5", "1400") // after the last checkpoint (2025-04-01)
	tm, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if !tm.Incremental {
		t.Fatal("the second run was not incremental")
	}
	if got := counts(); got[2023] != 1 || got[2024] != 5 {
		t.Fatalf("incremental run: transactions per tax year %v, want 2023: 1, 2024: 5", got)
	}
}
