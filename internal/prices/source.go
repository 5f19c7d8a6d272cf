package prices

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// Cache stores prices per price key (a coin in a currency, PriceKeyIn) and UTC day. The lead's
// implementation is the Postgres prices table (price_key, day, usd, source: the usd column holds
// the price in the key's currency); MemoryCache is for tests.
type Cache interface {
	Get(ctx context.Context, key string, day time.Time) (decimal.Decimal, bool, error)
	Put(ctx context.Context, key string, day time.Time, usd decimal.Decimal, source string) error
}

// SourceName is the source recorded with cached prices.
const SourceName = "coingecko"

// polygonPOLSince is when MATIC became POL (CoinGecko lists them as two coins).
var polygonPOLSince = time.Date(2024, 9, 4, 0, 0, 0, 0, time.UTC)

// NativeCoinID returns the CoinGecko id of a chain's native coin on a given day.
func NativeCoinID(chain string, day time.Time) (string, bool) {
	switch chain {
	case imports.ChainEthereum, imports.ChainBase, imports.ChainArbitrum, imports.ChainOptimism:
		return "ethereum", true
	case imports.ChainPolygon:
		if day.Before(polygonPOLSince) {
			return "matic-network", true
		}
		return "polygon-ecosystem-token", true
	case imports.ChainBSC:
		return "binancecoin", true
	case imports.ChainBitcoin:
		return "bitcoin", true
	case imports.ChainSolana:
		return "solana", true
	}
	return "", false
}

// Platform returns CoinGecko's asset platform id of a chain (for contract look-ups).
func Platform(chain string) (string, bool) {
	p, ok := map[string]string{
		imports.ChainEthereum: "ethereum",
		imports.ChainBase:     "base",
		imports.ChainArbitrum: "arbitrum-one",
		imports.ChainOptimism: "optimistic-ethereum",
		imports.ChainPolygon:  "polygon-pos",
		imports.ChainBSC:      "binance-smart-chain",
		imports.ChainSolana:   "solana",
	}[chain]
	return p, ok
}

// Source answers "what was this asset worth in USD on that day", cache first.
type Source struct {
	client *Client
	cache  Cache

	mu        sync.Mutex
	contracts map[string]contractID // asset key -> coin id (found or not), for this process
}

type contractID struct {
	id    string
	found bool
}

// NewSource returns a Source reading through cache (which may be nil: no caching).
func NewSource(client *Client, cache Cache) *Source {
	return &Source{client: client, cache: cache, contracts: map[string]contractID{}}
}

// CoinID returns the CoinGecko id of asset on day: natives by table, tokens by contract look-up
// (remembered for the life of the Source), off-chain symbols by a table of unambiguous majors.
// found is false for an asset CoinGecko does not know.
func (s *Source) CoinID(ctx context.Context, asset imports.AssetRef, day time.Time) (string, bool, error) {
	switch {
	case asset.Chain == "":
		id, ok := symbolCoinIDs[strings.ToUpper(asset.Symbol)]
		return id, ok, nil
	case asset.Contract == "":
		id, ok := NativeCoinID(asset.Chain, day)
		return id, ok, nil
	case asset.TokenID != "":
		return "", false, nil // NFTs have no daily price here
	}
	platform, ok := Platform(asset.Chain)
	if !ok {
		return "", false, nil
	}
	key := asset.Key()
	s.mu.Lock()
	c, cached := s.contracts[key]
	s.mu.Unlock()
	if cached {
		return c.id, c.found, nil
	}
	contract := asset.Contract
	if imports.IsEVM(asset.Chain) {
		contract = strings.ToLower(contract)
	}
	id, found, err := s.client.ContractCoinID(ctx, platform, contract)
	if err != nil {
		return "", false, err
	}
	s.mu.Lock()
	s.contracts[key] = contractID{id, found}
	s.mu.Unlock()
	return id, found, nil
}

// PriceKey is the cache key of a coin's USD price: "coingecko:<id>".
func PriceKey(coinID string) string { return "coingecko:" + coinID }

// PriceKeyIn is the cache key of a coin's price in currency (ISO 4217): PriceKey for USD,
// "coingecko:<id>:gbp" for GBP.
func PriceKeyIn(coinID, currency string) string {
	cur := strings.ToLower(strings.TrimSpace(currency))
	if cur == "" || cur == "usd" {
		return PriceKey(coinID)
	}
	return PriceKey(coinID) + ":" + cur
}

// USD returns the USD price of one unit of asset on the UTC day of at. USD itself is 1. found is
// false when no price is known (unknown asset, or the API has no price for that day): the caller
// flags the value as missing; no value is ever made up.
func (s *Source) USD(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
	return s.price(ctx, asset, at, "USD")
}

// In returns the price look-up of a client whose figures are in currency (ISO 4217): USD for USD,
// otherwise the coin's price in that currency (CoinGecko's vs_currency), cached under a key of its
// own ("coingecko:<id>:gbp"); the currency itself is 1 and other fiat has no price.
func (s *Source) In(currency string) func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" || cur == "USD" {
		return s.USD
	}
	return func(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		return s.price(ctx, asset, at, cur)
	}
}

