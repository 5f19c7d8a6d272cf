package recalc_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
	"taxd/internal/testfactory"
)

// resultDump is a client's current results as text, table by table, in a fixed order.
type resultDump map[string]string

var resultTables = map[string]string{
	"lots":            `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_lots x WHERE x.result_set_id = $1 ORDER BY x.lot_id::bigint`,
	"disposals":       `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_disposals x WHERE x.result_set_id = $1 ORDER BY x.seq`,
	"income":          `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_income x WHERE x.result_set_id = $1 ORDER BY x.seq`,
	"years":           `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_year_summaries x WHERE x.result_set_id = $1 ORDER BY x.tax_year`,
	"transactions":    `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_transaction_results x WHERE x.result_set_id = $1 ORDER BY x.transaction_id`,
	"month disposals": `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_month_disposals x WHERE x.result_set_id = $1 ORDER BY x.tax_year, x.month`,
	"month income":    `SELECT (to_jsonb(x) - 'result_set_id')::text FROM tax_month_income x WHERE x.result_set_id = $1 ORDER BY x.tax_year, x.income_type, x.month`,
	// seq numbers the pieces of one write (a run resumed from a checkpoint starts again at 1)
	"removals": `SELECT (to_jsonb(x) - 'result_set_id' - 'seq')::text FROM tax_removals x WHERE x.result_set_id = $1 ORDER BY x.removed_at, x.seq`,
}

func dumpResults(t *testing.T, ctx context.Context, pool *pgxpool.Pool, client uuid.UUID) resultDump {
	t.Helper()
	var rs uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT current_result_set_id FROM clients WHERE id = $1`, client).Scan(&rs); err != nil {
		t.Fatal(err)
	}
	out := resultDump{}
	for name, q := range resultTables {
		rows, err := pool.Query(ctx, q, rs)
		if err != nil {
			t.Fatal(err)
		}
		s := ""
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			s += line + "\n"
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		out[name] = s
	}
	checkSeqRanges(t, ctx, pool, rs)
	checkMonthFigures(t, ctx, pool, rs)
	return out
}

// monthFiguresOfRows are the month figures of result set $1 added up from its pieces and income
// rows in SQL: each piece's proceeds and basis rounded to cents, the transactions through the
// transfers the rows name.
const monthFiguresOfRows = `
SELECT 'disposals', date_trunc('month', d.disposed_at AT TIME ZONE 'UTC')::date, d.tax_year, '', count(*)::int, count(DISTINCT tr.transaction_id)::int,
       coalesce(sum(round(d.proceeds, 2)) FILTER (WHERE d.term = 'short'), 0), coalesce(sum(round(d.basis, 2)) FILTER (WHERE d.term = 'short'), 0),
       coalesce(sum(round(d.proceeds, 2)) FILTER (WHERE d.term = 'long'), 0), coalesce(sum(round(d.basis, 2)) FILTER (WHERE d.term = 'long'), 0)
FROM tax_disposals d LEFT JOIN transfers tr ON tr.id = d.transfer_id WHERE d.result_set_id = $1 GROUP BY 2, 3
UNION ALL
SELECT 'income', date_trunc('month', i.received_at AT TIME ZONE 'UTC')::date, i.tax_year, i.income_type, 0, count(DISTINCT tr.transaction_id)::int,
       sum(i.value), 0, 0, 0
FROM tax_income i LEFT JOIN transfers tr ON tr.id = i.transfer_id WHERE i.result_set_id = $1 GROUP BY 2, 3, 4`

// storedMonthFigures are the month figures the recalculation wrote, in monthFiguresOfRows' shape.
const storedMonthFigures = `
SELECT 'disposals', month, tax_year, '', pieces, transactions, short_proceeds, short_basis, long_proceeds, long_basis
FROM tax_month_disposals WHERE result_set_id = $1
UNION ALL
SELECT 'income', month, tax_year, income_type, 0, transactions, value, 0, 0, 0 FROM tax_month_income WHERE result_set_id = $1`

// checkMonthFigures fails unless the month figures of result set rs are the sums of its rows.
func checkMonthFigures(t *testing.T, ctx context.Context, pool *pgxpool.Pool, rs uuid.UUID) {
	t.Helper()
	diff := pgtest.Strings(t, pool, `SELECT 'missing: ' || x::text FROM ((`+monthFiguresOfRows+`) EXCEPT (`+storedMonthFigures+`)) x
		UNION ALL SELECT 'extra: ' || y::text FROM ((`+storedMonthFigures+`) EXCEPT (`+monthFiguresOfRows+`)) y`, rs)
	if len(diff) > 0 {
		t.Fatalf("the month figures are not the sums of the rows:\n%s", strings.Join(diff, "\n"))
	}
}

// checkSeqRanges fails unless every disposal piece and income row of result set rs lies in the
// seq range of its transaction's result row, through which lookups by transfer find it.
func checkSeqRanges(t *testing.T, ctx context.Context, pool *pgxpool.Pool, rs uuid.UUID) {
	t.Helper()
	var pieces, income, total int
	if err := pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM tax_disposals d JOIN transfers tr ON tr.id = d.transfer_id
		 LEFT JOIN tax_transaction_results r ON r.result_set_id = d.result_set_id AND r.transaction_id = tr.transaction_id
		 WHERE d.result_set_id = $1 AND d.seq BETWEEN r.first_disposal_seq AND r.last_disposal_seq IS NOT TRUE),
		(SELECT count(*) FROM tax_income i JOIN transfers tr ON tr.id = i.transfer_id
		 LEFT JOIN tax_transaction_results r ON r.result_set_id = i.result_set_id AND r.transaction_id = tr.transaction_id
		 WHERE i.result_set_id = $1 AND i.seq BETWEEN r.first_income_seq AND r.last_income_seq IS NOT TRUE),
		(SELECT count(*) FROM tax_disposals WHERE result_set_id = $1) + (SELECT count(*) FROM tax_income WHERE result_set_id = $1)`, rs).Scan(&pieces, &income, &total); err != nil {
		t.Fatal(err)
	}
	if pieces != 0 || income != 0 || total == 0 {
		t.Fatalf("%d disposal pieces and %d income rows outside their transaction's seq range (of %d rows)", pieces, income, total)
	}
}

