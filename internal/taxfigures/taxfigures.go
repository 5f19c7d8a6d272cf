// Package taxfigures reads a client's tax figures from the settled results of the recalculation
// (internal/recalc writes tax_lots, tax_disposals, tax_income, tax_year_summaries): the figures of a
// tax year, the years with activity, an asset's open lots with the trail of every disposal piece,
// and the losses that could be harvested at a date's prices. Nothing here recomputes: figures lag
// the ledger while it is dirty, and every answer says so (IsStale).
package taxfigures

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"
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
	"taxd/internal/ledger"
	"taxd/internal/page"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/taxsettings"
)

// PriceFunc is the USD price of one unit of an asset on the UTC day of at (internal/prices
// Source.USD); found is false when no price is known.
type PriceFunc func(ctx context.Context, asset imports.AssetRef, at time.Time) (usd decimal.Decimal, found bool, err error)

// MaxRows bounds the lots and disposal pieces one answer carries.
const MaxRows = 10000

// maxHarvestLots bounds the lots a harvesting answer reads (memory stays bounded at any ledger size).
const maxHarvestLots = 100000

// maxPricedAssets bounds the price look-ups of one request.
const maxPricedAssets = 500

// Prices are the two price look-ups of the request path: Cached never leaves the database; Fetch
// may ask the price API (internal/prices Source.CachedUSD and Source.USD). Either may be nil.
// CachedIn and FetchIn are the same in a client's currency other than USD (Source.CachedIn and
// Source.In); without them such a client has no prices (a USD price is never converted).
type Prices struct {
	Cached, Fetch     PriceFunc
	CachedIn, FetchIn func(currency string) PriceFunc
}

// in returns the look-ups of prices in currency (ISO 4217).
func (p Prices) in(currency string) Prices {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	if cur == "" || cur == "USD" {
		return Prices{Cached: p.Cached, Fetch: p.Fetch}
	}
	var out Prices
	if p.CachedIn != nil {
		out.Cached = p.CachedIn(cur)
	}
	if p.FetchIn != nil {
		out.Fetch = p.FetchIn(cur)
	}
	return out
}

// fetchBudget bounds the time one request spends asking the price API; prices not found by then
// are reported missing.
const fetchBudget = 800 * time.Millisecond

// Service reads tax figures on behalf of an authorised scope.
type Service struct {
	pool   *pgxpool.Pool
	prices Prices
	now    func() time.Time
}

// NewService returns the service; the zero Prices is offline (no price is known).
func NewService(pool *pgxpool.Pool, prices Prices, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, prices: prices, now: now}
}

// state is what every figure depends on: the current result set and the settings.
type state struct {
	db.GetTaxFiguresStateRow
	settings taxsettings.Settings
}

func (s *Service) state(ctx context.Context, scope auth.ClientScope) (state, error) {
	if err := scope.Check(); err != nil {
		return state{}, err
	}
	r, err := db.New(s.pool).GetTaxFiguresState(ctx, scope.ClientID())
	if err != nil {
		return state{}, err
	}
	ts, err := taxsettings.Parse(r.CostBasisAlgorithm, nil, r.Timezone, r.FiscalYearStart, r.Country, r.LockTaxesUntil, r.Settings)
	if err != nil {
		return state{}, err
	}
	return state{GetTaxFiguresStateRow: r, settings: ts}, nil
}

// jurisdiction is the rule set of the current results (the client's country's before the first).
func (st state) jurisdiction() tax.Jurisdiction {
	if st.CurrentResultSetID != nil {
		if j, err := tax.ParseJurisdiction(st.ResultJurisdiction); err == nil {
			return j
		}
	}
	return st.settings.Jurisdiction()
}

// YearBounds returns the half-open instant range of tax year y in the client's fiscal year and
// timezone.
func (st state) yearBounds(y int) (time.Time, time.Time, error) {
	es, err := st.settings.Engine(time.Time{})
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	es.Jurisdiction = st.jurisdiction()
	return es.TaxYearStart(y), es.TaxYearStart(y + 1), nil
}

// Year are the figures of one tax year.
type Year struct {
	Year                           int
	Start, End                     time.Time
	Currency                       string
	Proceeds, Basis                decimal.Decimal
	ShortGain, LongGain, Futures   decimal.Decimal
	Income                         decimal.Decimal
	IncomeByType                   []IncomeType
	DisposalTransactions, TxInYear int
	IsStale                        bool
	ComputedAt                     time.Time
	// Jurisdiction is the rule set of the results (Computed: there are results); under GB and CA,
	// Gains and Losses count each disposal once and Denied is CA's superficial losses.
	Jurisdiction          tax.Jurisdiction
	Computed              bool
	Gains, Losses, Denied decimal.Decimal
	// TaxableGain, TaxableIncome, DiscountGains, LossesBroughtForward, LossesCarriedForward and
	// Discount are the year's taxable figures where the rules have them (tax.YearSummary); a figure
	// the rules do not have is not Valid.
	TaxableGain, TaxableIncome, DiscountGains            decimal.NullDecimal
	LossesBroughtForward, LossesCarriedForward, Discount decimal.NullDecimal
}

