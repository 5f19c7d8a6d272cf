package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"

	"taxd/internal/config"
)

// `taxd serve` in production refuses to start with a published development secret or a short
// one, naming the setting; with random secrets of its own it gets as far as the database.
func TestProductionRefusesKnownAndShortSecrets(t *testing.T) {
	random := func(n int) string {
		b := make([]byte, n)
		_, _ = rand.Read(b)
		return base64.StdEncoding.EncodeToString(b)
	}
	good := map[string]string{
		"--access-token-secret":   random(48),
		"--report-signing-secret": random(48),
		"--credentials-key":       random(32),
	}
	for _, k := range []string{"TAXD_ACCESS_TOKEN_SECRET", "TAXD_REPORT_SIGNING_SECRET", "TAXD_CREDENTIALS_KEY", "TAXD_PREVIOUS_ACCESS_TOKEN_KEYS", "TAXD_ENV", "DATABASE_URL"} {
		t.Setenv(k, "")
	}
	for _, c := range []struct {
		name, flag, value, want string
	}{
		{"published access-token secret", "--access-token-secret", config.DevelopmentAccessTokenSecret, "TAXD_ACCESS_TOKEN_SECRET"},
		{"published report-signing secret", "--report-signing-secret", config.DevelopmentReportSigningSecret, "TAXD_REPORT_SIGNING_SECRET"},
		{"published credentials key", "--credentials-key", config.DevelopmentCredentialsKey, "TAXD_CREDENTIALS_KEY"},
		{"a test fixture's secret", "--access-token-secret", "contract-test-access-token-secret-0123456789", "TAXD_ACCESS_TOKEN_SECRET"},
		{"short report-signing secret", "--report-signing-secret", "0123456789abcdefghijklmnopqrst", "at least 32"},
		{"short credentials key", "--credentials-key", random(16), "TAXD_CREDENTIALS_KEY"},
		{"published retired token key", "--previous-access-token-keys", "old:" + config.DevelopmentAccessTokenSecret, "TAXD_PREVIOUS_ACCESS_TOKEN_KEYS"},
		{"short retired token key", "--previous-access-token-keys", "old:short", "at least 32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"serve", "--env", "production", "--data-dir", t.TempDir(),
				"--database-url", "postgres://taxd@127.0.0.1:1/none?sslmode=disable&connect_timeout=1"}
			for f, v := range good {
				if f != c.flag {
					args = append(args, f, v)
				}
			}
			args = append(args, c.flag, c.value)
			var out bytes.Buffer
			err := run(args, strings.NewReader(""), &out, &out)
			if err == nil || !strings.HasPrefix(err.Error(), "config:") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("taxd serve in production with %s: %v, want a configuration error naming %q", c.name, err, c.want)
			}
		})
	}
	// Random secrets pass the check: the server goes on to connect to its (unreachable) database.
	args := []string{"serve", "--env", "production", "--data-dir", t.TempDir(),
		"--database-url", "postgres://taxd@127.0.0.1:1/none?sslmode=disable&connect_timeout=1"}
	for f, v := range good {
		args = append(args, f, v)
	}
	var out bytes.Buffer
	if err := run(args, strings.NewReader(""), &out, &out); err == nil || strings.HasPrefix(err.Error(), "config:") {
		t.Fatalf("random secrets: %v, want to get past the configuration", err)
	}
}
