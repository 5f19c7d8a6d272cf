package contracttests

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"taxd/internal/pgcluster"
	"taxd/internal/store"
	"taxd/internal/testwait"
)

// TestDatabaseOutage stops the server's Postgres under a running server: every request that needs
// the database gets a 503 with Retry-After (REST) or HTTP 503 with SERVICE_UNAVAILABLE (GraphQL),
// never a 500; when Postgres is back the same server answers again, without a restart.
func TestDatabaseOutage(t *testing.T) {
	t.Parallel()
	dir, err := os.MkdirTemp("", "taxd-outage-") // short: the unix socket's path is limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	e, pg := newEnvOnOwnPostgres(t, pgcluster.Options{Dir: filepath.Join(dir, "pg"), Port: 5432, Fast: true}, "")

	pair := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret}
	rest := []struct {
		method, path, body string
		hdr                map[string]string
	}{
		{"GET", "/api/users/user-123/user", "", pair},
		{"GET", "/api/users/user-123/accounts", "", map[string]string{"x-api-key": acmeCreds.APIKey}},
		{"POST", "/api/users", `{"userId":"during-the-outage"}`, pair},
		{"GET", "/api/users/user-123/preview?year=2024", "", map[string]string{"Authorization": "Bearer " + e.token(t, user123ID, "user-123")}},
	}
	graphql := []string{
		`{"query":"query{getMyClients{id}}"}`,
		`{"query":"mutation{rerunGraph(clientId:\"` + gqlClient1.String() + `\")}"}`,
	}
	restStatus := func(i int) (int, http.Header, []byte) {
		r := rest[i]
		var body []byte
		if r.body != "" {
			body = []byte(r.body)
		}
		return sendFrom(t, http.DefaultClient, r.method, e.url+r.path, body, r.hdr)
	}
	gql := func(doc string) (int, http.Header, gqlResponse, []byte) {
		status, hdr, b := sendFrom(t, http.DefaultClient, http.MethodPost, e.url+"/graphql", []byte(doc), map[string]string{"x-api-key": gqlKeyRW})
		var g gqlResponse
		_ = json.Unmarshal(b, &g)
		return status, hdr, g, b
	}
	if status, _, b := restStatus(0); status != http.StatusOK {
		t.Fatalf("before the outage: %d %s", status, b)
	}

	// Clients keep calling while Postgres stops and starts again: nothing answers 500.
	stop := make(chan struct{})
	var load sync.WaitGroup
	var mu sync.Mutex
	seen := map[string]int{}
	answered := func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, c := range seen {
			n += c
		}
		return n
	}
	for w := range 2 {
		load.Add(1)
		go func() {
			defer load.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				var status int
				var b []byte
				switch {
				case w == 0 && i%2 == 0:
					status, _, b = restStatus([]int{0, 1, 3}[i%3])
				case w == 0:
					status, _, b = sendFrom(t, http.DefaultClient, http.MethodPost, e.url+"/api/users", []byte(fmt.Sprintf(`{"userId":"load-%d"}`, i)), pair)
				default:
					status, _, _, b = gql(graphql[i%2])
				}
				mu.Lock()
				seen[fmt.Sprint(status)]++
				mu.Unlock()
				if status >= 500 && status != http.StatusServiceUnavailable {
					t.Errorf("under load: %d %s", status, b)
				}
			}
		}()
	}
	testwait.For(t, "the load to be answered before the outage", 30*time.Second, func() bool { return answered() >= 10 })

	pg.stop(t)
	for round := range 2 { // the pool's idle connections die on the first round; the second finds none
		for i, r := range rest {
			status, hdr, b := restStatus(i)
			eb := restError(t, b)
			if status != http.StatusServiceUnavailable || eb.Code != "service_unavailable" || retryAfter(hdr) <= 0 {
				t.Errorf("round %d, %s %s during the outage: status %d, Retry-After %q: %s", round, r.method, r.path, status, hdr.Get("Retry-After"), b)
			}
		}
		for _, doc := range graphql {
			status, hdr, g, b := gql(doc)
			if status != http.StatusServiceUnavailable || g.code() != "SERVICE_UNAVAILABLE" || retryAfter(hdr) <= 0 || !documentedCodes(t)[g.code()] {
				t.Errorf("round %d, GraphQL %s during the outage: status %d, Retry-After %q: %s", round, doc, status, hdr.Get("Retry-After"), b)
			}
		}
		if status, _, b := sendFrom(t, http.DefaultClient, http.MethodGet, e.url+"/readyz", nil, nil); status != http.StatusServiceUnavailable {
			t.Errorf("/readyz during the outage: %d %s", status, b)
		}
	}

	restart := time.Now()
	pg.start(t)
	back := time.Now()
	testwait.For(t, "a 200 after Postgres is back", 30*time.Second, func() bool {
		status, _, b := restStatus(0)
		if status != http.StatusOK && status != http.StatusServiceUnavailable {
			t.Fatalf("%s after Postgres is back: %d %s", time.Since(back), status, b)
		}
		return status == http.StatusOK
	})
	recovered := time.Since(back)
	// The load goes on past the recovery: its answers after it are checked too.
	afterRecovery := answered()
	testwait.For(t, "the load to be answered after the recovery", 30*time.Second, func() bool { return answered() >= afterRecovery+10 })
	close(stop)
	load.Wait()
	for i, r := range rest {
		if status, _, b := restStatus(i); status >= 300 {
			t.Errorf("%s %s after the outage: %d %s", r.method, r.path, status, b)
		}
	}
	for _, doc := range graphql {
		if status, _, g, b := gql(doc); status != http.StatusOK || g.code() != "" {
			t.Errorf("GraphQL %s after the outage: %d %s", doc, status, b)
		}
	}
	fmt.Printf("outage: Postgres took %s to start; the server answered 200 again %s after that; statuses under load: %v\n",
		back.Sub(restart).Round(time.Millisecond), recovered.Round(time.Millisecond), seen)
}

func retryAfter(h http.Header) int {
	n, _ := strconv.Atoi(h.Get("Retry-After"))
	return n
}

// ownPostgres is a Postgres cluster of one test's own, which the test stops and starts.
type ownPostgres struct {
	opts    pgcluster.Options
	cluster *pgcluster.Cluster
}

func (p *ownPostgres) start(t *testing.T) {
	t.Helper()
	c, err := pgcluster.Start(ctx(), p.opts)
	if err != nil {
		t.Fatal(err)
	}
	p.cluster = c
}

func (p *ownPostgres) stop(t *testing.T) {
	t.Helper()
	if err := p.cluster.Stop(); err != nil {
		t.Fatal(err)
	}
}

// newEnvOnOwnPostgres serves the REST fixture and the GraphQL fixture's clients from a cluster of
// the test's own (opts), migrated; dataDir, when given, holds the report and upload bucket.
func newEnvOnOwnPostgres(t *testing.T, opts pgcluster.Options, dataDir string) (*env, *ownPostgres) {
	t.Helper()
	if !pgcluster.Available() {
		t.Fatal("this test stops and starts a Postgres of its own: put the PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH")
	}
	pg := &ownPostgres{opts: opts}
	pg.start(t)
	t.Cleanup(func() { _ = pg.cluster.Stop() })
	pool, err := store.Open(ctx(), pg.cluster.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := store.MigrateUp(ctx(), pool, io.Discard); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	if dataDir != "" {
		cfg.DataDir = dataDir
	}
	e := &env{pool: pool, cfg: cfg, known: map[string]bool{}}
	seed(t, e)
	seedGraphQLClients(t, e)
	e.serve(t)
	return e, pg
}
