package tax

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The GB and CA rule sets (see the package documentation). Both look forward: a GB disposal is
// matched with acquisitions of the 30 days after it, and a CA loss is superficial when the property
// is acquired within 30 days after the disposal and still held then. So a disposal settles only once
// its window is complete: each asset's acquisitions and disposals wait, grouped by local day, until
// the engine has seen a transaction more than 30 days later (or the end of the ledger), and the
// days settle in settlement order. What has settled is final; what waits is part of a checkpoint.

// jWindow is the length in days of the window after a disposal (both rules).
const jWindow = 30

// event operations
const (
	jevAcq    uint8 = iota // an acquisition (income and gifts received included)
	jevDisp                // a taxable disposal
	jevRemove              // a non-taxable removal (gift under US rules, lost, transfer out...)
)

type jstate struct {
	hold  []jHold // per asset
	queue []jRef  // waiting asset-days in settlement order, from qh
	qh    int
	// the local day of the instants [dayLo, dayHi)
	dayLo, dayHi int64
	dayNum       int32
	emitted      int // pieces given to the sink in this run
	adj          Dec // the superficial loss denied on the piece being given to the sink
	// the gain of the disposal being settled (GB: one asset's day; CA: one transfer), which counts
	// as a gain or a loss of its year once complete
	gain     Dec
	gainYear int16
	hasGain  bool
	comps    []jComp
	qs       []Dec
	pcs      []Disposal
}

type jRef struct{ asset, day int32 }

// jHold is what the client holds of one asset: the section 104 pool (GB) or the property's
// quantity and adjusted cost base (CA), and the days that wait.
type jHold struct {
	qty, cost Dec
	missing   bool  // part of the cost is unknown
	since     int64 // first acquisition since the holding was last empty
	days      []jDay
	dh        int
	hist      []jAcq // CA: settled acquisitions of the last 30 days
	hh        int
}

type jAcq struct {
	day int32
	qty Dec
}

// jDay is one asset's events of one local day.
type jDay struct {
	day int32
	ev  []jEv
	// GB: the day's acquisitions not matched yet (same day, then earlier disposals' 30 days), the
	// day's taxable disposals, and their same-day match once made.
	acqQ, acqC   Dec
	dispQ        Dec
	sameQ, sameC Dec
	acqT         int64
	acqSrc       ID
	acqMissing   bool
	sameDone     bool
}

type jEv struct {
	qty, amt Dec // amt: the cost of an acquisition, the proceeds of a disposal
	t        int64
	id       ID
	acc      int32
	year     int16
	op       uint8
	kind     DisposalKind
	missing  bool // unknown cost (acquisition) or proceeds (disposal)
}

// jComp is one part of a GB day's disposals: matched with one day's acquisitions, the pool, or
// nothing (uncovered).
type jComp struct {
	q, c    Dec // the part's quantity and cost
	restQ   Dec // still to hand out to the day's disposals
	restC   Dec
	acq     int64 // 30-day: the acquisition's time
	src     ID
	match   Match
	missing bool
}

func (x *jstate) reset() {
	for i := range x.hold {
		x.hold[i] = jHold{}
	}
	x.hold = x.hold[:0]
	x.queue = x.queue[:0]
	x.qh = 0
	x.dayLo, x.dayHi = 1, 0
	x.emitted = 0
}

