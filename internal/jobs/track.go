package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// The states a progress row shows (GraphQL and REST map them to their own enums). They mirror
// river's: queued (available, scheduled, pending), running, retrying (retryable: a failed attempt
// waits for the next, at NextAttemptAt), failed (discarded), succeeded (completed), cancelled.
const (
	StateQueued    = "queued"
	StateRunning   = "running"
	StateRetrying  = "retrying"
	StateFailed    = "failed"
	StateSucceeded = "succeeded"
	StateCancelled = "cancelled"
)

// Job is what a Tracker knows of a river job.
type Job struct {
	ID          int64
	Kind        string
	Args        []byte // the encoded args
	Attempt     int
	MaxAttempts int
}

// Event is a change of a job's state that its progress row records.
type Event struct {
	// State is StateRunning (an attempt starts), StateRetrying (an attempt failed and river
	// retries at NextAttemptAt), StateQueued (snoozed until NextAttemptAt, or taken back from a
	// worker that stopped), StateFailed (no attempt left) or StateCancelled.
	State         string
	Attempt       int
	MaxAttempts   int
	NextAttemptAt *time.Time
	// Reason is fit for partners (no hosts, SQL or stack traces); empty keeps the row's message.
	Reason string
}

// Tracker records ev on the progress row of job, inside tx. A tracker of a kind whose row is
// gone (deleted with its client) does nothing.
type Tracker func(ctx context.Context, tx pgx.Tx, job Job, ev Event) error

// Trackers are the trackers of the job kinds that have a progress row, by kind. The client's
// Tracking middleware and the reclaimer tell them what happens to a job of their kind.
type Trackers map[string]Tracker

// Track registers on workers the tracker of a job kind (server.WorkersWith does, beside each
// worker's Register). New gives the client made with workers these trackers.
func Track(workers *river.Workers, kind string, t Tracker) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if trackers[workers] == nil {
		trackers[workers] = Trackers{}
	}
	trackers[workers][kind] = t
}

// TrackersOf returns the trackers registered on workers (Track).
func TrackersOf(workers *river.Workers) Trackers {
	registryMu.Lock()
	defer registryMu.Unlock()
	return maps.Clone(trackers[workers])
}

// reasoned carries a partner-safe reason with an error.
type reasoned struct {
	err    error
	reason string
}

func (r *reasoned) Error() string         { return r.err.Error() }
func (r *reasoned) Unwrap() error         { return r.err }
func (r *reasoned) PartnerReason() string { return r.reason }

// WithReason attaches a reason fit for partners to err: the progress row shows it while the job
// is retried or once it failed.
func WithReason(err error, reason string) error {
	if err == nil {
		return nil
	}
	return &reasoned{err: err, reason: reason}
}

// Reasons shown for failures that carry none of their own.
const (
	ReasonInternal   = "an internal error interrupted the job (details are in the server log)"
	ReasonTimeout    = "the job took longer than its time limit"
	ReasonWorkerLost = "the worker running the job stopped; another worker takes it over"
	ReasonStopped    = "the worker was shut down; the job resumes on another worker"
	ReasonCancelled  = "the job was cancelled"
)

// ReasonOf is the partner-safe reason of a job error: WithReason's, an apperr's message, or a
// generic one (never the error's own text, which may name hosts or SQL).
func ReasonOf(err error) string {
	var r interface{ PartnerReason() string }
	if errors.As(err, &r) {
		return r.PartnerReason()
	}
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Kind != apperr.Internal {
		return ae.Message
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return ReasonTimeout
	}
	return ReasonInternal
}

// Heartbeats: a running attempt renews its row every HeartbeatEvery; a running job whose
// heartbeat is older than StaleAfter lost its worker and is taken over (Reclaim).
const (
	HeartbeatEvery = 2 * time.Second
	StaleAfter     = 10 * time.Second
)

// errLeaseLost cancels an attempt whose job was taken over by another worker (its heartbeat went
// stale: the process stalled longer than StaleAfter).
var errLeaseLost = errors.New("the job was taken over by another worker")

// RetryPolicy is river's default retry policy, except that the next attempt's time of a failed
// attempt is chosen once, by the Tracking middleware, so that the progress row shows the time
// river schedules (the default policy adds random jitter).
type RetryPolicy struct {
	base river.DefaultClientRetryPolicy
	next sync.Map // job id -> time.Time
}

// maxRetryWait caps the wait before the next attempt per queue. River's default grows as the
// attempt to the fourth power (7 waits of a sync's 8 attempts add up to ~78 minutes); a partner
// waiting on a sync whose provider cannot be reached learns it failed within ~10 minutes:
// 1 s + 16 s + 81 s + 4 x 2 min, plus each attempt's own time.
var maxRetryWait = map[string]time.Duration{QueueSync: 2 * time.Minute}

// NextRetry implements river.ClientRetryPolicy.
func (p *RetryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	if v, ok := p.next.LoadAndDelete(job.ID); ok {
		return v.(time.Time)
	}
	return p.nextRetry(job)
}

