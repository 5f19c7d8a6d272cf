package syncs_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fakes"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/prices"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const btcAddress = fakes.BitcoinAddress

// From "account added" to ledger rows, progress 100 and a dirty client; a second sync adds nothing.
func TestSyncImportsAccountIntoLedger(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	esplora, gecko := fakes.Esplora(t, filepath.Join("..", "..", fakes.EsploraRecording)), fakes.CoinGecko(t)

	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	q := db.New(pool)
	added, _, err := accounts.Add(ctx, q, client, []accounts.Wallet{{Address: btcAddress, Chain: "bitcoin"}}, "wallets")
	if err != nil || len(added) != 1 {
		t.Fatalf("add account: %v (%d added)", err, len(added))
	}
	account := added[0]

	workers := river.NewWorkers()
	src := prices.NewSource(prices.NewClient(prices.Config{BaseURL: gecko.URL, RPS: -1}), prices.NewPGCache(pool))
	river.AddWorker(workers, &syncs.Worker{Pool: pool, Prices: src.USD, Providers: imports.NewRegistry(imports.Config{
		Esplora: imports.EsploraConfig{BaseURL: esplora.URL, RPS: -1},
	})})
	svc := startSyncJobs(t, pool, workers, 2)
	run := func() syncs.Sync {
		s, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), nil, "account_ids")
		if err != nil {
			t.Fatal(err)
		}
		if s.Status != "queued" || len(s.Items) != 1 {
			t.Fatalf("new sync: %+v", s)
		}
		return waitSyncEnded(t, svc, client, s.ID)
	}

	first := run()
	if first.Status != "completed" || first.Progress != 100 || first.Items[0].Status != "synced" || first.Items[0].Progress != 100 {
		t.Fatalf("first sync: status %s progress %d, item %+v", first.Status, first.Progress, first.Items[0])
	}
	// The recorded address has five confirmed transactions (and one unconfirmed, skipped).
	if first.Items[0].Imported != 5 {
		t.Fatalf("imported %d transactions, want 5", first.Items[0].Imported)
	}
	var txs, transfers, priced, fees int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM transactions WHERE client_id = $1),
		count(*), count(*) FILTER (WHERE fiat_value IS NOT NULL), count(*) FILTER (WHERE is_fee)
		FROM transfers WHERE client_id = $1`, client).Scan(&txs, &transfers, &priced, &fees); err != nil {
		t.Fatal(err)
	}
	if txs != 5 || transfers != 7 || priced != transfers || fees != 3 {
		t.Fatalf("ledger: %d transactions, %d transfers (%d priced, %d fees); want 5, 7 (all priced), 3 fees", txs, transfers, priced, fees)
	}
	// The 2023-07-24 receipt of 0.05 BTC is valued at that day's price: 0.05 × $31,400.
	var value string
	if err := pool.QueryRow(ctx, `SELECT tr.fiat_value::text FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
		WHERE t.client_id = $1 AND t.occurred_at::date = '2023-07-24'`, client).Scan(&value); err != nil {
		t.Fatal(err)
	}
	if value != "1570.000000000000000000" && value != "1570" {
		t.Fatalf("fiat value of the first receipt = %s, want 1570", value)
	}
	if n, _ := q.CountDirty(ctx, client); n != 5 {
		t.Fatalf("dirty = %d, want the 5 imported transactions", n)
	}
	acct, err := q.GetAccountByID(ctx, account.ID)
	if err != nil || acct.Status != "synced" || acct.LastSyncedAt == nil || acct.SyncCursor == nil {
		t.Fatalf("account after sync: %+v (%v)", acct, err)
	}

	second := run()
	if second.Status != "completed" || second.Items[0].Imported != 0 {
		t.Fatalf("re-sync: status %s, imported %d; want completed, 0", second.Status, second.Items[0].Imported)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM transactions WHERE client_id = $1`, client).Scan(&txs); err != nil || txs != 5 {
		t.Fatalf("after re-sync: %d transactions, want 5", txs)
	}
}

