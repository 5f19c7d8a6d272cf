package metrics

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
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
