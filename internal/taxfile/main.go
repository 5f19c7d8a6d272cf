package taxfile

import (
	"io"
	"os"
	"runtime/debug"
)

// computeMemoryLimit is the heap size at which a compute run starts collecting garbage.
const computeMemoryLimit = 1 << 30

// Main is the whole-process entry of `taxd compute` and `taxd-compute`: RunCompute with the
// collector tuned for a short batch run. Its input stays live until the end, so collecting on the
// default schedule (every time the heap doubles, from 4 MB) mostly re-scans the parsed ledger:
// unless GOGC or GOMEMLIMIT say otherwise, the collector waits until the heap reaches
// computeMemoryLimit. (It changes process-wide settings: call it from a main, not from a server.)
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(computeMemoryLimit)
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
	}
	return RunCompute(args, stdin, stdout, stderr)
}
