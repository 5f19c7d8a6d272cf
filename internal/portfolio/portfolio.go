// Package portfolio answers what a client holds and what it is worth: holdings per asset from the
// balances the ledger maintains (migration 00016: statement triggers keep portfolio_balances and
// portfolio_balance_days in step with every ledger write), cost basis from the open lots of the
// current tax results, prices from the price service's cache, value charts cached per ledger
// version, and the client's own asset settings (spam, worthless, hidden, price overrides).
package portfolio

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/money"
)

// PriceFeed is the price service (prices.Source); nil offline. Prices are in a client's currency
// (ISO 4217): In and PrefetchIn cache them under prices.PriceKeyIn.
type PriceFeed interface {
	In(currency string) func(ctx context.Context, asset imports.AssetRef, at time.Time) (decimal.Decimal, bool, error)
	PrefetchIn(ctx context.Context, asset imports.AssetRef, from, to time.Time, currency string) (int, error)
	CoinID(ctx context.Context, asset imports.AssetRef, day time.Time) (string, bool, error)
}

// Service is the portfolio domain service.
type Service struct {
	pool   *pgxpool.Pool
	prices PriceFeed
	now    func() time.Time
}

// NewService returns the service; feed may be nil (offline: only cached prices are used).
func NewService(pool *pgxpool.Pool, feed PriceFeed, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{pool: pool, now: now}
	if feed != nil {
		s.prices = feed
	}
	return s
}

// Asset is a client's asset row with its settings.
type Asset struct {
	ID               uuid.UUID
	ClientID         uuid.UUID
	Key              string
	Symbol           string
	Name             string
	Type             string
	Chain            *string
	ContractAddress  *string
	TokenID          *string
	Decimals         *int32
	PriceSourceID    *string
	IsSpam           bool
	IsWorthless      bool
	IsHidden         bool
	PriceOverride    *decimal.Decimal
	UsePlatformPrice bool
	ImageURL         *string
	IconImageURL     *string
	Description      *string
	CreatedAt        time.Time
	// CurrentPrice is filled by the operations that show it (nil: unknown).
	CurrentPrice *decimal.Decimal
}

// Provider is the asset's chain or exchange: its chain, else its key's prefix.
func (a Asset) Provider() string {
	if a.Chain != nil {
		return *a.Chain
	}
	p, _, _ := strings.Cut(a.Key, ":")
	return p
}

// assetOf is the domain form of an asset row.
func assetOf(r db.Asset) Asset {
	a := Asset{ID: r.ID, ClientID: r.ClientID, Key: r.Key, Symbol: r.Symbol, Name: r.Name, Type: r.Type, Chain: r.Chain,
		ContractAddress: r.ContractAddress, TokenID: r.TokenID, Decimals: r.Decimals, PriceSourceID: r.PriceSourceID,
		IsSpam: r.IsSpam, IsWorthless: r.IsWorthless, IsHidden: r.IsHidden, UsePlatformPrice: r.UsePlatformPrice,
		ImageURL: r.ImageUrl, IconImageURL: r.IconImageUrl, Description: r.Description, CreatedAt: r.CreatedAt}
	if r.PriceOverride.Valid {
		a.PriceOverride = &r.PriceOverride.Decimal
	}
	return a
}

// assetsOf is the domain form of asset rows (nil for none).
func assetsOf(rows []db.Asset) []Asset {
	var out []Asset
	for _, r := range rows {
		out = append(out, assetOf(r))
	}
	return out
}

// assetsByIDs reads the client's assets of the given ids.
func assetsByIDs(ctx context.Context, q querier, client uuid.UUID, ids []uuid.UUID) ([]Asset, error) {
	rows, err := db.New(q).ClientAssetsByIDs(ctx, db.ClientAssetsByIDsParams{ClientID: client, Ids: ids})
	return assetsOf(rows), err
}

