package accounts_test

import (
	"context"
	"errors"
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
	"taxd/internal/exchanges"
	"taxd/internal/fakes"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const root = "../.."

type bundle struct {
	ctx      context.Context
	pool     *pgxpool.Pool
	svc      *accounts.Service
	scope    auth.ClientScope
	client   uuid.UUID
	coinbase *fakes.Exchange
	jobs     *jobs.Client
}

const cbKey, cbSecret = "cb-key", "cb-secret"

// setup starts the sync and recalculation workers against fake indexers and a fake Coinbase, and
// returns the service for one partner's embedded user.
func setup(t *testing.T) *bundle {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	b := &bundle{ctx: ctx, pool: pool, client: uuid.New()}
	partner := uuid.New()
	testfactory.Exec(t, pool, `INSERT INTO partners (id, name, portal_url) VALUES ($1, 'p', 'https://p.example')`, partner)
	testfactory.Exec(t, pool, `INSERT INTO clients (id, name, partner_id) VALUES ($1, 'c', $2)`, b.client, partner)
	var err error
	if b.scope, err = auth.PartnerUserScope(&auth.Partner{PartnerID: partner, Method: auth.MethodSecretPair}, b.client, &partner); err != nil {
		t.Fatal(err)
	}
	esplora := fakes.Esplora(t, filepath.Join(root, fakes.EsploraRecording))
	b.coinbase = fakes.Coinbase(t, filepath.Join(root, fakes.ExchangeRecordings), cbKey, cbSecret)
	sealer, err := exchanges.NewSealer(exchanges.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	chains := imports.NewRegistry(imports.Config{Esplora: imports.EsploraConfig{BaseURL: esplora.URL, RPS: -1}})
	workers := river.NewWorkers()
	river.AddWorker(workers, &syncs.Worker{Pool: pool, Providers: chains, Sealer: sealer,
		Exchanges: exchanges.NewRegistry(exchanges.Config{CoinbaseURL: b.coinbase.URL, Backoff: time.Millisecond})})
	river.AddWorker(workers, &recalc.Worker{Runner: &recalc.Runner{Pool: pool}})
	jobs.Track(workers, jobs.KindSync, syncs.TrackItem)
	jobs.Track(workers, jobs.KindRecalc, recalc.Track)
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: 2, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	b.jobs = jc
	b.svc = accounts.NewService(accounts.Deps{Pool: pool, Jobs: jc, Sealer: sealer, Providers: chains})
	return b
}

// settle waits until the account's newest job has finished and returns it.
func (b *bundle) settle(t *testing.T, account uuid.UUID) accounts.Job {
	t.Helper()
	var newest accounts.Job
	testwait.For(t, "the account's job to finish", 30*time.Second, func() bool {
		js, err := b.svc.Jobs(b.ctx, b.scope, account)
		if err != nil {
			t.Fatal(err)
		}
		if len(js) == 0 {
			return false
		}
		newest = js[0]
		return newest.Status == accounts.StatusSynced || newest.Status == accounts.StatusFailed
	})
	return newest
}

func (b *bundle) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ptr[T any](v T) *T { return &v }

// An exchange account is created with its credentials sealed, synced through the exchange's API,
// and when the exchange rejects new credentials it needs re-authentication; refreshApiKey with the
// right ones syncs it again.
func TestExchangeAccountCreatedSyncedAndRefreshed(t *testing.T) {
	b := setup(t)
	created, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "EXCHANGE", ImportType: "API_KEY", Provider: "coinbase",
		APIKey: ptr(cbKey), Secret: ptr(cbSecret)})
	if err != nil || len(created) != 1 || created[0].Name != "Coinbase" {
		t.Fatalf("create: %v %+v", err, created)
	}
	acct := created[0].ID
	var sealed []byte
	if err := b.pool.QueryRow(b.ctx, `SELECT sealed FROM exchange_credentials WHERE account_id = $1`, acct).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(sealed), cbSecret) || strings.Contains(string(sealed), cbKey) {
		t.Fatal("credentials stored in clear")
	}
	job := b.settle(t, acct)
	if job.Status != accounts.StatusSynced || job.Imported != 4 || job.Kind != syncs.KindSync {
		t.Fatalf("first sync: %+v", job)
	}
	if n := b.count(t, `SELECT count(*) FROM transactions WHERE account_id = $1 AND deleted_at IS NULL`, acct); n != 4 {
		t.Fatalf("%d transactions imported, want 4", n)
	}
	// Credentials the exchange rejects: the account needs re-authentication.
	if _, err := b.svc.RefreshCredentials(b.ctx, b.scope, acct, ptr(cbKey), ptr("wrong"), nil); err != nil {
		t.Fatal(err)
	}
	if job := b.settle(t, acct); job.Status != accounts.StatusFailed {
		t.Fatalf("sync with rejected credentials: %+v", job)
	}
	a, err := b.svc.Get(b.ctx, b.scope, acct)
	if err != nil || accounts.ClientStatusOf(a) != "NEEDS_REAUTHENTICATION" {
		t.Fatalf("status after rejected credentials: %s (%v)", accounts.ClientStatusOf(a), err)
	}
	id, err := b.svc.RefreshCredentials(b.ctx, b.scope, acct, ptr(cbKey), ptr(cbSecret), nil)
	if err != nil || id == uuid.Nil {
		t.Fatal(err)
	}
	if job := b.settle(t, acct); job.Status != accounts.StatusSynced || job.ID != id || job.Imported != 0 {
		t.Fatalf("sync after refresh: %+v (want sync %s adding nothing new)", job, id)
	}
	if b.coinbase.Rejected == 0 {
		t.Fatal("the fake exchange never saw a bad signature")
	}
	// The client is recalculated after a GraphQL sync.
	if n := b.count(t, `SELECT count(*) FROM recalc_jobs WHERE client_id = $1`, b.client); n == 0 {
		t.Fatal("no recalculation requested after the sync")
	}
}

