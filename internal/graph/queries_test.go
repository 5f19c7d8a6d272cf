package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	benchdata "taxd/internal/bench"
	"taxd/internal/clients"
	"taxd/internal/fileimport"
	"taxd/internal/graph"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// seedLedger writes a generated client ledger (the bench generator; see internal/graph/bench_test.go).
var seedLedger = benchdata.SeedLedger

// queryCounter counts the statements a pool runs.
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

const rawKey = "svc_7Hq2LmX9kT4wP8sN3vB6yJ1dF5gR0cZ2"

// tracedServer serves /graphql over a pool whose statements are counted, on a generated client of
// n transactions with computed results; it returns the server, the counter and the client.
func tracedServer(t testing.TB, n int) (*httptest.Server, *queryCounter, uuid.UUID) {
	t.Helper()
	srv, counter, client, _ := tracedServerPool(t, n)
	return srv, counter, client
}

// tracedServerPool is tracedServer with the pool it serves.
func tracedServerPool(t testing.TB, n int) (*httptest.Server, *queryCounter, uuid.UUID, *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	counter := &queryCounter{}
	cfg.ConnConfig.Tracer = counter
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error { pgxdecimal.Register(conn.TypeMap()); return nil }
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	client, err := seedLedger(ctx, pool, n, 8, 4, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx, db.New(pool), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	h := graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: pool, Now: time.Now}, Ledger: ledger.New(pool), Clients: clients.NewService(pool, nil),
		Recalc: recalc.NewService(pool, nil), Reports: reports.NewService(reports.Deps{Pool: pool}), Files: fileimport.NewService(pool, nil),
	}, false)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, counter, client, pool
}

type gqlResponse struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []map[string]any           `json:"errors"`
}

func post(t testing.TB, url, query string, vars map[string]any) gqlResponse {
	t.Helper()
	_, out := postFor(t, url, query, vars)
	return out
}

// postFor posts query with vars and rawKey to the server at url and returns the response (its body
// read) and the decoded answer.
func postFor(t testing.TB, url, query string, vars map[string]any) (*http.Response, gqlResponse) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", rawKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out gqlResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return resp, out
}

const pageQuery = `query page($clientId: ID!, $limit: Int) {
  getClientTransactions(clientId: $clientId, limit: $limit, skipTotal: true) {
    transactions {
      id
      capGainsSumSigned
      incomeSum
      isDirty
      account { id name transactionCount }
      transfers { id amountExact capGainsSumSigned asset { id symbol } }
    }
  }
}`

// TestTransactionPageQueryCount: a page of 100 transactions with their accounts, transfers and
// assets costs the same fixed number of statements as a page of 2 (no N+1).
func TestTransactionPageQueryCount(t *testing.T) {
	t.Parallel()
	srv, counter, client := tracedServer(t, 300)
	run := func(limit int) int64 {
		before := counter.n.Load()
		res := post(t, srv.URL, pageQuery, map[string]any{"clientId": client, "limit": limit})
		if len(res.Errors) > 0 {
			t.Fatalf("errors: %v", res.Errors)
		}
		var page struct {
			Transactions []struct {
				Transfers []struct {
					Asset *struct{ Symbol string } `json:"asset"`
				} `json:"transfers"`
			} `json:"transactions"`
		}
		if err := json.Unmarshal(res.Data["getClientTransactions"], &page); err != nil {
			t.Fatal(err)
		}
		if len(page.Transactions) != limit {
			t.Fatalf("limit %d: %d rows", limit, len(page.Transactions))
		}
		for _, tx := range page.Transactions {
			for _, tr := range tx.Transfers {
				if tr.Asset == nil || tr.Asset.Symbol == "" {
					t.Fatal("a transfer without its asset")
				}
			}
		}
		return counter.n.Load() - before
	}
	small, large := run(2), run(100)
	t.Logf("statements per request: %d for 2 rows, %d for 100 rows", small, large)
	if large != small {
		t.Errorf("a 100-row page ran %d statements, a 2-row page %d: some field loads per row", large, small)
	}
	// authentication (2) + ledger state (2) + page (1) + transfers and their figures (3) +
	// accounts, assets, account counts (3)
	if large > 11 {
		t.Errorf("a 100-row page ran %d statements, want at most 11", large)
	}
}

// TestEveryFieldErrorReachesErrors: two bad arguments give two errors[] entries, each naming its
// argument.
func TestEveryFieldErrorReachesErrors(t *testing.T) {
	t.Parallel()
	srv, _, client := tracedServer(t, 5)
	res := post(t, srv.URL, `query q($c: ID!) { getClientTransactions(clientId: $c, sortBy: "price", labelFilterMode: "only", limit: 501) { total } }`,
		map[string]any{"c": client})
	fields := map[string]bool{}
	for _, e := range res.Errors {
		ext, _ := e["extensions"].(map[string]any)
		if ext["code"] != "BAD_USER_INPUT" {
			t.Errorf("error %v is not BAD_USER_INPUT", e)
		}
		f, _ := ext["field"].(string)
		fields[f] = true
	}
	for _, f := range []string{"sortBy", "labelFilterMode", "limit"} {
		if !fields[f] {
			t.Errorf("no error names %s: %v", f, res.Errors)
		}
	}
}
