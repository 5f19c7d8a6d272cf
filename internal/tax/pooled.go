package tax

import (
	"slices"
	"strings"
	"time"
)

// The pooled matchers (Rules.Matcher.Pooled): a holding of one asset is the client's across
// accounts, one quantity at one average cost. The section 104 matcher (gb.go) and the adjusted
// cost base matcher (ca.go) share what this file holds: the holdings, the days that wait, and how
// a settled disposal becomes pieces, year figures and lots.
//
// Both matchers look forward: a section 104 disposal is matched with acquisitions of the 30 days
// after it, and an adjusted-cost-base loss is superficial when the property is acquired within 30
// days after the disposal and still held then. So a disposal settles only once its window is
// complete: each asset's acquisitions and disposals wait, grouped by local day, until the engine
// has seen a transaction more than 30 days later (or the end of the ledger).
//
// Invariants:
//   - days settle in settlement order (pooledState.queue); what has settled is final, what waits
//     is part of a checkpoint (snapshotPooled), so a run resumed from a checkpoint is exact;
//   - holding.qty and holding.cost are the exact totals of the units held: a removal takes
//     q·cost/qty (takeFromHolding), and emptying the holding leaves its cost at zero;
//   - the pieces of one disposal add up to its quantity and its proceeds exactly (the last piece
//     takes the rest);
//   - holding.days[dayHead:] and queue[queueHead:] are the live entries; the heads only advance.

// matchWindowDays is the length in days of the window after a disposal (both rules).
const matchWindowDays = 30

// pendingEvent operations
const (
	evAcquire uint8 = iota // an acquisition (income and gifts received included)
	evDispose              // a taxable disposal
	evRemove               // a non-taxable removal (a gift where it is not a disposal, lost, transfer out...)
)

// pooledState is the pooled matchers' part of an Engine: the holdings, the asset-days waiting for
// their window, and the scratch space of the disposal being settled.
type pooledState struct {
	holdings  []holding    // per asset
	queue     []waitingDay // waiting asset-days in settlement order, from queueHead
	queueHead int
	// the local day of the instants [dayLo, dayHi)
	dayLo, dayHi  int64
	dayNum        int32
	emitted       int // pieces given to the sink in this run
	deniedOnPiece Dec // the superficial loss denied on the piece being given to the sink (PieceAdjustment)
	// the gain of the disposal being settled (section 104: one asset's day; ACB: one transfer), which counts
	// as a gain or a loss of its year once complete
	gain     Dec
	gainYear int16
	hasGain  bool
	parts    []matchPart
	shares   []Dec
	pieces   []Disposal
}

// waitingDay names an asset-day that waits for its window: holdings[asset].days has it.
type waitingDay struct{ asset, day int32 }

// holding is what the client holds of one asset: the section 104 pool or the property's quantity
// and adjusted cost base, and the days that wait.
type holding struct {
	qty, cost  Dec
	missing    bool  // part of the cost is unknown
	since      int64 // first acquisition since the holding was last empty
	days       []assetDay
	dayHead    int
	recent     []recentAcquisition // adjusted cost base: settled acquisitions of the last 30 days
	recentHead int
}

type recentAcquisition struct {
	day int32
	qty Dec
}

// assetDay is one asset's events of one local day.
type assetDay struct {
	day int32
	ev  []pendingEvent
	// section 104: the day's acquisitions not matched yet (same day, then earlier disposals' 30 days), the
	// day's taxable disposals, and their same-day match once made.
	unmatchedQty, unmatchedCost Dec
	disposedQty                 Dec
	sameDayQty, sameDayCost     Dec
	firstAcquiredAt             int64
	firstAcquisition            ID
	unmatchedMissing            bool
	sameDayMatched              bool
}

// pendingEvent is an acquisition, disposal or removal of one asset waiting in its day.
type pendingEvent struct {
	qty, amount Dec // amount: the cost of an acquisition, the proceeds of a disposal
	t           int64
	id          ID
	acc         int32
	year        int16
	op          uint8
	kind        DisposalKind
	missing     bool // unknown cost (acquisition) or proceeds (disposal)
}

