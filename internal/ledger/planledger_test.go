package ledger

import (
	"context"
	"io"
	"testing"
	"time"

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

// busiestAsset is the asset with the most transfers of the client, and the times of its first and
// last transactions (the span a plan test takes a year from).
func busiestAsset(t *testing.T, pool *pgxpool.Pool, client uuid.UUID) (asset uuid.UUID, first, last time.Time) {
	t.Helper()
	if err := pool.QueryRow(context.Background(), `SELECT (SELECT asset_id FROM transfers WHERE client_id = $1 GROUP BY asset_id ORDER BY count(*) DESC LIMIT 1),
		min(occurred_at), max(occurred_at) FROM transactions WHERE client_id = $1`, client).Scan(&asset, &first, &last); err != nil {
		t.Fatal(err)
	}
	return asset, first, last
}
