package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"taxd/internal/bench"
	"taxd/internal/recalc"
	"taxd/internal/store"
)

// bench runs "taxd bench recalc": it writes a generated ledger for a new client and times a full
// recalculation, phase by phase.
func benchCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "recalc" {
		return errors.New("usage: taxd bench recalc [--transactions N] [--assets N] [--wallets N] [flags]")
	}
	var n, assets, wallets, runs int
	cfg, err := parseConfig("bench recalc", args[1:], stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&n, "transactions", 1_000_000, "transactions in the generated ledger")
		fs.IntVar(&assets, "assets", 50, "assets")
		fs.IntVar(&wallets, "wallets", 10, "wallets")
		fs.IntVar(&runs, "runs", 2, "recalculations to time (the first also replaces nothing; later ones replace a result set)")
	})
	if err != nil {
		return err
	}
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	if err := store.MigrateUp(ctx, pool, io.Discard); err != nil {
		return err
	}
	client, err := bench.SeedLedger(ctx, pool, n, assets, wallets, stdout)
	if err != nil {
		return err
	}
	defer func() {
		// The bench client is throwaway: drop it so local databases do not grow.
		_, _ = pool.Exec(context.Background(), `DELETE FROM clients WHERE id = $1`, client)
	}()
	r := &recalc.Runner{Pool: pool}
	for i := 1; i <= runs; i++ {
		tm, err := r.Run(ctx, client)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "run %d: %d transactions, %d transfers: load %s, compute %s, store %s (results switched: %s); then cleanup of the previous results %s\n",
			i, tm.Transactions, tm.Transfers, tm.Load.Round(time.Millisecond), tm.Compute.Round(time.Millisecond), tm.Store.Round(time.Millisecond),
			(tm.Load + tm.Compute + tm.Store).Round(time.Millisecond), tm.Cleanup.Round(time.Millisecond))
	}
	return nil
}
