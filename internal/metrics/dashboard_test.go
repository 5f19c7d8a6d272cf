package metrics

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"gopkg.in/yaml.v3"
)

// servedNames are the names of every taxd metric: the vectors (observed once, as a vector has no
// series before its first observation) and the collectors that read the database at scrape time.
func servedNames(t *testing.T) map[string]bool {
	httpRequests.WithLabelValues("GET", "/test", "200").Add(0)
	httpDuration.WithLabelValues("GET", "/test").Observe(0)
	jobDuration.WithLabelValues("q", "k", "completed").Observe(0)
	jobWait.WithLabelValues("q", "k").Observe(0)
	jobFailures.WithLabelValues("q", "k", "retryable").Add(0)
	recalcPhase.WithLabelValues("compute").Observe(0)
	served := map[string]bool{}
	mfs, err := Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		served[mf.GetName()] = true
	}
	ch := make(chan *prometheus.Desc, 16)
	(&poolCollector{}).Describe(ch)
	close(ch)
	for d := range ch {
		if m := regexp.MustCompile(`fqName: "([^"]+)"`).FindStringSubmatch(d.String()); m != nil {
			served[m[1]] = true
		}
	}
	return served
}

// Every metric the Grafana dashboard (docs/grafana) and the alerts of docs/operations.md query is
// one the registry serves, so a renamed metric cannot leave a panel or an alert silently empty.
func TestDashboardAndAlertsQueryServedMetrics(t *testing.T) {
	served := servedNames(t)
	dash, err := os.ReadFile("../../docs/grafana/taxd-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var d struct{ Panels []json.RawMessage }
	if err := json.Unmarshal(dash, &d); err != nil || len(d.Panels) < 10 {
		t.Fatalf("the dashboard is not JSON with its panels: %v", err)
	}
	ops, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	queried := 0
	for _, src := range []string{string(dash), string(ops)} {
		for _, m := range regexp.MustCompile(`taxd_[a-z_]+`).FindAllString(src, -1) {
			base := m
			for _, suffix := range []string{"_bucket", "_count", "_sum"} {
				base = strings.TrimSuffix(base, suffix)
			}
			if !served[base] && !served[m] {
				t.Errorf("%s is queried but not served", m)
			}
			queried++
		}
	}
	if queried < 20 {
		t.Errorf("only %d metric references found", queried)
	}
}

// Every alert of docs/operations.md has a severity (page or ticket), a summary and a runbook link
// to a section of the same file that exists.
func TestAlertsHaveSeverityAndRunbook(t *testing.T) {
	ops, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(ops)
	start := strings.Index(doc, "groups:\n")
	end := strings.Index(doc[start:], "```")
	if start < 0 || end < 0 {
		t.Fatal("no alert rules block in docs/operations.md")
	}
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert       string
				Labels      map[string]string
				Annotations map[string]string
			}
		}
	}
	if err := yaml.Unmarshal([]byte(doc[start:start+end]), &rules); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			n++
			if s := r.Labels["severity"]; s != "page" && s != "ticket" {
				t.Errorf("%s: severity %q, want page or ticket", r.Alert, s)
			}
			if r.Annotations["summary"] == "" {
				t.Errorf("%s has no summary", r.Alert)
			}
			anchor := strings.ToLower(r.Alert)
			if !strings.HasSuffix(r.Annotations["runbook_url"], "docs/operations.md#"+anchor) || !strings.Contains(doc, "\n#### "+r.Alert+"\n") {
				t.Errorf("%s: runbook_url %q, want a link to its section \"#### %s\"", r.Alert, r.Annotations["runbook_url"], r.Alert)
			}
		}
	}
	if n < 10 {
		t.Fatalf("only %d alerts read", n)
	}
}
