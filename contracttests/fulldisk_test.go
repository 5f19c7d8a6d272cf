package contracttests

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"taxd/internal/pgcluster"
	"taxd/internal/testwait"
)

// TestFullDisk fills the disk under a running server's Postgres and report bucket, then frees it:
// while it is full, requests that read still answer, writes get 503 with Retry-After (never a
// 500), and once space is back the same server works again. It needs a small file system of its
// own, which only the operator can provide (docs/operations.md, "Full disk"):
//
//	mkdir -p /tmp/taxd-disk && mount -t tmpfs -o size=160m tmpfs /tmp/taxd-disk
//	TAXD_FULL_DISK_DIR=/tmp/taxd-disk go test -run TestFullDisk -v ./contracttests/
func TestFullDisk(t *testing.T) {
	root := os.Getenv("TAXD_FULL_DISK_DIR")
	if root == "" {
		t.Skip("set TAXD_FULL_DISK_DIR to an empty, small file system of its own (see the comment)")
	}
	c := ctx()
	// The server's log says what a 500 was (the test runs alone: it may take the default logger).
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&syncWriter{w: &logs}, &slog.HandlerOptions{Level: slog.LevelError})))
	t.Cleanup(func() {
		slog.SetDefault(prev)
		if t.Failed() {
			t.Logf("server errors:\n%s", logs.String())
		}
	})
	dir, err := os.MkdirTemp(root, "run-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	pgLogs, err := os.MkdirTemp("", "taxd-disk-log-") // Postgres's log, off the full disk
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(pgLogs) })
	_ = os.Chmod(pgLogs, 0o777) // written by the postgres OS user when the test runs as root
	// The report and upload bucket is on the same disk.
	e, pg := newEnvOnOwnPostgres(t, pgcluster.Options{Dir: filepath.Join(dir, "pg"), Port: 5432, Fast: true,
		LogFile: filepath.Join(pgLogs, "postgres.log")}, filepath.Join(dir, "data"))
	pool := e.pool
	pair := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret}
	n := 0
	write := func() (int, []byte) {
		n++
		status, _, b := sendFrom(t, http.DefaultClient, http.MethodPost, e.url+"/api/users", []byte(fmt.Sprintf(`{"userId":"disk-%d"}`, n)), pair)
		return status, b
	}
	read := func() (int, []byte) {
		status, _, b := sendFrom(t, http.DefaultClient, http.MethodGet, e.url+"/api/users/user-123/user", nil, pair)
		return status, b
	}
	if status, b := write(); status != http.StatusCreated {
		t.Fatalf("a write before the disk fills: %d %s", status, b)
	}

	// Fill the disk: one file of everything that is left.
	filler := filepath.Join(root, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte{0}, 1<<20)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	_ = f.Close()
	t.Cleanup(func() { _ = os.Remove(filler) })

	// Writes go on until one needs a new page (or WAL segment) and fails; then some more of each.
	counts := map[string]int{}
	failedAt := 0
	for i := 0; i < 3000 && (failedAt == 0 || i < failedAt+20); i++ {
		status, b := write()
		counts[fmt.Sprintf("write %d", status)]++
		if status >= 500 && status != http.StatusServiceUnavailable {
			t.Errorf("write %d while the disk is full: %d %s", i, status, b)
		}
		if status == http.StatusServiceUnavailable && failedAt == 0 {
			failedAt = i
			fmt.Printf("full disk: write %d: %d %s", i, status, b)
		}
		if failedAt == 0 {
			continue
		}
		status, b = read()
		counts[fmt.Sprintf("read %d", status)]++
		if status >= 500 && status != http.StatusServiceUnavailable {
			t.Errorf("read %d while the disk is full: %d %s", i, status, b)
		}
	}
	if failedAt == 0 {
		t.Fatal("3000 writes on a full disk all succeeded")
	}
	fmt.Printf("full disk: %v\n", counts)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	freed := time.Now()
	testwait.For(t, "a write to succeed after the disk was freed", 60*time.Second, func() bool {
		status, b := write()
		if status != http.StatusCreated && status != http.StatusServiceUnavailable {
			t.Fatalf("%s after the disk was freed: %d %s", time.Since(freed), status, b)
		}
		return status == http.StatusCreated
	})
	fmt.Printf("full disk: writes succeed again %s after space was freed\n", time.Since(freed).Round(time.Millisecond))
	if status, b := read(); status != http.StatusOK {
		t.Errorf("a read after the disk was freed: %d %s", status, b)
	}

	// Worse: the disk fills while Postgres needs a new WAL segment. It stops (PANIC) and restarts
	// itself; clients get 503 until its recovery succeeds, which needs space again.
	f, err = os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	_ = f.Close()
	// Clients keep writing and reading while it happens.
	stop, done := make(chan struct{}), make(chan map[string]int)
	var calls atomic.Int64
	go func() {
		during := map[string]int{}
		for i := 0; ; i++ {
			select {
			case <-stop:
				done <- during
				return
			default:
			}
			calls.Add(1)
			status, b := write()
			during[fmt.Sprintf("write %d", status)]++
			if status >= 500 && status != http.StatusServiceUnavailable {
				t.Errorf("write while the WAL fills: %d %s", status, b)
			}
			status, b = read()
			during[fmt.Sprintf("read %d", status)]++
			if status >= 500 && status != http.StatusServiceUnavailable {
				t.Errorf("read while the WAL fills: %d %s", status, b)
			}
		}
	}()
	var walErr error
	for i := 0; i < 100 && walErr == nil; i++ { // WAL records only: no table grows
		_, walErr = pool.Exec(c, `SELECT pg_logical_emit_message(false, 'taxd-full-disk-test', repeat('x', 4000000))`)
	}
	// The clients go on through Postgres's restart: wait for ten more of their calls.
	afterWAL := calls.Load()
	testwait.For(t, "clients to call through the WAL failure", 60*time.Second, func() bool { return calls.Load() >= afterWAL+10 })
	close(stop)
	fmt.Printf("full disk: writing WAL on the full disk: %v; clients meanwhile: %v\n", walErr, <-done)
	counts = map[string]int{}
	pace := time.NewTicker(100 * time.Millisecond) // twenty calls spread over Postgres's restart attempts
	defer pace.Stop()
	for range 20 {
		<-pace.C
		status, _ := write()
		counts[fmt.Sprintf("write %d", status)]++
		if status >= 500 && status != http.StatusServiceUnavailable {
			t.Errorf("write while the WAL cannot grow: %d", status)
		}
		status, _ = read()
		counts[fmt.Sprintf("read %d", status)]++
		if status >= 500 && status != http.StatusServiceUnavailable {
			t.Errorf("read while the WAL cannot grow: %d", status)
		}
	}
	fmt.Printf("full disk: while the WAL cannot grow: %v\n", counts)
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	freed = time.Now()
	testwait.For(t, "a write to succeed after the WAL could grow again", 120*time.Second, func() bool {
		status, b := write()
		if status == http.StatusCreated {
			return true
		}
		if status != http.StatusServiceUnavailable || time.Since(freed) > 10*time.Second {
			// Postgres gave up restarting (its recovery found no space): the operator starts it.
			fmt.Printf("full disk: %s after the space was freed: %d %s\n", time.Since(freed), status, b)
			pg.start(t)
			fmt.Printf("full disk: Postgres started again by hand\n")
			freed = time.Now()
		}
		return false
	})
	fmt.Printf("full disk: writes succeed again %s after the WAL could grow again\n", time.Since(freed).Round(time.Millisecond))
	if out, err := os.ReadFile(pg.opts.LogFile); err == nil {
		for _, l := range strings.Split(string(out), "\n") {
			if strings.Contains(l, "PANIC") || strings.Contains(l, "LOG:  database system") || strings.Contains(l, "terminated") || strings.Contains(l, "shutting down") {
				fmt.Println("postgres:", l)
			}
		}
	}
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
