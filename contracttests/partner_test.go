package contracttests

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/jobs"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/testwait"
)

// partnerCall sends one partner request with Acme's credentials (or another's: auth as in
// x-contract-auth) and extra headers, and returns the status, headers and body.
func partnerCall(t *testing.T, e *env, auth, method, path string, body any, headers map[string]string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	e.authenticate(t, req, auth)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

func countRows(t *testing.T, e *env, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.pool.QueryRow(ctx(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Idempotency-Key with Stripe's semantics: the same key and request replays the first answer
// (status and body) and runs the operation once, also when the requests arrive together; the same
// key with another request is a 422 naming the key; keys are per partner and expire after 24 h.
func TestIdempotencyKeys(t *testing.T) {
	e := newEnv(t)
	key := func(n int) map[string]string {
		return map[string]string{"Idempotency-Key": fmt.Sprintf("key-%d-%s", n, uuid.NewString())}
	}

	k1 := key(1)
	user := map[string]any{"userId": "idem-user", "email": "idem@example.com"}
	st1, h1, b1 := partnerCall(t, e, "pair", "POST", "/api/users", user, k1)
	st2, h2, b2 := partnerCall(t, e, "pair", "POST", "/api/users", user, k1)
	if st1 != 201 || st2 != 201 || !bytes.Equal(b1, b2) {
		t.Fatalf("same key, same request: %d %s then %d %s; want the first answer twice", st1, b1, st2, b2)
	}
	if h1.Get("Idempotent-Replayed") != "" || h2.Get("Idempotent-Replayed") != "true" {
		t.Errorf("Idempotent-Replayed: first %q, replay %q", h1.Get("Idempotent-Replayed"), h2.Get("Idempotent-Replayed"))
	}
	// The same key with the API key of the same partner is the same key.
	if st, _, b := partnerCall(t, e, "apiKey", "POST", "/api/users", user, k1); st != 201 || !bytes.Equal(b, b1) {
		t.Errorf("the same partner's API key with the key: %d %s", st, b)
	}
	// The same JSON written another way (members reordered, other white space) is the same request.
	reordered := []byte("{ \"email\": \"idem@example.com\",\n  \"userId\": \"idem-user\" }")
	if st, h, b := sendFrom(t, http.DefaultClient, "POST", e.url+"/api/users", reordered, map[string]string{
		"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret, "Idempotency-Key": k1["Idempotency-Key"]}); st != 201 || !bytes.Equal(b, b1) || h.Get("Idempotent-Replayed") != "true" {
		t.Errorf("the same body with its members reordered: %d %s; want the first answer replayed", st, b)
	}
	if n := countRows(t, e, `SELECT count(*) FROM clients WHERE reference_id = 'idem-user'`); n != 1 {
		t.Fatalf("%d users created, want 1", n)
	}

	// Another request with the key: 422 naming it, and nothing runs.
	st, _, b := partnerCall(t, e, "pair", "POST", "/api/users", map[string]any{"userId": "idem-user-2"}, k1)
	var eb struct {
		Message, Code string
		Errors        []struct{ Field string }
	}
	_ = json.Unmarshal(b, &eb)
	if st != 422 || eb.Code != "idempotency_key_reused" || !strings.Contains(eb.Message, k1["Idempotency-Key"]) || len(eb.Errors) != 1 || eb.Errors[0].Field != "Idempotency-Key" {
		t.Errorf("same key, other body: %d %s; want 422 idempotency_key_reused naming the key", st, b)
	}
	// Another path is another request too.
	if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users/user-123/refresh", nil, k1); st != 422 {
		t.Errorf("same key on another operation: %d %s; want 422", st, b)
	}
	if n := countRows(t, e, `SELECT count(*) FROM clients WHERE reference_id = 'idem-user-2'`); n != 0 {
		t.Errorf("the refused request created its user")
	}
	// Keys are per partner: another partner's request with the same key runs.
	if st, _, b := partnerCall(t, e, "otherPartner", "POST", "/api/users", user, k1); st != 201 || bytes.Equal(b, b1) {
		t.Errorf("another partner with the same key: %d %s; want its own 201", st, b)
	}

	// An error of the operation itself is kept and replayed too (the user exists: 409).
	k2 := key(2)
	dup := map[string]any{"userId": "user-123"}
	if st, _, _ := partnerCall(t, e, "pair", "POST", "/api/users", dup, k2); st != 409 {
		t.Fatalf("duplicate user: %d", st)
	}
	if st, h, _ := partnerCall(t, e, "pair", "POST", "/api/users", dup, k2); st != 409 || h.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replayed 409: %d %q", st, h.Get("Idempotent-Replayed"))
	}
	// A request refused before the operation ran (schema validation) keeps nothing: the key is free.
	k3 := key(3)
	if st, _, _ := partnerCall(t, e, "pair", "POST", "/api/users", map[string]any{"email": "x@example.com"}, k3); st != 400 {
		t.Fatalf("invalid body: %d", st)
	}
	if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users", map[string]any{"userId": "idem-user-3"}, k3); st != 201 {
		t.Errorf("the key of a refused request, reused for a valid one: %d %s", st, b)
	}
	// The header is validated: 1 to 255 printable characters.
	if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users", user, map[string]string{"Idempotency-Key": strings.Repeat("k", 256)}); st != 400 || !strings.Contains(string(b), "Idempotency-Key") {
		t.Errorf("a 256-character key: %d %s; want 400 naming Idempotency-Key", st, b)
	}

	// Concurrent requests with one key run once: each round sends 8 at once, twice in a row.
	for round := range 2 {
		k := key(10 + round)
		body := map[string]any{"year": 2024, "reportType": "income-csv"}
		before := countRows(t, e, `SELECT count(*) FROM reports WHERE client_id = $1`, user123ID)
		var wg sync.WaitGroup
		bodies := make([][]byte, 8)
		statuses := make([]int, 8)
		for i := range bodies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i], _, bodies[i] = partnerCall(t, e, "pair", "POST", "/api/users/user-123/reports", body, k)
			}()
		}
		wg.Wait()
		for i := range bodies {
			if statuses[i] != 201 || !bytes.Equal(bodies[i], bodies[0]) {
				t.Errorf("round %d, request %d: %d %s; want the one report's 201", round, i, statuses[i], bodies[i])
			}
		}
		if n := countRows(t, e, `SELECT count(*) FROM reports WHERE client_id = $1`, user123ID) - before; n != 1 {
			t.Errorf("round %d: %d reports created by 8 requests with one key, want 1", round, n)
		}
	}
	// Without a key every POST runs (today's behaviour).
	before := countRows(t, e, `SELECT count(*) FROM reports WHERE client_id = $1`, user123ID)
	for range 2 {
		if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users/user-123/reports", map[string]any{"year": 2024, "reportType": "income-csv"}, nil); st != 201 {
			t.Fatalf("report without a key: %d %s", st, b)
		}
	}
	if n := countRows(t, e, `SELECT count(*) FROM reports WHERE client_id = $1`, user123ID) - before; n != 2 {
		t.Errorf("two POSTs without a key made %d reports, want 2", n)
	}

	// After 24 hours a key is forgotten: the same key then runs another request.
	if _, err := e.pool.Exec(ctx(), `UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = $1`, k1["Idempotency-Key"]); err != nil {
		t.Fatal(err)
	}
	if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users", map[string]any{"userId": "idem-user-4"}, k1); st != 201 {
		t.Errorf("an expired key for another request: %d %s; want 201", st, b)
	}
}

