package portfolio

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/imports"
	"taxd/internal/prices"
)

// Prices come from the price service's Postgres cache (table prices, one price per coin, currency
// and UTC day): a client's prices are in its currency, under prices.PriceKeyIn (a USD price is
// never converted). Online, a missing current price is fetched through the service (a bounded number per
// request, under a deadline); offline, or when the feed has none, the price stays missing and the
// value is flagged (null), never made up.

const (
	// maxFetchPerRequest bounds the price look-ups one request may make upstream.
	maxFetchPerRequest = 8
	fetchTimeout       = 3 * time.Second
	// latestWithin is how old the newest cached price may be to count as current.
	latestWithin = 3 * 24 * time.Hour
)

// priced is what the portfolio needs of an asset's price now.
type priced struct {
	now, dayAgo *decimal.Decimal
	// last is the last known price of an asset without a current one (now nil), cached on day asOf.
	last *decimal.Decimal
	asOf time.Time
}

// coinOf returns the price feed coin of an asset, without the network: natives by chain, then the
// asset's price source id (an unambiguous major's symbol maps to its coin; anything else is taken
// as the feed's coin id), then an off-chain asset's symbol. Tokens by contract need the network
// (lookUpCoin).
func coinOf(a Asset, day time.Time) (string, bool) {
	if a.TokenID != nil || a.Type == "NFT" {
		return "", false
	}
	if a.Chain != nil && a.ContractAddress == nil && strings.HasSuffix(a.Key, ":native") {
		if id, ok := prices.NativeCoinID(*a.Chain, day); ok {
			return id, true
		}
	}
	if a.PriceSourceID != nil && *a.PriceSourceID != "" {
		if id, ok := prices.SymbolCoinID(*a.PriceSourceID); ok {
			return id, true
		}
		return strings.ToLower(*a.PriceSourceID), true
	}
	if a.Chain == nil || strings.HasPrefix(a.Key, "symbol:") {
		return prices.SymbolCoinID(a.Symbol)
	}
	return "", false
}

// resolveCoins maps assets to feed coins: coinOf, then (online) the feed's contract look-up, which
// the price service remembers for the life of the process; a few look-ups per request at most.
func (s *Service) resolveCoins(ctx context.Context, assets []Asset, day time.Time, cur string) (map[uuid.UUID]string, []string) {
	coins := map[uuid.UUID]string{}
	var keys []string
	looked := 0
	for _, a := range assets {
		id, ok := coinOf(a, day)
		if !ok && s.prices != nil && a.ContractAddress != nil && a.TokenID == nil && looked < maxFetchPerRequest {
			looked++
			lctx, cancel := context.WithTimeout(ctx, fetchTimeout)
			id, ok, _ = s.prices.CoinID(lctx, a.ref(), day)
			cancel()
		}
		if ok {
			coins[a.ID] = id
			keys = append(keys, prices.PriceKeyIn(id, cur))
		}
	}
	return coins, keys
}

func (a Asset) ref() imports.AssetRef {
	r := imports.AssetRef{Symbol: a.Symbol, Name: a.Name}
	if a.Chain != nil {
		r.Chain = *a.Chain
	}
	if a.ContractAddress != nil {
		r.Contract = *a.ContractAddress
	}
	if a.TokenID != nil {
		r.TokenID = *a.TokenID
	}
	return r
}

// currentPrices returns the price in cur now and a day ago of each asset (by id) that has one: the
// person's override first, zero for worthless assets, else the feed's.
func (s *Service) currentPrices(ctx context.Context, q querier, assets []Asset, cur string) (map[uuid.UUID]priced, error) {
	now := s.now().UTC()
	today := prices.Day(now)
	out := make(map[uuid.UUID]priced, len(assets))
	var feed []Asset
	for _, a := range assets {
		switch {
		case a.IsWorthless:
			z := decimal.Zero
			out[a.ID] = priced{now: &z, dayAgo: &z}
		case !a.UsePlatformPrice && a.PriceOverride != nil:
			p := *a.PriceOverride
			out[a.ID] = priced{now: &p}
		default:
			feed = append(feed, a)
		}
	}
	coins, keys := s.resolveCoins(ctx, feed, today, cur)
	if len(keys) == 0 {
		return out, nil
	}
	latest, err := cachedLatest(ctx, q, keys, today)
	if err != nil {
		return nil, err
	}
	// Online: fetch today's missing prices, a few per request.
	if s.prices != nil {
		fetched := 0
		fctx, cancel := context.WithTimeout(ctx, fetchTimeout)
		defer cancel()
		priceIn := s.prices.In(cur)
		for _, a := range assets {
			id, ok := coins[a.ID]
			if !ok || fetched == maxFetchPerRequest {
				continue
			}
			key := prices.PriceKeyIn(id, cur)
			if l, ok := latest[key]; ok && l.day.Equal(today) {
				continue
			}
			fetched++
			p, found, err := priceIn(fctx, a.ref(), now)
			if err != nil || !found {
				continue // flagged missing; a feed outage must not fail the portfolio
			}
			latest[key] = dayPrice{day: today, usd: p, prev: latest[key].prev}
		}
	}
	var old []string // keys without a current price: their last known one
	for _, id := range coins {
		if _, ok := latest[prices.PriceKeyIn(id, cur)]; !ok {
			old = append(old, prices.PriceKeyIn(id, cur))
		}
	}
	lastOf := map[string]db.LastCachedPricesRow{}
	if len(old) > 0 {
		rows, err := db.New(q).LastCachedPrices(ctx, db.LastCachedPricesParams{Keys: old, BeforeDay: today.Add(-latestWithin)})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			lastOf[r.PriceKey] = r
		}
	}
	for aid, id := range coins {
		l, ok := latest[prices.PriceKeyIn(id, cur)]
		if !ok {
			if r, known := lastOf[prices.PriceKeyIn(id, cur)]; known {
				p := r.Usd
				out[aid] = priced{last: &p, asOf: r.Day.UTC()}
			}
			continue
		}
		p := l.usd
		pr := priced{now: &p}
		if l.prev != nil {
			pr.dayAgo = l.prev
		}
		out[aid] = pr
	}
	return out, nil
}