// ledgerRow is a transaction of the seeded ledger with its first transfer.
type ledgerRow struct {
	tx, transfer uuid.UUID
	at           time.Time
	qty          decimal.Decimal
	asset        uuid.UUID
	to           *uuid.UUID
}

func ledgerRows(t *testing.T, ctx context.Context, pool *pgxpool.Pool, client uuid.UUID) []ledgerRow {
	t.Helper()
	rows, err := pool.Query(ctx, `SELECT t.id, tr.id, t.occurred_at, tr.quantity, tr.asset_id, tr.to_account_id FROM transactions t
		JOIN transfers tr ON tr.transaction_id = t.id AND tr.position = 0
		WHERE t.client_id = $1 AND t.deleted_at IS NULL ORDER BY t.occurred_at, t.ordinal, t.id`, client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []ledgerRow
	for rows.Next() {
		var r ledgerRow
		if err := rows.Scan(&r.tx, &r.transfer, &r.at, &r.qty, &r.asset, &r.to); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// edit applies one random ledger edit through the ledger package at a position weighted to the
// tail (with near set: among the last near transactions), and returns what it did.
func edit(t *testing.T, ctx context.Context, pool *pgxpool.Pool, client uuid.UUID, rng *rand.Rand, near int) string {
	t.Helper()
	rows := ledgerRows(t, ctx, pool, client)
	n := len(rows)
	pos := n - 1 - rng.IntN(max(n/4, 1)) // the last quarter
	if rng.IntN(6) == 0 {
		pos = rng.IntN(n) // anywhere (often before every checkpoint: a full run)
	}
	if near > 0 {
		pos = n - 1 - rng.IntN(min(n, near))
	}
	r := rows[pos]
	var what string
	err := ledger.New(pool).Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		switch rng.IntN(5) {
		case 0:
			what = "quantity"
			q := r.qty.Add(decimal.RequireFromString("0.25"))
			_, err := e.UpdateTransfer(r.tx, r.transfer, ledger.TransferPatch{Quantity: &q})
			return err
		case 1:
			what = "value"
			v := decimal.NewFromInt(int64(1 + rng.IntN(100000)))
			_, err := e.UpdateTransfer(r.tx, r.transfer, ledger.TransferPatch{FiatValue: &v})
			return err
		case 2:
			what = "delete"
			return e.Delete(r.tx)
		case 3:
			// move in time: back within the tail or forward
			what = "move"
			to := r.at.Add(time.Duration(rng.IntN(40*24)-20*24) * time.Hour)
			_, err := e.UpdateTransaction(r.tx, ledger.TransactionPatch{OccurredAt: &to})
			return err
		default:
			what = "insert"
			tx, err := e.CreateTransaction(ledger.NewTransaction{OccurredAt: r.at.Add(time.Minute)})
			if err != nil {
				return err
			}
			in := ledger.NewTransfer{AssetID: r.asset, Quantity: decimal.RequireFromString("1.5"),
				FiatValue: decimal.NullDecimal{Decimal: decimal.NewFromInt(int64(1 + rng.IntN(5000))), Valid: true}}
			if r.to != nil && rng.IntN(2) == 0 {
				in.ToAccountID = r.to // a buy
			} else if r.to != nil {
				in.FromAccountID = r.to // a sale
			} else {
				what = "skip"
				return nil
			}
			_, err = e.AddTransfer(tx.ID, in)
			return err
		}
	})
	if err != nil {
		t.Fatalf("%s at %d: %v", what, pos, err)
	}
	return fmt.Sprintf("%s@%d/%d", what, pos, n)
}

// labelEdit relabels a transaction of the tail, sets its missing-basis override or hides its first
// transfer (often its only one: the list still shows the transaction, which the engine then gets
// no transfer of, and the year counts it), with its own random source so that the other edits of
// a round stay the same with or without it.
func labelEdit(t *testing.T, ctx context.Context, pool *pgxpool.Pool, client uuid.UUID, rng *rand.Rand) string {
	t.Helper()
	rows := ledgerRows(t, ctx, pool, client)
	n := len(rows)
	pos := n - 1 - rng.IntN(max(n/4, 1))
	r := rows[pos]
	what := "relabel"
	err := ledger.New(pool).Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		if rng.IntN(4) == 0 {
			what = "hide a transfer"
			hidden := true
			_, err := e.UpdateTransfer(r.tx, r.transfer, ledger.TransferPatch{IsHidden: &hidden})
			return err
		}
		if rng.IntN(3) == 0 {
			// a person's missing-basis flag: set either way, or dropped
			what = "missing-basis override"
			return e.SetMissingBasisOverride([]uuid.UUID{r.tx}, rng.IntN(2) == 0, rng.IntN(3) != 0)
		}
		// legs without a label of their own follow the transaction's
		labels := []string{"income", "gift_received", "sell", "airdrop", ""}
		in := ledger.LabelEdit{Label: &labels[rng.IntN(len(labels))]}
		if *in.Label == "" {
			in = ledger.LabelEdit{Wipe: true}
		}
		return e.LabelTransactions([]uuid.UUID{r.tx}, in)
	})
	if err != nil {
		t.Fatalf("%s at %d: %v", what, pos, err)
	}
	return fmt.Sprintf("%s@%d/%d", what, pos, n)
}

