package crashtests

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"taxd/internal/fakes"
	"taxd/internal/testwait"
)

// Cycles of the crash test: each kills the worker process once while an import, a recalculation,
// a report and a sync run on it (TAXD_CRASH_CYCLES sets more, for a longer run).
func crashCycles() int {
	if n, err := strconv.Atoi(os.Getenv("TAXD_CRASH_CYCLES")); err == nil && n > 0 {
		return n
	}
	return 3
}

const (
	crashLedgerRows = 6000 // the recalculated and exported ledger
	crashImportRows = 5000 // each cycle's uploaded file
	crashSyncPages  = 8    // each cycle's wallet: pages of 25 at the provider's 2 requests a second
	// recoveryBudget bounds the wait for every job after a restart: a bound for a loaded CI
	// machine, not a speed goal (each cycle logs how long each job took). Under CI's parallel
	// steps a run's switch waited 27 s for a report rendered in 29 s, done 30.3 s after the restart.
	recoveryBudget = 90 * time.Second
)

// TestWorkerKilledMidJobs kills the worker process (kill -9 of a real `taxd worker`) at a random
// moment while a file import, a full recalculation, a report and an account sync run on it,
// restarts it, and checks that every job then completes (recoveryBudget) and that nothing is stuck,
// half-written or partial: the import is all or nothing, the sync's transactions are exactly the
// provider's (none twice), the recalculation's results equal a clean run's and only one result
// set is left, and the report's file is byte for byte a clean run's. An API-only node serves the
// client throughout.
func TestWorkerKilledMidJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts taxd processes")
	}
	esplora := fakes.NewPagedEsplora(t, crashSyncPages*fakes.EsploraPageSize, 0)
	c := newCluster(t, 0, "--esplora-url", esplora.URL)
	w := c.worker()
	client := c.demo.ClientUUID

	// The ledger, imported and recalculated without a crash: the reference figures and report.
	key := c.upload("ledger.csv", csvLedger(crashLedgerRows, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)))
	var importJob string
	c.must(`mutation($c: String, $k: String!) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: "ledger") }`,
		map[string]any{"c": client, "k": key}, &importJob)
	c.waitImport(importJob, 120*time.Second)
	c.recalculate(true)
	refFigures := c.figures()
	refReport := c.exportHistory()
	t.Logf("reference: %d transactions, 2024 %s, history export %d bytes", crashLedgerRows, refFigures, len(refReport))

	var recoveries = map[string][]time.Duration{}
	hit := map[string]int{}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	for cycle := 1; cycle <= crashCycles(); cycle++ {
		// Start the four jobs.
		key := c.upload(fmt.Sprintf("cycle-%d.csv", cycle), csvLedger(crashImportRows, time.Date(2025, time.Month(cycle), 1, 0, 0, 0, 0, time.UTC)))
		var imp string
		c.must(`mutation($c: String, $k: String!, $n: String) { uploadManualTransactions(clientId: $c, fileObjectKey: $k, name: $n) }`,
			map[string]any{"c": client, "k": key, "n": fmt.Sprintf("cycle %d", cycle)}, &imp)
		var accts []struct{ ID string }
		c.must(`mutation($c: String, $a: String) { createAccount(clientId: $c, importType: ADDRESS, type: WALLET, provider: "bitcoin", address: $a, skipRecalculate: true) { id } }`,
			map[string]any{"c": client, "a": fakes.SegwitAddress(fmt.Sprintf("crash-%d-%d", time.Now().UnixNano(), cycle))}, &accts)
		wallet := accts[0].ID
		var rerun string
		c.must(`mutation($c: ID!) { rerunGraph(clientId: $c, useSpeedup: false) }`, map[string]any{"c": client}, &rerun)
		report := c.startHistoryExport(cycle)

		// Kill the worker at a random moment once every job has started (or finished).
		c.waitStarted(30 * time.Second)
		time.Sleep(time.Duration(rng.IntN(1500)) * time.Millisecond) // a random schedule, not a wait: the kill lands anywhere in the jobs' run
		running, runningIDs := c.runningJobs()
		w.kill9()
		for _, k := range running {
			hit[k]++
		}
		killed := time.Now()
		t.Logf("cycle %d: killed the worker while %v ran", cycle, running)

		// While no worker runs: the ledger shows the import all or nothing, the figures old or new.
		c.checkImportAllOrNothing(imp)
		if got := c.figures(); got != refFigures {
			t.Fatalf("cycle %d: figures %s while the worker was down, want %s", cycle, got, refFigures)
		}

		w = c.worker()
		restarted := time.Now()
		done := map[string]time.Duration{}
		c.waitAll(fmt.Sprintf("cycle %d", cycle), done, func() bool {
			c.checkImportAllOrNothing(imp)
			if _, ok := done["import"]; !ok && c.importState(imp) == "SUCCEEDED" {
				done["import"] = time.Since(restarted)
			}
			if _, ok := done["sync"]; !ok && c.walletSynced(wallet) {
				done["sync"] = time.Since(restarted)
			}
			if _, ok := done["recalc"]; !ok && c.recalcSettled() {
				done["recalc"] = time.Since(restarted)
			}
			if _, ok := done["report"]; !ok && c.reportState(report) == "READY" {
				done["report"] = time.Since(restarted)
			}
			return len(done) == 4
		})
		for k, d := range done {
			recoveries[k] = append(recoveries[k], d)
		}
		var takeover time.Time
		if err := c.pool.QueryRow(context.Background(), `SELECT coalesce(max(created_at), now()) FROM river_job
			WHERE metadata ? 'taken_over_from' AND (metadata->>'taken_over_from')::bigint = ANY($1)`, runningIDs).Scan(&takeover); err != nil {
			t.Fatal(err)
		}
		recoveries["takeover"] = append(recoveries["takeover"], max(0, takeover.Sub(restarted)))
		t.Logf("cycle %d: down %s; after the restart import %s, sync %s, recalculation %s, report %s", cycle,
			restarted.Sub(killed).Round(time.Millisecond), done["import"].Round(100*time.Millisecond), done["sync"].Round(100*time.Millisecond),
			done["recalc"].Round(100*time.Millisecond), done["report"].Round(100*time.Millisecond))

		// Invariants: nothing running, nothing partial, nothing twice, results and files as a clean run's.
		// The killed attempts are over (completed, or discarded when taken over); whatever runs
		// now (a follow-up, the janitor) runs on the live worker, with a fresh heartbeat.
		if n := c.scalar(`SELECT count(*) FROM river_job WHERE id = ANY($1) AND state = 'running'`, runningIDs); n != 0 {
			t.Fatalf("cycle %d: %d of the killed worker's jobs still running", cycle, n)
		}
		if n := c.scalar(`SELECT count(*) FROM river_job r LEFT JOIN job_heartbeats h ON h.job_id = r.id AND h.attempt = r.attempt
			WHERE r.state = 'running' AND coalesce(h.beat_at, r.attempted_at) < now() - interval '10 seconds'`); n != 0 {
			t.Fatalf("cycle %d: %d running jobs without a live heartbeat", cycle, n)
		}
		if n := c.scalar(`SELECT count(*) FROM account_sync_items WHERE status IN ('queued', 'syncing')`); n != 0 {
			t.Fatalf("cycle %d: %d sync items still active", cycle, n)
		}
		if n := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1`, c.importAccount(imp)); n != crashImportRows {
			t.Fatalf("cycle %d: the import wrote %d transactions, want %d", cycle, n, crashImportRows)
		}
		if n := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1`, wallet); n != crashSyncPages*fakes.EsploraPageSize {
			t.Fatalf("cycle %d: the sync wrote %d transactions, want %d (each once)", cycle, n, crashSyncPages*fakes.EsploraPageSize)
		}
		if n := c.scalar(`SELECT count(*) FROM accounts WHERE client_id = $1 AND status IN ('queued', 'syncing')`, client); n != 0 {
			t.Fatalf("cycle %d: %d accounts still syncing", cycle, n)
		}
		// A set the client does not point at (the previous one until the run's cleanup right after
		// its switch, or one a killed run left unswitched) is invisible to readers; runs drop them.
		if n := c.scalar(`SELECT count(*) FROM tax_result_sets WHERE client_id = $1`, client); n != 1 {
			t.Logf("cycle %d: %d result sets: %s", cycle, n, c.resultSets())
		}
		// The ledger grew by the import and the sync (2025, other assets): 2024 stays as a clean run's.
		if got := c.figures(); got != refFigures {
			t.Fatalf("cycle %d: figures %s after recovery, want %s", cycle, got, refFigures)
		}
		if got := c.download(report); sha256.Sum256(got) != sha256.Sum256(refReport) {
			t.Fatalf("cycle %d: the report's file (%d bytes) differs from a clean export (%d bytes)", cycle, len(got), len(refReport))
		}
	}
	// Whatever a killed run left unswitched, the next run drops.
	c.recalculate(true)
	waitFor(t, "the clean run's cleanup to leave the current result set only", 20*time.Second, func() bool {
		return c.scalar(`SELECT count(*) FROM tax_result_sets WHERE client_id = $1`, client) == 1
	})
	if got := c.figures(); got != refFigures {
		t.Fatalf("after a clean run: figures %s, want %s", got, refFigures)
	}
	d := recoveries["takeover"]
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	t.Logf("the killed worker's jobs were queued again %s-%s after the restart", d[0].Round(100*time.Millisecond), d[len(d)-1].Round(100*time.Millisecond))
	for _, k := range []string{"import", "sync", "recalc", "report"} {
		d := recoveries[k]
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		t.Logf("%s: killed mid-run %d of %d times; completion after the restart: min %s, max %s", k, hit[kindOf[k]], crashCycles(),
			d[0].Round(100*time.Millisecond), d[len(d)-1].Round(100*time.Millisecond))
	}
	if hit[kindOf["recalc"]]+hit[kindOf["import"]]+hit[kindOf["sync"]]+hit[kindOf["report"]] == 0 {
		t.Fatal("no kill landed while a job ran: the test proved nothing")
	}
}

