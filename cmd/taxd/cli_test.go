package main

import (
	"bytes"
	"errors"
	"flag"
	"regexp"
	"strings"
	"testing"
)

// taxd version names the build: the version make build stamps (-ldflags -X main.buildVersion),
// and without one says how to get it rather than printing "(devel)".
func TestVersionNamesTheBuild(t *testing.T) {
	old := buildVersion
	t.Cleanup(func() { buildVersion = old })
	buildVersion = "v1.4.0-3-gabc1234"
	var out bytes.Buffer
	if err := run([]string{"version"}, nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "taxd v1.4.0-3-gabc1234") {
		t.Errorf("taxd version: %q", out.String())
	}
	buildVersion = ""
	if v := version(); strings.Contains(v, "(devel)") || (!strings.Contains(v, "commit ") && !strings.Contains(v, "make build")) {
		t.Errorf("an unstamped build says %q", v)
	}
}

// taxd serve --help lists every flag with a clean value placeholder (a back-quoted word in a
// usage text would become the placeholder), and the usage lists every command.
func TestHelpIsClean(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"serve", "--help"}, nil, &out, &out); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("serve --help: %v", err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if m := regexp.MustCompile(`^  -([a-z-]+)(?: (.+))?$`).FindStringSubmatch(line); m != nil && m[2] != "" {
			if !regexp.MustCompile(`^(string|int|value|duration|float|count|bytes)$`).MatchString(m[2]) {
				t.Errorf("-%s has the placeholder %q", m[1], m[2])
			}
		}
	}
	if !strings.Contains(out.String(), "-cors-origins string") || !strings.Contains(out.String(), "-oidc-issuer string") {
		t.Errorf("serve --help lacks flags:\n%s", out.String())
	}
	out.Reset()
	if err := run([]string{"help"}, nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"serve", "worker", "migrate", "partner create", "compute", "import", "export", "reclassify", "dev-token", "bench recalc", "bench import", "bench ledger", "version"} {
		if !strings.Contains(out.String(), "taxd "+cmd) {
			t.Errorf("the usage lacks taxd %s", cmd)
		}
	}
}
