package imports

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/etherscanfake"
)

// recorded serves the recorded real transactions of internal/etherscanfake and counts the
// requests by path.
type recorded struct {
	*etherscanfake.Server
	mu    sync.Mutex
	paths map[string]int
}

func newRecorded(t *testing.T) (*recorded, *httptest.Server) {
	t.Helper()
	r := &recorded{Server: etherscanfake.New(etherscanfake.MustFixtures()), paths: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.paths[req.URL.Path]++
		r.mu.Unlock()
		r.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	return r, srv
}

func recordedEVM(t *testing.T, chain, url string, pageSize int, cache ChainCache) *EVM {
	t.Helper()
	p, err := NewEVM(chain, EtherscanConfig{BaseURL: url, APIKey: "k", PageSize: pageSize, Cache: cache}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// syncChain runs a whole sync from cursor and returns every page's ChainTxs and Txs.
func syncChain(t *testing.T, p *EVM, address, cursor string) ([]ChainTx, []Tx, []Page) {
	t.Helper()
	var cts []ChainTx
	var txs []Tx
	var pages []Page
	for i := 0; ; i++ {
		pg, err := p.Fetch(context.Background(), address, cursor)
		if err != nil {
			t.Fatal(err)
		}
		cts = append(cts, pg.Chain...)
		txs = append(txs, pg.Txs...)
		pages = append(pages, pg)
		cursor = pg.Cursor
		if !pg.More {
			return cts, txs, pages
		}
		if i > 100 {
			t.Fatal("no end")
		}
	}
}

func hexInt(t *testing.T, s string) *big.Int {
	t.Helper()
	if s == "" {
		return new(big.Int)
	}
	n, ok := new(big.Int).SetString(strings.TrimPrefix(s, "0x"), 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return n
}

func findChainTx(cts []ChainTx, hash string) (ChainTx, bool) {
	for _, ct := range cts {
		if ct.Hash == hash {
			return ct, true
		}
	}
	return ChainTx{}, false
}

// Every recorded transaction reaches its wallet's sync with the receipt's facts: the fee is
// gasUsed x effectiveGasPrice + l1Fee in wei, computed here from the recording.
func TestEVMRecordedTransactions(t *testing.T) {
	t.Parallel()
	rec, srv := newRecorded(t)
	fixtures := etherscanfake.MustFixtures()
	byWallet := map[etherscanfake.Wallet][]ChainTx{}
	for _, w := range etherscanfake.Wallets(fixtures) {
		cts, _, _ := syncChain(t, recordedEVM(t, w.Chain, srv.URL, 1000, nil), w.Address, "")
		byWallet[w] = cts
	}
	for _, f := range fixtures {
		ct, ok := findChainTx(byWallet[etherscanfake.Wallet{Chain: f.Chain, Address: f.Wallet}], f.Tx.Hash)
		if !ok {
			t.Errorf("%s %s (%s): not in its wallet's sync", f.Chain, f.Tx.Hash, f.Shape)
			continue
		}
		wei := new(big.Int).Mul(hexInt(t, f.Receipt.GasUsed), hexInt(t, f.Receipt.EffectiveGasPrice))
		wei.Add(wei, hexInt(t, f.Receipt.L1Fee))
		if want := decimal.NewFromBigInt(wei, -18); !ct.Fee.Equal(want) {
			t.Errorf("%s: fee %s, want %s", f.Tx.Hash, ct.Fee, want)
		}
		if ct.Failed != (f.Receipt.Status == "0x0") || len(ct.Logs) != len(f.Receipt.Logs) || ct.From != f.Tx.From ||
			ct.Block != hexInt(t, f.Tx.BlockNumber).Uint64() || ct.Time.Unix() != f.Timestamp {
			t.Errorf("%s: failed %v logs %d from %s block %d time %v", f.Tx.Hash, ct.Failed, len(ct.Logs), ct.From, ct.Block, ct.Time)
		}
		if wantValue := decimal.NewFromBigInt(hexInt(t, f.Tx.Value), -18); !ct.Value.Equal(wantValue) {
			t.Errorf("%s: value %s, want %s", f.Tx.Hash, ct.Value, wantValue)
		}
		if len(f.Tx.Input) >= 10 && ct.MethodID != f.Tx.Input[:10] {
			t.Errorf("%s: method id %q", f.Tx.Hash, ct.MethodID)
		}
		for _, m := range ct.Missing {
			if !strings.HasPrefix(m, "metadata:") {
				t.Errorf("%s: missing %q", f.Tx.Hash, m)
			}
		}
	}
	for _, action := range append(slices.Clone(evmActions), "eth_getTransactionReceipt", "eth_getTransactionByHash") {
		if rec.Count(action) == 0 {
			t.Errorf("no %s request", action)
		}
	}
}

func TestEVMRecordedPagingResumeAndCache(t *testing.T) {
	t.Parallel()
	const wallet = "0xC37b40ABdB939635068d3c5f13E7faF686F03B65" // six recorded transactions on three chains
	_, srv := newRecorded(t)
	whole, wholeTxs, _ := syncChain(t, recordedEVM(t, "base", srv.URL, 1000, nil), wallet, "")
	if len(whole) != 3 {
		t.Fatalf("%d base transactions, want 3", len(whole))
	}
	for _, size := range []int{1, 2} {
		rec, srv := newRecorded(t)
		cache := NewMemoryChainCache()
		paged, pagedTxs, pages := syncChain(t, recordedEVM(t, "base", srv.URL, size, cache), wallet, "")
		if len(pages) < 2 {
			t.Fatalf("page size %d: %d pages", size, len(pages))
		}
		if hashes(paged) != hashes(whole) || len(pagedTxs) != len(wholeTxs) {
			t.Errorf("page size %d: %s, want %s", size, hashes(paged), hashes(whole))
		}
		// Resuming from a stored mid-sync cursor gives the rest.
		rest, _, _ := syncChain(t, recordedEVM(t, "base", srv.URL, size, cache), wallet, pages[0].Cursor)
		if hashes(rest) != hashes(paged[len(pages[0].Chain):]) {
			t.Errorf("page size %d: resumed %s", size, hashes(rest))
		}
		// A re-sync from the start reads the lists again but no receipt: the cache holds them.
		receipts := rec.Count("eth_getTransactionReceipt")
		if receipts != len(whole) || cache.Len() != len(whole) {
			t.Errorf("page size %d: %d receipts read, %d cached, want %d", size, receipts, cache.Len(), len(whole))
		}
		again, _, _ := syncChain(t, recordedEVM(t, "base", srv.URL, size, cache), wallet, "")
		if rec.Count("eth_getTransactionReceipt") != receipts || rec.Count("eth_getTransactionByHash") != 0 || hashes(again) != hashes(whole) {
			t.Errorf("page size %d: a re-sync read %d receipts more", size, rec.Count("eth_getTransactionReceipt")-receipts)
		}
	}
}

func hashes(cts []ChainTx) string {
	var b strings.Builder
	for _, ct := range cts {
		b.WriteString(ct.Hash[:10] + " ")
	}
	return b.String()
}

// A Blockscout-style API: one URL per chain, with a path.
func TestEVMRecordedBlockscoutURL(t *testing.T) {
	t.Parallel()
	rec, srv := newRecorded(t)
	reg := NewRegistry(Config{Etherscan: EtherscanConfig{BaseURL: "http://127.0.0.1:1/unused", RPS: -1,
		ChainBaseURLs: map[string]string{"base": srv.URL + "/base/api"}}})
	p, _ := reg.Provider("base")
	pg, err := p.Fetch(context.Background(), "0xf396e7dbb20489d47f2dabfda013163223b892a0", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Chain) != 1 || len(pg.Chain[0].Missing) != 0 || rec.paths["/base/api"] == 0 || len(rec.paths) != 1 {
		t.Errorf("chain %+v, paths %v", pg.Chain, rec.paths)
	}
}

// recordedTx syncs wallet on chain and returns the ChainTx and legs of hash.
func recordedTx(t *testing.T, chain, wallet, hash string) (ChainTx, Tx) {
	t.Helper()
	_, srv := newRecorded(t)
	cts, txs, _ := syncChain(t, recordedEVM(t, chain, srv.URL, 1000, nil), wallet, "")
	ct, ok := findChainTx(cts, hash)
	if !ok {
		t.Fatalf("%s not synced", hash)
	}
	for _, tx := range txs {
		if tx.Hash == hash {
			return ct, tx
		}
	}
	return ct, Tx{}
}

func legs(tx Tx, me string) []string {
	var out []string
	for _, tr := range tx.Transfers {
		s := tr.Quantity.String() + " " + tr.Asset.Key()
		if tr.Asset.Symbol != "" {
			s += " " + tr.Asset.Symbol
		}
		from, to := tr.From, tr.To
		if from == me {
			from = "ME"
		}
		if to == me {
			to = "ME"
		}
		s += " " + from + "->" + to
		if tr.IsFee {
			s = "fee " + s
		}
		out = append(out, s)
	}
	return out
}

// The legs of recorded transactions; the fee leg is the ChainTx's fee, which
// TestEVMRecordedTransactions checks against the receipts (with the L1 data fee on Base).
func TestEVMRecordedLegs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, chain, wallet, hash string
		want                      []string
	}{
		{"base wrap: fee with the L1 data fee", "base", "0xF396e7dBB20489D47F2daBfDA013163223B892a0",
			"0x0d418e4a858ca5faf00c36b685561ca0fdac52ebd10364bf2cb6d7b5969e84e5", nil},
		{"ENS registration: the refund netted against the value sent", "ethereum", "0x706a70067be19bdadbea3600db0626859ff25d74",
			"0x0aa66c2ca8d917c7b18a0ba022abcacdca6e50d10a941e6f57c58e329f448ee6", nil},
		{"NFT minted for USDC: token id kept", "ethereum", "0xd161f7fa342dcefeafdeb0827b83a400f57ad0a4",
			"0x8896c30e52bfc3a1044eca1cf126973845c46a3782e6d4f274590772b1213e55", nil},
	}
	// The expected legs are hand arithmetic on the recordings (wei / 10^18, USDC / 10^6).
	cases[0].want = []string{
		// WETH's Deposit event is no Transfer: the wrapped side is for the classification stage
		"1.2 base:native ETH ME->0x4200000000000000000000000000000000000006",
	}
	cases[1].want = []string{
		// 3927431387104229 sent, 77008458570671 refunded
		"0.003850422928533558 ethereum:native ETH ME->0x253553366da8546fc250f225fe3d25d0c782303b",
		"1 ethereum:0xd4416b13d2b3a9abae7acd5d6c2bbdbe25686401:91679817133015463989818223905685161406090906080535943646748616991772960098948 0x0000000000000000000000000000000000000000->ME",
	}
	cases[2].want = []string{
		"1200 ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 USDC ME->0x0bebd2fca9854f657329324aa7dc90f656395189",
		"1 ethereum:0x3337286e850cf01b8a8b6094574f0dd6a2108b16:1 0x0000000000000000000000000000000000000000->ME",
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ct, tx := recordedTx(t, tc.chain, tc.wallet, tc.hash)
			got := legs(tx, tc.wallet)
			fee := got[len(got)-1]
			if !strings.HasPrefix(fee, "fee "+ct.Fee.String()+" ") {
				t.Errorf("fee leg %q, want %s", fee, ct.Fee)
			}
			if !slices.Equal(got[:len(got)-1], tc.want) {
				t.Errorf("legs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// A receipt the API cannot give leaves Missing=["receipt"] and the tokens of the lists; the
// sync goes on.
func TestEVMRecordedReceiptFailure(t *testing.T) {
	t.Parallel()
	rec, srv := newRecorded(t)
	const hash = "0x8896c30e52bfc3a1044eca1cf126973845c46a3782e6d4f274590772b1213e55"
	rec.FailReceipt(hash)
	cts, _, _ := syncChain(t, recordedEVM(t, "ethereum", srv.URL, 1000, nil), "0xd161f7fa342dcefeafdeb0827b83a400f57ad0a4", "")
	ct, ok := findChainTx(cts, hash)
	if !ok {
		t.Fatal("not synced")
	}
	if !slices.Equal(ct.Missing, []string{"receipt"}) || ct.Logs != nil || len(ct.Tokens) != 2 {
		t.Fatalf("missing %v, %d logs, tokens %+v", ct.Missing, len(ct.Logs), ct.Tokens)
	}
	for _, m := range ct.Tokens {
		if m.LogIndex != -1 || (m.Standard == ERC721 && m.TokenID != "1") || (m.Standard == ERC20 && (m.Symbol != "USDC" || m.Decimals != 6)) {
			t.Errorf("token from the lists: %+v", m)
		}
	}
}

// A rate limit fails the page (the sync retries it); it is not a missing receipt.
func TestEVMRecordedRateLimit(t *testing.T) {
	t.Parallel()
	rec, srv := newRecorded(t)
	p := recordedEVM(t, "ethereum", srv.URL, 1000, NewMemoryChainCache())
	rec.RateLimit(1)
	_, err := p.Fetch(context.Background(), "0xd161f7fa342dcefeafdeb0827b83a400f57ad0a4", "")
	var rl *RateLimitError
	if !errors.As(err, &rl) {
		t.Fatalf("got %v", err)
	}
}

// A solver-settled swap: the wallet did not send the transaction; the provider reads it by
// hash, and the legs carry no fee.
func TestEVMRecordedSomeoneElsesTransaction(t *testing.T) {
	t.Parallel()
	const wallet = "0xc37b40abdb939635068d3c5f13e7faf686f03b65"
	ct, tx := recordedTx(t, "arbitrum", wallet, "0xd1b5ca7b7616f827216d4fd541f87b5c4571e568754f1d05ad87370975d4c69a")
	// WETH moves between the settlement and pools only: no list of the wallet names it.
	if ct.From == wallet || ct.To == "" || ct.MethodID == "" || !slices.Equal(ct.Missing, []string{"metadata:0x82af49447d8a07e3bd95bd0d56f35241523fbab1"}) {
		t.Errorf("chain tx from %s to %s method %s missing %v", ct.From, ct.To, ct.MethodID, ct.Missing)
	}
	got := legs(tx, wallet)
	if len(got) != 2 || strings.HasPrefix(got[0], "fee") || strings.HasPrefix(got[1], "fee") {
		t.Errorf("legs %v: want what left and what arrived, no fee", got)
	}
}

// On Base (OP stack) the sender pays the L2 execution and the L1 data fee of the receipt.
func TestEVMRecordedL1Fee(t *testing.T) {
	t.Parallel()
	const hash = "0x0d418e4a858ca5faf00c36b685561ca0fdac52ebd10364bf2cb6d7b5969e84e5"
	var f etherscanfake.Fixture
	for _, x := range etherscanfake.MustFixtures() {
		if x.Tx.Hash == hash {
			f = x
		}
	}
	l2 := decimal.NewFromBigInt(new(big.Int).Mul(hexInt(t, f.Receipt.GasUsed), hexInt(t, f.Receipt.EffectiveGasPrice)), -18)
	l1 := decimal.NewFromBigInt(hexInt(t, f.Receipt.L1Fee), -18)
	ct, tx := recordedTx(t, "base", f.Wallet, hash)
	if l1.Sign() <= 0 || !ct.Fee.Equal(l2.Add(l1)) || !tx.Transfers[len(tx.Transfers)-1].Quantity.Equal(l2.Add(l1)) {
		t.Errorf("fee %s, want %s + %s", ct.Fee, l2, l1)
	}
}

// A stored transaction is completed by what a later sync's lists know: the metadata of a token
// stored as unknown (its raw amount scaled), internal moves touching the new account.
func TestEVMUpdatesStoredTransaction(t *testing.T) {
	t.Parallel()
	const weth = "0x82af49447d8a07e3bd95bd0d56f35241523fbab1"
	e := recordedEVM(t, "arbitrum", "http://127.0.0.1:1", 10, nil)
	ct := ChainTx{Chain: "arbitrum", Hash: "0x01",
		Tokens:  []TokenMove{{Standard: ERC20, Contract: weth, From: "0xa", To: "0xb", Quantity: decimal.RequireFromString("1500000000000000000"), LogIndex: 3}},
		Missing: []string{"metadata:" + weth}}
	if e.update(&ct, &pending{}, nil) || ct.Tokens[0].Decimals != 0 {
		t.Fatalf("changed without news: %+v", ct)
	}
	e.learn(etherscanRow{ContractAddress: weth, TokenSymbol: "WETH", TokenName: "Wrapped Ether", TokenDecimal: "18"}, ERC20)
	refund := NativeMove{From: "0xrouter", To: "0xme", Quantity: decimal.RequireFromString("0.5")}
	if !e.update(&ct, &pending{}, []NativeMove{refund}) {
		t.Fatal("no change")
	}
	m := ct.Tokens[0]
	if m.Symbol != "WETH" || m.Decimals != 18 || !m.Quantity.Equal(decimal.RequireFromString("1.5")) || len(ct.Missing) != 0 || len(ct.Internal) != 1 {
		t.Errorf("updated: %+v, missing %v, internal %v", m, ct.Missing, ct.Internal)
	}
	if e.update(&ct, &pending{}, []NativeMove{refund}) {
		t.Error("the same news twice changed it again")
	}
}
