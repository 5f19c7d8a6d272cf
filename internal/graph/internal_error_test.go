package graph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

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

// A resolver's failure that is neither the caller's input nor an outage (here every statement names
// a table its connection cannot see: SQLSTATE 42P01) is INTERNAL_SERVER_ERROR with a generic
// message: the SQL error's text is logged, not shown, and not passed off as BAD_USER_INPUT (gqlgen
// wraps a resolver's error as it wraps a failed argument coercion; see resolverFailure). An
// argument that does not parse stays BAD_USER_INPUT.
func TestResolverFailureIsInternal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbURL := pgtest.URL(t)
	live := pgtest.PoolFor(t, dbURL)
	client := uuid.New()
	if _, err := live.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'c')`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx, db.New(live), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", "no_such_schema")
	u.RawQuery = q.Encode()
	blind := pgtest.PoolFor(t, u.String())
	srv := httptest.NewServer(graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: live, Now: time.Now}, Ledger: ledger.New(blind), Clients: clients.NewService(blind, nil),
		Recalc: recalc.NewService(blind, nil), Reports: reports.NewService(reports.Deps{Pool: blind}), Files: fileimport.NewService(blind, nil),
	}, false))
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		query, code string
	}{
		{`query{countDirty(clientId:"` + client.String() + `")}`, graph.CodeInternal},
		{`query{getClientTransactionsSummary(clientId:"` + client.String() + `", hasIncome: true){transactionCount}}`, graph.CodeInternal},
		{`query{getClientTransactions(clientId:"` + client.String() + `", startDate: "not a date"){total}}`, graph.CodeBadUserInput},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", strings.NewReader(`{"query":`+jsonString(c.query)+`}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-api-key", rawKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out gqlResponse
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if len(out.Errors) == 0 {
			t.Fatalf("%s: no error", c.query)
		}
		ext, _ := out.Errors[0]["extensions"].(map[string]any)
		msg, _ := out.Errors[0]["message"].(string)
		if code, _ := ext["code"].(string); code != c.code || strings.Contains(msg, "SQLSTATE") || strings.Contains(msg, "no_such_schema") {
			t.Errorf("%s: code %q, message %q; want %s without the SQL error", c.query, code, msg, c.code)
		}
	}
}
