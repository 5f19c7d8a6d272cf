package ledger

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// TestReviewReadsUseKeptSets pins the plans of the review reads on a generated ledger with a few
// unlabeled and spam-only transactions, sequential scans priced out: every insight's query (as the
// insights send it: a capped count and its first ids) tests spam against the hashed set of
// spam-only transactions, never the transactions' transfers one by one; the unlabeled insight reads
// transactions_unlabeled_idx in time order, not the ledger; the suggested pairs are looked for
// once; the summary's unlabeled count hashes the set too; and the per-account counts read
// account_transaction_counts, not the transactions.
func TestReviewReadsUseKeptSets(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 3000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// everything labelled but a few; one asset spam, and a few transactions moving only it
	if _, err := pool.Exec(ctx, `UPDATE transactions SET label = CASE WHEN ordinal % 97 = 1 THEN NULL ELSE 'buy' END WHERE client_id = $1`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE assets SET is_spam = true WHERE id = (SELECT asset_id FROM transfers WHERE client_id = $1 GROUP BY 1 ORDER BY count(*) LIMIT 1)`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	var spamOnly int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM spam_only_transactions WHERE client_id = $1`, client).Scan(&spamOnly); err != nil || spamOnly == 0 {
		t.Fatalf("%d spam-only transactions (%v): the plans would say little", spamOnly, err)
	}
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{PatternUncoveredDisposals, PatternMissingBasis, PatternNegativeBalance, PatternUnlabeled, NeedsReviewPattern, PatternPossibleInternal} {
		t.Run(p, func(t *testing.T) {
			q, args, err := PatternTransactionsSQL(client, st.ResultSetID, p)
			if err != nil {
				t.Fatal(err)
			}
			plan := pgtest.Explain(t, pool, "", fmt.Sprintf(`WITH m AS MATERIALIZED (%s LIMIT 10001)
				SELECT (SELECT count(*) FROM m), ARRAY(SELECT m.id FROM m ORDER BY m.occurred_at, m.id LIMIT 100)`, q), args...)
			if !strings.Contains(plan, "NOT (hashed SubPlan") || strings.Contains(plan, "transfers st") {
				t.Errorf("the spam test is not one hashed set:\n%s", plan)
			}
			if strings.Contains(plan, "Seq Scan on transactions") || strings.Contains(plan, "Seq Scan on transfers") {
				t.Errorf("the insight scans sequentially:\n%s", plan)
			}
			switch p {
			case PatternUnlabeled:
				if !strings.Contains(plan, "transactions_unlabeled_idx") {
					t.Errorf("the unlabeled insight does not read transactions_unlabeled_idx:\n%s", plan)
				}
			case PatternPossibleInternal:
				if n := strings.Count(plan, "Subquery Scan on t0"); n != 1 { // the candidate senders
					t.Errorf("the suggested pairs are looked for %d times, want once:\n%s", n, plan)
				}
			}
		})
	}
	t.Run("summary", func(t *testing.T) {
		f := TxFilter{}
		where, err := l.where(ctx, client, st, f)
		if err != nil {
			t.Fatal(err)
		}
		q, args, err := ledgerSummaryQuery(client, st, where, sq.Expr("0"))
		if err != nil {
			t.Fatal(err)
		}
		plan := pgtest.Explain(t, pool, "", q, args...)
		if !strings.Contains(plan, "hashed SubPlan") || strings.Contains(plan, "transfers st") {
			t.Errorf("the unlabeled count's spam test is not one hashed set:\n%s", plan)
		}
	})
	t.Run("account counts", func(t *testing.T) {
		plan := pgtest.ExplainSent(t, pool, "", func(r *pgtest.Recorder) error {
			_, err := db.New(r).CountAccountTransactions(ctx, db.CountAccountTransactionsParams{ClientID: client, Ids: []uuid.UUID{uuid.New()}})
			return err
		})
		if !strings.Contains(plan, "account_transaction_counts") || strings.Contains(plan, " on transactions") {
			t.Errorf("the account counts do not read account_transaction_counts alone:\n%s", plan)
		}
	})
}