// TestIncrementalEqualsFullRun: for random ledgers, methods and edits (values, quantities, deletes,
// inserts, moves in time, relabels, missing-basis overrides), an incremental run's results (lots, disposals, non-taxable removals,
// income, year summaries, per-transaction results) equal, row for row, a full run's of the same ledger; and incremental runs
// happen again and again (each one writes the checkpoints the next resumes from, and two in a row
// are compared: the second keeps rows the first wrote).
//
// It runs under each rule set: GB and CA disposals depend on the 30 days after them, so an edit
// rewrites the results of the window before it too; DE keeps lots per wallet and AU carries a
// year's net capital loss into the next (the year summaries' taxable figures are compared too).
func TestIncrementalEqualsFullRun(t *testing.T) {
	t.Parallel()
	for _, country := range []string{"US", "GB", "CA", "DE", "AU"} {
		t.Run(country, func(t *testing.T) {
			t.Parallel()
			rounds := 6
			if country != "US" {
				rounds = 4
			}
			incrementalEqualsFullRun(t, country, rounds, 0, 0)
		})
	}
}

// TestIncrementalFromCheckpointsNearTheEnd: edits among the last few transactions resume from
// the checkpoints near the end of the ledger, within a month (under GB and CA, whose disposals
// wait on the 30 days after them, from a month start), and the results still equal a full run's,
// row for row, after two incremental runs in a row (the second resumes from a checkpoint the first
// wrote, with its month's figures before it).
func TestIncrementalFromCheckpointsNearTheEnd(t *testing.T) {
	t.Parallel()
	for _, country := range []string{"US", "GB", "AU"} {
		t.Run(country, func(t *testing.T) {
			t.Parallel()
			incrementalEqualsFullRun(t, country, 3, 8, 0)
		})
	}
}

