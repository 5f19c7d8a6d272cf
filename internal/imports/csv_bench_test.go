package imports_test

import (
	"bytes"
	"testing"

	benchgen "taxd/internal/bench"
	"taxd/internal/imports"
)

// BenchmarkReadCSVGeneric parses and validates 100,000 rows of the bench generator's generic CSV:
// the Go side of `taxd bench import` (a re-import is mostly this).
func BenchmarkReadCSVGeneric(b *testing.B) {
	var buf bytes.Buffer
	if err := benchgen.GenericCSV(&buf, 100_000, 42, false); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		n, err := imports.ReadCSV(bytes.NewReader(buf.Bytes()), imports.CSVGeneric, func(*imports.Tx) error { return nil })
		if err != nil || n == 0 {
			b.Fatal(n, err)
		}
	}
}
