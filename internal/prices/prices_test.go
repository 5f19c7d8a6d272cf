package prices

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// fakeCoinGecko serves the recorded CoinGecko answers under testdata/coingecko.
type fakeCoinGecko struct {
	t        *testing.T
	mu       sync.Mutex
	requests []string
	override func(w http.ResponseWriter, r *http.Request) bool
}

func newFake(t *testing.T) (*fakeCoinGecko, *httptest.Server) {
	f := &fakeCoinGecko{t: t}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeCoinGecko) count(prefix string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.requests {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

func (f *fakeCoinGecko) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests = append(f.requests, r.URL.RequestURI())
	override := f.override
	f.mu.Unlock()
	if override != nil && override(w, r) {
		return
	}
	if r.Header.Get("x-cg-demo-api-key") != "demo-key" {
		http.Error(w, `{"status":{"error_code":10002,"error_message":"API Key Missing"}}`, http.StatusUnauthorized)
		return
	}
	serve := func(name string) {
		b, err := os.ReadFile("testdata/coingecko/" + name)
		w.Header().Set("Content-Type", "application/json")
		if err != nil {
			w.WriteHeader(http.StatusNotFound)
			b, _ = os.ReadFile("testdata/coingecko/not_found.json")
		}
		_, _ = w.Write(b)
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v3/coins/"), "/")
	switch {
	case len(parts) == 2 && parts[1] == "history":
		serve("history_" + parts[0] + "_" + r.URL.Query().Get("date") + ".json")
	case len(parts) == 3 && parts[1] == "contract":
		serve("contract_" + parts[0] + "_" + parts[2] + ".json")
	case len(parts) == 3 && parts[1] == "market_chart" && parts[2] == "range":
		// one recorded answer serves both currencies asked (the figures are the USD ones)
		if vs := r.URL.Query().Get("vs_currency"); (vs != "usd" && vs != "gbp") || r.URL.Query().Get("from") == "" || r.URL.Query().Get("to") == "" {
			http.Error(w, "bad range query", 400)
			return
		}
		serve("market_chart_range_" + parts[0] + ".json")
	default:
		serve("nope")
	}
}

func newSource(srv *httptest.Server, cache Cache) (*Source, *Client) {
	c := NewClient(Config{BaseURL: srv.URL + "/api/v3", APIKey: "demo-key", RPS: -1})
	return NewSource(c, cache), c
}

func day(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestHistoryExactDecimal(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	_, c := newSource(srv, nil)
	p, ok, err := c.History(context.Background(), "bitcoin", day("2024-01-01T23:59:59Z"))
	if err != nil || !ok {
		t.Fatalf("History: %v %v", ok, err)
	}
	// The JSON number's text, not a float64 rounding of it.
	if p.String() != "42261.04606525977" {
		t.Errorf("price %s", p)
	}
	if got := f.requests[0]; got != "/api/v3/coins/bitcoin/history?date=01-01-2024&localization=false" {
		t.Errorf("request %s", got)
	}
}

func TestSourceUSDCacheFirst(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	cache := NewMemoryCache()
	s, _ := newSource(srv, cache)
	ctx := context.Background()
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}

	p, ok, err := s.USD(ctx, eth, day("2024-03-15T18:30:00Z"))
	if err != nil || !ok || p.String() != "3884.1394457165193" {
		t.Fatalf("USD = %s %v %v", p, ok, err)
	}
	if cache.Len() != 1 {
		t.Fatalf("cache has %d prices", cache.Len())
	}
	if got, ok, _ := cache.Get(ctx, "coingecko:ethereum", day("2024-03-15T00:00:00Z")); !ok || !got.Equal(p) {
		t.Errorf("cached %s %v", got, ok)
	}
	// Same day, another EVM chain's ETH: the same coin, read from the cache.
	baseETH := imports.AssetRef{Chain: "base", Symbol: "ETH", Decimals: 18}
	if p2, ok, err := s.USD(ctx, baseETH, day("2024-03-15T01:00:00+00:00")); err != nil || !ok || !p2.Equal(p) {
		t.Fatalf("base ETH = %s %v %v", p2, ok, err)
	}
	if n := f.count("/api/v3/coins/ethereum/history"); n != 1 {
		t.Errorf("%d history requests, want 1 (second answer from the cache)", n)
	}
	// A cached value wins over the API.
	_ = cache.Put(ctx, "coingecko:bitcoin", day("2024-01-01T00:00:00Z"), decimal.RequireFromString("1.5"), "manual")
	if p, ok, _ := s.USD(ctx, imports.AssetRef{Chain: "bitcoin"}, day("2024-01-01T12:00:00Z")); !ok || p.String() != "1.5" {
		t.Errorf("cache not read first: %s", p)
	}
	if n := f.count("/api/v3/coins/bitcoin"); n != 0 {
		t.Errorf("API asked although cached")
	}
}

func TestSourceContractTokens(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	cache := NewMemoryCache()
	s, _ := newSource(srv, cache)
	ctx := context.Background()
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", Symbol: "USDC", Decimals: 6}
	p, ok, err := s.USD(ctx, usdc, day("2024-03-15T10:00:00Z"))
	if err != nil || !ok || p.String() != "0.9999423846150254" {
		t.Fatalf("USDC 15th = %s %v %v", p, ok, err)
	}
	p, ok, err = s.USD(ctx, usdc, day("2024-03-16T10:00:00Z"))
	if err != nil || !ok || p.String() != "1.0003316286935768" {
		t.Fatalf("USDC 16th = %s %v %v", p, ok, err)
	}
	if n := f.count("/api/v3/coins/ethereum/contract/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"); n != 1 {
		t.Errorf("%d contract look-ups (lower-case address, once)", n)
	}

	// An unknown token: not found, no error, nothing cached, asked once.
	junk := imports.AssetRef{Chain: "ethereum", Contract: "0x000000000000000000000000000000000000dead"}
	for i := 0; i < 2; i++ {
		p, ok, err := s.USD(ctx, junk, day("2024-03-15T10:00:00Z"))
		if err != nil || ok || !p.IsZero() {
			t.Fatalf("unknown token = %s %v %v", p, ok, err)
		}
	}
	if n := f.count("/api/v3/coins/ethereum/contract/0x000000000000000000000000000000000000dead"); n != 1 {
		t.Errorf("%d look-ups of the unknown contract, want 1", n)
	}
	if cache.Len() != 2 {
		t.Errorf("cache has %d prices, want 2", cache.Len())
	}
}

func TestSourceNotFoundNeverMadeUp(t *testing.T) {
	t.Parallel()
	_, srv := newFake(t)
	cache := NewMemoryCache()
	s, _ := newSource(srv, cache)
	ctx := context.Background()
	cases := []struct {
		name  string
		asset imports.AssetRef
		at    string
	}{
		{"history 404", imports.AssetRef{Chain: "polygon"}, "2025-01-01T00:00:00Z"}, // no fixture: the API answers 404
		{"unknown symbol", imports.AssetRef{Symbol: "FOOBAR"}, "2024-03-15T00:00:00Z"},
		{"fiat other than USD", imports.AssetRef{Symbol: "EUR"}, "2024-03-15T00:00:00Z"},
		{"NFT", imports.AssetRef{Chain: "ethereum", Contract: "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d", TokenID: "1"}, "2024-03-15T00:00:00Z"},
		{"unknown chain", imports.AssetRef{Chain: "dogecoin"}, "2024-03-15T00:00:00Z"},
		{"day without data", imports.AssetRef{Chain: "ethereum"}, "2024-03-17T00:00:00Z"},
	}
	for _, c := range cases {
		p, ok, err := s.USD(ctx, c.asset, day(c.at))
		if err != nil || ok || !p.IsZero() {
			t.Errorf("%s: %s %v %v, want not found", c.name, p, ok, err)
		}
	}
	// CoinGecko answers a day before listing without market_data.
	_, cl := newSource(srv, nil)
	if p, ok, err := cl.History(ctx, "polygon-ecosystem-token", day("2023-01-01T00:00:00Z")); err != nil || ok {
		t.Errorf("no market_data: %s %v %v", p, ok, err)
	}
	if cache.Len() != 0 {
		t.Errorf("something was cached: %d", cache.Len())
	}
	if p, ok, err := s.USD(ctx, imports.AssetRef{Symbol: "usd"}, day("2024-03-15T00:00:00Z")); err != nil || !ok || p.String() != "1" {
		t.Errorf("USD = %s %v %v", p, ok, err)
	}
}

func TestCoinIDs(t *testing.T) {
	t.Parallel()
	_, srv := newFake(t)
	s, _ := newSource(srv, NewMemoryCache())
	ctx := context.Background()
	cases := []struct {
		asset imports.AssetRef
		at    string
		want  string
	}{
		{imports.AssetRef{Chain: "ethereum"}, "2024-01-01T00:00:00Z", "ethereum"},
		{imports.AssetRef{Chain: "arbitrum"}, "2024-01-01T00:00:00Z", "ethereum"},
		{imports.AssetRef{Chain: "optimism"}, "2024-01-01T00:00:00Z", "ethereum"},
		{imports.AssetRef{Chain: "base"}, "2024-01-01T00:00:00Z", "ethereum"},
		{imports.AssetRef{Chain: "bsc"}, "2024-01-01T00:00:00Z", "binancecoin"},
		{imports.AssetRef{Chain: "bitcoin"}, "2024-01-01T00:00:00Z", "bitcoin"},
		{imports.AssetRef{Chain: "solana"}, "2024-01-01T00:00:00Z", "solana"},
		{imports.AssetRef{Chain: "polygon"}, "2023-06-01T00:00:00Z", "matic-network"},
		{imports.AssetRef{Chain: "polygon"}, "2024-10-01T00:00:00Z", "polygon-ecosystem-token"},
		{imports.AssetRef{Symbol: "eth"}, "2024-01-01T00:00:00Z", "ethereum"},
	}
	for _, c := range cases {
		id, ok, err := s.CoinID(ctx, c.asset, day(c.at))
		if err != nil || !ok || id != c.want {
			t.Errorf("CoinID(%s, %s) = %q %v %v, want %q", c.asset.Key(), c.at, id, ok, err, c.want)
		}
	}
	// MATIC before the migration, POL after, both priced.
	for at, want := range map[string]string{"2023-06-01T09:00:00Z": "0.8944906419838297", "2024-10-01T09:00:00Z": "0.4174321230154921"} {
		p, ok, err := s.USD(ctx, imports.AssetRef{Chain: "polygon"}, day(at))
		if err != nil || !ok || p.String() != want {
			t.Errorf("polygon native at %s = %s %v %v", at, p, ok, err)
		}
	}
	for chain, want := range map[string]string{"ethereum": "ethereum", "arbitrum": "arbitrum-one", "optimism": "optimistic-ethereum",
		"polygon": "polygon-pos", "bsc": "binance-smart-chain", "base": "base", "solana": "solana"} {
		if got, ok := Platform(chain); !ok || got != want {
			t.Errorf("Platform(%s) = %s", chain, got)
		}
	}
}

func TestRangeAndPrefetch(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	cache := NewMemoryCache()
	s, c := newSource(srv, cache)
	ctx := context.Background()
	days, err := c.Range(ctx, "ethereum", day("2024-03-01T00:00:00Z"), day("2024-03-04T00:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2024-03-01 3341.3904838417443", "2024-03-02 3433.6742049958717", "2024-03-03 3421.2049683311066"}
	if len(days) != len(want) {
		t.Fatalf("%d days: %v", len(days), days)
	}
	for i, d := range days {
		if got := d.Day.Format("2006-01-02") + " " + d.USD.String(); got != want[i] {
			t.Errorf("day %d = %s, want %s", i, got, want[i])
		}
	}
	q := f.requests[0]
	if !strings.Contains(q, "from="+strconv.FormatInt(day("2024-03-01T00:00:00Z").Unix(), 10)) || !strings.Contains(q, "vs_currency=usd") {
		t.Errorf("range query %s", q)
	}

	n, err := s.Prefetch(ctx, imports.AssetRef{Chain: "arbitrum"}, day("2024-03-01T00:00:00Z"), day("2024-03-03T00:00:00Z"))
	if err != nil || n != 3 {
		t.Fatalf("Prefetch = %d %v", n, err)
	}
	p, ok, err := s.USD(ctx, imports.AssetRef{Chain: "ethereum"}, day("2024-03-02T15:00:00Z"))
	if err != nil || !ok || p.String() != "3433.6742049958717" {
		t.Fatalf("USD after prefetch = %s %v %v", p, ok, err)
	}
	if n := f.count("/api/v3/coins/ethereum/history"); n != 0 {
		t.Errorf("%d history requests after prefetch", n)
	}

	// in pounds: asked with vs_currency=gbp, cached under the GBP key only, read back by CachedIn
	eth := imports.AssetRef{Chain: "ethereum"}
	if p, ok, _ := s.CachedIn("GBP")(ctx, eth, day("2024-03-02T15:00:00Z")); ok {
		t.Fatalf("a GBP price %s before any was fetched (a USD one must not stand in)", p)
	}
	n, err = s.PrefetchIn(ctx, imports.AssetRef{Chain: "arbitrum"}, day("2024-03-01T00:00:00Z"), day("2024-03-03T00:00:00Z"), "GBP")
	if err != nil || n != 3 || !strings.Contains(f.requests[len(f.requests)-1], "vs_currency=gbp") {
		t.Fatalf("PrefetchIn = %d %v, last request %s", n, err, f.requests[len(f.requests)-1])
	}
	if p, ok, err := s.CachedIn("GBP")(ctx, eth, day("2024-03-02T15:00:00Z")); err != nil || !ok || p.String() != "3433.6742049958717" {
		t.Fatalf("CachedIn(GBP) after PrefetchIn = %s %v %v", p, ok, err)
	}
	if k := PriceKeyIn("ethereum", "GBP"); k != "coingecko:ethereum:gbp" || PriceKeyIn("ethereum", "USD") != PriceKey("ethereum") {
		t.Errorf("PriceKeyIn = %s", k)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSource(srv, NewMemoryCache())
	ctx := context.Background()
	btc := imports.AssetRef{Chain: "bitcoin"}
	rl, _ := os.ReadFile("testdata/coingecko/rate_limit.json")

	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write(rl)
		return true
	}
	_, ok, err := s.USD(ctx, btc, day("2024-01-01T00:00:00Z"))
	var rle *imports.RateLimitError
	if !errors.As(err, &rle) || rle.RetryAfter != 30*time.Second || ok {
		t.Fatalf("429: %#v", err)
	}
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write(rl)
		return true
	}
	if _, _, err = s.USD(ctx, btc, day("2024-01-01T00:00:00Z")); !errors.As(err, &rle) || rle.RetryAfter != time.Minute {
		t.Fatalf("429 without Retry-After: %#v", err)
	}
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "oops", http.StatusBadGateway)
		return true
	}
	var pe *imports.ProviderError
	if _, _, err = s.USD(ctx, btc, day("2024-01-01T00:00:00Z")); !errors.As(err, &pe) || !pe.Temporary || pe.Status != 502 {
		t.Fatalf("502: %#v", err)
	}
	f.override = func(w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, `{"error":{"status":{"error_code":10012,"error_message":"Your request exceeds the allowed time range."}}}`, http.StatusUnauthorized)
		return true
	}
	if _, _, err = s.USD(ctx, btc, day("2024-01-01T00:00:00Z")); !errors.As(err, &pe) || pe.Temporary || pe.Status != 401 {
		t.Fatalf("401: %#v", err)
	}
	if strings.Contains(err.Error(), "demo-key") {
		t.Errorf("error leaks the key: %v", err)
	}
	// A failing cache is an error, not a miss.
	f.override = nil
	s2, _ := newSource(srv, failingCache{})
	if _, _, err := s2.USD(ctx, btc, day("2024-01-01T00:00:00Z")); err == nil || !strings.Contains(err.Error(), "cache down") {
		t.Errorf("cache error: %v", err)
	}
}

