// Command taxd-compute is `taxd compute` in a binary of its own: the same flags, files and output
// (docs/taxd-compute.md), without the server. A Go program initialises every package it links
// before main runs, and taxd links the whole service (OpenAPI and GraphQL schemas parsed at init,
// JSON-schema meta-schemas compiled, Prometheus, gRPC, protobuf registries...): ~40 ms of init and
// a 55 MB image to fault in before `taxd compute` reads a byte. This binary links only the
// calculator (internal/taxfile, internal/tax, 4 MB) and is ready in under 10 ms, which is what
// scripts running it per client or per file want.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"taxd/internal/taxfile"
)

func main() {
	if err := taxfile.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "taxd-compute:", err)
		}
		os.Exit(2)
	}
}