// TestIncrementalEqualsFullRunOnOneConnection: on a pool too small for a second connection in the
// run's snapshot (store.SharedSnapshotMinConns), an incremental run reads its tail and compares the
// stored rows on its one connection, one read after the other, and its results still equal a full
// run's.
func TestIncrementalEqualsFullRunOnOneConnection(t *testing.T) {
	t.Parallel()
	incrementalEqualsFullRun(t, "US", 2, 0, store.SharedSnapshotMinConns-1)
}

// incrementalEqualsFullRun runs rounds of random ledgers and edits (near: edits among the last
// near transactions, 0: anywhere); poolSize, when not 0, sizes the runs' pool.
func incrementalEqualsFullRun(t *testing.T, country string, rounds, near, poolSize int) {
	b := setup(t)
	ctx, pool := b.ctx, b.pool
	if poolSize != 0 {
		sep := "?"
		if strings.Contains(b.url, "?") {
			sep = "&"
		}
		pool = pgtest.PoolFor(t, fmt.Sprintf("%s%spool_max_conns=%d", b.url, sep, poolSize))
		if pool.Config().MaxConns != int32(poolSize) {
			t.Fatalf("pool of %d connections, want %d", pool.Config().MaxConns, poolSize)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5+uint64(len(country)+int(country[0]))))
	labels := rand.New(rand.NewPCG(11, uint64(country[0])))
	methods := []string{"FIFO", "LIFO", "HIFO", "LOFO", "AVERAGE_COST"}
	incremental := 0
	runs := 0
	withinMonth := 0 // incremental runs resumed from a checkpoint that is not at a UTC month start
	for round := 0; round < rounds; round++ {
		in := taxgen.Generate(taxgen.Config{Transactions: 150 + rng.IntN(250), Assets: 1 + rng.IntN(3), Wallets: 1 + rng.IntN(3),
			Seed: rng.Uint64(), Start: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), Uncovered: 0.05})
		for i := range in.Transactions { // fresh database ids per round
			in.Transactions[i].ID = tax.ID(uuid.New())
			for j := range in.Transactions[i].Transfers {
				in.Transactions[i].Transfers[j].ID = tax.ID(uuid.New())
			}
		}
		client, err := bench.Seed(ctx, pool, in, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		method := methods[rng.IntN(len(methods))]
		testfactory.Exec(t, pool, `UPDATE clients SET cost_basis_algorithm = $2, country = $3 WHERE id = $1`, client, method, country)
		r := &recalc.Runner{Pool: pool}
		if tm, err := r.Run(ctx, auth.JobWriteScope(client, "test")); err != nil || tm.Incremental {
			t.Fatalf("first run: incremental %v, %v", tm.Incremental, err)
		}
		for step := 0; step < 4; step++ {
			var did []string
			for k := 0; k <= rng.IntN(3); k++ {
				did = append(did, edit(t, ctx, pool, client, rng, near))
				if labels.IntN(3) == 0 {
					did = append(did, labelEdit(t, ctx, pool, client, labels))
				}
			}
			tm, err := r.Run(ctx, auth.JobWriteScope(client, "test"))
			if err != nil {
				t.Fatal(err)
			}
			runs++
			if tm.Incremental {
				incremental++
				if !tm.From.Equal(time.Date(tm.From.Year(), tm.From.Month(), 1, 0, 0, 0, 0, time.UTC)) {
					withinMonth++
				}
			}
			got := dumpResults(t, ctx, pool, client)
			if n := b.dirtyOf(t, client); n != 0 {
				t.Fatalf("dirty after the run: %d", n)
			}
			if step%2 == 0 {
				// compare after the next step: that run resumes from this one's results (an
				// incremental run keeps the rows before the dirty instant that it did not rewrite)
				continue
			}
			if _, err := r.RunWith(ctx, auth.JobWriteScope(client, "test"), true); err != nil {
				t.Fatal(err)
			}
			want := dumpResults(t, ctx, pool, client)
			for name := range resultTables {
				if got[name] != want[name] {
					t.Fatalf("round %d (%s) step %d after %v (incremental %v from %s): %s differ\nincremental:\n%.3000s\nfull:\n%.3000s",
						round, method, step, did, tm.Incremental, tm.From, name, diffStart(got[name], want[name]), diffStart(want[name], got[name]))
				}
			}
		}
	}
	if incremental < runs/2 {
		t.Fatalf("only %d of %d runs after tail edits were incremental", incremental, runs)
	}
	if waits := country == "GB" || country == "CA"; near > 0 && waits != (withinMonth == 0) {
		t.Fatalf("%d of %d runs resumed from a checkpoint within a month", withinMonth, runs)
	}
	t.Logf("%d of %d runs incremental, %d from a checkpoint within a month", incremental, runs, withinMonth)
}