// Inclusion is the taxable part of a Canadian capital gain (or the allowable part of a loss): half.
func Inclusion(gain decimal.Decimal) decimal.Decimal { return gain.Div(decimal.NewFromInt(2)) }

// Label names the year as its jurisdiction does ("2024/25" under GB, "2024-25" under AU).
func (y Year) Label() string { return y.Jurisdiction.TaxYearLabel(y.Year) }

// IncomeType is the income of one label in a year.
type IncomeType struct {
	Label        string
	Value        decimal.Decimal
	Transactions int
}

// ParseYear reads a four-digit tax year argument.
func ParseYear(field, s string) (int, error) {
	y, err := strconv.Atoi(s)
	if err != nil || len(s) != 4 || y < 1900 || y > 2200 {
		return 0, apperr.InvalidField(field, "must be a tax year as four digits, for example 2024")
	}
	return y, nil
}

// Year returns the figures of tax year y (zeros when the results hold nothing for it).
func (s *Service) Year(ctx context.Context, scope auth.ClientScope, y int) (Year, error) {
	st, err := s.state(ctx, scope)
	if err != nil {
		return Year{}, err
	}
	out := Year{Year: y, Currency: st.Currency, IsStale: st.IsStale || st.CurrentResultSetID == nil, Jurisdiction: st.jurisdiction(),
		Computed: st.CurrentResultSetID != nil}
	if out.Start, out.End, err = st.yearBounds(y); err != nil {
		return Year{}, err
	}
	if st.ComputedAt != nil {
		out.ComputedAt = *st.ComputedAt
	}
	if st.CurrentResultSetID == nil {
		return out, nil
	}
	rs := *st.CurrentResultSetID
	q := db.New(s.pool)
	sum, err := q.GetTaxFiguresYearSummary(ctx, db.GetTaxFiguresYearSummaryParams{ResultSetID: rs, TaxYear: int32(y)})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return out, nil
	case err != nil:
		return Year{}, err
	}
	lines, err := q.SumYearDisposalLines(ctx, db.SumYearDisposalLinesParams{ResultSetID: rs, TaxYear: int32(y)})
	if err != nil {
		return Year{}, err
	}
	// the totals of the lines as printed (money.Line), so that they equal every report's totals
	out.Proceeds, out.Basis, out.ShortGain, out.LongGain = lines.Proceeds, lines.Basis, lines.ShortTermGain, lines.LongTermGain
	out.Futures, out.Income, out.TxInYear = sum.Futures, sum.Income, int(sum.TransactionCount)
	out.Gains, out.Losses, out.Denied = sum.Gains.Decimal, sum.Losses.Decimal, sum.DeniedLosses.Decimal
	out.TaxableGain, out.TaxableIncome, out.DiscountGains = sum.TaxableGain, sum.TaxableIncome, sum.DiscountGains
	out.LossesBroughtForward, out.LossesCarriedForward, out.Discount = sum.LossesBroughtForward, sum.LossesCarriedForward, sum.Discount
	out.DisposalTransactions = int(lines.Transactions)
	inc, err := q.ListYearIncomeByType(ctx, db.ListYearIncomeByTypeParams{ResultSetID: rs, TaxYear: int32(y)})
	if err != nil {
		return Year{}, err
	}
	for _, r := range inc {
		out.IncomeByType = append(out.IncomeByType, IncomeType{Label: r.IncomeType, Value: r.Value, Transactions: int(r.TransactionCount)})
	}
	return out, nil
}

// Years returns the tax years with ledger activity in the current results, ascending.
func (s *Service) Years(ctx context.Context, scope auth.ClientScope) ([]int, error) {
	st, err := s.state(ctx, scope)
	if err != nil || st.CurrentResultSetID == nil {
		return []int{}, err
	}
	ys, err := db.New(s.pool).ListResultTaxYears(ctx, *st.CurrentResultSetID)
	out := make([]int, len(ys))
	for i, y := range ys {
		out[i] = int(y)
	}
	return out, err
}

// Lot is an open lot.
type Lot struct {
	ID               string
	AssetID          uuid.UUID
	AccountID        *uuid.UUID
	StakingID        *string
	AcquiredAt       time.Time
	TransactionID    *uuid.UUID
	TransferID       string
	OriginalQuantity decimal.Decimal
	Quantity, Basis  decimal.Decimal
	LongTerm         bool // if sold now
	MissingBasis     bool
}