// Filter selects positions (getPortfolioV2's arguments).
type Filter struct {
	AssetKey           *string
	Provider           *string
	Search             *string
	Type               *string
	AccountIDs         []uuid.UUID // only these accounts; empty: all
	IncludeCoins       bool
	IncludeDefi        bool
	IncludeNFTs        bool
	IncludePerps       bool
	IncludePredictions bool
	IncludeSpam        bool
}

// DefaultFilter is the SDL's defaults: coins, DeFi and NFTs; no perps, predictions or spam.
func DefaultFilter() Filter {
	return Filter{IncludeCoins: true, IncludeDefi: true, IncludeNFTs: true}
}

// Sort keys of positions.
const (
	SortValue                 = "VALUE"
	SortAmount                = "AMOUNT"
	SortName                  = "NAME"
	SortSymbol                = "SYMBOL"
	SortPrice                 = "PRICE"
	SortCostBasis             = "COST_BASIS"
	SortUnrealizedGain        = "UNREALIZED_GAIN"
	SortUnrealizedGainPercent = "UNREALIZED_GAIN_PERCENT"
	SortDayChangePercent      = "DAY_CHANGE_PERCENT"
)

// Page is a page request: limit 1..500 (default 50), zero-based page.
type Page struct {
	Limit, Page int
	Sort        string
	Ascending   bool
}

// Position is the client's holding of one asset.
type Position struct {
	Asset      Asset
	Quantity   decimal.Decimal
	Price      *decimal.Decimal
	ValueCents *int64
	// LastPrice and LastValueCents are the last known price and the value at it of a holding
	// without a current price (Price nil), cached on the UTC day LastPriceDay; nil where none is
	// known. They are in no total.
	LastPrice             *decimal.Decimal
	LastValueCents        *int64
	LastPriceDay          *time.Time
	CostBasisCents        int64
	UnrealizedGainCents   *int64
	UnrealizedGainPercent *float64
	DayChangePercent      *float64
	PortfolioPercent      *float64
	AccountIDs            []uuid.UUID
	// IsNegative flags a quantity below zero: the ledger lacks the history that brought the units
	// in. It has no value and stays out of the totals (a missing deposit is not a debt).
	IsNegative bool
	// DeFi is the position holding these units (its pooled queue of the asset in the current tax
	// results); nil for a holding of the client's accounts.
	DeFi *DeFiPosition
	// IsReceipt flags a position's receipt token held in the client's accounts (the units the tax
	// results hold no lot of; the others are a row of their own): it stands for what the position
	// holds (its own rows), so it has no price, value or basis and is in no total. DeFi is its
	// position when the ledger links it to one.
	IsReceipt bool

	value, basis, dayAgoValue decimal.Decimal
	hasDayAgo                 bool
}

// Holdings is a page of positions with the totals of every matching position.
type Holdings struct {
	Positions        []Position
	Total            int
	Page, Limit      int
	TotalValue       int64
	TotalBasis       int64
	TotalGain        int64
	DayChangeCents   int64
	DayChangePercent *float64
	// NegativeCount counts the matching positions below zero (shown, flagged, not in the totals).
	NegativeCount int
	IsStale       bool
	ComputedAt    time.Time
	// Currency is the client's currency (ISO 4217): prices, values and basis are in it.
	Currency string
}

// MaxPageSize is the largest page of positions or assets.
const MaxPageSize = 500

// CheckPage validates limit and page (nil: the defaults 50 and 0).
func CheckPage(limit, page *int) (int, int, error) {
	l, p := 50, 0
	if limit != nil {
		if *limit < 1 || *limit > MaxPageSize {
			return 0, 0, apperr.InvalidField("limit", "must be between 1 and %d", MaxPageSize)
		}
		l = *limit
	}
	if page != nil {
		if *page < 0 || *page > 1_000_000 {
			return 0, 0, apperr.InvalidField("page", "must be between 0 and 1000000")
		}
		p = *page
	}
	return l, p, nil
}

// querier is the pool or a transaction.
type querier = db.DBTX

