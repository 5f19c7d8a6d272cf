package portfolio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"
	"golang.org/x/sync/errgroup"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/money"
	"taxd/internal/prices"
)

// Chart ranges (HistoricalBalanceIntervalEnum).
const (
	OneDay      = "ONE_DAY"
	OneWeek     = "ONE_WEEK"
	OneMonth    = "ONE_MONTH"
	ThreeMonths = "THREE_MONTHS"
	YearToDate  = "YEAR_TO_DATE"
	OneYear     = "ONE_YEAR"
	AllTime     = "ALL_TIME"
)

const day = 24 * time.Hour

// chartTTL is how long a cached chart stays valid with an unchanged ledger (its last point is
// valued at the current price).
const chartTTL = 10 * time.Minute

// maxPoints bounds a chart (an all-time chart of a very old ledger widens its step instead).
const maxPoints = 1000

// Point is one chart point.
type Point struct {
	At             time.Time `json:"at"`
	ValueCents     int64     `json:"value"`
	CostBasisCents int64     `json:"basis"`
}

// Chart is the client's portfolio value over a range.
type Chart struct {
	Range      string    `json:"range"`
	Currency   string    `json:"currency"` // the client's (ISO 4217): values and basis are in it
	Points     []Point   `json:"points"`
	IsStale    bool      `json:"stale"`
	ComputedAt time.Time `json:"computedAt"`
	// MissingPrices counts the (asset, point) pairs left out for want of a price.
	MissingPrices int  `json:"missingPrices"`
	FromCache     bool `json:"-"`
}

// Start, End and Change summarise the points.
func (c *Chart) Start() int64 {
	if len(c.Points) == 0 {
		return 0
	}
	return c.Points[0].ValueCents
}

func (c *Chart) End() int64 {
	if len(c.Points) == 0 {
		return 0
	}
	return c.Points[len(c.Points)-1].ValueCents
}

// grid returns the point instants of a range ending now: step boundaries (UTC) from the range's
// start, then now itself.
func grid(rng string, now time.Time, first *time.Time, fiscalStart string) ([]time.Time, error) {
	today := now.UTC().Truncate(day)
	var start time.Time
	step := day
	switch rng {
	case OneDay:
		start, step = now.Add(-day).Truncate(time.Hour), time.Hour
	case OneWeek:
		start, step = now.Add(-7*day).Truncate(6*time.Hour), 6*time.Hour
	case OneMonth:
		start = today.AddDate(0, 0, -30)
	case ThreeMonths:
		start = today.AddDate(0, 0, -90)
	case OneYear:
		start = today.AddDate(0, 0, -365)
	case YearToDate:
		var m, d int
		if _, err := fmt.Sscanf(fiscalStart, "%02d-%02d", &m, &d); err != nil || m < 1 || m > 12 {
			m, d = 1, 1
		}
		start = time.Date(today.Year(), time.Month(m), d, 0, 0, 0, 0, time.UTC)
		if start.After(today) {
			start = start.AddDate(-1, 0, 0)
		}
	case AllTime:
		step = 7 * day
		start = today.AddDate(0, 0, -7)
		if first != nil && first.Before(start) {
			start = first.UTC().Truncate(day)
		}
		for now.Sub(start)/step > maxPoints {
			step *= 2
		}
	default:
		return nil, apperr.InvalidField("interval", "unknown range %q", rng)
	}
	var out []time.Time
	for t := start; t.Before(now); t = t.Add(step) {
		out = append(out, t)
	}
	return append(out, now), nil
}

// Chart returns the value chart of a range, from the cache when its key (ledger version, tax
// results, day) still holds and it is younger than chartTTL, unless refresh.
func (s *Service) Chart(ctx context.Context, scope auth.ClientScope, rng string, refresh bool) (*Chart, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	client := scope.ClientID()
	now := s.now().UTC()
	// One round trip: the cache key's parts and the cached chart.
	k, err := db.New(s.pool).GetChartCacheKey(ctx, db.GetChartCacheKeyParams{ClientID: client, RangeName: rng})
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, apperr.NotFoundf("client not found")
		}
		return nil, err
	}
	version, set, setWritten, fiscalStart, cur := k.Version, k.ResultSetID, k.ResultSetWrittenAt, k.FiscalYearStart, k.Currency
	cachedKey, cachedAt, body := k.CacheKey, k.ComputedAt, k.Body
	key := fmt.Sprintf("v%d|%v@%v|%s|%s", version, set, setWritten, now.Format("2006-01-02"), cur)
	if !refresh && cachedKey != nil && *cachedKey == key && cachedAt.After(now.Add(-chartTTL)) {
		var c Chart
		if err := json.Unmarshal(body, &c); err == nil {
			c.FromCache = true
			return &c, nil
		}
	}
	c, err := s.computeChart(ctx, client, rng, now, set, setWritten, fiscalStart, cur)
	if err != nil {
		return nil, err
	}
	body, err = json.Marshal(c)
	if err != nil {
		return nil, err
	}
	if err := db.New(s.pool).StoreChart(ctx, db.StoreChartParams{ClientID: client, RangeName: rng, CacheKey: key, Body: body, ComputedAt: now}); err != nil {
		return nil, err
	}
	return c, nil
}