// Piece is one disposal piece with the lot it consumed.
type Piece struct {
	TransactionID             *uuid.UUID
	TransferID                string
	AccountID                 *uuid.UUID
	DisposedAt                time.Time
	TaxYear                   int
	Quantity, Proceeds, Basis decimal.Decimal
	Gain                      decimal.Decimal
	LongTerm                  bool
	Box                       string
	LotID                     *string
	LotAcquiredAt             *time.Time
	LotTransactionID          *uuid.UUID
	LotTransferID             *string
	Uncovered, MissingBasis   bool
	Match                     *string          // same_day, thirty_day, pool, acb, uncovered; nil under US
	DeniedLoss                *decimal.Decimal // CA
	// Kind is "disposal" for a taxable piece, else the removal's kind (gift, donation, lost,
	// transfer_out): what left without a gain, at its basis, with no proceeds.
	Kind string
}

// Lots are the open lots and disposal trail of the assets with one pricing key: one page of each
// list, with the counts and totals of the whole lists.
type Lots struct {
	Asset                *ledger.Asset // the oldest asset with the key, if any
	Method               tax.Method
	Lots                 []Lot   // the page's open lots, in the order Method consumes them
	Pieces               []Piece // the page's pieces, by time
	LotCount, PieceCount int     // of the whole lists (at most MaxRows each of lots, disposal pieces and removals)
	Quantity, Basis      decimal.Decimal
	Value                *decimal.Decimal // now, when a price is known for every asset of the key
	IsStale              bool
	Truncated            bool
	Jurisdiction         tax.Jurisdiction // of the results; under GB a lot is the asset's pool, under CA its ACB
	Computed             bool
}

