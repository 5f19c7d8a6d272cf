package ledger

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"

	"taxd/gen/db"
	"taxd/internal/pgtest"
)

// TestUnfilteredSummaryReadsNoTransactionRows pins the plans of what the unfiltered summary sends
// when the kept figures answer, on a generated ledger of 3,000 transactions with a few dirty and a
// few linked ones, half of them without a label: the kept counts and totals, less the dirty transactions' result rows, read by
// key; the dirty transactions and the linked ones without a label, each set found by key. No plan
// node reads the ledger's or the results' rows of every transaction.
func TestUnfilteredSummaryReadsNoTransactionRows(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	// half without a label: the linked ones are found by key, not among them
	client := planLedger{n: 3000,
		beforeRun: []string{`UPDATE transactions SET label = NULL WHERE client_id = $1 AND ordinal % 2 = 0`},
		afterRun: []string{`INSERT INTO internal_transfer_pairs (id, client_id, from_transaction_id, to_transaction_id)
		SELECT gen_random_uuid(), $1, a.id, b.id FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM transactions WHERE client_id = $1 ORDER BY id LIMIT 5) a
		JOIN (SELECT id, row_number() OVER (ORDER BY id DESC) n FROM transactions WHERE client_id = $1 ORDER BY id DESC LIMIT 5) b USING (n)`},
	}.seed(t, pool)
	dirty := latestTransactions(t, pool, client, 20)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	where, err := l.where(ctx, client, st, TxFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if !isUnfiltered(client, st, where) {
		t.Fatal("no filter is not taken for the unfiltered summary")
	}
	plans := map[string]string{
		"kept figures": pgtest.ExplainSent(t, pool, "", func(r *pgtest.Recorder) error {
			_, err := db.New(r).KeptSummaryFigures(ctx, db.KeptSummaryFiguresParams{ClientID: client, ResultSetID: *st.ResultSetID, Dirty: dirty})
			return err
		}),
	}
	for i, name := range []string{"dirty transactions", "linked without a label"} {
		q, args, err := keptPartQuery(client, st, where, keptParts(client, dirty)[i])
		if err != nil {
			t.Fatal(err)
		}
		plans[name] = pgtest.Explain(t, pool, "", q, args...)
	}
	estimate := regexp.MustCompile(`rows=(\d+)`)
	for name, plan := range plans {
		for _, line := range strings.Split(plan, "\n") {
			if !strings.Contains(line, " on transactions") && !strings.Contains(line, " on tax_transaction_results") && !strings.Contains(line, " on transfers") {
				continue
			}
			m := estimate.FindStringSubmatch(line)
			if n, _ := strconv.Atoi(m[1]); n > 100 || strings.Contains(line, "Seq Scan") {
				t.Errorf("%s reads %s rows of a 3,000-transaction ledger:\n%s", name, m[1], plan)
			}
		}
	}
	if !strings.Contains(plans["linked without a label"], "on transactions_pkey") && !strings.Contains(plans["linked without a label"], "using transactions_pkey on transactions t") {
		t.Errorf("the linked transactions are not looked up by key:\n%s", plans["linked without a label"])
	}
	if !strings.Contains(plans["kept figures"], "tax_result_totals") || !strings.Contains(plans["kept figures"], "client_transaction_counts") {
		t.Errorf("the kept figures are not read:\n%s", plans["kept figures"])
	}
}

// TestIncomeSummaryReadsNoIncomeRows pins the plans of what the summary of hasIncome (alone and with
// providers) sends when the kept totals answer, on a generated ledger of 3,000 transactions with a
// few dirty ones: the kept totals of the result set's income rows, less the dirty transactions'
// rows, read by key; the dirty transactions and the clean linked ones without a label, each set
// found by key. No plan node reads the result rows of every income transaction.
func TestIncomeSummaryReadsNoIncomeRows(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000}.seed(t, pool)
	dirty := latestTransactions(t, pool, client, 20)
	var incomeRows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM tax_transaction_results WHERE client_id = $1 AND income <> 0`, client).Scan(&incomeRows); err != nil || incomeRows < 200 {
		t.Fatalf("%d income rows (%v): too few for the plans to say anything", incomeRows, err)
	}
	var provider string
	if err := pool.QueryRow(ctx, `SELECT provider FROM accounts WHERE client_id = $1 LIMIT 1`, client).Scan(&provider); err != nil {
		t.Fatal(err)
	}
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	for _, f := range []TxFilter{{HasIncome: &yes}, {HasIncome: &yes, Providers: []string{provider}}} {
		fc, err := l.filterCtx(ctx, client, st, f)
		if err != nil {
			t.Fatal(err)
		}
		where := f.summaryWhere(fc)
		accounts, byAccount, ok := f.keptIncome(fc, where)
		if !ok {
			t.Fatalf("%+v is not taken for the kept income totals", f)
		}
		plans := map[string]string{
			"kept totals": pgtest.ExplainSent(t, pool, "", func(r *pgtest.Recorder) error {
				_, err := db.New(r).KeptIncomeFigures(ctx, db.KeptIncomeFiguresParams{ResultSetID: *st.ResultSetID, ClientID: client,
					ByAccount: byAccount, Accounts: accounts, Dirty: dirty})
				return err
			}),
		}
		q, args, err := ledgerTotalsQuery(client, fewByKey(st, append(where[:len(where):len(where)], sq.Expr("t.id = ANY(?)", dirty))).Column(feesOfTransaction+" AS fees"),
			sq.Expr("coalesce(sum(m.fees), 0)"), sq.Expr("0"))
		if err != nil {
			t.Fatal(err)
		}
		plans["dirty transactions"] = pgtest.Explain(t, pool, "", q, args...)
		q, args, err = keptPartQuery(client, st, where, cleanKeptFromUnlabeled(client, dirty))
		if err != nil {
			t.Fatal(err)
		}
		plans["linked without a label"] = pgtest.Explain(t, pool, "", q, args...)
		estimate := regexp.MustCompile(`rows=(\d+)`)
		for name, plan := range plans {
			for _, line := range strings.Split(plan, "\n") {
				if !strings.Contains(line, " on transactions") && !strings.Contains(line, " on tax_transaction_results") && !strings.Contains(line, " on transfers") {
					continue
				}
				m := estimate.FindStringSubmatch(line)
				if n, _ := strconv.Atoi(m[1]); n > 100 || strings.Contains(line, "Seq Scan") {
					t.Errorf("%+v, %s reads %s rows of a 3,000-transaction ledger:\n%s", f, name, m[1], plan)
				}
			}
		}
		if !strings.Contains(plans["kept totals"], "tax_result_income_totals") {
			t.Errorf("the kept totals are not read:\n%s", plans["kept totals"])
		}
	}
}
