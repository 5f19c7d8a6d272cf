package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/testwait"
)

// flakyArgs is a test job: it fails FailFirst times, then succeeds.
type flakyArgs struct {
	Name      string `json:"name"`
	FailFirst int    `json:"fail_first"`
}

func (flakyArgs) Kind() string { return "test.flaky" }
func (flakyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMaintenance, MaxAttempts: 3}
}

type flakyWorker struct {
	river.WorkerDefaults[flakyArgs]
}

func (flakyWorker) Work(ctx context.Context, j *river.Job[flakyArgs]) error {
	if j.Attempt <= j.Args.FailFirst {
		return jobs.WithReason(errors.New("dial tcp 10.0.0.7:5432: refused"), "the upstream service could not be reached")
	}
	return nil
}

// events records what the tracker of test.flaky was told, per job name.
type events struct {
	mu  sync.Mutex
	got map[string][]jobs.Event
}

func (e *events) track(_ context.Context, _ pgx.Tx, j jobs.Job, ev jobs.Event) error {
	var a flakyArgs
	if err := json.Unmarshal(j.Args, &a); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.got[a.Name] = append(e.got[a.Name], ev)
	return nil
}

func (e *events) of(name string) []jobs.Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]jobs.Event(nil), e.got[name]...)
}

var flakyEvents = &events{got: map[string][]jobs.Event{}}

// flakyTrackers are the trackers the reclaimer of these tests is given.
var flakyTrackers = jobs.Trackers{flakyArgs{}.Kind(): flakyEvents.track}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testwait.For(t, what, 30*time.Second, cond)
}