// Lots returns one page (the slice's window, the same positions of both lists) of the open lots of
// the assets with pricingKey in the order the client's current algorithm would consume them, and of
// every disposal piece of those assets with its lot. With transactionID, only that transaction's
// pieces and the open lots its acquisitions created. The order of each list and the totals come
// from its rows' keys (a few columns each); only the page's rows are read whole.
func (s *Service) Lots(ctx context.Context, scope auth.ClientScope, pricingKey string, transactionID *uuid.UUID, window page.Slice) (Lots, error) {
	if strings.TrimSpace(pricingKey) == "" || len(pricingKey) > 200 {
		return Lots{}, apperr.InvalidField("assetPricingKey", "must be 1 to 200 characters")
	}
	st, err := s.state(ctx, scope)
	if err != nil {
		return Lots{}, err
	}
	now := s.now()
	es, err := st.settings.Engine(now)
	if err != nil {
		return Lots{}, err
	}
	out := Lots{IsStale: st.IsStale || st.CurrentResultSetID == nil, Method: es.MethodAt(now), Jurisdiction: st.jurisdiction(),
		Computed: st.CurrentResultSetID != nil}
	switch rules := out.Jurisdiction.Rules(); {
	case rules.Matcher.Pooled():
		out.Method = tax.AverageCost
	case !rules.ClientLots:
		out.Method = tax.FIFO
	}
	q := db.New(s.pool)
	assets, err := q.ListAssetsByPricingKey(ctx, db.ListAssetsByPricingKeyParams{ClientID: scope.ClientID(), PricingKey: pricingKey})
	if err != nil {
		return Lots{}, err
	}
	if transactionID != nil {
		if _, err := q.GetTransaction(ctx, db.GetTransactionParams{ClientID: scope.ClientID(), ID: *transactionID}); err != nil {
			return Lots{}, store.Err(err, "transaction")
		}
	}
	if len(assets) > 0 {
		oldest := ledger.AssetOf(assets[0])
		out.Asset = &oldest
	}
	if len(assets) == 0 || st.CurrentResultSetID == nil {
		return out, nil
	}
	keys := make([]string, len(assets))
	for i, a := range assets {
		keys[i] = a.ID.String()
	}
	var t trail
	if transactionID == nil {
		t, err = assetTrail(ctx, q, *st.CurrentResultSetID, scope.ClientID(), keys)
	} else {
		t, err = transactionTrail(ctx, q, *st.CurrentResultSetID, scope.ClientID(), *transactionID, keys)
	}
	if err != nil {
		return Lots{}, err
	}
	if len(t.lots) > MaxRows || len(t.disposals) > MaxRows || len(t.removals) > MaxRows {
		out.Truncated = true
	}
	loc := st.settings.Location()

	// the lots: every one's key in the method's order, the page's read whole
	perAsset := map[string]decimal.Decimal{}
	for _, l := range t.lots {
		perAsset[l.AssetKey] = perAsset[l.AssetKey].Add(l.Quantity)
		out.Quantity = out.Quantity.Add(l.Quantity)
		out.Basis = out.Basis.Add(l.Basis)
	}
	ordered := make([]Lot, min(len(t.lots), MaxRows))
	for i, l := range t.lots[:len(ordered)] {
		ordered[i] = Lot{ID: l.LotID, AcquiredAt: l.AcquiredAt, Quantity: l.Quantity, Basis: l.Basis}
	}
	orderLots(ordered, out.Method)
	out.LotCount = len(ordered)
	ordered = page.Window(window, ordered)
	ids := make([]string, len(ordered))
	for i, l := range ordered {
		ids[i] = l.ID
	}
	lots, err := t.lotRows(ids)
	if err != nil {
		return Lots{}, err
	}
	for _, k := range ordered {
		l, ok := lots[k.ID]
		if !ok {
			return Lots{}, errors.New("taxfigures: a lot of the page is gone from its result set")
		}
		x := Lot{ID: l.LotID, AcquiredAt: l.AcquiredAt, TransactionID: l.TransactionID, TransferID: l.SourceTransferID.String(),
			Quantity: l.Quantity, Basis: l.Basis, MissingBasis: l.MissingBasis, LongTerm: !now.Before(tax.LongTermFrom(l.AcquiredAt, loc))}
		x.AccountID, x.StakingID = accountOf(l.AccountKey)
		x.AssetID, _ = uuid.Parse(l.AssetKey)
		if l.OriginalQuantity.Valid {
			x.OriginalQuantity = l.OriginalQuantity.Decimal
		} else {
			x.OriginalQuantity = l.Quantity
		}
		out.Lots = append(out.Lots, x)
	}

	// every piece that left, taxable or not (a donation's or gift's basis and dates are part of the
	// trail): the taxable pieces then the removals, each in seq order, by time
	keyed := make([]pieceKey, 0, min(len(t.disposals), MaxRows)+min(len(t.removals), MaxRows))
	for _, d := range t.disposals[:min(len(t.disposals), MaxRows)] {
		keyed = append(keyed, pieceKey{seq: d.Seq, at: d.DisposedAt})
	}
	for _, r := range t.removals[:min(len(t.removals), MaxRows)] {
		keyed = append(keyed, pieceKey{removal: true, seq: r.Seq, at: r.RemovedAt})
	}
	sort.SliceStable(keyed, func(i, j int) bool { return keyed[i].at.Before(keyed[j].at) })
	out.PieceCount = len(keyed)
	keyed = page.Window(window, keyed)
	var seqs []int32
	var removed []pieceKey
	for _, k := range keyed {
		if k.removal {
			removed = append(removed, k)
		} else {
			seqs = append(seqs, k.seq)
		}
	}
	disposals, err := t.disposalRows(seqs)
	if err != nil {
		return Lots{}, err
	}
	removals, err := t.removalRows(removed)
	if err != nil {
		return Lots{}, err
	}
	pooled := out.Jurisdiction.Rules().Matcher.Pooled()
	for _, k := range keyed {
		if k.removal {
			r, ok := removals[keyOfRemoval(k.at, k.seq)]
			if !ok {
				return Lots{}, errors.New("taxfigures: a removal of the page is gone from its result set")
			}
			x := Piece{Kind: r.Kind, TransactionID: r.TransactionID, TransferID: r.TransferID.String(), DisposedAt: r.RemovedAt,
				TaxYear: st.settings.TaxYearOf(r.RemovedAt), Quantity: r.Quantity, Basis: r.Basis, LotID: r.LotID, LotAcquiredAt: r.AcquiredAt,
				Uncovered: r.LotID == nil && !pooled, MissingBasis: r.LotID == nil && !pooled}
			if r.AcquiredAt != nil && out.Jurisdiction.Rules().HoldingTerms {
				x.LongTerm = !r.RemovedAt.Before(tax.LongTermFrom(*r.AcquiredAt, loc))
			}
			x.AccountID, _ = accountOf(r.AccountKey)
			out.Pieces = append(out.Pieces, x)
			continue
		}
		p, ok := disposals[k.seq]
		if !ok {
			return Lots{}, errors.New("taxfigures: a disposal piece of the page is gone from its result set")
		}
		x := Piece{Kind: "disposal", TransactionID: p.TransactionID, TransferID: p.TransferID.String(), DisposedAt: p.DisposedAt, TaxYear: int(p.TaxYear),
			Quantity: p.Quantity, Proceeds: p.Proceeds, Basis: p.Basis, Gain: p.Gain, LongTerm: p.Term == "long", Box: p.FormBox,
			LotID: p.LotID, LotAcquiredAt: p.AcquiredAt, LotTransactionID: p.LotTransactionID, LotTransferID: uuidText(p.LotTransferID),
			Uncovered: p.Uncovered, MissingBasis: p.MissingBasis, Match: p.Match}
		if p.DeniedLoss.Valid {
			x.DeniedLoss = &p.DeniedLoss.Decimal
		}
		x.AccountID, _ = accountOf(p.AccountKey)
		out.Pieces = append(out.Pieces, x)
	}
	if out.Quantity.Sign() > 0 {
		pr := s.pricer(ctx, st.Currency)
		// the value is known when every asset held under the key has a price now
		v, known := decimal.Zero, true
		for _, a := range assets {
			q := perAsset[a.ID.String()]
			if q.Sign() == 0 {
				continue
			}
			usd, ok := pr.price(a, now)
			if !ok {
				known = false
				break
			}
			v = v.Add(usd.Mul(q))
		}
		if known {
			out.Value = &v
		}
	}
	return out, nil
}

