package tax

import (
	"sync"
	"time"
	"unsafe"
)

// Released engines. What a fresh Engine costs beyond a reused one is not its own work but memory:
// a million-transaction run writes ~150 MB of result records and ~10 MB of lot queues, and on this
// kind of virtual machine each first touch of a page the process has not used yet traps to the
// hypervisor, which makes a run on fresh memory about 1.5-2 times slower (BenchmarkFIFOColdFresh
// against BenchmarkFIFOCold). A recalculation worker makes an Engine per run and calls
// Engine.Release once the run's Result is stored; the next Engine of the process that starts a run
// takes over a released Engine's memory (its result slabs, lot arena and queues, scratch) instead
// of new pages. That is exactly an Engine reused for another run, which reset makes
// indistinguishable from a fresh one (TestPropertiesRandomLedgers compares them).
//
// At most releasedMax Engines are kept (the largest: a big ledger's run needs all of one, a small
// one's runs in part of it), and they are dropped once none has been taken or released for
// releasedIdle, so an idle server gives the memory back to the runtime.
const (
	releasedMax  = 2
	releasedIdle = 10 * time.Minute
)

var released struct {
	sync.Mutex
	engines []*Engine
	idle    *time.Timer
}

// Release gives the engine's memory to the next fresh Engine of the process that starts a run. The
// Result of its last run is invalid afterwards (it shares that memory). The Engine keeps its
// DisposalSink and checkpoint settings and stays usable: its next run starts like a fresh one.
func (e *Engine) Release() {
	if !e.ran {
		return
	}
	kept := &Engine{}
	*kept = *e
	kept.DisposalSink, kept.Checkpoints, kept.OnCheckpoint = nil, nil, nil
	kept.cpBase, kept.cur, kept.tr, kept.err = nil, nil, nil, nil
	*e = Engine{DisposalSink: e.DisposalSink, Checkpoints: e.Checkpoints, OnCheckpoint: e.OnCheckpoint}

	released.Lock()
	defer released.Unlock()
	if len(released.engines) < releasedMax {
		released.engines = append(released.engines, kept)
	} else if i := smallestReleased(); kept.memory() > released.engines[i].memory() {
		released.engines[i] = kept // keep the memory a big ledger's run would need
	}
	if released.idle == nil {
		released.idle = time.AfterFunc(releasedIdle, dropReleased)
	} else {
		released.idle.Reset(releasedIdle)
	}
}

// adoptReleased, at the start of an Engine's first run, takes over a released Engine's memory
// when there is one (reset then clears its state as for any reused Engine).
func (e *Engine) adoptReleased() {
	if e.ran {
		return
	}
	e.ran = true
	released.Lock()
	var r *Engine
	if n := len(released.engines); n > 0 {
		i := 0 // the largest: a small ledger's run only uses part of it, a large one's needs it all
		for k := range released.engines {
			if released.engines[k].memory() > released.engines[i].memory() {
				i = k
			}
		}
		r = released.engines[i]
		released.engines[i] = released.engines[n-1]
		released.engines[n-1] = nil
		released.engines = released.engines[:n-1]
	}
	released.Unlock()
	if r == nil {
		return
	}
	sink, cps, onCP := e.DisposalSink, e.Checkpoints, e.OnCheckpoint
	*e = *r
	e.DisposalSink, e.Checkpoints, e.OnCheckpoint = sink, cps, onCP
}

// memory is the size of the engine's big buffers: its result slabs and lot arena.
func (e *Engine) memory() uintptr {
	return uintptr(cap(e.res.Disposals))*unsafe.Sizeof(Disposal{}) + uintptr(cap(e.res.Income))*unsafe.Sizeof(Income{}) +
		uintptr(cap(e.lots))*unsafe.Sizeof(lotRec{})
}

// smallestReleased is the index of the released Engine with the least memory (released is locked).
func smallestReleased() int {
	i := 0
	for k := range released.engines {
		if released.engines[k].memory() < released.engines[i].memory() {
			i = k
		}
	}
	return i
}

// dropReleased forgets the released Engines: their memory goes back to the garbage collector.
func dropReleased() {
	released.Lock()
	defer released.Unlock()
	clear(released.engines)
	released.engines = released.engines[:0]
}

// releasedEngines is how many released Engines wait to be taken (tests).
func releasedEngines() int {
	released.Lock()
	defer released.Unlock()
	return len(released.engines)
}
