package recalc_test

import (
	"context"
	"testing"

	"taxd/internal/auth"
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

// A status read never writes: a running job whose worker stopped (its heartbeat is stale) shows
// as queued again with the reason, while its river job stays running until the background
// reclaimer takes it over.
func TestActiveReportsALostWorkerWithoutWriting(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jc, err := jobs.New(b.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	job, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	var riverID int64
	if err := b.pool.QueryRow(b.ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() - interval '1 minute'
		WHERE kind = $1 RETURNING id`, jobs.KindRecalc).Scan(&riverID); err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, b.pool, `INSERT INTO job_heartbeats (job_id, attempt, owner, beat_at) VALUES ($1, 1, '', now() - interval '1 minute')`, riverID)
	testfactory.Exec(t, b.pool, `UPDATE recalc_jobs SET status = 'running', attempt = 1, max_attempts = 10, river_job_id = $2 WHERE id = $1`, job.ID, riverID)

	svc := recalc.NewService(b.pool, jc)
	got, err := svc.Active(b.ctx, auth.JobScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || got.State != jobs.StateQueued || got.Reason != jobs.ReasonWorkerLost {
		t.Fatalf("active job %+v, want queued again because its worker stopped", got)
	}
	var state, status string
	if err := b.pool.QueryRow(b.ctx, `SELECT r.state::text, j.status FROM river_job r, recalc_jobs j WHERE r.id = $1 AND j.id = $2`, riverID, job.ID).Scan(&state, &status); err != nil {
		t.Fatal(err)
	}
	if state != "running" || status != "running" {
		t.Fatalf("after the read: river job %s, row %s; want both still running (a read never writes)", state, status)
	}

	testfactory.Exec(t, b.pool, `UPDATE job_heartbeats SET beat_at = now() WHERE job_id = $1`, riverID)
	if got, err = svc.Active(b.ctx, auth.JobScope(b.client, "test")); err != nil || got == nil || got.State != "running" {
		t.Fatalf("with a live heartbeat: %+v (%v), want running", got, err)
	}
}
