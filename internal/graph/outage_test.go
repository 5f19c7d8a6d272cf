package graph_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/fileimport"
	"taxd/internal/graph"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
)

// A database that fails in the middle of an operation (the credential was checked, the resolver's
// query cannot connect) makes the whole answer HTTP 503 with Retry-After and SERVICE_UNAVAILABLE.
func TestOutageDuringExecution(t *testing.T) {
	t.Parallel()
	live := pgtest.Pool(t)
	down, err := pgxpool.New(context.Background(), "postgres://taxd@127.0.0.1:1/none?sslmode=disable&connect_timeout=1") // nothing listens on port 1
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(down.Close)
	srv, client := serverOver(t, live, down)
	for _, q := range []string{`query{getClientApiKeys(clientId:"` + client.String() + `"){id}}`, `query{countDirty(clientId:"` + client.String() + `")}`} {
		resp, code, _ := ask(t, srv, q)
		if resp.StatusCode != http.StatusServiceUnavailable || code != graph.CodeServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: status %d, Retry-After %q, code %q", q, resp.StatusCode, resp.Header.Get("Retry-After"), code)
		}
	}
}

// A resolver's failure that is neither the caller's input nor an outage (here every statement names
// a table its connection cannot see: SQLSTATE 42P01) is INTERNAL_SERVER_ERROR with a generic
// message: the SQL error's text is logged, not shown, and not passed off as BAD_USER_INPUT (gqlgen
// wraps a resolver's error as it wraps a failed argument coercion; see resolverFailure). An
// argument that does not parse stays BAD_USER_INPUT.
func TestResolverFailureIsInternal(t *testing.T) {
	t.Parallel()
	dbURL := pgtest.URL(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", "no_such_schema")
	u.RawQuery = q.Encode()
	srv, client := serverOver(t, pgtest.PoolFor(t, dbURL), pgtest.PoolFor(t, u.String()))
	for _, c := range []struct {
		query, code string
	}{
		{`query{countDirty(clientId:"` + client.String() + `")}`, graph.CodeInternal},
		{`query{getClientTransactionsSummary(clientId:"` + client.String() + `", hasIncome: true){transactionCount}}`, graph.CodeInternal},
		{`query{getClientTransactions(clientId:"` + client.String() + `", startDate: "not a date"){total}}`, graph.CodeBadUserInput},
	} {
		_, code, msg := ask(t, srv, c.query)
		if code != c.code || strings.Contains(msg, "SQLSTATE") || strings.Contains(msg, "no_such_schema") {
			t.Errorf("%s: code %q, message %q; want %s without the SQL error", c.query, code, msg, c.code)
		}
	}
}

// serverOver serves GraphQL with credentials checked on live and every service on pool, for a new
// client with a read-write key (rawKey), and returns the server and the client.
func serverOver(t *testing.T, live, pool *pgxpool.Pool) (*httptest.Server, uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	client := uuid.New()
	if _, err := live.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'c')`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx, db.New(live), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: live, Now: time.Now}, Ledger: ledger.New(pool), Clients: clients.NewService(pool, nil),
		Recalc: recalc.NewService(pool, nil), Reports: reports.NewService(reports.Deps{Pool: pool}), Files: fileimport.NewService(pool, nil),
	}, false))
	t.Cleanup(srv.Close)
	return srv, client
}

// ask posts query to srv and returns the response and its first error's code and message.
func ask(t *testing.T, srv *httptest.Server, query string) (resp *http.Response, code, message string) {
	t.Helper()
	resp, out := postFor(t, srv.URL, query, nil)
	if len(out.Errors) > 0 {
		ext, _ := out.Errors[0]["extensions"].(map[string]any)
		code, _ = ext["code"].(string)
		message, _ = out.Errors[0]["message"].(string)
	}
	return resp, code, message
}
