// Package server assembles taxd: database, jobs, the REST and GraphQL adapters and the HTTP
// plumbing (request ids, logs, health, spec files, graceful shutdown).
package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"taxd/internal/logctx"
	"taxd/internal/metrics"
)

// StatusClientClosedRequest is what the metrics and the request log record for a request whose
// caller disconnected before it was answered (nginx's 499).
const StatusClientClosedRequest = 499

// withRequestLog gives every request an id (X-Request-Id, taken from the caller when sane), logs
// one line per request with slog, counts it in the metrics, and turns panics into 500s.
func withRequestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
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
					rec.Header().Set("Content-Type", "application/json")
					rec.WriteHeader(http.StatusInternalServerError)
					_, _ = io.WriteString(rec, `{"message":"internal server error","code":"internal"}`)
				}
			}
			took := time.Since(start)
			status := rec.status
			if status >= 500 && errors.Is(r.Context().Err(), context.Canceled) {
				// The caller went away and its request was cut short: no server error (no 5xx alert),
				// counted and logged as nginx's 499 "client closed request".
				status = StatusClientClosedRequest
			}
			metrics.Observe(r, status, took)
			logRequest(ctx, r.Method, r.URL.Path, status, took)
		}()
		next.ServeHTTP(rec, r)
	})
}

// logRequest writes a request's log line, "request" with its method, path, status and duration,
// straight to the default logger's handler: typed attributes (no boxing of each value into an
// interface and back), and a record without a source position, which slog.LogAttrs would take a
// stack walk to find and the JSON handler (without AddSource) never prints.
func logRequest(ctx context.Context, method, path string, status int, took time.Duration) {
	h := slog.Default().Handler()
	if !h.Enabled(ctx, slog.LevelInfo) {
		return
	}
	rec := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
	rec.AddAttrs(slog.String("method", method), slog.String("path", path), slog.Int("status", status),
		slog.Int64("duration_ms", took.Milliseconds()))
	_ = h.Handle(ctx, rec)
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

// The values of the headers every response carries, one slice each for all responses: net/http
// only reads them, and an Add to one appends to a copy (each has no room to grow in place).
var (
	contentTypeOptions = []string{"nosniff"}
	referrerPolicy     = []string{"no-referrer"}
)

// withResponseHeaders sets the headers every response carries (no MIME sniffing, no referrer sent
// on from our pages) and gives the answers net/http writes by itself a JSON body like the API's:
// the redirects of ServeMux's path cleaning (/api//users, /api/../x) and subtree roots (/api to
// /api/), http.Redirect's, and any plain-text error. Handlers may still set their own policies
// (the portal's and the docs' Content-Security-Policy).
func withResponseHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["X-Content-Type-Options"] = contentTypeOptions
		h["Referrer-Policy"] = referrerPolicy
		next.ServeHTTP(&jsonBodies{ResponseWriter: w}, r)
	})
}

// jsonBodies replaces the body of a redirect or error that is not JSON already (net/http's HTML
// redirect notes and plain-text errors) with {"message", "code"}.
type jsonBodies struct {
	http.ResponseWriter
	wrote, replaced bool
}

func (j *jsonBodies) WriteHeader(code int) {
	if j.wrote {
		j.ResponseWriter.WriteHeader(code)
		return
	}
	j.wrote = true
	h := j.Header()
	ct := h.Get("Content-Type")
	if code < 300 || code == http.StatusNotModified || !(ct == "" || strings.HasPrefix(ct, "text/html") || strings.HasPrefix(ct, "text/plain")) {
		j.ResponseWriter.WriteHeader(code)
		return
	}
	msg, name := strings.ToLower(http.StatusText(code)), "error"
	switch {
	case code < 400:
		msg, name = "moved to "+h.Get("Location"), "redirect"
	case code == http.StatusNotFound:
		name = "not_found"
	case code == http.StatusMethodNotAllowed:
		name = "method_not_allowed"
	case code < 500:
		name = "invalid_request"
	default:
		msg, name = "internal server error", "internal"
	}
	body, _ := json.Marshal(map[string]string{"message": msg, "code": name})
	body = append(body, '\n')
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	j.replaced = true
	j.ResponseWriter.WriteHeader(code)
	_, _ = j.ResponseWriter.Write(body)
}

func (j *jsonBodies) Write(b []byte) (int, error) {
	if !j.wrote {
		j.WriteHeader(http.StatusOK)
	}
	if j.replaced {
		return len(b), nil
	}
	return j.ResponseWriter.Write(b)
}

func (j *jsonBodies) Unwrap() http.ResponseWriter { return j.ResponseWriter }