// A second sync request while one is queued or running returns that sync; retired accounts are
// not synced; the next request after the sync finished starts a new one.
func TestSyncAccountKeepsOneActiveSync(t *testing.T) {
	b := setup(t)
	created, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "WALLET", ImportType: "ADDRESS", Provider: "bitcoin", Address: ptr(fakes.BitcoinAddress)})
	if err != nil {
		t.Fatal(err)
	}
	acct := created[0].ID
	if _, err := b.svc.Sync(b.ctx, b.scope, acct, accounts.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	first := b.settle(t, acct)
	if n := b.count(t, `SELECT count(*) FROM account_sync_items WHERE account_id = $1`, acct); n != 1 {
		t.Fatalf("%d sync items, want 1 (the second request joined the first sync)", n)
	}
	for round := range 2 {
		a, err := b.svc.Sync(b.ctx, b.scope, acct, accounts.SyncOptions{FullHistory: true})
		if err != nil || accounts.ClientStatusOf(a) != "SYNCING" {
			t.Fatalf("round %d: %v, status %s", round, err, accounts.ClientStatusOf(a))
		}
		if job := b.settle(t, acct); job.ID == first.ID || job.Status != accounts.StatusSynced || job.Imported != 0 {
			t.Fatalf("round %d: %+v", round, job)
		}
	}
	if n := b.count(t, `SELECT count(*) FROM transactions WHERE account_id = $1`, acct); n != 5 {
		t.Fatalf("%d transactions after three syncs, want 5", n)
	}
	// Continuous syncing: the periodic job queues the account once its last sync is a day old.
	res, err := b.svc.SyncAll(b.ctx, b.scope, true)
	if err != nil || len(res.Queued) != 1 || !res.Continuous {
		t.Fatalf("sync all: %+v %v", res, err)
	}
	b.settle(t, acct)
	for round := range 2 {
		if n, err := accounts.QueueContinuous(b.ctx, b.pool, b.jobs, time.Now()); err != nil || n != 0 {
			t.Fatalf("round %d: %d queued just after a sync (%v)", round, n, err)
		}
		testfactory.Exec(t, b.pool, `UPDATE accounts SET last_synced_at = now() - interval '25 hours' WHERE id = $1`, acct)
		if n, err := accounts.QueueContinuous(b.ctx, b.pool, b.jobs, time.Now()); err != nil || n != 1 {
			t.Fatalf("round %d: %d queued for a day-old account (%v)", round, n, err)
		}
		if n, _ := accounts.QueueContinuous(b.ctx, b.pool, b.jobs, time.Now()); n != 0 {
			t.Fatalf("round %d: queued again while its sync is active", round)
		}
		b.settle(t, acct)
	}
	if _, err := b.svc.Retire(b.ctx, b.scope, acct, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := b.svc.Sync(b.ctx, b.scope, acct, accounts.SyncOptions{}); apperr.KindOf(err) != apperr.Conflict {
		t.Fatalf("sync of a retired account: %v", err)
	}
}

// hardRefreshAccount re-imports from scratch; with shouldApplyCurrentEdits the client's label and
// notes come back on the re-imported rows, without it they are gone.
func TestHardRefreshReappliesEdits(t *testing.T) {
	b := setup(t)
	created, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "WALLET", ImportType: "ADDRESS", Provider: "bitcoin", Address: ptr(fakes.BitcoinAddress)})
	if err != nil {
		t.Fatal(err)
	}
	acct := created[0].ID
	b.settle(t, acct)
	var tx uuid.UUID
	var ext string
	if err := b.pool.QueryRow(b.ctx, `SELECT id, external_id FROM transactions WHERE account_id = $1 ORDER BY occurred_at LIMIT 1`, acct).Scan(&tx, &ext); err != nil {
		t.Fatal(err)
	}
	if err := ledger.New(b.pool).Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "user:test"}, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(tx, ledger.TransactionPatch{Label: ptr("gift_received"), Notes: ptr("from grandma")})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, apply := range []bool{true, false} {
		a, err := b.svc.HardRefresh(b.ctx, b.scope, acct, accounts.Refresh{ApplyCurrentEdits: apply, SkipRecalculate: true})
		if err != nil || accounts.ClientStatusOf(a) != "SYNCING" {
			t.Fatalf("hard refresh: %v %s", err, accounts.ClientStatusOf(a))
		}
		if job := b.settle(t, acct); job.Kind != syncs.KindHardRefresh || job.Imported != 5 {
			t.Fatalf("hard refresh job: %+v", job)
		}
		var label, notes *string
		if err := b.pool.QueryRow(b.ctx, `SELECT label, notes FROM transactions WHERE account_id = $1 AND external_id = $2 AND deleted_at IS NULL`, acct, ext).Scan(&label, &notes); err != nil {
			t.Fatal(err)
		}
		if apply && (label == nil || *label != "gift_received" || notes == nil || *notes != "from grandma") {
			t.Fatalf("edits not re-applied: label %v notes %v", label, notes)
		}
		if !apply && (label != nil || notes != nil) {
			t.Fatalf("edits re-applied without shouldApplyCurrentEdits: %v %v", *label, *notes)
		}
		if n := b.count(t, `SELECT count(*) FROM transactions WHERE account_id = $1 AND deleted_at IS NULL`, acct); n != 5 {
			t.Fatalf("%d live transactions after the refresh, want 5", n)
		}
	}
}

