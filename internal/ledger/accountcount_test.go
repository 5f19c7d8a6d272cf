package ledger

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
)

// sentQueries is a pgx.QueryTracer that keeps the SQL and arguments of every query sent.
type sentQueries struct {
	mu   sync.Mutex
	sql  []string
	args [][]any
}

func (s *sentQueries) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sql, s.args = append(s.sql, d.SQL), append(s.args, d.Args)
	return ctx
}

func (*sentQueries) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TestAccountCountsReadTheIndex checks the per-account counts of live transactions against a
// count of the rows themselves (a sequential scan of transactions, soft-deleted ones left out),
// and pins the plan of the query that reads them: an index-only scan of the client's
// transactions by account, which carries whether each is deleted, so no transaction's row is
// visited once the table is vacuumed.
func TestAccountCountsReadTheIndex(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 3000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// each transaction on the account of its first transfer, some deleted, of more than one account
	if _, err := pool.Exec(ctx, `UPDATE transactions t SET account_id = (SELECT coalesce(tr.from_account_id, tr.to_account_id)
		FROM transfers tr WHERE tr.transaction_id = t.id ORDER BY tr.position LIMIT 1) WHERE t.client_id = $1`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE transactions SET deleted_at = now()
		WHERE id IN (SELECT id FROM transactions WHERE client_id = $1 AND account_id IS NOT NULL ORDER BY id LIMIT 40)`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE transactions`); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT account_id, count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL)
		FROM (SELECT * FROM transactions WHERE client_id = $1 AND account_id IS NOT NULL OFFSET 0) t GROUP BY account_id`, client)
	if err != nil {
		t.Fatal(err)
	}
	want, deleted := map[uuid.UUID]int64{}, int64(0)
	var ids []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		var live, gone int64
		if err := rows.Scan(&id, &live, &gone); err != nil {
			t.Fatal(err)
		}
		want[id], deleted = live, deleted+gone
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ids) < 2 || deleted != 40 {
		t.Fatalf("%d accounts, %d deleted transactions: the ledger does not test the count", len(ids), deleted)
	}
	ids = append(ids, uuid.New()) // an account with no transactions counts zero

	traced := &sentQueries{}
	cfg := pool.Config().Copy()
	cfg.ConnConfig.Tracer = traced
	tracedPool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer tracedPool.Close()
	got, err := New(tracedPool).AccountTransactionCounts(ctx, auth.JobScope(client, "test"), ids)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if got[id] != want[id] {
			t.Errorf("account %s: %d transactions, want %d", id, got[id], want[id])
		}
	}
	if len(traced.sql) != 1 {
		t.Fatalf("%d queries sent, want one", len(traced.sql))
	}
	// On a ledger this small a bitmap scan of all the client's rows prices below the index alone,
	// which at 1M rows it is not: it is priced out so the plan shows what the query allows.
	plan := pgtest.Explain(t, pool, `SET LOCAL enable_bitmapscan = off`, traced.sql[0], traced.args[0]...)
	if !strings.Contains(plan, "Index Only Scan using transactions_client_account_idx") {
		t.Errorf("the counts do not read the index alone:\n%s", plan)
	}
}
