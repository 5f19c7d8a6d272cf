package tax

import "slices"

// lotRec is a lot inside the engine. Lots live in one arena (Engine.lots) and pools refer to them by
// index, so moving a whole lot between pools copies a 40-byte heap entry, never the lot.
type lotRec struct {
	qty, basis     Dec
	acq            int64 // acquisition instant, Unix ns
	longFrom       int64 // first instant at which a disposal is long-term
	id             LotID
	src            ID
	costHi, costLo uint64 // unit cost (HIFO/LOFO key), valid when costOK; parts of a lot inherit it
	missing        bool
	costOK         bool
}

// hent is a heap entry: the method's ordering key inline (compared lexicographically) and the lot.
type hent struct {
	k0, k1, k2, k3 uint64
	idx            int32
}

func (a *hent) less(b *hent) bool {
	if a.k0 != b.k0 {
		return a.k0 < b.k0
	}
	if a.k1 != b.k1 {
		return a.k1 < b.k1
	}
	if a.k2 != b.k2 {
		return a.k2 < b.k2
	}
	return a.k3 < b.k3
}

// pool is one lot queue: the universal pool of an asset, one account's queue of an asset, or a staking
// position's queue. qty and basis are the exact totals of its lots (under AverageCost, basis is the
// authoritative pooled basis and the lots' own basis fields are not maintained).
//
// The queue is a priority queue on the method's key, kept in one of two shapes. A sorted run
// h[head:]: the next lot is h[head], popping is head++, and an in-order arrival (FIFO's normal
// case) is an append, at any length; an out-of-order arrival is a binary search and a short copy
// while the run is shorter than sortedMax. An out-of-order arrival at a run of sortedMax entries
// turns it (already a valid min-heap) into a binary heap, which turns back into a sorted run below
// sortedMin: a wallet with 100k lots costs O(1) a lot when they arrive in order, O(log n) when not.
type pool struct {
	h          []hent
	head       int32 // sorted mode: live entries are h[head:]
	heap       bool  // heap mode: h is a binary min-heap, head == 0
	qty, basis Dec
	acc        int32 // -1: universal
	asset      int32
}

const (
	sortedMax = 96
	sortedMin = 24
)

func (p *pool) size() int       { return len(p.h) - int(p.head) }
func (p *pool) entries() []hent { return p.h[p.head:] }
func (p *pool) top() *hent      { return &p.h[p.head] }
func (p *pool) clear() {
	p.h = p.h[:0]
	p.head = 0
	p.heap = false
}

func (p *pool) push(e hent) {
	if p.heap {
		p.heapPush(e)
		return
	}
	h := p.h
	lo, hi := int(p.head), len(h)
	if hi == lo || !e.less(&h[hi-1]) { // in order: append
		p.h = append(grow(h), e)
		return
	}
	if hi-lo >= sortedMax {
		n := copy(h, h[lo:]) // a sorted run is a valid min-heap
		p.h = h[:n]
		p.head = 0
		p.heap = true
		p.heapPush(e)
		return
	}
	if hi-lo <= 16 {
		// short run: insertion from the back, shifting as we go
		h = append(grow(h), hent{})
		j := hi
		for j > lo && e.less(&h[j-1]) {
			h[j] = h[j-1]
			j--
		}
		h[j] = e
		p.h = h
	} else {
		// first position whose entry is greater than e
		i, j := lo, hi-1
		for i < j {
			m := int(uint(i+j) >> 1)
			if e.less(&h[m]) {
				j = m
			} else {
				i = m + 1
			}
		}
		if lo > 0 && i-lo < hi-i { // cheaper to shift the front part down
			copy(h[lo-1:i-1], h[lo:i])
			h[i-1] = e
			p.head--
		} else {
			h = append(grow(h), hent{})
			copy(h[i+1:], h[i:hi])
			h[i] = e
			p.h = h
		}
	}
}

// popTop removes the top entry.
func (p *pool) popTop() {
	if !p.heap {
		p.head++
		if int(p.head) == len(p.h) {
			p.h = p.h[:0]
			p.head = 0
		} else if p.head >= 64 && int(p.head)*2 > len(p.h) { // reclaim the dead prefix
			n := copy(p.h, p.h[p.head:])
			p.h = p.h[:n]
			p.head = 0
		}
		return
	}
	p.heapPop()
	if len(p.h) < sortedMin {
		slices.SortFunc(p.h, cmpHent)
		p.heap = false
	}
}

// reorder restores the queue's order after its keys changed (method change).
func (p *pool) reorder() {
	if p.heap {
		p.heapify()
	} else {
		slices.SortFunc(p.h[p.head:], cmpHent)
	}
}

func cmpHent(a, b hent) int {
	if a.less(&b) {
		return -1
	}
	if b.less(&a) {
		return 1
	}
	return 0
}

func (p *pool) heapPush(e hent) {
	h := append(grow(p.h), e)
	i := len(h) - 1
	for i > 0 { // move parents down into the hole, then drop e in
		parent := (i - 1) / 2
		if !e.less(&h[parent]) {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = e
	p.h = h
}

func (p *pool) heapPop() {
	h := p.h
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	if n > 0 {
		i := 0
		for {
			l := 2*i + 1
			if l >= n {
				break
			}
			m := l
			if r := l + 1; r < n && h[r].less(&h[l]) {
				m = r
			}
			if !h[m].less(&x) {
				break
			}
			h[i] = h[m]
			i = m
		}
		h[i] = x
	}
	p.h = h
}

func (p *pool) heapify() {
	h := p.h
	n := len(h)
	for start := n/2 - 1; start >= 0; start-- {
		i := start
		for {
			l := 2*i + 1
			if l >= n {
				break
			}
			m := l
			if r := l + 1; r < n && h[r].less(&h[l]) {
				m = r
			}
			if !h[m].less(&h[i]) {
				break
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
}

// key builds the heap entry of lot idx under method m.
func key(m Method, l *lotRec, idx int32) hent {
	t := uint64(l.acq) ^ (1 << 63) // order-preserving signed→unsigned
	switch m {
	case LIFO:
		return hent{k0: ^t, k1: ^uint64(l.id), idx: idx}
	case HIFO, LOFO:
		if !l.costOK {
			l.costHi, l.costLo = unitCost(l.basis, l.qty)
			l.costOK = true
		}
		ch, cl := l.costHi, l.costLo
		if m == HIFO {
			ch, cl = ^ch, ^cl
		}
		return hent{k0: ch, k1: cl, k2: t, k3: uint64(l.id), idx: idx}
	default: // FIFO, AverageCost
		return hent{k0: t, k1: uint64(l.id), idx: idx}
	}
}

// sortedByAcq returns the pool's lot indices ordered by acquisition time then lot id.
func sortedByAcq(lots []lotRec, h []hent, dst []int32) []int32 {
	dst = dst[:0]
	for i := range h {
		dst = append(dst, h[i].idx)
	}
	slices.SortFunc(dst, func(a, b int32) int {
		la, lb := &lots[a], &lots[b]
		if la.acq != lb.acq {
			if la.acq < lb.acq {
				return -1
			}
			return 1
		}
		if la.id < lb.id {
			return -1
		}
		if la.id > lb.id {
			return 1
		}
		return 0
	})
	return dst
}
