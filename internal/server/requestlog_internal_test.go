package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"taxd/internal/logctx"
	"taxd/internal/metrics"
)

// Every request is one log line (as `taxd serve` writes it: JSON through logctx) with its method,
// path, status, duration and request id, and one count in taxd_http_requests_total under its route.
func TestRequestLogLineAndCount(t *testing.T) {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(logctx.Handler{Handler: slog.NewJSONHandler(&buf, nil)}))
	t.Cleanup(func() { slog.SetDefault(prev) })
	h := withRequestLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		metrics.SetRoute(r.Context(), "/test/logged/{id}")
		w.WriteHeader(http.StatusTeapot)
	}))
	before := countRoute(t, "/test/logged/{id}", "418")
	r := httptest.NewRequest(http.MethodPost, "/test/logged/7?q=1", nil)
	r.Header.Set("X-Request-Id", "req-logged-1")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Header().Get("X-Request-Id") != "req-logged-1" {
		t.Errorf("X-Request-Id answered %q", w.Header().Get("X-Request-Id"))
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("one JSON line: %v: %s", err, buf.String())
	}
	want := map[string]any{"level": "INFO", "msg": "request", "method": "POST", "path": "/test/logged/7", "status": 418.0, "request_id": "req-logged-1"}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s = %v, want %v (line %s)", k, line[k], v, buf.String())
		}
	}
	if d, ok := line["duration_ms"].(float64); !ok || d < 0 {
		t.Errorf("duration_ms = %v", line["duration_ms"])
	}
	if len(line) != len(want)+2 { // and time, duration_ms
		t.Errorf("fields %v", line)
	}
	if n := countRoute(t, "/test/logged/{id}", "418"); n != before+1 {
		t.Errorf("counted %v times, want once", n-before)
	}
}

// countRoute is taxd_http_requests_total of route with status.
func countRoute(t *testing.T, route, status string) float64 {
	t.Helper()
	mfs, err := metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var n float64
	for _, mf := range mfs {
		if mf.GetName() != "taxd_http_requests_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["route"] == route && labels["status"] == status {
				n += m.GetCounter().GetValue()
			}
		}
	}
	return n
}
