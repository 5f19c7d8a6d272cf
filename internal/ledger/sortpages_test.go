package ledger

import (
	"context"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// TestSortByFigurePages walks every page of the list sorted by gain and by income, newest and
// oldest first, and asks for single pages deep in the list, and checks them against one ORDER BY
// over the whole ledger in SQL (the figure, zero without a result row, then time): the stretches
// the list reads them in (pageSegments) join into that order, page boundaries anywhere. The
// nonzero figures' stretches are read from the result rows (figureIDs) with figures that tie on
// (figure, time) across page boundaries and transactions hidden, deleted and moved since the run;
// each single page is also read with every stretch from the ledger.
func TestSortByFigurePages(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 700, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// Clean rows that tie on (figure, time) with others, their ordinals against the order of their
	// ids (the figure's index holds time and id, not ordinal): twelve gains, eight losses and twelve
	// incomes of one amount each at one time, one of the gains failed (its row says so, as a run
	// that read it failed writes it).
	if _, err := pool.Exec(ctx, `WITH at AS (SELECT occurred_at AS at FROM transactions WHERE client_id = $1 ORDER BY occurred_at OFFSET 300 LIMIT 1),
		tied AS (SELECT transaction_id AS id, kind, 100 - row_number() OVER (ORDER BY transaction_id) AS ordinal FROM (
			(SELECT transaction_id, 'gain' AS kind FROM tax_transaction_results WHERE client_id = $1 AND gain > 0 AND income = 0 ORDER BY transaction_id LIMIT 12)
			UNION ALL (SELECT transaction_id, 'loss' FROM tax_transaction_results WHERE client_id = $1 AND gain < 0 AND income = 0 ORDER BY transaction_id LIMIT 8)
			UNION ALL (SELECT transaction_id, 'income' FROM tax_transaction_results WHERE client_id = $1 AND income > 0 AND gain = 0 ORDER BY transaction_id LIMIT 12)) k),
		moved AS (UPDATE transactions t SET occurred_at = at.at, ordinal = tied.ordinal, is_failed = (tied.ordinal = 95) FROM tied, at WHERE t.id = tied.id)
		UPDATE tax_transaction_results r SET occurred_at = at.at, is_failed = (tied.ordinal = 95),
			gain = CASE tied.kind WHEN 'gain' THEN 77.7 WHEN 'loss' THEN -33.3 ELSE r.gain END,
			income = CASE tied.kind WHEN 'income' THEN 55.5 ELSE r.income END
		FROM tied, at WHERE r.transaction_id = tied.id`, client); err != nil {
		t.Fatal(err)
	}
	// as if the run had read them so (the move marked them dirty)
	if _, err := pool.Exec(ctx, `DELETE FROM dirty_marks WHERE client_id = $1`, client); err != nil {
		t.Fatal(err)
	}
	var positive, negative, income int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE gain > 0), count(*) FILTER (WHERE gain < 0), count(*) FILTER (WHERE income > 0)
		FROM tax_transaction_results WHERE client_id = $1`, client).Scan(&positive, &negative, &income); err != nil {
		t.Fatal(err)
	}
	if positive < 40 || negative < 40 || income < 40 {
		t.Fatalf("the ledger has %d gains, %d losses and %d incomes: too few to cross pages", positive, negative, income)
	}
	l := New(pool)
	scope := auth.JobWriteScope(client, "test")
	// edits since the run (dirty transactions, their rows as the run wrote them): a gain hidden, a
	// loss deleted, a tied gain and an income moved in time, an income moved into the tie
	var hidden, deleted, movedGain, movedIncome, intoTie uuid.UUID
	var tie time.Time
	if err := pool.QueryRow(ctx, `SELECT
		(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1 AND gain > 0 AND gain <> 77.7 ORDER BY transaction_id LIMIT 1),
		(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1 AND gain < 0 AND gain <> -33.3 ORDER BY transaction_id LIMIT 1),
		(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1 AND gain = 77.7 AND NOT is_failed ORDER BY transaction_id LIMIT 1),
		(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1 AND income = 55.5 ORDER BY transaction_id LIMIT 1),
		(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1 AND income > 0 AND income <> 55.5 ORDER BY transaction_id LIMIT 1),
		(SELECT occurred_at FROM transactions WHERE client_id = $1 ORDER BY occurred_at OFFSET 300 LIMIT 1)`, client).
		Scan(&hidden, &deleted, &movedGain, &movedIncome, &intoTie, &tie); err != nil {
		t.Fatal(err)
	}
	yes, later := true, tie.Add(90*24*time.Hour)
	if err := l.Update(ctx, scope, Meta{Actor: "user:test"}, func(e *Editor) error {
		if _, err := e.UpdateTransaction(hidden, TransactionPatch{IsHidden: &yes}); err != nil {
			return err
		}
		if err := e.Delete(deleted); err != nil {
			return err
		}
		for _, id := range []uuid.UUID{movedGain, movedIncome} {
			if _, err := e.UpdateTransaction(id, TransactionPatch{OccurredAt: &later}); err != nil {
				return err
			}
		}
		_, err := e.UpdateTransaction(intoTie, TransactionPatch{OccurredAt: &tie})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	st := mustState(t, l, client)
	if err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := PatternResultRows(ctx, tx, client, st.ResultSetID)
		if err == nil && (rows == nil || slices.ContainsFunc([]uuid.UUID{hidden, deleted, movedGain, movedIncome, intoTie},
			func(id uuid.UUID) bool { return !slices.Contains(rows.Dirty, id) })) {
			t.Errorf("the result rows do not answer for the clean transactions with the edited ones dirty (%+v)", rows)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	fc, err := l.filterCtx(ctx, client, st, TxFilter{})
	if err != nil {
		t.Fatal(err)
	}
	where := (&TxFilter{}).where(fc)
	for _, c := range []struct {
		key    SortKey
		column string
	}{{SortCapGains, "gain"}, {SortIncome, "income"}} {
		for _, asc := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s ascending=%v", c.key, asc), func(t *testing.T) {
				dir := "DESC"
				if asc {
					dir = "ASC"
				}
				rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT t.id FROM transactions t
					LEFT JOIN tax_transaction_results r ON r.result_set_id = (SELECT current_result_set_id FROM clients WHERE id = $1) AND r.transaction_id = t.id
					WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
					ORDER BY coalesce(r.%[1]s, 0) %[2]s, t.occurred_at %[2]s, t.ordinal %[2]s, t.id %[2]s`, c.column, dir), client)
				if err != nil {
					t.Fatal(err)
				}
				var want []uuid.UUID
				for rows.Next() {
					var id uuid.UUID
					if err := rows.Scan(&id); err != nil {
						t.Fatal(err)
					}
					want = append(want, id)
				}
				if err := rows.Err(); err != nil {
					t.Fatal(err)
				}
				// pages of 5 cross the ties' groups (12, 8, 12 rows) at every place
				for _, limit := range []int{37, 5} {
					got := everyPage(t, l, scope, TxPage{Limit: limit, SortBy: c.key, Ascending: asc})
					if !slices.Equal(got, want) {
						t.Fatalf("pages of %d in order: %d ids, want %d; first difference at %d", limit, len(got), len(want), firstDifference(got, want))
					}
					for _, page := range []int{len(want)/limit - 1, len(want) / limit / 2, len(want) / limit} {
						p := TxPage{Limit: limit, Page: page, SortBy: c.key, Ascending: asc}
						checkPageAlone(t, l, scope, p, want)
						// the same page with every stretch read from the ledger
						fromLedger, err := l.page(ctx, pool, st, pageSegments(where, p), p)
						if err != nil {
							t.Fatal(err)
						}
						end := min(len(want), (page+1)*limit)
						var ids []uuid.UUID
						for _, r := range fromLedger[:min(len(fromLedger), limit)] {
							ids = append(ids, r.ID)
						}
						if !slices.Equal(ids, want[page*limit:end]) {
							t.Fatalf("page %d from the ledger alone: %d rows, want rows %d to %d of %d", page, len(ids), page*limit, end, len(want))
						}
					}
				}
			})
		}
	}
}

