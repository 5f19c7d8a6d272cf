package recalc_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/recalc"
	"taxd/internal/store"
	"taxd/internal/testwait"
)

// The kill test runs real worker processes: this test binary, re-executed with these variables.
const (
	envWorkerDB     = "TAXD_RECALC_WORKER_DB"
	envWorkerPause  = "TAXD_RECALC_WORKER_PAUSE_AT" // phase at which the worker announces itself and hangs
	envWorkerMarker = "TAXD_RECALC_WORKER_MARKER"   // file it creates when it reaches that phase
	envWorkerFull   = "TAXD_RECALC_WORKER_FULL"     // "1": full runs only (no incremental ones)
)

// maybeRunWorkerProcess turns this process into a recalculation worker when asked to.
func maybeRunWorkerProcess() bool {
	url := os.Getenv(envWorkerDB)
	if url == "" {
		return false
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	ctx := context.Background()
	pool, err := store.Open(ctx, url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	pause, marker := os.Getenv(envWorkerPause), os.Getenv(envWorkerMarker)
	runner := &recalc.Runner{Pool: pool, Full: os.Getenv(envWorkerFull) == "1", BeforePhase: func(p recalc.Phase) {
		if string(p) == pause {
			_ = os.WriteFile(marker, []byte(p), 0o644)
			select {} // hang here until killed
		}
	}}
	workers := river.NewWorkers()
	river.AddWorker(workers, &recalc.Worker{Runner: runner})
	jobs.Track(workers, jobs.KindRecalc, recalc.Track)
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: 1, RescueAfter: 2 * time.Second, JobTimeout: time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	if err := jc.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	select {}
}

func startWorker(t *testing.T, url, pause, marker string, full bool) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envWorkerDB+"="+url, envWorkerPause+"="+pause, envWorkerMarker+"="+marker, envWorkerFull+"="+map[bool]string{true: "1"}[full])
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _, _ = cmd.Process.Wait() })
	return cmd
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	testwait.For(t, what, timeout, cond)
}

// Killing a worker with SIGKILL at any point of a run leaves the previous results readable and
// the ledger dirty; the job is then rescued and completed by the next worker process.
func TestKilledWorkerLeavesOldResultsAndJobCompletes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	// The killed run is incremental (the ledger changed after the last checkpoint) except in
	// "switch-full", a full run killed after its new result set was written on two connections
	// and committed, before the client switched to it.
	for _, name := range []string{string(recalc.PhaseLoad), string(recalc.PhaseCompute), "switch", "switch-full"} {
		phase, full := strings.CutSuffix(name, "-full")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			for i := 0; i < 200; i++ {
				b.trade(t, day(2024, 1, 1).Add(time.Duration(i)*time.Hour), "1", "100")
			}
			b.trade(t, day(2024, 3, 1), "-10", "1500") // +500
			if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
				t.Fatal(err)
			}
			var before uuid.UUID
			if err := b.pool.QueryRow(b.ctx, `SELECT current_result_set_id FROM clients WHERE id = $1`, b.client).Scan(&before); err != nil {
				t.Fatal(err)
			}
			b.trade(t, day(2024, 4, 1), "-10", "2000") // +1000 more, not yet calculated
			jc, err := jobs.New(b.pool, nil, jobs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := recalc.Request(b.ctx, b.pool, jc, b.client); err != nil {
				t.Fatal(err)
			}

			marker := filepath.Join(t.TempDir(), "reached")
			first := startWorker(t, b.url, phase, marker, full)
			waitFor(t, "the worker to reach "+phase, 60*time.Second, func() bool { _, err := os.Stat(marker); return err == nil })
			if err := first.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			_, _ = first.Process.Wait()

			if p := b.preview(t, 2024); !p.ShortTerm.Equal(decimal.RequireFromString("500")) || !p.IsStale {
				t.Fatalf("after the kill: short %s stale %v; want the previous 500, stale", p.ShortTerm, p.IsStale)
			}
			if b.dirty(t) != 1 {
				t.Fatalf("after the kill: dirty %d, want 1", b.dirty(t))
			}

			startWorker(t, b.url, "", "", full)
			waitFor(t, "the rescued job to complete", 120*time.Second, func() bool {
				j, err := recalc.Active(b.ctx, b.pool, b.client)
				return err == nil && j == nil
			})
			p := b.preview(t, 2024)
			if !p.ShortTerm.Equal(decimal.RequireFromString("1500")) || p.IsStale {
				t.Fatalf("after the retry: short %s stale %v; want 1500, settled", p.ShortTerm, p.IsStale)
			}
			// The job is done at the switch; the cleanup that drops the previous set and the killed
			// run's orphan follows it (outside the switch transaction, so readers never wait on it).
			waitFor(t, "the previous result sets to be dropped", 60*time.Second, func() bool {
				var sets int
				err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM tax_result_sets WHERE client_id = $1`, b.client).Scan(&sets)
				return err == nil && sets == 1
			})
			// an incremental run replaces results inside the current set, a full one switches sets
			var after uuid.UUID
			if err := b.pool.QueryRow(b.ctx, `SELECT current_result_set_id FROM clients WHERE id = $1`, b.client).Scan(&after); err != nil {
				t.Fatal(err)
			}
			if (after == before) == full {
				t.Fatalf("result set %s -> %s; want a full run: %v", before, after, full)
			}
		})
	}
}