// pieceKey places a disposal piece (by its seq) or a removal (by its time and seq) in the trail.
type pieceKey struct {
	removal bool
	seq     int32
	at      time.Time
}

// removalKey is a removal's key in its result set: its time (in microseconds, as stored) and seq.
type removalKey struct {
	micros int64
	seq    int32
}

func keyOfRemoval(at time.Time, seq int32) removalKey { return removalKey{at.UnixMicro(), seq} }

// trail is what a lot answer reads: the keys of the open lots (acquisition order), of the disposal
// pieces and of the removals (seq order), each list at most MaxRows+1 long, and the rows of some of
// them by key.
type trail struct {
	lots         []db.ListAssetLotKeysRow
	disposals    []db.ListAssetDisposalKeysRow
	removals     []db.ListAssetRemovalKeysRow
	lotRows      func(ids []string) (map[string]db.ListLotsByIDRow, error)
	disposalRows func(seqs []int32) (map[int32]db.ListDisposalsBySeqRow, error)
	removalRows  func(keys []pieceKey) (map[removalKey]db.ListRemovalsByKeyRow, error)
}

// assetTrail reads the keys of the assets' lots, pieces and removals; the rows are read by key.
func assetTrail(ctx context.Context, q *db.Queries, rs, client uuid.UUID, keys []string) (trail, error) {
	var t trail
	var err error
	if t.lots, err = q.ListAssetLotKeys(ctx, db.ListAssetLotKeysParams{ResultSetID: rs, AssetKeys: keys}); err != nil {
		return trail{}, err
	}
	if t.disposals, err = q.ListAssetDisposalKeys(ctx, db.ListAssetDisposalKeysParams{ResultSetID: rs, AssetKeys: keys}); err != nil {
		return trail{}, err
	}
	if t.removals, err = q.ListAssetRemovalKeys(ctx, db.ListAssetRemovalKeysParams{ResultSetID: rs, AssetKeys: keys}); err != nil {
		return trail{}, err
	}
	t.lotRows = func(ids []string) (map[string]db.ListLotsByIDRow, error) {
		out := map[string]db.ListLotsByIDRow{}
		if len(ids) == 0 {
			return out, nil
		}
		rows, err := q.ListLotsByID(ctx, db.ListLotsByIDParams{ResultSetID: rs, ClientID: client, LotIds: ids})
		for _, r := range rows {
			out[r.LotID] = r
		}
		return out, err
	}
	t.disposalRows = func(seqs []int32) (map[int32]db.ListDisposalsBySeqRow, error) {
		out := map[int32]db.ListDisposalsBySeqRow{}
		if len(seqs) == 0 {
			return out, nil
		}
		rows, err := q.ListDisposalsBySeq(ctx, db.ListDisposalsBySeqParams{ResultSetID: rs, ClientID: client, Seqs: seqs})
		for _, r := range rows {
			out[r.Seq] = r
		}
		return out, err
	}
	t.removalRows = func(ks []pieceKey) (map[removalKey]db.ListRemovalsByKeyRow, error) {
		out := map[removalKey]db.ListRemovalsByKeyRow{}
		if len(ks) == 0 {
			return out, nil
		}
		p := db.ListRemovalsByKeyParams{ResultSetID: rs, ClientID: client}
		for _, k := range ks {
			p.RemovedAt, p.Seqs = append(p.RemovedAt, k.at), append(p.Seqs, k.seq)
		}
		rows, err := q.ListRemovalsByKey(ctx, p)
		for _, r := range rows {
			out[keyOfRemoval(r.RemovedAt, r.Seq)] = r // a pair not asked for (a time of one and a seq of another) is never looked up
		}
		return out, err
	}
	return t, nil
}

