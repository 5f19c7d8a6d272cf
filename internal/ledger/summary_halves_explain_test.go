package ledger

import (
	"context"
	"strings"
	"testing"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"taxd/internal/pgtest"
)

// TestDatedLedgerSummaryReadsEachHalfByItsDates pins the halves of a summary joined from the
// ledger (an asset within a year, of one label), on a generated ledger of 3,000 transactions: the
// halves share the middle of the dates and cover them whole, and each half reads its own dates as
// index ranges (the label's transactions and the asset's transfers up to or from the middle), not
// the year's rows filtered.
func TestDatedLedgerSummaryReadsEachHalfByItsDates(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	// a third of the transactions bought (the generated ledger has no labels)
	const label = "buy"
	client := planLedger{n: 3000, afterRun: []string{
		`UPDATE transactions SET label = '` + label + `' WHERE client_id = $1 AND abs(hashtext(id::text)) % 3 = 0`}}.seed(t, pool)
	asset, first, last := busiestAsset(t, pool, client)
	from := first.Add(last.Sub(first)/2).AddDate(0, -6, 0).Truncate(time.Microsecond)
	to := from.AddDate(1, 0, 0)
	f := TxFilter{AssetIDs: []uuid.UUID{asset}, StartDate: &from, EndDate: &to, Labels: []string{label}}
	halves, ok := f.dateHalves()
	if !ok {
		t.Fatalf("%+v is not split", f)
	}
	mid := *halves[0].EndDate
	if !halves[0].StartDate.Equal(from) || !halves[1].StartDate.Equal(mid) || !halves[1].EndDate.Equal(to) ||
		mid.Sub(from) != to.Sub(mid) || halves[0].Labels[0] != label || halves[1].AssetIDs[0] != asset {
		t.Fatalf("halves %v-%v and %v-%v of %v-%v", halves[0].StartDate, halves[0].EndDate, halves[1].StartDate, halves[1].EndDate, from, to)
	}
	l := New(pool)
	st, err := l.state(ctx, pool, client)
	if err != nil {
		t.Fatal(err)
	}
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		t.Fatal(err)
	}
	if _, inDates := f.assetsInDates(fc, f.summaryWhere(fc)); inDates {
		t.Fatalf("%+v is taken for the result rows", f)
	}
	bound := mid.UTC().Format("2006-01-02 15:04:05")
	for i, h := range halves {
		q, args, err := ledgerSummaryQuery(client, st, h.summaryWhere(fc), sq.Expr("0"))
		if err != nil {
			t.Fatal(err)
		}
		plan := pgtest.Explain(t, pool, "SET LOCAL work_mem = '64MB'", q, args...)
		for _, index := range []string{"transactions_client_label_idx", "transfers_asset_time_idx"} {
			cond := "" // the index's condition: the line after its scan's
			if _, scan, ok := strings.Cut(plan, " "+index+" "); ok {
				_, cond, _ = strings.Cut(scan, "Index Cond:")
				cond, _, _ = strings.Cut(cond, "\n")
			}
			if !strings.Contains(cond, bound) {
				t.Errorf("half %d does not read %s up to or from %s: %q\n%s", i, index, bound, cond, plan)
			}
		}
	}
}
