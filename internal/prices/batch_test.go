package prices

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// countingCache counts the reads of a MemoryCache.
type countingCache struct {
	*MemoryCache
	gets int
}

func (c *countingCache) Get(ctx context.Context, key string, day time.Time) (decimal.Decimal, bool, error) {
	c.gets++
	return c.MemoryCache.Get(ctx, key, day)
}

func TestForSyncOneRangePerCoin(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	cache := &countingCache{MemoryCache: NewMemoryCache()}
	s, _ := newSource(srv, cache)
	ctx := context.Background()
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	arb := imports.AssetRef{Chain: "arbitrum", Symbol: "ETH", Decimals: 18}
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6}
	nft := imports.AssetRef{Chain: "ethereum", Contract: "0x3337286e850cf01b8a8b6094574f0dd6a2108b16", TokenID: "1"}
	tx := func(at string, assets ...imports.AssetRef) imports.Tx {
		out := imports.Tx{Time: day(at)}
		for _, a := range assets {
			out.Transfers = append(out.Transfers, imports.Transfer{Asset: a, Quantity: decimal.NewFromInt(1)})
		}
		return out
	}
	txs := []imports.Tx{
		tx("2024-03-01T08:00:00Z", eth, eth),
		tx("2024-03-02T09:00:00Z", arb),
		tx("2024-03-03T23:59:00Z", eth, nft),
		tx("2024-03-15T10:00:00Z", eth, usdc),
		tx("2024-03-16T10:00:00Z", usdc),
	}
	look, err := s.ForSync(ctx, "USD", txs)
	if err != nil {
		t.Fatal(err)
	}
	// One range request per coin with two days or more; usd-coin's range is refused (404), so
	// its days go by the per-day look-up.
	if n, m := f.count("/api/v3/coins/ethereum/market_chart/range"), f.count("/api/v3/coins/usd-coin/market_chart/range"); n != 1 || m != 1 {
		t.Errorf("range requests: ethereum %d, usd-coin %d; want 1 each", n, m)
	}
	want := map[string]string{ // the recorded answers (history for the days the range lacks)
		"ethereum:native 2024-03-01":                                     "3341.3904838417443",
		"arbitrum:native 2024-03-02":                                     "3433.6742049958717",
		"ethereum:native 2024-03-03":                                     "3421.2049683311066",
		"ethereum:native 2024-03-15":                                     "",
		"ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 2024-03-15": "",
		"ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 2024-03-16": "",
	}
	// The days the range does not hold: what a Source without batching answers.
	plain, _ := newSource(srv, NewMemoryCache())
	for _, tx := range txs {
		for _, tr := range tx.Transfers {
			k := tr.Asset.Key() + " " + tx.Time.Format(time.DateOnly)
			if w, ok := want[k]; ok && w == "" {
				p, found, err := plain.USD(ctx, tr.Asset, tx.Time)
				if err != nil || !found {
					t.Fatalf("%s: %v %v", k, found, err)
				}
				want[k] = p.String()
			}
		}
	}
	historyBefore := f.count("/api/v3/coins/ethereum/history") + f.count("/api/v3/coins/usd-coin/history")
	for pass := 0; pass < 2; pass++ {
		for _, tx := range txs {
			for _, tr := range tx.Transfers {
				p, found, err := look(ctx, tr.Asset, tx.Time)
				k := tr.Asset.Key() + " " + tx.Time.Format(time.DateOnly)
				if tr.Asset.TokenID != "" {
					if found || err != nil {
						t.Errorf("%s: an NFT priced %s", k, p)
					}
					continue
				}
				if err != nil || !found || p.String() != want[k] {
					t.Errorf("%s: %s %v %v, want %s", k, p, found, err, want[k])
				}
			}
		}
	}
	// The batched look-up asked history only for the days the ranges lacked (3, once each; the
	// plain source above asked as many), and the cache at most once per asset and day.
	if n := f.count("/api/v3/coins/ethereum/history") + f.count("/api/v3/coins/usd-coin/history") - historyBefore; n != 3 {
		t.Errorf("%d history requests by the batched look-up, want 3", n)
	}
	if before := cache.gets; before > 2*len(want) {
		t.Errorf("%d cache reads for %d asset-days", before, len(want))
	}
}