// Wallets follow the partner API's rules: chain-validated addresses, 10 accounts per embedded user.
func TestWalletRulesSharedWithPartnerAPI(t *testing.T) {
	b := setup(t)
	_, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "WALLET", ImportType: "ADDRESS", Provider: "ethereum", Address: ptr("0x1234")})
	if apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("bad address: %v", err)
	}
	in := make([]accounts.BatchWallet, 11)
	for i := range in {
		in[i] = accounts.BatchWallet{Address: "0x" + strings.Repeat("0", 38) + string("0123456789a"[i]) + "1", Provider: "ethereum"}
	}
	if _, err := b.svc.CreateBatch(b.ctx, b.scope, in, true); apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "at most 10") {
		t.Fatalf("11 wallets: %v", err)
	}
	got, err := b.svc.CreateBatch(b.ctx, b.scope, in[:2], true)
	if err != nil || len(got) != 2 {
		t.Fatalf("2 wallets: %v", err)
	}
	if _, err := b.svc.CreateBatch(b.ctx, b.scope, in[:1], true); apperr.KindOf(err) != apperr.Conflict {
		t.Fatalf("the same wallet again: %v", err)
	}
	if _, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "VIRTUAL", ImportType: "MANUAL", Provider: "lido"}); apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("virtual: %v", err)
	}
	if n, _ := db.New(b.pool).CountAccounts(b.ctx, b.client); n != 2 {
		t.Fatalf("%d accounts, want 2", n)
	}
	// Staking positions are virtual accounts, listed only with includeVirtual.
	testfactory.Exec(t, b.pool, `INSERT INTO accounts (id, client_id, type, provider, name, staking_account_identifier) VALUES ($1, $2, 'virtual', 'lido', 'Lido stETH', 'lido-steth')`, uuid.New(), b.client)
	for _, virtual := range []bool{false, true} {
		as, err := b.svc.List(b.ctx, b.scope, virtual)
		if err != nil || len(as) != map[bool]int{false: 2, true: 3}[virtual] {
			t.Fatalf("includeVirtual %v: %d accounts (%v)", virtual, len(as), err)
		}
	}
}