// diffStart returns a from a little before the first byte where it differs from b.
func diffStart(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(i-300, 0):]
}

func (b *bundle) dirtyOf(t *testing.T, client uuid.UUID) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM dirty_marks WHERE client_id = $1`, client).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestIncrementalRunWritesOnlyChangedRows: an incremental run writes exactly the pieces whose row
// differs from the stored one at the same seq (a new seq included), likewise the income, the lots whose row differs
// from the stored one of the same lot and the per-transaction results that differ from the stored
// one of the same transaction, and keeps the others: a row's xmin is the run's transaction (the
// one that also updated its result set) exactly when it changed.
func TestIncrementalRunWritesOnlyChangedRows(t *testing.T) {
	b := setup(t)
	ctx, pool := b.ctx, b.pool
	rng := rand.New(rand.NewPCG(7, 9))
	in := taxgen.Generate(taxgen.Config{Transactions: 400, Assets: 3, Wallets: 2, Seed: 42,
		Start: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)})
	client, err := bench.Seed(ctx, pool, in, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	r := &recalc.Runner{Pool: pool}
	if _, err := r.Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// rowsOf returns the current set's rows of table by key, and whether the set's last writer wrote each
	rowsOf := func(table, key string) (map[string]string, map[string]bool) {
		rows, err := pool.Query(ctx, `SELECT x.`+key+`::text, (to_jsonb(x) - 'result_set_id')::text, x.xmin::text = s.xmin::text
			FROM clients c JOIN tax_result_sets s ON s.id = c.current_result_set_id
			JOIN `+table+` x ON x.result_set_id = s.id WHERE c.id = $1`, client)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		row, byRun := map[string]string{}, map[string]bool{}
		for rows.Next() {
			var k, text string
			var written bool
			if err := rows.Scan(&k, &text, &written); err != nil {
				t.Fatal(err)
			}
			row[k], byRun[k] = text, written
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return row, byRun
	}
	tables := [][2]string{{"tax_disposals", "seq"}, {"tax_income", "seq"}, {"tax_lots", "lot_id"}, {"tax_transaction_results", "transaction_id"}}
	incremental := 0
	written, kept := map[string]int{}, map[string]int{}
	for step := 0; step < 8; step++ {
		var before []map[string]string
		for _, tk := range tables {
			rows, _ := rowsOf(tk[0], tk[1])
			before = append(before, rows)
		}
		did := edit(t, ctx, pool, client, rng, 30)
		tm, err := r.Run(ctx, auth.JobWriteScope(client, "test"))
		if err != nil {
			t.Fatal(err)
		}
		if !tm.Incremental {
			continue
		}
		incremental++
		for i, tk := range tables {
			after, byRun := rowsOf(tk[0], tk[1])
			for k, text := range after {
				// a row is written exactly when it changed, a result with transfer figures (jsonb) too
				changed := before[i][k] != text
				if byRun[k] != changed {
					t.Fatalf("step %d after %s: %s %s written by the run %v, changed %v", step, did, tk[0], k, byRun[k], changed)
				}
				name := tk[0]
				if tk[0] == "tax_transaction_results" && !strings.Contains(text, `"transfer_figures": null`) {
					name = "results with figures"
				}
				if byRun[k] {
					written[name]++
				} else {
					kept[name]++
				}
			}
		}
	}
	if incremental == 0 || written["tax_disposals"] == 0 || written["tax_transaction_results"] == 0 || kept["tax_lots"] == 0 ||
		written["results with figures"] == 0 || kept["results with figures"] == 0 {
		t.Fatalf("%d incremental runs wrote %v and kept %v", incremental, written, kept)
	}
	t.Logf("%d incremental runs wrote %v; the other rows of their sets: %v", incremental, written, kept)
}