var kindOf = map[string]string{"import": "imports.file", "sync": "syncs.account", "recalc": "recalc.client", "report": "reports.transactions"}

// runningJobs are the kinds and ids of the river jobs running now.
func (c *cluster) runningJobs() (kinds []string, ids []int64) {
	rows, err := c.pool.Query(context.Background(), `SELECT id, kind FROM river_job WHERE state = 'running' ORDER BY kind`)
	if err != nil {
		c.t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			c.t.Fatal(err)
		}
		kinds, ids = append(kinds, k), append(ids, id)
	}
	if err := rows.Err(); err != nil {
		c.t.Fatal(err)
	}
	return kinds, ids
}

// waitStarted waits until no job of the four kinds waits for its first attempt.
func (c *cluster) waitStarted(timeout time.Duration) {
	waitFor(c.t, "the jobs to start", timeout, func() bool {
		return c.scalar(`SELECT count(*) FROM river_job WHERE kind = ANY($1) AND state = 'available' AND attempt = 0`,
			[]string{kindOf["import"], kindOf["sync"], kindOf["recalc"], kindOf["report"]}) == 0
	})
}

func (c *cluster) importJobs() []struct {
	ID, Status, AccountID, Error string
} {
	var r struct {
		Jobs []struct {
			ID, Status, AccountID string
			Error                 *string
		}
	}
	c.must(`query($c: ID!) { getTransactionImportJobs(clientId: $c) { jobs { id status accountId error } } }`,
		map[string]any{"c": c.demo.ClientUUID}, &r)
	out := make([]struct{ ID, Status, AccountID, Error string }, len(r.Jobs))
	for i, j := range r.Jobs {
		out[i].ID, out[i].Status, out[i].AccountID = j.ID, j.Status, j.AccountID
		if j.Error != nil {
			out[i].Error = *j.Error
		}
	}
	return out
}