// Holdings returns the positions matching f, sorted and paged, with the totals of all matches.
func (s *Service) Holdings(ctx context.Context, scope auth.ClientScope, f Filter, pg Page) (*Holdings, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	cur, err := clientCurrency(ctx, s.pool, scope.ClientID())
	if err != nil {
		return nil, err
	}
	all, stale, err := s.positions(ctx, s.pool, scope.ClientID(), f, cur)
	if err != nil {
		return nil, err
	}
	out := summarise(all, pg)
	out.IsStale = stale
	out.Currency = cur
	out.ComputedAt = s.now().UTC()
	return out, nil
}

// positions computes every position matching f from the maintained balances.
func (s *Service) positions(ctx context.Context, tx querier, client uuid.UUID, f Filter, cur string) ([]Position, bool, error) {
	balances, err := db.New(tx).PositionBalances(ctx, db.PositionBalancesParams{ClientID: client, AccountIds: f.AccountIDs})
	if err != nil {
		return nil, false, err
	}
	byAsset := map[uuid.UUID]*Position{}
	var ids []uuid.UUID
	for _, b := range balances {
		p := byAsset[b.AssetID]
		if p == nil {
			p = &Position{}
			byAsset[b.AssetID] = p
			ids = append(ids, b.AssetID)
		}
		p.Quantity = p.Quantity.Add(b.Quantity)
		p.AccountIDs = append(p.AccountIDs, b.AccountID)
		p.IsNegative = p.IsNegative || b.Quantity.IsNegative() // flagged per account
	}
	assets, err := assetsByIDs(ctx, tx, client, ids)
	if err != nil {
		return nil, false, err
	}
	set, err := s.basisSet(ctx, tx, client)
	if err != nil {
		return nil, false, err
	}
	var defi []Position
	if f.wantsDefi() {
		if defi, err = s.defiPositions(ctx, tx, client, set, f); err != nil {
			return nil, false, err
		}
	}
	receipts, err := receiptsOf(ctx, tx, client, ids, defi)
	if err != nil {
		return nil, false, err
	}
	acquired, err := acquiredReceipts(ctx, tx, set, f.AccountIDs, byAsset, receipts)
	if err != nil {
		return nil, false, err
	}
	var kept []Asset
	var bought []Position // the units of receipt assets acquired otherwise: holdings of their own
	for _, a := range assets {
		p := byAsset[a.ID]
		r, isReceipt := receipts[a.ID]
		kind := a.Type
		if isReceipt {
			kind = TypeDefi
			if q, ok := acquired[a.ID]; ok {
				if f.matches(a, a.Type, "") {
					bought = append(bought, Position{Asset: a, Quantity: q, AccountIDs: p.AccountIDs})
					kept = append(kept, a)
				}
				p.Quantity = p.Quantity.Sub(q)
			}
		}
		if p.Quantity.IsZero() || !f.matches(a, kind, "") {
			delete(byAsset, a.ID)
			continue
		}
		p.Asset, p.IsReceipt, p.DeFi = a, isReceipt, r
		if !isReceipt {
			kept = append(kept, a)
		}
	}
	basis, err := s.openBasis(ctx, tx, set, f.AccountIDs)
	if err != nil {
		return nil, false, err
	}
	if err := s.heldWhereNegative(ctx, tx, set, f.AccountIDs, byAsset, basis); err != nil {
		return nil, false, err
	}
	// The assets to price: the accounts' (receipts have no price) and the positions' coins, once each.
	priced := append([]Asset(nil), kept...)
	for _, d := range defi {
		if !slices.ContainsFunc(priced, func(a Asset) bool { return a.ID == d.Asset.ID }) {
			priced = append(priced, d.Asset)
		}
	}
	priceOf, err := s.currentPrices(ctx, tx, priced, cur)
	if err != nil {
		return nil, false, err
	}
	out := make([]Position, 0, len(byAsset)+len(bought)+len(defi))
	for _, a := range assets {
		p := byAsset[a.ID]
		if p == nil {
			continue
		}
		if !p.IsReceipt {
			p.basis = basis[a.ID]
			p.valueAt(priceOf)
		}
		out = append(out, *p)
	}
	for _, b := range bought {
		b.basis = basis[b.Asset.ID]
		b.valueAt(priceOf)
		out = append(out, b)
	}
	for _, d := range defi {
		d.valueAt(priceOf)
		out = append(out, d)
	}
	stale, err := isStale(ctx, tx, client)
	return out, stale, err
}

