package tax_test

import (
	"testing"
	"unsafe"

	"taxd/internal/tax"
)

// TestRecordSizes guards the size of the result records a big ledger has millions of: on a fresh
// engine each byte is memory touched for the first time (see Disposal), so growth is a slowdown.
func TestRecordSizes(t *testing.T) {
	if n := unsafe.Sizeof(tax.Disposal{}); n != 120 {
		t.Errorf("Disposal is %d bytes, want 120", n)
	}
	if n := unsafe.Sizeof(tax.Income{}); n != 72 {
		t.Errorf("Income is %d bytes, want 72", n)
	}
}
