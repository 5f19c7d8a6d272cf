package tax

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Checkpoint is the engine's state just before the first transaction at or after At: the open lots
// and pools, account balances, the tax year in progress and the lot numbering. Resuming from it with
// the transactions at or after At gives exactly the disposals, income and warnings that a full run
// gives after At, the same year summaries from At's tax year on, and the same lots.
//
// A checkpoint is only valid for the settings it was taken under (the caller keeps that key) and for
// a ledger whose transactions before At are unchanged.
type Checkpoint struct {
	At time.Time
	// Disposals, Income and Warnings count the records a full run had emitted before At: a resumed
	// run's records continue these.
	Disposals, Income, Warnings int
	state                       []byte
}

// checkpointVersion changes when the state means something else: version 2 orders the per-wallet
// allocation by first appearance, so a state taken after a version 1 allocation is not resumed;
// version 3 held one income total per label including wrap, one more than version 2; version 4
// also keeps the year's gains and losses by sign and the losses brought forward.
const checkpointVersion = 4

// ErrCheckpoint is returned for a checkpoint that cannot be decoded.
var ErrCheckpoint = errors.New("tax: invalid checkpoint")

// MarshalBinary encodes the checkpoint for storage.
func (c *Checkpoint) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(c.state)+32)
	b = binary.AppendUvarint(b, checkpointVersion)
	b = binary.AppendVarint(b, c.At.UnixNano())
	b = binary.AppendUvarint(b, uint64(c.Disposals))
	b = binary.AppendUvarint(b, uint64(c.Income))
	b = binary.AppendUvarint(b, uint64(c.Warnings))
	return append(b, c.state...), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote.
func (c *Checkpoint) UnmarshalBinary(b []byte) error {
	r := cpReader{b: b}
	if r.uvarint() != checkpointVersion {
		return fmt.Errorf("%w: unknown version", ErrCheckpoint)
	}
	at := r.varint()
	c.Disposals, c.Income, c.Warnings = int(r.uvarint()), int(r.uvarint()), int(r.uvarint())
	if r.err != nil {
		return r.err
	}
	c.At = time.Unix(0, at).UTC()
	c.state = append([]byte(nil), r.b...)
	return nil
}

// Resume continues a run from cp over in.Transactions, which must all be at or after cp.At (the
// ledger's suffix). The Result holds the disposals, income and warnings after cp.At, the year
// summaries from cp's tax year on (that year's totals include what came before cp) and all lots
// at the end. Checkpoints after cp.At are taken as in Compute.
func (e *Engine) Resume(cp *Checkpoint, in Input) (Result, error) {
	if err := e.reset(in.Settings); err != nil {
		return Result{}, err
	}
	if err := e.restore(cp.state); err != nil {
		return Result{}, err
	}
	at := cp.At.UnixNano()
	if len(in.Transactions) > 0 && in.Transactions[0].Time.UnixNano() < at {
		return Result{}, fmt.Errorf("%w: resumed ledger starts before the checkpoint", ErrUnsorted)
	}
	e.nextCP = 0
	for e.nextCP < len(e.Checkpoints) && e.Checkpoints[e.nextCP].UnixNano() <= at {
		e.nextCP++
	}
	e.cpBase = cp
	return e.run(in.Transactions)
}

// checkpoint records the state before the transaction at t when t has reached the next boundary.
func (e *Engine) checkpoint(t int64) {
	var at time.Time
	for e.nextCP < len(e.Checkpoints) && e.Checkpoints[e.nextCP].UnixNano() <= t {
		at = e.Checkpoints[e.nextCP]
		e.nextCP++
	}
	if at.IsZero() || !e.started || e.OnCheckpoint == nil {
		return
	}
	cp := Checkpoint{At: at.UTC(), Disposals: len(e.res.Disposals), Income: len(e.res.Income), Warnings: len(e.res.Warnings)}
	if b := e.cpBase; b != nil {
		cp.Disposals += b.Disposals
		cp.Income += b.Income
		cp.Warnings += b.Warnings
	}
	cp.state = e.snapshot()
	e.OnCheckpoint(&cp)
}