// valueAt fills the position's basis in cents and, when its asset has a price, its value, gain and day
// change (none for a quantity below zero).
func (p *Position) valueAt(priceOf map[uuid.UUID]priced) {
	p.CostBasisCents = money.Cents(p.basis)
	pr, ok := priceOf[p.Asset.ID]
	if ok && pr.now == nil && pr.last != nil {
		last, day := *pr.last, pr.asOf
		p.LastPrice, p.LastPriceDay = &last, &day
		if p.Quantity.Sign() >= 0 {
			v := money.Cents(p.Quantity.Mul(last))
			p.LastValueCents = &v
		}
	}
	if !ok || pr.now == nil {
		return
	}
	price := *pr.now
	p.Price = &price
	if p.Quantity.Sign() < 0 {
		return
	}
	p.value = p.Quantity.Mul(price)
	v := money.Cents(p.value)
	p.ValueCents = &v
	g := v - p.CostBasisCents
	p.UnrealizedGainCents = &g
	if !p.basis.IsZero() {
		pct, _ := p.value.Sub(p.basis).Div(p.basis).Shift(2).Float64()
		p.UnrealizedGainPercent = &pct
	}
	if pr.dayAgo != nil {
		p.hasDayAgo = true
		p.dayAgoValue = p.Quantity.Mul(*pr.dayAgo)
		if !pr.dayAgo.IsZero() {
			pct, _ := price.Sub(*pr.dayAgo).Div(*pr.dayAgo).Shift(2).Float64()
			p.DayChangePercent = &pct
		}
	}
}

// TypeDefi is the kind of the DeFi positions' rows and of the receipts held for them.
const TypeDefi = "DEFI"

// wantsDefi reports whether the filter can match a DeFi position's row.
func (f Filter) wantsDefi() bool {
	if f.Type != nil {
		return *f.Type == TypeDefi
	}
	return f.IncludeDefi
}

// matches applies the asset-level filters and the kind toggles (an explicit type wins over them) to
// a row of asset a of the given kind (the asset's type, or DEFI for a position's row or a receipt);
// the search matches the symbol, the name or place (a DeFi position's name).
func (f Filter) matches(a Asset, kind, place string) bool {
	if a.IsHidden || (a.IsSpam && !f.IncludeSpam) {
		return false
	}
	if f.AssetKey != nil && a.Key != *f.AssetKey {
		return false
	}
	if f.Provider != nil && !strings.EqualFold(a.Provider(), *f.Provider) {
		return false
	}
	if f.Search != nil {
		q := strings.ToLower(strings.TrimSpace(*f.Search))
		if !strings.Contains(strings.ToLower(a.Symbol), q) && !strings.Contains(strings.ToLower(a.Name), q) &&
			!strings.Contains(strings.ToLower(place), q) {
			return false
		}
	}
	if f.Type != nil {
		return kind == *f.Type
	}
	switch kind {
	case "NFT":
		return f.IncludeNFTs
	case TypeDefi:
		return f.IncludeDefi
	case "PERPETUAL":
		return f.IncludePerps
	case "PREDICTION":
		return f.IncludePredictions
	default: // COIN, FIAT
		return f.IncludeCoins
	}
}