type change struct {
	at    time.Time
	asset uuid.UUID
	delta decimal.Decimal
}

// computeChart values the holdings at each point: today's balances minus the changes after the
// point (per day from portfolio_balance_days; within the last week, exact instants from the
// ledger), times the day's price; basis from the current results' lots and disposals.
func (s *Service) computeChart(ctx context.Context, client uuid.UUID, rng string, now time.Time, set *uuid.UUID, setWritten *time.Time, fiscalStart, cur string) (*Chart, error) {
	var first *time.Time
	if rng == AllTime {
		days, err := db.New(s.pool).FirstBalanceDay(ctx, client)
		if err != nil {
			return nil, err
		}
		if len(days) > 0 {
			first = &days[0]
		}
	}
	points, err := grid(rng, now, first, fiscalStart)
	if err != nil {
		return nil, err
	}
	start := points[0]
	// Three independent reads at the same time, each on its own connection: today's balances and
	// the changes since start; the assets involved and their prices on the points' days; the basis
	// events and whether the results lag. The chart is the longest of them rather than their sum.
	var (
		bal     map[uuid.UUID]decimal.Decimal
		changes []change
		assets  = map[uuid.UUID]Asset{}
		series  map[uuid.UUID]map[time.Time]decimal.Decimal
		events  []basisEvent
		stale   bool
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		q := db.New(s.pool)
		balances, err := q.ChartBalances(gctx, client)
		if err != nil {
			return err
		}
		bal = make(map[uuid.UUID]decimal.Decimal, len(balances))
		for _, b := range balances {
			bal[b.AssetID] = b.Quantity
		}
		changes, err = balanceChanges(gctx, q, client, rng, points)
		return err
	})
	g.Go(func() error {
		assetRows, err := db.New(s.pool).ChartAssets(gctx, db.ChartAssetsParams{ClientID: client, FromDay: prices.Day(start)})
		if err != nil {
			return err
		}
		for _, r := range assetRows {
			if a := assetOf(r); !a.IsHidden && !a.IsSpam {
				assets[a.ID] = a
			}
		}
		series, err = s.historicalPrices(gctx, s.pool, assets, priceDays(points), cur)
		return err
	})
	g.Go(func() error {
		if set != nil && setWritten != nil {
			var err error
			if events, err = s.basisEvents(gctx, *set, *setWritten, now); err != nil {
				return err
			}
		}
		var err error
		stale, err = db.New(s.pool).ClientIsStale(gctx, client)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	basis := basisAt(events, points)
	// Walk the points newest first, undoing the changes after each.
	sort.Slice(changes, func(i, j int) bool { return changes[i].at.After(changes[j].at) })
	out := &Chart{Range: rng, Currency: cur, Points: make([]Point, len(points)), IsStale: stale, ComputedAt: now}
	ci := 0
	for i := len(points) - 1; i >= 0; i-- {
		t := points[i]
		for ci < len(changes) && changes[ci].at.After(t) {
			c := changes[ci]
			bal[c.asset] = bal[c.asset].Sub(c.delta)
			ci++
		}
		var value decimal.Decimal
		d := prices.Day(t)
		for a, q := range bal {
			asset, ok := assets[a]
			if !ok || q.Sign() <= 0 {
				continue // a balance below zero is missing history: no value (as in the portfolio)
			}
			p, found := priceOn(series[asset.ID], d)
			// now is valued at the current price: the newest of the last few days, as in the portfolio
			for back := 1; !found && i == len(points)-1 && back*int(day) <= int(latestWithin); back++ {
				p, found = priceOn(series[asset.ID], d.Add(-time.Duration(back)*day))
			}
			if !found {
				out.MissingPrices++
				continue
			}
			value = value.Add(q.Mul(p))
		}
		out.Points[i] = Point{At: t, ValueCents: money.Cents(value), CostBasisCents: money.Cents(basis[i])}
	}
	return out, nil
}

// priceDays lists the UTC days whose prices the points need: each point's, and for the last
// (now) the few days before it, within the range, that stand in for a current price not cached yet.
func priceDays(points []time.Time) []time.Time {
	var out []time.Time
	seen := map[time.Time]bool{}
	add := func(d time.Time) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, t := range points {
		add(prices.Day(t))
	}
	last := prices.Day(points[len(points)-1])
	for back := 1; back*int(day) <= int(latestWithin); back++ {
		if d := last.Add(-time.Duration(back) * day); !d.Before(prices.Day(points[0])) {
			add(d)
		}
	}
	return out
}

// balanceChanges reads the balance changes after the first point. The ranges of whole days read
// the maintained day changes summed per interval between points: a day's change counts at its
// end (today's: now), so it is after every point on an earlier day, and is dated at the first
// point it is not after; the chart reads a row per asset and interval, not per day. The sub-day
// ranges read them per instant from the ledger (a week of it, by the client/time index).
func balanceChanges(ctx context.Context, q *db.Queries, client uuid.UUID, rng string, points []time.Time) ([]change, error) {
	start := points[0]
	if rng == OneDay || rng == OneWeek {
		rows, err := q.ChartInstantChanges(ctx, db.ChartInstantChangesParams{ClientID: client, After: start})
		if err != nil {
			return nil, err
		}
		out := make([]change, len(rows))
		for i, r := range rows {
			out[i] = change{at: r.OccurredAt, asset: r.AssetID, delta: r.Delta}
		}
		return out, nil
	}
	bounds := make([]time.Time, len(points)-1)
	for i, t := range points[:len(points)-1] {
		bounds[i] = prices.Day(t)
	}
	rows, err := q.ChartDayChanges(ctx, db.ChartDayChangesParams{Bounds: bounds, ClientID: client, FromDay: prices.Day(start)})
	if err != nil {
		return nil, err
	}
	out := make([]change, len(rows))
	for i, r := range rows {
		out[i] = change{at: points[r.Bucket], asset: r.AssetID, delta: r.Delta}
	}
	return out, nil
}

type basisEvent struct {
	at    time.Time
	basis decimal.Decimal
}

// dayEnd is when a day's acquisitions and disposals count: its end (today's: now).
func dayEnd(d, now time.Time) time.Time {
	e := d.Add(day - time.Microsecond)
	if e.After(now) {
		e = now.Add(-time.Microsecond)
	}
	return e
}

// basisEvents reads a result set's open lots (each adds its basis at the end of its acquisition
// day) and the change per day of the basis held in the pieces that left (disposals and the
// non-taxable removals: gifts, donations, losses, transfers out), each held from the end of its
// acquisition day to the end of the day it left. A piece that left before a point adds and takes
// away its basis before it, so the whole history gives each point's basis; the changes per day are
// kept per written result set (portfolio_basis_days) and filled on the first read after a
// recalculation writes it.
func (s *Service) basisEvents(ctx context.Context, set uuid.UUID, written time.Time, now time.Time) ([]basisEvent, error) {
	q := db.New(s.pool)
	lots, err := q.ChartLotBasisDays(ctx, set)
	if err != nil {
		return nil, err
	}
	var out []basisEvent
	for _, l := range lots {
		out = append(out, basisEvent{dayEnd(l.AcquiredDay, now), l.Basis})
	}
	have, err := q.HasChartBasisDays(ctx, db.HasChartBasisDaysParams{ResultSetID: set, SetWrittenAt: written})
	if err != nil {
		return nil, err
	}
	if !have {
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			q := db.New(tx)
			if err := q.DeleteOtherChartBasisDays(ctx, db.DeleteOtherChartBasisDaysParams{ResultSetID: set, SetWrittenAt: written}); err != nil {
				return err
			}
			return q.FillChartBasisDays(ctx, db.FillChartBasisDaysParams{ResultSetID: set, SetWrittenAt: written})
		})
		if err != nil {
			return nil, err
		}
	}
	days, err := q.ChartBasisDays(ctx, db.ChartBasisDaysParams{ResultSetID: set, SetWrittenAt: written})
	if err != nil {
		return nil, err
	}
	for _, d := range days {
		out = append(out, basisEvent{dayEnd(d.Day.UTC(), now), d.Delta})
	}
	return out, nil
}

// basisAt sums the events up to each point (ascending).
func basisAt(events []basisEvent, points []time.Time) []decimal.Decimal {
	out := make([]decimal.Decimal, len(points))
	sort.Slice(events, func(i, j int) bool { return events[i].at.Before(events[j].at) })
	var held decimal.Decimal
	ei := 0
	for i, t := range points {
		for ei < len(events) && !events[ei].at.After(t) {
			held = held.Add(events[ei].basis)
			ei++
		}
		out[i] = held
	}
	return out
}
