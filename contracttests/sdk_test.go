package contracttests

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	taxdclient "github.com/taxd-dev/taxd/sdk/go"
	"taxd/gen/db"
	"taxd/internal/clients"
	"taxd/internal/testwait"
)

// The partner flow through the generated Go SDK, with a webhook endpoint registered through it: the
// sync, the recalculation and the report each arrive as a signed event, and another partner's
// endpoint receives none of them.
func TestGoSDKPartnerFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	srv := startFlowServer(t)
	c, err := taxdclient.New(srv.URL+"/api", taxdclient.Credentials{ClientID: acmeCreds.ClientID, APISecret: acmeCreds.APISecret})
	if err != nil {
		t.Fatal(err)
	}
	c.PollInterval = 100 * time.Millisecond
	other, err := taxdclient.New(srv.URL+"/api", taxdclient.Credentials{APIKey: otherCreds.APIKey})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	acmeHooks, otherHooks := newHookReceiver(t), newHookReceiver(t)
	hook, err := c.CreateWebhookEndpointWithResponse(ctx, nil, taxdclient.CreateWebhookEndpointRequest{Url: acmeHooks.URL + "/taxd"})
	must(t, err, hook.JSON201 == nil, "create webhook endpoint", nil)
	otherHook, err := other.CreateWebhookEndpointWithResponse(ctx, nil, taxdclient.CreateWebhookEndpointRequest{Url: otherHooks.URL})
	must(t, err, otherHook.JSON201 == nil, "create the other partner's endpoint", nil)

	const ref = "go-sdk-user"
	name := "Gopher Taxpayer"
	user, err := c.CreateUserWithResponse(ctx, nil, taxdclient.CreateUserRequest{UserId: ref, Name: &name})
	must(t, err, user.JSON201 == nil, "create user", nil)
	if u := user.JSON201.Data; u.ClientId.String() == "" || u.Name == nil || *u.Name != name {
		t.Fatalf("created user %+v: want its clientId and name", u)
	}
	accts, err := c.CreateAccountsWithResponse(ctx, ref, nil, taxdclient.CreateAccountsRequest{Wallets: []taxdclient.AccountWallet{
		{Address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", Chain: "bitcoin"},
	}})
	must(t, err, len(accts.JSON201.Data.Accounts) != 1, "add wallets", nil)
	sync, err := c.CreateAccountSyncsWithResponse(ctx, ref, nil, taxdclient.CreateAccountSyncsRequest{})
	must(t, err, sync.JSON202 == nil, "start sync", nil)
	synced, err := c.WaitForSync(ctx, ref, sync.JSON202.Data.Id)
	must(t, err, synced.Status != taxdclient.SyncStatusCompleted, "the sync", nil)
	must(t, c.Recalculate(ctx, ref), false, "recalculate", nil)
	year := 2023
	preview, err := c.GetTaxPreviewWithResponse(ctx, ref, &taxdclient.GetTaxPreviewParams{Year: &year})
	must(t, err, preview.JSON200 == nil, "preview", nil)
	if p := preview.JSON200.Data; p.IsStale || p.TransactionCount != 5 || p.ShortTermGainsCents != engineResult(t).shortCents {
		t.Fatalf("preview %+v; want settled, 5 transactions, the engine's short-term gain", p)
	}
	report, err := c.CreateReportWithResponse(ctx, ref, nil, taxdclient.CreateReportRequest{Year: 2023, ReportType: "tax-forms"})
	must(t, err, report.JSON201 == nil, "request report", nil)
	_, err = c.WaitForReport(ctx, ref, report.JSON201.Data.Id)
	must(t, err, false, "the report", nil)
	file, err := c.DownloadReportWithResponse(ctx, ref, report.JSON201.Data.Id)
	must(t, err, file.StatusCode() != 200 || !bytes.HasPrefix(file.Body, []byte("PK")), "download", nil)
	// A non-2xx answer is an error: a typed *APIError with the code, message and request id.
	_, err = c.GetUserWithResponse(ctx, "no-such-user")
	var apiErr *taxdclient.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 || apiErr.Code != "not_found" || apiErr.Message != "user not found" || apiErr.RequestID == "" {
		t.Fatalf("GetUser of an unknown user: %v (%+v), want an *APIError 404 not_found with a request id", err, apiErr)
	}

	// The three events of the flow, each signed with the secret shown at registration.
	verifier, err := standardwebhooks.NewWebhook(hook.JSON201.Data.Secret)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"sync.completed", "recalculation.settled", "report.ready"}
	poll(t, "the webhook events", func() bool { return len(acmeHooks.events(ref)) >= len(want) })
	got := acmeHooks.events(ref)
	var types []string
	for _, ev := range got {
		types = append(types, ev.Type)
		if err := verifier.Verify(ev.body, ev.header); err != nil {
			t.Errorf("event %s: signature: %v", ev.Type, err)
		}
	}
	slices.Sort(types)
	slices.Sort(want) // deliveries run concurrently: compare as sets
	if !slices.Equal(types, want) {
		t.Errorf("events %v, want one each of %v", types, want)
	}
	log, err := c.ListWebhookDeliveriesWithResponse(ctx, hook.JSON201.Data.Id)
	must(t, err, log.JSON200 == nil, "delivery log", nil)
	for _, d := range log.JSON200.Data.Deliveries {
		if d.Status != taxdclient.WebhookDeliveryStatusSucceeded || d.Attempts != 1 {
			t.Errorf("delivery %+v", d)
		}
	}
	if n := len(otherHooks.events("")); n != 0 {
		t.Errorf("the other partner's endpoint received %d of acme's events", n)
	}

	// /metrics after the flow: requests by route template and status, job and recalculation
	// timings, the pool.
	scrape := func() string {
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	var m string
	poll(t, "the job metrics", func() bool {
		m = scrape()
		return strings.Contains(m, `taxd_job_run_duration_seconds_count{kind="reports.render",outcome="completed",queue="report"}`)
	})
	for _, series := range []string{
		`taxd_http_requests_total{method="POST",route="/api/users",status="201"}`,
		`taxd_http_requests_total{method="GET",route="/api/users/{referenceId}/user",status="404"}`,
		`taxd_http_request_duration_seconds_bucket{method="GET",route="/api/users/{referenceId}/preview",le="`,
		`taxd_job_run_duration_seconds_count{kind="syncs.account",outcome="completed",queue="sync"}`,
		`taxd_job_run_duration_seconds_count{kind="recalc.client",outcome="completed",queue="recalc"}`,
		`taxd_job_run_duration_seconds_count{kind="webhooks.deliver",outcome="completed",queue="webhooks"}`,
		`taxd_job_queue_wait_seconds_count{kind="recalc.client",queue="recalc"}`,
		`taxd_recalculation_phase_seconds_count{phase="compute"}`,
		`taxd_db_pool_connections{state="idle"}`,
		`taxd_db_pool_max_connections`,
	} {
		if !strings.Contains(m, series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}

// The TypeScript SDK as a partner installs it: `npm pack` builds the package (compiled ESM and
// CommonJS, .d.ts, exports), `npm install <tarball>` installs it with its dependencies in an empty
// project, and plain node runs the partner flow from ESM (sdk/ts/test/flow.mjs) and CommonJS
// (test/require.cjs); tsc type-checks a TypeScript program against it under nodenext (node16's
// successor) and bundler resolution (test/consumer.ts).
func TestTypeScriptSDKPartnerFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	sdk := filepath.Join(repoRoot(t), "sdk/ts")
	tsc := nodeTool(t, "sdk/ts/node_modules/.bin/tsc")
	app := t.TempDir()
	run := func(dir, name string, args ...string) string {
		t.Helper()
		cmdCtx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // npm pack compiles the package twice
		defer cancel()
		cmd := exec.CommandContext(cmdCtx, name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return string(out)
	}
	tarball := strings.TrimSpace(lastLine(run(sdk, "npm", "pack", "--pack-destination", app, "--loglevel=error")))
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name":"partner-app","private":true,"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	run(app, "npm", "install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", "./"+tarball)
	for _, f := range []string{"flow.mjs", "require.cjs", "consumer.ts"} {
		b, err := os.ReadFile(filepath.Join(sdk, "test", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(app, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, res := range [][2]string{{"NodeNext", "NodeNext"}, {"ESNext", "Bundler"}} {
		cfg := fmt.Sprintf(`{"compilerOptions":{"module":%q,"moduleResolution":%q,"target":"ES2022","lib":["ES2022","DOM"],"strict":true,"noEmit":true},"files":["consumer.ts"]}`, res[0], res[1])
		if err := os.WriteFile(filepath.Join(app, "tsconfig.json"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		run(app, tsc, "-p", ".")
	}
	srv := startFlowServer(t)
	env := []string{"TAXD_API_URL=" + srv.URL + "/api", "TAXD_CLIENT_ID=" + acmeCreds.ClientID, "TAXD_API_SECRET=" + acmeCreds.APISecret, "TAXD_FLOW_USER=ts-sdk-user",
		"TAXD_UNREACHABLE_ADDRESS=" + unreachableAddress, "TAXD_FAILING_RECALC_USER=" + failingRecalcUser}
	out := runNode(t, app, "node", []string{"flow.mjs"}, env...)
	out += runNode(t, app, "node", []string{"require.cjs"}, env...)
	if !strings.Contains(out, "ts sdk flow (esm)") || !strings.Contains(out, "ts sdk flow (cjs): ts-sdk-user is clientId") ||
		!strings.Contains(out, "ts sdk failures: sync of an unreachable wallet retrying") {
		t.Fatalf("unexpected output: %s", out)
	}
}

// The Go SDK reports failures as such: a sync whose provider cannot be reached is seen retrying
// (the attempt, the next one's time and why) and, on the caller's deadline, WaitForSync returns
// that last state; a recalculation that failed for good is a RecalculationError with its reason.
func TestGoSDKReportsFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	srv := startFlowServer(t)
	c, err := taxdclient.New(srv.URL+"/api", taxdclient.Credentials{ClientID: acmeCreds.ClientID, APISecret: acmeCreds.APISecret})
	if err != nil {
		t.Fatal(err)
	}
	c.PollInterval = 100 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	const ref = "go-sdk-unreachable"
	_, err = c.CreateUserWithResponse(ctx, nil, taxdclient.CreateUserRequest{UserId: ref})
	must(t, err, false, "create user", nil)
	_, err = c.CreateAccountsWithResponse(ctx, ref, nil, taxdclient.CreateAccountsRequest{Wallets: []taxdclient.AccountWallet{
		{Address: unreachableAddress, Chain: "bitcoin"}}})
	must(t, err, false, "add the wallet", nil)
	sync, err := c.CreateAccountSyncsWithResponse(ctx, ref, nil, taxdclient.CreateAccountSyncsRequest{})
	must(t, err, sync.JSON202 == nil, "start sync", nil)
	var last taxdclient.AccountSync
	testwait.For(t, "the sync to wait for its next attempt", 30*time.Second, func() bool {
		waitCtx, stop := context.WithTimeout(ctx, 300*time.Millisecond)
		defer stop()
		last, err = c.WaitForSync(waitCtx, ref, sync.JSON202.Data.Id)
		return err != nil && last.Retrying != nil
	})
	r := last.Retrying
	if last.Status != taxdclient.SyncStatusRunning || r.Attempt < 1 || r.MaxAttempts != 8 || r.NextAttemptAt.IsZero() ||
		!strings.Contains(r.LastError, "import failed") || strings.Contains(r.LastError, "next attempt at") {
		t.Fatalf("last state seen %+v, retrying %+v: want running, an attempt of 8 with its next time and the reason alone", last, r)
	}

	_, err = c.CreateUserWithResponse(ctx, nil, taxdclient.CreateUserRequest{UserId: failingRecalcUser})
	must(t, err, false, "create the failing user", nil)
	err = c.Recalculate(ctx, failingRecalcUser)
	var failed *taxdclient.RecalculationError
	if !errors.As(err, &failed) || failed.Recalculation.Status != taxdclient.RecalculationStatusFailed || failed.Recalculation.Error == nil {
		t.Fatalf("Recalculate of a job that fails for good: %v; want a RecalculationError with the job failed and its reason", err)
	}
	again, err := c.GetRecalculationWithResponse(ctx, failingRecalcUser, failed.Recalculation.Id)
	must(t, err, again.JSON200 == nil, "read the failed recalculation", nil)
	if j := again.JSON200.Data; j.Status != taxdclient.RecalculationStatusFailed || j.FinishedAt == nil || j.Attempt != 1 || j.MaxAttempts != 1 {
		t.Fatalf("the failed recalculation reads %+v", j)
	}
}

// The Go SDK as a partner uses it: its own module (github.com/taxd-dev/taxd/sdk/go), required by
// a program in another module with a replace to this checkout, built and run against a server:
// the runnable example (sdk/go/example) does the whole flow.
func TestGoSDKExternalModule(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	sdk := filepath.Join(repoRoot(t), "sdk/go")
	app := t.TempDir()
	mod := "module partner.example/app\n\ngo 1.24\n\nrequire github.com/taxd-dev/taxd/sdk/go v0.0.0\n\nreplace github.com/taxd-dev/taxd/sdk/go => " + sdk + "\n"
	if err := os.WriteFile(filepath.Join(app, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join(sdk, "example", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "main.go"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, _ := os.ReadFile(filepath.Join(sdk, "go.sum")) // the SDK's dependencies, as the partner's go.sum gets them
	if err := os.WriteFile(filepath.Join(app, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", "partner-app", ".")
	build.Dir = app
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of a program using the SDK module: %v\n%s", err, out)
	}
	srv := startFlowServer(t)
	cmdCtx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(cmdCtx, filepath.Join(app, "partner-app"))
	cmd.Dir = app
	cmd.Env = append(os.Environ(), "TAXD_API_URL="+srv.URL+"/api", "TAXD_CLIENT_ID="+acmeCreds.ClientID, "TAXD_API_SECRET="+acmeCreds.APISecret)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the example: %v\n%s", err, out)
	}
	t.Logf("%s", out)
	if !regexp.MustCompile(`sync completed, 5 transactions in 2023, short-term -?\$[0-9,.]+, long-term -?\$[0-9,.]+; tax forms in go-example-\d+\.zip \(\d+ bytes\)`).Match(out) ||
		!strings.Contains(string(out), "an unknown user is a 404 not_found (request ") {
		t.Fatalf("unexpected output: %s", out)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// The typed GraphQL client example (examples/graphql-client, graphql-request with GraphQL Code
// Generator's typed documents) recalculates user-123 with a client API key: countDirty,
// rerunGraph, getActiveRecalculateJob until the job is gone, countDirty 0.
func TestGraphQLClientExample(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	tsx := nodeTool(t, "node_modules/.bin/tsx")
	srv := startFlowServer(t)
	_, key, err := clients.CreateKey(ctx(), db.New(srv.pool), clients.NewKey{ClientID: user123ID, Name: "graphql example", ReadWrite: true}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	out := runNode(t, filepath.Join(repoRoot(t), "examples/graphql-client"), tsx, []string{"main.ts"},
		"TAXD_GRAPHQL_URL="+srv.URL+"/graphql", "TAXD_CLIENT_API_KEY="+key, "TAXD_CLIENT_ID="+user123ID.String())
	if !strings.Contains(out, "settled, countDirty 0") {
		t.Fatalf("unexpected output: %s", out)
	}
}

func must(t *testing.T, err error, bad bool, what string, body []byte) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if bad {
		t.Fatalf("%s: unexpected answer: %s", what, truncate(body))
	}
}

func poll(t *testing.T, what string, done func() bool) {
	t.Helper()
	testwait.For(t, what, 60*time.Second, done)
}

// hookReceiver is a partner's webhook endpoint on 127.0.0.1.
type hookReceiver struct {
	*httptest.Server
	mu  sync.Mutex
	got []hookEvent
}

type hookEvent struct {
	Type string `json:"type"`
	Data struct {
		ReferenceID string `json:"referenceId"`
	} `json:"data"`
	header http.Header
	body   []byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		ev := hookEvent{header: req.Header.Clone(), body: b}
		if err := json.Unmarshal(b, &ev); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.got = append(r.got, ev)
		r.mu.Unlock()
	}))
	t.Cleanup(r.Close)
	return r
}

// events returns the events received about one user ("": all), in arrival order.
func (r *hookReceiver) events(ref string) []hookEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []hookEvent
	for _, e := range r.got {
		if ref == "" || e.Data.ReferenceID == ref {
			out = append(out, e)
		}
	}
	return out
}

func repoRoot(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(wd) // contracttests/ is at the root
}

// nodeTool returns the path of a tool installed by npm ci. Without Node or the packages the test
// is skipped, unless TAXD_REQUIRE_NODE=1 (make test sets it: CI must run it).
func nodeTool(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join(repoRoot(t), rel)
	_, err := os.Stat(p)
	if _, lookErr := exec.LookPath("node"); err != nil || lookErr != nil {
		if os.Getenv("TAXD_REQUIRE_NODE") == "1" {
			t.Fatalf("%s is missing (run npm ci): %v", rel, err)
		}
		t.Skipf("%s is missing (npm ci); TAXD_REQUIRE_NODE=1 makes this a failure", rel)
	}
	return p
}

func runNode(t *testing.T, dir, tool string, args []string, env ...string) string {
	t.Helper()
	cmdCtx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(cmdCtx, tool, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", filepath.Base(tool), args, err, out)
	}
	t.Logf("%s", bytes.TrimSpace(out))
	return string(out)
}
