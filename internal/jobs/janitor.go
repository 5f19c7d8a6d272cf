package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/auth"
)

// The kinds of the jobs whose state the APIs report from our own tables. The domain packages'
// args return these from Kind(), so the janitor and the workers agree on them.
const (
	KindRecalc = "recalc.client"
	KindSync   = "syncs.account"
	KindReport = "reports.render"
	KindImport = "imports.file" // a file import: a sync item of a file account
	// KindTransactions is a transaction-history export: a report row like KindReport's.
	KindTransactions = "reports.transactions"
	// KindReclassify re-runs the classification rules over a client's stored chain data.
	KindReclassify = "syncs.reclassify"
)

// JanitorArgs is the periodic job that fails the rows of lost jobs and purges expired login
// failure counts.
type JanitorArgs struct{}

func (JanitorArgs) Kind() string { return "jobs.janitor" }

func (JanitorArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMaintenance, MaxAttempts: 3, UniqueOpts: UniqueWhileActive()}
}

// JanitorEvery is how often the janitor runs; JanitorGrace how old a row must be before it is
// checked (a direct run without a river job, such as `taxd bench`, is not disturbed meanwhile).
const (
	JanitorEvery = time.Minute
	JanitorGrace = 2 * time.Minute
)

// JanitorJob is the janitor's river.PeriodicJob (the elected leader enqueues it).
func JanitorJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(JanitorEvery), func() (river.JobArgs, *river.InsertOpts) {
		return JanitorArgs{}, nil
	}, &river.PeriodicJobOpts{ID: "jobs.janitor", RunOnStart: true})
}

// Janitor works JanitorArgs.
type Janitor struct {
	river.WorkerDefaults[JanitorArgs]
	Pool  *pgxpool.Pool
	Grace time.Duration // 0: JanitorGrace
}

func (w *Janitor) Work(ctx context.Context, _ *river.Job[JanitorArgs]) error {
	grace := w.Grace
	if grace == 0 {
		grace = JanitorGrace
	}
	if _, err := Sweep(ctx, w.Pool, time.Now().Add(-grace)); err != nil {
		return err
	}
	_, err := auth.PurgeLoginFailures(ctx, db.New(w.Pool), time.Now())
	return err
}

// Swept counts the rows a sweep failed.
type Swept struct{ Recalcs, SyncItems, Reports int }

// The reasons the APIs show for a failed row.
const (
	ReasonRecalcLost = "the recalculation job was lost (discarded, cancelled or deleted); request it again"
	ReasonSyncLost   = "the sync job was lost (discarded, cancelled or deleted); start a new sync"
	ReasonReportLost = "the report job was lost (discarded, cancelled or deleted); request the report again"
)

// Sweep fails the recalculation, sync-item and report rows created before `before` that are
// still queued or running but whose river job was discarded, cancelled or deleted, so that a new
// request can run and the APIs say why. A sync's roll-up and its accounts' states follow. Each
// row is checked and failed in one statement (sql/queries/river.sql): no window between.
func Sweep(ctx context.Context, pool *pgxpool.Pool, before time.Time) (Swept, error) {
	var out Swept
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ids, err := q.FailRecalcJobsWithoutRiverJob(ctx, db.FailRecalcJobsWithoutRiverJobParams{
			Reason: ReasonRecalcLost, Before: before, Kinds: []string{KindRecalc}})
		if err != nil {
			return fmt.Errorf("janitor recalcs: %w", err)
		}
		out.Recalcs = len(ids)

		items, err := q.FailSyncItemsWithoutRiverJob(ctx, db.FailSyncItemsWithoutRiverJobParams{
			Reason: ReasonSyncLost, Before: before, Kinds: []string{KindSync, KindImport}})
		if err != nil {
			return fmt.Errorf("janitor syncs: %w", err)
		}
		out.SyncItems = len(items)
		reason := ReasonSyncLost
		rolled := map[uuid.UUID]bool{}
		for _, it := range items {
			if err := q.SetAccountSyncState(ctx, db.SetAccountSyncStateParams{ID: it.AccountID, Status: "failed", StatusMessage: &reason}); err != nil {
				return err
			}
			if !rolled[it.SyncID] {
				rolled[it.SyncID] = true
				if err := q.RollupAccountSync(ctx, it.SyncID); err != nil {
					return err
				}
			}
		}

		reports, err := q.FailReportsWithoutRiverJob(ctx, db.FailReportsWithoutRiverJobParams{
			Reason: ReasonReportLost, Before: before, Kinds: []string{KindReport, KindTransactions}})
		if err != nil {
			return fmt.Errorf("janitor reports: %w", err)
		}
		out.Reports = len(reports)
		return nil
	})
	if err == nil && out != (Swept{}) {
		slog.WarnContext(ctx, "janitor failed rows of lost jobs", "recalcs", out.Recalcs, "sync_items", out.SyncItems, "reports", out.Reports)
	}
	return out, err
}
