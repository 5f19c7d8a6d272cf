package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/metrics"
)

// opsRoutes adds what an orchestrator and Prometheus read from every node, API or worker:
// GET /healthz (the process answers), GET /readyz (the database answers) and GET /metrics.
func opsRoutes(mux *http.ServeMux, pool *pgxpool.Pool) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"status":"ok"}`)
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		w.Header().Set("Content-Type", "application/json")
		if err := pool.Ping(ctx); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"status":"database unavailable"}`)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ready"}`)
	})
	mux.Handle("GET /metrics", metrics.Handler())
}

// WorkerHandler is the HTTP surface of a worker node: health, readiness and metrics only.
func WorkerHandler(pool *pgxpool.Pool) http.Handler {
	mux := http.NewServeMux()
	opsRoutes(mux, pool)
	mux.HandleFunc("/", jsonNotFound)
	return withRequestLog(metrics.Routes(mux))
}

// serveUntil serves h on ln until ctx ends, then shuts the server down gracefully.
func serveUntil(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := NewHTTPServer(h, DefaultLimits)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(JSONErrors(ln)) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
