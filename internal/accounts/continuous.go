package accounts

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/jobs"
	"taxd/internal/store"
	"taxd/internal/syncs"
)

// Continuous syncing (syncAllClientAccounts(isContinuousSync: true)): a periodic job queues a
// sync of every such account whose last sync is older than ContinuousInterval.
const (
	ContinuousInterval = 24 * time.Hour
	ContinuousEvery    = time.Hour
	continuousBatch    = 1000 // accounts queued per run; the next run takes the rest
)

// ContinuousArgs is the periodic job that queues the due continuous syncs.
type ContinuousArgs struct{}

func (ContinuousArgs) Kind() string { return "accounts.continuous_sync" }

func (ContinuousArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMaintenance, MaxAttempts: 3, UniqueOpts: jobs.UniqueWhileActive()}
}

// ContinuousJob is the river.PeriodicJob of continuous syncing.
func ContinuousJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(ContinuousEvery), func() (river.JobArgs, *river.InsertOpts) {
		return ContinuousArgs{}, nil
	}, &river.PeriodicJobOpts{ID: "accounts.continuous_sync"})
}

// ContinuousWorker works ContinuousArgs.
type ContinuousWorker struct {
	river.WorkerDefaults[ContinuousArgs]
	Pool *pgxpool.Pool
	Now  func() time.Time // nil: time.Now
}

func (w *ContinuousWorker) Work(ctx context.Context, _ *river.Job[ContinuousArgs]) error {
	jc, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return err
	}
	_, err = QueueContinuous(ctx, w.Pool, jc, w.now())
	return err
}

func (w *ContinuousWorker) now() time.Time {
	if w.Now == nil {
		return time.Now()
	}
	return w.Now()
}

// QueueContinuous queues a sync of every due continuous account (one sync per client) and returns
// how many accounts it queued.
func QueueContinuous(ctx context.Context, pool *pgxpool.Pool, jc *jobs.Client, now time.Time) (int, error) {
	due, err := db.New(pool).DueContinuousSyncs(ctx, db.DueContinuousSyncsParams{SyncedBefore: now.Add(-ContinuousInterval), Batch: continuousBatch})
	if err != nil {
		return 0, err
	}
	byClient := map[uuid.UUID][]uuid.UUID{}
	var order []uuid.UUID
	for _, d := range due {
		if byClient[d.ClientID] == nil {
			order = append(order, d.ClientID)
		}
		byClient[d.ClientID] = append(byClient[d.ClientID], d.ID)
	}
	for _, c := range order {
		if err := store.InTx(ctx, pool, func(tx pgx.Tx) error {
			_, err := syncs.StartWith(ctx, tx, jc, c, byClient[c], "accountIds", syncs.Options{Recalculate: true})
			if err != nil {
				return err
			}
			return db.New(tx).SetAccountsQueued(ctx, byClient[c])
		}); err != nil {
			return 0, err
		}
	}
	return len(due), nil
}