// transactionTrail reads one transaction's part of the assets' lots, pieces and removals whole.
func transactionTrail(ctx context.Context, q *db.Queries, rs, client, tx uuid.UUID, keys []string) (trail, error) {
	ps, err := q.ListTransactionLotDisposals(ctx, db.ListTransactionLotDisposalsParams{ResultSetID: rs, ClientID: client, TransactionID: tx, AssetKeys: keys})
	if err != nil {
		return trail{}, err
	}
	trs, err := q.ListTransfersOfTransactions(ctx, db.ListTransfersOfTransactionsParams{ClientID: client, Ids: []uuid.UUID{tx}})
	if err != nil {
		return trail{}, err
	}
	ids := make([]uuid.UUID, len(trs))
	for i, t := range trs {
		ids[i] = t.ID
	}
	ls, err := q.ListTransactionOpenLots(ctx, db.ListTransactionOpenLotsParams{ResultSetID: rs, ClientID: client, AssetKeys: keys, TransferIds: ids})
	if err != nil {
		return trail{}, err
	}
	rms, err := q.ListTransactionRemovals(ctx, db.ListTransactionRemovalsParams{ResultSetID: rs, ClientID: client, AssetKeys: keys, TransactionID: tx})
	if err != nil {
		return trail{}, err
	}
	var t trail
	lots := map[string]db.ListLotsByIDRow{}
	for i, l := range ls {
		t.lots = append(t.lots, db.ListAssetLotKeysRow{LotID: l.LotID, AssetKey: l.AssetKey, Quantity: l.Quantity, Basis: l.Basis, AcquiredAt: l.AcquiredAt})
		lots[l.LotID] = db.ListLotsByIDRow{LotID: l.LotID, AssetKey: l.AssetKey, AccountKey: l.AccountKey, Quantity: l.Quantity, Basis: l.Basis,
			AcquiredAt: l.AcquiredAt, MissingBasis: l.MissingBasis, SourceTransferID: l.SourceTransferID, TransactionID: &ls[i].TransactionID,
			OriginalQuantity: decimal.NullDecimal{Decimal: l.OriginalQuantity, Valid: true}}
	}
	disposals := map[int32]db.ListDisposalsBySeqRow{}
	for _, p := range ps {
		t.disposals = append(t.disposals, db.ListAssetDisposalKeysRow{Seq: p.Seq, DisposedAt: p.DisposedAt})
		disposals[p.Seq] = db.ListDisposalsBySeqRow{Seq: p.Seq, TransferID: p.TransferID, LotID: p.LotID, LotTransferID: p.LotTransferID,
			AccountKey: p.AccountKey, Quantity: p.Quantity, Proceeds: p.Proceeds, Basis: p.Basis, Gain: p.Gain, AcquiredAt: p.AcquiredAt,
			DisposedAt: p.DisposedAt, TaxYear: p.TaxYear, Term: p.Term, FormBox: p.FormBox, Uncovered: p.Uncovered,
			MissingBasis: p.MissingBasis, Match: p.Match, DeniedLoss: p.DeniedLoss, TransactionID: &tx, LotTransactionID: p.LotTransactionID}
	}
	removals := map[removalKey]db.ListRemovalsByKeyRow{}
	for i, r := range rms {
		t.removals = append(t.removals, db.ListAssetRemovalKeysRow{RemovedAt: r.RemovedAt, Seq: r.Seq})
		removals[keyOfRemoval(r.RemovedAt, r.Seq)] = db.ListRemovalsByKeyRow{Seq: r.Seq, TransferID: r.TransferID, Kind: r.Kind, LotID: r.LotID,
			AccountKey: r.AccountKey, Quantity: r.Quantity, Basis: r.Basis, AcquiredAt: r.AcquiredAt, RemovedAt: r.RemovedAt, TransactionID: &rms[i].TransactionID}
	}
	t.lotRows = func([]string) (map[string]db.ListLotsByIDRow, error) { return lots, nil }
	t.disposalRows = func([]int32) (map[int32]db.ListDisposalsBySeqRow, error) { return disposals, nil }
	t.removalRows = func([]pieceKey) (map[removalKey]db.ListRemovalsByKeyRow, error) { return removals, nil }
	return t, nil
}

// accountOf turns a result account key into an account id or a staking position.
func accountOf(key string) (*uuid.UUID, *string) {
	if id, ok := strings.CutPrefix(key, "staking:"); ok {
		return nil, &id
	}
	if u, err := uuid.Parse(key); err == nil {
		return &u, nil
	}
	return nil, nil
}

// orderLots sorts lots in the order method consumes them: FIFO oldest first, LIFO newest first,
// HIFO/LOFO by unit cost (ties: earliest acquisition), average cost in acquisition order.
func orderLots(lots []Lot, m tax.Method) {
	unit := func(l Lot) decimal.Decimal {
		if l.Quantity.IsZero() {
			return decimal.Zero
		}
		return l.Basis.DivRound(l.Quantity, 18)
	}
	sort.SliceStable(lots, func(i, j int) bool {
		a, b := lots[i], lots[j]
		switch m {
		case tax.LIFO:
			return a.AcquiredAt.After(b.AcquiredAt)
		case tax.HIFO, tax.LOFO:
			if c := unit(a).Cmp(unit(b)); c != 0 {
				return (c > 0) == (m == tax.HIFO)
			}
		}
		return a.AcquiredAt.Before(b.AcquiredAt)
	})
}

// pricer prices assets for one request in the client's currency: the cache first, then the price
// API within fetchBudget for the whole request.
type pricer struct {
	ctx      context.Context
	prices   Prices
	deadline time.Time
}

func (s *Service) pricer(ctx context.Context, currency string) *pricer {
	return &pricer{ctx: ctx, prices: s.prices.in(currency), deadline: time.Now().Add(fetchBudget)}
}