type failingCache struct{}

func (failingCache) Get(context.Context, string, time.Time) (decimal.Decimal, bool, error) {
	return decimal.Zero, false, errors.New("cache down")
}
func (failingCache) Put(context.Context, string, time.Time, decimal.Decimal, string) error {
	return errors.New("cache down")
}

// TestSourceInCurrency: a client in pounds gets the coin's price in pounds (CoinGecko's "gbp"),
// cached apart from the dollar price; pounds are worth 1 and dollars have no price for it.
func TestSourceInCurrency(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	cache := NewMemoryCache()
	s, _ := newSource(srv, cache)
	ctx := context.Background()
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	gbp := s.In("GBP")
	p, ok, err := gbp(ctx, eth, day("2024-03-15T18:30:00Z"))
	if err != nil || !ok || p.String() != "33187.22" {
		t.Fatalf("GBP = %s %v %v", p, ok, err)
	}
	if got, ok, _ := cache.Get(ctx, "coingecko:ethereum:gbp", day("2024-03-15T00:00:00Z")); !ok || !got.Equal(p) {
		t.Errorf("cached %s %v", got, ok)
	}
	if _, ok, _ := cache.Get(ctx, "coingecko:ethereum", day("2024-03-15T00:00:00Z")); ok {
		t.Errorf("the pound price was cached as the dollar price")
	}
	if usd, ok, _ := s.USD(ctx, eth, day("2024-03-15T18:30:00Z")); !ok || usd.String() != "3884.1394457165193" {
		t.Errorf("USD after GBP = %s", usd)
	}
	if n := f.count("/api/v3/coins/ethereum/history"); n != 2 {
		t.Errorf("%d history requests, want one per currency", n)
	}
	if one, ok, _ := gbp(ctx, imports.AssetRef{Symbol: "GBP"}, day("2024-03-15T00:00:00Z")); !ok || !one.Equal(decimal.NewFromInt(1)) {
		t.Errorf("GBP in GBP = %s %v", one, ok)
	}
	if _, ok, _ := gbp(ctx, imports.AssetRef{Symbol: "USD"}, day("2024-03-15T00:00:00Z")); ok {
		t.Errorf("USD has a price in GBP without an FX source")
	}
}