// matchPart is one part of a section 104 day's disposals: matched with one day's acquisitions, the pool, or
// nothing (uncovered).
type matchPart struct {
	q, c     Dec // the part's quantity and cost
	leftQty  Dec // still to hand out to the day's disposals
	leftCost Dec
	acq      int64 // 30-day: the acquisition's time
	src      ID
	match    Match
	missing  bool
}

func (x *pooledState) reset() {
	for i := range x.holdings {
		x.holdings[i] = holding{}
	}
	x.holdings = x.holdings[:0]
	x.queue = x.queue[:0]
	x.queueHead = 0
	x.dayLo, x.dayHi = 1, 0
	x.emitted = 0
}

// localDay is the local day number (days since 1970-01-01) of the instant t.
func (e *Engine) localDay(t int64) int32 {
	x := &e.pooledState
	if t >= x.dayLo && t < x.dayHi {
		return x.dayNum
	}
	y, m, d := time.Unix(0, t).In(e.loc).Date()
	x.dayLo = time.Date(y, m, d, 0, 0, 0, 0, e.loc).UnixNano()
	x.dayHi = time.Date(y, m, d+1, 0, 0, 0, 0, e.loc).UnixNano()
	x.dayNum = int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
	if t < x.dayLo || t >= x.dayHi {
		x.dayLo, x.dayHi = 1, 0
	}
	return x.dayNum
}

func (e *Engine) holdingOf(asset int32) *holding {
	x := &e.pooledState
	for int(asset) >= len(x.holdings) {
		x.holdings = append(x.holdings, holding{})
	}
	return &x.holdings[asset]
}

// settleBefore settles every day whose window closed before the transaction at t.
func (e *Engine) settleBefore(t int64) {
	e.settleThrough(e.localDay(t) - matchWindowDays - 1)
}

func (e *Engine) addPending(asset int32, ev pendingEvent) {
	h := e.holdingOf(asset)
	day := e.localDay(ev.t)
	if n := len(h.days); n == h.dayHead || h.days[n-1].day != day {
		h.days = append(h.days, assetDay{day: day})
		e.pooledState.queue = append(e.pooledState.queue, waitingDay{asset: asset, day: day})
	}
	d := &h.days[len(h.days)-1]
	d.ev = append(d.ev, ev)
	switch ev.op {
	case evAcquire:
		if d.unmatchedQty.IsZero() && d.unmatchedCost.IsZero() {
			d.firstAcquiredAt, d.firstAcquisition = ev.t, ev.id
		}
		d.unmatchedQty = e.add(d.unmatchedQty, ev.qty)
		d.unmatchedCost = e.add(d.unmatchedCost, ev.amount)
		d.unmatchedMissing = d.unmatchedMissing || ev.missing
	case evDispose:
		d.disposedQty = e.add(d.disposedQty, ev.qty)
	}
}

func (e *Engine) pooledAcquire(acc, asset int32, q, basis Dec, missing bool, src ID) {
	s := e.slot(acc, asset)
	s.bal = e.add(s.bal, q)
	e.addPending(asset, pendingEvent{op: evAcquire, qty: q, amount: basis, t: e.lastT, id: src, acc: acc, year: int16(e.year), missing: missing})
}

func (e *Engine) pooledDispose(c *tcls, tr *Transfer, t int64, proceeds Dec, missing bool) {
	s := e.slot(c.from, c.asset)
	s.bal = e.sub(s.bal, tr.Quantity)
	ev := pendingEvent{op: evRemove, qty: tr.Quantity, t: t, id: tr.ID, acc: c.from, year: int16(e.year), kind: c.kind}
	if c.kind.Taxable() {
		ev.op, ev.amount, ev.missing = evDispose, proceeds, missing
	}
	e.addPending(c.asset, ev)
}

