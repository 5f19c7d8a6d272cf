package recalc_test

import (
	"testing"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/jobs"
)

// A job is shown running from the moment its worker's attempt starts, before the run itself
// counts what is dirty: from then on it says how many transactions were dirty, never 0.
func TestRunningJobSaysWhatWasDirty(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 3, 1), "1", "1000")
	b.trade(t, day(2024, 4, 1), "-0.5", "700")
	q := db.New(b.pool)
	if _, err := q.InsertRecalcJob(b.ctx, db.InsertRecalcJobParams{ID: uuid.Must(uuid.NewV7()), ClientID: b.client, UseSpeedup: true}); err != nil {
		t.Fatal(err)
	}
	if err := q.TrackRecalcJob(b.ctx, db.TrackRecalcJobParams{ClientID: b.client, State: jobs.StateRunning, Attempt: 1, MaxAttempts: 5}); err != nil {
		t.Fatal(err)
	}
	job, err := q.GetActiveRecalcJob(b.ctx, b.client)
	if err != nil {
		t.Fatal(err)
	}
	if job.Status != "running" || job.DirtyCountAtStart != 2 {
		t.Fatalf("the job is %s with dirtyCountAtStart %d, want running with 2", job.Status, job.DirtyCountAtStart)
	}
}
