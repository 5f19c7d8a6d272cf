package server_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/reports"
	"taxd/internal/server"
)

// Every job kind registered on a worker node is inserted by default into a queue that the node's
// configuration works (one queue per kind), and inserting a job into a queue no node works is
// refused: a job kind without its queue would wait until it is failed as lost.
func TestEveryJobKindHasAServedQueue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.URL(t)
	pool := pgtest.PoolFor(t, url)
	for _, args := range [][]string{nil, {"--workers", "1"}, {"--workers", "0", "--workers-recalc", "1"}} {
		cfg := testConfig(t, url, args...)
		bucket, err := reports.OpenBucket(ctx, "", cfg.DataDir)
		if err != nil {
			t.Fatal(err)
		}
		workers, err := server.Workers(cfg, pool, bucket)
		if err != nil {
			t.Fatal(err)
		}
		kinds := jobs.Registered(workers)
		if len(kinds) < 9 {
			t.Fatalf("%v: only %d kinds registered: %v", args, len(kinds), kinds)
		}
		worked := server.JobOptions(cfg).QueuesOf()
		for _, k := range kinds {
			if !slices.Contains(jobs.Served, k.Queue) {
				t.Errorf("%v: kind %s goes to queue %q, which no node works (served: %v)", args, k.Kind, k.Queue, jobs.Served)
			}
			// A default worker node works every kind's queue.
			if args == nil && worked[k.Queue] == 0 {
				t.Errorf("kind %s goes to queue %q, which a default worker node does not work (%v)", k.Kind, k.Queue, worked)
			}
		}
		_ = bucket.Close()
	}

	// The refusal at insert time, through a domain service that names its queue.
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jc.Insert(ctx, reports.RenderArgs{ReportID: uuid.New()}, nil); err != nil {
		t.Fatalf("a report job on its queue: %v", err)
	}
	if _, err := jc.Insert(ctx, reports.RenderArgs{ReportID: uuid.New()}, &river.InsertOpts{Queue: river.QueueDefault}); err == nil {
		t.Fatal("a job inserted into the default queue, which no node works, was accepted")
	}
}

// The job kinds whose state the APIs report from a progress row (jobs.KindRecalc and the rest) each
// have a tracker on a worker node's workers, and every tracker is of a registered kind: without
// one, the row would not mirror the job's attempts nor a takeover by the reclaimer.
func TestEveryProgressRowKindIsTracked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.URL(t)
	pool := pgtest.PoolFor(t, url)
	cfg := testConfig(t, url)
	bucket, err := reports.OpenBucket(ctx, "", cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bucket.Close() })
	workers, err := server.Workers(cfg, pool, bucket)
	if err != nil {
		t.Fatal(err)
	}
	trackers := jobs.TrackersOf(workers)
	for _, kind := range []string{jobs.KindRecalc, jobs.KindSync, jobs.KindImport, jobs.KindReport, jobs.KindTransactions} {
		if trackers[kind] == nil {
			t.Errorf("kind %s has a progress row but no tracker", kind)
		}
	}
	registered := jobs.Registered(workers)
	for kind := range trackers {
		if !slices.ContainsFunc(registered, func(r jobs.Registration) bool { return r.Kind == kind }) {
			t.Errorf("kind %s has a tracker but no registered worker", kind)
		}
	}
}
