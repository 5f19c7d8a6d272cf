package tax

import (
	"strings"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms that have them (x86-64, arm64
// with 4 KiB base pages).
const hugePage = 2 << 20

// slabMin is the size from which makeSlab takes uncleared memory (smaller slabs are ordinary slices).
const slabMin = 8 << 20

// makeSlab returns a new empty slice of capacity n for one of the engine's large result slabs
// (disposals and income of a big ledger: ~1.2 pieces per transaction at 120 bytes each, ~160 MB for
// a million transactions). Where that memory comes from decides what a fresh engine costs:
//
//   - Memory the process never used: the kernel zeroes each page on its first touch. In 4 KiB pages
//     that zeroing happens just before the engine writes the page, which then finds it in cache. A
//     2 MiB huge page (madvise(MADV_HUGEPAGE)) is zeroed whole at its first touch (on a host short of
//     free huge pages, after compacting memory for it), evicting the cache before the engine writes
//     the same 2 MiB again; measured on a fresh million-transaction engine, the 4 KiB pages cost about
//     half as much CPU, although they fault 40,000 times instead of a hundred. On a virtual machine
//     that reports free memory to its host (virtio-balloon free page reporting) it is worse: a free
//     2 MiB block is usually memory the host has taken back, so its first touch also waits for the
//     host to supply it again, while 4 KiB pages come first from recently freed memory the host
//     still backs (a fresh process writing 192 MB: 1.0-1.4 s in huge pages, 0.15-0.3 s in 4 KiB
//     pages). So a slab is not advised huge.
//   - Heap memory a garbage collection freed: make would clear all of it before the engine writes it
//     (160 MB of memclr), touching every page twice.
//
// So a big slab is taken uncleared (noZeroBytes). The engine writes every record in full before it
// is part of a Result's length (the capacity beyond it holds unspecified bytes). Small slabs are
// ordinary slices.
//
// T must hold no pointers: a big slab is carved out of a byte allocation, which the garbage collector
// never scans (the result records are pointer-free by design; TestSlabTypesHoldNoPointers checks).
func makeSlab[T any](n int) []T {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if size < slabMin {
		return make([]T, 0, n)
	}
	return unsafe.Slice((*T)(noZeroBytes(int(size))), n)[:0]
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
