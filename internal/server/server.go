package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"taxd/internal/accounts"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/graph"
	"taxd/internal/idempotency"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/metrics"
	"taxd/internal/reports"
	"taxd/internal/rest"
	"taxd/internal/store"
	"taxd/internal/tracing"
	"taxd/internal/webhooks"
	"taxd/internal/webui"
	"taxd/spec"
)

// Deps are what the HTTP handler needs; tests build them around a test database.
type Deps struct {
	Config *config.Config
	Pool   *pgxpool.Pool
	Jobs   *jobs.Client // inserts jobs; workers run where the client was started
	Bucket *blob.Bucket // report files
	Now    func() time.Time
	Limits *Limits         // nil: DefaultLimits
	Tracer *tracing.Tracer // nil: no tracing
	// Providers are the chain indexers (nil: built from Config); serve passes the sync workers'
	// own, so one set of rate limiters covers the process.
	Providers *imports.Registry
	// Credentials remembers verified partner credentials while its listener runs (nil: every
	// request reads its credential); serve runs one.
	Credentials *auth.CredentialCache
}

// NewHandler builds the whole HTTP surface: /api, /graphql, health and spec files, and the pages
// (portal, docs, GraphQL explorer).
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
	partnerAuth := &auth.PartnerAuthenticator{DB: d.Pool, Tokens: tokens, Now: d.Now, Cache: d.Credentials}
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
	svc, err := newServices(d, tokens)
	if err != nil {
		return nil, err
	}
	if svc.Viewers.IDTokens, err = idTokenVerifier(d.Config); err != nil {
		return nil, err
	}
	gate.Throttle = svc.Throttle
	// Idempotency-Key: after the gate (authenticated and validated), before the operation.
	idem := idempotency.NewService(d.Pool, d.Now).Middleware(partnerOf, rest.WriteError)

	mux := http.NewServeMux()
	mux.Handle("/api/", rest.NewHandler(svc.REST(d), gate, idem))
	gql := graph.NewHTTPHandler(svc.GraphQL(d), d.Config.Development())
	if c := graphQLCORS(d.Config.CORSOrigins); c != nil {
		gql = c.Handler(gql)
		mux.Handle("OPTIONS /graphql", gql) // the preflight of a browser app's POST
	}
	mux.Handle("POST /graphql", gql)
	mux.Handle("PUT /uploads/", rest.UploadHandler(svc.Files)) // signed upload URLs (fileimport/signed.go)
	mux.HandleFunc("/graphql", graph.MethodNotAllowed)
	// the signed, expiring download URLs of GraphQL getReportDownloadUrl
	mux.Handle("GET /downloads/reports/{reportId}", rest.DownloadHandler(svc.Reports))
	mux.HandleFunc("/", jsonNotFound)
	opsRoutes(mux, d.Pool)
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
	if err := webui.Register(mux, webui.Deps{Config: d.Config, Pool: d.Pool, Tokens: tokens, Now: d.Now, NotExplorer: graph.MethodNotAllowed}); err != nil {
		return nil, err
	}
	limits := DefaultLimits
	if d.Limits != nil {
		limits = *d.Limits
	}
	return withResponseHeaders(withRequestLog(withBodyLimit(limits.MaxBodyBytes, d.Tracer.Handler(metrics.Routes(mux))))), nil
}