func (p *pricer) price(a db.Asset, at time.Time) (decimal.Decimal, bool) {
	ref := imports.AssetRef{Symbol: a.Symbol, Name: a.Name}
	if a.Chain != nil {
		ref.Chain = *a.Chain
	}
	if a.ContractAddress != nil {
		ref.Contract = *a.ContractAddress
	}
	if a.Decimals != nil {
		ref.Decimals = *a.Decimals
	}
	if a.TokenID != nil {
		ref.TokenID = *a.TokenID
	}
	if p.prices.Cached != nil {
		if usd, ok, err := p.prices.Cached(p.ctx, ref, at); err == nil && ok {
			return usd, true
		}
	}
	if p.prices.Fetch == nil || !time.Now().Before(p.deadline) {
		return decimal.Decimal{}, false
	}
	ctx, cancel := context.WithDeadline(p.ctx, p.deadline)
	defer cancel()
	usd, ok, err := p.prices.Fetch(ctx, ref, at)
	if err != nil || !ok {
		return decimal.Decimal{}, false // offline, unknown or out of time: flagged by the caller, never invented
	}
	return usd, true
}

// Harvest are the unrealised losses at a date.
type Harvest struct {
	Date     time.Time
	Currency string
	Assets   []HarvestAsset // largest loss first
	Unpriced []uuid.UUID    // held, no price for the date
	IsStale  bool
}

// HarvestAsset is one asset's lots held at a loss on the date.
type HarvestAsset struct {
	Asset                ledger.Asset
	Quantity             decimal.Decimal
	Price                decimal.Decimal
	Value, Basis         decimal.Decimal
	ShortGain, LongGain  decimal.Decimal // signed, <= 0
	HasRecentAcquisition bool
}

// Gain is value minus basis.
func (h HarvestAsset) Gain() decimal.Decimal { return h.Value.Sub(h.Basis) }

// heldLot is a quantity held at the date with its basis and acquisition.
type heldLot struct {
	quantity, basis decimal.Decimal
	acquired        time.Time
}

// Harvest returns, per asset, the lots held at the end of day (in the client's timezone) that were
// at a loss at that day's price, with the term a sale on that day would have. Held: the open lots
// acquired before the end of the day plus the pieces disposed of since then from lots acquired
// before it. Non-taxable removals after the day (gifts, donations, losses) are not stored as pieces,
// so they are not added back. Assets without a price for the day are listed in Unpriced.
func (s *Service) Harvest(ctx context.Context, scope auth.ClientScope, day time.Time) (Harvest, error) {
	st, err := s.state(ctx, scope)
	if err != nil {
		return Harvest{}, err
	}
	y, m, d := day.UTC().Date()
	out := Harvest{Date: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Currency: st.Currency, IsStale: st.IsStale || st.CurrentResultSetID == nil}
	if y < 1900 || y > 2200 {
		return Harvest{}, apperr.InvalidField("date", "must be between 1900 and 2200")
	}
	if st.CurrentResultSetID == nil {
		return out, nil
	}
	loc := st.settings.Location()
	end := time.Date(y, m, d+1, 0, 0, 0, 0, loc)
	q := db.New(s.pool)
	lots, err := q.ListOpenLotsBefore(ctx, db.ListOpenLotsBeforeParams{ResultSetID: *st.CurrentResultSetID, Before: end})
	if err != nil {
		return Harvest{}, err
	}
	pieces, err := q.ListPiecesHeldAt(ctx, db.ListPiecesHeldAtParams{ResultSetID: *st.CurrentResultSetID, At: end})
	if err != nil {
		return Harvest{}, err
	}
	if len(lots) > maxHarvestLots || len(pieces) > maxHarvestLots {
		return Harvest{}, apperr.New(apperr.LimitExceeded, "more than %d lots: too many to value in one request", maxHarvestLots)
	}
	held := map[string][]heldLot{}
	for _, l := range lots {
		held[l.AssetKey] = append(held[l.AssetKey], heldLot{l.Quantity, l.Basis, l.AcquiredAt})
	}
	for _, p := range pieces {
		held[p.AssetKey] = append(held[p.AssetKey], heldLot{p.Quantity, p.Basis, p.AcquiredAt})
	}
	ids := make([]uuid.UUID, 0, len(held))
	for k := range held {
		if id, err := uuid.Parse(k); err == nil {
			ids = append(ids, id)
		}
	}
	if len(ids) > maxPricedAssets {
		return Harvest{}, apperr.New(apperr.LimitExceeded, "more than %d assets held: too many to price in one request", maxPricedAssets)
	}
	assets, err := q.ListAssetsByIDs(ctx, db.ListAssetsByIDsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return Harvest{}, err
	}
	slices.SortFunc(assets, func(a, b db.Asset) int { return strings.Compare(a.ID.String(), b.ID.String()) })
	priceAt := out.Date.Add(12 * time.Hour) // the UTC day of the date
	pr := s.pricer(ctx, st.Currency)
	start := end.AddDate(0, 0, -1) // a sale on the date: long-term from the day after the anniversary
	recent := end.AddDate(0, 0, -30)
	for _, a := range assets {
		if a.IsSpam || a.IsWorthless {
			continue
		}
		hs := held[a.ID.String()]
		usd, ok := pr.price(a, priceAt)
		if !ok {
			out.Unpriced = append(out.Unpriced, a.ID)
			continue
		}
		h := HarvestAsset{Asset: ledger.AssetOf(a), Price: usd}
		for _, l := range hs {
			v := l.quantity.Mul(usd)
			g := v.Sub(l.basis)
			if l.acquired.After(recent) {
				h.HasRecentAcquisition = true
			}
			if g.Sign() >= 0 {
				continue
			}
			h.Quantity, h.Value, h.Basis = h.Quantity.Add(l.quantity), h.Value.Add(v), h.Basis.Add(l.basis)
			if !start.Before(tax.LongTermFrom(l.acquired, loc)) {
				h.LongGain = h.LongGain.Add(g)
			} else {
				h.ShortGain = h.ShortGain.Add(g)
			}
		}
		if h.Quantity.Sign() > 0 {
			out.Assets = append(out.Assets, h)
		}
	}
	sort.SliceStable(out.Assets, func(i, j int) bool { return out.Assets[i].Gain().Cmp(out.Assets[j].Gain()) < 0 })
	return out, nil
}

