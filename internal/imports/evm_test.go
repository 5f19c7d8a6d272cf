package imports

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const evmMe = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" // as the account stores it (checksummed)

// fakeEtherscan serves the recorded txlist / txlistinternal / tokentx rows with Etherscan's
// filtering and paging (address, startblock..endblock, page/offset, sort=asc); the NFT lists are
// empty and the proxy module is refused (an indexer without receipts: the provider falls back to
// the lists). etherscan_fake_test.go runs the provider against internal/etherscanfake instead.
type fakeEtherscan struct {
	t        *testing.T
	mu       sync.Mutex
	rows     map[string][]json.RawMessage
	queries  []map[string]string
	override func(w http.ResponseWriter, r *http.Request) bool
}

func newFakeEtherscan(t *testing.T) (*fakeEtherscan, *httptest.Server) {
	f := &fakeEtherscan{t: t, rows: map[string][]json.RawMessage{}}
	for _, action := range evmActions[:3] {
		var env struct{ Result []json.RawMessage }
		decodeFixture(t, "etherscan/"+action+".json", &env)
		f.rows[action] = env.Result
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeEtherscan) add(action string, rows []json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows[action] = append(f.rows[action], rows...)
}

func (f *fakeEtherscan) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := map[string]string{}
	for k, v := range r.URL.Query() {
		q[k] = v[0]
	}
	f.mu.Lock()
	f.queries = append(f.queries, q)
	override := f.override
	f.mu.Unlock()
	if override != nil && override(w, r) {
		return
	}
	if q["module"] != "account" || q["sort"] != "asc" || q["apikey"] != "test-key" || q["chainid"] == "" {
		http.Error(w, "bad query", http.StatusBadRequest)
		return
	}
	start, _ := strconv.ParseUint(q["startblock"], 10, 64)
	end, _ := strconv.ParseUint(q["endblock"], 10, 64)
	page, _ := strconv.Atoi(q["page"])
	offset, _ := strconv.Atoi(q["offset"])
	f.mu.Lock()
	all := f.rows[q["action"]]
	f.mu.Unlock()
	var match []json.RawMessage
	for _, raw := range all {
		var r struct{ BlockNumber, From, To string }
		_ = json.Unmarshal(raw, &r)
		b, _ := strconv.ParseUint(r.BlockNumber, 10, 64)
		if b >= start && b <= end && (strings.EqualFold(r.From, q["address"]) || strings.EqualFold(r.To, q["address"])) {
			match = append(match, raw)
		}
	}
	lo := min((page-1)*offset, len(match))
	hi := min(lo+offset, len(match))
	w.Header().Set("Content-Type", "application/json")
	if lo == hi {
		_, _ = w.Write(readFixture(f.t, "etherscan/empty.json"))
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"status": "1", "message": "OK", "result": match[lo:hi]})
}

