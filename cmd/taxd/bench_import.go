package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	benchgen "taxd/internal/bench"
	"taxd/internal/config"
	"taxd/internal/fileimport"
	"taxd/internal/recalc"
)

// benchImport runs "taxd bench import": it generates a generic CSV (internal/bench; with
// --tx-hashes, a hash on every row), imports it into a new client, imports it again (nothing new),
// and recalculates the client, printing wall time, rows/s and the process's peak RSS.
func benchImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var rows int
	var file string
	var skipRecalc, txHashes bool
	var cpuProfile string
	cfg, err := parseConfig("bench import", config.RoleServe, args, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&rows, "rows", 1_000_000, "rows in the generated generic CSV")
		fs.StringVar(&file, "file", "", "CSV file to write (and keep); default: a temporary file")
		fs.BoolVar(&skipRecalc, "no-recalc", false, "skip the recalculation after the imports")
		fs.BoolVar(&txHashes, "tx-hashes", false, "give every generated row a distinct 66-character 0x transaction hash, as wallet and explorer exports have")
		fs.StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the first import to this file (go tool pprof)")
	})
	if err != nil {
		return err
	}
	if file == "" {
		dir, err := os.MkdirTemp("", "taxd-bench-import")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		file = filepath.Join(dir, "generic.csv")
	}
	start := time.Now()
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := benchgen.GenericCSV(f, rows, 42, txHashes); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	st, err := os.Stat(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "generated %d rows (%.1f MB) in %s\n", rows, float64(st.Size())/1e6, time.Since(start).Round(time.Millisecond))

	pool, closeDB, err := openMigratedDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	client := uuid.Must(uuid.NewV7())
	if _, err := pool.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'bench import')`, client); err != nil {
		return err
	}
	defer func() {
		// The bench client is throwaway: drop it so local databases do not grow (this failed on
		// the assets' foreign key before migration 00017, and every run leaked its rows).
		_, _ = pool.Exec(context.Background(), `DELETE FROM clients WHERE id = $1`, client)
	}()
	var account *uuid.UUID
	for _, run := range []string{"import", "re-import"} {
		in, err := os.Open(file)
		if err != nil {
			return err
		}
		stopProfile := func() {}
		if cpuProfile != "" && run == "import" {
			if stopProfile, err = startCPUProfile(cpuProfile); err != nil {
				return err
			}
		}
		var readTime, writeTime time.Duration
		cpuBefore, pgBefore := selfCPU(), localPostgresCPU(cfg.DatabaseURL, cfg.DataDir)
		start := time.Now()
		res, err := fileimport.Import(ctx, pool, fileimport.Request{ClientID: client, AccountID: account, Name: "bench.csv",
			Format: "generic", File: in, Size: st.Size(), Actor: "cli:bench", Progress: func(p fileimport.Progress) {
				switch p.Phase {
				case fileimport.PhaseRead:
					readTime = p.PhaseTime
				case fileimport.PhaseDone:
					writeTime = p.PhaseTime
				}
			}})
		in.Close()
		stopProfile()
		if err != nil {
			return fmt.Errorf("%s: %w", run, err)
		}
		wall := time.Since(start)
		account = &res.AccountID
		// The importer writes a chunk while the next is read: the read phase includes the writes of
		// the chunks before the last, and the rest is what is left to write after the last row.
		fmt.Fprintf(stdout, "%s: %d rows, %d new, in %s (%.0f rows/s: read (parse+validate+stage, earlier chunks written meanwhile) %s, rest of the write %s); peak RSS so far %d MB; CPU: taxd %s, postgres %s\n",
			run, res.Rows, res.Added, wall.Round(time.Millisecond), float64(res.Rows)/wall.Seconds(),
			readTime.Round(time.Millisecond), writeTime.Round(time.Millisecond), peakRSSMB(),
			(selfCPU() - cpuBefore).Round(time.Millisecond), cpuString(localPostgresCPU(cfg.DatabaseURL, cfg.DataDir)-pgBefore))
	}
	if skipRecalc {
		return nil
	}
	tm, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "bench"))
	if err != nil {
		return fmt.Errorf("recalculation: %w", err)
	}
	fmt.Fprintf(stdout, "recalculation: %d transactions, %d transfers in %s (load %s, compute %s, store %s)\n",
		tm.Transactions, tm.Transfers, (tm.Load + tm.Compute + tm.Store).Round(time.Millisecond),
		tm.Load.Round(time.Millisecond), tm.Compute.Round(time.Millisecond), tm.Store.Round(time.Millisecond))
	return nil
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// selfCPU is this process's user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// localPostgresCPU is the CPU time of the local cluster's live server processes (the import's
// backend among them): on a shared machine it says what the import would take alone. -1 when
// the database is not the local cluster.
func localPostgresCPU(databaseURL, dataDir string) time.Duration {
	if databaseURL != "" {
		return -1
	}
	raw, err := os.ReadFile(filepath.Join(dataDir, "postgres", "postmaster.pid"))
	if err != nil {
		return -1
	}
	pid, _, _ := strings.Cut(string(raw), "\n")
	children, err := os.ReadFile(filepath.Join("/proc", pid, "task", pid, "children"))
	if err != nil {
		return -1
	}
	var total time.Duration
	for _, c := range strings.Fields(string(children)) {
		stat, err := os.ReadFile(filepath.Join("/proc", c, "stat"))
		if err != nil {
			continue // ended meanwhile
		}
		s := string(stat)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 13 {
			continue
		}
		utime, _ := strconv.Atoi(f[11])
		stime, _ := strconv.Atoi(f[12])
		total += time.Duration(utime+stime) * time.Second / 100 // USER_HZ
	}
	return total
}

func cpuString(d time.Duration) string {
	if d < 0 {
		return "n/a"
	}
	return d.Round(10 * time.Millisecond).String()
}

// peakRSSMB is this process's peak resident set size (Linux reports ru_maxrss in KiB).
func peakRSSMB() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Maxrss / 1024
}
