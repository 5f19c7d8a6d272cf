package main

import (
	"io"

	"taxd/internal/taxfile"
)

// compute runs the offline calculator (docs/taxd-compute.md). cmd/taxd-compute is the same command
// in a lean binary that does not pay the server's start-up.
func compute(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return taxfile.Main(args, stdin, stdout, stderr)
}
