// Package recalc turns a client's ledger into tax results. A request enqueues one river job per
// client (a second request while one is queued or running returns the same job). The job loads
// the ledger in one consistent snapshot, runs internal/tax, and in one transaction writes a new
// result set with COPY, points the client at it, deletes the old one, and clears exactly the dirty
// marks it saw. Readers see the old results or the new ones, never a mix; a crash anywhere leaves
// the old results and the job is retried by the next worker.
package recalc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/metrics"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// Args is the river job that recalculates one client.
type Args struct {
	ClientID uuid.UUID `json:"client_id" river:"unique"`
	// FollowUps counts the runs chained after a request because the client was still dirty; it is
	// not part of the unique key.
	FollowUps int `json:"follow_ups,omitempty"`
}

func (Args) Kind() string { return jobs.KindRecalc }

// InsertOpts puts the job on the recalc queue, unique per client while it waits or runs (a
// finished job never blocks the next request).
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueRecalc, MaxAttempts: MaxAttempts, UniqueOpts: jobs.UniqueWhileActive()}
}

// A client edited without pause (a long sync) is recalculated again and again while it changes.
// After maxFollowUps chained runs the next one waits followUpPause, so a run that for some reason
// leaves the client dirty cannot keep a worker busy in a tight loop.
const (
	maxFollowUps  = 20
	followUpPause = time.Minute
)

// Request starts a recalculation of the client, or returns the one already queued or running.
func Request(ctx context.Context, pool *pgxpool.Pool, jc *jobs.Client, clientID uuid.UUID) (db.RecalcJob, error) {
	return RequestWith(ctx, pool, jc, clientID, Options{})
}

// RequestWith is Request with the caller's options. A request that joins a job whose worker
// died joins the job the background reclaimer queues again in its place.
func RequestWith(ctx context.Context, pool *pgxpool.Pool, jc *jobs.Client, clientID uuid.UUID, o Options) (db.RecalcJob, error) {
	var job db.RecalcJob
	err := store.InTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		job, err = request(ctx, tx, jc, Args{ClientID: clientID}, nil, o)
		return err
	})
	return job, err
}

// afterConflict, when set (tests), runs when a request's insert found an active job, before the
// request reads it.
var afterConflict func()

// request records (or finds) the client's active job row and inserts the river job, inside tx and
// under the client's request lock. The river insert happens even when a row was already active:
// river's uniqueness makes it a no-op while the job waits or runs, and it replaces a job that
// vanished. The lock orders a request against Worker.finish: either the worker has not completed
// its river job yet and will see this request's row (and run again), or it has, and this insert
// is not a duplicate. A queued job takes on the request's options (MergeRecalcFlags).
func request(ctx context.Context, tx pgx.Tx, jc *jobs.Client, args Args, opts *river.InsertOpts, o Options) (db.RecalcJob, error) {
	q := db.New(tx)
	if err := q.LockRecalcRequests(ctx, args.ClientID); err != nil {
		return db.RecalcJob{}, err
	}
	var job db.RecalcJob
	// The run stores its results without this lock, so the active row found by the insert's
	// conflict may complete before the next statement reads it: then insert again.
	for try := 0; ; try++ {
		var err error
		job, err = q.InsertRecalcJob(ctx, db.InsertRecalcJobParams{ID: uuid.Must(uuid.NewV7()), ClientID: args.ClientID,
			UseSpeedup: !o.Full, DoNotReplay: o.DoNotReplay, SkipPlugins: o.SkipPlugins})
		if errors.Is(err, pgx.ErrNoRows) {
			if afterConflict != nil {
				afterConflict()
			}
			job, err = q.MergeRecalcFlags(ctx, db.MergeRecalcFlagsParams{ClientID: args.ClientID,
				UseSpeedup: !o.Full, DoNotReplay: o.DoNotReplay, SkipPlugins: o.SkipPlugins})
			if errors.Is(err, pgx.ErrNoRows) {
				job, err = q.GetActiveRecalcJob(ctx, args.ClientID)
			}
		}
		if errors.Is(err, pgx.ErrNoRows) && try < 5 {
			continue
		}
		if err != nil {
			return db.RecalcJob{}, err
		}
		break
	}
	_, err := jc.InsertTx(ctx, tx, args, opts)
	return job, err
}