// snapshot encodes the state that the rest of a run depends on. Lots are written compactly (only
// those in a pool, renumbered in pool order): arena positions never affect the outcome.
func (e *Engine) snapshot() []byte {
	var w cpWriter
	w.bool(e.perWallet)
	w.uvarint(uint64(e.method))
	w.bool(e.methodStarted)
	w.varint(e.lastT)
	w.varint(int64(e.year))
	w.varint(e.yearStart)
	w.varint(e.yearEnd)
	w.uvarint(uint64(e.nextLot))
	for i := range e.incomeByType {
		it := &e.incomeByType[i]
		w.dec(it.Value)
		w.uvarint(uint64(it.Count))
	}
	ys := e.cur
	w.varint(int64(ys.Year))
	w.uvarint(uint64(ys.Method))
	for _, d := range []Dec{ys.ShortProceeds, ys.ShortBasis, ys.ShortGain, ys.LongProceeds, ys.LongBasis, ys.LongGain, ys.IncomeTotal, ys.FuturesPnL,
		ys.Gains, ys.Losses, ys.LongGains, ys.LossesBroughtForward} {
		w.dec(d)
	}
	w.uvarint(uint64(ys.Disposals))
	w.uvarint(uint64(ys.NonTaxable))
	w.uvarint(uint64(ys.IncomeEvents))
	w.uvarint(uint64(ys.Warnings))
	w.uvarint(uint64(len(e.assets)))
	for _, a := range e.assets {
		w.str(a)
	}
	w.uvarint(uint64(len(e.accs)))
	for i := range e.accs {
		a := &e.accs[i]
		w.str(a.name)
		w.bool(a.virtual)
		w.uvarint(uint64(len(a.slots)))
		for _, s := range a.slots {
			w.varint(int64(s.pool))
			w.dec(s.bal)
		}
	}
	w.uvarint(uint64(len(e.universal)))
	for _, u := range e.universal {
		w.varint(int64(u))
	}
	w.uvarint(uint64(len(e.pools)))
	n := 0
	for i := range e.pools {
		p := &e.pools[i]
		w.bool(p.heap)
		w.dec(p.qty)
		w.dec(p.basis)
		w.varint(int64(p.acc))
		w.varint(int64(p.asset))
		h := p.entries()
		w.uvarint(uint64(len(h)))
		for j := range h {
			w.u64(h[j].k0)
			w.u64(h[j].k1)
			w.u64(h[j].k2)
			w.u64(h[j].k3)
			l := &e.lots[h[j].idx] // this entry's lot becomes lot n of the snapshot
			n++
			w.dec(l.qty)
			w.dec(l.basis)
			w.varint(l.acq)
			w.varint(l.longFrom)
			w.uvarint(uint64(l.id))
			w.b = append(w.b, l.src[:]...)
			w.u64(l.costHi)
			w.u64(l.costLo)
			w.bool(l.missing)
			w.bool(l.costOK)
		}
	}
	if e.pooled {
		e.snapshotPooled(&w)
	}
	return w.b
}

