package tax

import (
	"strings"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms that have them (x86-64, arm64
// with 4 KiB base pages).
const hugePage = 2 << 20

// makeSlab returns a new empty slice of capacity n for one of the engine's large result slabs
// (disposals and income of a big ledger: ~1.2 pieces per transaction at 120 bytes each, ~160 MB for
// a million transactions). Where that memory comes from decides what a fresh engine costs:
//
//   - Memory the process never used: each first-touch fault is a trap to the hypervisor on a virtual
//     machine (~10-40 µs per 4 KiB page here), so those faults cost more than the engine itself.
//     adviseHuge lets the kernel back the slab with 2 MiB pages: 512 times fewer faults.
//   - Heap memory a garbage collection freed: make would clear all of it before the engine writes it
//     (160 MB of memclr), and pages the runtime has meanwhile returned to the OS fault back in 4 KiB at
//     a time inside that clear, before any advice could apply.
//
// So a big slab is taken uncleared (noZeroBytes) and advised before anything touches it; it starts on
// a 2 MiB boundary and its advised range is rounded up to whole huge pages, so that no written byte
// lands in a partial huge page. The engine writes every record in full before it is part of a
// Result's length (the capacity beyond it holds unspecified bytes). The alignment slack is never
// written: it costs address space, not memory. Small slabs are ordinary slices.
//
// T must hold no pointers: a big slab is carved out of a byte allocation, which the garbage collector
// never scans (the result records are pointer-free by design; TestSlabTypesHoldNoPointers checks).
func makeSlab[T any](n int) []T {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if size < 4*hugePage {
		return make([]T, 0, n)
	}
	span := (size + hugePage - 1) &^ (hugePage - 1)
	base := noZeroBytes(int(span + hugePage))
	p := unsafe.Add(base, (hugePage-uintptr(base)%hugePage)%hugePage)
	adviseHuge(p, span)
	return unsafe.Slice((*T)(p), n)[:0]
}

// noZeroBytes returns the start of a new pointer-free heap allocation of at least n bytes whose
// contents are unspecified: strings.Builder grows its buffer without clearing it (the standard
// library's only public door to the runtime's uncleared allocation). The builder is dropped; the
// returned pointer keeps the allocation alive.
func noZeroBytes(n int) unsafe.Pointer {
	var b strings.Builder
	b.WriteByte(0) // a non-empty String, so that StringData is the buffer
	b.Grow(n)      // cap >= 1+n: bytes [0, n) are within the allocation
	return unsafe.Pointer(unsafe.StringData(b.String()))
}

// growSlab returns s with room for at least one more element: s itself, or a slab twice its
// capacity holding a copy of it (a ledger with more pieces than presize reserved).
func growSlab[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	n := makeSlab[T](2*cap(s) + 64)[:len(s)]
	copy(n, s)
	return n
}

// grow returns s with room for at least one more element, doubling its capacity. append's own
// growth clears the whole new capacity at once (touching, on a fresh engine, every new page of it);
// make leaves memory fresh from the OS untouched until the engine writes to it.
func grow[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	n := make([]T, len(s), 2*cap(s)+8)
	copy(n, s)
	return n
}

// MakeSlab returns a new empty slice of capacity n for the engine's callers that build its input in
// bulk (the recalculation's ledger read: a million transfers are ~230 MB of fresh memory), whose
// records may hold pointers (strings, slices). Unlike makeSlab it takes ordinary, cleared heap memory
// that the garbage collector scans; it only advises a big slab's aligned interior huge, so that the
// pages its first write faults in come 2 MiB at a time.
func MakeSlab[T any](n int) []T {
	s := make([]T, 0, n)
	var zero T
	if size := uintptr(n) * unsafe.Sizeof(zero); size >= 4*hugePage {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
}
