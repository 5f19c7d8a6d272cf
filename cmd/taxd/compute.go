package main

import (
	"io"
	"os"
	"runtime/debug"

	"taxd/internal/taxfile"
)

// computeMemoryLimit is the heap size at which a `taxd compute` run starts collecting garbage.
const computeMemoryLimit = 1 << 30

// compute runs the offline calculator (docs/taxd-compute.md). It is a short batch run whose input
// stays live until the end, so collecting garbage on the default schedule (every time the heap
// doubles, from 4 MB) mostly re-scans the parsed ledger: unless GOGC or GOMEMLIMIT say otherwise,
// the collector waits until the heap reaches computeMemoryLimit.
func compute(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(computeMemoryLimit)
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
	}
	return taxfile.RunCompute(args, stdin, stdout, stderr)
}
