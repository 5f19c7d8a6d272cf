package main

import (
	"errors"
	"io"
)

// compute is wired to internal/taxfile once the offline calculator lands.
func compute(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("compute: not implemented yet")
}
