package recalc

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
)

// An incremental run finds the stored rows it compares and deletes by their keys whatever the
// planner's statistics say about the result set (and so do the reads of a transaction's
// per-transfer figures). The case that matters: a large client's full run
// has just written a new set, and the statistics (from before it) know only the previous set, as
// nearly every row of the table. A lookup naming the new set by its value is then priced as if the
// set held no row, and every index that starts with the set looks as good as the primary key: on a
// million-transaction ledger the planner took tax_transaction_results_time_idx (set, time,
// transaction) for each tail transaction's row, scanning the whole set per lookup (112 s instead
// of 40 ms, measured with `taxd bench recalc` after an ANALYZE). Here the statistics know only the
// set of a full run, and the lookups name another set (as a fresh one: absent from them); each must
// go through its table's primary key.
func TestStoredRowLookupsUseKeysWhateverTheStatistics(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 3000, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	// an incremental run's tail: the last 1% of the ledger
	var pieces, income int
	var from time.Time
	if err := pool.QueryRow(ctx, `SELECT (SELECT max(seq) FROM tax_disposals), (SELECT max(seq) FROM tax_income),
		(SELECT occurred_at FROM transactions ORDER BY occurred_at DESC OFFSET 30 LIMIT 1)`).Scan(&pieces, &income, &from); err != nil {
		t.Fatal(err)
	}
	fresh := resultKey{uuid.New(), client}
	for _, c := range []struct {
		name, rows, index string
	}{
		{"the tail's transaction results", storedTransactionResultsFrom(fresh, from), "tax_transaction_results_pkey"},
		{"the pieces after a checkpoint", storedPiecesAfter(fresh.set, pieces*99/100), "tax_disposals_pkey"},
		{"the income after a checkpoint", storedIncomeAfter(fresh.set, income*99/100), "tax_income_pkey"},
		{"the lots", storedLots(fresh.set), "tax_lots_pkey"},
	} {
		plan := pgtest.Explain(t, pool, "", "SELECT x.* FROM "+c.rows)
		if !strings.Contains(plan, c.index) {
			t.Errorf("%s: the plan does not use %s:\n%s", c.name, c.index, plan)
		}
	}
	plan := pgtest.ExplainSent(t, pool, "", func(r *pgtest.Recorder) error {
		_, err := db.New(r).DeleteChangedRows(ctx, db.DeleteChangedRowsParams{ResultSetID: fresh.set,
			DisposalSeqs: []int32{1, 2}, IncomeSeqs: []int32{1}, LotIds: []string{"1"}, TransactionIds: []uuid.UUID{uuid.New(), uuid.New()}})
		return err
	})
	for _, index := range []string{"tax_disposals_pkey", "tax_income_pkey", "tax_lots_pkey", "tax_transaction_results_pkey"} {
		if !strings.Contains(plan, index) {
			t.Errorf("deleting the changed rows: the plan does not use %s:\n%s", index, plan)
		}
	}
	for _, index := range []string{"tax_transaction_results_time_idx", "tax_disposals_asset_idx", "tax_disposals_year_idx", "tax_income_year_idx"} {
		if strings.Contains(plan, index) {
			t.Errorf("deleting the changed rows: the plan scans %s:\n%s", index, plan)
		}
	}
	// The reads of a transaction's per-transfer figures (ledger) make the same promise.
	var transfers []uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT array_agg(id) FROM (SELECT id FROM transfers LIMIT 3) x`).Scan(&transfers); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		send    func(*pgtest.Recorder) error
		indexes []string
	}{
		{"a transfer's disposal figures", func(r *pgtest.Recorder) error {
			_, err := db.New(r).ListTransferDisposals(ctx, db.ListTransferDisposalsParams{ResultSetID: fresh.set, TransferIds: transfers})
			return err
		}, []string{"tax_transaction_results_pkey", "tax_disposals_pkey"}},
		{"a transfer's income", func(r *pgtest.Recorder) error {
			_, err := db.New(r).ListTransferIncome(ctx, db.ListTransferIncomeParams{ResultSetID: fresh.set, TransferIds: transfers})
			return err
		}, []string{"tax_transaction_results_pkey", "tax_income_pkey"}},
	} {
		plan := pgtest.ExplainSent(t, pool, "", c.send)
		for _, index := range c.indexes {
			if !strings.Contains(plan, index) {
				t.Errorf("%s: the plan does not use %s:\n%s", c.name, index, plan)
			}
		}
	}
}

// When a full run of a large ledger switches to its new set, the statistics of the result tables
// already know the set (analyzeNewSet), twice in a row: no read of the new set is planned as if it
// were empty (see TestStoredRowLookupsUseKeysWhateverTheStatistics), not even one made the moment
// the job completes. A run of a small ledger leaves them to autovacuum.
func TestAFullRunOfALargeLedgerAnalyzesTheResultTables(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 1200, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// only the run analyzes them here (an autovacuum worker of the shared test server could too)
	for _, table := range []string{"tax_disposals", "tax_transaction_results", "tax_income", "tax_removals", "tax_lots"} {
		if _, err := pool.Exec(ctx, `ALTER TABLE `+table+` SET (autovacuum_enabled = false)`); err != nil {
			t.Fatal(err)
		}
	}
	// known lists the tables whose statistics know the client's newest result set (at the switch:
	// the one the run switches to)
	known := func() map[string]bool {
		t.Helper()
		var set string
		if err := pool.QueryRow(ctx, `SELECT id::text FROM tax_result_sets WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
			client).Scan(&set); err != nil {
			t.Fatal(err)
		}
		rows, err := pool.Query(ctx, `SELECT tablename FROM pg_stats WHERE attname = 'result_set_id'
			AND most_common_vals::text LIKE '%' || $1 || '%'`, set)
		if err != nil {
			t.Fatal(err)
		}
		tables := map[string]bool{}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			tables[name] = true
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return tables
	}
	var atSwitch map[string]bool // what the statistics know as the run switches
	runner := &Runner{Pool: pool, Full: true, BeforePhase: func(p Phase) {
		if p == "switch" {
			atSwitch = known()
		}
	}}
	defer func(n int) { analyzeFrom = n }(analyzeFrom)
	analyzeFrom = 1201
	if _, err := runner.Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	if got := known(); len(got) != 0 || len(atSwitch) != 0 {
		t.Fatalf("a run below analyzeFrom analyzed %v (%v at its switch)", got, atSwitch)
	}
	analyzeFrom = 1200
	for i := 0; i < 2; i++ {
		atSwitch = nil
		if _, err := runner.Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
			t.Fatal(err)
		}
		got := known()
		for _, table := range []string{"tax_disposals", "tax_transaction_results", "tax_income", "tax_removals", "tax_lots"} {
			if !atSwitch[table] {
				t.Errorf("run %d: at the switch the statistics of %s do not know the new set (they know it in %v)", i+1, table, atSwitch)
			}
			if !got[table] {
				t.Errorf("run %d: after the run the statistics of %s do not know its set (they know it in %v)", i+1, table, got)
			}
		}
	}
}