func newTestEVM(t *testing.T, url string, pageSize int) *EVM {
	t.Helper()
	p, err := NewEVM("ethereum", EtherscanConfig{BaseURL: url, APIKey: "test-key", PageSize: pageSize}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var evmWant = []string{
	"2023-04-01T00:00:00Z: 1.5 ethereum:native 0x28c6c06298d514db089934071355e5743bf21d60->ME",
	"2023-04-01T00:20:12Z: 0.25 ethereum:native ME->0xab5801a7d398351b8be11c439e05c5b3259aec9b; fee 0.000525 ethereum:native ME->?",
	"2023-04-01T00:40:24Z: 250.5 ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 ME->0xd8da6bf26964af9d7eed9e03e53415d37aa96045; fee 0.0013 ethereum:native ME->?",
	"2023-04-01T01:00:36Z FAILED: fee 0.002 ethereum:native ME->?",
	"2023-04-01T01:20:48Z: 0.055 ethereum:native 0x7a250d5630b4cf539739df2c5dacb4c659f2488d->ME; 100 ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 ME->0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc; fee 0.0018 ethereum:native ME->?",
	"2023-04-01T01:41:00Z: 0.01 ethereum:native 0xd152f549545093347a162dce210e7293f1452150->ME",
	"2023-04-01T02:01:12Z: 12.345678901234567891 ethereum:0x6b175474e89094c44da98b954eedeac495271d0f 0x40ec5b33f54e0e8a33a975908c5ba1c14e5bbbdf->ME",
	"2023-04-01T02:01:12Z: 0.01 ethereum:native ME->0xab5801a7d398351b8be11c439e05c5b3259aec9b; fee 0.000378 ethereum:native ME->?",
}

func TestEVMMapping(t *testing.T) {
	t.Parallel()
	_, srv := newFakeEtherscan(t)
	p := newTestEVM(t, srv.URL, 1000)
	pg, err := p.Fetch(context.Background(), evmMe, "")
	if err != nil {
		t.Fatal(err)
	}
	if pg.More || pg.Cursor != "17000601" {
		t.Errorf("More=%v Cursor=%q, want false, 17000601", pg.More, pg.Cursor)
	}
	diffLines(t, "txs", fmtTxs(pg.Txs, evmMe), evmWant)
	checkUniqueIDs(t, pg.Txs)
	for _, tx := range pg.Txs {
		if tx.ExternalID != tx.Hash || !strings.HasPrefix(tx.Hash, "0x") || len(tx.Hash) != 66 || tx.Hash != strings.ToLower(tx.Hash) {
			t.Errorf("ExternalID %q / Hash %q: want the lower-case tx hash", tx.ExternalID, tx.Hash)
		}
		for _, tr := range tx.Transfers {
			if tr.FiatValue != nil || tr.FeeFiat != nil || tr.Label != "" {
				t.Errorf("chain transfers carry no fiat values or labels: %+v", tr)
			}
		}
	}
	// Token metadata comes from the token list.
	usdc := pg.Txs[2].Transfers[0].Asset
	if usdc.Symbol != "USDC" || usdc.Name != "USD Coin" || usdc.Decimals != 6 || usdc.Chain != "ethereum" {
		t.Errorf("USDC asset = %+v", usdc)
	}
	eth := pg.Txs[0].Transfers[0].Asset
	if eth.Symbol != "ETH" || eth.Decimals != 18 || eth.Contract != "" {
		t.Errorf("ETH asset = %+v", eth)
	}
}

func TestEVMPagingAndResume(t *testing.T) {
	t.Parallel()
	for _, size := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(size), func(t *testing.T) {
			t.Parallel()
			f, srv := newFakeEtherscan(t)
			pages := syncAll(t, newTestEVM(t, srv.URL, size), evmMe, "")
			if len(pages) < 2 {
				t.Fatalf("%d pages, want several", len(pages))
			}
			txs := allTxs(pages)
			diffLines(t, "txs", fmtTxs(txs, evmMe), evmWant)
			checkUniqueIDs(t, txs)
			if last := pages[len(pages)-1].Cursor; last != "17000601" {
				t.Errorf("final cursor %q", last)
			}
			// Every request asked for a page of the configured size.
			for _, q := range f.queries {
				if q["module"] == "account" && q["offset"] != strconv.Itoa(size) {
					t.Fatalf("offset %s", q["offset"])
				}
			}

			// Resume: a fresh provider (a new job) continues from a stored mid-sync cursor.
			mid := pages[0].Cursor
			rest := allTxs(syncAll(t, newTestEVM(t, srv.URL, size), evmMe, mid))
			diffLines(t, "resumed", fmtTxs(rest, evmMe), fmtTxs(allTxs(pages[1:]), evmMe))
		})
	}
}

func TestEVMResync(t *testing.T) {
	t.Parallel()
	f, srv := newFakeEtherscan(t)
	p := newTestEVM(t, srv.URL, 1000)
	first := syncAll(t, p, evmMe, "")
	cursor := first[len(first)-1].Cursor

	again, err := p.Fetch(context.Background(), evmMe, cursor)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Txs) != 0 || again.More || again.Cursor != cursor {
		t.Fatalf("re-sync returned %d txs, More=%v, cursor %q (want 0, false, %q)", len(again.Txs), again.More, again.Cursor, cursor)
	}

	// A new transaction on chain: only it comes back.
	var env struct{ Result []json.RawMessage }
	decodeFixture(t, "etherscan/txlist_new.json", &env)
	f.add("txlist", env.Result)
	next, err := p.Fetch(context.Background(), evmMe, cursor)
	if err != nil {
		t.Fatal(err)
	}
	diffLines(t, "new", fmtTxs(next.Txs, evmMe), []string{
		"2023-04-01T02:21:24Z: 0.042 ethereum:native 0xd8da6bf26964af9d7eed9e03e53415d37aa96045->ME",
	})
	if next.Cursor != "17000701" {
		t.Errorf("cursor %q", next.Cursor)
	}
	for _, tx := range allTxs(first) {
		if tx.ExternalID == next.Txs[0].ExternalID {
			t.Error("new tx reuses an old ExternalID")
		}
	}
}

func TestEVMErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		serve func(w http.ResponseWriter)
		check func(t *testing.T, err error)
	}{
		{"500", func(w http.ResponseWriter) { http.Error(w, "upstream exploded", 500) }, func(t *testing.T, err error) {
			var pe *ProviderError
			if !errors.As(err, &pe) || !pe.Temporary || pe.Status != 500 || !IsTemporary(err) {
				t.Errorf("got %#v", err)
			}
		}},
		{"429", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "7")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		}, func(t *testing.T, err error) {
			var rl *RateLimitError
			if !errors.As(err, &rl) || rl.RetryAfter != 7*time.Second {
				t.Errorf("got %#v", err)
			}
			if d, ok := RetryAfter(err); !ok || d != 7*time.Second {
				t.Errorf("RetryAfter = %v %v", d, ok)
			}
		}},
		{"rate limit in body", func(w http.ResponseWriter) {
			_, _ = w.Write(readFixture(t, "etherscan/ratelimit.json"))
		}, func(t *testing.T, err error) {
			var rl *RateLimitError
			if !errors.As(err, &rl) || rl.RetryAfter != time.Second {
				t.Errorf("got %#v", err)
			}
		}},
		{"invalid key", func(w http.ResponseWriter) {
			_, _ = w.Write(readFixture(t, "etherscan/invalid_key.json"))
		}, func(t *testing.T, err error) {
			var pe *ProviderError
			if !errors.As(err, &pe) || pe.Temporary || IsTemporary(err) || !strings.Contains(err.Error(), "Invalid API Key") {
				t.Errorf("got %#v", err)
			}
		}},
		{"not json", func(w http.ResponseWriter) { _, _ = w.Write([]byte("<html>gateway</html>")) }, func(t *testing.T, err error) {
			var pe *ProviderError
			if !errors.As(err, &pe) {
				t.Errorf("got %#v", err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, srv := newFakeEtherscan(t)
			f.override = func(w http.ResponseWriter, r *http.Request) bool { tc.serve(w); return true }
			_, err := newTestEVM(t, srv.URL, 1000).Fetch(context.Background(), evmMe, "")
			if err == nil {
				t.Fatal("no error")
			}
			if strings.Contains(err.Error(), "test-key") {
				t.Errorf("error leaks the API key: %v", err)
			}
			tc.check(t, err)
		})
	}
}

func TestEVMTransportErrorIsTemporaryAndHidesKey(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // connection refused
	_, err := newTestEVM(t, url, 10).Fetch(context.Background(), evmMe, "")
	var pe *ProviderError
	if !errors.As(err, &pe) || !pe.Temporary {
		t.Fatalf("got %#v", err)
	}
	if strings.Contains(err.Error(), "test-key") || strings.Contains(err.Error(), "apikey") {
		t.Errorf("error leaks the URL: %v", err)
	}
}

func TestEVMBadCursor(t *testing.T) {
	t.Parallel()
	_, srv := newFakeEtherscan(t)
	if _, err := newTestEVM(t, srv.URL, 10).Fetch(context.Background(), evmMe, "nope"); err == nil {
		t.Fatal("want an error")
	}
}

func TestRegistry(t *testing.T) {
	t.Parallel()
	f, srv := newFakeEtherscan(t)
	reg := NewRegistry(Config{Etherscan: EtherscanConfig{BaseURL: srv.URL, APIKey: "test-key", RPS: -1}})
	for _, c := range SupportedChains() {
		p, ok := reg.Provider(c)
		if !ok || p.Chain() != c {
			t.Errorf("Provider(%q) = %v, %v", c, p, ok)
		}
	}
	if _, ok := reg.Provider("dogecoin"); ok {
		t.Error("dogecoin has a provider")
	}
	p, _ := reg.Provider("base")
	if _, err := p.Fetch(context.Background(), evmMe, ""); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, q := range f.queries {
		ids[q["chainid"]] = true
	}
	if !ids["8453"] || len(ids) != 1 {
		t.Errorf("chainids sent: %v, want only 8453 (Base)", ids)
	}
	want := map[string]string{"ethereum": "1", "base": "8453", "arbitrum": "42161", "optimism": "10", "polygon": "137", "bsc": "56"}
	for chain, id := range want {
		if got := strconv.FormatInt(evmChains[chain].chainID, 10); got != id {
			t.Errorf("%s chain id %s, want %s", chain, got, id)
		}
	}
	// A per-chain base URL wins for that chain only.
	_, other := newFakeEtherscan(t)
	reg2 := NewRegistry(Config{Etherscan: EtherscanConfig{BaseURL: "http://127.0.0.1:1/unused", APIKey: "test-key", RPS: -1,
		ChainBaseURLs: map[string]string{"polygon": other.URL}}})
	pp, _ := reg2.Provider("polygon")
	if pg, err := pp.Fetch(context.Background(), evmMe, ""); err != nil || len(pg.Txs) != len(evmWant) {
		t.Errorf("polygon via its own URL: %v", err)
	}
	if pe, _ := reg2.Provider("ethereum"); pe.(*EVM).baseURL != "http://127.0.0.1:1/unused" {
		t.Errorf("ethereum base URL %q", pe.(*EVM).baseURL)
	}
	nat := []string{}
	for _, c := range []string{"polygon", "bsc", "bitcoin", "solana"} {
		a, _ := NativeAsset(c)
		nat = append(nat, a.Symbol)
	}
	if !slices.Equal(nat, []string{"POL", "BNB", "BTC", "SOL"}) {
		t.Errorf("natives %v", nat)
	}
}