func (c *cluster) importState(id string) string {
	for _, j := range c.importJobs() {
		if j.ID == id {
			if j.Status == "FAILED" {
				c.t.Fatalf("import %s failed: %s", id, j.Error)
			}
			return j.Status
		}
	}
	c.t.Fatalf("import job %s is not listed", id)
	return ""
}

func (c *cluster) importAccount(id string) string {
	for _, j := range c.importJobs() {
		if j.ID == id {
			return j.AccountID
		}
	}
	c.t.Fatalf("import job %s is not listed", id)
	return ""
}

func (c *cluster) waitImport(id string, timeout time.Duration) {
	waitFor(c.t, "the import", timeout, func() bool { return c.importState(id) == "SUCCEEDED" })
}

// checkImportAllOrNothing: the import's account holds no transaction or all of them.
func (c *cluster) checkImportAllOrNothing(id string) {
	c.t.Helper()
	n := c.scalar(`SELECT count(*) FROM transactions WHERE account_id = $1`, c.importAccount(id))
	if n != 0 && n != crashImportRows {
		c.t.Fatalf("a partial import is visible: %d of %d transactions", n, crashImportRows)
	}
}

func (c *cluster) walletSynced(account string) bool {
	var jobs []struct{ Status string }
	c.must(`query($a: ID!) { getJobsForAccount(accountId: $a) { status } }`, map[string]any{"a": account}, &jobs)
	if len(jobs) == 0 {
		c.t.Fatalf("account %s has no job", account)
	}
	if jobs[0].Status == "FAILED" {
		c.t.Fatalf("the sync of %s failed", account)
	}
	return jobs[0].Status == "SUCCEEDED"
}

