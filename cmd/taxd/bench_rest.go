package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/config"
	"taxd/internal/partner"
	"taxd/internal/server"
	"taxd/internal/store"
)

// benchREST compares GET /api/users/{referenceId}/user on taxd with the same read on bin/taxd-bare
// (net/http + pgx, the same two queries, no middleware) on one database: wrk against each in
// turn, A B A B, then the ratio of their throughputs and their p99s. Both servers run as processes
// of their own, with taxd as `taxd serve --workers 0` (an API node).
func benchREST(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var port, barePort, threads, conns, rounds int
	var duration time.Duration
	var taxdBin string
	cfg, err := parseConfig("bench rest", config.RoleServe, args, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&port, "taxd-port", 18300, "port of the taxd server")
		fs.IntVar(&barePort, "bare-port", 18301, "port of the bare server")
		fs.IntVar(&threads, "threads", 2, "wrk threads")
		fs.IntVar(&conns, "connections", 32, "wrk connections")
		fs.IntVar(&rounds, "rounds", 2, "A B rounds")
		fs.DurationVar(&duration, "duration", 10*time.Second, "length of one wrk run")
		fs.StringVar(&taxdBin, "taxd-binary", "", "the taxd binary to serve (default: this one), e.g. an older build to compare")
	})
	if err != nil {
		return err
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		return errors.New("bench rest needs wrk (apt-get install wrk)")
	}
	url, stopDB, err := server.Database(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer stopDB()
	pool, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	if err := store.MigrateUp(ctx, pool, io.Discard); err != nil {
		pool.Close()
		return err
	}
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Bench Partner", PortalURL: "https://portal.example"})
	if err == nil {
		ref, email := "bench-user", "bench@example.com"
		_, err = db.New(pool).CreateClient(ctx, db.CreateClientParams{ID: uuid.Must(uuid.NewV7()), PartnerID: &p.ID, ReferenceID: &ref, Name: ref, Email: &email})
	}
	pool.Close()
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	logDir := filepath.Join(cfg.DataDir, "bench-rest")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return err
	}
	start := func(name string, port int, argv ...string) (*os.Process, func(), error) {
		log, err := os.Create(filepath.Join(logDir, name+".log"))
		if err != nil {
			return nil, nil, err
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Start(); err != nil {
			return nil, nil, err
		}
		stop := func() { _ = cmd.Process.Kill(); _ = cmd.Wait(); log.Close() }
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/api/users/x/user", port)); err == nil {
				resp.Body.Close()
				return cmd.Process, stop, nil
			}
		}
		stop()
		return nil, nil, fmt.Errorf("%s did not start (see %s)", name, log.Name())
	}
	if taxdBin == "" {
		taxdBin = self
	}
	taxdProc, stopTaxd, err := start("taxd", port, taxdBin, "serve", "--listen", fmt.Sprintf("127.0.0.1:%d", port), "--database-url", url,
		"--workers", "0", "--data-dir", logDir, "--offline")
	if err != nil {
		return err
	}
	defer stopTaxd()
	bareProc, stopBare, err := start("bare", barePort, filepath.Join(filepath.Dir(self), "taxd-bare"), "--listen", fmt.Sprintf("127.0.0.1:%d", barePort), "--database-url", url)
	if err != nil {
		return err
	}
	defer stopBare()

	fmt.Fprintf(stdout, "GET /api/users/{referenceId}/user, wrk -t%d -c%d -d%s, A B %d times (load: %s)\n", threads, conns, duration, rounds, loadAverage())
	var sums, cpu [2]float64
	var p99s [2][]float64
	for round := 0; round < rounds; round++ {
		for i, target := range []struct {
			name string
			port int
			proc *os.Process
		}{{"taxd", port, taxdProc}, {"bare", barePort, bareProc}} {
			cpu0 := processCPU(target.proc.Pid)
			rps, p99, errs, err := runWrk(threads, conns, duration, fmt.Sprintf("http://127.0.0.1:%d/api/users/bench-user/user", target.port), creds.ClientID, creds.APISecret)
			if err != nil {
				return err
			}
			perRequest := (processCPU(target.proc.Pid) - cpu0).Seconds() * 1e6 / (rps * duration.Seconds())
			sums[i] += rps
			cpu[i] += perRequest
			p99s[i] = append(p99s[i], p99)
			fmt.Fprintf(stdout, "  %-4s %9.0f req/s  p99 %6.2f ms  server CPU %4.0f us/request  non-2xx %d\n", target.name, rps, p99, perRequest, errs)
		}
	}
	worst := func(xs []float64) float64 {
		m := 0.0
		for _, x := range xs {
			m = max(m, x)
		}
		return m
	}
	fmt.Fprintf(stdout, "P5: taxd %.0f req/s, bare %.0f req/s: %.0f%% of bare (goal >= 80%%); p99 taxd %.2f ms, bare %.2f ms: %.2fx (goal <= 1.5x); server CPU per request taxd %.0f us, bare %.0f us; load after: %s\n",
		sums[0]/float64(rounds), sums[1]/float64(rounds), 100*sums[0]/sums[1], worst(p99s[0]), worst(p99s[1]), worst(p99s[0])/worst(p99s[1]),
		cpu[0]/float64(rounds), cpu[1]/float64(rounds), loadAverage())
	return nil
}

var (
	wrkRPS     = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkP99     = regexp.MustCompile(`\n\s+99%\s+([0-9.]+)(us|ms|s)\b`)
	wrkNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	latencyMul = map[string]float64{"us": 0.001, "ms": 1, "s": 1000}
)

// runWrk runs wrk once against url and returns its requests per second, p99 in milliseconds and
// count of non-2xx answers.
func runWrk(threads, conns int, d time.Duration, url, clientID, secret string) (rps, p99 float64, non2xx int, err error) {
	out, err := exec.Command("wrk", "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(conns), "-d"+d.String(), "--latency",
		"-H", "x-client-id: "+clientID, "-H", "x-api-secret: "+secret, url).CombinedOutput()
	if err != nil {
		return 0, 0, 0, fmt.Errorf("wrk: %v: %s", err, out)
	}
	m, l := wrkRPS.FindSubmatch(out), wrkP99.FindSubmatch(out)
	if m == nil || l == nil {
		return 0, 0, 0, fmt.Errorf("wrk: unexpected output: %s", out)
	}
	rps, _ = strconv.ParseFloat(string(m[1]), 64)
	p99, _ = strconv.ParseFloat(string(l[1]), 64)
	p99 *= latencyMul[string(l[2])]
	if n := wrkNon2xx.FindSubmatch(out); n != nil {
		non2xx, _ = strconv.Atoi(string(n[1]))
	}
	return rps, p99, non2xx, nil
}

// processCPU is the user and system CPU time process pid has used (Linux; 0 elsewhere).
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (which is in parentheses and may hold spaces): utime and
	// stime are the 12th and 13th, in clock ticks (100 a second on Linux).
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
