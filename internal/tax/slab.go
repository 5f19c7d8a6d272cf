package tax

import "unsafe"

// hugePage is the size of a transparent huge page on the platforms that have them (x86-64, arm64
// with 4 KiB base pages).
const hugePage = 2 << 20

// makeSlab returns a new empty slice of capacity n for one of the engine's large result slabs
// (disposals and income of a big ledger: ~1.25 pieces per transaction at 144 bytes each). A fresh
// slab is memory the process has never touched, and a million-transaction run writes ~190 MB of it:
// on a virtual machine each 4 KiB first-touch fault is a trap to the hypervisor (~10-20 µs here), so
// those faults cost more than the engine itself. adviseHuge lets the kernel back the slab's aligned
// interior with 2 MiB pages: 512 times fewer faults. Small slabs are left alone.
func makeSlab[T any](n int) []T {
	s := make([]T, 0, n)
	var zero T
	if size := uintptr(n) * unsafe.Sizeof(zero); size >= 4*hugePage {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
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

// MakeSlab is makeSlab for the engine's callers that build its input in bulk (the recalculation's
// ledger read: a million transfers are ~230 MB of fresh memory).
func MakeSlab[T any](n int) []T { return makeSlab[T](n) }