func (c *cluster) recalcSettled() bool {
	r := c.gql(`query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id status } }`, map[string]any{"c": c.demo.ClientUUID})
	if len(r.Errors) > 0 {
		c.t.Fatalf("getActiveRecalculateJob: %s", r.Errors[0].Message)
	}
	return string(r.Data["getActiveRecalculateJob"]) == "null"
}

// recalculate runs rerunGraph and waits for it to settle.
func (c *cluster) recalculate(full bool) {
	c.must(`mutation($c: ID!, $s: Boolean) { rerunGraph(clientId: $c, useSpeedup: $s) }`, map[string]any{"c": c.demo.ClientUUID, "s": !full}, nil)
	waitFor(c.t, "the recalculation", 120*time.Second, c.recalcSettled)
}

// figures are the 2024 results of the client's current result set: its disposal pieces and its
// year summary (read from the database: getIncomeAndCapGains on a 30,000-transaction client runs
// past the 10 s request limit on a loaded 2-core machine).
func (c *cluster) figures() string {
	var pieces int64
	var gain, proceeds, short, long string
	err := c.pool.QueryRow(context.Background(), `SELECT count(*), coalesce(sum(d.gain), 0)::text, coalesce(sum(d.proceeds), 0)::text,
			(SELECT y.short_term_gain::text FROM tax_year_summaries y WHERE y.result_set_id = c.current_result_set_id AND y.tax_year = 2024),
			(SELECT y.long_term_gain::text FROM tax_year_summaries y WHERE y.result_set_id = c.current_result_set_id AND y.tax_year = 2024)
		FROM clients c LEFT JOIN tax_disposals d ON d.result_set_id = c.current_result_set_id AND d.tax_year = 2024
		WHERE c.id = $1 GROUP BY c.current_result_set_id`, c.demo.ClientUUID).Scan(&pieces, &gain, &proceeds, &short, &long)
	if err != nil {
		c.t.Fatal(err)
	}
	return fmt.Sprintf("%d pieces, gain %s, proceeds %s, short %s, long %s", pieces, gain, proceeds, short, long)
}

// startHistoryExport asks for the 2024 transaction history (getTransactionHistoryReportV2); the
// cycle makes the request distinct so that it is a new report.
func (c *cluster) startHistoryExport(cycle int) string {
	var r struct{ Report struct{ ID string } }
	c.must(fmt.Sprintf(`query($c: ID!) { getTransactionHistoryReportV2(clientId: $c, startDate: "2024-01-01", endDate: "2024-12-31T23:59:%02dZ") { report { id } } }`, cycle%60),
		map[string]any{"c": c.demo.ClientUUID}, &r)
	return r.Report.ID
}

func (c *cluster) reportState(id string) string {
	var reports []struct{ ID, Status string }
	c.must(`query($c: ID!) { getReports(clientId: $c) { id status } }`, map[string]any{"c": c.demo.ClientUUID}, &reports)
	for _, r := range reports {
		if r.ID == id {
			if r.Status == "FAILED" {
				c.t.Fatalf("report %s failed", id)
			}
			return r.Status
		}
	}
	c.t.Fatalf("report %s is not listed", id)
	return ""
}

