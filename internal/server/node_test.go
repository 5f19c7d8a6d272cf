package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"taxd/internal/config"
	"taxd/internal/pgtest"
	"taxd/internal/server"
)

// The worker node of the scale-out test is this test binary, re-executed with these variables:
// it then runs server.Work, the code of `taxd worker`.
const (
	envWorkerDB   = "TAXD_TEST_WORKER_NODE_DB"
	envWorkerData = "TAXD_TEST_WORKER_NODE_DATA"
)

func maybeRunWorkerNode() bool {
	url := os.Getenv(envWorkerDB)
	if url == "" {
		return false
	}
	cfg := &config.Config{}
	fs := flag.NewFlagSet("worker", flag.ExitOnError)
	cfg.Register(fs)
	_ = fs.Parse([]string{"--database-url", url, "--data-dir", os.Getenv(envWorkerData), "--offline", "--workers", "1"})
	if err := cfg.Finish(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer cancel()
	if err := server.Work(ctx, cfg, io.Discard); err != nil {
		fmt.Fprintln(os.Stderr, "worker node:", err)
		os.Exit(3)
	}
	return true
}

// demo is the demo partner that an API node in development seeds into its data folder.
type demo struct {
	ClientID, APISecret string
	ReferenceID         string `json:"referenceId"`
}

// N API nodes + M workers on one Postgres: an API-only node (--workers 0, the code of `taxd
// serve`) queues recalculations that nobody works until a separate worker process (`taxd
// worker`) starts; then refresh -> poll reaches "no active job", twice in a row.
func TestAPINodeAndWorkerProcessCompleteRecalculations(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a worker process")
	}
	t.Parallel()
	url := pgtest.URL(t)
	cfg := testConfig(t, url, "--workers", "0", "--listen", "127.0.0.1:0")
	ctx, stop := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	served := make(chan error, 1)
	writes := &countedWriter{w: pw}
	go func() { served <- server.Serve(ctx, cfg, writes); _ = pw.Close() }()
	t.Cleanup(func() {
		stop()
		select {
		case err := <-served:
			if err != nil {
				t.Errorf("API node: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("the API node did not stop")
		}
	})
	base := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "taxd is listening on "); ok {
				base <- strings.Fields(rest)[0]
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	var api string
	select {
	case api = <-base:
	case err := <-served:
		t.Fatalf("the API node stopped: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("the API node did not start")
	}
	// The banner, the demo partner's credentials included, reached the terminal in one write, so
	// no log line can land inside it.
	if first := writes.first(); writes.count() != 1 || !strings.Contains(first, "x-api-secret") || !strings.Contains(first, "taxd is listening on") {
		t.Errorf("the banner came in %d writes; the first: %q", writes.count(), first)
	}
	raw, err := os.ReadFile(filepath.Join(cfg.DataDir, "demo-credentials.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d demo
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	call := func(method, path string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(method, api+"/api/users/"+d.ReferenceID+path, nil)
		req.Header.Set("x-client-id", d.ClientID)
		req.Header.Set("x-api-secret", d.APISecret)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body map[string]any
		if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
			t.Fatalf("%s %s: %d %v %v", method, path, res.StatusCode, body, err)
		}
		return body
	}

	job := call("POST", "/refresh")["data"].(map[string]any)
	// An API-only node starts no River producer: no queue registered, no leader elected, so nothing
	// can work the job (this is checked, not waited for).
	var producers int
	if err := pgtest.PoolFor(t, url).QueryRow(context.Background(),
		`SELECT (SELECT count(*) FROM river_queue) + (SELECT count(*) FROM river_leader)`).Scan(&producers); err != nil || producers != 0 {
		t.Fatalf("an API-only node registered %d River queues or leaders (%v)", producers, err)
	}
	active := call("GET", "/active-recalculate-job")["data"]
	if a, ok := active.(map[string]any); !ok || a["id"] != job["id"] || a["status"] != "queued" {
		t.Fatalf("with no worker the job should wait: active %v, requested %v", active, job)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envWorkerDB+"="+url, envWorkerData+"="+t.TempDir())
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Signal(syscall.SIGTERM); _, _ = cmd.Process.Wait() })

	for round := 1; round <= 2; round++ {
		if round > 1 {
			job = call("POST", "/refresh")["data"].(map[string]any)
		}
		waitUntil(t, fmt.Sprintf("round %d to settle", round), 60*time.Second, func() bool {
			return call("GET", "/active-recalculate-job")["data"] == nil
		})
		var status string
		pool := pgtest.PoolFor(t, url)
		if err := pool.QueryRow(context.Background(), `SELECT status FROM recalc_jobs WHERE id = $1`, job["id"]).Scan(&status); err != nil || status != "completed" {
			t.Fatalf("round %d: job %v is %s (%v), want completed", round, job["id"], status, err)
		}
	}
}

// countedWriter counts the writes made through it and keeps the first.
type countedWriter struct {
	mu sync.Mutex
	w  io.Writer
	n  int
	b  string
}

func (c *countedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.n++
	if c.n == 1 {
		c.b = string(p)
	}
	c.mu.Unlock()
	return c.w.Write(p)
}

func (c *countedWriter) count() int    { c.mu.Lock(); defer c.mu.Unlock(); return c.n }
func (c *countedWriter) first() string { c.mu.Lock(); defer c.mu.Unlock(); return c.b }
