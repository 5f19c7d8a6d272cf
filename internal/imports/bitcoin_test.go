package imports

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

const btcMe = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"

// fakeEsplora serves the recorded address history the way Esplora pages it: /txs gives the
// mempool plus the newest pageSize confirmed transactions, /txs/chain/{txid} the pageSize
// confirmed ones after txid.
type fakeEsplora struct {
	t        *testing.T
	pageSize int
	mu       sync.Mutex
	txs      []json.RawMessage // newest first, mempool first
	paths    []string
	override func(w http.ResponseWriter, r *http.Request) bool
}

func newFakeEsplora(t *testing.T, pageSize int) (*fakeEsplora, *httptest.Server) {
	f := &fakeEsplora{t: t, pageSize: pageSize}
	decodeFixture(t, "esplora/address_txs.json", &f.txs)
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeEsplora) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.paths = append(f.paths, r.URL.Path)
	override, txs := f.override, f.txs
	f.mu.Unlock()
	if override != nil && override(w, r) {
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/address/"+btcMe+"/txs")
	if !ok || r.Method != http.MethodGet {
		http.NotFound(w, r)
		return
	}
	type st struct {
		TxID   string
		Status struct{ Confirmed bool }
	}
	var mempool, chain []json.RawMessage
	var ids []string
	for _, raw := range txs {
		var s st
		_ = json.Unmarshal(raw, &s)
		if s.Status.Confirmed {
			chain = append(chain, raw)
			ids = append(ids, s.TxID)
		} else {
			mempool = append(mempool, raw)
		}
	}
	var out []json.RawMessage
	switch {
	case rest == "":
		out = append(mempool, chain[:min(f.pageSize, len(chain))]...)
	case strings.HasPrefix(rest, "/chain/"):
		after := strings.TrimPrefix(rest, "/chain/")
		i := -1
		for j, id := range ids {
			if id == after {
				i = j
			}
		}
		if i < 0 {
			http.Error(w, "Invalid hex string", http.StatusBadRequest)
			return
		}
		out = chain[i+1 : min(i+1+f.pageSize, len(chain))]
	default:
		http.NotFound(w, r)
		return
	}
	if out == nil {
		out = []json.RawMessage{}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

func newTestBitcoin(url string, pageSize int) *Bitcoin {
	return NewBitcoin(EsploraConfig{BaseURL: url + "/", PageSize: pageSize}, nil, nil)
}

var btcWant = []string{
	"2023-07-24T03:17:09Z: 0.05 bitcoin:native bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh->ME",
	"2023-07-27T17:46:40Z: 0.02 bitcoin:native ME->3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy; fee 0.000042 bitcoin:native ME->?",
	"2023-07-31T07:53:20Z: 0.0123 bitcoin:native ?->ME",
	"2023-08-03T22:00:00Z: fee 0.000035 bitcoin:native ME->?",
	"2023-08-07T09:20:00Z: 0.0422 bitcoin:native ME->bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0; fee 0.000023 bitcoin:native ME->?",
}

func TestBitcoinMapping(t *testing.T) {
	t.Parallel()
	_, srv := newFakeEsplora(t, 25)
	pg, err := newTestBitcoin(srv.URL, 25).Fetch(context.Background(), btcMe, "")
	if err != nil {
		t.Fatal(err)
	}
	if pg.More {
		t.Error("More on a short page")
	}
	diffLines(t, "txs", fmtTxs(pg.Txs, btcMe), btcWant)
	checkUniqueIDs(t, pg.Txs)
	for _, tx := range pg.Txs {
		if len(tx.ExternalID) != 64 || tx.ExternalID != tx.Hash {
			t.Errorf("ExternalID %q, want the txid", tx.ExternalID)
		}
		for _, tr := range tx.Transfers {
			if tr.Quantity.Exponent() < -8 {
				t.Errorf("more than 8 decimals: %s", tr.Quantity)
			}
			if tr.Asset.Decimals != 8 || tr.Asset.Symbol != "BTC" {
				t.Errorf("asset %+v", tr.Asset)
			}
		}
	}
	// The unconfirmed mempool transaction is not imported yet.
	var mem []struct{ TxID string }
	decodeFixture(t, "esplora/address_txs.json", &mem)
	for _, tx := range pg.Txs {
		if tx.ExternalID == mem[0].TxID {
			t.Error("mempool tx imported")
		}
	}
}

func TestBitcoinPagingResyncResume(t *testing.T) {
	t.Parallel()
	f, srv := newFakeEsplora(t, 2)
	p := newTestBitcoin(srv.URL, 2)
	pages := syncAll(t, p, btcMe, "")
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3 (2+2+1 confirmed)", len(pages))
	}
	got := allTxs(pages)
	// Pages come newest first, each oldest first: sort by time to compare with the mapping.
	byTime := append([]Tx(nil), got...)
	sortTxsByTime(byTime)
	diffLines(t, "txs", fmtTxs(byTime, btcMe), btcWant)
	checkUniqueIDs(t, got)
	wantPaths := []string{"/address/" + btcMe + "/txs"}
	for _, pg := range pages[:2] {
		if !pg.More {
			t.Error("More=false on a full page")
		}
	}
	if !strings.HasPrefix(f.paths[1], "/address/"+btcMe+"/txs/chain/") || f.paths[0] != wantPaths[0] {
		t.Errorf("paths %v", f.paths)
	}

	// Resume from the stored mid-walk cursor with a fresh provider.
	rest := allTxs(syncAll(t, newTestBitcoin(srv.URL, 2), btcMe, pages[0].Cursor))
	diffLines(t, "resumed", fmtTxs(rest, btcMe), fmtTxs(allTxs(pages[1:]), btcMe))

	// Re-sync from the final cursor: nothing new, cursor kept.
	final := pages[len(pages)-1].Cursor
	again, err := p.Fetch(context.Background(), btcMe, final)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Txs) != 0 || again.More || again.Cursor != final {
		t.Fatalf("re-sync: %d txs, More=%v, cursor %q (want 0, false, %q)", len(again.Txs), again.More, again.Cursor, final)
	}

	// A new confirmed transaction: only it is returned, and the next run is empty again.
	var nt json.RawMessage
	decodeFixture(t, "esplora/new_tx.json", &nt)
	f.mu.Lock()
	f.txs = append([]json.RawMessage{f.txs[0], nt}, f.txs[1:]...)
	f.mu.Unlock()
	pages2 := syncAll(t, p, btcMe, final)
	diffLines(t, "new", fmtTxs(allTxs(pages2), btcMe), []string{
		"2023-08-14T08:00:00Z: 0.1 bitcoin:native 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2->ME",
	})
	c2 := pages2[len(pages2)-1].Cursor
	if again, _ := p.Fetch(context.Background(), btcMe, c2); len(again.Txs) != 0 {
		t.Errorf("third run returned %d txs", len(again.Txs))
	}
}

