package ledger

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/pgtest"
	"taxd/internal/testfactory"
)

// TestCommonFiltersUseIndexes pins the query plans of the common filters: on a generated ledger
// of a few thousand rows, with sequential scans priced out of reach (so the planner picks an index
// whenever one can serve the condition), no plan may scan transactions or transfers
// sequentially. A filter whose index is dropped, or whose SQL stops matching its index
// expression, fails here.
func TestCommonFiltersUseIndexes(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000, afterRun: []string{`UPDATE transactions t SET label = (SELECT tr.label FROM transfers tr WHERE tr.transaction_id = t.id ORDER BY tr.position LIMIT 1),
		txn_hash = md5(t.id::text), notes = CASE WHEN t.ordinal % 10 = 0 THEN 'note ' || t.ordinal END WHERE t.client_id = $1`,
		`UPDATE transfers SET from_address = '0x' || substr(md5(id::text), 1, 40),
		to_address = CASE WHEN position = 0 THEN '0x' || substr(md5(transaction_id::text), 1, 40) END WHERE client_id = $1`}}.seed(t, pool)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	var asset uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT asset_id FROM transfers WHERE client_id = $1 LIMIT 1`, client).Scan(&asset); err != nil {
		t.Fatal(err)
	}
	var symbol string
	if err := pool.QueryRow(ctx, `SELECT lower(symbol) FROM assets WHERE id = $1`, asset).Scan(&symbol); err != nil {
		t.Fatal(err)
	}
	var hash, address string
	if err := pool.QueryRow(ctx, `SELECT txn_hash, (SELECT from_address FROM transfers WHERE client_id = $1 LIMIT 1) FROM transactions WHERE client_id = $1 LIMIT 1`, client).Scan(&hash, &address); err != nil {
		t.Fatal(err)
	}
	hashStart, addressStart := hash[:10], address[:12]
	yes := true
	from, to := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	search, label := "abc", "buy"
	for _, c := range []struct {
		name string
		f    TxFilter
		p    TxPage
		// the list's stretches (pageSegments): each one's index must appear in its plan (one
		// index for all of them when there is one stretch; "": none named, on a ledger this small
		// the zero stretch of a sort by a figure hashes)
		index []string
		count []string // and in the capped count's
		// the capped count walks an index in order: it sorts nothing (it counts the same in any
		// order, and the list's order may have no index)
		countUnsorted bool
	}{
		{"newest first", TxFilter{}, TxPage{Limit: 100}, []string{"Index Only Scan Backward using transactions_client_order_idx"}, nil, false},
		{"a deep page", TxFilter{}, TxPage{Limit: 100, Page: 20}, []string{"Index Only Scan Backward using transactions_client_order_idx"}, nil, false},
		{"by fiat value", TxFilter{}, TxPage{Limit: 100, SortBy: SortFiatValue}, []string{"Index Only Scan Backward using transactions_client_fiat_value_idx"},
			[]string{"transactions_client_order_idx"}, true},
		{"by fiat value, oldest first", TxFilter{}, TxPage{Limit: 100, SortBy: SortFiatValue, Ascending: true},
			[]string{"Index Only Scan using transactions_client_fiat_value_idx"}, []string{"transactions_client_order_idx"}, true},
		// a flag asked true in time order: the flag's index walked in that order, the few dirty
		// transactions merged in (flaggedIDs)
		{"missing basis", TxFilter{IsMissingBasis: &yes}, TxPage{Limit: 100}, []string{"Merge Append", "Index Scan Backward using tax_transaction_results_missing_basis_idx"},
			[]string{"Merge Append", "Index Scan Backward using tax_transaction_results_missing_basis_idx"}, false},
		{"negative balance, oldest first", TxFilter{IsNegativeBalance: &yes}, TxPage{Limit: 100, Ascending: true},
			[]string{"Merge Append", "Index Scan using tax_transaction_results_negative_balance_idx"},
			[]string{"Merge Append", "Index Scan using tax_transaction_results_negative_balance_idx"}, false},
		{"date range", TxFilter{StartDate: &from, EndDate: &to}, TxPage{Limit: 100}, []string{"transactions_client_order_idx"}, nil, false},
		{"asset + date + label", TxFilter{AssetIDs: []uuid.UUID{asset}, StartDate: &from, EndDate: &to, Labels: []string{"buy"}}, TxPage{Limit: 100},
			[]string{"transactions_client_label_idx"}, []string{"Merge Semi Join", "transactions_client_label_idx", "transfers_asset_time_idx"}, false},
		{"income + provider", TxFilter{HasIncome: &yes, Providers: []string{"bench"}}, TxPage{Limit: 100}, []string{"tax_transaction_results"}, nil, false},
		{"search", TxFilter{Search: &search}, TxPage{Limit: 100}, []string{"transactions_notes_trgm_idx", "transactions_client_hash_idx",
			"transfers_client_from_address_idx", "transfers_client_to_address_idx"}, nil, false},
		{"search by a hash's start", TxFilter{Search: &hashStart}, TxPage{Limit: 100}, []string{"transactions_client_hash_idx", "~>=~"}, nil, false},
		{"search by an address's start", TxFilter{Search: &addressStart}, TxPage{Limit: 100}, []string{"transfers_client_from_address_idx", "transfers_client_to_address_idx", "~<~"}, nil, false},
		{"from or to address", TxFilter{FromOrToAddress: &address}, TxPage{Limit: 100}, []string{"transfers_client_from_address_idx", "transfers_client_to_address_idx"}, nil, false},
		{"search matching a label", TxFilter{Search: &label}, TxPage{Limit: 100}, []string{"transactions_client_label_idx"}, nil, false},
		{"search matching an asset", TxFilter{Search: &symbol}, TxPage{Limit: 100}, []string{"transactions_client_order_idx", "transfers_client_asset_idx"},
			[]string{"transactions_client_order_idx"}, true},
		{"disposals", TxFilter{OnlyDisposals: true}, TxPage{Limit: 100}, []string{"tax_transaction_results_pkey"}, nil, false},
		{"by gain", TxFilter{}, TxPage{Limit: 100, SortBy: SortCapGains}, []string{"tax_transaction_results_gain_idx", "", "tax_transaction_results_gain_idx"},
			[]string{"transactions_client_order_idx"}, true},
		{"by income, oldest first", TxFilter{}, TxPage{Limit: 100, SortBy: SortIncome, Ascending: true},
			[]string{"tax_transaction_results_income_idx", "", "tax_transaction_results_income_idx"}, []string{"transactions_client_order_idx"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fc, err := l.filterCtx(ctx, client, st, c.f)
			if err != nil {
				t.Fatal(err)
			}
			where := c.f.where(fc)
			flagged, err := l.flagIndexAnswers(ctx, client, st, c.f, c.p)
			if err != nil {
				t.Fatal(err)
			}
			type query struct {
				what, settings, sql string
				args                []any
				uses                []string
			}
			var queries []query
			segs := inFlagOrder(pageSegments(where, c.p), client, flagged)
			for i, seg := range segs {
				listSQL, listArgs, err := pageQuery(st, seg, uint64(c.p.Limit)+1, uint64(c.p.Limit)*uint64(c.p.Page)).ToSql()
				if err != nil {
					t.Fatal(err)
				}
				uses := c.index
				if len(segs) > 1 && c.index[i] == "" {
					uses = nil
				} else if len(segs) > 1 {
					uses = c.index[i : i+1]
				}
				queries = append(queries, query{fmt.Sprintf("list (stretch %d)", i), "", listSQL, listArgs, uses})
			}
			counted := c.f.counted(fc, where, c.p).inFlagOrder(client, flagged)
			countSQL, countArgs, err := countQuery(st, counted).ToSql()
			if err != nil {
				t.Fatal(err)
			}
			exact := c.p
			exact.ExactTotal = true
			exactPlan := c.f.counted(fc, where, exact)
			exactSQL, exactArgs, err := countQuery(st, exactPlan).ToSql()
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range append(queries,
				query{"count", counted.settings, countSQL, countArgs, c.count},
				query{"exact count", exactPlan.settings, exactSQL, exactArgs, nil},
			) {
				plan := pgtest.Explain(t, pool, q.settings, q.sql, q.args...)
				if strings.Contains(plan, "Seq Scan on transactions") || strings.Contains(plan, "Seq Scan on transfers") {
					t.Errorf("%s scans sequentially:\n%s", q.what, plan)
				}
				if q.what == "count" && c.countUnsorted && strings.Contains(plan, "Sort") {
					t.Errorf("the capped count sorts:\n%s", plan)
				}
				for _, idx := range q.uses {
					if !strings.Contains(plan, idx) {
						t.Errorf("%s does not use %s:\n%s", q.what, idx, plan)
					}
				}
			}
		})
	}
}

// TestAssetSummaryReadsItsDatesOnly pins the summary of one asset between two dates: the asset's
// transfers are read from transfers_asset_time_idx for those dates (the bounds stated on the
// transfers, see hasAssetTransfer), not all of them from transfers_client_asset_idx.
func TestAssetSummaryReadsItsDatesOnly(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000}.seed(t, pool)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	var asset uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT asset_id FROM transfers WHERE client_id = $1 LIMIT 1`, client).Scan(&asset); err != nil {
		t.Fatal(err)
	}
	from, to := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	f := TxFilter{AssetIDs: []uuid.UUID{asset}, StartDate: &from, EndDate: &to}
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		t.Fatal(err)
	}
	sqlText, args, err := ledgerSummaryQuery(client, st, f.summaryWhere(fc), sq.Expr("0"))
	if err != nil {
		t.Fatal(err)
	}
	plan := pgtest.Explain(t, pool, "", sqlText, args...)
	if !strings.Contains(plan, "transfers_asset_time_idx") || !strings.Contains(plan, "occurred_at >=") || strings.Contains(plan, "transfers_client_asset_idx") {
		t.Errorf("the summary does not read the asset's transfers of its dates only:\n%s", plan)
	}
}

