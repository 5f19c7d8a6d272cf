// Package fakes serves recorded provider responses (internal/imports/testdata) from local test
// servers, for tests that run a sync end to end without the internet.
package fakes

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// EsploraRecording is the recorded response of the fixture address, relative to the module root
// (a test joins it to its own path to the root, see Esplora).
const EsploraRecording = "internal/imports/testdata/esplora/address_txs.json"

// Esplora serves a recorded Esplora address-transactions response (the file at recording, as the
// test names it from its own directory, e.g. filepath.Join("..", "..", fakes.EsploraRecording)):
// every confirmed transaction of the address on the first page, nothing after it.
func Esplora(t testing.TB, recording string) *httptest.Server {
	raw, err := os.ReadFile(recording)
	if err != nil {
		t.Fatal(err)
	}
	var txs []json.RawMessage
	if err := json.Unmarshal(raw, &txs); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.Contains(r.URL.Path, "/txs/chain/"):
			_, _ = w.Write([]byte("[]"))
		case strings.HasSuffix(r.URL.Path, "/txs"):
			_ = json.NewEncoder(w).Encode(txs)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// CoinGecko answers /coins/{id}/history with a price that depends on the day of the month
// ($29,000 + $100 × day), so gains are not zero.
func CoinGecko(t testing.TB) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/history") {
			http.NotFound(w, r)
			return
		}
		d, err := time.Parse("02-01-2006", r.URL.Query().Get("date"))
		if err != nil {
			http.Error(w, "bad date", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"market_data":{"current_price":{"usd":` + jsonNumber(29000+100*d.Day()) + `}}}`))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func jsonNumber(n int) string { b, _ := json.Marshal(n); return string(b) }

// BitcoinAddress is the recorded address: five confirmed transactions in July-August 2023 and one
// unconfirmed.
const BitcoinAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"

// EtherscanRecording is a recorded txlist answer, relative to the module root.
const EtherscanRecording = "internal/imports/testdata/etherscan/txlist.json"

// Etherscan serves an Etherscan v2 API on which the address has activity only on the chains whose
// ids are given: txlist answers the recording (the file at recording, as named from the test's
// directory) there and "No transactions found" everywhere else.
func Etherscan(t testing.TB, recording string, chainIDs ...string) *httptest.Server {
	raw, err := os.ReadFile(recording)
	if err != nil {
		t.Fatal(err)
	}
	active := map[string]bool{}
	for _, id := range chainIDs {
		active[id] = true
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		q := r.URL.Query()
		if q.Get("action") == "txlist" && active[q.Get("chainid")] {
			_, _ = w.Write(raw)
			return
		}
		_, _ = w.Write([]byte(`{"status":"0","message":"No transactions found","result":[]}`))
	}))
	t.Cleanup(srv.Close)
	return srv
}