type dayPrice struct {
	day  time.Time
	usd  decimal.Decimal
	prev *decimal.Decimal // the price of the day before day, when cached
}

// cachedLatest reads, per price key, the newest cached price of the last few days and the one of
// the day before it.
func cachedLatest(ctx context.Context, q querier, keys []string, today time.Time) (map[string]dayPrice, error) {
	rows, err := db.New(q).LatestCachedPrices(ctx, db.LatestCachedPricesParams{Keys: keys, FromDay: today.Add(-latestWithin), ToDay: today})
	if err != nil {
		return nil, err
	}
	out := map[string]dayPrice{}
	for _, r := range rows {
		dp := dayPrice{day: r.Day.UTC(), usd: r.Usd}
		if r.PrevUsd.Valid {
			dp.prev = &r.PrevUsd.Decimal
		}
		out[r.PriceKey] = dp
	}
	return out, nil
}

// historicalPrices reads the cached daily prices of the assets on the given UTC days. Online, a
// key with any of those days missing is filled first with one range call per coin over the days'
// span (bounded per request).
func (s *Service) historicalPrices(ctx context.Context, q querier, assets map[uuid.UUID]Asset, days []time.Time, cur string) (map[uuid.UUID]map[time.Time]decimal.Decimal, error) {
	from, to := days[0], days[0]
	for _, d := range days {
		if d.Before(from) {
			from = d
		}
		if d.After(to) {
			to = d
		}
	}
	var feed []Asset
	for _, a := range assets {
		if !a.IsWorthless && (a.UsePlatformPrice || a.PriceOverride == nil) {
			feed = append(feed, a)
		}
	}
	coins, keys := s.resolveCoins(ctx, feed, to, cur)
	byKey := map[string]map[time.Time]decimal.Decimal{}
	read := func() error {
		rows, err := db.New(q).CachedPricesOnDays(ctx, db.CachedPricesOnDaysParams{Keys: keys, Days: days})
		if err != nil {
			return err
		}
		for _, r := range rows {
			if byKey[r.PriceKey] == nil {
				byKey[r.PriceKey] = map[time.Time]decimal.Decimal{}
			}
			byKey[r.PriceKey][r.Day.UTC()] = r.Usd
		}
		return nil
	}
	if len(keys) > 0 {
		if err := read(); err != nil {
			return nil, err
		}
	}
	if s.prices != nil {
		fetched := 0
		fctx, cancel := context.WithTimeout(ctx, fetchTimeout)
		defer cancel()
		for id, c := range coins {
			if len(byKey[prices.PriceKeyIn(c, cur)]) >= len(days) || fetched == maxFetchPerRequest {
				continue
			}
			fetched++
			_, _ = s.prices.PrefetchIn(fctx, assets[id].ref(), from, to, cur) // a failure leaves days missing
		}
		if fetched > 0 {
			if err := read(); err != nil {
				return nil, err
			}
		}
	}
	out := map[uuid.UUID]map[time.Time]decimal.Decimal{}
	for id, a := range assets {
		switch {
		case a.IsWorthless:
			out[id] = constantPrice(decimal.Zero)
		case !a.UsePlatformPrice && a.PriceOverride != nil:
			out[id] = constantPrice(*a.PriceOverride)
		default:
			if c, ok := coins[id]; ok {
				out[id] = byKey[prices.PriceKeyIn(c, cur)]
			}
		}
	}
	return out, nil
}

// constantPrice is a price series whose every day has p (a zero-time key stands for "any day").
func constantPrice(p decimal.Decimal) map[time.Time]decimal.Decimal {
	return map[time.Time]decimal.Decimal{{}: p}
}

func priceOn(series map[time.Time]decimal.Decimal, day time.Time) (decimal.Decimal, bool) {
	if p, ok := series[time.Time{}]; ok {
		return p, true
	}
	p, ok := series[day]
	return p, ok
}
