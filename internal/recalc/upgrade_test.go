package recalc_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"taxd/internal/jobs"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
	"taxd/sql/migrations"
)

// upgradeStatement is the river clean-up of migration 00003 (it runs again here because the test
// database was migrated before any river job existed).
func upgradeStatement(t *testing.T) string {
	t.Helper()
	raw, err := migrations.FS.ReadFile("00003_job_queues.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(raw), "-- +goose StatementBegin")
	stmt, _, ok := strings.Cut(rest, "-- +goose StatementEnd")
	if !ok {
		t.Fatal("no statement block in 00003_job_queues.sql")
	}
	return stmt
}

// A client's recalculation that completed before the unique states were set explicitly (river's
// defaults include `completed`) does not block a request made after the upgrade.
func TestCompletedJobOfOldUniquenessDoesNotBlock(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jc, err := jobs.New(b.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// As the old code inserted it: unique by args with river's default states, then completed.
	if _, err := jc.Insert(b.ctx, recalc.Args{ClientID: b.client}, &river.InsertOpts{Queue: jobs.QueueRecalc, UniqueOpts: river.UniqueOpts{ByArgs: true}}); err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, b.pool, `UPDATE river_job SET state = 'completed', finalized_at = now()`)
	// And one still waiting in the old shared queue, which no node works any more.
	// (Inserting into a queue no node works is refused now: the row is moved there by hand.)
	waiting, err := jc.Insert(b.ctx, recalc.Args{ClientID: uuid.New()}, &river.InsertOpts{Queue: jobs.QueueRecalc, UniqueOpts: river.UniqueOpts{ByArgs: true}})
	if err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, b.pool, `UPDATE river_job SET queue = $2 WHERE id = $1`, waiting.Job.ID, river.QueueDefault)
	testfactory.Exec(t, b.pool, upgradeStatement(t))
	var queue string
	if err := b.pool.QueryRow(b.ctx, `SELECT queue FROM river_job WHERE id = $1`, waiting.Job.ID).Scan(&queue); err != nil || queue != jobs.QueueRecalc {
		t.Fatalf("the waiting job is on queue %q (%v), want %q", queue, err, jobs.QueueRecalc)
	}
	if _, err := recalc.Request(b.ctx, b.pool, jc, b.client); err != nil {
		t.Fatal(err)
	}
	n := b.count(t, `SELECT count(*) FROM river_job WHERE args->>'client_id' = $1::text AND state = 'available'`)
	if n != 1 {
		t.Fatalf("%d waiting river jobs after the request, want 1", n)
	}
}
