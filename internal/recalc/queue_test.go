package recalc_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/recalc"
)

// startWorkers starts a river client that works the recalc queue with runner.
func startWorkers(t *testing.T, b *bundle, runner *recalc.Runner) *jobs.Client {
	t.Helper()
	workers := river.NewWorkers()
	river.AddWorker(workers, &recalc.Worker{Runner: runner})
	jobs.Track(workers, jobs.KindRecalc, recalc.Track)
	jc, err := jobs.New(b.pool, workers, jobs.Options{Queues: map[string]int{jobs.QueueRecalc: 2}, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(b.ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = jc.Stop(ctx)
	})
	return jc
}

func (b *bundle) waitSettled(t *testing.T) {
	t.Helper()
	waitFor(t, "no active recalculation", 30*time.Second, func() bool {
		j, err := recalc.Active(b.ctx, b.pool, b.client)
		if err != nil {
			t.Fatal(err)
		}
		return j == nil
	})
}

func (b *bundle) count(t *testing.T, sql string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, sql, b.client).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The loop a user runs: edit, refresh, wait for "no active job", read the results; three times
// through the real queue. Each request inserts a river job (a completed one never blocks the next).
func TestThreeRecalculationsInARow(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jc := startWorkers(t, b, &recalc.Runner{Pool: b.pool})
	b.trade(t, day(2024, 1, 10), "10", "1000") // $100 each

	sales := []struct{ qty, usd, wantShort string }{
		{"-1", "150", "50"},  // +50
		{"-2", "260", "110"}, // +60
		{"-3", "270", "80"},  // -30
	}
	for i, s := range sales {
		b.trade(t, day(2024, time.Month(2+i), 1), s.qty, s.usd)
		job, err := recalc.Request(b.ctx, b.pool, jc, b.client)
		if err != nil {
			t.Fatal(err)
		}
		if job.Status != "queued" {
			t.Fatalf("run %d: new job is %s, want queued", i+1, job.Status)
		}
		b.waitSettled(t)
		if p := b.preview(t, 2024); !p.ShortTerm.Equal(decimal.RequireFromString(s.wantShort)) || p.IsStale {
			t.Fatalf("run %d: short-term %s stale %v, want %s and settled", i+1, p.ShortTerm, p.IsStale, s.wantShort)
		}
		if d := b.dirty(t); d != 0 {
			t.Fatalf("run %d: dirty %d after the run", i+1, d)
		}
		var st string
		if err := b.pool.QueryRow(b.ctx, `SELECT status FROM recalc_jobs WHERE id = $1`, job.ID).Scan(&st); err != nil || st != "completed" {
			t.Fatalf("run %d: job row %s (%v), want completed", i+1, st, err)
		}
	}
	// River marks its own job row completed after the worker returns, through its batching
	// completer: the run's result (above) is final before that row is, so wait for it.
	completed := func() int {
		return b.count(t, `SELECT count(*) FROM river_job WHERE kind = 'recalc.client' AND state = 'completed' AND args->>'client_id' = $1::text`)
	}
	waitFor(t, "3 completed river jobs", 10*time.Second, func() bool { return completed() >= 3 })
	if n := completed(); n != 3 {
		t.Fatalf("%d completed river jobs, want 3", n)
	}
}

// A request while a run is under way returns the running job; an edit made meanwhile is picked
// up by a follow-up run that the worker queues itself, so the client ends settled.
func TestRequestWhileRunningReturnsItAndFollowsUp(t *testing.T) {
	t.Parallel()
	b := setup(t)
	reached, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	runner := &recalc.Runner{Pool: b.pool, BeforePhase: func(p recalc.Phase) {
		if p == recalc.PhaseCompute {
			once.Do(func() { close(reached); <-release })
		}
	}}
	jc := startWorkers(t, b, runner)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	b.trade(t, day(2024, 6, 1), "-0.5", "600") // +100

	first, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-reached:
	case <-time.After(30 * time.Second):
		t.Fatal("the run did not start")
	}
	again, err := recalc.Request(b.ctx, b.pool, jc, b.client)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || again.Status != "running" {
		t.Fatalf("request during the run got %s (%s), want the running %s", again.ID, again.Status, first.ID)
	}
	b.trade(t, day(2024, 7, 1), "-0.5", "900") // +400, after the run's snapshot
	close(release)

	b.waitSettled(t)
	if p := b.preview(t, 2024); !p.ShortTerm.Equal(decimal.RequireFromString("500")) || p.IsStale {
		t.Fatalf("after the follow-up: short-term %s stale %v, want 500 and settled", p.ShortTerm, p.IsStale)
	}
	if n := b.count(t, `SELECT count(*) FROM recalc_jobs WHERE client_id = $1 AND status = 'completed'`); n != 2 {
		t.Fatalf("%d completed job rows, want 2 (the request and its follow-up)", n)
	}
	var followUps int
	if err := b.pool.QueryRow(b.ctx, `SELECT max((args->>'follow_ups')::int) FROM river_job WHERE kind = 'recalc.client' AND args->>'client_id' = $1::text`, b.client).Scan(&followUps); err != nil || followUps != 1 {
		t.Fatalf("follow-up counter %d (%v), want 1", followUps, err)
	}
	// The loop still turns afterwards: a new request runs and settles.
	b.trade(t, day(2024, 8, 1), "1", "100")
	if _, err := recalc.Request(b.ctx, b.pool, jc, b.client); err != nil {
		t.Fatal(err)
	}
	b.waitSettled(t)
	if d := b.dirty(t); d != 0 {
		t.Fatalf("dirty %d after the last run", d)
	}
}

// A run that ends with the client still dirty queues the follow-up's row in the commit that
// completes it: a poll never sees "no active job" while changes wait.
func TestRunEndingDirtyLeavesAJobActive(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")
	r := &recalc.Runner{Pool: b.pool, BeforePhase: func(p recalc.Phase) {
		if p == recalc.PhaseCompute {
			b.trade(t, day(2024, 2, 1), "-0.5", "700")
		}
	}}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	active, err := recalc.Active(b.ctx, b.pool, b.client)
	if err != nil || active == nil || active.Status != "queued" {
		t.Fatalf("after a run that ended dirty: active %+v (%v), want a queued follow-up", active, err)
	}
	// Without edits during it, a run leaves nothing active.
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if active, err := recalc.Active(b.ctx, b.pool, b.client); err != nil || active != nil {
		t.Fatalf("after a clean run: active %+v (%v), want none", active, err)
	}
}
