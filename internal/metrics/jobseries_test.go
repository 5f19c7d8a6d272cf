package metrics

import "testing"

// The failure counters of a node's kinds exist at 0 from the start, so "increase > 0" alerts see
// the first failure after a restart.
func TestInitJobSeriesStartsAtZero(t *testing.T) {
	InitJobSeries([]JobKind{{Queue: "init-q", Kind: "init.kind"}})
	mfs, err := Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]float64{}
	for _, mf := range mfs {
		if mf.GetName() != "taxd_job_failures_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["queue"] == "init-q" && labels["kind"] == "init.kind" {
				found[labels["state"]] = m.GetCounter().GetValue()
			}
		}
	}
	if v, ok := found["discarded"]; !ok || v != 0 {
		t.Fatalf("discarded series %v (present %v), want 0", v, ok)
	}
	if v, ok := found["retryable"]; !ok || v != 0 {
		t.Fatalf("retryable series %v (present %v), want 0", v, ok)
	}
}
