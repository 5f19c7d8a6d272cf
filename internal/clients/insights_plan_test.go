package clients

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"taxd/internal/pgtest"
)

// A count that plans once runs under a generic plan and leaves the transaction's plan mode as it
// was; the others run under the automatic choice.
func TestInsightCountPlannedOnce(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	ctx := context.Background()
	// the rows exist only under a generic plan mode, so the count says which mode it ran under
	rows := query{`SELECT gen_random_uuid() AS id, now() + g * interval '1 second' AS occurred_at FROM generate_series(1, $1::int) g
		WHERE current_setting('plan_cache_mode') = 'force_generic_plan'`, []any{3}}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, c := range []struct {
			job  countJob
			want int
		}{{countJob{from: rows, first: rows, planOnce: true}, 3}, {countJob{from: rows, first: rows}, 0}} {
			n, ids, err := countJobIn(ctx, tx, &c.job)
			if err != nil {
				return err
			}
			if n != c.want || len(ids) != c.want {
				t.Errorf("planOnce %v: %d rows, %d ids; want %d", c.job.planOnce, n, len(ids), c.want)
			}
			var mode string
			if err := tx.QueryRow(ctx, `SELECT current_setting('plan_cache_mode')`).Scan(&mode); err != nil {
				return err
			}
			if mode != "auto" {
				t.Errorf("planOnce %v: plan mode %q after the count, want auto", c.job.planOnce, mode)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
