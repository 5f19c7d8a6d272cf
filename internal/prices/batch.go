package prices

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// Lookup is a price look-up: the price of one unit of asset on the UTC day of at (the shape of
// ledger.PriceFunc).
type Lookup = func(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error)

// ForSync is the price look-up of one sync page (or any batch of transactions) in currency. It
// prices what txs need in one pass: per coin, the days its transfers fall on that the cache lacks
// are asked in one range request (market_chart/range) instead of one request per day, and stored
// in the cache; every look-up is then memoised per asset and day, so the page asks the cache at
// most once for each. A coin missing a single day is left to the look-up itself (one request
// either way). A range the API refuses (a plan's history limit, an unknown coin) leaves those days
// to the per-day look-ups; a rate limit or an outage is returned, as the look-ups would return it.
func (s *Source) ForSync(ctx context.Context, currency string, txs []imports.Tx) (Lookup, error) {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" {
		cur = "USD"
	}
	if err := s.prefetchDays(ctx, cur, txs); err != nil {
		return nil, err
	}
	type result struct {
		price decimal.Decimal
		found bool
	}
	var mu sync.Mutex
	memo := map[string]result{}
	return func(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		k := asset.Key() + "|" + Day(at).Format(time.DateOnly)
		mu.Lock()
		r, ok := memo[k]
		mu.Unlock()
		if ok {
			return r.price, r.found, nil
		}
		p, found, err := s.price(ctx, asset, at, cur)
		if err != nil {
			return p, found, err
		}
		mu.Lock()
		memo[k] = result{p, found}
		mu.Unlock()
		return p, found, nil
	}, nil
}

// prefetchDays fills the cache with one range request per coin for the uncached days txs need.
func (s *Source) prefetchDays(ctx context.Context, cur string, txs []imports.Tx) error {
	if s.cache == nil {
		return nil
	}
	days := map[string]map[time.Time]bool{} // coin id -> days
	seen := map[string]bool{}
	for _, tx := range txs {
		for _, tr := range tx.Transfers {
			a := tr.Asset
			day := Day(tx.Time)
			k := a.Key() + "|" + day.Format(time.DateOnly)
			if seen[k] || a.TokenID != "" || (a.Chain == "" && imports.IsFiat(a.Symbol)) {
				continue
			}
			seen[k] = true
			id, ok, err := s.CoinID(ctx, a, day)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if _, cached, err := s.cache.Get(ctx, PriceKeyIn(id, cur), day); err != nil {
				return err
			} else if cached {
				continue
			}
			if days[id] == nil {
				days[id] = map[time.Time]bool{}
			}
			days[id][day] = true
		}
	}
	ids := make([]string, 0, len(days))
	for id := range days {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if len(days[id]) < 2 {
			continue
		}
		var from, to time.Time
		for d := range days[id] {
			if from.IsZero() || d.Before(from) {
				from = d
			}
			if d.After(to) {
				to = d
			}
		}
		got, err := s.client.RangeIn(ctx, id, from, to.Add(24*time.Hour), strings.ToLower(cur))
		if err != nil {
			if imports.IsTemporary(err) || ctx.Err() != nil {
				return err
			}
			continue // the per-day look-ups ask, and report, what the range could not give
		}
		for _, d := range got {
			if days[id][d.Day] {
				if err := s.cache.Put(ctx, PriceKeyIn(id, cur), d.Day, d.USD, SourceName); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
