// Package jobs creates the river client: background jobs in the same Postgres (durable, retried,
// unique where one must run at a time, visible as rows). Domain packages define their job args and
// workers; this package only assembles them.
package jobs

import (
	"log/slog"
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

// Options tune the workers.
type Options struct {
	Workers int // concurrent jobs; 0 makes an insert-only client
	// RescueAfter is how long a running job may go without finishing before another worker takes
	// it over (a crashed process leaves its jobs running).
	RescueAfter time.Duration
	JobTimeout  time.Duration
	Logger      *slog.Logger
	// Queues are further queues and their worker counts (webhooks.Queue: deliveries wait on
	// partners' receivers, so they get workers of their own).
	Queues map[string]int
}

// New returns a client on pool. With workers == nil or opts.Workers == 0 it only inserts.
func New(pool *pgxpool.Pool, workers *river.Workers, opts Options) (*Client, error) {
	cfg := &river.Config{Logger: opts.Logger, Middleware: []rivertype.Middleware{&logctx.JobMiddleware{}}}
	if workers != nil && opts.Workers > 0 {
		cfg.Workers = workers
		cfg.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: opts.Workers}}
		for name, n := range opts.Queues {
			if n > 0 {
				cfg.Queues[name] = river.QueueConfig{MaxWorkers: n}
			}
		}
		cfg.JobTimeout = opts.JobTimeout
		cfg.RescueStuckJobsAfter = opts.RescueAfter
		cfg.FetchPollInterval = 200 * time.Millisecond
	}
	return river.NewClient(riverpgxv5.New(pool), cfg)
}
