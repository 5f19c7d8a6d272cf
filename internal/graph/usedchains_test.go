package graph_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/fakes"
	"taxd/internal/graph"
	"taxd/internal/imports"
	"taxd/internal/pgtest"
	"taxd/internal/testwait"
)

// getUsedChains answers without waiting for an indexer that does not answer: the chains known are
// answered, the others are named in a PARTIAL_RESULT error's uncheckedChains and asked in the
// background; once an indexer has answered, its answer serves the next calls without asking it again.
func TestUsedChainsDoNotWaitForAnUnansweringIndexer(t *testing.T) {
	pool := pgtest.Pool(t)
	recorded := fakes.Etherscan(t, filepath.Join("..", "..", fakes.EtherscanRecording), "1", "8453")
	target, _ := url.Parse(recorded.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	release := make(chan struct{})
	asked := make(chan string, 100)
	indexer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- r.URL.Query().Get("chainid")
		if r.URL.Query().Get("chainid") == "8453" { // Base's indexer hangs until released
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	defer indexer.Close()
	h := graph.NewHTTPHandler(graph.Deps{
		Auth: &auth.ViewerAuthenticator{DB: pool, Now: time.Now}, Clients: clients.NewService(pool, nil),
		Accounts: accounts.NewService(accounts.Deps{Pool: pool, Providers: imports.NewRegistry(imports.Config{
			Etherscan: imports.EtherscanConfig{BaseURL: indexer.URL, RPS: -1}})}),
	}, false)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := uuid.New()
	if _, err := pool.Exec(t.Context(), `INSERT INTO clients (id, name) VALUES ($1, 'c')`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := clients.StoreKey(t.Context(), db.New(pool), uuid.New(), clients.NewKey{ClientID: client}, rawKey, time.Now()); err != nil {
		t.Fatal(err)
	}
	ask := func() (chains, unchecked []string) {
		t.Helper()
		done := make(chan struct{})
		var out struct {
			Data struct {
				GetUsedChains []string `json:"getUsedChains"`
			} `json:"data"`
			Errors []struct {
				Extensions struct {
					Code            string   `json:"code"`
					UncheckedChains []string `json:"uncheckedChains"`
				} `json:"extensions"`
			} `json:"errors"`
		}
		go func() {
			defer close(done)
			body, _ := json.Marshal(map[string]any{"query": `query { getUsedChains(address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F") }`})
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("x-api-key", rawKey)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || len(out.Errors) > 1 ||
				len(out.Errors) == 1 && out.Errors[0].Extensions.Code != "PARTIAL_RESULT" {
				t.Errorf("%v %+v", err, out.Errors)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second): // the background ask gives up after 10 s; the answer must not wait for it
			t.Fatal("getUsedChains waited for the indexer that does not answer")
		}
		if len(out.Errors) == 1 {
			unchecked = out.Errors[0].Extensions.UncheckedChains
		}
		return out.Data.GetUsedChains, unchecked
	}
	for round := range 2 { // the second call finds the ask still running and does not wait for it either
		// base is unchecked; ethereum is answered, or unchecked too when its recorded answer took
		// longer than UsedChainsWait on a loaded machine (so may any other chain's)
		chains, unchecked := ask()
		if !slices.Contains(unchecked, "base") || slices.Contains(chains, "base") || len(chains) > 1 ||
			!slices.Contains(append(chains, unchecked...), "ethereum") {
			t.Fatalf("round %d: chains %v, unchecked %v; want base unchecked and ethereum answered or unchecked", round, chains, unchecked)
		}
	}
	close(release)
	testwait.ForErr(t, "the background ask to store its answer", 30*time.Second, func() (bool, error) {
		var n int
		err := pool.QueryRow(t.Context(), `SELECT count(*) FROM used_chain_checks WHERE chain = 'base' AND used`).Scan(&n)
		return n == 1, err
	})
	for len(asked) > 0 {
		<-asked
	}
	chains, unchecked := ask()
	if strings.Join(chains, ",") != "ethereum,base" || len(unchecked) != 0 {
		t.Fatalf("after the answer: chains %v, unchecked %v", chains, unchecked)
	}
	if len(asked) != 0 {
		t.Fatalf("fresh answers asked the indexer again (%d asks)", len(asked))
	}
}
