package tax

import (
	"syscall"
	"unsafe"
)

// madvHugepage is MADV_HUGEPAGE (the syscall package does not name it).
const madvHugepage = 14

// adviseHuge marks the 2 MiB-aligned interior of [p, p+size) MADV_HUGEPAGE. It only changes how
// the kernel backs pages not yet touched; an error (no THP support, THP "never") is ignored, which
// leaves the ordinary 4 KiB pages.
func adviseHuge(p unsafe.Pointer, size uintptr) {
	start := (uintptr(p) + hugePage - 1) &^ (hugePage - 1)
	end := (uintptr(p) + size) &^ (hugePage - 1)
	if end <= start {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, start-uintptr(p))), end-start), madvHugepage)
}