// getUsedChains asks every EVM indexer and caches the answer.
func TestUsedChainsAskedInParallelAndCached(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	ethscan := fakes.Etherscan(t, filepath.Join(root, fakes.EtherscanRecording), "1", "8453")
	svc := accounts.NewService(accounts.Deps{Pool: pool, Providers: imports.NewRegistry(imports.Config{
		Etherscan: imports.EtherscanConfig{BaseURL: ethscan.URL, RPS: -1}})})
	addr := "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"
	got, err := svc.UsedChains(ctx, addr)
	if err != nil || strings.Join(got.Used, ",") != "ethereum,base" || !got.Complete() {
		t.Fatalf("used chains: %+v %v", got, err)
	}
	ethscan.Close() // the cached answer needs no indexer
	got, err = svc.UsedChains(ctx, strings.ToLower(addr))
	if err != nil || strings.Join(got.Used, ",") != "ethereum,base" || !got.Complete() {
		t.Fatalf("cached: %+v %v", got, err)
	}
	if _, err := svc.UsedChains(ctx, "nope"); !errors.As(err, new(*apperr.Error)) {
		t.Fatalf("bad address: %v", err)
	}
}

// deleteAccount removes the account's transactions and marks the client dirty, records a finished
// DELETE_ACCOUNT job, and answers the same account when asked again (idempotent).
func TestDeleteAccountIdempotent(t *testing.T) {
	b := setup(t)
	created, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "WALLET", ImportType: "ADDRESS", Provider: "bitcoin", Address: ptr(fakes.BitcoinAddress)})
	if err != nil {
		t.Fatal(err)
	}
	acct := created[0].ID
	b.settle(t, acct)
	testfactory.Exec(t, b.pool, `DELETE FROM dirty_marks WHERE client_id = $1`, b.client)
	for round := range 2 {
		a, err := b.svc.Delete(b.ctx, b.scope, acct)
		if err != nil || a == nil || accounts.ClientStatusOf(*a) != "DELETING" {
			t.Fatalf("round %d: %v %+v", round, err, a)
		}
		if n := b.count(t, `SELECT count(*) FROM transactions WHERE account_id = $1 AND deleted_at IS NULL`, acct); n != 0 {
			t.Fatalf("round %d: %d transactions left", round, n)
		}
		if n := b.count(t, `SELECT count(*) FROM dirty_marks WHERE client_id = $1`, b.client); n != 5 {
			t.Fatalf("round %d: %d dirty marks, want the 5 deleted transactions", round, n)
		}
		if n := b.count(t, `SELECT count(*) FROM account_syncs WHERE client_id = $1 AND kind = 'delete_account'`, b.client); n != 1 {
			t.Fatalf("round %d: %d deletion jobs, want 1", round, n)
		}
	}
	if _, err := b.svc.Sync(b.ctx, b.scope, acct, accounts.SyncOptions{}); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("sync of a deleted account: %v", err)
	}
	if a, err := b.svc.Delete(b.ctx, b.scope, uuid.New()); err != nil || a != nil {
		t.Fatalf("unknown account: %v %+v", a, err)
	}
	// The same wallet can be added again (the unique index ignores deleted accounts), and imports again.
	again, err := b.svc.Create(b.ctx, b.scope, accounts.NewAccount{Type: "WALLET", ImportType: "ADDRESS", Provider: "bitcoin", Address: ptr(fakes.BitcoinAddress)})
	if err != nil {
		t.Fatal(err)
	}
	if job := b.settle(t, again[0].ID); job.Imported != 5 {
		t.Fatalf("re-added wallet imported %d, want 5", job.Imported)
	}
}
