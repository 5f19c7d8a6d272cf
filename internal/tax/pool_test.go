package tax

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPoolInOrderStaysARun: lots arriving in order (FIFO's usual case) stay a sorted run however
// many there are, popped in order; the first out-of-order arrival at a long run makes it a heap
// that still yields the minimum.
func TestPoolInOrderStaysARun(t *testing.T) {
	var p pool
	for i := range 10 * sortedMax {
		p.push(hent{k0: uint64(i), idx: int32(i)})
	}
	if p.heap {
		t.Fatalf("%d in-order arrivals made a heap", p.size())
	}
	for i := range sortedMax {
		if got := p.top().k0; got != uint64(i) {
			t.Fatalf("pop %d: got %d", i, got)
		}
		p.popTop()
	}
	p.push(hent{k0: 1, idx: -1}) // before every lot left
	if !p.heap {
		t.Fatalf("an out-of-order arrival at a run of %d did not make a heap", p.size())
	}
	want := []uint64{1}
	for i := sortedMax; i < 10*sortedMax; i++ {
		want = append(want, uint64(i))
	}
	for i, w := range want {
		if got := p.top().k0; got != w {
			t.Fatalf("heap pop %d: got %d want %d", i, got, w)
		}
		p.popTop()
	}
	if p.size() != 0 {
		t.Fatalf("%d left", p.size())
	}
}

// TestPoolOrder drives a pool through sorted and heap shapes with random pushes and pops and checks it
// always yields the minimum, like a reference sorted slice.
func TestPoolOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for round := 0; round < 50; round++ {
		var p pool
		var ref []hent
		seq := uint64(0)
		maxSize := 0
		for op := 0; op < 3000; op++ {
			grow := r.IntN(100) < 55
			if round%2 == 1 && op > 1500 {
				grow = r.IntN(100) < 35 // shrink back below the heap threshold
			}
			if grow || len(ref) == 0 {
				seq++
				e := hent{k0: uint64(r.IntN(50)), k1: r.Uint64() % 4, k2: seq, idx: int32(seq)}
				if r.IntN(3) == 0 {
					e.k0 = 1000 // in-order arrivals too
					e.k1 = seq
				}
				p.push(e)
				ref = append(ref, e)
				slices.SortFunc(ref, cmpHent)
			} else {
				if got, want := *p.top(), ref[0]; got != want {
					t.Fatalf("round %d op %d: top %+v, want %+v (heap=%v size=%d)", round, op, got, want, p.heap, p.size())
				}
				p.popTop()
				ref = ref[1:]
			}
			if p.size() != len(ref) {
				t.Fatalf("size %d want %d", p.size(), len(ref))
			}
			maxSize = max(maxSize, len(ref))
		}
		if maxSize <= sortedMax {
			t.Fatalf("round %d never reached heap mode", round)
		}
		// rekeying keeps the order in either shape
		h := p.entries()
		for i := range h {
			h[i].k0 = ^h[i].k0
		}
		p.reorder()
		for i := range ref {
			ref[i].k0 = ^ref[i].k0
		}
		slices.SortFunc(ref, cmpHent)
		for len(ref) > 0 {
			if *p.top() != ref[0] {
				t.Fatalf("after reorder: top %+v want %+v", *p.top(), ref[0])
			}
			p.popTop()
			ref = ref[1:]
		}
	}
}
