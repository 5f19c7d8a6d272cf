package recalc

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
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

// Options are the caller's wishes for one recalculation (GraphQL rerunGraph).
type Options struct {
	// UseSpeedup asks for the engine's fast path; passed through to the run (see the recalc-speed
	// work: until it lands every run is the full, exact one, so the flag changes no result).
	UseSpeedup bool
	// DoNotReplay and SkipPlugins are accepted for compatibility: this engine has no replay
	// cache and no plugins, so a run always recomputes everything from the ledger.
	DoNotReplay bool
	SkipPlugins bool
}

// Request starts a recalculation of the scope's client (a write: a Read scope is refused), or
// returns the one already queued or running.
func (s *Service) Request(ctx context.Context, scope auth.ClientScope, _ Options) (db.RecalcJob, error) {
	if err := scope.CheckWrite(); err != nil {
		return db.RecalcJob{}, err
	}
	return Request(ctx, s.pool, s.jobs, scope.ClientID())
}

// ActiveJob is a queued or running recalculation with the attempt river is on.
type ActiveJob struct {
	db.RecalcJob
	Attempt int // 1 for the first run, 2 after one failure...
}

// Active returns the scope's client's queued or running job, or nil.
func (s *Service) Active(ctx context.Context, scope auth.ClientScope) (*ActiveJob, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	j, err := Active(ctx, s.pool, scope.ClientID())
	if err != nil || j == nil {
		return nil, err
	}
	// river counts attempts from 1 once a job has run; a job still waiting for its first run is
	// on attempt 0 there and attempt 1 here.
	var attempt int
	err = s.pool.QueryRow(ctx, `SELECT attempt FROM river_job WHERE kind = $1 AND args->>'client_id' = $2
		AND state IN ('available', 'pending', 'running', 'retryable', 'scheduled') ORDER BY id DESC LIMIT 1`,
		Args{}.Kind(), scope.ClientID().String()).Scan(&attempt)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	return &ActiveJob{RecalcJob: *j, Attempt: max(attempt, 1)}, nil
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