// TestFigurePagesReadTheirIndexAlone pins a deep page of the list sorted by gain or income, its
// result rows answering (figureIDs): the nonzero figures' stretches walk the figure's index alone
// (an index-only scan: the skipped matches' rows and transactions are not read).
func TestFigurePagesReadTheirIndexAlone(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000}.seed(t, pool)
	testfactory.Exec(t, pool, `VACUUM tax_transaction_results`)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	fc, err := l.filterCtx(ctx, client, st, TxFilter{})
	if err != nil {
		t.Fatal(err)
	}
	where := (&TxFilter{}).where(fc)
	var rows *ResultRows
	if err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err = PatternResultRows(ctx, tx, client, st.ResultSetID)
		return err
	}); err != nil || rows == nil {
		t.Fatalf("the result rows do not answer (%v)", err)
	}
	for _, c := range []struct {
		p    TxPage
		scan string
	}{
		{TxPage{Limit: 50, Page: 8, SortBy: SortCapGains}, "Index Only Scan Backward using tax_transaction_results_gain_idx"},
		{TxPage{Limit: 50, Page: 8, SortBy: SortIncome, Ascending: true}, "Index Only Scan using tax_transaction_results_income_idx"},
	} {
		segs := withFigureRows(pageSegments(where, c.p), client, rows)
		for _, seg := range segs {
			if seg.figure == "" {
				continue
			}
			sqlText, args, err := pageQuery(st, seg, uint64(c.p.Limit)+1, uint64(c.p.Limit)*uint64(c.p.Page)).ToSql()
			if err != nil {
				t.Fatal(err)
			}
			// bitmap scans priced out too: on a ledger this small, reading every nonzero figure and
			// sorting them would win where the walk must at scale
			plan := pgtest.Explain(t, pool, "SET LOCAL enable_bitmapscan = off", sqlText, args...)
			if !strings.Contains(plan, c.scan) || strings.Contains(plan, "Seq Scan") || strings.Contains(plan, "Index Scan using tax_transaction_results_gain_idx") {
				t.Errorf("%s %v: the stretch %s is not read from its index alone:\n%s", c.p.SortBy, c.p.Ascending, seg.where, plan)
			}
		}
	}
}