// jDayOf is the local day number (days since 1970-01-01) of the instant t.
func (e *Engine) jDayOf(t int64) int32 {
	x := &e.jx
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

func (e *Engine) holdOf(asset int32) *jHold {
	x := &e.jx
	for int(asset) >= len(x.hold) {
		x.hold = append(x.hold, jHold{})
	}
	return &x.hold[asset]
}

// jAdvance settles every day whose window closed before the transaction at t.
func (e *Engine) jAdvance(t int64) {
	e.jSettle(e.jDayOf(t) - jWindow - 1)
}

func (e *Engine) jAdd(asset int32, ev jEv) {
	h := e.holdOf(asset)
	day := e.jDayOf(ev.t)
	if n := len(h.days); n == h.dh || h.days[n-1].day != day {
		h.days = append(h.days, jDay{day: day})
		e.jx.queue = append(e.jx.queue, jRef{asset: asset, day: day})
	}
	d := &h.days[len(h.days)-1]
	d.ev = append(d.ev, ev)
	switch ev.op {
	case jevAcq:
		if d.acqQ.IsZero() && d.acqC.IsZero() {
			d.acqT, d.acqSrc = ev.t, ev.id
		}
		d.acqQ = e.add(d.acqQ, ev.qty)
		d.acqC = e.add(d.acqC, ev.amt)
		d.acqMissing = d.acqMissing || ev.missing
	case jevDisp:
		d.dispQ = e.add(d.dispQ, ev.qty)
	}
}

func (e *Engine) jAcquire(acc, asset int32, q, basis Dec, missing bool, src ID) {
	s := e.slot(acc, asset)
	s.bal = e.add(s.bal, q)
	e.jAdd(asset, jEv{op: jevAcq, qty: q, amt: basis, t: e.lastT, id: src, acc: acc, year: int16(e.year), missing: missing})
}

func (e *Engine) jDispose(c *tcls, tr *Transfer, t int64, proceeds Dec, missing bool) {
	s := e.slot(c.from, c.asset)
	s.bal = e.sub(s.bal, tr.Quantity)
	ev := jEv{op: jevRemove, qty: tr.Quantity, t: t, id: tr.ID, acc: c.from, year: int16(e.year), kind: c.kind}
	if c.kind.Taxable() {
		ev.op, ev.amt, ev.missing = jevDisp, proceeds, missing
	}
	e.jAdd(c.asset, ev)
}

// jMove is a move between own accounts: the holding is the client's across accounts, so only the
// balances change, except that a staking withdrawal beyond the position is reward income and a
// bridge to another asset is a disposal and an acquisition at market value (another token is
// another asset for HMRC and the CRA).
func (e *Engine) jMove(c *tcls, tr *Transfer, t int64) {
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
		e.jAdd(c.asset, jEv{op: jevDisp, qty: q, amt: c.value, t: t, id: tr.ID, acc: c.from, year: int16(e.year), kind: KindSale, missing: !c.hasValue})
		e.jAdd(c.toAsset, jEv{op: jevAcq, qty: q, amt: c.value, t: t, id: tr.ID, acc: c.to, year: int16(e.year), missing: !c.hasValue})
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
	e.jAcquire(c.to, c.asset, extra, v, !c.hasValue, tr.ID)
}

// jSettle settles the waiting days up to and including day through, in settlement order.
func (e *Engine) jSettle(through int32) {
	x := &e.jx
	for x.qh < len(x.queue) && x.queue[x.qh].day <= through && e.err == nil {
		r := x.queue[x.qh]
		x.qh++
		h := &x.hold[r.asset]
		d := &h.days[h.dh]
		if e.juris == GB {
			e.gbSettle(r.asset, h, d)
		} else {
			e.caSettle(r.asset, h, d)
		}
		h.days[h.dh] = jDay{}
		h.dh++
		if h.dh == len(h.days) {
			h.days, h.dh = h.days[:0], 0
		} else if h.dh >= 64 && h.dh*2 >= len(h.days) {
			n := copy(h.days, h.days[h.dh:])
			clear(h.days[n:])
			h.days, h.dh = h.days[:n], 0
		}
	}
	if x.qh == len(x.queue) {
		x.queue, x.qh = x.queue[:0], 0
	} else if x.qh >= 1024 && x.qh*2 >= len(x.queue) {
		n := copy(x.queue, x.queue[x.qh:])
		x.queue, x.qh = x.queue[:n], 0
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

// gbSame makes day d's same-day match: all of the day's taxable disposals with all of its
// acquisitions, as one disposal and one acquisition.
func (e *Engine) gbSame(d *jDay) {
	if d.sameDone {
		return
	}
	d.sameDone = true
	m := minDec(d.dispQ, d.acqQ)
	if m.Sign() <= 0 {
		return
	}
	d.sameQ = m
	d.sameC = e.part(d.acqC, m, d.acqQ)
	d.acqQ = e.sub(d.acqQ, m)
	d.acqC = e.sub(d.acqC, d.sameC)
}

// gbSettle settles one asset-day under GB: its disposals are matched with the same day's
// acquisitions, then with those of the following 30 days (earliest first; an earlier disposal
// matched first), then with the section 104 pool at its average cost; the day's acquisitions that
// no disposal took join the pool.
func (e *Engine) gbSettle(asset int32, h *jHold, d *jDay) {
	e.gbSame(d)
	comps := e.jx.comps[:0]
	if d.sameQ.Sign() > 0 {
		comps = append(comps, jComp{q: d.sameQ, c: d.sameC, src: d.acqSrc, match: MatchSameDay, missing: d.acqMissing})
	}
	rest := e.sub(d.dispQ, d.sameQ)
	for j := h.dh + 1; j < len(h.days) && rest.Sign() > 0; j++ {
		d2 := &h.days[j]
		if d2.day > d.day+jWindow {
			break
		}
		e.gbSame(d2)
		if d2.acqQ.Sign() <= 0 {
			continue
		}
		m := minDec(rest, d2.acqQ)
		c := e.part(d2.acqC, m, d2.acqQ)
		d2.acqQ = e.sub(d2.acqQ, m)
		d2.acqC = e.sub(d2.acqC, c)
		rest = e.sub(rest, m)
		comps = append(comps, jComp{q: m, c: c, acq: d2.acqT, src: d2.acqSrc, match: MatchThirtyDay, missing: d2.acqMissing})
	}
	if d.acqQ.Sign() > 0 || !d.acqC.IsZero() {
		e.jPoolAdd(h, d.acqQ, d.acqC, d.acqMissing, d.acqT)
	}
	if rest.Sign() > 0 {
		cov := minDec(rest, h.qty)
		if cov.Sign() > 0 {
			c := e.jPoolTake(h, cov)
			comps = append(comps, jComp{q: cov, c: c, match: MatchPool, missing: h.missing})
		}
		if unc := e.sub(rest, cov); unc.Sign() > 0 {
			comps = append(comps, jComp{q: unc, match: MatchUncovered, missing: true})
		}
	}
	for i := range comps {
		comps[i].restQ, comps[i].restC = comps[i].q, comps[i].c
	}
	e.jx.comps = comps
	// each disposal of the day takes its share of every part, by quantity (the last the rest)
	left := d.dispQ
	for i := range d.ev {
		ev := &d.ev[i]
		switch ev.op {
		case jevDisp:
			left = e.sub(left, ev.qty)
			last := left.Sign() <= 0
			pcs := e.jx.pcs[:0]
			var unc Dec
			qs := e.jShares(comps, ev.qty, d.dispQ, last)
			for k := range comps {
				cp := &comps[k]
				q, c := qs[k], cp.restC
				if !last {
					c = minDec(e.mulDiv(cp.c, ev.qty, d.dispQ), cp.restC)
				}
				if q.IsZero() && c.IsZero() {
					continue
				}
				cp.restQ = e.sub(cp.restQ, q)
				cp.restC = e.sub(cp.restC, c)
				p := Disposal{TransferID: ev.id, Quantity: q, Basis: c, MissingBasis: cp.missing}
				switch cp.match {
				case MatchSameDay:
					p.LotSource, p.AcquiredAt = cp.src, Instant(ev.t)
				case MatchThirtyDay:
					p.LotSource, p.AcquiredAt = cp.src, Instant(cp.acq)
				case MatchUncovered:
					p.Uncovered = true
					unc = e.add(unc, q)
				}
				pcs = append(pcs, p)
			}
			e.jx.pcs = pcs
			e.jEmitAll(asset, ev, pcs)
			if unc.Sign() > 0 {
				e.jWarn(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: unc}, ev.year)
			}
		case jevRemove:
			e.jRemove(asset, h, ev)
		}
	}
	e.jGainDone()
}

// jShares splits a disposal of q (of the day's total) across the day's parts: by quantity, each
// part at most what it has left, the shares adding up to q exactly (the day's last disposal takes
// what is left of every part).
func (e *Engine) jShares(comps []jComp, q, total Dec, last bool) []Dec {
	qs := e.jx.qs[:0]
	rest := q
	for k := range comps {
		s := comps[k].restQ
		if !last {
			s = minDec(minDec(e.mulDiv(comps[k].q, q, total), s), rest)
		}
		qs = append(qs, s)
		rest = e.sub(rest, s)
	}
	for k := range comps { // rounding left a little: from the parts that still have some
		if rest.Sign() <= 0 || last {
			break
		}
		if more := minDec(e.sub(comps[k].restQ, qs[k]), rest); more.Sign() > 0 {
			qs[k] = e.add(qs[k], more)
			rest = e.sub(rest, more)
		}
	}
	e.jx.qs = qs
	return qs
}

// jEmitAll gives out the pieces of one disposal: its proceeds are shared by quantity, the last piece
// taking the rest.
func (e *Engine) jEmitAll(asset int32, ev *jEv, pcs []Disposal) {
	rest := ev.amt
	for i := range pcs {
		p := &pcs[i]
		if i == len(pcs)-1 {
			p.Proceeds = rest
		} else {
			p.Proceeds = e.part(ev.amt, p.Quantity, ev.qty)
			rest = e.sub(rest, p.Proceeds)
		}
		e.jEmit(asset, ev, p, Dec{})
	}
}

// jEmit fills the common fields of piece p of ev and gives it out.
func (e *Engine) jEmit(asset int32, ev *jEv, p *Disposal, denied Dec) {
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
		e.jx.gain = e.add(e.jx.gain, g)
		e.jx.gainYear, e.jx.hasGain = ev.year, true
		ys.Denied = e.add(ys.Denied, denied)
		ys.Disposals++
	}
	if !denied.IsZero() {
		i := e.jx.emitted
		if e.DisposalSink == nil {
			i = len(e.res.Disposals) - 1
		}
		e.res.Adjustments = append(e.res.Adjustments, Adjustment{Piece: i, TransferID: ev.id, Denied: denied})
	}
	e.jx.adj = denied
	e.done(d)
	e.jx.adj = Dec{}
	e.jx.emitted++
}

// PieceAdjustment is, during a DisposalSink call, the superficial loss denied on the piece given
// (CA; zero otherwise). See Adjustment.
func (e *Engine) PieceAdjustment() Dec { return e.jx.adj }

// Inclusion is the taxable part of a Canadian capital gain or allowable part of a loss: one half
// (the inclusion rate), rounded half-even at 18 decimals.
func Inclusion(gain Dec) Dec {
	h, _ := mulDiv(gain, DecFromInt(1), DecFromInt(2))
	return h
}

// jGainDone counts the gain of the disposal just settled as a gain or a loss of its year.
func (e *Engine) jGainDone() {
	x := &e.jx
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

// jRemove takes a non-taxable removal out of the holding at its average cost.
func (e *Engine) jRemove(asset int32, h *jHold, ev *jEv) {
	cov := minDec(ev.qty, h.qty)
	if cov.Sign() > 0 {
		missing := h.missing
		c := e.jPoolTake(h, cov)
		e.jEmit(asset, ev, &Disposal{Quantity: cov, Basis: c, MissingBasis: missing}, Dec{})
	}
	if unc := e.sub(ev.qty, cov); unc.Sign() > 0 {
		e.jEmit(asset, ev, &Disposal{Quantity: unc, Uncovered: true, MissingBasis: true}, Dec{})
		e.jWarn(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: unc}, ev.year)
	}
}

func (e *Engine) jPoolAdd(h *jHold, q, c Dec, missing bool, t int64) {
	if h.qty.Sign() <= 0 {
		h.since = t
	}
	h.qty = e.add(h.qty, q)
	h.cost = e.add(h.cost, c)
	h.missing = h.missing || missing
}

// jPoolTake removes q (at most the holding) at the average cost and returns that cost.
func (e *Engine) jPoolTake(h *jHold, q Dec) Dec {
	c := e.part(h.cost, q, h.qty)
	h.qty = e.sub(h.qty, q)
	h.cost = e.sub(h.cost, c)
	if h.qty.IsZero() {
		h.missing = false
	}
	return c
}

// caSettle settles one asset-day under CA, event by event: acquisitions add to the adjusted cost
// base, a disposal takes units × ACB per unit, and a loss is superficial, in the proportion
// min(sold, acquired in the window, held at its end) / sold, when the property was acquired in the
// 61 days from 30 days before to 30 days after the disposal and is held at the end of them; the
// denied part is added to the ACB of the units still held.
func (e *Engine) caSettle(asset int32, h *jHold, d *jDay) {
	for i := range d.ev {
		ev := &d.ev[i]
		switch ev.op {
		case jevAcq:
			e.jPoolAdd(h, ev.qty, ev.amt, ev.missing, ev.t)
			h.hist = append(h.hist, jAcq{day: d.day, qty: ev.qty})
		case jevRemove:
			e.jRemove(asset, h, ev)
		case jevDisp:
			cov := minDec(ev.qty, h.qty)
			unc := e.sub(ev.qty, cov)
			pcov := ev.amt
			if unc.Sign() > 0 {
				pcov = e.part(ev.amt, cov, ev.qty)
			}
			if cov.Sign() > 0 {
				missing := h.missing
				c := e.jPoolTake(h, cov)
				var denied Dec
				if g := e.sub(pcov, c); g.Sign() < 0 && !ev.missing && !missing {
					denied = e.caDenied(h, d, i, cov, g)
				}
				if denied.Sign() > 0 {
					c = e.sub(c, denied)
					h.cost = e.add(h.cost, denied)
				}
				e.jEmit(asset, ev, &Disposal{Quantity: cov, Proceeds: pcov, Basis: c, MissingBasis: missing}, denied)
			}
			if unc.Sign() > 0 {
				e.jEmit(asset, ev, &Disposal{Quantity: unc, Proceeds: e.sub(ev.amt, pcov), Uncovered: true, MissingBasis: true}, Dec{})
				e.jWarn(Warning{Code: WarnUncovered, TransferID: ev.id, At: Instant(ev.t), Asset: Ref(asset), Account: Ref(ev.acc + 1), Quantity: unc}, ev.year)
			}
			e.jGainDone()
		}
	}
	// keep the acquisitions of the last 30 days
	for h.hh < len(h.hist) && h.hist[h.hh].day < d.day-jWindow {
		h.hh++
	}
	if h.hh == len(h.hist) {
		h.hist, h.hh = h.hist[:0], 0
	} else if h.hh >= 64 && h.hh*2 >= len(h.hist) {
		n := copy(h.hist, h.hist[h.hh:])
		h.hist, h.hh = h.hist[:n], 0
	}
}

// caDenied is the superficial part of the loss (gain < 0) of disposing of sold units, the i-th event
// of day d, the holding already reduced by it.
func (e *Engine) caDenied(h *jHold, d *jDay, i int, sold, gain Dec) Dec {
	var acquired Dec
	for _, a := range h.hist[h.hh:] {
		if a.day >= d.day-jWindow {
			acquired = e.add(acquired, a.qty)
		}
	}
	held := h.qty
	count := func(ev *jEv) {
		switch ev.op {
		case jevAcq:
			acquired = e.add(acquired, ev.qty)
			held = e.add(held, ev.qty)
		default:
			held = e.sub(held, ev.qty)
		}
	}
	for k := i + 1; k < len(d.ev); k++ {
		count(&d.ev[k])
	}
	for j := h.dh + 1; j < len(h.days) && h.days[j].day <= d.day+jWindow; j++ {
		for k := range h.days[j].ev {
			count(&h.days[j].ev[k])
		}
	}
	if acquired.Sign() <= 0 || held.Sign() <= 0 {
		return Dec{}
	}
	loss, _ := gain.Neg()
	return e.part(loss, minDec(sold, minDec(acquired, held)), sold)
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

func (e *Engine) jWarn(w Warning, year int16) {
	e.res.Warnings = append(grow(e.res.Warnings), w)
	e.yearOf(int(year)).Warnings++
}

// jFinish settles every waiting day and lists the holdings as lots: one per asset (the GB pool, the
// CA property), in asset-name order.
func (e *Engine) jFinish() {
	e.jSettle(1<<31 - 1)
	e.flushYear()
	x := &e.jx
	e.order = e.order[:0]
	for i := range x.hold {
		if h := &x.hold[i]; h.qty.Sign() != 0 || !h.cost.IsZero() {
			e.order = append(e.order, int32(i))
		}
	}
	slices.SortFunc(e.order, func(a, b int32) int { return strings.Compare(e.assets[a], e.assets[b]) })
	e.res.Lots = e.res.Lots[:0]
	for _, a := range e.order {
		h := &x.hold[a]
		e.nextLot++
		e.res.Lots = append(e.res.Lots, Lot{ID: e.nextLot, Asset: Ref(a), Quantity: h.qty, Basis: h.cost,
			AcquiredAt: Instant(h.since), MissingBasis: h.missing})
	}
	e.names()
}

// Lookahead is how far after a disposal the ledger can still change it: zero under US (a disposal
// depends only on what came before it); under GB and CA the 30 days after it, plus two days for a
// local day's offset from UTC. An edit of the ledger at t leaves the results of the transactions
// before t - Lookahead as they were. (A run resumed from any checkpoint at or before t is exact:
// the disposals still waiting for their window are part of the checkpoint and settle after it.)
func (s Settings) Lookahead() time.Duration {
	if s.Jurisdiction == US {
		return 0
	}
	return (jWindow + 2) * 24 * time.Hour
}

// jSnapshot writes the GB/CA state after the common part of a checkpoint: the summaries of the
// earlier tax years that waiting disposals still count in, the current year's GB/CA totals, the
// holdings and the waiting days.
func (e *Engine) jSnapshot(w *cpWriter) {
	x := &e.jx
	first := e.year
	for _, h := range x.hold {
		for _, d := range h.days[h.dh:] {
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
	w.uvarint(uint64(len(x.hold)))
	for i := range x.hold {
		h := &x.hold[i]
		w.dec(h.qty)
		w.dec(h.cost)
		w.bool(h.missing)
		w.varint(h.since)
		w.uvarint(uint64(len(h.hist) - h.hh))
		for _, a := range h.hist[h.hh:] {
			w.varint(int64(a.day))
			w.dec(a.qty)
		}
		w.uvarint(uint64(len(h.days) - h.dh))
		for j := h.dh; j < len(h.days); j++ {
			d := &h.days[j]
			w.varint(int64(d.day))
			for _, v := range []Dec{d.acqQ, d.acqC, d.dispQ, d.sameQ, d.sameC} {
				w.dec(v)
			}
			w.varint(d.acqT)
			w.b = append(w.b, d.acqSrc[:]...)
			w.bool(d.acqMissing)
			w.bool(d.sameDone)
			w.uvarint(uint64(len(d.ev)))
			for _, ev := range d.ev {
				w.dec(ev.qty)
				w.dec(ev.amt)
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
	w.uvarint(uint64(len(x.queue) - x.qh))
	for _, r := range x.queue[x.qh:] {
		w.varint(int64(r.asset))
		w.varint(int64(r.day))
	}
}

func (e *Engine) jRestore(r *cpReader) {
	x := &e.jx
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
		h := jHold{qty: r.dec(), cost: r.dec(), missing: r.bool(), since: r.varint()}
		na := r.count()
		for j := 0; j < na && r.err == nil; j++ {
			h.hist = append(h.hist, jAcq{day: int32(r.varint()), qty: r.dec()})
		}
		nd := r.count()
		for j := 0; j < nd && r.err == nil; j++ {
			d := jDay{day: int32(r.varint())}
			d.acqQ, d.acqC, d.dispQ, d.sameQ, d.sameC = r.dec(), r.dec(), r.dec(), r.dec(), r.dec()
			d.acqT = r.varint()
			copy(d.acqSrc[:], r.take(16))
			d.acqMissing, d.sameDone = r.bool(), r.bool()
			ne := r.count()
			for k := 0; k < ne && r.err == nil; k++ {
				ev := jEv{qty: r.dec(), amt: r.dec(), t: r.varint()}
				copy(ev.id[:], r.take(16))
				ev.acc, ev.year = int32(r.varint()), int16(r.varint())
				ev.op, ev.kind, ev.missing = uint8(r.uvarint()), DisposalKind(r.uvarint()), r.bool()
				d.ev = append(d.ev, ev)
			}
			h.days = append(h.days, d)
		}
		x.hold = append(x.hold, h)
	}
	nq := r.count()
	for i := 0; i < nq && r.err == nil; i++ {
		x.queue = append(x.queue, jRef{asset: int32(r.varint()), day: int32(r.varint())})
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

// TaxYearStart is the first instant of tax year y under s (in s's location).
func (s Settings) TaxYearStart(y int) time.Time {
	loc := s.Location
	if loc == nil {
		loc = time.UTC
	}
	m, d := s.fiscalStart()
	if m == 0 {
		m, d = time.January, 1
	}
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// TaxYearLabel is how the jurisdiction names tax year y: "2024/25" under GB, "2024" otherwise.
func (j Jurisdiction) TaxYearLabel(y int) string {
	if j == GB {
		return fmt.Sprintf("%d/%02d", y, (y+1)%100)
	}
	return strconv.Itoa(y)
}