func (e *Engine) restore(b []byte) error {
	r := cpReader{b: b}
	e.started = true
	e.perWallet = r.bool()
	e.method = Method(r.uvarint())
	e.methodStarted = r.bool()
	e.lastT = r.varint()
	e.year = int(r.varint())
	e.yearStart = r.varint()
	e.yearEnd = r.varint()
	e.nextLot = LotID(r.uvarint())
	for i := range e.incomeByType {
		it := &e.incomeByType[i]
		it.Type = Label(i)
		it.Value = r.dec()
		it.Count = int(r.uvarint())
		if it.Count == 0 {
			*it = IncomeTotal{}
		}
	}
	ys := YearSummary{Year: int(r.varint()), Method: Method(r.uvarint())}
	for _, d := range []*Dec{&ys.ShortProceeds, &ys.ShortBasis, &ys.ShortGain, &ys.LongProceeds, &ys.LongBasis, &ys.LongGain, &ys.IncomeTotal, &ys.FuturesPnL,
		&ys.Gains, &ys.Losses, &ys.LongGains, &ys.LossesBroughtForward} {
		*d = r.dec()
	}
	ys.Disposals = int(r.uvarint())
	ys.NonTaxable = int(r.uvarint())
	ys.IncomeEvents = int(r.uvarint())
	ys.Warnings = int(r.uvarint())
	e.res.Years = append(e.res.Years[:0], ys)
	e.cur = &e.res.Years[0]
	na := r.count()
	for i := 0; i < na && r.err == nil; i++ {
		s := r.str()
		e.assetIdx[s] = int32(len(e.assets))
		e.assets = append(e.assets, s)
	}
	nacc := r.count()
	for i := 0; i < nacc && r.err == nil; i++ {
		name, virtual := r.str(), r.bool()
		ai := e.newAccount(name, virtual)
		if virtual {
			e.stakeIdx[name[len("staking:"):]] = ai
		} else {
			e.accIdx[name] = ai
		}
		a := &e.accs[ai]
		ns := r.count()
		for j := 0; j < ns && r.err == nil; j++ {
			a.slots = append(a.slots, slot{pool: int32(r.varint()), bal: r.dec()})
		}
	}
	nu := r.count()
	for i := 0; i < nu && r.err == nil; i++ {
		e.universal = append(e.universal, int32(r.varint()))
	}
	np := r.count()
	for i := 0; i < np && r.err == nil; i++ {
		heap := r.bool()
		qty, basis := r.dec(), r.dec()
		acc, asset := int32(r.varint()), int32(r.varint())
		pi := e.newPool(acc, asset)
		p := &e.pools[pi]
		p.heap, p.qty, p.basis = heap, qty, basis
		nh := r.count()
		for j := 0; j < nh && r.err == nil; j++ {
			h := hent{k0: r.u64(), k1: r.u64(), k2: r.u64(), k3: r.u64()}
			l := lotRec{qty: r.dec(), basis: r.dec(), acq: r.varint(), longFrom: r.varint(), id: LotID(r.uvarint())}
			copy(l.src[:], r.take(16))
			l.costHi, l.costLo = r.u64(), r.u64()
			l.missing, l.costOK = r.bool(), r.bool()
			h.idx = int32(len(e.lots))
			e.lots = append(e.lots, l)
			p.h = append(p.h, h)
		}
	}
	if e.pooled && r.err == nil {
		e.restorePooled(&r)
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = fmt.Errorf("%w: trailing bytes", ErrCheckpoint)
	}
	if r.err == nil && (len(e.universal) != len(e.assets) || !e.methodStarted) {
		r.err = fmt.Errorf("%w: inconsistent state", ErrCheckpoint)
	}
	return r.err
}

type cpWriter struct{ b []byte }

func (w *cpWriter) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *cpWriter) varint(v int64)   { w.b = binary.AppendVarint(w.b, v) }
func (w *cpWriter) u64(v uint64)     { w.b = binary.LittleEndian.AppendUint64(w.b, v) }
func (w *cpWriter) dec(d Dec)        { w.varint(int64(d.hi)); w.uvarint(d.lo) }
func (w *cpWriter) str(s string)     { w.uvarint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *cpWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

type cpReader struct {
	b   []byte
	err error
}

func (r *cpReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: truncated", ErrCheckpoint)
	}
	r.b = nil
}

func (r *cpReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *cpReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *cpReader) take(n int) []byte {
	if len(r.b) < n {
		r.fail()
		return make([]byte, n)
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// count reads a length, bounded by the bytes left (each element takes at least one byte).
func (r *cpReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *cpReader) u64() uint64 { return binary.LittleEndian.Uint64(r.take(8)) }
func (r *cpReader) dec() Dec    { return Dec{hi: uint64(r.varint()), lo: r.uvarint()} }
func (r *cpReader) str() string { return string(r.take(r.count())) }
func (r *cpReader) bool() bool  { return r.take(1)[0] != 0 }
