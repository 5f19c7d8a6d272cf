package ledger

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/tax"
)

// TestReviewReadsUseKeptSets pins the plans of the review reads on a generated ledger with a few
// unlabeled and spam-only transactions, sequential scans priced out: every insight's query (as the
// insights send it: a capped count and its first ids) tests spam against the hashed set of
// spam-only transactions, never the transactions' transfers one by one; the unlabeled insight reads
// transactions_unlabeled_idx in time order, not the ledger; the suggested pairs are looked for
// once; the patterns of result rows read their clean transactions from the rows (the flagged ones
// from the flag's index alone); the summary's unlabeled count hashes the set too; and the
// per-account counts read account_transaction_counts, not the transactions.
func TestReviewReadsUseKeptSets(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	// everything labelled but a few; one asset spam, and a few transactions moving only it
	client := planLedger{n: 3000, afterRun: []string{
		`UPDATE transactions SET label = CASE WHEN ordinal % 97 = 1 THEN NULL ELSE 'buy' END WHERE client_id = $1`,
		`UPDATE assets SET is_spam = true WHERE id = (SELECT asset_id FROM transfers WHERE client_id = $1 GROUP BY 1 ORDER BY count(*) LIMIT 1)`,
	}}.seed(t, pool)
	var spamOnly int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM spam_only_transactions WHERE client_id = $1`, client).Scan(&spamOnly); err != nil || spamOnly == 0 {
		t.Fatalf("%d spam-only transactions (%v): the plans would say little", spamOnly, err)
	}
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	var rows *ResultRows
	if err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		rows, err = PatternResultRows(ctx, tx, client, st.ResultSetID)
		return err
	}); err != nil || rows == nil {
		t.Fatalf("the result rows cannot answer (%v)", err)
	}
	for _, p := range []string{PatternUncoveredDisposals, PatternMissingBasis, PatternNegativeBalance, PatternUnlabeled, NeedsReviewPattern, PatternPossibleInternal} {
		t.Run(p, func(t *testing.T) {
			q, args, err := PatternTransactionsSQL(client, st.ResultSetID, p, rows)
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
			case PatternMissingBasis, PatternNegativeBalance, PatternUncoveredDisposals:
				// the clean transactions from their result rows: no lookup of each one's ledger row
				if strings.Contains(plan, "id = r.transaction_id") || !strings.Contains(plan, "on tax_transaction_results r ") {
					t.Errorf("the pattern of result rows looks its transactions up:\n%s", plan)
				}
				if p == PatternUncoveredDisposals {
					break
				}
				// the flagged rows counted from their index alone (label included: migration 00300)
				if flagIndex := map[string]string{PatternMissingBasis: "missing_basis", PatternNegativeBalance: "negative_balance"}[p]; !strings.Contains(plan,
					"Index Only Scan using tax_transaction_results_"+flagIndex+"_idx on tax_transaction_results r ") {
					t.Errorf("the flagged rows are not counted from their index alone:\n%s", plan)
				}
				// its first ones in time order from the flagged rows' index, none sorted but the dirty
				q, args, err := PatternFirstSQL(client, st.ResultSetID, p, rows, 100)
				if err != nil {
					t.Fatal(err)
				}
				first := pgtest.Explain(t, pool, "", q, args...)
				if !strings.Contains(first, "Index Scan using tax_transaction_results_") || strings.Contains(first, "Sort Key: r.occurred_at") ||
					strings.Contains(first, "Bitmap Heap Scan on tax_transaction_results r ") {
					t.Errorf("the first transactions are not read in time order:\n%s", first)
				}
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

// TestPatternsFromResultRowsFollowTheLedger: after a recalculation and then edits that change
// what the result patterns list (hidden, deleted, labelled spam, moving only a spam asset,
// relabelled), each pattern of result rows lists the same transactions whether its clean ones are
// read from their rows (PatternResultRows) or every one from the ledger.
func TestPatternsFromResultRowsFollowTheLedger(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 2000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	l := New(pool)
	list := func(p string, fromRows bool) []uuid.UUID {
		t.Helper()
		var out []uuid.UUID
		err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
			st, err := l.state(ctx, tx, client)
			if err != nil {
				return err
			}
			var rows *ResultRows
			if fromRows {
				if rows, err = PatternResultRows(ctx, tx, client, st.ResultSetID); err != nil {
					return err
				}
				if rows == nil {
					return fmt.Errorf("the result rows cannot answer")
				}
			}
			q, args, err := PatternTransactionsSQL(client, st.ResultSetID, p, rows)
			if err != nil {
				return err
			}
			r, err := tx.Query(ctx, "SELECT id FROM ("+q+") x ORDER BY id", args...)
			if err != nil {
				return err
			}
			out, err = pgx.CollectRows(r, pgx.RowTo[uuid.UUID])
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// the first three, oldest first: PatternFirstSQL from the rows, the ledger's list sorted
	first := func(p string, fromRows bool) []uuid.UUID {
		t.Helper()
		var out []uuid.UUID
		err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
			st, err := l.state(ctx, tx, client)
			if err != nil {
				return err
			}
			q, args, err := PatternTransactionsSQL(client, st.ResultSetID, p, nil)
			q = "SELECT id FROM (" + q + ") x ORDER BY occurred_at, id LIMIT 3"
			if fromRows {
				rows, err := PatternResultRows(ctx, tx, client, st.ResultSetID)
				if err != nil || rows == nil {
					return fmt.Errorf("the result rows cannot answer (%v)", err)
				}
				if q, args, err = PatternFirstSQL(client, st.ResultSetID, p, rows, 3); err != nil {
					return err
				}
				q = "SELECT id FROM (" + q + ") x"
			}
			if err != nil {
				return err
			}
			r, err := tx.Query(ctx, q, args...)
			if err != nil {
				return err
			}
			out, err = pgx.CollectRows(r, pgx.RowTo[uuid.UUID])
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	patterns := []string{PatternMissingBasis, PatternNegativeBalance, PatternUncoveredDisposals}
	flagged := map[string][]uuid.UUID{}
	for _, p := range patterns {
		flagged[p] = list(p, false)
	}
	if len(flagged[PatternMissingBasis]) < 4 || len(flagged[PatternNegativeBalance]) < 4 {
		t.Fatalf("too few flagged transactions to edit: %d missing basis, %d negative balance", len(flagged[PatternMissingBasis]), len(flagged[PatternNegativeBalance]))
	}
	edits := []struct {
		what string
		run  func(e *Editor, id uuid.UUID) error
	}{
		{"hidden", func(e *Editor, id uuid.UUID) error { _, err := e.SetHiddenCount([]uuid.UUID{id}, true); return err }},
		{"deleted", func(e *Editor, id uuid.UUID) error { return e.Delete(id) }},
		{"labelled spam", func(e *Editor, id uuid.UUID) error {
			return e.LabelTransactions([]uuid.UUID{id}, LabelEdit{Label: ptrTo(tax.LabelSpam.String())})
		}},
		{"relabelled", func(e *Editor, id uuid.UUID) error {
			return e.LabelTransactions([]uuid.UUID{id}, LabelEdit{Label: ptrTo(tax.LabelGiftReceived.String())})
		}},
	}
	for i, ed := range edits {
		for _, p := range []string{PatternMissingBasis, PatternNegativeBalance} {
			id := flagged[p][i]
			if err := l.Update(ctx, auth.JobWriteScope(client, "test"), Meta{Actor: "user:test"}, func(e *Editor) error { return ed.run(e, id) }); err != nil {
				t.Fatalf("%s: %v", ed.what, err)
			}
		}
	}
	check := func(after string) {
		t.Helper()
		for _, p := range patterns {
			if got, want := first(p, true), first(p, false); !slices.Equal(got, want) {
				t.Errorf("after %s: the first of %s from the result rows are %v, from the ledger %v", after, p, got, want)
			}
			got, want := list(p, true), list(p, false)
			if !slices.Equal(got, want) {
				t.Errorf("after %s: %s from the result rows lists %d transactions, from the ledger %d", after, p, len(got), len(want))
			}
			if p != PatternUncoveredDisposals && len(want) >= len(flagged[p]) {
				t.Errorf("after %s: %s lists %d transactions, %d before: the edits changed nothing", after, p, len(want), len(flagged[p]))
			}
		}
	}
	check("the edits")
	// transactions that come to move only a spam asset (no dirty mark: the asset is marked)
	if _, err := pool.Exec(ctx, `UPDATE assets SET is_spam = true WHERE id = (SELECT tr.asset_id FROM transfers tr WHERE tr.transaction_id = $1 LIMIT 1)`,
		flagged[PatternNegativeBalance][len(edits)]); err != nil {
		t.Fatal(err)
	}
	check("an asset marked spam")
}

func ptrTo[T any](v T) *T { return &v }
