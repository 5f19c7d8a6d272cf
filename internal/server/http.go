// Package server assembles taxd: database, jobs, the REST and GraphQL adapters and the HTTP
// plumbing (request ids, logs, health, spec files, graceful shutdown).
package server

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"taxd/internal/logctx"
	"taxd/internal/metrics"
)

// withRequestLog gives every request an id (X-Request-Id, taken from the caller when sane), logs
// one line per request with slog, counts it in the metrics, and turns panics into 500s.
func withRequestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-Id", id)
		ctx := logctx.WithRequestID(r.Context(), id) // job logs carry it too (logctx.JobMiddleware)
		r = r.WithContext(metrics.WithRoute(ctx))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		start := time.Now()
		defer func() {
			if v := recover(); v != nil {
				slog.ErrorContext(ctx, "panic", "panic", v, "stack", string(debug.Stack()))
				if !rec.wrote {
					http.Error(rec, `{"message":"internal server error","code":"internal"}`, http.StatusInternalServerError)
				}
			}
			took := time.Since(start)
			metrics.Observe(r, rec.status, took)
			slog.InfoContext(ctx, "request", "method", r.Method, "path", r.URL.Path,
				"status", rec.status, "duration_ms", took.Milliseconds())
		}()
		next.ServeHTTP(rec, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
