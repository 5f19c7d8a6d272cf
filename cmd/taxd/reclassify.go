package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/prices"
	"taxd/internal/server"
	"taxd/internal/store"
	"taxd/internal/syncs"
)

// reclassify runs "taxd reclassify --client ID | --all [--queue]": the classification rules again
// over the stored chain data of a client's wallets (or of every client with a wallet), without
// asking the chains; transactions a person edited are left alone and the rewritten ones are marked
// dirty (the next recalculation, or `rerunGraph`, brings the figures up to date). With --queue it
// queues one reclassify job per client for the worker nodes instead (each asks for its client's
// recalculation when it changed something).
func reclassify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var clientArg string
	var all, queue bool
	cfg, err := parseConfig("reclassify", config.RoleWorker, args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&clientArg, "client", "", "client id")
		fs.BoolVar(&all, "all", false, "every client with a wallet account")
		fs.BoolVar(&queue, "queue", false, "queue a reclassify job per client for the workers instead of running here")
	})
	if err != nil {
		return err
	}
	if (clientArg == "") == !all {
		return errors.New("usage: taxd reclassify --client ID | --all [--queue] [flags]")
	}
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	q := db.New(pool)
	var clients []uuid.UUID
	if all {
		if clients, err = q.ListClientsWithWallets(ctx); err != nil {
			return err
		}
	} else {
		id, err := uuid.Parse(clientArg)
		if err != nil {
			return errors.New("--client must be a client id (UUID)")
		}
		if _, err := q.GetClient(ctx, id); err != nil {
			return store.Err(err, "client")
		}
		clients = []uuid.UUID{id}
	}
	if queue {
		jc, err := jobs.New(pool, nil, jobs.Options{})
		if err != nil {
			return err
		}
		for _, id := range clients {
			if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return syncs.RequestReclassifyTx(ctx, tx, jc, id) }); err != nil {
				return fmt.Errorf("client %s: %w", id, err)
			}
			fmt.Fprintf(stdout, "client %s: reclassify job queued\n", id)
		}
		return nil
	}
	r := server.Reclassifier(pool, nil, nil)
	if !cfg.Offline {
		src := prices.NewSource(prices.NewClient(prices.Config{BaseURL: cfg.CoinGeckoURL, APIKey: cfg.CoinGeckoAPIKey}), prices.NewPGCache(pool))
		r = server.Reclassifier(pool, src.USD, func(cur string) ledger.PriceFunc { return src.In(cur) })
	}
	for _, id := range clients {
		res, err := r.Client(ctx, auth.JobWriteScope(id, "cli:reclassify"))
		if err != nil {
			return fmt.Errorf("client %s: %w", id, err)
		}
		fmt.Fprintf(stdout, "client %s: %d rewritten, %d added, %d unchanged, %d left as edited, %d bridges linked\n",
			id, res.Replaced, res.Added, res.Unchanged, res.Kept, res.Linked)
	}
	return nil
}
