package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"taxd/internal/metrics"
	"taxd/internal/rest"
	"taxd/internal/testwait"
)

// A caller that disconnects before its answer is no server error: the request is counted with
// status 499, never 500 (the 5xx alert must not fire on it). Twice in a row.
func TestClientDisconnectIsNot500(t *testing.T) {
	started := make(chan struct{}, 2)
	h := withRequestLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		metrics.SetRoute(r.Context(), "/test/disconnect")
		started <- struct{}{}
		<-r.Context().Done() // work cut short by the caller leaving
		rest.WriteError(w, r, r.Context().Err())
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	for round := range 2 {
		before := countRoute(t, "/test/disconnect", "499")
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/test/disconnect", nil)
		done := make(chan error, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
			}
			done <- err
		}()
		<-started
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("round %d: the client's call ended with %v", round, err)
		}
		testwait.For(t, "the request to be counted as 499", 10*time.Second, func() bool { return countRoute(t, "/test/disconnect", "499") == before+1 })
		if n := countRoute(t, "/test/disconnect", "500"); n != 0 {
			t.Fatalf("round %d: %v requests counted as 500", round, n)
		}
	}
}