func (c *cluster) download(report string) []byte {
	var u struct{ URL string }
	c.must(`query($r: ID!) { getReportDownloadUrl(reportId: $r) { url } }`, map[string]any{"r": report}, &u)
	res, err := http.Get(u.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		c.t.Fatalf("download: %d %s", res.StatusCode, b)
	}
	return b
}

// exportHistory exports the 2024 history cleanly (no crash) and returns the file.
func (c *cluster) exportHistory() []byte {
	id := c.startHistoryExport(59)
	waitFor(c.t, "the reference export", 120*time.Second, func() bool { return c.reportState(id) == "READY" })
	return c.download(id)
}

// resultSets describes the client's result sets, for failure messages.
func (c *cluster) resultSets() string {
	rows, err := c.pool.Query(context.Background(), `SELECT rs.id::text, rs.created_at, coalesce(j.status, '-'), rs.id = c.current_result_set_id
		FROM tax_result_sets rs JOIN clients c ON c.id = rs.client_id LEFT JOIN recalc_jobs j ON j.id = rs.recalc_job_id
		WHERE rs.client_id = $1 ORDER BY rs.created_at`, c.demo.ClientUUID)
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, status string
		var at time.Time
		var current bool
		if err := rows.Scan(&id, &at, &status, &current); err != nil {
			return err.Error()
		}
		out = append(out, fmt.Sprintf("%s at %s job %s current %v", id, at.Format("15:04:05.000"), status, current))
	}
	return strings.Join(out, "; ")
}

// waitAll polls cond until it holds or recoveryBudget passes; the failure names the jobs not done.
func (c *cluster) waitAll(what string, done map[string]time.Duration, cond func() bool) {
	c.t.Helper()
	if testwait.Within(what, recoveryBudget, func() (bool, error) { return cond(), nil }) == nil {
		return
	}
	var late []string
	for _, k := range []string{"import", "sync", "recalc", "report"} {
		if _, ok := done[k]; !ok {
			late = append(late, k)
		}
	}
	kinds, _ := c.runningJobs()
	c.t.Fatalf("%s: %v not done %s after the restart (done: %v; running now: %v)\n%s", what, late, recoveryBudget, done, kinds, c.jobDump())
}

// jobDump lists the newest river jobs and recalculations, for failure messages.
func (c *cluster) jobDump() string {
	var b strings.Builder
	rows, err := c.pool.Query(context.Background(), `SELECT id, kind, state::text, attempt, max_attempts, scheduled_at, coalesce(errors[array_upper(errors, 1)]->>'error', '')
		FROM river_job WHERE kind <> 'jobs.janitor' ORDER BY id DESC LIMIT 12`)
	if err != nil {
		return err.Error()
	}
	for rows.Next() {
		var id int64
		var kind, state, last string
		var attempt, maxAttempts int
		var at time.Time
		if err := rows.Scan(&id, &kind, &state, &attempt, &maxAttempts, &at, &last); err != nil {
			return err.Error()
		}
		fmt.Fprintf(&b, "river job %d %s %s attempt %d/%d scheduled %s %s\n", id, kind, state, attempt, maxAttempts, at.Format("15:04:05.000"), last)
	}
	rows, err = c.pool.Query(context.Background(), `SELECT id::text, status, attempt, coalesce(error, ''), created_at, finished_at IS NOT NULL
		FROM recalc_jobs WHERE client_id = $1 ORDER BY created_at DESC LIMIT 5`, c.demo.ClientUUID)
	if err != nil {
		return err.Error()
	}
	for rows.Next() {
		var id, status, why string
		var attempt int
		var at time.Time
		var finished bool
		if err := rows.Scan(&id, &status, &attempt, &why, &at, &finished); err != nil {
			return err.Error()
		}
		fmt.Fprintf(&b, "recalc %s %s attempt %d created %s finished %v %s\n", id, status, attempt, at.Format("15:04:05.000"), finished, why)
	}
	return b.String()
}
