package syncs_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// fakeEsplora serves the recorded Esplora responses of internal/imports/testdata: every
// confirmed transaction of the fixture address on the first page, nothing after it.
func fakeEsplora(t *testing.T) *httptest.Server {
	raw, err := os.ReadFile("../imports/testdata/esplora/address_txs.json")
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

// fakeCoinGecko answers /coins/{id}/history with a price that depends on the day of the month
// ($29,000 + $100 × day), so gains are not zero.
func fakeCoinGecko(t *testing.T) *httptest.Server {
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
