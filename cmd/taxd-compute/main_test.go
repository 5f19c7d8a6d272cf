package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksOnlyTheCalculator guards the reason this binary exists: a server package linked in
// brings its package initialisation (schemas, registries) back into every run.
func TestLinksOnlyTheCalculator(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, heavy := range []string{"taxd/gen/", "taxd/internal/server", "taxd/internal/graph", "taxd/internal/rest",
			"github.com/getkin/", "github.com/99designs/gqlgen", "github.com/prometheus/", "google.golang.org/grpc", "github.com/jackc/pgx"} {
			if strings.HasPrefix(dep, heavy) {
				t.Errorf("taxd-compute links %s", dep)
			}
		}
	}
}
