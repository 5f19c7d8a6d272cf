package config

import (
	"flag"
	"strings"
	"testing"
)

// A production worker holds no access-token secret (it issues and checks no token) and starts
// without one; a production API node without it does not start. Both need the other secrets.
func TestProductionSecretsFollowTheRole(t *testing.T) {
	t.Setenv("TAXD_ENV", "production")
	t.Setenv("TAXD_REPORT_SIGNING_SECRET", strings.Repeat("r", 48))
	t.Setenv("TAXD_CREDENTIALS_KEY", "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=")
	t.Setenv("TAXD_ACCESS_TOKEN_SECRET", "")
	finish := func(role Role) error {
		c := &Config{}
		c.RegisterFor(flag.NewFlagSet("t", flag.ContinueOnError), role)
		return c.Finish()
	}
	if err := finish(RoleWorker); err != nil {
		t.Fatalf("a production worker without an access-token secret: %v", err)
	}
	if err := finish(RoleServe); err == nil || !strings.Contains(err.Error(), "TAXD_ACCESS_TOKEN_SECRET") {
		t.Fatalf("a production API node without an access-token secret: %v", err)
	}
	t.Setenv("TAXD_REPORT_SIGNING_SECRET", "")
	if err := finish(RoleWorker); err == nil {
		t.Fatal("a production worker without a report-signing secret started")
	}
	if err := finish(RoleMigrate); err != nil {
		t.Fatalf("migrate needs no secrets: %v", err)
	}
}