// summarise totals all positions, sorts them and cuts the page.
func summarise(all []Position, pg Page) *Holdings {
	h := &Holdings{Total: len(all), Page: pg.Page, Limit: pg.Limit}
	var total, basis, dayAgo, dayNow decimal.Decimal
	for _, p := range all {
		if p.IsNegative {
			h.NegativeCount++
		}
		if p.Quantity.Sign() < 0 {
			continue
		}
		total = total.Add(p.value)
		basis = basis.Add(p.basis)
		if p.hasDayAgo {
			dayAgo = dayAgo.Add(p.dayAgoValue)
			dayNow = dayNow.Add(p.value)
		}
	}
	h.TotalValue = money.Cents(total)
	h.TotalBasis = money.Cents(basis)
	h.TotalGain = h.TotalValue - h.TotalBasis
	h.DayChangeCents = money.Cents(dayNow.Sub(dayAgo))
	if !dayAgo.IsZero() {
		pct, _ := dayNow.Sub(dayAgo).Div(dayAgo).Shift(2).Float64()
		h.DayChangePercent = &pct
	}
	for i := range all {
		if all[i].ValueCents != nil && !total.IsZero() {
			pct, _ := all[i].value.Div(total).Shift(2).Float64()
			all[i].PortfolioPercent = &pct
		}
	}
	sortPositions(all, pg.Sort, pg.Ascending)
	from := pg.Page * pg.Limit
	if from > len(all) {
		from = len(all)
	}
	to := from + pg.Limit
	if to > len(all) {
		to = len(all)
	}
	h.Positions = all[from:to]
	return h
}

// sortPositions orders by the key (unknown values last whatever the direction), then by symbol and
// asset id so pages are stable.
func sortPositions(ps []Position, key string, asc bool) {
	num := func(p Position) (decimal.Decimal, bool) {
		switch key {
		case SortAmount:
			return p.Quantity, true
		case SortPrice:
			if p.Price == nil {
				return decimal.Zero, false
			}
			return *p.Price, true
		case SortCostBasis:
			return p.basis, true
		case SortUnrealizedGain:
			if p.UnrealizedGainCents == nil {
				return decimal.Zero, false
			}
			return decimal.NewFromInt(*p.UnrealizedGainCents), true
		case SortUnrealizedGainPercent:
			if p.UnrealizedGainPercent == nil {
				return decimal.Zero, false
			}
			return decimal.NewFromFloat(*p.UnrealizedGainPercent), true
		case SortDayChangePercent:
			if p.DayChangePercent == nil {
				return decimal.Zero, false
			}
			return decimal.NewFromFloat(*p.DayChangePercent), true
		default: // VALUE
			if p.ValueCents == nil {
				return decimal.Zero, false
			}
			return p.value, true
		}
	}
	tie := func(a, b Position) bool {
		if c := strings.Compare(strings.ToLower(a.Asset.Symbol), strings.ToLower(b.Asset.Symbol)); c != 0 {
			return c < 0
		}
		if a.Asset.Key != b.Asset.Key {
			return a.Asset.Key < b.Asset.Key
		}
		return a.place() < b.place()
	}
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		switch key {
		case SortName, SortSymbol:
			x, y := strings.ToLower(a.Asset.Symbol), strings.ToLower(b.Asset.Symbol)
			if key == SortName {
				x, y = strings.ToLower(a.Asset.Name), strings.ToLower(b.Asset.Name)
			}
			if x != y {
				return (x < y) == asc
			}
			return tie(a, b)
		}
		va, oka := num(a)
		vb, okb := num(b)
		if oka != okb {
			return oka
		}
		if c := va.Cmp(vb); c != 0 {
			return (c < 0) == asc
		}
		return tie(a, b)
	})
}

// isStale reports whether the client's results lag its ledger (dirty items or settings).
func isStale(ctx context.Context, tx querier, client uuid.UUID) (bool, error) {
	return db.New(tx).ClientIsStale(ctx, client)
}

// resultSet is the client's current written result set, whose open lots' sums per account and asset
// are in portfolio_basis; ok false: no results yet.
type resultSet struct {
	id      uuid.UUID
	written time.Time
	ok      bool
}

