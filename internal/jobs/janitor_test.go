package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func status(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) (string, string) {
	t.Helper()
	var st string
	var reason *string
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&st, &reason); err != nil {
		t.Fatal(err)
	}
	if reason == nil {
		return st, ""
	}
	return st, *reason
}

// Rows whose river job was discarded, cancelled or deleted are failed with a reason; rows whose
// job still waits are left alone; a new request then runs. Run twice: the second sweep finds
// nothing more.
func TestJanitorFailsRowsOfLostJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lost, kept, cancelled := uuid.New(), uuid.New(), uuid.New()
	for _, c := range []uuid.UUID{lost, kept, cancelled} {
		testfactory.Client(t, pool, testfactory.ClientID(c), testfactory.ClientNamed("c"))
	}
	account := uuid.New()
	testfactory.Account(t, pool, lost, testfactory.AccountID(account), testfactory.Provider("x"), testfactory.Address("1"))

	lostJob, err := recalc.Request(ctx, pool, jc, lost)
	if err != nil {
		t.Fatal(err)
	}
	keptJob, err := recalc.Request(ctx, pool, jc, kept)
	if err != nil {
		t.Fatal(err)
	}
	cancelledJob, err := recalc.Request(ctx, pool, jc, cancelled)
	if err != nil {
		t.Fatal(err)
	}
	sync, err := syncs.NewService(pool, jc).Create(ctx, auth.JobWriteScope(lost, "test"), nil, "account_ids")
	if err != nil {
		t.Fatal(err)
	}
	report, err := reports.NewService(reports.Deps{Pool: pool, Jobs: jc}).Create(ctx, auth.JobWriteScope(lost, "test"), 2024, reports.TypeIncomeCSV, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The lost client's jobs vanish (deleted) or are discarded; another client's is cancelled.
	testfactory.Exec(t, pool, `DELETE FROM river_job WHERE kind = $1 AND args->>'client_id' = $2::text`, jobs.KindRecalc, lost)
	testfactory.Exec(t, pool, `UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE kind IN ($1, $2)`, jobs.KindSync, jobs.KindReport)
	testfactory.Exec(t, pool, `UPDATE river_job SET state = 'cancelled', finalized_at = now() WHERE kind = $1 AND args->>'client_id' = $2::text`, jobs.KindRecalc, cancelled)

	// Rows younger than the grace period are not touched.
	if got, err := jobs.Sweep(ctx, pool, time.Now().Add(-time.Hour)); err != nil || got != (jobs.Swept{}) {
		t.Fatalf("sweep within the grace period: %+v, %v; want nothing", got, err)
	}
	got, err := jobs.Sweep(ctx, pool, time.Now().Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if got != (jobs.Swept{Recalcs: 2, SyncItems: 1, Reports: 1}) {
		t.Fatalf("swept %+v, want 2 recalculations, 1 sync item, 1 report", got)
	}
	for _, j := range []uuid.UUID{lostJob.ID, cancelledJob.ID} {
		if st, why := status(t, pool, `SELECT status, error FROM recalc_jobs WHERE id = $1`, j); st != "failed" || why != jobs.ReasonRecalcLost {
			t.Fatalf("recalculation %s: %s %q, want failed with the reason", j, st, why)
		}
	}
	if st, _ := status(t, pool, `SELECT status, error FROM recalc_jobs WHERE id = $1`, keptJob.ID); st != "queued" {
		t.Fatalf("the recalculation whose job waits is %s, want queued", st)
	}
	if st, why := status(t, pool, `SELECT status, message FROM account_sync_items WHERE sync_id = $1`, sync.ID); st != "failed" || why != jobs.ReasonSyncLost {
		t.Fatalf("sync item: %s %q", st, why)
	}
	if st, why := status(t, pool, `SELECT status, error FROM account_syncs WHERE id = $1`, sync.ID); st != "failed" || why == "" {
		t.Fatalf("sync roll-up: %s %q, want failed with an error", st, why)
	}
	if st, why := status(t, pool, `SELECT status, status_message FROM accounts WHERE id = $1`, account); st != "failed" || why != jobs.ReasonSyncLost {
		t.Fatalf("account: %s %q", st, why)
	}
	if st, why := status(t, pool, `SELECT status, error FROM reports WHERE id = $1`, report.ID); st != "failed" || why != jobs.ReasonReportLost {
		t.Fatalf("report: %s %q", st, why)
	}

	// A new request runs now, and a second sweep finds nothing.
	again, err := recalc.Request(ctx, pool, jc, lost)
	if err != nil || again.ID == lostJob.ID || again.Status != "queued" {
		t.Fatalf("request after the sweep: %+v, %v; want a new queued job", again, err)
	}
	if got, err := jobs.Sweep(ctx, pool, time.Now().Add(time.Second)); err != nil || got != (jobs.Swept{}) {
		t.Fatalf("second sweep: %+v, %v; want nothing", got, err)
	}
}

// The janitor runs as a river periodic job on the maintenance queue (RunOnStart).
func TestJanitorRunsPeriodically(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	insert, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	job, err := recalc.Request(ctx, pool, insert, client)
	if err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, pool, `DELETE FROM river_job WHERE kind = $1`, jobs.KindRecalc)
	// Login failure counts: a window over (gone), a window over but still locked, a current window.
	testfactory.Exec(t, pool, `INSERT INTO login_failures (key, failures, window_start, locked_until) VALUES
		('ip:198.51.100.1', 3, now() - interval '16 minutes', NULL),
		('cred:old@198.51.100.2', 9, now() - interval '20 minutes', now() + interval '5 minutes'),
		('ip:198.51.100.3', 2, now() - interval '1 minute', NULL)`)

	workers := river.NewWorkers()
	river.AddWorker(workers, &jobs.Janitor{Pool: pool, Grace: time.Millisecond})
	jc, err := jobs.New(pool, workers, jobs.Options{Queues: map[string]int{jobs.QueueMaintenance: 1}, Periodic: []*river.PeriodicJob{jobs.JanitorJob()}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	var st string
	var keys []string
	defer func() {
		if t.Failed() {
			t.Logf("the periodic janitor left the lost job %s and the login failures %v", st, keys)
		}
	}()
	testwait.For(t, "the periodic janitor to fail the lost job and purge the expired login failures", 30*time.Second, func() bool {
		st, _ = status(t, pool, `SELECT status, error FROM recalc_jobs WHERE id = $1`, job.ID)
		if err := pool.QueryRow(ctx, `SELECT coalesce(array_agg(key ORDER BY key), '{}') FROM login_failures`).Scan(&keys); err != nil {
			t.Fatal(err)
		}
		return st == "failed" && strings.Join(keys, ",") == "cred:old@198.51.100.2,ip:198.51.100.3"
	})
}

// A file import or a transaction-history export that runs longer than the grace period is not
// failed as lost: their jobs (their own kinds) are active. Twice.
func TestJanitorKeepsLongImportsAndExports(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, account, sync, report := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	testfactory.Exec(t, pool, `INSERT INTO accounts (id, client_id, type, provider, name, status) VALUES ($1, $2, 'file', 'generic', 'f', 'syncing')`, account, client)
	testfactory.Exec(t, pool, `INSERT INTO account_syncs (id, client_id, status, created_at) VALUES ($1, $2, 'running', now() - interval '1 hour')`, sync, client)
	testfactory.Exec(t, pool, `INSERT INTO account_sync_items (sync_id, account_id, status) VALUES ($1, $2, 'syncing')`, sync, account)
	testfactory.Exec(t, pool, `INSERT INTO reports (id, client_id, year, report_type, status, created_at) VALUES ($1, $2, 2024, 'transaction-history-csv', 'generating', now() - interval '1 hour')`, report, client)
	for kind, args := range map[string]string{
		jobs.KindImport:       `{"sync_id":"` + sync.String() + `","account_id":"` + account.String() + `"}`,
		jobs.KindTransactions: `{"report_id":"` + report.String() + `"}`,
	} {
		testfactory.Exec(t, pool, `INSERT INTO river_job (args, attempt, attempted_at, kind, max_attempts, priority, queue, state)
			VALUES ($1, 1, now(), $2, 5, 1, 'import', 'running')`, args, kind)
	}
	for round := 1; round <= 2; round++ {
		if got, err := jobs.Sweep(ctx, pool, time.Now().Add(time.Second)); err != nil || got != (jobs.Swept{}) {
			t.Fatalf("round %d: swept %+v (%v); the import and the export are running", round, got, err)
		}
	}
}