// A provider failure reaches the partner as a stable reason; the upstream text (hosts, the
// provider's message) stays in the log.
func TestSyncFailureReasonIsPartnerSafe(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "invalid api key sk_live_123 for tenant 10.0.0.7", http.StatusUnauthorized)
	}))
	t.Cleanup(upstream.Close)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	q := db.New(pool)
	added, _, err := accounts.Add(ctx, q, client, []accounts.Wallet{{Address: btcAddress, Chain: "bitcoin"}}, "wallets")
	if err != nil || len(added) != 1 {
		t.Fatalf("add account: %v", err)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &syncs.Worker{Pool: pool, Providers: imports.NewRegistry(imports.Config{
		Esplora: imports.EsploraConfig{BaseURL: upstream.URL, RPS: -1},
	})})
	svc := startSyncJobs(t, pool, workers, 1)
	s := syncEveryAccount(t, svc, client)
	acct, err := q.GetAccountByID(ctx, added[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for what, msg := range map[string]*string{"item": s.Items[0].Message, "account": acct.StatusMessage} {
		if msg == nil {
			t.Fatalf("%s has no message", what)
		}
		if *msg != "import failed: the blockchain data provider refused the request" {
			t.Errorf("%s message %q", what, *msg)
		}
	}
}

func TestPartnerReasonHidesUpstreamText(t *testing.T) {
	dial := &imports.ProviderError{Provider: "etherscan", Op: "txlist", Temporary: true,
		Err: errors.New("Get: dial tcp 127.0.0.1:9: connect: connection refused")}
	for _, err := range []error{dial, &imports.ProviderError{Provider: "esplora", Status: 502, Message: "upstream 10.1.2.3 failed"},
		&imports.RateLimitError{Provider: "etherscan", RetryAfter: time.Second}, errors.New("pq: secret detail")} {
		r := imports.PartnerReason(err)
		if strings.Contains(r, "127.0.0.1") || strings.Contains(r, "dial") || strings.Contains(r, "10.1.2.3") ||
			strings.Contains(r, "etherscan") || strings.Contains(r, "secret") {
			t.Errorf("%v: reason %q leaks upstream text", err, r)
		}
	}
	if r := imports.PartnerReason(dial); r != "the blockchain data provider could not be reached" {
		t.Errorf("dial error: %q", r)
	}
}

// A sync of "every account" covers the wallets and exchanges that are not retired: a file account is
// imported from its files and never gets a sync (nor a "failed" one); naming it is a field error.
func TestSyncOfEveryAccountLeavesFilesOut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	wallet := testfactory.Account(t, pool, client, testfactory.Named("Hot wallet"))
	file := testfactory.Account(t, pool, client, func(o *testfactory.AccountOpts) { o.Type, o.Provider, o.Name = "file", "generic", "export.csv" })
	retired := testfactory.Account(t, pool, client, testfactory.Named("Old wallet"), testfactory.Status("retired"))
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := syncs.NewService(pool, jc)
	scope := auth.JobWriteScope(client, "test")
	s, err := svc.Create(ctx, scope, nil, "account_ids")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 1 || s.Items[0].AccountID != wallet {
		t.Fatalf("the sync of every account covers %+v; want the wallet %s alone (not the file %s nor the retired %s)", s.Items, wallet, file, retired)
	}
	_, err = svc.Create(ctx, scope, []uuid.UUID{file}, "account_ids")
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "account_ids.0" {
		t.Fatalf("a sync of the file account: %v; want a field error on account_ids.0", err)
	}
}

// startSyncJobs works the sync queue with workers (n workers), until the test ends, and returns the
// service that starts syncs on it.
func startSyncJobs(t *testing.T, pool *pgxpool.Pool, workers *river.Workers, n int) *syncs.Service {
	t.Helper()
	jobs.Track(workers, jobs.KindSync, syncs.TrackItem)
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: n, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	return syncs.NewService(pool, jc)
}

// syncEveryAccount starts a sync of the client's accounts and waits until it ended.
func syncEveryAccount(t *testing.T, svc *syncs.Service, client uuid.UUID) syncs.Sync {
	t.Helper()
	s, err := svc.Create(context.Background(), auth.JobWriteScope(client, "test"), nil, "account_ids")
	if err != nil {
		t.Fatal(err)
	}
	return waitSyncEnded(t, svc, client, s.ID)
}

// waitSyncEnded waits until the sync is completed or failed and returns it.
func waitSyncEnded(t *testing.T, svc *syncs.Service, client, id uuid.UUID) syncs.Sync {
	t.Helper()
	var s syncs.Sync
	testwait.For(t, "the sync to end", 30*time.Second, func() bool {
		var err error
		if s, err = svc.Get(context.Background(), auth.JobWriteScope(client, "test"), id); err != nil {
			t.Fatal(err)
		}
		return s.Status == "completed" || s.Status == "failed"
	})
	return s
}