// Active returns the client's queued or running job, or nil when results are settled.
func Active(ctx context.Context, q db.DBTX, clientID uuid.UUID) (*db.RecalcJob, error) {
	j, err := db.New(q).GetActiveRecalcJob(ctx, clientID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &j, nil
}

// Phase names the steps of a run, for timings and test hooks.
type Phase string

const (
	PhaseLoad    Phase = "load"
	PhaseCompute Phase = "compute"
	PhaseStore   Phase = "store"
	PhaseCleanup Phase = "cleanup" // after the switch: dropping the previous results
)

// Timings are the durations of one run's phases.
type Timings struct {
	Load, Compute, Store time.Duration
	Cleanup              time.Duration // after the switch: dropping the previous results
	Transactions         int           // loaded (from the checkpoint on, for an incremental run)
	Transfers            int
	// Incremental: the run resumed from the checkpoint at From and replaced the results after it.
	Incremental bool
	From        time.Time
	// Full run: what each of the store's two writers wrote and how long it took (the store is the
	// slower writer, then the switch).
	Writers [2]WriterTimings
	Analyze time.Duration // after the writers, before the switch: a large set's statistics (analyzeNewSet)
	Switch  time.Duration // the short transaction that points the client at the new set
}

// WriterTimings are one store connection's steps in a full run, in the order it took them.
type WriterTimings struct {
	Took time.Duration
	// BackendCPU is the CPU time of the connection's Postgres backend over the writer's
	// transaction, when the Runner's BackendCPU can read it (else zero).
	BackendCPU time.Duration
	Steps      []StoreStep
}

// StoreStep is one table (or figures) a writer wrote: the pieces in Chunks COPYs of Rows rows in
// all, everything else in one statement or COPY.
type StoreStep struct {
	Name   string
	Chunks int
	Rows   int
	Took   time.Duration
}

// analyzeFrom is the size of ledger (transactions) from which a full run brings the result tables'
// statistics up to date before its switch (analyzeNewSet, about a second at a million
// transactions): a smaller set costs a read planned without it little even when the statistics
// miss it, and autovacuum analyzes the tables once enough of them has changed.
var analyzeFrom = 10_000

// analyzeNewSet brings the statistics of the big result tables up to date with a full run's new
// set, which its writers have committed and no reader looks at yet (AnalyzeResultTables), so that
// every read after the switch is planned with statistics that know the set. Planned from
// statistics that describe only the previous set, the reads of a million-transaction client took
// 0.23-1.3 s instead of 20-60 ms (the list in gain order, the summary of an asset in a year, the
// harvestable losses, the lots) and getClientInsights 1.6 s, once past its 10 s limit: the reads a
// person's screen makes when the recalculation it waited for completes (docs/recalculation.md). A
// failure leaves the statistics to autovacuum and the run goes on.
func analyzeNewSet(ctx context.Context, pool *pgxpool.Pool, client uuid.UUID) {
	if err := store.InTx(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.SetAnalyzeSettings(ctx); err != nil {
			return err
		}
		return q.AnalyzeResultTables(ctx)
	}); err != nil {
		slog.WarnContext(ctx, "recalc: analyzing the result tables failed", "client", client, "err", err)
	}
}

// Runner recalculates clients.
type Runner struct {
	Pool *pgxpool.Pool
	// BeforePhase, when set, runs before each phase (tests use it to crash a worker at a point).
	BeforePhase func(Phase)
	// Full turns incremental runs off: every run recomputes the whole ledger.
	Full bool
	// BackendCPU, when set, reads the CPU time a Postgres backend has used so far (by process id;
	// ok false when it cannot): a full run's timings then carry each store writer's.
	BackendCPU func(pid uint32) (cpu time.Duration, ok bool)
}