// The middleware tells the kind's tracker each attempt's start and outcome as river will record
// it: running, retrying at the time river schedules with the partner-safe reason (never the
// error's text), and failed after the last attempt.
func TestTrackingMirrorsRiver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	workers := river.NewWorkers()
	river.AddWorker(workers, &flakyWorker{})
	jobs.Track(workers, flakyArgs{}.Kind(), flakyEvents.track)
	jc, err := jobs.New(pool, workers, jobs.Options{Queues: map[string]int{jobs.QueueMaintenance: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })

	for round, name := range []string{"flaky-a", "flaky-b"} {
		res, err := jc.Insert(ctx, flakyArgs{Name: name, FailFirst: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the retry to be scheduled", func() bool { return len(flakyEvents.of(name)) >= 2 })
		ev := flakyEvents.of(name)
		if ev[0].State != jobs.StateRunning || ev[0].Attempt != 1 || ev[0].MaxAttempts != 3 {
			t.Fatalf("round %d: first event %+v, want running attempt 1 of 3", round, ev[0])
		}
		if ev[1].State != jobs.StateRetrying || ev[1].NextAttemptAt == nil || ev[1].Reason != "the upstream service could not be reached" {
			t.Fatalf("round %d: second event %+v, want retrying with the reason", round, ev[1])
		}
		var scheduled time.Time
		waitFor(t, "river to record the retry", func() bool {
			var state string
			var attempt int
			err := pool.QueryRow(ctx, `SELECT state, attempt, scheduled_at FROM river_job WHERE id = $1`, res.Job.ID).Scan(&state, &attempt, &scheduled)
			return err == nil && (state == "retryable" || state == "available" || state == "completed" || state == "running" && attempt == 2)
		})
		if d := scheduled.Sub(*ev[1].NextAttemptAt); d > time.Millisecond || d < -time.Millisecond {
			t.Fatalf("round %d: river scheduled the retry at %s, the row says %s", round, scheduled, ev[1].NextAttemptAt)
		}
	}

	// A job that fails every attempt ends failed with the reason.
	if _, err := jc.Insert(ctx, flakyArgs{Name: "doomed", FailFirst: 9}, &river.InsertOpts{MaxAttempts: 1}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failure", func() bool { return len(flakyEvents.of("doomed")) >= 2 })
	if ev := flakyEvents.of("doomed")[1]; ev.State != jobs.StateFailed || ev.Reason != "the upstream service could not be reached" {
		t.Fatalf("last attempt: %+v, want failed with the reason", ev)
	}
}

// insertRunning inserts a job of test.flaky as a worker would have left it: running, attempt 1,
// with a heartbeat of the given age and owner.
func insertRunning(t *testing.T, pool *pgxpool.Pool, name string, age time.Duration, owner string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := pool.QueryRow(ctx, `INSERT INTO river_job (args, attempt, attempted_at, kind, max_attempts, priority, queue, state, scheduled_at)
		VALUES ($1, 1, now() - $2::interval, 'test.flaky', 3, 1, 'maintenance', 'running', now() - $2::interval) RETURNING id`,
		`{"name":"`+name+`"}`, age.String()).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO job_heartbeats (job_id, attempt, owner, beat_at) VALUES ($1, 1, $2, now() - $3::interval)`, id, owner, age.String()); err != nil {
		t.Fatal(err)
	}
	return id
}

// A running job whose heartbeat is stale (its process died) is taken over: discarded with an
// error, and a new job with the same args and attempts made waits for a worker; its tracker says
// queued again. A job with a live heartbeat is left alone. Twice: the second sweep finds nothing.
func TestReclaimTakesOverStaleJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	stale := insertRunning(t, pool, "reclaim-stale", time.Minute, "")
	live := insertRunning(t, pool, "reclaim-live", time.Second, "")
	for round := 1; round <= 2; round++ {
		got, err := jobs.Reclaim(ctx, pool, flakyTrackers, 10*time.Second, jobs.Filter{Kind: "test.flaky"})
		if err != nil {
			t.Fatal(err)
		}
		if round == 2 {
			if len(got) != 0 {
				t.Fatalf("second sweep took over %+v", got)
			}
			continue
		}
		if len(got) != 1 || got[0].ID != stale || !got[0].Requeued {
			t.Fatalf("reclaimed %+v, want job %d requeued", got, stale)
		}
	}
	var state string
	var nErrors int
	if err := pool.QueryRow(ctx, `SELECT state, coalesce(array_length(errors, 1), 0) FROM river_job WHERE id = $1`, stale).Scan(&state, &nErrors); err != nil || state != "discarded" || nErrors != 1 {
		t.Fatalf("the stale job: %s with %d errors (%v), want discarded with the takeover's error", state, nErrors, err)
	}
	var again int64
	var attempt int
	if err := pool.QueryRow(ctx, `SELECT id, attempt FROM river_job WHERE args->>'name' = 'reclaim-stale' AND state = 'available'`).Scan(&again, &attempt); err != nil || attempt != 1 {
		t.Fatalf("the new job: %v, attempt %d (want 1: the attempt made counts)", err, attempt)
	}
	if ev := flakyEvents.of("reclaim-stale"); len(ev) != 1 || ev[0].State != jobs.StateQueued || ev[0].Reason != jobs.ReasonWorkerLost {
		t.Fatalf("tracker events %+v, want queued again with the reason", ev)
	}
	if err := pool.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, live).Scan(&state); err != nil || state != "running" {
		t.Fatalf("the live job is %s (%v)", state, err)
	}
}

// A running job whose heartbeat names a process of this machine that has exited is taken over at
// once, however fresh its heartbeat.
func TestReclaimTakesOverJobsOfDeadProcessAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no process to start:", err)
	}
	owner := jobs.OwnerOf(dead.Process.Pid)
	if owner == "" {
		// The process is gone already: build its owner string from ours with its pid.
		owner = jobs.OwnerOf(os.Getpid())
		if owner == "" {
			t.Skip("process identities are not available here")
		}
		owner = jobs.WithPid(owner, dead.Process.Pid)
	}
	id := insertRunning(t, pool, "reclaim-dead", 0, owner)
	alive := insertRunning(t, pool, "reclaim-alive", 0, jobs.OwnerOf(os.Getpid()))
	rctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		jobs.RunReclaimer(rctx, pool, flakyTrackers, 50*time.Millisecond, time.Hour)
	}()
	t.Cleanup(func() { stop(); <-done })
	waitFor(t, "the dead process's job to be taken over", func() bool {
		var state string
		return pool.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, id).Scan(&state) == nil && state == "discarded"
	})
	var state string
	if err := pool.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, alive).Scan(&state); err != nil || state != "running" {
		t.Fatalf("the live process's job is %s (%v)", state, err)
	}
}

// A running job that never beat (its worker died between river's fetch and the attempt's start)
// is taken over once it was fetched longer ago than the stale interval; one fetched a moment ago is
// left to start. Twice: the second sweep finds nothing.
func TestReclaimTakesOverJobsThatNeverBeat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	insert := func(name string, age time.Duration) int64 {
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO river_job (args, attempt, attempted_at, kind, max_attempts, priority, queue, state, scheduled_at)
			VALUES ($1, 1, now() - $2::interval, 'test.flaky', 3, 1, 'maintenance', 'running', now() - $2::interval) RETURNING id`,
			`{"name":"`+name+`"}`, age.String()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	silent, fresh := insert("never-beat-old", time.Minute), insert("never-beat-new", 0)
	for round := 1; round <= 2; round++ {
		got, err := jobs.Reclaim(ctx, pool, flakyTrackers, 10*time.Second, jobs.Filter{Kind: "test.flaky"})
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		if round == 2 {
			want = 0
		}
		if len(got) != want || (want == 1 && (got[0].ID != silent || !got[0].Requeued)) {
			t.Fatalf("round %d: reclaimed %+v, want job %d requeued once", round, got, silent)
		}
	}
	var state string
	if err := pool.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, fresh).Scan(&state); err != nil || state != "running" {
		t.Fatalf("the job fetched a moment ago is %s (%v), want left running", state, err)
	}
}
