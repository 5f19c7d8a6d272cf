package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"gocloud.dev/blob"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/graph"
	"taxd/internal/jobs"
	"taxd/internal/reports"
	"taxd/internal/rest"
	"taxd/internal/store"
	"taxd/spec"
)

// Deps are what the HTTP handler needs; tests build them around a test database.
type Deps struct {
	Config *config.Config
	Pool   *pgxpool.Pool
	Jobs   *jobs.Client // inserts jobs; workers run where the client was started
	Bucket *blob.Bucket // report files
	Now    func() time.Time
}

// NewHandler builds the whole HTTP surface: /api, /graphql, health and spec files.
func NewHandler(d Deps) (http.Handler, error) {
	if d.Now == nil {
		d.Now = time.Now
	}
	doc, err := rest.LoadSpec()
	if err != nil {
		return nil, err
	}
	tokens, err := tokensFrom(d.Config)
	if err != nil {
		return nil, err
	}
	partnerAuth := &auth.PartnerAuthenticator{DB: d.Pool, Tokens: tokens, Now: d.Now}
	gate, err := rest.NewGate(doc, partnerAuth)
	if err != nil {
		return nil, err
	}
	if d.Jobs == nil {
		if d.Jobs, err = jobs.New(d.Pool, nil, jobs.Options{}); err != nil {
			return nil, err
		}
	}
	if d.Bucket == nil {
		if d.Bucket, err = reports.OpenBucket(context.Background(), d.Config.BlobURL, d.Config.DataDir); err != nil {
			return nil, err
		}
	}
	svc := newServices(d, tokens)
	api := rest.NewHandler(svc.REST(d))

	mux := http.NewServeMux()
	mux.Handle("/api/", gate.Wrap(api))
	mux.Handle("POST /graphql", graph.NewHTTPHandler(svc.GraphQL(d), d.Config.Development()))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"status":"ok"}`)
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		w.Header().Set("Content-Type", "application/json")
		if err := d.Pool.Ping(ctx); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"status":"database unavailable"}`)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ready"}`)
	})
	specJSON, err := doc.MarshalJSON()
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("GET /openapi.yaml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		_, _ = w.Write(spec.OpenAPI)
	})
	mux.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(specJSON)
	})
	sdl, err := spec.SDL()
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("GET /graphql/schema.graphqls", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, sdl)
	})
	return withRequestLog(mux), nil
}

func tokensFrom(cfg *config.Config) (*auth.Tokens, error) {
	var previous []auth.SigningKey
	for _, kv := range strings.Split(cfg.PreviousTokenKeys, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		kid, secret, ok := strings.Cut(kv, ":")
		if !ok {
			return nil, errors.New("config: previous access-token keys must be kid:secret pairs")
		}
		previous = append(previous, auth.SigningKey{ID: kid, Secret: []byte(secret)})
	}
	return auth.NewTokens(auth.SigningKey{ID: cfg.AccessTokenKeyID, Secret: []byte(cfg.AccessTokenSecret)}, previous...)
}

// Serve runs taxd until ctx ends, then shuts down gracefully.
func Serve(ctx context.Context, cfg *config.Config, stdout io.Writer) error {
	url, stopDB, err := Database(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer stopDB()
	pool, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := store.MigrateUp(ctx, pool, logWriter{}); err != nil {
		return err
	}
	bucket, err := reports.OpenBucket(ctx, cfg.BlobURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer bucket.Close()
	workers, err := Workers(cfg, pool, bucket)
	if err != nil {
		return err
	}
	jc, err := jobs.New(pool, workers, jobs.Options{
		Workers: cfg.Workers, RescueAfter: 5 * time.Minute, JobTimeout: 4 * time.Minute, Logger: slog.Default(),
	})
	if err != nil {
		return err
	}
	if err := jc.Start(ctx); err != nil {
		return err
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = jc.Stop(stopCtx)
	}()
	h, err := NewHandler(Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	if cfg.Development() {
		if err := SeedDemo(ctx, pool, cfg, base, stdout); err != nil {
			return fmt.Errorf("demo partner: %w", err)
		}
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("taxd listening", "addr", base, "env", cfg.Env)
	fmt.Fprintf(stdout, "taxd is listening on %s (REST %s/api, GraphQL %s/graphql). Ctrl-C stops it.\n", base, base, base)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

type logWriter struct{}

func (logWriter) Write(b []byte) (int, error) {
	slog.Info(strings.TrimSpace(string(b)))
	return len(b), nil
}