// partnerOf is the partner that the gate authenticated.
func partnerOf(ctx context.Context) (uuid.UUID, bool) {
	p, err := auth.PartnerFrom(ctx)
	if err != nil || p == nil {
		return uuid.Nil, false
	}
	return p.PartnerID, true
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

// JobOptions are the river settings of cfg: one queue per job kind with its worker count, and
// the janitor (one worker) wherever any queue is worked. With --workers 0 no queue is worked: the
// client only inserts (an API-only node).
func JobOptions(cfg *config.Config) jobs.Options {
	qs := map[string]int{
		jobs.QueueSync: cfg.WorkersSync, jobs.QueueRecalc: cfg.WorkersRecalc,
		jobs.QueueReport: cfg.WorkersReport, jobs.QueueMail: cfg.WorkersMail, jobs.QueueImport: cfg.WorkersImport,
	}
	if len((jobs.Options{Queues: qs}).QueuesOf()) > 0 { // a worker node: webhooks and the janitor too
		if cfg.WebhookWorkers > 0 {
			qs[webhooks.Queue] = cfg.WebhookWorkers // deliveries wait on partners' receivers: their own workers
		}
		qs[jobs.QueueMaintenance] = 1
		qs[jobs.QueueReclassify] = 1
	}
	return jobs.Options{
		Queues: qs, RescueAfter: 5 * time.Minute, JobTimeout: 4 * time.Minute, Logger: slog.Default(),
		Periodic: []*river.PeriodicJob{jobs.JanitorJob(), accounts.ContinuousJob()},
	}
}

// backend is what both node kinds open: the database (migrated), the report bucket and the
// river client, started when this node works any queue.
type backend struct {
	pool      *pgxpool.Pool
	bucket    *blob.Bucket
	jobs      *jobs.Client
	providers *imports.Registry // the chain indexers, shared by the API and the sync workers
	works     bool
	close     func()
}

func openBackend(ctx context.Context, cfg *config.Config) (_ *backend, err error) {
	var closers []func()
	b := &backend{close: func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}}
	defer func() {
		if err != nil {
			b.close()
		}
	}()
	url, stopDB, err := Database(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	closers = append(closers, stopDB)
	if b.pool, err = store.Open(ctx, url); err != nil {
		return nil, err
	}
	closers = append(closers, b.pool.Close)
	if err := store.MigrateUp(ctx, b.pool, logWriter{}); err != nil {
		return nil, err
	}
	if b.bucket, err = reports.OpenBucket(ctx, cfg.BlobURL, cfg.DataDir); err != nil {
		return nil, err
	}
	closers = append(closers, func() { _ = b.bucket.Close() })
	// One set of chain clients per process: their rate limiters then hold for the API's
	// getUsedChains and the sync workers together.
	b.providers = chainProviders(cfg, b.pool)
	workers, err := WorkersWith(cfg, b.pool, b.bucket, b.providers)
	if err != nil {
		return nil, err
	}
	opts := JobOptions(cfg)
	if b.jobs, err = jobs.New(b.pool, workers, opts); err != nil {
		return nil, err
	}
	metrics.UsePool(b.pool)
	if b.works = jobs.Works(opts, workers); !b.works {
		slog.Info("no job queue is worked on this node (--workers 0): API only")
		return b, nil
	}
	// Not ctx: river stops hard (cancelling running jobs) when its start context ends; a node
	// that is told to stop lets its running jobs finish first (the closer below).
	if err := b.jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, err
	}
	metrics.WatchJobs(ctx, b.jobs)
	var kinds []metrics.JobKind
	for _, r := range jobs.Registered(workers) {
		kinds = append(kinds, metrics.JobKind{Queue: r.Queue, Kind: r.Kind})
	}
	metrics.InitJobSeries(kinds)
	// Jobs whose worker died (their heartbeat is stale) are taken over within seconds.
	reclaim, stopReclaiming := context.WithCancel(context.WithoutCancel(ctx))
	reclaimed := make(chan struct{})
	go func() { defer close(reclaimed); jobs.RunReclaimer(reclaim, b.pool, jobs.TrackersOf(workers), 0, 0) }()
	closers = append(closers, func() { stopReclaiming(); <-reclaimed })
	slog.Info("working job queues", "queues", opts.QueuesOf())
	closers = append(closers, func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if err := b.jobs.Stop(stopCtx); err != nil { // jobs still running after 15 s: cancel them (river requeues them)
			hard, cancelHard := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancelHard()
			_ = b.jobs.StopAndCancel(hard)
		}
	})
	return b, nil
}

// Work runs the job queues (`taxd worker`) until ctx ends. Its only HTTP is on --listen:
// /healthz, /readyz and /metrics (WorkerHandler), for the orchestrator and Prometheus.
func Work(ctx context.Context, cfg *config.Config, stdout io.Writer) error {
	if len(JobOptions(cfg).QueuesOf()) == 0 {
		return errors.New("taxd worker: no queue has workers (set --workers or a --workers-<queue> above 0)")
	}
	b, err := openBackend(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	slog.Info("taxd worker listening", "addr", base)
	fmt.Fprintf(stdout, "taxd worker is working the job queues %v; metrics at %s/metrics. Ctrl-C stops it.\n", JobOptions(cfg).QueuesOf(), base)
	return serveUntil(ctx, ln, WorkerHandler(b.pool))
}

// Serve runs taxd until ctx ends, then shuts down gracefully. It also works the job queues unless
// the configuration gives them no workers (an API-only node).
func Serve(ctx context.Context, cfg *config.Config, stdout io.Writer) error {
	b, err := openBackend(ctx, cfg)
	if err != nil {
		return err
	}
	defer b.close()
	pool, bucket, jc := b.pool, b.bucket, b.jobs
	tracer, err := tracing.Setup(ctx, cfg.OTLPEndpoint)
	if err != nil {
		return fmt.Errorf("tracing: %w", err)
	}
	defer func() {
		flushCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = tracer.Shutdown(flushCtx)
	}()
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	cfg.ListeningAt(base)
	credentials := auth.DefaultCredentialCache(time.Now)
	listen, stopListening := context.WithCancel(ctx)
	listened := make(chan struct{})
	go func() { defer close(listened); credentials.Listen(listen, ListenerConnection(pool)) }()
	defer func() { stopListening(); <-listened }()
	h, err := NewHandler(Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket, Tracer: tracer, Providers: b.providers,
		Credentials: credentials})
	if err != nil {
		ln.Close()
		return err
	}
	// The banner (the demo partner's credentials and curls, then the address) is collected and
	// written in one piece once start-up has logged what it logs, so log lines on the terminal
	// never land inside it.
	var banner bytes.Buffer
	if cfg.Development() {
		if err := SeedDemo(ctx, pool, jc, cfg, base, &banner); err != nil {
			return fmt.Errorf("demo partner: %w", err)
		}
	}
	slog.Info("taxd listening", "addr", base, "env", cfg.Env)
	fmt.Fprintf(&banner, "taxd is listening on %s (REST %s/api, GraphQL %s/graphql). Ctrl-C stops it.\n", base, base, base)
	if _, err := stdout.Write(banner.Bytes()); err != nil {
		return err
	}
	return serveUntil(ctx, ln, h)
}

type logWriter struct{}

func (logWriter) Write(b []byte) (int, error) {
	slog.Info(strings.TrimSpace(string(b)))
	return len(b), nil
}

// ListenerConnection connects a session of its own to pool's database, outside the pool, for a
// listener that holds it as long as it runs.
func ListenerConnection(pool *pgxpool.Pool) func(context.Context) (*pgx.Conn, error) {
	return func(ctx context.Context) (*pgx.Conn, error) {
		return pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	}
}
