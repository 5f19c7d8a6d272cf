// Package jobs creates the river client: background jobs in the same Postgres (durable, retried,
// unique where one must run at a time, visible as rows). Domain packages define their job args and
// workers; this package names the queues, assembles the client and runs the janitor.
//
// Each job kind has its own queue and worker count, so a flood of one kind (a partner's 10,000
// syncs) never holds back another (a recalculation, a report, an e-mail).
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"taxd/internal/logctx"
)

// Client inserts jobs (inside our transactions, with InsertTx) and, when started, works them.
type Client = river.Client[pgx.Tx]

// The queues, one per job kind. A job's args name their queue in InsertOpts.
const (
	QueueSync        = "sync"        // account syncs (provider APIs: slow, many)
	QueueRecalc      = "recalc"      // recalculations (CPU and memory)
	QueueReport      = "report"      // report rendering
	QueueMail        = "mail"        // e-mail delivery
	QueueMaintenance = "maintenance" // the janitor (one worker wherever jobs are worked)
)

// ActiveStates are the river states of a job that is waiting or running. Uniqueness means "one
// queued or running job per key": a finished (completed, cancelled, discarded) job never blocks
// the next request. river's default unique states include `completed`, so every unique job sets
// these explicitly. river v0.51 requires available, pending, running and scheduled in any custom
// set; retryable is added so a job waiting for its retry still counts as the active one.
var ActiveStates = []rivertype.JobState{
	rivertype.JobStateAvailable,
	rivertype.JobStatePending,
	rivertype.JobStateRunning,
	rivertype.JobStateRetryable,
	rivertype.JobStateScheduled,
}

// UniqueWhileActive is the uniqueness of a job of which at most one may wait or run per args
// (the fields tagged `river:"unique"`, or all args when none is tagged).
func UniqueWhileActive() river.UniqueOpts {
	return river.UniqueOpts{ByArgs: true, ByState: ActiveStates}
}

// Options tune the workers.
type Options struct {
	// Workers gives each kind's queue (sync, recalc, report, mail, import) this many workers.
	Workers int
	// Queues sets the worker count of named queues on top of Workers (0 removes a queue). A queue
	// with no workers is not worked by this client; with none at all the client only inserts (an
	// API-only node).
	Queues map[string]int
	// RescueAfter is how long a running job may go without finishing before another worker takes
	// it over (a crashed process leaves its jobs running).
	RescueAfter time.Duration
	JobTimeout  time.Duration
	// HeartbeatEvery is how often a running attempt renews its heartbeat (0: HeartbeatEvery).
	HeartbeatEvery time.Duration
	Logger         *slog.Logger
	// Periodic jobs are enqueued by the elected leader among the clients that work jobs.
	Periodic []*river.PeriodicJob
}

// QueuesOf returns the worked queues of opts (only those with at least one worker).
func (o Options) QueuesOf() map[string]int {
	out := map[string]int{}
	if o.Workers > 0 {
		for _, q := range []string{QueueSync, QueueRecalc, QueueReport, QueueMail, QueueImport} {
			out[q] = o.Workers
		}
	}
	for name, n := range o.Queues {
		if n > 0 {
			out[name] = n
		} else {
			delete(out, name)
		}
	}
	return out
}

// New returns a client on pool. With workers == nil or no worked queue it only inserts.
func New(pool *pgxpool.Pool, workers *river.Workers, opts Options) (*Client, error) {
	retry := &RetryPolicy{}
	cfg := &river.Config{Logger: opts.Logger, RetryPolicy: retry, Middleware: []rivertype.Middleware{
		&logctx.JobMiddleware{}, &servedQueues{}, &Tracking{Pool: pool, Retry: retry, Trackers: TrackersOf(workers), HeartbeatEvery: opts.HeartbeatEvery},
	}}
	if qs := opts.QueuesOf(); workers != nil && len(qs) > 0 {
		cfg.Workers = workers
		cfg.Queues = map[string]river.QueueConfig{}
		for name, n := range qs {
			cfg.Queues[name] = river.QueueConfig{MaxWorkers: n}
		}
		cfg.JobTimeout = opts.JobTimeout
		cfg.RescueStuckJobsAfter = opts.RescueAfter
		cfg.FetchPollInterval = 200 * time.Millisecond
		cfg.PeriodicJobs = opts.Periodic
	}
	return river.NewClient(riverpgxv5.New(pool), cfg)
}

// Works reports whether c was configured to work jobs (Start would fail otherwise).
func Works(opts Options, workers *river.Workers) bool {
	return workers != nil && len(opts.QueuesOf()) > 0
}

// QueueImport holds file imports (uploadManualTransactions): large files parse for seconds, so
// they have their own workers and never wait behind a partner's syncs.
const QueueImport = "import"

// QueueWebhooks is the queue of webhook deliveries (internal/webhooks names it too).
const QueueWebhooks = "webhooks"

// QueueReclassify holds re-classifications of clients' chain data (one worker wherever jobs are
// worked: rare, and they must not wait behind a partner's syncs).
const QueueReclassify = "reclassify"

// Served are the queues that worker nodes work (JobOptions in internal/server): a job inserted
// into any other queue would wait forever, so inserting one is an error.
var Served = []string{QueueSync, QueueRecalc, QueueReport, QueueMail, QueueMaintenance, QueueImport, QueueWebhooks, QueueReclassify}

// Registration is a job kind with a worker and the queue its args insert into by default.
type Registration struct {
	Kind, Queue string
}

var (
	registryMu sync.Mutex
	registry   = map[*river.Workers][]Registration{}
	trackers   = map[*river.Workers]Trackers{}
)

// Register adds worker to workers (river.AddWorker) and records its kind and default queue, so
// that tests can check every kind against the queues a node works (Registered).
func Register[T river.JobArgs](workers *river.Workers, worker river.Worker[T]) {
	river.AddWorker(workers, worker)
	var args T
	queue := river.QueueDefault
	if o, ok := any(args).(river.JobArgsWithInsertOpts); ok && o.InsertOpts().Queue != "" {
		queue = o.InsertOpts().Queue
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[workers] = append(registry[workers], Registration{Kind: args.Kind(), Queue: queue})
}

// Registered lists the kinds registered on workers with Register.
func Registered(workers *river.Workers) []Registration {
	registryMu.Lock()
	defer registryMu.Unlock()
	return slices.Clone(registry[workers])
}

// servedQueues refuses, at insert time, a job whose queue no worker node works.
type servedQueues struct{ river.MiddlewareDefaults }

func (*servedQueues) InsertMany(ctx context.Context, params []*rivertype.JobInsertParams, doInner func(context.Context) ([]*rivertype.JobInsertResult, error)) ([]*rivertype.JobInsertResult, error) {
	for _, p := range params {
		if !slices.Contains(Served, p.Queue) {
			return nil, fmt.Errorf("job kind %q inserted into queue %q, which no worker works (queues: %v)", p.Kind, p.Queue, Served)
		}
	}
	return doInner(ctx)
}
