package crashtests

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"taxd/internal/fakes"
	"taxd/internal/jobs"
	"taxd/internal/testwait"
)

// downIndexer answers every request with HTTP 503: a chain indexer that cannot be reached.
func downIndexer(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// importFile uploads a generated ledger of n rows and waits until a worker has imported it.
func (c *cluster) importFile(name string, n int, from time.Time) string {
	c.t.Helper()
	return c.importFileOf(name, csvLedger(n, from))
}

// importFileOf uploads file and waits until a worker has imported it; it returns the account.
func (c *cluster) importFileOf(name string, file []byte) string {
	c.t.Helper()
	key := c.upload(name, file)
	var job string
	c.must(`mutation($c: String, $k: String!, $n: String) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: $n) }`,
		map[string]any{"c": c.demo.ClientUUID, "k": key, "n": name}, &job)
	c.waitImport(job, 180*time.Second)
	return c.importAccount(job)
}

// addWallet adds a bitcoin wallet (its first sync is queued) and returns its id.
func (c *cluster) addWallet(seed string) string {
	c.t.Helper()
	var accts []struct{ ID string }
	c.must(`mutation($c: String, $a: String) { createAccount(clientId: $c, importType: ADDRESS, type: WALLET, provider: "bitcoin", address: $a, skipRecalculate: true) { id } }`,
		map[string]any{"c": c.demo.ClientUUID, "a": fakes.SegwitAddress(seed)}, &accts)
	return accts[0].ID
}

type jobView struct {
	ID, Status               string
	Attempt, MaxAttempts     int
	NextAttemptAt, Error     *string
	ImportedTransactionCount int
}

// accountJob is the account's newest job (getJobsForAccount), with the attempt fields when full.
func (c *cluster) accountJob(account string, full ...bool) jobView {
	c.t.Helper()
	var jobs []jobView
	fields := "id status attempt error importedTransactionCount"
	if len(full) > 0 && full[0] {
		fields += " maxAttempts nextAttemptAt"
	}
	c.must(`query($a: ID!) { getJobsForAccount(accountId: $a) { `+fields+` } }`, map[string]any{"a": account}, &jobs)
	if len(jobs) == 0 {
		c.t.Fatalf("account %s has no job", account)
	}
	return jobs[0]
}

type accountView struct {
	ID, Status    string
	LastSyncError *string
	RetiredAt     *string
}

func (c *cluster) account(id string) accountView {
	c.t.Helper()
	var accts []accountView
	c.must(`query($c: String!) { getClientAccounts(clientId: $c) { id status lastSyncError retiredAt } }`, map[string]any{"c": c.demo.ClientUUID}, &accts)
	for _, a := range accts {
		if a.ID == id {
			return a
		}
	}
	c.t.Fatalf("account %s is not listed", id)
	return accountView{}
}

// restSyncItem is the account's item in the newest REST sync that lists it.
func (c *cluster) restSyncItem(account string) map[string]any {
	c.t.Helper()
	status, body := c.rest("GET", "/users/"+c.demo.ReferenceID+"/account_syncs", nil)
	if status != 200 {
		c.t.Fatalf("account_syncs: %d %v", status, body)
	}
	for _, s := range body["data"].(map[string]any)["syncs"].([]any) {
		for _, it := range s.(map[string]any)["accounts"].([]any) {
			if it := it.(map[string]any); it["accountId"] == account {
				return it
			}
		}
	}
	c.t.Fatalf("no REST sync lists account %s", account)
	return nil
}

// An account whose provider cannot be reached shows, in every API, the state river has: retrying
// (attempt n of 8, the next attempt's time, a partner-safe reason), then failed with the reason.
func TestUnreachableProviderShowsRetryingThenFailed(t *testing.T) {
	t.Parallel()
	esplora := fakes.NewPagedEsplora(t, 50, 0)
	esplora.Down.Store(true)
	c := newCluster(t, 1, "--esplora-url", esplora.URL)
	for round := 1; round <= 2; round++ {
		acct := c.addWallet(fmt.Sprintf("unreachable-%d", round))
		var j jobView
		waitFor(t, "the sync to be retried", 60*time.Second, func() bool { j = c.accountJob(acct, true); return j.Status == "RETRYING" })
		if j.Attempt < 1 || j.MaxAttempts != 8 || j.NextAttemptAt == nil || j.Error == nil {
			t.Fatalf("round %d: retrying job %+v: want the attempt of 8, the next attempt's time and the reason", round, j)
		}
		reason := *j.Error
		next, err := time.Parse(time.RFC3339, *j.NextAttemptAt)
		if err != nil || !strings.Contains(reason, fmt.Sprintf("attempt %d of 8 failed", j.Attempt)) ||
			!strings.Contains(reason, "the blockchain data provider is failing") || strings.Contains(reason, "127.0.0.1") {
			t.Fatalf("round %d: reason %q (next %v %v): want the attempt and a partner-safe reason", round, reason, next, err)
		}
		a := c.account(acct)
		if a.Status != "SYNCING" || a.LastSyncError == nil || *a.LastSyncError != reason {
			t.Fatalf("round %d: account %+v, want SYNCING with lastSyncError %q", round, a, reason)
		}
		it := c.restSyncItem(acct)
		if it["status"] != "syncing" || it["message"] != reason || it["maxAttempts"] != float64(8) || it["attempt"] != float64(j.Attempt) || it["nextAttemptAt"] == nil {
			t.Fatalf("round %d: REST sync item %v, want syncing with the same attempt and reason", round, it)
		}

		// The last attempt (its number lowered so that the test need not wait through river's
		// backoff) fails: the job, the account and the REST item say failed, with the reason.
		waitFor(t, "the sync to fail", 60*time.Second, func() bool {
			if _, err := c.pool.Exec(context.Background(), `UPDATE river_job SET max_attempts = attempt + 1, scheduled_at = least(scheduled_at, now())
				WHERE kind = 'syncs.account' AND args->>'account_id' = $1 AND state IN ('retryable', 'available', 'scheduled')`, acct); err != nil {
				t.Fatal(err)
			}
			j = c.accountJob(acct, true)
			return j.Status == "FAILED"
		})
		if j.Error == nil || !strings.Contains(*j.Error, "the blockchain data provider is failing") || j.Attempt != j.MaxAttempts {
			t.Fatalf("round %d: failed job %+v", round, j)
		}
		if a := c.account(acct); a.Status != "ERROR" || a.LastSyncError == nil || *a.LastSyncError != *j.Error {
			t.Fatalf("round %d: account %+v, want ERROR with the job's reason %q", round, a, *j.Error)
		}
		if it := c.restSyncItem(acct); it["status"] != "failed" || it["message"] != *j.Error {
			t.Fatalf("round %d: REST sync item %v, want failed with the reason", round, it)
		}
	}
}

// Retiring an account while it syncs: it stays RETIRED, and the sync imports nothing dated after
// stopImportingAt once the retirement is committed.
func TestRetireWhileSyncing(t *testing.T) {
	t.Parallel()
	esplora := fakes.NewPagedEsplora(t, 12*fakes.EsploraPageSize, 300*time.Millisecond)
	c := newCluster(t, 1, "--esplora-url", esplora.URL)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for round := 1; round <= 2; round++ {
		acct := c.addWallet(fmt.Sprintf("retire-%d", round))
		waitFor(t, "the first page", 60*time.Second, func() bool {
			return c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1`, acct) > 0
		})
		stop := base.Add(100 * 10 * time.Minute) // heights 1..100 are before the stop
		var a accountView
		c.must(`mutation($a: ID!, $s: Date) { retireAccount(accountId: $a, stopImportingAt: $s) { id status lastSyncError retiredAt } }`,
			map[string]any{"a": acct, "s": stop.Format(time.RFC3339)}, &a)
		if a.Status != "RETIRED" {
			t.Fatalf("round %d: retireAccount answered %+v", round, a)
		}
		after := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1 AND occurred_at > $2`, acct, stop)
		if j := c.accountJob(acct); j.Status != "RUNNING" {
			t.Fatalf("round %d: the sync was not running when the account was retired (%s): the test proves nothing", round, j.Status)
		}
		waitFor(t, "the sync to end", 60*time.Second, func() bool { s := c.accountJob(acct).Status; return s == "SUCCEEDED" || s == "FAILED" })
		if a := c.account(acct); a.Status != "RETIRED" || a.RetiredAt == nil {
			t.Fatalf("round %d: after the sync the account is %+v, want RETIRED with retiredAt", round, a)
		}
		if n := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1 AND occurred_at > $2`, acct, stop); n != after {
			t.Fatalf("round %d: %d transactions after stopImportingAt, %d when it was retired: the sync imported past the stop", round, n, after)
		}
		if n := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1 AND occurred_at <= $2`, acct, stop); n != 100 {
			t.Fatalf("round %d: %d transactions up to the stop, want 100", round, n)
		}
		// River finalises a job after its work and middleware returned: once no sync job of the
		// account is unfinalised, nothing of the finished sync can still write.
		testwait.For(t, "the sync job to be finalised", 60*time.Second, func() bool {
			return c.scalar(`SELECT count(*) FROM river_job WHERE kind = $1 AND finalized_at IS NULL AND args->>'account_id' = $2`, jobs.KindSync, acct) == 0
		})
		if a := c.account(acct); a.Status != "RETIRED" {
			t.Fatalf("round %d: the account went back to %s", round, a.Status)
		}
	}
}

type activeJob struct {
	ID, Status                           string
	DirtyCountAtStart                    int
	DoNotReplay, SkipPlugins, UseSpeedup bool
}

// rerunGraph's flags are recorded and honoured: useSpeedup false makes a full run (a new result
// set), true lets it resume incrementally (the set is kept); doNotReplay is recorded; skipPlugins
// is refused to a client key; the job's dirtyCountAtStart is what countDirty said.
func TestRerunGraphFlags(t *testing.T) {
	t.Parallel()
	c := newCluster(t, 0)
	w := c.worker()
	c.importFileOf("flags.csv", csvLedgerEvery(600, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), 6*time.Hour)) // January to May 2024: monthly checkpoints
	c.recalculate(true)
	w.stop() // jobs now wait: the API shows them queued with their flags

	client := c.demo.ClientUUID
	var latest struct {
		Transactions []struct{ ID string }
	}
	c.must(`query($c: ID!) { getClientTransactions(clientId: $c, limit: 1) { transactions { id } } }`, map[string]any{"c": client}, &latest)
	for round, full := range []bool{true, false, true} {
		c.must(`mutation($c: ID!, $t: ID!, $n: String) { updateTransaction(clientId: $c, transactionId: $t, createDefaultRule: false, updates: {notes: $n}) { transaction { id } } }`,
			map[string]any{"c": client, "t": latest.Transactions[0].ID, "n": fmt.Sprintf("round %d", round)}, nil)
		var dirty int
		c.must(`query($c: ID!) { countDirty(clientId: $c) }`, map[string]any{"c": client}, &dirty)
		if dirty < 1 {
			t.Fatalf("round %d: countDirty %d after an edit", round, dirty)
		}
		var id, again string
		c.must(`mutation($c: ID!) { rerunGraph(clientId: $c, doNotReplay: true, useSpeedup: true) }`, map[string]any{"c": client}, &id)
		var j activeJob
		c.must(`query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id status dirtyCountAtStart doNotReplay skipPlugins useSpeedup } }`, map[string]any{"c": client}, &j)
		if j.ID != id || j.Status != "QUEUED" || !j.DoNotReplay || !j.UseSpeedup || j.SkipPlugins {
			t.Fatalf("round %d: job %+v, want queued with doNotReplay and useSpeedup", round, j)
		}
		if full { // a second request joins the queued job and asks for a full run
			c.must(`mutation($c: ID!) { rerunGraph(clientId: $c, useSpeedup: false) }`, map[string]any{"c": client}, &again)
			c.must(`query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id status dirtyCountAtStart doNotReplay skipPlugins useSpeedup } }`, map[string]any{"c": client}, &j)
			if again != id || j.UseSpeedup || j.DoNotReplay {
				t.Fatalf("round %d: after useSpeedup false: %s %+v, want the same job, full, replaying", round, again, j)
			}
		}
		if r := c.gql(`mutation($c: ID!) { rerunGraph(clientId: $c, skipPlugins: true) }`, map[string]any{"c": client}); r.code() != "FORBIDDEN" {
			t.Fatalf("round %d: skipPlugins from a client key: %v, want FORBIDDEN", round, r.Errors)
		}
		setBefore := c.scalar(`SELECT count(*) FROM clients WHERE id = $1 AND current_result_set_id IS NOT NULL`, client)
		var before string
		if err := c.pool.QueryRow(context.Background(), `SELECT current_result_set_id::text FROM clients WHERE id = $1`, client).Scan(&before); err != nil || setBefore != 1 {
			t.Fatal(err)
		}
		w = c.worker()
		waitFor(t, "the recalculation", 60*time.Second, c.recalcSettled)
		w.stop()
		var after string
		var atStart int
		if err := c.pool.QueryRow(context.Background(), `SELECT c.current_result_set_id::text, j.dirty_count_at_start FROM clients c
			JOIN recalc_jobs j ON j.id = $2 WHERE c.id = $1`, client, id).Scan(&after, &atStart); err != nil {
			t.Fatal(err)
		}
		if atStart != dirty {
			t.Fatalf("round %d: dirtyCountAtStart %d, countDirty said %d", round, atStart, dirty)
		}
		if full && after == before || !full && after != before {
			t.Fatalf("round %d: full %v, result set %s -> %s: a full run writes a new set, an incremental one keeps it", round, full, before, after)
		}
	}
}