// Run recalculates the scope's client now (the job's work): incrementally when the dirty part of
// the ledger starts after a checkpoint of the current results computed under the same settings, in
// full otherwise. It returns the phase timings. The scope must allow writes (results are written).
func (r *Runner) Run(ctx context.Context, scope auth.ClientScope) (Timings, error) {
	return r.RunWith(ctx, scope, r.Full)
}

// RunWith is Run with incremental runs turned off when full is set.
func (r *Runner) RunWith(ctx context.Context, scope auth.ClientScope, full bool) (Timings, error) {
	var tm Timings
	if err := scope.CheckWrite(); err != nil {
		return tm, err
	}
	clientID := scope.ClientID()
	q := db.New(r.Pool)
	job, err := q.StartRecalcJob(ctx, clientID)
	// A job requested without useSpeedup recomputes the whole ledger.
	full = full || err == nil && !job.UseSpeedup
	if errors.Is(err, pgx.ErrNoRows) {
		// No active job row (a direct run, e.g. the benchmark): track this run in a fresh one.
		if job, err = q.InsertRecalcJob(ctx, db.InsertRecalcJobParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID}); err != nil {
			return tm, err
		}
		if job, err = q.StartRecalcJob(ctx, clientID); err != nil {
			return tm, err
		}
	} else if err != nil {
		return tm, err
	}

	r.before(PhaseLoad)
	start := time.Now()
	snap, err := load(ctx, r.Pool, clientID, !full)
	if err != nil {
		return tm, fmt.Errorf("recalc load: %w", err)
	}
	tm.Load = time.Since(start)
	tm.Transactions, tm.Transfers = len(snap.input.Transactions), snap.transfers
	if snap.base != nil {
		tm.Incremental, tm.From = true, snap.base.cp.At
	}
	_ = q.SetRecalcProgress(ctx, db.SetRecalcProgressParams{ID: job.ID, Progress: 40})

	r.before(PhaseCompute)
	start = time.Now()
	var cps []*tax.Checkpoint
	eng := tax.Engine{Checkpoints: checkpointTimes(snap.input.Transactions, snap.ledgerLength(), snap.input.Settings.Lookahead()), OnCheckpoint: func(c *tax.Checkpoint) { cps = append(cps, c) }}
	// Once the results are stored, the next run of this process (on any worker) takes over this
	// Engine's memory instead of fresh pages (tax/release.go).
	defer eng.Release()
	var res tax.Result
	if snap.base != nil {
		res, err = eng.Resume(&snap.base.cp, snap.input)
	} else {
		res, err = eng.Compute(snap.input)
	}
	if err != nil {
		return tm, fmt.Errorf("recalc compute: %w", err)
	}
	rows, err := checkpointRows(snap, &res, cps)
	if err != nil {
		return tm, fmt.Errorf("recalc compute: %w", err)
	}
	tm.Compute = time.Since(start)
	_ = q.SetRecalcProgress(ctx, db.SetRecalcProgressParams{ID: job.ID, Progress: 70})

	r.before(PhaseStore)
	start = time.Now()
	if err := storeResults(ctx, r.Pool, job, snap, &res, rows, r.before, r.BackendCPU, &tm); err != nil {
		return tm, fmt.Errorf("recalc store: %w", err)
	}
	tm.Store = time.Since(start)
	r.before(PhaseCleanup)
	start = time.Now()
	// The results are committed: a failed cleanup leaves the previous set (invisible to readers)
	// to the next run's cleanup, and does not make the job run again.
	if err := Cleanup(ctx, r.Pool, clientID); err != nil {
		slog.WarnContext(ctx, "recalc cleanup failed; the next run drops the previous results", "client", clientID, "err", err)
	}
	tm.Cleanup = time.Since(start)
	slog.InfoContext(ctx, "recalculated", "client", clientID, "incremental", tm.Incremental, "transactions", tm.Transactions, "transfers", tm.Transfers,
		"load_ms", tm.Load.Milliseconds(), "compute_ms", tm.Compute.Milliseconds(), "store_ms", tm.Store.Milliseconds(), "cleanup_ms", tm.Cleanup.Milliseconds())
	return tm, nil
}