// TestAPageOfASetTheStatisticsMissFindsItsResultsByKey: a list page joins each transaction's
// result row by its key even when the statistics do not know the current set (a large client's
// full run since the last ANALYZE, the statistics describing its previous set as nearly every row):
// the join names the set through a one-row subquery (resultJoin), which the planner prices as the
// average set; named by its value the set looked empty, and each row was looked up through
// tax_transaction_results_time_idx, scanning the whole set per transaction.
func TestAPageOfASetTheStatisticsMissFindsItsResultsByKey(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000}.seed(t, pool)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	fresh := uuid.New() // a set the statistics miss
	st.ResultSetID = &fresh
	for _, c := range []struct {
		name string
		f    TxFilter
		p    TxPage
	}{
		{"newest first", TxFilter{}, TxPage{Limit: 50}},
		{"a deep page", TxFilter{}, TxPage{Limit: 50, Page: 20}},
		{"disposals", TxFilter{OnlyDisposals: true}, TxPage{Limit: 50}},
	} {
		fc, err := l.filterCtx(ctx, client, st, c.f)
		if err != nil {
			t.Fatal(err)
		}
		for i, seg := range pageSegments(c.f.where(fc), c.p) {
			sql, args, err := pageQuery(st, seg, uint64(c.p.Limit)+1, uint64(c.p.Limit)*uint64(c.p.Page)).ToSql()
			if err != nil {
				t.Fatal(err)
			}
			plan := pgtest.Explain(t, pool, "", sql, args...)
			if strings.Contains(plan, "tax_transaction_results_time_idx") || !strings.Contains(plan, "tax_transaction_results_pkey") {
				t.Errorf("%s, stretch %d: the result rows are not found by key:\n%s", c.name, i, plan)
			}
		}
	}
}
