package imports

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

const (
	solMe   = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"
	solB    = "BrZre6sqrMTy44nq5fp5NV7XqxRFbLDUNH6RwVagCRog"
	solC    = "8hn5gMef9bNtc6R7GgLX16GRRX5bD6oeYCHrkZz97rcy"
	solD    = "FWh5gy4K6mLWWUgbdh326Cz9j3UWFYWbF4bbnUnLAgiY"
	solE    = "3Drp7DCB7cxzVY1k8z1acTSowSzmmG7xhTQQxTqraVPQ"
	usdcSPL = "solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
	bonkSPL = "solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263"
)

// fakeSolana answers getSignaturesForAddress (newest first; before, until, limit) and
// getTransaction from the recorded responses.
type fakeSolana struct {
	t        *testing.T
	mu       sync.Mutex
	sigs     []json.RawMessage
	txs      map[string]json.RawMessage
	methods  []string
	override func(w http.ResponseWriter, method string) bool
}

func newFakeSolana(t *testing.T) (*fakeSolana, *httptest.Server) {
	f := &fakeSolana{t: t}
	var env struct{ Result []json.RawMessage }
	decodeFixture(t, "solana/signatures.json", &env)
	f.sigs = env.Result
	decodeFixture(t, "solana/transactions.json", &f.txs)
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeSolana) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		ID     json.RawMessage
		Method string
		Params []json.RawMessage
	}
	if r.Method != http.MethodPost || json.Unmarshal(body, &req) != nil {
		http.Error(w, "bad request", 400)
		return
	}
	f.mu.Lock()
	f.methods = append(f.methods, req.Method)
	override, sigs := f.override, f.sigs
	f.mu.Unlock()
	if override != nil && override(w, req.Method) {
		return
	}
	reply := func(result any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "result": result, "id": req.ID})
	}
	switch req.Method {
	case "getSignaturesForAddress":
		var addr string
		var opts struct {
			Limit         int
			Before, Until string
		}
		_ = json.Unmarshal(req.Params[0], &addr)
		_ = json.Unmarshal(req.Params[1], &opts)
		if addr != solMe {
			reply([]any{})
			return
		}
		out := []json.RawMessage{}
		started := opts.Before == ""
		for _, raw := range sigs {
			var s struct{ Signature string }
			_ = json.Unmarshal(raw, &s)
			if !started {
				started = s.Signature == opts.Before
				continue
			}
			if s.Signature == opts.Until || len(out) == opts.Limit {
				break
			}
			out = append(out, raw)
		}
		reply(out)
	case "getTransaction":
		var sig string
		var opts struct {
			Encoding                       string
			MaxSupportedTransactionVersion *int
		}
		_ = json.Unmarshal(req.Params[0], &sig)
		_ = json.Unmarshal(req.Params[1], &opts)
		if opts.Encoding != "jsonParsed" || opts.MaxSupportedTransactionVersion == nil || *opts.MaxSupportedTransactionVersion != 0 {
			http.Error(w, "want jsonParsed and maxSupportedTransactionVersion 0", 400)
			return
		}
		f.mu.Lock()
		raw, ok := f.txs[sig]
		f.mu.Unlock()
		if !ok {
			reply(nil)
			return
		}
		var full struct{ Result json.RawMessage }
		_ = json.Unmarshal(raw, &full)
		reply(full.Result)
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}`))
	}
}

var solWant = []string{
	"2023-11-03T08:26:40Z: 2 solana:native " + solB + "->ME",
	"2023-11-03T08:30:00Z: 0.5 solana:native ME->" + solC + "; fee 0.000005 solana:native ME->?",
	"2023-11-03T08:33:20Z: 25 " + usdcSPL + " ME->" + solD + "; fee 0.0000075 solana:native ME->?",
	"2023-11-03T08:36:40Z FAILED: fee 0.000005 solana:native ME->?",
	"2023-11-03T08:40:00Z: 1500.5 " + bonkSPL + " " + solE + "->ME",
}

func TestSolanaMapping(t *testing.T) {
	t.Parallel()
	_, srv := newFakeSolana(t)
	p := NewSolana(SolanaConfig{RPCURL: srv.URL}, nil, nil)
	pg, err := p.Fetch(context.Background(), solMe, "")
	if err != nil {
		t.Fatal(err)
	}
	if pg.More {
		t.Error("More on a short page")
	}
	diffLines(t, "txs", fmtTxs(pg.Txs, solMe), solWant)
	checkUniqueIDs(t, pg.Txs)
	for _, tx := range pg.Txs {
		if len(tx.ExternalID) < 86 || tx.ExternalID != tx.Hash {
			t.Errorf("ExternalID %q, want the signature", tx.ExternalID)
		}
	}
	if a := pg.Txs[2].Transfers[0].Asset; a.Decimals != 6 || a.Contract != "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" {
		t.Errorf("USDC asset %+v", a)
	}
	if a := pg.Txs[4].Transfers[0].Asset; a.Decimals != 5 {
		t.Errorf("BONK decimals %d", a.Decimals)
	}
}

func TestSolanaPagingResyncResume(t *testing.T) {
	t.Parallel()
	f, srv := newFakeSolana(t)
	p := NewSolana(SolanaConfig{RPCURL: srv.URL, PageSize: 2}, nil, nil)
	pages := syncAll(t, p, solMe, "")
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	got := allTxs(pages)
	sortTxsByTime(got)
	diffLines(t, "txs", fmtTxs(got, solMe), solWant)
	checkUniqueIDs(t, got)

	rest := allTxs(syncAll(t, NewSolana(SolanaConfig{RPCURL: srv.URL, PageSize: 2}, nil, nil), solMe, pages[0].Cursor))
	diffLines(t, "resumed", fmtTxs(rest, solMe), fmtTxs(allTxs(pages[1:]), solMe))

	final := pages[len(pages)-1].Cursor
	again, err := p.Fetch(context.Background(), solMe, final)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Txs) != 0 || again.More || again.Cursor != final {
		t.Fatalf("re-sync: %d txs, More=%v, cursor %q (want 0, false, %q)", len(again.Txs), again.More, again.Cursor, final)
	}
	for _, m := range f.methods[len(f.methods)-1:] {
		if m != "getSignaturesForAddress" {
			t.Errorf("re-sync fetched transactions again: %v", m)
		}
	}

	var nt struct {
		Signature   json.RawMessage
		Transaction json.RawMessage
	}
	decodeFixture(t, "solana/new_tx.json", &nt)
	var s struct{ Signature string }
	_ = json.Unmarshal(nt.Signature, &s)
	f.mu.Lock()
	f.sigs = append([]json.RawMessage{nt.Signature}, f.sigs...)
	f.txs[s.Signature] = nt.Transaction
	f.mu.Unlock()
	next := allTxs(syncAll(t, p, solMe, final))
	diffLines(t, "new", fmtTxs(next, solMe), []string{"2023-11-03T09:00:00Z: 0.1 solana:native " + solB + "->ME"})
}

func TestSolanaErrors(t *testing.T) {
	t.Parallel()
	f, srv := newFakeSolana(t)
	p := NewSolana(SolanaConfig{RPCURL: srv.URL}, nil, nil)
	fetch := func() error { _, err := p.Fetch(context.Background(), solMe, ""); return err }

	f.override = func(w http.ResponseWriter, _ string) bool { http.Error(w, "internal", 500); return true }
	var pe *ProviderError
	if err := fetch(); !errors.As(err, &pe) || !pe.Temporary || pe.Status != 500 {
		t.Fatalf("500: %#v", err)
	}
	f.override = func(w http.ResponseWriter, _ string) bool {
		w.Header().Set("Retry-After", "2")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests for a specific RPC call"},"id":1}`))
		return true
	}
	var rl *RateLimitError
	if err := fetch(); !errors.As(err, &rl) || rl.RetryAfter != 2*time.Second {
		t.Fatalf("429: %#v", err)
	}
	// A rate limit in a JSON-RPC error of a 200 answer.
	f.override = func(w http.ResponseWriter, m string) bool {
		if m != "getTransaction" {
			return false
		}
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32429,"message":"rate limit exceeded"},"id":1}`))
		return true
	}
	if err := fetch(); !errors.As(err, &rl) {
		t.Fatalf("rpc rate limit: %#v", err)
	}
	f.override = func(w http.ResponseWriter, _ string) bool {
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind by 42 slots","data":{"numSlotsBehind":42}},"id":1}`))
		return true
	}
	if err := fetch(); !errors.As(err, &pe) || !pe.Temporary {
		t.Fatalf("node behind: %#v", err)
	}
	f.override = func(w http.ResponseWriter, _ string) bool {
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: Invalid"},"id":1}`))
		return true
	}
	if err := fetch(); !errors.As(err, &pe) || pe.Temporary {
		t.Fatalf("invalid params: %#v", err)
	}
	// A listed signature whose transaction is not available yet: retry later.
	f.override = nil
	f.mu.Lock()
	f.txs = map[string]json.RawMessage{}
	f.mu.Unlock()
	if err := fetch(); !errors.As(err, &pe) || !pe.Temporary {
		t.Fatalf("null transaction: %#v", err)
	}
}
