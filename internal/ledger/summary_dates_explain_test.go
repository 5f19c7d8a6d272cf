package ledger

import (
	"context"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"taxd/internal/pgtest"
)

// TestAssetsInDatesSummaryLooksNoRowUpPerMatch pins the plans of the summary of an asset within a
// year, on a generated ledger of 3,000 transactions with a few dirty ones: the result rows of the
// year are read as a range of tax_transaction_results_time_idx and hashed against the asset's
// transfers of the year, and the matches without a row are the asset's transfers less that range,
// looked up by key in the ledger. Only the dirty transactions' rows are looked up by
// key.
func TestAssetsInDatesSummaryLooksNoRowUpPerMatch(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := planLedger{n: 3000}.seed(t, pool)
	dirty := latestTransactions(t, pool, client, 20)
	// the asset with the most transfers, and the middle year of the ledger
	asset, first, last := busiestAsset(t, pool, client)
	mid := first.Add(last.Sub(first) / 2)
	from, to := mid.AddDate(0, -6, 0), mid.AddDate(0, 6, 0)
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	f := TxFilter{AssetIDs: []uuid.UUID{asset}, StartDate: &from, EndDate: &to}
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		t.Fatal(err)
	}
	where := f.summaryWhere(fc)
	rest, ok := f.assetsInDates(fc, where)
	if !ok {
		t.Fatalf("%+v is not taken for the summary of assets within dates", f)
	}
	rows, others := assetsInDatesParts(client, *st.ResultSetID, dirty, &f, where, rest)
	plan := func(parts ...sq.Sqlizer) string {
		t.Helper()
		q, args, err := partsTotalsQuery(sq.Expr("0"), parts...)
		if err != nil {
			t.Fatal(err)
		}
		return pgtest.Explain(t, pool, "SET LOCAL work_mem = '64MB'", q, args...)
	}
	withRows, rowless := plan(rows[0]), plan(others...)
	if !strings.Contains(withRows, "tax_transaction_results_time_idx") || strings.Contains(withRows, "tax_transaction_results_pkey") {
		t.Errorf("the result rows of the year are not read as a range:\n%s", withRows)
	}
	if !strings.Contains(rowless, "Anti Join") || !strings.Contains(rowless, "tax_transaction_results_time_idx") || !strings.Contains(rowless, "transactions_pkey") {
		t.Errorf("the matches without a row are not the asset's transfers less the year's rows, looked up by key:\n%s", rowless)
	}
	if n := strings.Count(rowless, "tax_transaction_results_pkey"); n > 1 {
		t.Errorf("%d lookups of result rows by key beside the dirty transactions':\n%s", n, rowless)
	}
}