// pooledMove is a move between own accounts: the holding is the client's across accounts, so only the
// balances change, except that a staking withdrawal beyond the position is reward income and a
// bridge to another asset is a disposal and an acquisition at market value (another token is
// another asset for HMRC and the CRA).
func (e *Engine) pooledMove(c *tcls, tr *Transfer, t int64) {
	q := tr.Quantity
	sb := e.slot(c.from, c.asset)
	before := sb.bal
	sb.bal = e.sub(sb.bal, q)
	if c.toAsset != c.asset {
		db := e.slot(c.to, c.toAsset)
		db.bal = e.add(db.bal, q)
		if !c.hasValue {
			e.warnTransfer(WarnMissingPrice, tr, t, c.asset, c.from, q)
		}
		e.addPending(c.asset, pendingEvent{op: evDispose, qty: q, amount: c.value, t: t, id: tr.ID, acc: c.from, year: int16(e.year), kind: KindSale, missing: !c.hasValue})
		e.addPending(c.toAsset, pendingEvent{op: evAcquire, qty: q, amount: c.value, t: t, id: tr.ID, acc: c.to, year: int16(e.year), missing: !c.hasValue})
		return
	}
	db := e.slot(c.to, c.asset)
	if !e.accs[c.from].virtual {
		db.bal = e.add(db.bal, q)
		return
	}
	held := before
	if held.Sign() < 0 {
		held = Dec{}
	}
	extra, _ := sub(q, held)
	if extra.Sign() <= 0 {
		db.bal = e.add(db.bal, q)
		return
	}
	// a staking/LP withdrawal larger than the position: the excess is reward income
	db.bal = e.add(db.bal, held)
	sb.bal = e.add(sb.bal, extra)
	v := e.stakingExcess(c, tr, t, c.asset, extra)
	e.pooledAcquire(c.to, c.asset, extra, v, !c.hasValue, tr.ID)
}

// settleThrough settles the waiting days up to and including day through, in settlement order.
func (e *Engine) settleThrough(through int32) {
	x := &e.pooledState
	for x.queueHead < len(x.queue) && x.queue[x.queueHead].day <= through && e.err == nil {
		r := x.queue[x.queueHead]
		x.queueHead++
		h := &x.holdings[r.asset]
		d := &h.days[h.dayHead]
		if e.rules.Matcher == MatcherSection104 {
			e.settleSection104Day(r.asset, h, d)
		} else {
			e.settleAdjustedCostBaseDay(r.asset, h, d)
		}
		h.days[h.dayHead] = assetDay{}
		h.dayHead++
		if h.dayHead == len(h.days) {
			h.days, h.dayHead = h.days[:0], 0
		} else if h.dayHead >= 64 && h.dayHead*2 >= len(h.days) {
			n := copy(h.days, h.days[h.dayHead:])
			clear(h.days[n:])
			h.days, h.dayHead = h.days[:n], 0
		}
	}
	if x.queueHead == len(x.queue) {
		x.queue, x.queueHead = x.queue[:0], 0
	} else if x.queueHead >= 1024 && x.queueHead*2 >= len(x.queue) {
		n := copy(x.queue, x.queue[x.queueHead:])
		x.queue, x.queueHead = x.queue[:n], 0
	}
}

// part returns the share q·num/den of total, or total when num == den.
func (e *Engine) part(total, num, den Dec) Dec {
	if num == den || total.IsZero() {
		return total
	}
	return e.mulDiv(total, num, den)
}

func minDec(a, b Dec) Dec {
	if a.Cmp(b) < 0 {
		return a
	}
	return b
}