// Form8949Box are the totals of one Form 8949 box in a tax year.
type Form8949Box struct {
	Box             string // A to L
	LongTerm        bool
	Rows            int
	Proceeds, Basis decimal.Decimal
}

// Form8949Row is one row of a Form 8949: one disposal piece.
type Form8949Row struct {
	Box             string
	LongTerm        bool
	TransactionID   *uuid.UUID
	TransferID      *uuid.UUID
	AssetID         *uuid.UUID
	Symbol          string
	Quantity        decimal.Decimal
	Acquired        *time.Time // nil: no lot covered the piece (printed VARIOUS)
	Sold            time.Time
	Proceeds, Basis decimal.Decimal
}

// Form8949 is a tax year's Form 8949 from the settled results: every box's totals and one page of
// rows (of one box when asked).
type Form8949 struct {
	Year    int
	Boxes   []Form8949Box
	Rows    []Form8949Row
	Total   int // rows over all pages (of the box asked for)
	IsStale bool
}

// Form8949Preview returns tax year y's Form 8949: the totals of each box and the rows of page
// (limit rows, 1 to 500) in box order, only those of box when it is not nil.
func (s *Service) Form8949Preview(ctx context.Context, scope auth.ClientScope, y int, box *string, page, limit int) (Form8949, error) {
	if limit < 1 || limit > 500 {
		return Form8949{}, apperr.InvalidField("limit", "must be 1 to 500")
	}
	if page < 0 || page > 1_000_000 {
		return Form8949{}, apperr.InvalidField("page", "must be 0 or more")
	}
	st, err := s.state(ctx, scope)
	if err != nil {
		return Form8949{}, err
	}
	if j := st.jurisdiction(); !j.Rules().USForms {
		return Form8949{}, apperr.New(apperr.Invalid, "Form 8949 is a US form; the client's rules are %s's: use its capital gains report", j)
	}
	out := Form8949{Year: y, IsStale: st.IsStale || st.CurrentResultSetID == nil, Boxes: []Form8949Box{}, Rows: []Form8949Row{}}
	if st.CurrentResultSetID == nil {
		return out, nil
	}
	rs := *st.CurrentResultSetID
	q := db.New(s.pool)
	boxes, err := q.ListYearForm8949Boxes(ctx, db.ListYearForm8949BoxesParams{ResultSetID: rs, TaxYear: int32(y)})
	if err != nil {
		return Form8949{}, err
	}
	for _, b := range boxes {
		out.Boxes = append(out.Boxes, Form8949Box{Box: b.FormBox, LongTerm: b.Term == "long", Rows: int(b.RowCount), Proceeds: b.Proceeds, Basis: b.Basis})
		if box == nil || *box == b.FormBox {
			out.Total += int(b.RowCount)
		}
	}
	rows, err := q.ListYearForm8949Rows(ctx, db.ListYearForm8949RowsParams{ResultSetID: rs, TaxYear: int32(y), ClientID: scope.ClientID(),
		Box: box, RowOffset: int32(page * limit), RowLimit: int32(limit)})
	if err != nil {
		return Form8949{}, err
	}
	for _, r := range rows {
		x := Form8949Row{Box: r.FormBox, LongTerm: r.Term == "long", TransactionID: r.TransactionID, Symbol: r.Symbol,
			Quantity: r.Quantity, Acquired: r.AcquiredAt, Sold: r.DisposedAt, Proceeds: r.Proceeds, Basis: r.Basis}
		x.TransferID = &r.TransferID
		if id, err := uuid.Parse(r.AssetKey); err == nil {
			x.AssetID = &id
		}
		out.Rows = append(out.Rows, x)
	}
	return out, nil
}

// uuidText is id's canonical text, nil when id is.
func uuidText(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}
