package taxforms_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/tax"
	"taxd/internal/taxforms"
)

// TestPagesReadTheKeptReconciliation walks every page of a form's reconciliation and of its
// reconciled Form 8949 (both layouts) in pages of 1, 2 and 1,000 and finds the rows of the
// comparison made now, in order, with its totals (and hand arithmetic); the kept pages send no
// query that reads a result or ledger table; after a sale settled since, the next page reconciles
// again and the walk follows the new sale.
func TestPagesReadTheKeptReconciliation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	at := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 14, 30, 0, 0, time.UTC) }
	b.trade(t, at(1, 15), b.eth, "2", "5000")
	b.trade(t, at(6, 1), b.eth, "-0.5", "1900")
	b.trade(t, at(6, 1), b.eth, "-0.25", "950")
	b.trade(t, at(7, 1), b.eth, "-0.125", "600")
	recalculate := func() { t.Helper(); b.recalculate(t) }
	recalculate()
	svc, traced := b.tracedService(t)

	id := uuid.New()
	rows := []taxforms.RowInput{
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900"), Basis: dec("1250")},
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.25"), DateSold: day(2025, 6, 1), Proceeds: dec("940"), Box: tax.Box('H')},
		{AssetSymbol: ptr("SOL"), Quantity: dec("10"), DateSold: day(2025, 8, 1), Proceeds: dec("1500"), DateAcquired: day(2023, 2, 1)},
		{AssetSymbol: ptr("SOL"), Quantity: dec("4"), DateSold: day(2025, 3, 1), Proceeds: dec("400"), Include: ptr(false)},
	}
	if _, err := b.svc.Generate(b.ctx, b.write, id, rows, false); err != nil {
		t.Fatal(err)
	}

	walk := func(wantRows int, want taxforms.Figures) {
		t.Helper()
		live, err := b.svc.Reconcile(b.ctx, b.read, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(live.Rows) != wantRows || !sameFigures(taxforms.FiguresOf(live.Reconciliation), want) ||
			!live.ComputedProceeds.Equal(want.ComputedProceeds) || !live.ComputedBasis.Equal(want.ComputedBasis) {
			t.Fatalf("the live comparison: %d rows, %+v; want %d, %+v", len(live.Rows), taxforms.FiguresOf(live.Reconciliation), wantRows, want)
		}
		for _, n := range []int{1, 2, 1000} {
			var walked []taxforms.Row
			for from := 0; ; {
				p, err := svc.ReconciliationPage(b.ctx, b.read, id, from, n)
				if err != nil {
					t.Fatal(err)
				}
				if p.RowCount != wantRows || !sameFigures(p.Figures, want) || !p.ComputedProceeds.Equal(want.ComputedProceeds) ||
					!p.ComputedBasis.Equal(want.ComputedBasis) || p.Status != live.Status || p.NeedsReviewCount != live.NeedsReviewCount {
					t.Errorf("pages of %d from %d: %d rows, %+v, %s/%d; want %d, %+v, %s/%d", n, from, p.RowCount, p.Figures, p.Status,
						p.NeedsReviewCount, wantRows, want, live.Status, live.NeedsReviewCount)
				}
				for s, c := range live.Counts {
					if p.Counts[s] != c {
						t.Errorf("pages of %d: %d %s, live %d", n, p.Counts[s], s, c)
					}
				}
				if len(p.Rows) > n || len(p.Rows) == 0 && from < wantRows {
					t.Fatalf("pages of %d from %d: %d rows", n, from, len(p.Rows))
				}
				walked = append(walked, p.Rows...)
				if from += len(p.Rows); from >= p.RowCount {
					break
				}
			}
			if len(walked) != len(live.Rows) {
				t.Fatalf("pages of %d: walked %d rows, live %d", n, len(walked), len(live.Rows))
			}
			for i := range walked {
				if got, w := rowText(walked[i]), rowText(live.Rows[i]); got != w {
					t.Errorf("pages of %d, row %d:\n walked %s\n live   %s", n, i, got, w)
				}
			}
			for _, boxG := range []bool{false, true} {
				all := taxforms.Preview(live.FormType, live.TaxYear, live.Reconciliation, boxG)
				var walkedPreview []taxforms.PreviewRow
				for from := 0; ; from += n {
					p, err := svc.PreviewPage(b.ctx, b.read, id, boxG, from, n)
					if err != nil {
						t.Fatal(err)
					}
					walkedPreview = append(walkedPreview, p...)
					if len(p) < n {
						break
					}
				}
				if len(walkedPreview) != len(all) || len(all) != wantRows-1 { // the excluded broker row is not printed
					t.Fatalf("preview pages of %d: walked %d rows, live %d, want %d", n, len(walkedPreview), len(all), wantRows-1)
				}
				for i := range all {
					if got, w := previewText(walkedPreview[i]), previewText(all[i]); got != w {
						t.Errorf("preview pages of %d (box G from the broker %v), row %d:\n walked %s\n live   %s", n, boxG, i, got, w)
					}
				}
			}
		}
	}
	// Bought 2 ETH for 5,000 (2,500 each): the ledger sold 0.5, 0.25 and 0.125 for 1,900 + 950 +
	// 600 = 3,450 on a basis of 1,250 + 625 + 312.50; the form's first two rows pair (1,900 + 940,
	// basis 1,250 reported once); the SOL rows are only on the form (1,500 + 400).
	first := taxforms.Figures{BrokerProceeds: d("4740"), BrokerBasis: dec("1250"), PairedProceeds: d("2850"), PairedBasis: d("1875"),
		ComputedProceeds: d("3450"), ComputedBasis: d("2187.5")}
	walk(5, first)

	// The kept pages are read by key: no query they send reads results or the ledger.
	traced.take()
	if _, err := svc.ReconciliationPage(b.ctx, b.read, id, 1, 2); err != nil {
		t.Fatal(err)
	}
	readsNoLedger(t, b.pool, "a kept reconciliation page", traced.take(), 3)
	if _, err := svc.PreviewPage(b.ctx, b.read, id, true, 2, 2); err != nil {
		t.Fatal(err)
	}
	readsNoLedger(t, b.pool, "a kept preview page", traced.take(), 3)

	// A sale settled since (0.25 ETH for 1,000, basis 625): the next page reconciles again, the
	// sale is a row missing on the form, and the kept rows follow it.
	b.trade(t, at(9, 1), b.eth, "-0.25", "1000")
	recalculate()
	if p, err := svc.ReconciliationPage(b.ctx, b.read, id, 0, 1000); err != nil || p.RowCount != 6 || p.Counts[taxforms.MissingOnForm] != 2 {
		t.Fatalf("after the sale: %d rows, %d missing on the form (%v); want 6 and 2", p.RowCount, p.Counts[taxforms.MissingOnForm], err)
	}
	second := first
	second.ComputedProceeds, second.ComputedBasis = d("4450"), d("2812.5")
	walk(6, second)
	var kept int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM tax_form_reconciliation_rows WHERE tax_form_id = $1`, id).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 6 {
		t.Errorf("%d rows kept, want 6", kept)
	}
}

// rowText spells out a compared row exactly (decimals as fractions, times in UTC).
func rowText(r taxforms.Row) string {
	s := fmt.Sprintf("%s %s", r.ID, r.Status)
	if b := r.Broker; b != nil {
		s += fmt.Sprintf(" broker{%d %q %s %s %s %s %s %s %s %s %v %c %s %s}", b.Position, b.AssetSymbol, idText(b.AssetID), rat(b.Quantity),
			timeText(b.DateAcquired), timeText(&b.DateSold), rat(b.Proceeds), ratPtr(b.CostBasis), idText(b.TransactionID), idText(b.TransferID),
			b.Include, rune(b.Box), strText(b.AdjustmentCode), rat(b.Adjustment))
	}
	if l := r.Ledger; l != nil {
		s += fmt.Sprintf(" ledger{%s %s %s %q %v %s %s %s %s %s %d}", l.TransferID, l.TransactionID, l.AssetID, l.Symbol, l.Long,
			timeText(&l.DisposedAt), timeText(l.AcquiredAt), rat(l.Quantity), rat(l.Proceeds), rat(l.Basis), l.Seq)
	}
	return s
}

func previewText(p taxforms.PreviewRow) string {
	return fmt.Sprintf("%s %s %s %q %s %s %s %s %s %s %s %v %s %v %v", idText(p.TransactionID), idText(p.TransferID), idText(p.AssetID),
		p.Description, timeText(p.DateAcquired), timeText(&p.DateSold), rat(p.Proceeds), rat(p.Basis), strText(p.AdjustmentCode),
		rat(p.Adjustment), rat(p.Gain), p.Long, p.Box, p.BrokerReported, p.UsesBrokerData)
}

func rat(d decimal.Decimal) string { return d.Rat().RatString() }

func ratPtr(d *decimal.Decimal) string {
	if d == nil {
		return "-"
	}
	return rat(*d)
}

func idText(id *uuid.UUID) string {
	if id == nil {
		return "-"
	}
	return id.String()
}

func strText(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}

func timeText(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339Nano)
}
