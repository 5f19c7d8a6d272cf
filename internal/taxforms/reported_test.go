package taxforms_test

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/reports"
	"taxd/internal/taxforms"
)

// exclude1099DA: a capital-gains report leaves out the disposals a Form 1099-DA reports (paired by
// the reconciliation, matched or differing) and keeps the others.
func TestExclude1099DALeavesOutReportedDisposals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	at := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 14, 30, 0, 0, time.UTC) }
	b.trade(t, at(1, 15), b.eth, "2", "5000")
	b.trade(t, at(3, 10), b.btc, "0.1", "7000")
	ethSale1 := b.trade(t, at(6, 1), b.eth, "-0.5", "1900")
	ethSale2 := b.trade(t, at(6, 1), b.eth, "-0.25", "950")
	b.trade(t, at(7, 1), b.btc, "-0.05", "4000")
	b.recalculate(t)
	form := uuid.New()
	if _, err := b.svc.Generate(b.ctx, b.write, form, []taxforms.RowInput{
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900")},
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.25"), DateSold: day(2025, 6, 1), Proceeds: dec("940")},
	}, false); err != nil {
		t.Fatal(err)
	}
	transferOf := func(tx uuid.UUID) uuid.UUID {
		var id uuid.UUID
		if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transfers WHERE transaction_id = $1`, tx).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	got, err := b.svc.ReportedTransfers(b.ctx, auth.JobWriteScope(b.client, "test"), 2025)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got[transferOf(ethSale1)] || !got[transferOf(ethSale2)] {
		t.Fatalf("reported transfers %v, want the two ETH sales", got)
	}
	if none, err := b.svc.ReportedTransfers(b.ctx, auth.JobWriteScope(b.client, "test"), 2024); err != nil || len(none) != 0 {
		t.Fatalf("2024: %v, %v", none, err)
	}

	bucket, err := reports.OpenBucket(b.ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	jc, err := jobs.New(b.pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs := reports.NewService(reports.Deps{Pool: b.pool, Bucket: bucket, Jobs: jc})
	rs.SetBrokerReported(b.svc.ReportedTransfers)
	render := func(exclude bool) string {
		t.Helper()
		ex, err := rs.Export(b.ctx, b.write, reports.ExportRequest{Type: reports.TypeCapitalGainsCSV, Period: reports.PeriodTaxYear, Year: "2025", Exclude1099DA: exclude})
		if err != nil {
			t.Fatal(err)
		}
		job := &river.Job[reports.RenderArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: reports.RenderArgs{ReportID: ex.Report.ID}}
		if err := (&reports.Worker{Service: rs}).Work(b.ctx, job); err != nil {
			t.Fatal(err)
		}
		r, err := db.New(b.pool).GetReport(b.ctx, db.GetReportParams{ID: ex.Report.ID, ClientID: b.client})
		if err != nil {
			t.Fatal(err)
		}
		f, err := rs.Open(b.ctx, auth.JobScope(b.client, "test"), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Body.Close()
		body, err := io.ReadAll(f.Body)
		if err != nil {
			t.Fatal(err)
		}
		return string(body)
	}
	// the proceeds column (a bare "950" also matches a time-ordered uuid such as 01a22950-...)
	all, excluded := render(false), render(true)
	if !strings.Contains(all, ",1900.00,") || !strings.Contains(all, ",950.00,") || !strings.Contains(all, ",4000.00,") {
		t.Fatalf("the full report lacks a sale:\n%s", all)
	}
	if strings.Contains(excluded, ",1900.00,") || strings.Contains(excluded, ",950.00,") || !strings.Contains(excluded, ",4000.00,") {
		t.Fatalf("exclude1099DA kept a reported sale or lost the BTC one:\n%s", excluded)
	}
}