func (p *RetryPolicy) plan(job *rivertype.JobRow) time.Time {
	t := p.nextRetry(job)
	p.next.Store(job.ID, t)
	return t
}

func (p *RetryPolicy) nextRetry(job *rivertype.JobRow) time.Time {
	t := p.base.NextRetry(job)
	if limit, ok := maxRetryWait[job.Queue]; ok {
		if latest := time.Now().Add(limit); t.After(latest) {
			return latest
		}
	}
	return t
}

// Tracking is the worker middleware that mirrors each attempt on the job's progress row (through
// its kind's Tracker) and keeps the attempt's heartbeat.
type Tracking struct {
	river.MiddlewareDefaults
	Pool           *pgxpool.Pool
	Retry          *RetryPolicy
	Trackers       Trackers
	HeartbeatEvery time.Duration // 0: HeartbeatEvery
}

var _ rivertype.WorkerMiddleware = (*Tracking)(nil)

func jobOf(row *rivertype.JobRow) Job {
	return Job{ID: row.ID, Kind: row.Kind, Args: row.EncodedArgs, Attempt: row.Attempt, MaxAttempts: row.MaxAttempts}
}

func (m *Tracking) Work(ctx context.Context, row *rivertype.JobRow, doInner func(context.Context) error) error {
	j := jobOf(row)
	track := m.Trackers[row.Kind]
	err := pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		if err := db.New(tx).BeginJobHeartbeat(ctx, db.BeginJobHeartbeatParams{JobID: j.ID, Attempt: int32(j.Attempt), Owner: self}); err != nil {
			return err
		}
		if track == nil {
			return nil
		}
		return track(ctx, tx, j, Event{State: StateRunning, Attempt: j.Attempt, MaxAttempts: j.MaxAttempts})
	})
	if err != nil {
		return fmt.Errorf("job %d: recording its start: %w", j.ID, err)
	}

	wctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := make(chan struct{})
	beats := make(chan struct{})
	go func() {
		defer close(beats)
		m.heartbeat(wctx, j, stop, cancel)
	}()
	werr := doInner(wctx)
	close(stop)
	<-beats
	lost := errors.Is(context.Cause(wctx), errLeaseLost)

	// A last beat: river records the attempt's outcome after this returns (its completer batches
	// them), and until then the job is still running; the reclaimer drops the row later.
	end, done := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer done()
	if err := db.New(m.Pool).LastJobHeartbeat(end, db.LastJobHeartbeatParams{JobID: j.ID, Attempt: int32(j.Attempt)}); err != nil {
		slog.WarnContext(ctx, "job heartbeat not renewed", "job_id", j.ID, "err", err)
	}
	if werr == nil || track == nil || lost {
		return werr
	}
	ev, ok := m.outcome(ctx, row, werr)
	if !ok {
		return werr
	}
	if err := pgx.BeginFunc(end, m.Pool, func(tx pgx.Tx) error { return track(end, tx, j, ev) }); err != nil {
		slog.WarnContext(ctx, "job state not recorded", "job_id", j.ID, "kind", j.Kind, "state", ev.State, "err", err)
	}
	return werr
}

// outcome is the event of a failed attempt, as river will record it.
func (m *Tracking) outcome(ctx context.Context, row *rivertype.JobRow, err error) (Event, bool) {
	ev := Event{Attempt: row.Attempt, MaxAttempts: row.MaxAttempts}
	var cancelErr *rivertype.JobCancelError
	var snooze *rivertype.JobSnoozeError
	switch {
	case errors.As(err, &cancelErr):
		ev.State, ev.Reason = StateCancelled, ReasonCancelled
		if cancelErr.Unwrap() != nil {
			if r := ReasonOf(cancelErr.Unwrap()); r != ReasonInternal {
				ev.Reason = r
			}
		}
	case errors.As(err, &snooze):
		at := time.Now().Add(snooze.Duration)
		ev.State, ev.NextAttemptAt, ev.Attempt = StateQueued, &at, max(row.Attempt-1, 0)
	case ctx.Err() != nil && errors.Is(err, context.Canceled):
		// The client is stopping: river makes the job available again at once.
		ev.State, ev.Reason, ev.Attempt = StateQueued, ReasonStopped, max(row.Attempt-1, 0)
	case row.Attempt >= row.MaxAttempts:
		ev.State, ev.Reason = StateFailed, ReasonOf(err)
	default:
		at := time.Now().UTC()
		if m.Retry != nil {
			at = m.Retry.plan(row)
		}
		ev.State, ev.NextAttemptAt, ev.Reason = StateRetrying, &at, ReasonOf(err)
	}
	return ev, true
}

