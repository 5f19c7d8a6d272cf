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
	for _, cmd := range []string{"serve", "worker", "migrate", "partner create", "compute", "import", "dev-token", "bench recalc", "bench import", "bench ledger", "version"} {
		if !strings.Contains(out.String(), "taxd "+cmd) {
			t.Errorf("the usage lacks taxd %s", cmd)
		}
	}
}

// Every command's --help answers without touching a database and lists only the command's flags:
// a worker none of the APIs' (tokens, CORS, ID tokens, uploads), migrate the database's alone.
func TestHelpListsOnlyTheCommandsFlags(t *testing.T) {
	flagsOf := func(args ...string) []string {
		t.Helper()
		var out bytes.Buffer
		if err := run(args, nil, &out, &out); err != nil && !errors.Is(err, flag.ErrHelp) {
			t.Fatalf("%v: %v\n%s", args, err, out.String())
		}
		var names []string
		for _, m := range regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(out.String(), -1) {
			names = append(names, m[1])
		}
		if len(names) == 0 {
			t.Fatalf("%v lists no flags:\n%s", args, out.String())
		}
		return names
	}
	worker := strings.Join(flagsOf("worker", "--help"), " ")
	for _, apiOnly := range []string{"access-token-secret", "cors-origins", "oidc-issuer", "upload-max-bytes", "email-daily-limit", "trusted-proxies"} {
		if strings.Contains(" "+worker+" ", " "+apiOnly+" ") {
			t.Errorf("worker --help lists the API's -%s", apiOnly)
		}
	}
	for _, needed := range []string{"database-url", "workers", "blob-url", "etherscan-url", "smtp-addr", "listen"} {
		if !strings.Contains(" "+worker+" ", " "+needed+" ") {
			t.Errorf("worker --help lacks -%s", needed)
		}
	}
	if got := strings.Join(flagsOf("migrate", "--help"), " "); got != "data-dir database-url env" {
		t.Errorf("migrate --help lists %s, want data-dir database-url env", got)
	}
}