// The report, sync and account lists page with limit and an opaque cursor; without limit they
// answer as before; the pages together are the whole list in order, each item once.
func TestListPagination(t *testing.T) {
	e := newEnv(t)
	// Five more reports (six with the fixture's) and three more syncs for user-123.
	for i, typ := range []string{"income-csv", "capital-gains-csv", "form-8949-csv", "schedule-d-csv", "taxact-csv"} {
		if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users/user-123/reports", map[string]any{"year": 2020 + i, "reportType": typ}, nil); st != 201 {
			t.Fatalf("report: %d %s", st, b)
		}
	}
	for i := range 3 {
		if _, err := e.pool.Exec(ctx(), `INSERT INTO account_syncs (id, client_id, status, progress, created_at) VALUES ($1, $2, 'completed', 100, $3)`,
			uuid.New(), user123ID, time.Date(2026, 3, 3+i, 0, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	type page struct {
		Data       map[string][]map[string]any
		NextCursor *string `json:"next_cursor"`
	}
	get := func(path string) page {
		t.Helper()
		st, _, b := partnerCall(t, e, "pair", "GET", path, nil, nil)
		if st != 200 {
			t.Fatalf("GET %s: %d %s", path, st, b)
		}
		var p page
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, l := range []struct {
		path, items  string
		total, limit int
	}{
		{"/api/users/user-123/reports", "reports", 6, 4},
		{"/api/users/user-123/account_syncs", "syncs", 4, 3},
		{"/api/users/user-123/accounts", "accounts", 2, 1},
	} {
		all := get(l.path)
		if len(all.Data[l.items]) != l.total || all.NextCursor != nil {
			t.Fatalf("%s without limit: %d items, next %v; want all %d and no next page", l.path, len(all.Data[l.items]), all.NextCursor, l.total)
		}
		var ids []any
		var pages int
		for cursor := ""; ; pages++ {
			p := get(l.path + "?limit=" + strconv.Itoa(l.limit) + cursor)
			if len(p.Data[l.items]) > l.limit || len(p.Data[l.items]) == 0 {
				t.Fatalf("%s page %d has %d items (limit %d)", l.path, pages, len(p.Data[l.items]), l.limit)
			}
			for _, it := range p.Data[l.items] {
				ids = append(ids, it["id"])
			}
			if p.NextCursor == nil {
				break
			}
			cursor = "&cursor=" + *p.NextCursor
		}
		if want := (l.total + l.limit - 1) / l.limit; pages+1 != want {
			t.Errorf("%s: %d pages of %d, want %d", l.path, pages+1, l.limit, want)
		}
		for i, it := range all.Data[l.items] {
			if i >= len(ids) || ids[i] != it["id"] {
				t.Fatalf("%s: the pages give %v, the whole list %v", l.path, ids, all.Data[l.items])
			}
		}
		if len(ids) != l.total {
			t.Errorf("%s: the pages hold %d items, want %d", l.path, len(ids), l.total)
		}
	}
	// A cursor is only valid for its list and user; limit is 1 to 100.
	reports := get("/api/users/user-123/reports?limit=1")
	accounts := get("/api/users/user-123/accounts?limit=1")
	for _, bad := range []string{
		"/api/users/user-123/accounts?cursor=" + *reports.NextCursor,
		"/api/users/user-200/reports?cursor=" + *reports.NextCursor,
		"/api/users/user-123/reports?cursor=" + *accounts.NextCursor,
		"/api/users/user-123/reports?cursor=bm90LWEtY3Vyc29y",
		"/api/users/user-123/reports?limit=0",
		"/api/users/user-123/reports?limit=101",
	} {
		st, _, b := partnerCall(t, e, "pair", "GET", bad, nil, nil)
		if st != 400 || (!strings.Contains(string(b), `"field":"cursor"`) && !strings.Contains(string(b), `"field":"limit"`)) {
			t.Errorf("GET %s: %d %s; want 400 naming cursor or limit", bad, st, b)
		}
	}
}

// The US forms and the tax-software files (all of them US returns) are refused for a client of
// another country with a 400 naming reportType and the client's own reports; country-neutral
// reports are still made.
func TestUSFormsRefusedForOtherCountries(t *testing.T) {
	e := newEnv(t)
	if _, err := e.pool.Exec(ctx(), `UPDATE clients SET country = 'GB' WHERE id = $1`, user123ID); err != nil {
		t.Fatal(err)
	}
	const stored = `SELECT count(*) FROM reports WHERE client_id = $1`
	before := countRows(t, e, stored, user123ID)
	for _, typ := range []string{"tax-forms", "form-8949-csv", "schedule-d-csv", "turbotax-csv", "taxact-csv", "hrblock-csv"} {
		st, _, b := partnerCall(t, e, "pair", "POST", "/api/users/user-123/reports", map[string]any{"year": 2024, "reportType": typ}, nil)
		if st != 400 || !strings.Contains(string(b), `"field":"reportType"`) || !strings.Contains(string(b), "the client's country is GB") {
			t.Errorf("%s for a GB client: %d %s; want 400 naming reportType and the country", typ, st, b)
		}
	}
	if st, _, b := partnerCall(t, e, "pair", "POST", "/api/users/user-123/reports", map[string]any{"year": 2024, "reportType": "capital-gains-csv"}, nil); st != 201 {
		t.Errorf("capital-gains-csv for a GB client: %d %s", st, b)
	}
	if n := countRows(t, e, stored, user123ID); n != before+1 {
		t.Errorf("%d reports stored after %d; want only the capital-gains file more", n, before)
	}
}

// CORS on /graphql: off by default (no CORS headers, OPTIONS is a 405); with allowed origins the
// preflight is answered and the answers carry Access-Control-Allow-Origin for those origins only.
func TestGraphQLCORS(t *testing.T) {
	const app = "https://app.example"
	preflight := func(e *env, origin string) *http.Response {
		req, _ := http.NewRequest(http.MethodOptions, e.url+"/graphql", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		// as a browser sends it (Fetch: the names lowercased, sorted, joined by commas)
		req.Header.Set("Access-Control-Request-Headers", "authorization,content-type")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	post := func(e *env, origin string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, e.url+"/graphql", strings.NewReader(`{"query":"{ __typename }"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		req.Header.Set("Authorization", "Bearer "+e.token(t, user123ID, "user-123"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}

	off := newEnv(t)
	if r := preflight(off, app); r.StatusCode != 405 || r.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("CORS off: preflight %d, ACAO %q; want 405 without CORS headers", r.StatusCode, r.Header.Get("Access-Control-Allow-Origin"))
	}
	if r := post(off, app); r.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("CORS off: POST carries ACAO %q", r.Header.Get("Access-Control-Allow-Origin"))
	}

	on := newEnvWith(t, seed, func(c *envConfig) { c.corsOrigins = []string{app} })
	r := preflight(on, app)
	if r.StatusCode != 204 || r.Header.Get("Access-Control-Allow-Origin") != app ||
		!strings.Contains(r.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(strings.ToLower(r.Header.Get("Access-Control-Allow-Headers")), "authorization") {
		t.Errorf("preflight from %s: %d %v", app, r.StatusCode, r.Header)
	}
	if r := post(on, app); r.StatusCode != 200 || r.Header.Get("Access-Control-Allow-Origin") != app {
		t.Errorf("POST from %s: %d, ACAO %q", app, r.StatusCode, r.Header.Get("Access-Control-Allow-Origin"))
	}
	for _, other := range []string{"https://evil.example", "http://app.example"} {
		if r := preflight(on, other); r.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("preflight from %s allowed: %v", other, r.Header)
		}
		if r := post(on, other); r.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("POST from %s carries ACAO %q", other, r.Header.Get("Access-Control-Allow-Origin"))
		}
	}
}

// A worker node (taxd worker) serves /healthz, /readyz and /metrics on --listen: jobs an API node
// queued run there, and its metrics show each queue and kind's depth, the age of its oldest
// waiting job, run times, failures and the recalculation phases.
func TestWorkerNodeMetrics(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	e := newEnv(t) // the API node, which only inserts jobs
	cfg := *e.cfg
	cfg.DatabaseURL = e.pool.Config().ConnString()
	cfg.Listen = "127.0.0.1:0"
	cfg.WorkersSync, cfg.WorkersRecalc, cfg.WorkersReport, cfg.WorkersMail, cfg.WebhookWorkers = 1, 1, 1, 0, 0 // mail waits for other nodes
	cfg.Offline = true
	workCtx, stop := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- server.Work(workCtx, &cfg, pw); pw.Close() }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := regexp.MustCompile(`metrics at (http://\S+)/metrics`).FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	var base string
	select {
	case base = <-addr:
	case err := <-done:
		t.Fatalf("worker stopped: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not start listening")
	}
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/api/users": 404, "/graphql": 404} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("worker GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}

	// Work for the worker through the API node: a recalculation, a report, a report whose
	// rendering fails (its row is gone), and an e-mail in a queue this worker does not serve.
	for _, req := range []struct{ path, body string }{
		{"/api/users/user-123/refresh", ""},
		{"/api/users/user-123/reports", `{"year":2024,"reportType":"income-csv"}`},
		{"/links/email", ""},
	} {
		var body any
		if req.body != "" {
			body = json.RawMessage(req.body)
		}
		if req.path == "/links/email" {
			body = map[string]any{"email": "jane@example.com", "wallets": []map[string]any{{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}}}
			req.path = "/api/links/email"
		}
		if st, _, b := partnerCall(t, e, "pair", "POST", req.path, body, nil); st >= 300 {
			t.Fatalf("POST %s: %d %s", req.path, st, b)
		}
	}
	broken := uuid.New() // a report of a type no renderer knows: its rendering fails
	if _, err := e.pool.Exec(ctx(), `INSERT INTO reports (id, client_id, year, report_type) VALUES ($1, $2, 2024, 'no-such-type')`, broken, user123ID); err != nil {
		t.Fatal(err)
	}
	inserter, err := jobs.New(e.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inserter.Insert(ctx(), reports.RenderArgs{ReportID: broken}, nil); err != nil {
		t.Fatal(err)
	}

	scrape := func() string {
		resp, err := http.Get(base + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	want := []string{
		`taxd_job_run_duration_seconds_count{kind="recalc.client",outcome="completed",queue="recalc"}`,
		`taxd_job_run_duration_seconds_count{kind="reports.render",outcome="completed",queue="report"}`,
		`taxd_job_failures_total{kind="reports.render",queue="report",state="retryable"}`,
		`taxd_job_queue_wait_seconds_count{kind="reports.render",queue="report"}`,
		`taxd_recalculation_phase_seconds_count{phase="compute"}`,
		`taxd_job_queue_jobs{kind="mail.send",queue="mail",state="available"} 1`,
		`taxd_job_queue_oldest_age_seconds{kind="mail.send",queue="mail"}`,
		`taxd_db_pool_max_connections`,
	}
	var m string
	poll(t, "the worker's metrics", func() bool {
		m = scrape()
		for _, s := range want {
			if !strings.Contains(m, s) {
				return false
			}
		}
		return true
	})
	// The waiting e-mail ages: its oldest-age gauge is positive and grows.
	age := func() float64 {
		re := regexp.MustCompile(`taxd_job_queue_oldest_age_seconds\{kind="mail.send",queue="mail"\} (\S+)`)
		mm := re.FindStringSubmatch(scrape())
		if mm == nil {
			t.Fatal("no oldest-age series of the mail queue")
		}
		v, _ := strconv.ParseFloat(mm[1], 64)
		return v
	}
	a1 := age()
	if a1 <= 0 {
		t.Errorf("oldest waiting e-mail: %v s; want a positive age", a1)
	}
	testwait.For(t, fmt.Sprintf("the oldest waiting e-mail's age to grow past %v s", a1), 30*time.Second, func() bool { return age() > a1 })
}

// The GraphQL explorer's schema query (graphql-js getIntrospectionQuery, 14 levels deep) works in
// development and stays bounded: a non-introspection query still stops at 12 levels, and
// production still refuses introspection.
func TestExplorerIntrospection(t *testing.T) {
	raw, err := os.ReadFile("testdata/introspection.graphql")
	if err != nil {
		t.Fatal(err)
	}
	query := string(raw)
	dev := newEnv(t)
	auth := "Bearer " + dev.token(t, user123ID, "user-123")
	r := postGraphQL(t, dev, auth, query, nil)
	var schema struct {
		QueryType struct{ Name string }
		Types     []struct{ Name string }
	}
	if r.code != "" || json.Unmarshal(r.data["__schema"], &schema) != nil || schema.QueryType.Name != "Query" || len(schema.Types) < 50 {
		t.Fatalf("development introspection: %d %s", r.status, truncate([]byte(r.raw)))
	}
	deep := "query{" + strings.Repeat("a{", 13) + "b" + strings.Repeat("}", 13) + "}"
	if r := postGraphQL(t, dev, auth, deep, nil); r.code != "QUERY_TOO_COMPLEX" {
		t.Errorf("a 14-level ordinary query in development: %q, want QUERY_TOO_COMPLEX", r.code)
	}
	deepSchema := "query{__schema{types{" + strings.Repeat("fields{type{", 8) + "name" + strings.Repeat("}}", 8) + "}}}"
	if r := postGraphQL(t, dev, auth, deepSchema, nil); r.code != "QUERY_TOO_COMPLEX" {
		t.Errorf("an 18-level introspection query: %q, want QUERY_TOO_COMPLEX", r.code)
	}
	prod := newEnvWith(t, seed, func(c *envConfig) { c.production = true })
	if r := postGraphQL(t, prod, "Bearer "+prod.token(t, user123ID, "user-123"), query, nil); r.code != "FORBIDDEN" {
		t.Errorf("production introspection: %q, want FORBIDDEN", r.code)
	}
}