// everyPage reads the unfiltered list in p's order page by page from the first, each page on its own
// request, and returns the ids in the order read.
func everyPage(t *testing.T, l *Ledger, scope auth.ClientScope, p TxPage) []uuid.UUID {
	t.Helper()
	var got []uuid.UUID
	for p.Page, p.SkipTotal = 0, true; ; p.Page++ {
		list, err := l.List(context.Background(), scope, TxFilter{}, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range list.Rows {
			got = append(got, r.ID)
		}
		if !list.HasNext {
			return got
		}
	}
}

// checkPageAlone reads page p.Page of the unfiltered list in p's order on its own request and checks
// that it holds want's rows of that page and says whether more follow.
func checkPageAlone(t *testing.T, l *Ledger, scope auth.ClientScope, p TxPage, want []uuid.UUID) {
	t.Helper()
	p.SkipTotal = true
	list, err := l.List(context.Background(), scope, TxFilter{}, p)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uuid.UUID
	for _, r := range list.Rows {
		ids = append(ids, r.ID)
	}
	end := min(len(want), (p.Page+1)*p.Limit)
	if !slices.Equal(ids, want[p.Page*p.Limit:end]) || list.HasNext != (end < len(want)) {
		t.Fatalf("by %s ascending=%v: page %d alone: %d rows (next %v), want rows %d to %d of %d", p.SortBy, p.Ascending, p.Page,
			len(ids), list.HasNext, p.Page*p.Limit, end, len(want))
	}
}

func firstDifference(a, b []uuid.UUID) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestTimeOrderPages reads every page of the list in time order, both ways, with no filter and with
// each result flag asked true and false, each page on its own request, against ORDER BY ... LIMIT ...
// OFFSET over the whole ledger in SQL with the flags' plain definition (no result row: not set), and
// its total against a count. Thirty flagged transactions share one time (ties across a page's
// boundary), and a few flagged ones were moved in time by an edit since the run (dirty, their result
// rows at the old time): a flag asked true is read from the flag's index in time order
// (flaggedIDs), which must find them at their new time.
func TestTimeOrderPages(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 700, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// some transactions flagged missing basis and negative balance, one of each hidden
	if _, err := pool.Exec(ctx, `UPDATE tax_transaction_results SET is_missing_basis = (hashtext(transaction_id::text) % 5 = 0),
		has_negative_balance = (hashtext(transaction_id::text) % 7 = 0) WHERE client_id = $1`, client); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE transactions SET is_hidden = true WHERE id IN (SELECT transaction_id FROM tax_transaction_results
		WHERE client_id = $1 AND (is_missing_basis OR has_negative_balance) ORDER BY transaction_id LIMIT 2)`, client); err != nil {
		t.Fatal(err)
	}
	// thirty flagged transactions at one time, their result rows too (clean: the run read that time),
	// their ordinals against the order of their ids (the flag's index holds time and id, not ordinal)
	if _, err := pool.Exec(ctx, `WITH tied AS (SELECT r.transaction_id AS id, (SELECT occurred_at FROM transactions WHERE client_id = $1
			ORDER BY occurred_at OFFSET 300 LIMIT 1) AS at, 100 - row_number() OVER (ORDER BY r.transaction_id) AS ordinal
			FROM tax_transaction_results r WHERE r.client_id = $1 AND r.is_missing_basis ORDER BY r.transaction_id DESC LIMIT 30),
		moved AS (UPDATE transactions t SET occurred_at = tied.at, ordinal = tied.ordinal FROM tied WHERE t.id = tied.id)
		UPDATE tax_transaction_results r SET occurred_at = tied.at FROM tied WHERE r.transaction_id = tied.id`, client); err != nil {
		t.Fatal(err)
	}
	l := New(pool)
	scope := auth.JobWriteScope(client, "test")
	var moved []uuid.UUID
	var newest, oldest, tie time.Time
	if err := pool.QueryRow(ctx, `SELECT ARRAY(SELECT transaction_id FROM tax_transaction_results WHERE client_id = $1
			AND is_missing_basis AND has_negative_balance IS NOT NULL ORDER BY transaction_id LIMIT 6 OFFSET 3),
		(SELECT max(occurred_at) FROM transactions WHERE client_id = $1), (SELECT min(occurred_at) FROM transactions WHERE client_id = $1),
		(SELECT occurred_at FROM transactions WHERE client_id = $1 ORDER BY occurred_at OFFSET 300 LIMIT 1)`, client).
		Scan(&moved, &newest, &oldest, &tie); err != nil {
		t.Fatal(err)
	}
	// moved by an edit: to the newest time and past it, to the oldest and before it, into the tie
	for i, at := range []time.Time{newest, newest.Add(time.Hour), oldest, oldest.Add(-time.Hour), tie, tie.Add(time.Second)} {
		if err := l.Update(ctx, scope, Meta{Actor: "user:test"}, func(e *Editor) error {
			_, err := e.UpdateTransaction(moved[i], TransactionPatch{OccurredAt: &at})
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	yes, no := true, false
	if flagged, err := l.flagIndexAnswers(ctx, client, mustState(t, l, client), TxFilter{IsMissingBasis: &yes}, TxPage{}); err != nil || !flagged {
		t.Fatalf("missing basis in time order is not read from the flag's index (%v)", err)
	}
	for _, c := range []struct {
		name string
		f    TxFilter
		cond string
	}{
		{"all", TxFilter{}, "true"},
		{"missing basis", TxFilter{IsMissingBasis: &yes}, "coalesce(r.is_missing_basis, false)"},
		{"not missing basis", TxFilter{IsMissingBasis: &no}, "NOT coalesce(r.is_missing_basis, false)"},
		{"negative balance", TxFilter{IsNegativeBalance: &yes}, "coalesce(r.has_negative_balance, false)"},
		{"no negative balance", TxFilter{IsNegativeBalance: &no}, "NOT coalesce(r.has_negative_balance, false)"},
	} {
		for _, asc := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s ascending=%v", c.name, asc), func(t *testing.T) {
				dir := "DESC"
				if asc {
					dir = "ASC"
				}
				const limit = 23
				page := func(n int) []uuid.UUID {
					rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT t.id FROM transactions t
						LEFT JOIN tax_transaction_results r ON r.result_set_id = (SELECT current_result_set_id FROM clients WHERE id = $1) AND r.transaction_id = t.id
						WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed AND %[1]s
						ORDER BY t.occurred_at %[2]s, t.ordinal %[2]s, t.id %[2]s LIMIT %[3]d OFFSET $2`, c.cond, dir, limit), client, n*limit)
					if err != nil {
						t.Fatal(err)
					}
					var ids []uuid.UUID
					for rows.Next() {
						var id uuid.UUID
						if err := rows.Scan(&id); err != nil {
							t.Fatal(err)
						}
						ids = append(ids, id)
					}
					if err := rows.Err(); err != nil {
						t.Fatal(err)
					}
					return ids
				}
				var count int
				if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM transactions t
					LEFT JOIN tax_transaction_results r ON r.result_set_id = (SELECT current_result_set_id FROM clients WHERE id = $1) AND r.transaction_id = t.id
					WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed AND %s`, c.cond), client).Scan(&count); err != nil {
					t.Fatal(err)
				}
				pages := 0
				for n := 0; ; n++ {
					list, err := l.List(ctx, scope, c.f, TxPage{Limit: limit, Page: n, Ascending: asc, SkipTotal: n > 0})
					if err != nil {
						t.Fatal(err)
					}
					if n == 0 && *list.Total != min(count, TotalCap) {
						t.Errorf("total %d, want %d", *list.Total, min(count, TotalCap))
					}
					var got []uuid.UUID
					for _, r := range list.Rows {
						got = append(got, r.ID)
					}
					want := page(n)
					if !slices.Equal(got, want) || list.HasNext != (len(page(n+1)) > 0) {
						t.Fatalf("page %d: %d rows (next %v), want %d", n, len(got), list.HasNext, len(want))
					}
					pages++
					if !list.HasNext {
						break
					}
				}
				if c.name != "all" && pages < 2 {
					t.Fatalf("%d pages: too few matches to cross a page", pages)
				}
			})
		}
	}
}

func mustState(t *testing.T, l *Ledger, client uuid.UUID) LedgerState {
	t.Helper()
	st, err := l.state(context.Background(), l.pool, client)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