func sortTxsByTime(txs []Tx) {
	for i := 1; i < len(txs); i++ {
		for j := i; j > 0 && txs[j].Time.Before(txs[j-1].Time); j-- {
			txs[j], txs[j-1] = txs[j-1], txs[j]
		}
	}
}

func TestBitcoinErrors(t *testing.T) {
	t.Parallel()
	f, srv := newFakeEsplora(t, 25)
	p := newTestBitcoin(srv.URL, 25)
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "backend unavailable", http.StatusServiceUnavailable)
		return true
	}
	_, err := p.Fetch(context.Background(), btcMe, "")
	var pe *ProviderError
	if !errors.As(err, &pe) || !pe.Temporary || pe.Status != 503 {
		t.Fatalf("503: got %#v", err)
	}
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
		return true
	}
	_, err = p.Fetch(context.Background(), btcMe, "")
	var rl *RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter != 30*time.Second {
		t.Fatalf("429: got %#v", err)
	}
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "Invalid Bitcoin address", http.StatusBadRequest)
		return true
	}
	_, err = p.Fetch(context.Background(), btcMe, "")
	if !errors.As(err, &pe) || pe.Temporary || pe.Status != 400 {
		t.Fatalf("400: got %#v", err)
	}
	if _, err := p.Fetch(context.Background(), btcMe, "%zz"); err == nil {
		t.Error("bad cursor accepted")
	}
}