// syncAllClientAccounts says why each skipped account was skipped; getUsedChains with its
// indexers unreachable says the answer is partial (an error naming the unchecked chains beside the
// data) and getUsedChainsV2 says the same as data.
func TestSyncAllReasonsAndUsedChainsOffline(t *testing.T) {
	t.Parallel()
	esplora := fakes.NewPagedEsplora(t, 25, 0)
	esplora.Down.Store(true)
	down := downIndexer(t)
	c := newCluster(t, 1, "--esplora-url", esplora.URL, "--etherscan-url", down, "--solana-rpc-url", down, "--etherscan-rps", "-1")
	file := c.importFile("file.csv", 10, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	retired := c.addWallet("syncall-retired")
	c.must(`mutation($a: ID!) { retireAccount(accountId: $a) { id } }`, map[string]any{"a": retired}, nil)
	busy := c.addWallet("syncall-busy")
	waitFor(t, "the busy wallet's retry", 60*time.Second, func() bool { return c.accountJob(busy).Status == "RETRYING" })
	// The demo user's sample ledger brings file accounts of its own; they are skipped as files too.
	rows, err := c.pool.Query(context.Background(), `SELECT id::text FROM accounts WHERE client_id = $1 AND type = 'file'`, c.demo.ClientUUID)
	if err != nil {
		t.Fatal(err)
	}
	files, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(files) == 0 {
		t.Fatalf("the client's file accounts: %v %v", files, err)
	}
	for round := 1; round <= 2; round++ {
		var res struct {
			QueuedAccountIds, SkippedAccountIds []string
			SkippedAccounts                     []struct{ AccountID, Reason, Message string }
		}
		c.must(`mutation($c: ID!) { syncAllClientAccounts(clientId: $c, isContinuousSync: false) {
			queuedAccountIds skippedAccountIds skippedAccounts { accountId reason message } } }`, map[string]any{"c": c.demo.ClientUUID}, &res)
		want := map[string]string{retired: "RETIRED", busy: "ALREADY_SYNCING"}
		for _, f := range files {
			want[f] = "FILE_ACCOUNT"
		}
		if want[file] != "FILE_ACCOUNT" {
			t.Fatalf("the imported file's account %s is not among the client's file accounts %v", file, files)
		}
		if len(res.SkippedAccounts) != len(want) || len(res.SkippedAccountIds) != len(want) {
			t.Fatalf("round %d: skipped %+v, want %v", round, res.SkippedAccounts, want)
		}
		for i, s := range res.SkippedAccounts {
			if res.SkippedAccountIds[i] != s.AccountID || want[s.AccountID] != s.Reason || s.Message == "" {
				t.Fatalf("round %d: skipped %+v, want %v in skippedAccountIds' order", round, res.SkippedAccounts, want)
			}
			if s.Reason == "ALREADY_SYNCING" && !strings.Contains(s.Message, "retried") {
				t.Fatalf("round %d: the busy account's message %q does not say it is retried", round, s.Message)
			}
		}
	}
	evm := "0x71c7656ec7ab88b098defb751b7401b5f6d8976f"
	for round := 1; round <= 2; round++ {
		r := c.gql(`query($a: String!) { getUsedChains(address: $a) }`, map[string]any{"a": evm})
		if r.code() != "PARTIAL_RESULT" || len(r.Errors[0].Extensions["uncheckedChains"].([]any)) == 0 || string(r.Data["getUsedChains"]) != "[]" {
			t.Fatalf("round %d: getUsedChains offline: %s %v, want [] with a PARTIAL_RESULT error naming the unchecked chains", round, r.Data["getUsedChains"], r.Errors)
		}
		var v2 struct {
			UsedChains, UncheckedChains []string
			IsComplete                  bool
		}
		c.must(`query($a: String!) { getUsedChainsV2(address: $a) { usedChains uncheckedChains isComplete checkedAt } }`, map[string]any{"a": evm}, &v2)
		if v2.IsComplete || len(v2.UncheckedChains) == 0 || len(v2.UsedChains) != 0 {
			t.Fatalf("round %d: getUsedChainsV2 offline: %+v", round, v2)
		}
	}
}

// POST /users/{ref}/refresh, 6 clients at once, 200 times each, while a worker completes the
// jobs: every answer is 200 (a job that finished between the request's statements is not a 500).
func TestRefreshInParallelNever500(t *testing.T) {
	t.Parallel()
	c := newCluster(t, 1)
	c.importFile("refresh.csv", 50, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	var bad []string
	for range 6 {
		wg.Go(func() {
			for range 200 {
				req, _ := http.NewRequest(http.MethodPost, c.base+"/api/users/"+c.demo.ReferenceID+"/refresh", nil)
				req.Header.Set("x-client-id", c.demo.ClientID)
				req.Header.Set("x-api-secret", c.demo.APISecret)
				res, err := http.DefaultClient.Do(req)
				mu.Lock()
				if err != nil {
					bad = append(bad, err.Error())
				} else {
					codes[res.StatusCode]++
					if res.StatusCode != 200 {
						var b bytes.Buffer
						_, _ = b.ReadFrom(res.Body)
						bad = append(bad, fmt.Sprintf("%d %s", res.StatusCode, b.String()))
					}
					res.Body.Close()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("statuses %v; first failures: %v", codes, bad[:min(3, len(bad))])
	}
	// The bound is generous: under CI's parallel load the last run, queued behind the refreshes' runs, once
	// finished 0.4 s after a 60 s bound.
	waitFor(t, "the last recalculation", 120*time.Second, c.recalcSettled)
}

// getTransactionHistoryReportV2's job is worked (its own kind on the report queue): the report
// becomes READY and its CSV holds the filtered transactions, twice in a row.
func TestTransactionHistoryReportBecomesReady(t *testing.T) {
	t.Parallel()
	c := newCluster(t, 1)
	c.importFile("history.csv", 40, time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))
	for round := 1; round <= 2; round++ {
		var r struct{ Report struct{ ID string } }
		c.must(fmt.Sprintf(`query($c: ID!) { getTransactionHistoryReportV2(clientId: $c, startDate: "2024-03-01", endDate: "2024-03-01T0%d:00:00Z") { report { id } } }`, round+1),
			map[string]any{"c": c.demo.ClientUUID}, &r)
		waitFor(t, "the export", 60*time.Second, func() bool { return c.reportState(r.Report.ID) == "READY" })
		rows, err := csv.NewReader(bytes.NewReader(c.download(r.Report.ID))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// A transaction every 7 minutes from midnight, until 02:00 or 03:00.
		txs := map[string]bool{}
		for _, r := range rows[1:] {
			txs[r[0]] = true
		}
		if want := 60*(round+1)/7 + 1; len(txs) != want || rows[0][0] != "transaction_id" {
			t.Fatalf("round %d: %d transactions in %d CSV rows (header %v), want %d", round, len(txs), len(rows), rows[0], want)
		}
	}
}

// A 17 MB file of 300,000 rows uploaded through createUploadUrl imports: uploadManualTransactions
// answers at once with the job, and getTransactionImportJobs shows it until it succeeds.
func TestLargeUploadImports(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 300,000 rows")
	}
	t.Parallel()
	c := newCluster(t, 1)
	file := csvLedger(300000, time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC))
	if len(file) < 16<<20 || len(file) > 25<<20 {
		t.Fatalf("the file is %d bytes, want 16-25 MiB", len(file))
	}
	key := c.upload("large.csv", file)
	start := time.Now()
	var job string
	c.must(`mutation($c: String, $k: String!) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: "large") }`,
		map[string]any{"c": c.demo.ClientUUID, "k": key}, &job)
	t.Logf("uploadManualTransactions answered in %s (%d bytes)", time.Since(start).Round(time.Millisecond), len(file))
	sawRunning := false
	took := waitFor(t, "the import", 10*time.Minute, func() bool {
		s := c.importState(job)
		sawRunning = sawRunning || s == "RUNNING"
		return s == "SUCCEEDED"
	})
	acct := c.importAccount(job)
	var accts []struct {
		ID               string
		TransactionCount int
	}
	c.must(`query($c: String!) { getClientAccounts(clientId: $c) { id transactionCount } }`, map[string]any{"c": c.demo.ClientUUID}, &accts)
	for _, a := range accts {
		if a.ID == acct && a.TransactionCount != 300000 {
			t.Fatalf("the account holds %d transactions, want 300,000", a.TransactionCount)
		}
	}
	t.Logf("imported 300,000 rows in %s after the mutation (saw RUNNING: %v)", took.Round(time.Second), sawRunning)
}
