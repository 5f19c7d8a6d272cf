package ledger

import (
	"context"
	"io"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// planLedger is the ledger the plan tests read: a new client with n generated transactions of six
// assets over three wallets, beforeRun's statements run, recalculated, afterRun's statements run,
// and the tables analyzed so that the planner prices them as they are. Each statement takes the
// client as $1.
type planLedger struct {
	n                   int
	beforeRun, afterRun []string
}

func (p planLedger) seed(t *testing.T, pool *pgxpool.Pool) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	client, err := bench.SeedLedger(ctx, pool, p.n, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.beforeRun {
		testfactory.Exec(t, pool, s, client)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	for _, s := range p.afterRun {
		testfactory.Exec(t, pool, s, client)
	}
	testfactory.Exec(t, pool, `ANALYZE`)
	return client
}

// latestTransactions is the client's n latest transactions (the ones a plan test marks dirty).
func latestTransactions(t *testing.T, pool *pgxpool.Pool, client uuid.UUID, n int) []uuid.UUID {
	t.Helper()
	var ids []uuid.UUID
	if err := pool.QueryRow(context.Background(), `SELECT ARRAY(SELECT id FROM transactions WHERE client_id = $1 ORDER BY occurred_at DESC LIMIT $2)`, client, n).Scan(&ids); err != nil {
		t.Fatal(err)
	}
	return ids
}
