package tax

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unsafe"
)

// ErrUnsorted is returned when transactions are not in non-decreasing time order.
var ErrUnsorted = errors.New("tax: transactions are not in settlement order")

// ErrInvalid wraps input validation errors (negative quantity or value, unknown method...).
var ErrInvalid = errors.New("tax: invalid input")

var (
	minTime = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

// Compute runs the engine once on in with a fresh Engine. The Result owns its memory.
func Compute(in Input) (Result, error) {
	var e Engine
	return e.Compute(in)
}

// Engine computes lots, disposals, income and summaries. Reusing one Engine across calls reuses its
// internal buffers and the Result's slices: a Result returned by Compute is valid until the next call
// to Compute on the same Engine. An Engine is not safe for concurrent use.
type Engine struct {
	// DisposalSink, when set, receives every disposal piece as soon as it is final, in output order,
	// instead of Result.Disposals collecting them (summaries still count them). The pointer is only
	// valid during the call; Engine.AssetName/AccountName resolve its Refs. Streaming writers (taxd
	// compute) use it so that a million-transaction ledger never holds its disposals in memory.
	DisposalSink func(*Disposal)

	// Checkpoints (ascending) are instants at which OnCheckpoint receives the engine's state: before
	// the first transaction at or after each (one checkpoint for several boundaries with no
	// transaction between them; none before the first transaction). Resume continues from one.
	// Checkpoints do not count disposals given to DisposalSink.
	Checkpoints  []time.Time
	OnCheckpoint func(*Checkpoint)
	nextCP       int
	cpBase       *Checkpoint

	// settings
	rules         *Rules
	pooled        bool        // rules.Matcher.Pooled(): the holdings are pooled.go's, not lots
	pooledState   pooledState // the pooled matchers' state (pooled.go)
	loc           *time.Location
	methods       []MethodChange
	switchAt      int64
	hasSwitch     bool
	switchAtEnd   bool
	fyMonth       time.Month
	fyDay         int
	perWallet     bool
	method        Method
	methodStarted bool
	carried       Dec  // the net capital loss carried into the next tax year (Rules.CarryLosses)
	countsGains   bool // rules.TaxableGain() under lots: tally splits the pieces' gains by sign and term

	// interning
	assetIdx   map[string]int32
	assets     []string
	accIdx     map[string]int32
	accs       []account
	stakeIdx   map[string]int32
	accCache   [accCacheSize]accCacheEntry
	assetCache [accCacheSize]accCacheEntry

	// pools and lots
	pools     []pool
	universal []int32 // per asset: pool index+1, 0 = none
	lots      []lotRec
	free      []int32
	nextLot   LotID

	// calendar
	started            bool
	lastT              int64
	year               int
	yearStart, yearEnd int64
	dayStart, dayEnd   int64
	dayLongFrom        int64
	cur                *YearSummary
	incomeByType       [numLabels]IncomeTotal

	// scratch
	cls     []tcls
	wrapBuf []Transfer // a transaction's transfers with its wrap legs paired (wrap.go)
	pieces  []piece
	order   []int32
	wall    []int32

	res     Result
	sinkBuf Disposal
	err     error
	tr      *Transfer // transfer being processed (for error messages)
	ran     bool      // set by the first run: a fresh Engine adopts a released one's memory (release.go)
}

type account struct {
	name    string
	virtual bool
	slots   []slot // per asset
}

type slot struct {
	pool int32 // pool index+1, 0 = none yet
	bal  Dec   // units held per the ledger (may go negative)
}

type piece struct {
	qty, basis     Dec
	acq            int64
	longFrom       int64
	id             LotID
	src            ID
	costHi, costLo uint64
	idx            int32
	whole          bool
	missing        bool
	costOK         bool
}

// operations a transfer turns into
const (
	opSkip uint8 = iota
	opAcquire
	opIncome
	opFuturesIn
	opDispose
	opFee
	opFuturesOut
	opRemove
	opMove
)

type tcls struct {
	op       uint8
	kind     DisposalKind
	regular  bool // purchase/sale-like leg (takes part in swap valuation and fee attribution)
	missing  bool // acquisition with unknown basis regardless of value ("internal" from external)
	hasValue bool
	from, to int32
	asset    int32
	toAsset  int32 // a move's destination asset (asset unless Transfer.ToAsset is set)
	value    Dec
	adj      Dec // attributed crypto-fee value: reduces proceeds (dispose) or adds to basis (acquire)
}

func (e *Engine) fail(err error) {
	if e.err == nil {
		if e.tr != nil {
			err = fmt.Errorf("transfer %s: %w", e.tr.ID, err)
		}
		e.err = err
	}
}

func (e *Engine) add(a, b Dec) Dec {
	r, ok := add(a, b)
	if !ok {
		e.overflow()
	}
	return r
}

func (e *Engine) sub(a, b Dec) Dec {
	r, ok := sub(a, b)
	if !ok {
		e.overflow()
	}
	return r
}

func (e *Engine) mulDiv(a, b, c Dec) Dec {
	r, ok := mulDiv(a, b, c)
	if !ok {
		e.overflow()
	}
	return r
}

// overflow is kept out of line so that add/sub inline into the hot paths.
//
//go:noinline
func (e *Engine) overflow() { e.fail(ErrOverflow) }

func (e *Engine) reset(s Settings) error {
	e.adoptReleased()
	e.loc = s.Location
	if e.loc == nil {
		e.loc = time.UTC
	}
	e.methods = append(e.methods[:0], s.Methods...)
	for i := 1; i < len(e.methods); i++ {
		if e.methods[i].FromYear <= e.methods[i-1].FromYear {
			return fmt.Errorf("%w: method changes must have ascending FromYear", ErrInvalid)
		}
	}
	for _, mc := range e.methods {
		if mc.Method > AverageCost {
			return fmt.Errorf("%w: unknown method %d", ErrInvalid, mc.Method)
		}
	}
	e.hasSwitch = !s.PerWalletFrom.IsZero()
	if e.hasSwitch {
		e.switchAt = s.PerWalletFrom.UnixNano()
	}
	e.switchAtEnd = e.hasSwitch && !s.AsOf.IsZero() && !s.AsOf.Before(s.PerWalletFrom)
	if !s.Jurisdiction.Valid() {
		return fmt.Errorf("%w: unknown jurisdiction %d", ErrInvalid, s.Jurisdiction)
	}
	e.rules = s.Rules()
	e.pooled = e.rules.Matcher.Pooled()
	start := s.taxYearStart()
	e.fyMonth, e.fyDay = start.Month, start.Day
	switch {
	case e.pooled:
		e.methods = append(e.methods[:0], MethodChange{Method: AverageCost})
		e.hasSwitch, e.switchAtEnd = false, false
	case !e.rules.ClientLots:
		e.methods = append(e.methods[:0], MethodChange{Method: FIFO})
		e.hasSwitch, e.switchAtEnd = false, false
	}
	e.pooledState.reset()
	if e.fyMonth < 1 || e.fyMonth > 12 || e.fyDay < 1 || e.fyDay > 28 {
		return fmt.Errorf("%w: fiscal year start must be a month 1-12 and a day 1-28", ErrInvalid)
	}
	e.perWallet = e.rules.WalletLots
	e.countsGains = !e.pooled && e.rules.TaxableGain()
	e.carried = Dec{}
	e.method = FIFO
	e.methodStarted = false
	if e.assetIdx == nil {
		e.assetIdx = make(map[string]int32)
		e.accIdx = make(map[string]int32)
		e.stakeIdx = make(map[string]int32)
	} else {
		clear(e.assetIdx)
		clear(e.accIdx)
		clear(e.stakeIdx)
	}
	e.assets = e.assets[:0]
	for i := range e.accs {
		e.accs[i].slots = e.accs[i].slots[:0]
	}
	e.accs = e.accs[:0]
	clear(e.accCache[:])
	clear(e.assetCache[:])
	for i := range e.pools {
		e.pools[i].clear()
	}
	e.pools = e.pools[:0]
	e.universal = e.universal[:0]
	e.lots = e.lots[:0]
	e.free = e.free[:0]
	e.nextLot = 0
	e.started = false
	e.dayStart, e.dayEnd = 1, 0
	e.cur = nil
	e.res.Lots = e.res.Lots[:0]
	e.res.Disposals = e.res.Disposals[:0]
	e.res.Income = e.res.Income[:0]
	e.res.Years = e.res.Years[:0]
	e.res.Warnings = e.res.Warnings[:0]
	e.res.Derived = e.res.Derived[:0]
	e.res.Adjustments = e.res.Adjustments[:0]
	e.err = nil
	e.tr = nil
	return nil
}

// Compute runs the engine on in. See the package documentation for the rules.
func (e *Engine) Compute(in Input) (Result, error) {
	if err := e.Start(in.Settings, len(in.Transactions)); err != nil {
		return Result{}, err
	}
	if err := e.Feed(in.Transactions); err != nil {
		return Result{}, err
	}
	return e.Finish()
}

// Start begins a run whose transactions arrive in batches: Start, any number of Feed calls, then
// Finish give the Result that Compute gives for all the batches' transactions in one Input.
// transactions is the expected total (0 if unknown), for presizing the result. A streaming reader
// (taxd compute) uses it to keep only one batch of the ledger in memory: the engine keeps no
// reference to a Transaction or Transfer once Feed returns (it keeps their ID values and the
// asset and account strings), so the caller may reuse a batch's memory for the next one.
func (e *Engine) Start(s Settings, transactions int) error {
	if err := e.reset(s); err != nil {
		e.err = err
		return err
	}
	e.nextCP, e.cpBase = 0, nil
	e.presize(transactions)
	return nil
}

// Feed processes the next transactions of a run begun with Start (in settlement order, after
// those fed before). After an error the run is over: later calls return the same error.
func (e *Engine) Feed(txs []Transaction) error {
	if e.err != nil {
		return e.err
	}
	if err := e.feed(txs); err != nil {
		e.err = err
	}
	e.tr = nil
	return e.err
}

// Finish ends a run begun with Start and returns its Result.
func (e *Engine) Finish() (Result, error) {
	if e.err != nil {
		return Result{}, e.err
	}
	e.tr = nil
	e.cpBase = nil
	e.finish()
	if e.err != nil {
		return Result{}, e.err
	}
	return e.res, nil
}

func (e *Engine) run(txs []Transaction) (Result, error) {
	e.presize(len(txs))
	if err := e.Feed(txs); err != nil {
		return Result{}, err
	}
	return e.Finish()
}

func (e *Engine) feed(txs []Transaction) error {
	for ti := range txs {
		tx := &txs[ti]
		if tx.Time.Before(minTime) || tx.Time.After(maxTime) {
			return fmt.Errorf("%w: transaction %s: time %s outside 1900-2200", ErrInvalid, tx.ID, tx.Time.UTC().Format(time.RFC3339))
		}
		t := tx.Time.UnixNano()
		if e.nextCP < len(e.Checkpoints) && t >= e.Checkpoints[e.nextCP].UnixNano() {
			e.checkpoint(t)
		}
		if !e.started {
			e.started = true
			e.enterYear(t)
		} else {
			if t < e.lastT {
				return fmt.Errorf("%w: transaction %s at %s is before the previous one", ErrUnsorted, tx.ID, tx.Time.UTC().Format(time.RFC3339Nano))
			}
			if t >= e.yearEnd {
				e.enterYear(t)
			}
		}
		e.lastT = t
		if e.pooled {
			e.settleBefore(t)
		}
		if e.hasSwitch && !e.perWallet && t >= e.switchAt {
			e.switchToPerWallet(t)
		}
		e.processTx(tx, t)
		if e.err != nil {
			return e.err
		}
	}
	return nil
}

// ---- calendar ----

func (e *Engine) yearStartOf(y int) int64 {
	return time.Date(y, e.fyMonth, e.fyDay, 0, 0, 0, 0, e.loc).UnixNano()
}

func (e *Engine) enterYear(t int64) {
	e.flushYear()
	lt := time.Unix(0, t).In(e.loc)
	y := lt.Year()
	if t < e.yearStartOf(y) {
		y--
	}
	e.year = y
	e.yearStart = e.yearStartOf(y)
	e.yearEnd = e.yearStartOf(y + 1)
	m := e.methodFor(y)
	if !e.methodStarted {
		e.method = m
		e.methodStarted = true
	} else if m != e.method {
		e.setMethod(m)
	}
	e.res.Years = append(e.res.Years, YearSummary{Year: y, Method: e.method, LossesBroughtForward: e.carried})
	e.cur = &e.res.Years[len(e.res.Years)-1]
}

// taxYearStart is the first day of the tax year under s: the one its rules fix, else the
// settings' own fiscal-year start.
func (s Settings) taxYearStart() MonthDay {
	return s.Rules().TaxYearStartOf(MonthDay{s.FiscalYearStartMonth, s.FiscalYearStartDay})
}

// Rules is the rules of the settings' jurisdiction.
func (s Settings) Rules() *Rules { return RulesFor(s.Jurisdiction) }

// TaxYearOf is the tax year containing t under s: a year is named by the calendar year its start
// (the tax-year start, in s's location) falls in, as the engine counts them.
func (s Settings) TaxYearOf(t time.Time) int { return TaxYearIn(s.taxYearStart(), t, s.Location) }

// TaxYearStart is the first instant of tax year y under s (in s's location).
func (s Settings) TaxYearStart(y int) time.Time {
	return TaxYearStartIn(s.taxYearStart(), y, s.Location)
}

// MethodAt is the method the engine applies in the tax year containing t.
func (s Settings) MethodAt(t time.Time) Method {
	return methodIn(s.Methods, s.TaxYearOf(t))
}

func (e *Engine) methodFor(y int) Method { return methodIn(e.methods, y) }

// methodIn is the method of tax year y: the first change's until a later one starts.
func methodIn(changes []MethodChange, y int) Method {
	if len(changes) == 0 {
		return FIFO
	}
	m := changes[0].Method
	for _, mc := range changes {
		if mc.FromYear <= y {
			m = mc.Method
		}
	}
	return m
}

func (e *Engine) flushYear() {
	if e.cur == nil {
		return
	}
	ys := e.cur
	for l := Label(0); l < numLabels; l++ {
		it := &e.incomeByType[l]
		if it.Count > 0 {
			it.Type = l
			ys.Income = append(ys.Income, *it)
			ys.IncomeTotal = e.add(ys.IncomeTotal, it.Value)
		}
		*it = IncomeTotal{}
	}
	if !e.pooled { // a pooled year's gains settle until the end (finishPooled)
		e.taxable(ys)
	}
	e.cur = nil
}

// taxable works out the year's taxable figures under the rules (Rules.Taxable) and keeps the
// loss it carries for the next year.
func (e *Engine) taxable(ys *YearSummary) {
	if !e.rules.Taxable(ys) {
		e.overflow()
	}
	e.carried = ys.LossesCarriedForward
}

// LongTermFrom is the first instant at which units acquired at acq are held long-term: the start
// of the local day (in loc) after the one-year anniversary of the local acquisition date (Feb 29 →
// Feb 28). The engine's holding-period rule, for callers showing the term a lot would have.
func LongTermFrom(acq time.Time, loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := acq.In(loc).Date()
	if m == time.February && d == 29 {
		d = 28
	}
	return time.Date(y+1, m, d+1, 0, 0, 0, 0, loc)
}

// longFrom returns the first instant at which units acquired at t are held long-term: the start of
// the local day after the one-year anniversary of the local acquisition date (Feb 29 → Feb 28).
func (e *Engine) longFrom(t int64) int64 {
	if t >= e.dayStart && t < e.dayEnd {
		return e.dayLongFrom
	}
	lt := time.Unix(0, t).In(e.loc)
	y, m, d := lt.Date()
	e.dayStart = time.Date(y, m, d, 0, 0, 0, 0, e.loc).UnixNano()
	e.dayEnd = time.Date(y, m, d+1, 0, 0, 0, 0, e.loc).UnixNano()
	e.dayLongFrom = LongTermFrom(lt, e.loc).UnixNano()
	if t < e.dayStart || t >= e.dayEnd { // DST oddities: do not cache
		e.dayStart, e.dayEnd = 1, 0
	}
	return e.dayLongFrom
}

// ---- interning ----

func (e *Engine) assetID(s string) int32 {
	n := len(s)
	var h uint
	if n > 0 {
		h = ptrHash(s)
		if ce := &e.assetCache[h]; ce.ok && unsafe.StringData(ce.name) == unsafe.StringData(s) && len(ce.name) == n {
			return ce.idx
		}
	}
	i, ok := e.assetIdx[s]
	if !ok {
		i = int32(len(e.assets))
		e.assets = append(e.assets, s)
		e.assetIdx[s] = i
		e.universal = append(e.universal, 0)
	}
	if n > 0 {
		e.assetCache[h] = accCacheEntry{name: s, idx: i, ok: true}
	}
	return i
}

func (e *Engine) accountID(s string) int32 {
	n := len(s)
	if n == 0 {
		return -1
	}
	// direct-mapped cache in front of the map: account keys repeat constantly
	h := ptrHash(s)
	if ce := &e.accCache[h]; ce.ok && unsafe.StringData(ce.name) == unsafe.StringData(s) && len(ce.name) == n {
		return ce.idx
	}
	i, ok := e.accIdx[s]
	if !ok {
		i = e.newAccount(s, false)
		e.accIdx[s] = i
	}
	e.accCache[h] = accCacheEntry{name: s, idx: i, ok: true}
	return i
}

const accCacheSize = 512

type accCacheEntry struct {
	name string
	idx  int32
	ok   bool
}

func (e *Engine) stakeID(ident string) int32 {
	i, ok := e.stakeIdx[ident]
	if !ok {
		i = e.newAccount("staking:"+ident, true)
		e.stakeIdx[ident] = i
	}
	return i
}

func (e *Engine) newAccount(name string, virtual bool) int32 {
	i := int32(len(e.accs))
	if cap(e.accs) > len(e.accs) {
		e.accs = e.accs[:i+1]
		a := &e.accs[i]
		a.name, a.virtual = name, virtual
		a.slots = a.slots[:0]
	} else {
		e.accs = append(e.accs, account{name: name, virtual: virtual})
	}
	return i
}

func (e *Engine) slot(acc, asset int32) *slot {
	a := &e.accs[acc]
	if int(asset) >= len(a.slots) {
		n := len(e.assets)
		if cap(a.slots) >= n {
			old := len(a.slots)
			a.slots = a.slots[:n]
			clear(a.slots[old:])
		} else {
			a.slots = append(a.slots, make([]slot, n-len(a.slots))...)
		}
	}
	return &a.slots[asset]
}

// poolIdx returns the index of the pool that holds acc's units of asset, creating it.
func (e *Engine) poolIdx(acc, asset int32) int32 {
	pi, _ := e.poolAndSlot(acc, asset)
	return pi
}

// poolAndSlot returns the pool holding acc's units of asset (created if needed) and acc's slot.
func (e *Engine) poolAndSlot(acc, asset int32) (int32, *slot) {
	s := e.slot(acc, asset)
	if !e.perWallet && !e.accs[acc].virtual {
		if p := e.universal[asset]; p != 0 {
			return p - 1, s
		}
		p := e.newPool(-1, asset)
		e.universal[asset] = p + 1
		return p, s
	}
	if s.pool != 0 {
		return s.pool - 1, s
	}
	p := e.newPool(acc, asset)
	s.pool = p + 1
	return p, s
}

func (e *Engine) newPool(acc, asset int32) int32 {
	i := int32(len(e.pools))
	if cap(e.pools) > len(e.pools) {
		e.pools = e.pools[:i+1]
		p := &e.pools[i]
		h := p.h[:0]
		*p = pool{h: h, acc: acc, asset: asset}
		p.clear()
	} else {
		e.pools = append(e.pools, pool{acc: acc, asset: asset})
	}
	return i
}

// ---- lots ----

func (e *Engine) newLot(l lotRec) int32 {
	e.nextLot++
	l.id = e.nextLot
	if n := len(e.free); n > 0 {
		idx := e.free[n-1]
		e.free = e.free[:n-1]
		e.lots[idx] = l
		return idx
	}
	e.lots = append(growSlab(e.lots), l)
	return int32(len(e.lots) - 1)
}

// take removes up to q units from pool pi in method order, filling e.pieces; it returns the covered
// quantity. Whole lots are popped (the caller frees or re-homes their arena slot); a partially used
// lot stays with its remaining quantity and basis. Piece bases always sum to what left the pool.
func (e *Engine) take(pi int32, q Dec) Dec {
	p := &e.pools[pi]
	e.pieces = e.pieces[:0]
	need := q
	avg := e.method == AverageCost
	for need.Sign() > 0 && p.size() > 0 {
		idx := p.top().idx
		l := &e.lots[idx]
		if c := l.qty.Cmp(need); c <= 0 {
			e.pieces = append(e.pieces, piece{qty: l.qty, basis: l.basis, acq: l.acq, longFrom: l.longFrom,
				id: l.id, src: l.src, idx: idx, whole: true, missing: l.missing})
			need, _ = sub(need, l.qty)
			p.popTop()
		} else {
			var b Dec
			if !avg {
				if !l.basis.IsZero() {
					b = e.mulDiv(l.basis, need, l.qty)
				}
				l.basis, _ = sub(l.basis, b)
			}
			l.qty, _ = sub(l.qty, need)
			e.pieces = append(e.pieces, piece{qty: need, basis: b, acq: l.acq, longFrom: l.longFrom,
				id: l.id, src: l.src, idx: idx, missing: l.missing, costHi: l.costHi, costLo: l.costLo, costOK: l.costOK && !avg})
			need = Dec{}
		}
	}
	covered, _ := sub(q, need)
	if covered.IsZero() {
		return covered
	}
	before := p.qty
	p.qty = e.sub(p.qty, covered)
	if avg {
		var total Dec
		if p.qty.IsZero() {
			total = p.basis
		} else {
			total = e.mulDiv(p.basis, covered, before)
		}
		p.basis = e.sub(p.basis, total)
		e.apportion(total, covered)
	} else {
		var sum Dec
		for i := range e.pieces {
			sum = e.add(sum, e.pieces[i].basis)
		}
		p.basis = e.sub(p.basis, sum)
	}
	return covered
}

// apportion splits total across e.pieces by quantity (of covered); the last piece takes the remainder.
func (e *Engine) apportion(total, covered Dec) {
	rest := total
	n := len(e.pieces)
	for i := 0; i < n-1; i++ {
		b := e.mulDiv(total, e.pieces[i].qty, covered)
		e.pieces[i].basis = b
		rest = e.sub(rest, b)
	}
	e.pieces[n-1].basis = rest
}

func (e *Engine) pushLot(pi int32, idx int32) {
	e.pools[pi].push(key(e.method, &e.lots[idx], idx))
}

// addLot creates a lot in pool pi and adds it to the pool's totals.
func (e *Engine) addLot(pi int32, l lotRec) {
	idx := e.newLot(l)
	e.pushLot(pi, idx)
	p := &e.pools[pi]
	p.qty = e.add(p.qty, l.qty)
	p.basis = e.add(p.basis, l.basis)
}

// materialize gives every lot of pool pi its share of the pooled basis (AverageCost → lot basis),
// in acquisition order, the last lot taking the remainder.
func (e *Engine) materialize(pi int32) {
	p := &e.pools[pi]
	if p.size() == 0 {
		return
	}
	e.order = sortedByAcq(e.lots, p.entries(), e.order)
	rest := p.basis
	for i, idx := range e.order {
		l := &e.lots[idx]
		l.costOK = false
		if i == len(e.order)-1 {
			l.basis = rest
		} else {
			l.basis = e.mulDiv(p.basis, l.qty, p.qty)
			rest = e.sub(rest, l.basis)
		}
	}
}

func (e *Engine) setMethod(m Method) {
	if e.method == AverageCost {
		for i := range e.pools {
			e.materialize(int32(i))
		}
	}
	e.method = m
	for i := range e.pools {
		p := &e.pools[i]
		h := p.entries()
		for j := range h {
			idx := h[j].idx
			h[j] = key(m, &e.lots[idx], idx)
		}
		p.reorder()
	}
}

// switchToPerWallet applies the Rev. Proc. 2024-28 safe-harbor allocation (see package doc).
func (e *Engine) switchToPerWallet(t int64) {
	e.perWallet = true
	avg := e.method == AverageCost
	for asset := range e.universal {
		up := e.universal[asset]
		if up == 0 {
			continue
		}
		upi := up - 1
		if avg {
			e.materialize(upi)
		}
		e.order = sortedByAcq(e.lots, e.pools[upi].entries(), e.order)
		// wallets holding the asset, in the order the ledger first named them (e.accs is in
		// first-seen order, and a checkpoint keeps it): what a wallet is called does not matter, so
		// every caller of the engine allocates the same ledger alike
		e.wall = e.wall[:0]
		for ai := range e.accs {
			a := &e.accs[ai]
			if a.virtual || asset >= len(a.slots) || a.slots[asset].bal.Sign() <= 0 {
				continue
			}
			e.wall = append(e.wall, int32(ai))
		}
		li := 0
		for _, w := range e.wall {
			need := e.accs[w].slots[asset].bal
			wp := e.poolIdx(w, int32(asset))
			for need.Sign() > 0 && li < len(e.order) {
				idx := e.order[li]
				l := &e.lots[idx]
				if l.qty.Cmp(need) <= 0 {
					need, _ = sub(need, l.qty)
					e.pushLot(wp, idx)
					p := &e.pools[wp]
					p.qty = e.add(p.qty, l.qty)
					p.basis = e.add(p.basis, l.basis)
					li++
				} else {
					b := e.mulDiv(l.basis, need, l.qty)
					part := lotRec{qty: need, basis: b, acq: l.acq, longFrom: l.longFrom, src: l.src, missing: l.missing,
						costHi: l.costHi, costLo: l.costLo, costOK: l.costOK}
					l.qty, _ = sub(l.qty, need)
					l.basis = e.sub(l.basis, b)
					e.addLot(wp, part)
					need = Dec{}
				}
			}
			if need.Sign() > 0 {
				e.warn(Warning{Code: WarnSafeHarborShortfall, At: Instant(t), Asset: Ref(asset),
					Account: Ref(w + 1), Quantity: need})
			}
		}
		if li < len(e.order) {
			var q, b Dec
			for _, idx := range e.order[li:] {
				q = e.add(q, e.lots[idx].qty)
				b = e.add(b, e.lots[idx].basis)
				e.free = append(grow(e.free), idx)
			}
			e.warn(Warning{Code: WarnUnallocatedBasis, At: Instant(t), Asset: Ref(asset), Quantity: q, Value: b})
		}
		p := &e.pools[upi]
		p.clear()
		p.qty, p.basis = Dec{}, Dec{}
		e.universal[asset] = 0
	}
}

// ---- output helpers ----

// AssetName returns the name of an asset Ref (valid during and after Compute).
func (e *Engine) AssetName(r Ref) string { return e.assets[r] }

// AccountName returns the name of an account Ref ("" for 0: external or the universal pool).
func (e *Engine) AccountName(r Ref) string {
	if r <= 0 {
		return ""
	}
	return e.accs[r-1].name
}

func (e *Engine) warn(w Warning) {
	e.res.Warnings = append(grow(e.res.Warnings), w)
	if e.cur != nil {
		e.cur.Warnings++
	}
}

// BoxFor is the Form 8949 box of a piece disposed of in tax year year: A-F before 2025, G-L from it;
// reported on a 1099-DA (1099-B before 2025) with basis, without basis, or not reported.
func BoxFor(year int, long, reported, basisReported bool) Box {
	return boxFor(year, long, reported, basisReported)
}

func boxFor(year int, long, reported, basisReported bool) Box {
	base := byte('A')
	if year >= 2025 {
		base = 'G'
	}
	off := byte(2)
	if reported {
		off = 1
		if basisReported {
			off = 0
		}
	}
	if long {
		off += 3
	}
	return Box(base + off)
}

func (e *Engine) finish() {
	if e.pooled {
		e.finishPooled()
		return
	}
	if e.switchAtEnd && !e.perWallet && e.started {
		e.switchToPerWallet(e.switchAt)
	}
	e.flushYear()
	if e.method == AverageCost {
		for i := range e.pools {
			e.materialize(int32(i))
		}
	}
	// pools in account-name, asset-name order ("" = universal first)
	e.order = e.order[:0]
	for i := range e.pools {
		if e.pools[i].size() > 0 {
			e.order = append(e.order, int32(i))
		}
	}
	pname := func(p *pool) string {
		if p.acc < 0 {
			return ""
		}
		return e.accs[p.acc].name
	}
	slices.SortFunc(e.order, func(a, b int32) int {
		pa, pb := &e.pools[a], &e.pools[b]
		if c := strings.Compare(pname(pa), pname(pb)); c != 0 {
			return c
		}
		return strings.Compare(e.assets[pa.asset], e.assets[pb.asset])
	})
	pools := slices.Clone(e.order)
	n := 0
	for _, pi := range pools {
		n += e.pools[pi].size()
	}
	e.res.Lots = slices.Grow(e.res.Lots[:0], n)
	for _, pi := range pools {
		p := &e.pools[pi]
		acc, asset := Ref(p.acc+1), Ref(p.asset)
		e.order = sortedByAcq(e.lots, p.entries(), e.order)
		for _, idx := range e.order {
			l := &e.lots[idx]
			e.res.Lots = append(e.res.Lots, Lot{ID: l.id, Account: acc, Asset: asset, Quantity: l.qty, Basis: l.basis,
				AcquiredAt: Instant(l.acq), MissingBasis: l.missing, SourceTransfer: l.src})
		}
	}
	e.names()
}

// names fills the result's asset and account names.
func (e *Engine) names() {
	e.res.Assets = append(e.res.Assets[:0], e.assets...)
	e.res.Accounts = append(e.res.Accounts[:0], "")
	for i := range e.accs {
		e.res.Accounts = append(e.res.Accounts, e.accs[i].name)
	}
}

// presize reserves result capacity (1.25 pieces per transaction, one derived acquisition per 16) so
// that the large result slices are rarely regrown and copied while computing (each copy on a fresh
// engine is memory touched for the first time), and the lot arena for one open lot per 8 transactions,
// up to 16k lots (it doubles from there: a mixed ledger keeps a few thousand lots open, and a larger
// arena that is not used would still be cleared when the heap reuses memory for it); a reused Engine
// keeps its capacity.
func (e *Engine) presize(txs int) {
	out := txs + txs/4 + 64
	inc := txs/4 + 64
	der := txs/16 + 64
	if lots := min(txs/8, 1<<14) + 64; cap(e.lots) < lots { // keeping the lots a checkpoint restored
		e.lots = append(make([]lotRec, 0, lots), e.lots...)
	}
	if e.DisposalSink == nil && cap(e.res.Disposals) < out {
		e.res.Disposals = makeSlab[Disposal](out)
	}
	if cap(e.res.Income) < inc {
		e.res.Income = makeSlab[Income](inc)
	}
	if cap(e.res.Derived) < der {
		e.res.Derived = append(makeSlab[Derived](der), e.res.Derived...)
	}
}

// ptrHash hashes a string's data pointer. The interning caches compare pointers, never bytes: callers
// that intern their strings (taxfile, the database loader) hit every time; others fall back to the map.
func ptrHash(s string) uint {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return uint((p>>3)^(p>>11)^(p>>19)) & (accCacheSize - 1)
}