// emitPiece fills the common fields of piece p of ev and gives it out.
func (e *Engine) emitPiece(asset int32, ev *pendingEvent, p *Disposal, denied Dec) {
	p.TransferID = ev.id
	p.DisposedAt = Instant(ev.t)
	p.Asset, p.Account = Ref(asset), Ref(ev.acc+1)
	p.TaxYear, p.Kind, p.MissingProceeds = ev.year, ev.kind, ev.missing && ev.kind.Taxable()
	if !ev.kind.Taxable() {
		p.Proceeds = Dec{}
	}
	d := e.nextDisposal()
	*d = *p
	ys := e.yearOf(int(ev.year))
	if !ev.kind.Taxable() {
		ys.NonTaxable++
	} else {
		g := e.sub(d.Proceeds, d.Basis)
		ys.ShortProceeds = e.add(ys.ShortProceeds, d.Proceeds)
		ys.ShortBasis = e.add(ys.ShortBasis, d.Basis)
		ys.ShortGain = e.add(ys.ShortGain, g)
		e.pooledState.gain = e.add(e.pooledState.gain, g)
		e.pooledState.gainYear, e.pooledState.hasGain = ev.year, true
		ys.Denied = e.add(ys.Denied, denied)
		ys.Disposals++
	}
	if !denied.IsZero() {
		i := e.pooledState.emitted
		if e.DisposalSink == nil {
			i = len(e.res.Disposals) - 1
		}
		e.res.Adjustments = append(e.res.Adjustments, Adjustment{Piece: i, TransferID: ev.id, Denied: denied})
	}
	e.pooledState.deniedOnPiece = denied
	e.done(d)
	e.pooledState.deniedOnPiece = Dec{}
	e.pooledState.emitted++
}

// PieceAdjustment is, during a DisposalSink call, the superficial loss denied on the piece given
// (with Rules.SuperficialLosses; zero otherwise). See Adjustment.
func (e *Engine) PieceAdjustment() Dec { return e.pooledState.deniedOnPiece }

// countSettledGain counts the gain of the disposal just settled as a gain or a loss of its year.
func (e *Engine) countSettledGain() {
	x := &e.pooledState
	if !x.hasGain {
		return
	}
	ys := e.yearOf(int(x.gainYear))
	if x.gain.Sign() > 0 {
		ys.Gains = e.add(ys.Gains, x.gain)
	} else {
		ys.Losses = e.add(ys.Losses, x.gain)
	}
	x.gain, x.hasGain = Dec{}, false
}

// removeAtAverageCost takes a non-taxable removal out of the holding at its average cost.
func (e *Engine) removeAtAverageCost(asset int32, h *holding, ev *pendingEvent) {
	covered := minDec(ev.qty, h.qty)
	if covered.Sign() > 0 {
		missing := h.missing
		c := e.takeFromHolding(h, covered)
		e.emitPiece(asset, ev, &Disposal{Quantity: covered, Basis: c, MissingBasis: missing}, Dec{})
	}
	if uncovered := e.sub(ev.qty, covered); uncovered.Sign() > 0 {
		e.emitPiece(asset, ev, &Disposal{Quantity: uncovered, Uncovered: true, MissingBasis: true}, Dec{})
		e.warnInYear(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: uncovered}, ev.year)
	}
}

func (e *Engine) addToHolding(h *holding, q, c Dec, missing bool, t int64) {
	if h.qty.Sign() <= 0 {
		h.since = t
	}
	h.qty = e.add(h.qty, q)
	h.cost = e.add(h.cost, c)
	h.missing = h.missing || missing
}

// takeFromHolding removes q (at most the holding) at the average cost and returns that cost.
func (e *Engine) takeFromHolding(h *holding, q Dec) Dec {
	c := e.part(h.cost, q, h.qty)
	h.qty = e.sub(h.qty, q)
	h.cost = e.sub(h.cost, c)
	if h.qty.IsZero() {
		h.missing = false
	}
	return c
}

// yearOf is the summary of tax year y (a settled disposal may belong to a year before the current).
func (e *Engine) yearOf(y int) *YearSummary {
	for i := len(e.res.Years) - 1; i >= 0; i-- {
		if e.res.Years[i].Year == y {
			return &e.res.Years[i]
		}
	}
	return e.cur
}

func (e *Engine) warnInYear(w Warning, year int16) {
	e.res.Warnings = append(grow(e.res.Warnings), w)
	e.yearOf(int(year)).Warnings++
}