func (r *Runner) before(p Phase) {
	if r.BeforePhase != nil {
		r.BeforePhase(p)
	}
}

// Worker is the river worker of Args.
type Worker struct {
	river.WorkerDefaults[Args]
	Runner *Runner
}

func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	// A request records the job's row and inserts its river job in one transaction: a river job
	// without an active row is an attempt after its results were committed (the process stopped
	// before river recorded it), and has nothing left to do.
	if active, err := Active(ctx, w.Runner.Pool, job.Args.ClientID); err != nil {
		return err
	} else if active == nil {
		return nil
	}
	tm, err := w.Runner.Run(ctx, auth.JobWriteScope(job.Args.ClientID, "recalculate"))
	if err == nil {
		metrics.RecalcPhase("load", tm.Load)
		metrics.RecalcPhase("compute", tm.Compute)
		metrics.RecalcPhase("store", tm.Store)
		metrics.RecalcPhase("cleanup", tm.Cleanup)
	}
	if err != nil {
		return err // the job's row records the attempt's outcome (track)
	}
	// The results are committed: recording the job's completion is not cancelled with the attempt.
	done, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	return w.finish(done, job)
}

// finish completes the river job and, in the same transaction, requests a follow-up run when
// the client is still dirty (edits made during the run are not in its snapshot) or a request
// arrived while it ran (that request found this job running and returned it).
func (w *Worker) finish(ctx context.Context, job *river.Job[Args]) error {
	return store.InTx(ctx, w.Runner.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.LockRecalcRequests(ctx, job.Args.ClientID); err != nil {
			return err
		}
		if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return err
		}
		again, err := q.RecalcFollowUpNeeded(ctx, job.Args.ClientID)
		if err != nil || !again {
			return err
		}
		next, opts := Args{ClientID: job.Args.ClientID, FollowUps: job.Args.FollowUps + 1}, (*river.InsertOpts)(nil)
		if next.FollowUps > maxFollowUps {
			slog.WarnContext(ctx, "client still dirty after chained recalculations; pausing before the next", "client", job.Args.ClientID, "runs", job.Args.FollowUps+1)
			next.FollowUps, opts = 0, &river.InsertOpts{ScheduledAt: time.Now().Add(followUpPause)}
		}
		_, err = request(ctx, tx, river.ClientFromContext[pgx.Tx](ctx), next, opts, Options{})
		return err
	})
}

// RequestTx is Request inside the caller's transaction (a sync that ends asks for a
// recalculation in the transaction that records its end).
func RequestTx(ctx context.Context, tx pgx.Tx, jc *jobs.Client, clientID uuid.UUID) (db.RecalcJob, error) {
	return request(ctx, tx, jc, Args{ClientID: clientID}, nil, Options{})
}

// Track is the jobs.Tracker of recalculation jobs: it records a river attempt's state on the
// client's active job row, and the river job that runs a starting attempt.
func Track(ctx context.Context, tx pgx.Tx, j jobs.Job, ev jobs.Event) error {
	var a Args
	if err := json.Unmarshal(j.Args, &a); err != nil {
		return err
	}
	var reason *string
	if ev.Reason != "" {
		reason = &ev.Reason
	}
	return db.New(tx).TrackRecalcJob(ctx, db.TrackRecalcJobParams{ClientID: a.ClientID, State: ev.State, Attempt: int32(ev.Attempt),
		MaxAttempts: int32(ev.MaxAttempts), NextAttemptAt: ev.NextAttemptAt, Reason: reason, RiverJobID: j.ID})
}
