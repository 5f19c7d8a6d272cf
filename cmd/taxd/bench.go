package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/config"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

const benchUsage = `usage:
  taxd bench recalc [--transactions N] [--assets N] [--wallets N] [--runs N] [--edits N] [flags]
  taxd bench ledger --shape trades|mixed [--transactions N] [--output FILE]
  taxd bench compute [--runs N] [--label L] -- COMMAND ARGS...
  taxd bench rest [--duration D] [--rounds N] [--taxd-port P] [--bare-port P] [flags]`

// benchCmd runs "taxd bench recalc" (a generated ledger for a new client: full recalculations, then
// an incremental one after edits in the last 1% of history, phase by phase) and "taxd bench ledger"
// (the CSV ledgers `make bench` times `taxd compute` on).
func benchCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New(benchUsage)
	}
	switch args[0] {
	case "recalc":
		return benchRecalc(ctx, args[1:], stdout, stderr)
	case "ledger":
		return benchLedger(args[1:], stdout, stderr)
	case "rest":
		return benchREST(ctx, args[1:], stdout, stderr)
	case "compute":
		return benchCompute(args[1:], stdout, stderr)
	}
	return errors.New(benchUsage)
}

func benchLedger(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench ledger", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shape := fs.String("shape", "trades", "trades: buys and sells of one asset in one account; mixed: the taxgen ledger (50 assets, 10 wallets)")
	n := fs.Int("transactions", 20_000, "transactions (rows for trades)")
	output := fs.String("output", "-", "output file (- for standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := stdout
	if *output != "-" {
		f, err := os.Create(*output)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	switch *shape {
	case "trades":
		return bench.WriteTradesCSV(w, *n)
	case "mixed":
		return bench.WriteMixedCSV(w, *n)
	}
	return fmt.Errorf("unknown shape %q (want trades or mixed)", *shape)
}

func benchRecalc(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var n, assets, wallets, runs, edits int
	var keep bool
	var cpuProfile string
	cfg, err := parseConfig("bench recalc", config.RoleServe, args, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&n, "transactions", 1_000_000, "transactions in the generated ledger")
		fs.IntVar(&assets, "assets", 50, "assets")
		fs.IntVar(&wallets, "wallets", 10, "wallets")
		fs.IntVar(&runs, "runs", 2, "full recalculations to time (the first also replaces nothing; later ones replace a result set)")
		fs.IntVar(&edits, "edits", 20, "transactions edited in the last 1% of history before the incremental run (0: none)")
		fs.BoolVar(&keep, "keep-ledger", false, "reuse a ledger of this size kept by an earlier run (seed one if none) and keep it afterwards: quicker A/B runs")
		fs.StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the runs to this file (go tool pprof)")
	})
	if err != nil {
		return err
	}
	pool, closeDB, err := openMigratedDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	keptName := fmt.Sprintf("bench kept %d/%d/%d", n, assets, wallets)
	var client uuid.UUID
	if keep {
		err := pool.QueryRow(ctx, `SELECT id FROM clients WHERE name = $1 LIMIT 1`, keptName).Scan(&client)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
	}
	if client == uuid.Nil {
		if client, err = bench.SeedLedger(ctx, pool, n, assets, wallets, stdout); err != nil {
			return err
		}
		if os.Getenv("TAXD_BENCH_SETTLE") != "0" {
			if err := settleSeed(ctx, pool, stdout); err != nil {
				return err
			}
		}
	}
	if keep {
		if _, err := pool.Exec(ctx, `UPDATE clients SET name = $2 WHERE id = $1`, client, keptName); err != nil {
			return err
		}
	} else {
		defer func() {
			// The bench client is throwaway: drop it so local databases do not grow (and the next
			// run can seed the same generated ids). Its transactions go first: deleting the client
			// alone trips transfers_asset_id_fkey.
			_, err := pool.Exec(context.Background(), `DELETE FROM transactions WHERE client_id = $1`, client)
			if err == nil {
				_, err = pool.Exec(context.Background(), `DELETE FROM clients WHERE id = $1`, client)
			}
			if err != nil {
				fmt.Fprintf(stderr, "dropping the bench client: %v\n", err)
			}
		}()
	}
	if cpuProfile != "" {
		stop, err := startCPUProfile(cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	// CPU time per phase (taxd, and the local cluster's processes: the run's connections and
	// whatever else the cluster does meanwhile, autovacuum included) says what a run costs on a
	// shared machine, where wall-clock time is inflated.
	type cpuMark struct {
		phase    recalc.Phase
		taxd, pg time.Duration
	}
	var marks []cpuMark
	mark := func(p recalc.Phase) {
		marks = append(marks, cpuMark{p, selfCPU(), localPostgresCPU(cfg.DatabaseURL, cfg.DataDir)})
	}
	// A backend of a server on this machine: each store writer's Postgres CPU time, whoever else
	// shares the server.
	backendCPU := func(pid uint32) (time.Duration, bool) {
		_, err := os.Stat(fmt.Sprintf("/proc/%d/stat", pid))
		return processCPU(int(pid)), err == nil
	}
	r := &recalc.Runner{Pool: pool, BeforePhase: mark, BackendCPU: backendCPU}
	report := func(name string, tm recalc.Timings) {
		fmt.Fprintf(stdout, "%s: %d transactions, %d transfers: load %s, compute %s, store %s (results switched: %s); then cleanup of the previous results %s\n",
			name, tm.Transactions, tm.Transfers, tm.Load.Round(time.Millisecond), tm.Compute.Round(time.Millisecond), tm.Store.Round(time.Millisecond),
			(tm.Load + tm.Compute + tm.Store).Round(time.Millisecond), tm.Cleanup.Round(time.Millisecond))
		mark("end")
		if !tm.Incremental {
			fmt.Fprintln(stdout, storeWriters(tm))
		}
		if marks[0].pg < 0 {
			return // not the local cluster
		}
		line := "  cpu (taxd + postgres):"
		for i := 0; i+1 < len(marks); i++ {
			if marks[i].phase == "switch" {
				continue // inside store
			}
			next := marks[i+1]
			if next.phase == "switch" && i+2 < len(marks) {
				next = marks[i+2]
			}
			line += fmt.Sprintf(" %s %s + %s,", marks[i].phase, (next.taxd - marks[i].taxd).Round(time.Millisecond), (next.pg - marks[i].pg).Round(time.Millisecond))
		}
		fmt.Fprintln(stdout, strings.TrimSuffix(line, ","))
		marks = marks[:0]
	}
	for i := 1; i <= runs; i++ {
		marks = marks[:0]
		tm, err := r.RunWith(ctx, auth.JobWriteScope(client, "bench"), true)
		if err != nil {
			return err
		}
		report(fmt.Sprintf("run %d (full)", i), tm)
	}
	if edits == 0 || (runs == 0 && !keep) {
		return nil // (a kept ledger has results to resume from without a full run first)
	}
	edited, err := editTail(ctx, pool, client, edits, 0.01)
	if err != nil {
		return err
	}
	marks = marks[:0]
	tm, err := r.Run(ctx, auth.JobWriteScope(client, "bench"))
	if err != nil {
		return err
	}
	if !tm.Incremental {
		return errors.New("the run after the tail edits was not incremental")
	}
	report(fmt.Sprintf("incremental run after editing %d transactions in the last 1%% (from %s)", edited, tm.From.Format(time.DateOnly)), tm)
	return nil
}

// storeWriters says what each writer of a full run's store wrote and took (with its backend's CPU
// time when the server is on this machine), and the switch.
func storeWriters(tm recalc.Timings) string {
	line := "  store writers:"
	for i, w := range tm.Writers {
		line += fmt.Sprintf(" %d: %s", i+1, w.Took.Round(time.Millisecond))
		if w.BackendCPU > 0 {
			line += fmt.Sprintf(" (postgres cpu %s)", w.BackendCPU.Round(10*time.Millisecond))
		}
		for _, s := range w.Steps {
			line += fmt.Sprintf(" %s %s", s.Name, s.Took.Round(time.Millisecond))
			if s.Rows > 0 {
				line += fmt.Sprintf(" (%d rows", s.Rows)
				if s.Chunks > 1 {
					line += fmt.Sprintf(" in %d COPYs", s.Chunks)
				}
				line += ")"
			}
			line += ","
		}
		line = strings.TrimSuffix(line, ",") + ";"
	}
	if tm.Analyze > 0 {
		line += fmt.Sprintf(" statistics of the new set %s;", tm.Analyze.Round(time.Millisecond))
	}
	return line + fmt.Sprintf(" switch %s", tm.Switch.Round(time.Millisecond))
}

// editTail changes the fiat value of up to n transfers of transactions in the last share of the
// client's ledger (by position), through the ledger package as a user's edit would, and returns
// how many it changed.
func editTail(ctx context.Context, pool *pgxpool.Pool, client uuid.UUID, n int, share float64) (int, error) {
	var total int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM transactions WHERE client_id = $1 AND deleted_at IS NULL`, client).Scan(&total); err != nil {
		return 0, err
	}
	tail := max(int(float64(total)*share), 1)
	rows, err := pool.Query(ctx, `SELECT t.id, tr.id FROM (
			SELECT id, occurred_at, ordinal FROM transactions WHERE client_id = $1 AND deleted_at IS NULL
			ORDER BY occurred_at DESC, ordinal DESC, id DESC LIMIT $2) t
		JOIN transfers tr ON tr.transaction_id = t.id AND tr.position = 0 AND tr.fiat_value IS NOT NULL
		ORDER BY t.occurred_at DESC, t.ordinal DESC, t.id DESC`, client, tail)
	if err != nil {
		return 0, err
	}
	type pick struct{ tx, transfer uuid.UUID }
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pick, error) {
		var p pick
		return p, r.Scan(&p.tx, &p.transfer)
	})
	if err != nil {
		return 0, err
	}
	step := max(len(all)/max(n, 1), 1)
	done := 0
	err = ledger.New(pool).Update(ctx, auth.JobWriteScope(client, "bench"), ledger.Meta{Actor: "bench"}, func(e *ledger.Editor) error {
		for i := 0; i < len(all) && done < n; i += step {
			v := decimal.NewFromInt(int64(1000+i) + time.Now().Unix()%1000) // a new value each time: an unchanged one marks nothing
			if _, err := e.UpdateTransfer(all[i].tx, all[i].transfer, ledger.TransferPatch{FiatValue: &v}); err != nil {
				return err
			}
			done++
		}
		return nil
	})
	return done, err
}

// settleSeed brings a just-seeded ledger to the state of a server's database, where a checkpoint
// has passed since its ledger was written: until one does, the seed's ~4 GB of WAL cannot be
// recycled, and every WAL segment the first runs write is a new file filled with zeros first
// (runs 1 and 2 measured 9.3 s and 8.2 s unsettled, 7.7 s and 6.8 s after a checkpoint; a VACUUM as
// well gained nothing more). A recalculation right after an import, without that, is measured by
// `taxd bench import`. TAXD_BENCH_SETTLE=0 skips it.
func settleSeed(ctx context.Context, pool *pgxpool.Pool, stdout io.Writer) error {
	start := time.Now()
	if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
		return fmt.Errorf("settling the seeded ledger (CHECKPOINT needs pg_checkpoint; TAXD_BENCH_SETTLE=0 skips it): %w", err)
	}
	fmt.Fprintf(stdout, "settled them (CHECKPOINT) in %s\n", time.Since(start).Round(time.Millisecond))
	return nil
}
