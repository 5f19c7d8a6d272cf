package tracing_test

import (
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	collector "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"

	"taxd/internal/tracing"
)

// A request through the traced mux reaches an OTLP/HTTP collector as one server span named by
// its route, continuing the caller's W3C trace.
func TestRequestsBecomeSpansAtTheCollector(t *testing.T) {
	var mu sync.Mutex
	var got []*collector.ExportTraceServiceRequest
	collectorSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/traces" || r.Header.Get("Content-Type") != "application/x-protobuf" {
			t.Errorf("export to %s as %s", r.URL.Path, r.Header.Get("Content-Type"))
		}
		b, _ := io.ReadAll(r.Body)
		var req collector.ExportTraceServiceRequest
		if err := proto.Unmarshal(b, &req); err != nil {
			t.Errorf("export body: %v", err)
		}
		mu.Lock()
		got = append(got, &req)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
	}))
	defer collectorSrv.Close()

	tr, err := tracing.Setup(context.Background(), collectorSrv.URL)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/users/{referenceId}/user", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	app := httptest.NewServer(tr.Handler(mux))
	defer app.Close()
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	req, _ := http.NewRequest("GET", app.URL+"/api/users/alice-1/user", nil)
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if err := tr.Shutdown(context.Background()); err != nil { // flushes the batch
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	var names []string
	for _, req := range got {
		for _, rs := range req.ResourceSpans {
			for _, ss := range rs.ScopeSpans {
				for _, s := range ss.Spans {
					names = append(names, s.Name)
					if s.Name == "GET /api/users/{referenceId}/user" {
						if id := hex.EncodeToString(s.TraceId); id != traceID {
							t.Errorf("span trace id %s, want the caller's %s", id, traceID)
						}
						return
					}
				}
			}
		}
	}
	t.Fatalf("no span named by the route reached the collector; got %q", names)
}

// Without an endpoint nothing wraps the handler.
func TestOffLeavesTheHandlerAlone(t *testing.T) {
	tr, err := tracing.Setup(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	if h := tr.Handler(mux); h != http.Handler(mux) {
		t.Fatal("tracing off still wrapped the handler")
	}
	if err := tr.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}
