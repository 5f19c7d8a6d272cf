// Package metrics exposes taxd's Prometheus metrics at /metrics: HTTP requests by route and
// status with latency histograms, job durations per kind and queue depth, recalculation phase
// timings and the database pool. One registry per process (Registry); collectors that read the
// database do so at scrape time, with a short timeout.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"taxd/gen/db"
)

// Registry holds every taxd metric (plus the Go runtime and process collectors).
var Registry = prometheus.NewRegistry()

var (
	httpRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "taxd_http_requests_total", Help: "HTTP requests by route (the spec's path template) and status.",
	}, []string{"method", "route", "status"})
	httpDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "taxd_http_request_duration_seconds", Help: "HTTP request latency by route.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"method", "route"})
	jobDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "taxd_job_run_duration_seconds", Help: "Job run time by queue, kind and outcome (completed, failed, cancelled, snoozed).",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300},
	}, []string{"queue", "kind", "outcome"})
	jobWait = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "taxd_job_queue_wait_seconds", Help: "Time jobs waited in the queue before running, by queue and kind.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
	}, []string{"queue", "kind"})
	jobFailures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "taxd_job_failures_total",
		Help: "Failed job attempts by queue and kind; state is retryable (another attempt follows) or discarded (attempts exhausted: the job failed for good).",
	}, []string{"queue", "kind", "state"})
	recalcPhase = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "taxd_recalculation_phase_seconds", Help: "Recalculation phase durations (load, compute, store, cleanup).",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"phase"})
)

func init() {
	Registry.MustRegister(httpRequests, httpDuration, jobDuration, jobWait, jobFailures, recalcPhase, &poolCollector{},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
}

// Handler serves the registry in the Prometheus text format.
func Handler() http.Handler { return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{}) }

// RecalcPhase records one phase of a recalculation.
func RecalcPhase(phase string, d time.Duration) {
	recalcPhase.WithLabelValues(phase).Observe(d.Seconds())
}

type routeKey struct{}

// SetRoute names the route of the current request (the router calls it once it has matched), so
// requests are counted per path template rather than per URL.
func SetRoute(ctx context.Context, route string) {
	if r, ok := ctx.Value(routeKey{}).(*string); ok {
		*r = route
	}
}

// Routes wraps the ServeMux: the pattern it matched names the route unless a handler named a
// finer one (the REST gate names the operation's path template). Reading the pattern here, on the
// request the mux was given, keeps it visible to Observe whatever copies of the request the
// layers between (tracing, limits) make.
func Routes(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if p, ok := r.Context().Value(routeKey{}).(*string); ok && *p == "" {
			*p = r.Pattern
		}
	})
}

// WithRoute prepares a request's context for SetRoute; Observe reads what was named.
func WithRoute(ctx context.Context) context.Context {
	return context.WithValue(ctx, routeKey{}, new(string))
}

// Observe counts and times one finished request. r carries WithRoute's context: the route is
// what SetRoute or Routes named, else "unmatched" (so unknown URLs cannot grow the label set).
func Observe(r *http.Request, status int, took time.Duration) {
	route := ""
	if p, ok := r.Context().Value(routeKey{}).(*string); ok {
		route = *p
	}
	if route == "" {
		route = "unmatched"
	}
	httpDuration.WithLabelValues(r.Method, route).Observe(took.Seconds())
	httpRequests.WithLabelValues(r.Method, route, strconv.Itoa(status)).Inc()
}

// JobKind is a job kind and the queue it runs on.
type JobKind struct{ Queue, Kind string }

// InitJobSeries creates the failure counters of every kind a node works at 0, so that an alert on
// their increase sees the first failure after a restart (a series that appears at 1 has no
// increase to show).
func InitJobSeries(kinds []JobKind) {
	for _, k := range kinds {
		for _, state := range []string{"retryable", "discarded"} {
			jobFailures.WithLabelValues(k.Queue, k.Kind, state)
		}
	}
}

// WatchJobs records the duration of every job the client works until ctx ends.
func WatchJobs(ctx context.Context, jc *river.Client[pgx.Tx]) {
	events, cancel := jc.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed, river.EventKindJobCancelled, river.EventKindJobSnoozed)
	go func() {
		defer cancel()
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-events:
				if !ok {
					return
				}
				if ev.Job == nil || ev.JobStats == nil {
					continue
				}
				outcome := map[river.EventKind]string{
					river.EventKindJobCompleted: "completed", river.EventKindJobFailed: "failed",
					river.EventKindJobCancelled: "cancelled", river.EventKindJobSnoozed: "snoozed",
				}[ev.Kind]
				jobDuration.WithLabelValues(ev.Job.Queue, ev.Job.Kind, outcome).Observe(ev.JobStats.RunDuration.Seconds())
				jobWait.WithLabelValues(ev.Job.Queue, ev.Job.Kind).Observe(ev.JobStats.QueueWaitDuration.Seconds())
				if ev.Kind == river.EventKindJobFailed {
					state := "retryable"
					if ev.Job.State == rivertype.JobStateDiscarded {
						state = "discarded"
					}
					jobFailures.WithLabelValues(ev.Job.Queue, ev.Job.Kind, state).Inc()
				}
			}
		}
	}()
}

// UsePool makes the registry report pool's statistics and the job queues' depth (read from
// river's table at scrape time). The last pool given wins (one per process; tests start several).
func UsePool(pool *pgxpool.Pool) { currentPool.Store(pool) }

var currentPool atomic.Pointer[pgxpool.Pool]

type poolCollector struct{}

var (
	poolConns = prometheus.NewDesc("taxd_db_pool_connections", "Database pool connections by state.", []string{"state"}, nil)
	poolMax   = prometheus.NewDesc("taxd_db_pool_max_connections", "Database pool size limit.", nil, nil)
	poolWaits = prometheus.NewDesc("taxd_db_pool_acquire_waits_total", "Acquires that had to wait for a connection.", nil, nil)
	poolWait  = prometheus.NewDesc("taxd_db_pool_acquire_wait_seconds_total", "Time spent waiting for connections.", nil, nil)
	queueJobs = prometheus.NewDesc("taxd_job_queue_jobs", "Jobs not yet finished, by queue, kind and state (available, scheduled, retryable, running).", []string{"queue", "kind", "state"}, nil)
	queueAge  = prometheus.NewDesc("taxd_job_queue_oldest_age_seconds", "Age of the oldest job waiting to run (available since its scheduled time), by queue and kind; 0 with none waiting.", []string{"queue", "kind"}, nil)
)

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolConns, poolMax, poolWaits, poolWait, queueJobs, queueAge} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	pool := currentPool.Load()
	if pool == nil {
		return
	}
	s := pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.ConstructingConns()), "constructing")
	ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(s.MaxConns()))
	ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWait, prometheus.CounterValue, s.AcquireDuration().Seconds())

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := db.New(pool).UnfinishedJobCounts(ctx)
	if err != nil {
		return // a scrape never fails on the database: the pool figures above still count
	}
	type qk struct{ queue, kind string }
	ages := map[qk]float64{}
	for _, c := range counts {
		ch <- prometheus.MustNewConstMetric(queueJobs, prometheus.GaugeValue, float64(c.Jobs), c.Queue, c.Kind, c.State)
		ages[qk{c.Queue, c.Kind}] = max(ages[qk{c.Queue, c.Kind}], c.OldestAvailableSeconds)
	}
	for k, age := range ages {
		ch <- prometheus.MustNewConstMetric(queueAge, prometheus.GaugeValue, age, k.queue, k.kind)
	}
}