// finishPooled settles every waiting day and lists the holdings as lots: one per asset (the section 104 pool, the
// adjusted cost base property), in asset-name order.
func (e *Engine) finishPooled() {
	e.settleThrough(1<<31 - 1)
	e.flushYear()
	for i := range e.res.Years {
		e.taxable(&e.res.Years[i])
	}
	x := &e.pooledState
	e.order = e.order[:0]
	for i := range x.holdings {
		if h := &x.holdings[i]; h.qty.Sign() != 0 || !h.cost.IsZero() {
			e.order = append(e.order, int32(i))
		}
	}
	slices.SortFunc(e.order, func(a, b int32) int { return strings.Compare(e.assets[a], e.assets[b]) })
	e.res.Lots = e.res.Lots[:0]
	for _, a := range e.order {
		h := &x.holdings[a]
		e.nextLot++
		e.res.Lots = append(e.res.Lots, Lot{ID: e.nextLot, Asset: Ref(a), Quantity: h.qty, Basis: h.cost,
			AcquiredAt: Instant(h.since), MissingBasis: h.missing})
	}
	e.names()
}

// Lookahead is how far after a disposal the ledger can still change it: zero with lots (a disposal
// depends only on what came before it); under the pooled matchers the 30 days after it, plus two days for a
// local day's offset from UTC. An edit of the ledger at t leaves the results of the transactions
// before t - Lookahead as they were. (A run resumed from any checkpoint at or before t is exact:
// the disposals still waiting for their window are part of the checkpoint and settle after it.)
func (s Settings) Lookahead() time.Duration {
	if !s.Rules().Matcher.Pooled() {
		return 0
	}
	return (matchWindowDays + 2) * 24 * time.Hour
}

// snapshotPooled writes the pooled state after the common part of a checkpoint: the summaries of the
// earlier tax years that waiting disposals still count in, the current year's gains, losses and denied losses, the
// holdings and the waiting days.
func (e *Engine) snapshotPooled(w *cpWriter) {
	x := &e.pooledState
	first := e.year
	for _, h := range x.holdings {
		for _, d := range h.days[h.dayHead:] {
			for _, ev := range d.ev {
				first = min(first, int(ev.year))
			}
		}
	}
	var prev []YearSummary
	for _, ys := range e.res.Years[:len(e.res.Years)-1] {
		if ys.Year >= first {
			prev = append(prev, ys)
		}
	}
	w.uvarint(uint64(len(prev)))
	for i := range prev {
		writeYear(w, &prev[i])
	}
	w.dec(e.cur.Gains)
	w.dec(e.cur.Losses)
	w.dec(e.cur.Denied)
	w.uvarint(uint64(len(x.holdings)))
	for i := range x.holdings {
		h := &x.holdings[i]
		w.dec(h.qty)
		w.dec(h.cost)
		w.bool(h.missing)
		w.varint(h.since)
		w.uvarint(uint64(len(h.recent) - h.recentHead))
		for _, a := range h.recent[h.recentHead:] {
			w.varint(int64(a.day))
			w.dec(a.qty)
		}
		w.uvarint(uint64(len(h.days) - h.dayHead))
		for j := h.dayHead; j < len(h.days); j++ {
			d := &h.days[j]
			w.varint(int64(d.day))
			for _, v := range []Dec{d.unmatchedQty, d.unmatchedCost, d.disposedQty, d.sameDayQty, d.sameDayCost} {
				w.dec(v)
			}
			w.varint(d.firstAcquiredAt)
			w.b = append(w.b, d.firstAcquisition[:]...)
			w.bool(d.unmatchedMissing)
			w.bool(d.sameDayMatched)
			w.uvarint(uint64(len(d.ev)))
			for _, ev := range d.ev {
				w.dec(ev.qty)
				w.dec(ev.amount)
				w.varint(ev.t)
				w.b = append(w.b, ev.id[:]...)
				w.varint(int64(ev.acc))
				w.varint(int64(ev.year))
				w.uvarint(uint64(ev.op))
				w.uvarint(uint64(ev.kind))
				w.bool(ev.missing)
			}
		}
	}
	w.uvarint(uint64(len(x.queue) - x.queueHead))
	for _, r := range x.queue[x.queueHead:] {
		w.varint(int64(r.asset))
		w.varint(int64(r.day))
	}
}

