package main

import (
	"io"

	"taxd/internal/taxfile"
)

// compute runs the offline calculator (docs/taxd-compute.md).
func compute(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return taxfile.RunCompute(args, stdin, stdout, stderr)
}