// TestAssetName: a source's name wins; otherwise natives, fiat codes and the majors an off-chain
// symbol maps to are named, and nothing else is (no name is made up).
func TestAssetName(t *testing.T) {
	for _, c := range []struct {
		ref  imports.AssetRef
		want string
	}{
		{imports.AssetRef{Symbol: "btc"}, "Bitcoin"},
		{imports.AssetRef{Symbol: "ETH"}, "Ethereum"},
		{imports.AssetRef{Symbol: "SOL"}, "Solana"},
		{imports.AssetRef{Symbol: "USDC"}, "USD Coin"},
		{imports.AssetRef{Symbol: "AVAX"}, "Avalanche"},
		{imports.AssetRef{Symbol: "USD"}, "US Dollar"},
		{imports.AssetRef{Symbol: "ZZQX"}, ""},
		{imports.AssetRef{Symbol: "ETH", Name: "Staked Ether"}, "Staked Ether"},
		{imports.AssetRef{Chain: imports.ChainBitcoin, Symbol: "BTC"}, "Bitcoin"},
		{imports.AssetRef{Chain: imports.ChainBase, Symbol: "ETH"}, "Ether"},
		{imports.AssetRef{Chain: imports.ChainEthereum, Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC"}, ""},
	} {
		if got := AssetName(c.ref); got != c.want {
			t.Errorf("%+v: %q, want %q", c.ref, got, c.want)
		}
	}
}