// heartbeat renews the attempt's heartbeat until stop closes. When the job is no longer this
// attempt's (it was taken over), it cancels the attempt.
func (m *Tracking) heartbeat(ctx context.Context, j Job, stop <-chan struct{}, cancel context.CancelCauseFunc) {
	every := m.HeartbeatEvery
	if every <= 0 {
		every = HeartbeatEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
		}
		bctx, done := context.WithTimeout(ctx, every)
		renewed, err := db.New(m.Pool).RenewJobHeartbeat(bctx, db.RenewJobHeartbeatParams{JobID: j.ID, Attempt: int32(j.Attempt)})
		done()
		if err != nil {
			continue // the database is busy or away: the next beat tries again
		}
		if renewed == 0 {
			select {
			case <-stop: // the job completed meanwhile
			default:
				slog.WarnContext(ctx, "job taken over by another worker; stopping this attempt", "job_id", j.ID, "kind", j.Kind, "attempt", j.Attempt)
				cancel(errLeaseLost)
			}
			return
		}
	}
}

// Reclaimed is a job taken over from a worker that stopped.
type Reclaimed struct {
	Job
	// Requeued: a new job with the same args (and the attempts made so far) waits for a worker;
	// otherwise no attempt was left and the job failed.
	Requeued bool
}

// Filter narrows Reclaim to one kind.
type Filter struct {
	Kind string
	// Gone are running jobs whose process is known to be dead (goneHere): taken over whatever
	// their heartbeat's age.
	Gone []int64
}

// Reclaim takes over the running jobs whose heartbeat is older than stale (0: StaleAfter): their
// worker stopped (kill -9, a lost machine, a stall longer than stale). It starts from taxd's
// heartbeats (job_heartbeats), so a job that never beat (its worker died as the attempt began) is
// left to river's rescuer. Each job is discarded with an error saying so and, when it has
// attempts left, inserted again as a new job with the same args, uniqueness and attempts made,
// available at once; its kind's tracker says it is queued again (or failed). A worker that was
// only stalled finds its job gone at its next heartbeat and stops, and river's completion of its
// attempt no longer touches the new job. Only the background reclaimer (RunReclaimer) calls it:
// status reads tell a lost worker from the heartbeat's age and never write.
func Reclaim(ctx context.Context, pool *pgxpool.Pool, trackers Trackers, stale time.Duration, f Filter) ([]Reclaimed, error) {
	if stale <= 0 {
		stale = StaleAfter
	}
	var out []Reclaimed
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		lost, err := q.DiscardJobsOfLostWorkers(ctx, db.DiscardJobsOfLostWorkersParams{
			StaleSeconds: stale.Seconds(), Gone: f.Gone, Kind: f.Kind, Reason: ReasonWorkerLost})
		if err != nil {
			return err
		}
		for _, l := range lost {
			j := Job{ID: l.ID, Kind: l.Kind, Args: l.Args, Attempt: int(l.Attempt), MaxAttempts: int(l.MaxAttempts)}
			r := Reclaimed{Job: j, Requeued: j.Attempt < j.MaxAttempts}
			ev := Event{State: StateFailed, Attempt: j.Attempt, MaxAttempts: j.MaxAttempts, Reason: ReasonWorkerLost}
			if r.Requeued {
				if err := q.RequeueDiscardedJob(ctx, j.ID); err != nil {
					return fmt.Errorf("requeueing job %d: %w", j.ID, err)
				}
				ev.State = StateQueued
			}
			if err := q.DeleteJobHeartbeat(ctx, j.ID); err != nil {
				return err
			}
			if t := trackers[j.Kind]; t != nil {
				if err := t(ctx, tx, j, ev); err != nil {
					return fmt.Errorf("recording the takeover of job %d: %w", j.ID, err)
				}
			}
			out = append(out, r)
		}
		return nil
	})
	if err == nil && len(out) > 0 {
		for _, r := range out {
			slog.WarnContext(ctx, "took over a job whose worker stopped", "job_id", r.ID, "kind", r.Kind, "attempt", r.Attempt, "requeued", r.Requeued)
		}
	}
	return out, err
}

// RunReclaimer calls Reclaim every interval until ctx ends (on every node that works jobs), and
// drops heartbeats of jobs that are no longer running.
func RunReclaimer(ctx context.Context, pool *pgxpool.Pool, trackers Trackers, every, stale time.Duration) {
	if every <= 0 {
		every = HeartbeatEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for n := 0; ; n++ {
		gone, err := goneJobs(ctx, pool)
		if err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "listing jobs of stopped workers", "err", err)
		}
		if _, err := Reclaim(ctx, pool, trackers, stale, Filter{Gone: gone}); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "reclaiming jobs of stopped workers", "err", err)
		}
		if n%30 == 0 {
			_ = db.New(pool).PurgeJobHeartbeats(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// goneJobs are the running jobs whose heartbeat names a process of this machine that is gone.
func goneJobs(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	if self == "" {
		return nil, nil
	}
	boot, _, _ := strings.Cut(self, "/")
	beats, err := db.New(pool).RunningJobOwnersOnBoot(ctx, boot)
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, b := range beats {
		if goneHere(b.Owner) {
			out = append(out, b.JobID)
		}
	}
	return out, nil
}