func (e *Engine) restorePooled(r *cpReader) {
	x := &e.pooledState
	n := r.count()
	prev := make([]YearSummary, 0, n+1)
	for i := 0; i < n && r.err == nil; i++ {
		prev = append(prev, readYear(r))
	}
	cur := e.res.Years[0]
	cur.Gains, cur.Losses, cur.Denied = r.dec(), r.dec(), r.dec()
	e.res.Years = append(append(e.res.Years[:0], prev...), cur)
	e.cur = &e.res.Years[len(e.res.Years)-1]
	nh := r.count()
	for i := 0; i < nh && r.err == nil; i++ {
		h := holding{qty: r.dec(), cost: r.dec(), missing: r.bool(), since: r.varint()}
		na := r.count()
		for j := 0; j < na && r.err == nil; j++ {
			h.recent = append(h.recent, recentAcquisition{day: int32(r.varint()), qty: r.dec()})
		}
		nd := r.count()
		for j := 0; j < nd && r.err == nil; j++ {
			d := assetDay{day: int32(r.varint())}
			d.unmatchedQty, d.unmatchedCost, d.disposedQty, d.sameDayQty, d.sameDayCost = r.dec(), r.dec(), r.dec(), r.dec(), r.dec()
			d.firstAcquiredAt = r.varint()
			copy(d.firstAcquisition[:], r.take(16))
			d.unmatchedMissing, d.sameDayMatched = r.bool(), r.bool()
			ne := r.count()
			for k := 0; k < ne && r.err == nil; k++ {
				ev := pendingEvent{qty: r.dec(), amount: r.dec(), t: r.varint()}
				copy(ev.id[:], r.take(16))
				ev.acc, ev.year = int32(r.varint()), int16(r.varint())
				ev.op, ev.kind, ev.missing = uint8(r.uvarint()), DisposalKind(r.uvarint()), r.bool()
				d.ev = append(d.ev, ev)
			}
			h.days = append(h.days, d)
		}
		x.holdings = append(x.holdings, h)
	}
	nq := r.count()
	for i := 0; i < nq && r.err == nil; i++ {
		x.queue = append(x.queue, waitingDay{asset: int32(r.varint()), day: int32(r.varint())})
	}
}

func writeYear(w *cpWriter, ys *YearSummary) {
	w.varint(int64(ys.Year))
	w.uvarint(uint64(ys.Method))
	for _, d := range []Dec{ys.ShortProceeds, ys.ShortBasis, ys.ShortGain, ys.LongProceeds, ys.LongBasis, ys.LongGain,
		ys.IncomeTotal, ys.FuturesPnL, ys.Gains, ys.Losses, ys.Denied} {
		w.dec(d)
	}
	for _, n := range []int{ys.Disposals, ys.NonTaxable, ys.IncomeEvents, ys.Warnings} {
		w.uvarint(uint64(n))
	}
	w.uvarint(uint64(len(ys.Income)))
	for _, it := range ys.Income {
		w.uvarint(uint64(it.Type))
		w.dec(it.Value)
		w.uvarint(uint64(it.Count))
	}
}

func readYear(r *cpReader) YearSummary {
	ys := YearSummary{Year: int(r.varint()), Method: Method(r.uvarint())}
	for _, d := range []*Dec{&ys.ShortProceeds, &ys.ShortBasis, &ys.ShortGain, &ys.LongProceeds, &ys.LongBasis, &ys.LongGain,
		&ys.IncomeTotal, &ys.FuturesPnL, &ys.Gains, &ys.Losses, &ys.Denied} {
		*d = r.dec()
	}
	for _, n := range []*int{&ys.Disposals, &ys.NonTaxable, &ys.IncomeEvents, &ys.Warnings} {
		*n = int(r.uvarint())
	}
	ni := r.count()
	for i := 0; i < ni && r.err == nil; i++ {
		ys.Income = append(ys.Income, IncomeTotal{Type: Label(r.uvarint()), Value: r.dec(), Count: int(r.uvarint())})
	}
	return ys
}
