package recalc

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/store"
)

// Service is the recalculation API of the adapters: it starts and reports a client's
// recalculation on behalf of an authorised scope.
type Service struct {
	pool *pgxpool.Pool
	jobs *jobs.Client
}

// NewService returns the recalculation service.
func NewService(pool *pgxpool.Pool, jc *jobs.Client) *Service { return &Service{pool: pool, jobs: jc} }

// Options are the caller's wishes for one recalculation (rerunGraph; the zero value is what
// POST /refresh asks for). A request that joins a queued job makes it do the most thorough of
// what the requests asked (MergeRecalcFlags).
type Options struct {
	// Full turns the incremental run off (rerunGraph useSpeedup: false): the whole ledger is
	// recomputed even when a checkpoint would allow resuming.
	Full bool
	// DoNotReplay is recorded on the job. A run always reads the stored ledger, in which labeling
	// rules were applied when the transactions were written (and when a rule was created), so
	// there is nothing to replay: both values give the same results.
	DoNotReplay bool
	// SkipPlugins is staff only (FORBIDDEN otherwise) and recorded; the engine has no protocol
	// plugins, so it changes no result.
	SkipPlugins bool
}

// Job is a client's recalculation as its row records it: its status and progress, the options
// it was asked with, and its attempts. It has the fields of the row (Job(row) converts one).
type Job struct {
	ID                uuid.UUID
	ClientID          uuid.UUID
	Status            string
	Progress          int32
	DirtyUpto         *int64
	Error             *string
	CreatedAt         time.Time
	StartedAt         *time.Time
	FinishedAt        *time.Time
	Attempt           int32
	MaxAttempts       int32
	NextAttemptAt     *time.Time
	UseSpeedup        bool
	DoNotReplay       bool
	SkipPlugins       bool
	DirtyCountAtStart int32
	RiverJobID        *int64 // the river job that runs it (set once queued), for liveness reads
}

// Request starts a recalculation of the scope's client (a write: a Read scope is refused), or
// returns the one already queued or running.
func (s *Service) Request(ctx context.Context, scope auth.ClientScope, o Options) (Job, error) {
	if err := scope.CheckWrite(); err != nil {
		return Job{}, err
	}
	if o.SkipPlugins && !scope.IsStaff() {
		return Job{}, apperr.New(apperr.Forbidden, "skipPlugins is for staff only")
	}
	j, err := RequestWith(ctx, s.pool, s.jobs, scope.ClientID(), o)
	return jobOf(j), err
}

// MaxAttempts is how many attempts a recalculation makes before it fails.
const MaxAttempts = 10

// jobOf is the row as a Job; a job not yet picked up says how many attempts it will make.
func jobOf(j db.RecalcJob) Job {
	out := Job(j)
	if out.MaxAttempts == 0 {
		out.MaxAttempts = MaxAttempts
	}
	return out
}

// Get returns one of the scope's client's recalculations in any status: queued, running,
// completed, or failed with its error. A running job whose worker stopped reads as Active does.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Job, error) {
	if err := scope.Check(); err != nil {
		return Job{}, err
	}
	j, err := db.New(s.pool).GetRecalcJob(ctx, db.GetRecalcJobParams{ClientID: scope.ClientID(), ID: id})
	if err != nil {
		return Job{}, store.Err(err, "recalculation")
	}
	if j.Status == "queued" || j.Status == "running" {
		a, err := s.Active(ctx, scope)
		if err != nil {
			return Job{}, err
		}
		if a != nil && a.ID == id {
			return a.Job, nil
		}
	}
	return jobOf(j), nil
}

// ActiveJob is a queued or running recalculation with the state of its river job.
type ActiveJob struct {
	Job
	State   string // jobs.StateQueued, StateRunning or StateRetrying (Reason says why the last attempt failed)
	Attempt int    // 1 for the first run, 2 after one failure...
	Reason  string // the last failed attempt's reason, while it is retried
}

// Active returns the scope's client's queued or running job, or nil. It only reads: a running
// job whose worker stopped (its heartbeat is stale) shows as queued again with the reason, as it
// will once the background reclaimer has taken it over.
func (s *Service) Active(ctx context.Context, scope auth.ClientScope) (*ActiveJob, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	row, err := db.New(s.pool).GetActiveRecalcJobLiveness(ctx, db.GetActiveRecalcJobLivenessParams{
		ClientID: scope.ClientID(), StaleSeconds: jobs.StaleAfter.Seconds()})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	j := row.RecalcJob
	if row.WorkerLost {
		reason := jobs.ReasonWorkerLost
		j.Status, j.Error = "queued", &reason
	}
	out := &ActiveJob{Job: jobOf(j), State: j.Status, Attempt: max(int(j.Attempt), 1)}
	if j.Error != nil {
		out.Reason = *j.Error
	}
	if j.Status == "queued" && j.NextAttemptAt != nil && j.Attempt > 0 {
		out.State = jobs.StateRetrying
	}
	return out, nil
}

// CountDirty is the number of dirty items of the scope's client.
func (s *Service) CountDirty(ctx context.Context, scope auth.ClientScope) (int64, error) {
	if err := scope.Check(); err != nil {
		return 0, err
	}
	n, err := db.New(s.pool).CountDirty(ctx, scope.ClientID())
	return int64(n), err
}

// Preview is the tax preview of the scope's client for year (nil: the latest computed year).
func (s *Service) Preview(ctx context.Context, scope auth.ClientScope, year *int, now time.Time) (Preview, error) {
	if err := scope.Check(); err != nil {
		return Preview{}, err
	}
	q := db.New(s.pool)
	c, err := q.GetClient(ctx, scope.ClientID())
	if err != nil {
		return Preview{}, store.Err(err, "user")
	}
	return GetPreview(ctx, q, c, year, now)
}
