package server_test

import (
	"context"
	"flag"
	"io"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) {
	if maybeRunWorkerNode() {
		return
	}
	pgtest.Main(m)
}

// testConfig is the default configuration (as `taxd serve` with no flags and a clean
// environment would build it) on databaseURL, with its data under a temporary folder.
func testConfig(t *testing.T, databaseURL string, args ...string) *config.Config {
	t.Helper()
	cfg := &config.Config{}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.Register(fs)
	if err := fs.Parse(append([]string{"--database-url", databaseURL, "--data-dir", t.TempDir(), "--offline"}, args...)); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// chains are fake sync providers keyed by chain name.
type chains map[string]imports.Provider

func (c chains) Provider(chain string) (imports.Provider, bool) { p, ok := c[chain]; return p, ok }

// slowChain returns an empty history after a pause, like a slow provider API.
type slowChain struct{ pause time.Duration }

func (slowChain) Chain() string { return "slowchain" }

func (s slowChain) Fetch(ctx context.Context, _, _ string) (imports.Page, error) {
	select {
	case <-time.After(s.pause):
		return imports.Page{}, nil
	case <-ctx.Done():
		return imports.Page{}, ctx.Err()
	}
}

func waitUntil(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	testwait.For(t, what, timeout, cond)
}

// A partner floods the sync queue with 5,000 account syncs of one client whose provider is slow.
// Another partner's client still gets its sync, its recalculation and its report done within
// seconds while that backlog is still there: recalculations and reports have their own queues,
// and the other partner's sync overtakes the flood (insert-time priority from the backlog).
func TestFloodOfOnePartnerDoesNotHoldBackAnother(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := pgtest.URL(t)
	pool := pgtest.PoolFor(t, url)
	cfg := testConfig(t, url, "--workers", "2")
	bucket, err := reports.OpenBucket(ctx, "", cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bucket.Close() })
	workers, err := server.WorkersWith(cfg, pool, bucket, chains{
		"slowchain": slowChain{pause: 100 * time.Millisecond},
		"fastchain": slowChain{},
	})
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(pool, workers, server.JobOptions(cfg))
	if err != nil {
		t.Fatal(err)
	}

	partnerA, partnerB, clientA, clientB := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	for _, p := range []uuid.UUID{partnerA, partnerB} {
		testfactory.Exec(t, pool, `INSERT INTO partners (id, name, portal_url) VALUES ($1, 'p', 'https://portal.example')`, p)
	}
	testfactory.Exec(t, pool, `INSERT INTO clients (id, partner_id, reference_id, name) VALUES ($1, $2, 'a', 'A'), ($3, $4, 'b', 'B')`, clientA, partnerA, clientB, partnerB)
	testfactory.Exec(t, pool, `INSERT INTO accounts (id, client_id, type, provider, address)
		SELECT gen_random_uuid(), $1, 'wallet', 'slowchain', 'a-' || n FROM generate_series(1, 5000) n`, clientA)
	testfactory.Exec(t, pool, `INSERT INTO accounts (id, client_id, type, provider, address) VALUES (gen_random_uuid(), $1, 'wallet', 'fastchain', 'b-1')`, clientB)

	svc := syncs.NewService(pool, jc)
	flood, err := svc.Create(ctx, auth.JobWriteScope(clientA, "test"), nil, "account_ids") // 5,000 river jobs, one InsertManyTx
	if err != nil {
		t.Fatal(err)
	}
	if len(flood.Items) != 5000 {
		t.Fatalf("flood sync has %d items, want 5000", len(flood.Items))
	}
	if err := jc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = jc.StopAndCancel(stopCtx)
	})
	// Let the flood occupy the sync workers first.
	waitUntil(t, "the flood to start", 20*time.Second, func() bool {
		s, err := svc.Get(ctx, auth.JobWriteScope(clientA, "test"), flood.ID)
		return err == nil && s.Status == "running"
	})

	bSync, err := svc.Create(ctx, auth.JobWriteScope(clientB, "test"), nil, "account_ids")
	if err != nil {
		t.Fatal(err)
	}
	bJob, err := recalc.Request(ctx, pool, jc, clientB)
	if err != nil {
		t.Fatal(err)
	}
	rs := reports.NewService(reports.Deps{Pool: pool, Bucket: bucket, Jobs: jc, SigningSecret: cfg.ReportSigningSecret})
	bReport, err := rs.Create(ctx, auth.JobWriteScope(clientB, "test"), 2024, reports.TypeCapitalGainsCSV, nil)
	if err != nil {
		t.Fatal(err)
	}

	waitUntil(t, "B's sync", 30*time.Second, func() bool {
		s, err := svc.Get(ctx, auth.JobWriteScope(clientB, "test"), bSync.ID)
		return err == nil && s.Status == "completed"
	})
	waitUntil(t, "B's recalculation", 30*time.Second, func() bool {
		j, err := recalc.Active(ctx, pool, clientB)
		return err == nil && j == nil
	})
	var st string
	if err := pool.QueryRow(ctx, `SELECT status FROM recalc_jobs WHERE id = $1`, bJob.ID).Scan(&st); err != nil || st != "completed" {
		t.Fatalf("B's recalculation is %s (%v), want completed", st, err)
	}
	waitUntil(t, "B's report", 30*time.Second, func() bool {
		r, err := rs.Get(ctx, auth.JobWriteScope(clientB, "test"), bReport.ID)
		return err == nil && r.Status == "available"
	})
	var waiting int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM account_sync_items WHERE sync_id = $1 AND status = 'queued'`, flood.ID).Scan(&waiting); err != nil {
		t.Fatal(err)
	}
	if waiting < 4000 {
		t.Fatalf("only %d of A's syncs still wait: the flood drained before B was served, so the test proves nothing", waiting)
	}
	t.Logf("B's sync, recalculation and report finished while %d of A's 5,000 syncs still waited", waiting)
}

// A second sync request for accounts whose sync is queued or running returns that sync instead of
// stacking another; once it has finished, a new request starts a new sync.
func TestSyncPerAccountIsNotStacked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	client, a1, a2 := uuid.New(), uuid.New(), uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	testfactory.Exec(t, pool, `INSERT INTO accounts (id, client_id, type, provider, address) VALUES ($1, $3, 'wallet', 'x', '1'), ($2, $3, 'wallet', 'x', '2')`, a1, a2, client)
	svc := syncs.NewService(pool, jc)

	first, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), []uuid.UUID{a1}, "account_ids")
	if err != nil {
		t.Fatal(err)
	}
	again, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), []uuid.UUID{a1}, "account_ids")
	if err != nil || again.ID != first.ID {
		t.Fatalf("second request: %v, sync %s; want the queued %s", err, again.ID, first.ID)
	}
	// Both accounts: only the one without an active sync gets a new sync.
	both, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), nil, "account_ids")
	if err != nil || both.ID == first.ID || len(both.Items) != 1 || both.Items[0].AccountID != a2 {
		t.Fatalf("sync of all accounts: %v, %+v; want a new sync of the second account only", err, both)
	}
	all, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), nil, "account_ids")
	if err != nil || all.ID != both.ID {
		t.Fatalf("all accounts busy: %v, got sync %s, want the newest active %s", err, all.ID, both.ID)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindSync).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d sync jobs (%v), want 2", n, err)
	}
	// Finished items no longer block: the next request starts a new sync.
	testfactory.Exec(t, pool, `UPDATE account_sync_items SET status = 'synced', progress = 100 WHERE sync_id = $1`, first.ID)
	next, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), []uuid.UUID{a1}, "account_ids")
	if err != nil || next.ID == first.ID || next.ID == both.ID {
		t.Fatalf("after the first finished: %v, sync %s; want a new one", err, next.ID)
	}
}