func (s *Source) price(ctx context.Context, asset imports.AssetRef, at time.Time, cur string) (decimal.Decimal, bool, error) {
	day := Day(at)
	if asset.Chain == "" && strings.EqualFold(asset.Symbol, cur) {
		return decimal.NewFromInt(1), true, nil
	}
	if asset.Chain == "" && imports.IsFiat(asset.Symbol) {
		return decimal.Zero, false, nil // other fiat needs an FX source
	}
	id, ok, err := s.CoinID(ctx, asset, day)
	if err != nil || !ok {
		return decimal.Zero, false, err
	}
	key := PriceKeyIn(id, cur)
	if s.cache != nil {
		if p, ok, err := s.cache.Get(ctx, key, day); err != nil {
			return decimal.Zero, false, err
		} else if ok {
			return p, true, nil
		}
	}
	p, ok, err := s.client.HistoryIn(ctx, id, day, strings.ToLower(cur))
	if err != nil || !ok {
		return decimal.Zero, false, err
	}
	if s.cache != nil {
		if err := s.cache.Put(ctx, key, day, p, SourceName); err != nil {
			return decimal.Zero, false, err
		}
	}
	return p, true, nil
}

// CachedUSD is USD without network calls: only prices already in the cache, for coins whose id is
// known offline (natives, the symbol table, contracts this Source has looked up). For request paths
// that must not wait on the price API.
func (s *Source) CachedUSD(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
	return s.cached(ctx, asset, at, "USD")
}

// CachedIn is In without network calls (CachedUSD in currency).
func (s *Source) CachedIn(currency string) func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" {
		cur = "USD"
	}
	return func(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		return s.cached(ctx, asset, at, cur)
	}
}

func (s *Source) cached(ctx context.Context, asset imports.AssetRef, at time.Time, cur string) (decimal.Decimal, bool, error) {
	day := Day(at)
	if asset.Chain == "" && strings.EqualFold(asset.Symbol, cur) {
		return decimal.NewFromInt(1), true, nil
	}
	if s.cache == nil || (asset.Chain == "" && imports.IsFiat(asset.Symbol)) || asset.TokenID != "" {
		return decimal.Zero, false, nil
	}
	var id string
	var ok bool
	switch {
	case asset.Chain == "":
		id, ok = symbolCoinIDs[strings.ToUpper(asset.Symbol)]
	case asset.Contract == "":
		id, ok = NativeCoinID(asset.Chain, day)
	default:
		s.mu.Lock()
		c, cached := s.contracts[asset.Key()]
		s.mu.Unlock()
		id, ok = c.id, cached && c.found
	}
	if !ok {
		return decimal.Zero, false, nil
	}
	return s.cache.Get(ctx, PriceKeyIn(id, cur), day)
}

// Prefetch fills the cache with one price per day of [from, to] for asset in one call
// (market_chart/range); later USD calls for those days hit the cache. It returns how many days
// were stored.
func (s *Source) Prefetch(ctx context.Context, asset imports.AssetRef, from, to time.Time) (int, error) {
	return s.PrefetchIn(ctx, asset, from, to, "USD")
}

// PrefetchIn is Prefetch of the prices in currency (ISO 4217), cached under PriceKeyIn.
func (s *Source) PrefetchIn(ctx context.Context, asset imports.AssetRef, from, to time.Time, currency string) (int, error) {
	if s.cache == nil {
		return 0, nil
	}
	id, ok, err := s.CoinID(ctx, asset, to)
	if err != nil || !ok {
		return 0, err
	}
	cur := strings.ToLower(strings.TrimSpace(currency))
	if cur == "" {
		cur = "usd"
	}
	days, err := s.client.RangeIn(ctx, id, Day(from), Day(to).Add(24*time.Hour), cur)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range days {
		if d.Day.Before(Day(from)) || d.Day.After(Day(to)) {
			continue
		}
		if err := s.cache.Put(ctx, PriceKeyIn(id, cur), d.Day, d.USD, SourceName); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// MemoryCache is an in-memory Cache for tests and tools.
type MemoryCache struct {
	mu     sync.Mutex
	prices map[string]memEntry
}

type memEntry struct {
	usd    decimal.Decimal
	source string
}

// NewMemoryCache returns an empty MemoryCache.
func NewMemoryCache() *MemoryCache { return &MemoryCache{prices: map[string]memEntry{}} }

func memKey(key string, day time.Time) string { return key + "|" + Day(day).Format("2006-01-02") }

// Get implements Cache.
func (m *MemoryCache) Get(_ context.Context, key string, day time.Time) (decimal.Decimal, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.prices[memKey(key, day)]
	return e.usd, ok, nil
}

// Put implements Cache.
func (m *MemoryCache) Put(_ context.Context, key string, day time.Time, usd decimal.Decimal, source string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.prices[memKey(key, day)] = memEntry{usd, source}
	return nil
}

// Len returns the number of cached prices.
func (m *MemoryCache) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.prices)
}

// SymbolCoinID returns the coin of an unambiguous major's symbol (the table CoinID uses for
// off-chain assets); it needs no network.
func SymbolCoinID(symbol string) (string, bool) {
	id, ok := symbolCoinIDs[strings.ToUpper(symbol)]
	return id, ok
}
