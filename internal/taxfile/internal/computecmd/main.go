// Command computecmd is a throwaway driver for measuring the offline calculator
// (`/usr/bin/time -v computecmd compute --input big.csv --method fifo`); taxd itself exposes
// `taxd compute`.
//
//	computecmd generate --transactions 1000000 --output big.csv
//	computecmd compute --input big.csv --method hifo --format csv > out.csv
package main

import (
	"fmt"
	"os"

	"taxd/internal/taxfile"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: computecmd compute|generate [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "compute":
		err = taxfile.RunCompute(os.Args[2:], os.Stdin, os.Stdout, os.Stderr)
	case "generate":
		err = taxfile.RunGenerate(os.Args[2:], os.Stdout, os.Stderr)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}
