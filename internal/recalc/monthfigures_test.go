package recalc_test

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
	migrations "taxd/sql/migrations"
)

// The result sets stored before the month figures existed get them from their rows in the
// migration that adds them (00170): on results a recalculation wrote, that backfill gives back the
// month figures the recalculation wrote.
func TestMonthFiguresBackfillEqualsTheRecalculation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	client, err := bench.SeedLedger(b.ctx, b.pool, 1500, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	var rs uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT current_result_set_id FROM clients WHERE id = $1`, client).Scan(&rs); err != nil {
		t.Fatal(err)
	}
	written := monthRows(t, b, rs)
	raw, err := migrations.FS.ReadFile("00170_tax_month_figures.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, _, _ := strings.Cut(string(raw), "-- +goose Down")
	_, backfill, ok := strings.Cut(up, "-- the stored result sets get their months from their rows, as the recalculation writes them")
	if !ok {
		t.Fatal("the migration's backfill was not found")
	}
	testfactory.Exec(t, b.pool, `DELETE FROM tax_month_disposals WHERE result_set_id = $1`, rs)
	testfactory.Exec(t, b.pool, `DELETE FROM tax_month_income WHERE result_set_id = $1`, rs)
	for _, stmt := range strings.Split(backfill, ";") {
		if strings.TrimSpace(stmt) != "" {
			testfactory.Exec(t, b.pool, stmt)
		}
	}
	if len(written) < 20 {
		t.Fatalf("%d month rows written: too few to test", len(written))
	}
	if got := monthRows(t, b, rs); !slices.Equal(got, written) {
		t.Fatalf("the backfill gives %d month rows, the recalculation wrote %d:\n%s\nwant\n%s", len(got), len(written),
			strings.Join(got, "\n"), strings.Join(written, "\n"))
	}
	checkMonthFigures(t, b.ctx, b.pool, rs)
}

// monthRows are the month figures of result set rs as text, amounts without trailing zeros, sorted.
func monthRows(t *testing.T, b *bundle, rs uuid.UUID) []string {
	t.Helper()
	rows, err := b.pool.Query(b.ctx, `SELECT concat_ws(' ', k, m, y, ty, p, n, trim_scale(a), trim_scale(c), trim_scale(d), trim_scale(e))
		FROM (`+storedMonthFigures+`) x (k, m, y, ty, p, n, a, c, d, e) ORDER BY 1`, rs)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}