// basisSet returns the client's current result set, with its sums in portfolio_basis: computed once
// per written result set, so a request reads a few rows, not every lot.
func (s *Service) basisSet(ctx context.Context, tx querier, client uuid.UUID) (resultSet, error) {
	q := db.New(tx)
	cur, err := q.CurrentResultSetWritten(ctx, client)
	if errors.Is(err, pgx.ErrNoRows) {
		return resultSet{}, nil
	}
	if err != nil {
		return resultSet{}, err
	}
	have, err := q.HasPortfolioBasis(ctx, db.HasPortfolioBasisParams{ResultSetID: cur.ID, SetWrittenAt: cur.CreatedAt})
	if err != nil {
		return resultSet{}, err
	}
	if !have {
		// Concurrent first readers insert the same sums (DO NOTHING).
		if err := s.fillBasis(ctx, cur.ID, cur.CreatedAt); err != nil {
			return resultSet{}, err
		}
	}
	return resultSet{id: cur.ID, written: cur.CreatedAt, ok: true}, nil
}

// openBasis returns the basis of the open lots per asset (of the given accounts; all when empty)
// in the client's current results, outside the DeFi positions.
func (s *Service) openBasis(ctx context.Context, tx querier, set resultSet, accounts []uuid.UUID) (map[uuid.UUID]decimal.Decimal, error) {
	out := map[uuid.UUID]decimal.Decimal{}
	if !set.ok {
		return out, nil
	}
	keys := make([]string, len(accounts))
	for i, a := range accounts {
		keys[i] = a.String()
	}
	sums, err := db.New(tx).OpenBasisByAsset(ctx, db.OpenBasisByAssetParams{ResultSetID: set.id, SetWrittenAt: set.written, AccountKeys: keys})
	if err != nil {
		return nil, err
	}
	for _, b := range sums {
		if id, err := uuid.Parse(b.AssetKey); err == nil {
			out[id] = b.Basis
		}
	}
	return out, nil
}

// heldWhereNegative makes a position that some account holds below zero (missing history: the
// ledger lacks what brought the units in) the units the tax results hold, with their basis, so that
// its quantity and basis agree: under per-wallet basis the other accounts' lots (the units sold
// uncovered took none), in the universal queue what is left of it. A position below zero over all
// its accounts keeps its negative quantity, as does one without results yet.
func (s *Service) heldWhereNegative(ctx context.Context, tx querier, set resultSet, accounts []uuid.UUID, byAsset map[uuid.UUID]*Position, basis map[uuid.UUID]decimal.Decimal) error {
	var keys []string
	for id, p := range byAsset {
		if p.IsNegative && p.Quantity.Sign() > 0 && !p.IsReceipt {
			keys = append(keys, id.String())
		}
	}
	if len(keys) == 0 || !set.ok {
		return nil
	}
	acc := make([]string, len(accounts))
	for i, a := range accounts {
		acc[i] = a.String()
	}
	held, err := db.New(tx).OpenLotsOfAssets(ctx, db.OpenLotsOfAssetsParams{ResultSetID: set.id, AssetKeys: keys, AccountKeys: acc})
	if err != nil {
		return err
	}
	for _, h := range held {
		if id, err := uuid.Parse(h.AssetKey); err == nil && byAsset[id] != nil {
			byAsset[id].Quantity, basis[id] = h.Quantity, h.Basis
		}
	}
	return nil
}

func (s *Service) fillBasis(ctx context.Context, set uuid.UUID, written time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.DeleteOtherPortfolioBasis(ctx, db.DeleteOtherPortfolioBasisParams{ResultSetID: set, SetWrittenAt: written}); err != nil {
			return err
		}
		return q.FillPortfolioBasis(ctx, db.FillPortfolioBasisParams{ResultSetID: set, SetWrittenAt: written})
	})
}

// Value is the client's total portfolio value now (the default holdings: no spam, hidden, perps or
// predictions).
func (s *Service) Value(ctx context.Context, scope auth.ClientScope) (*Holdings, error) {
	return s.Holdings(ctx, scope, DefaultFilter(), Page{Limit: 1, Sort: SortValue})
}

// clientCurrency is the client's currency (ISO 4217, upper case), in which its basis is kept and its
// holdings are valued.
func clientCurrency(ctx context.Context, q querier, client uuid.UUID) (string, error) {
	cur, err := db.New(q).ClientCurrency(ctx, client)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return "", apperr.NotFoundf("client not found")
		}
		return "", err
	}
	return strings.ToUpper(strings.TrimSpace(cur)), nil
}
