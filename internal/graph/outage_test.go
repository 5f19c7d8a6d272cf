package graph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
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
	ctx := context.Background()
	live := pgtest.Pool(t)
	client := uuid.New()
	if _, err := live.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'c')`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(ctx, db.New(live), uuid.New(), clients.NewKey{ClientID: client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	down, err := pgxpool.New(ctx, "postgres://taxd@127.0.0.1:1/none?sslmode=disable&connect_timeout=1") // nothing listens on port 1
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(down.Close)
	srv := httptest.NewServer(graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: live, Now: time.Now}, Ledger: ledger.New(down), Clients: clients.NewService(down, nil),
		Recalc: recalc.NewService(down, nil), Reports: reports.NewService(reports.Deps{Pool: down}), Files: fileimport.NewService(down, nil),
	}, false))
	t.Cleanup(srv.Close)
	for _, q := range []string{`query{getClientApiKeys(clientId:"` + client.String() + `"){id}}`, `query{countDirty(clientId:"` + client.String() + `")}`} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", strings.NewReader(`{"query":`+jsonString(q)+`}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-api-key", rawKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out gqlResponse
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		code := ""
		if len(out.Errors) > 0 {
			ext, _ := out.Errors[0]["extensions"].(map[string]any)
			code, _ = ext["code"].(string)
		}
		if resp.StatusCode != http.StatusServiceUnavailable || code != graph.CodeServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: status %d, Retry-After %q, errors %v", q, resp.StatusCode, resp.Header.Get("Retry-After"), out.Errors)
		}
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
