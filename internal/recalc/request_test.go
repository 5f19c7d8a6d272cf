package recalc_test

import (
	"context"
	"testing"

	"taxd/internal/jobs"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// A request whose insert finds the client's job active, which then completes before the request
// reads it (the worker stores its results without the request lock), starts a new job instead of
// failing with "no rows in result set" (POST /refresh answered 500). Twice in a row.
func TestRequestWhileTheActiveJobCompletes(t *testing.T) {
	b := setup(t) // not parallel: the hook is the package's
	jc, err := jobs.New(b.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for round := 1; round <= 2; round++ {
		first, err := recalc.Request(b.ctx, b.pool, jc, b.client)
		if err != nil {
			t.Fatal(err)
		}
		fired := false
		recalc.AfterConflict(func() {
			if fired {
				return
			}
			fired = true
			// The worker completes the job on its own connection, between the request's statements.
			testfactory.Exec(t, b.pool, `UPDATE recalc_jobs SET status = 'completed', finished_at = now() WHERE id = $1`, first.ID)
			testfactory.Exec(t, b.pool, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE kind = $1`, jobs.KindRecalc)
		})
		again, err := recalc.Request(context.Background(), b.pool, jc, b.client)
		recalc.AfterConflict(nil)
		if err != nil {
			t.Fatalf("round %d: request while the job completed: %v", round, err)
		}
		if !fired || again.ID == first.ID || again.Status != "queued" {
			t.Fatalf("round %d: got %s %s (hook fired: %v), want a new queued job after %s", round, again.ID, again.Status, fired, first.ID)
		}
		testfactory.Exec(t, b.pool, `UPDATE recalc_jobs SET status = 'completed' WHERE id = $1`, again.ID)
		testfactory.Exec(t, b.pool, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE kind = $1`, jobs.KindRecalc)
	}
}
