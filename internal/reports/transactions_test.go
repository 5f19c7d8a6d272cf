package reports_test

import (
	"context"
	"encoding/csv"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestTransactionHistoryExport runs the export worker twice (every match, then a filtered page)
// and checks the CSV holds one line per visible transfer of the matching transactions.
func TestTransactionHistoryExport(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 2500, 6, 3, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// An address is text anyone can choose on some chains and files: the export must not carry it
	// as a formula.
	if _, err := pool.Exec(ctx, `UPDATE transfers SET from_address = '=HYPERLINK("http://evil.example","acct")'
		WHERE id = (SELECT tr.id FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id WHERE t.client_id = $1 AND NOT tr.is_hidden LIMIT 1)`, client); err != nil {
		t.Fatal(err)
	}
	bucket, err := reports.OpenBucket(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	svc := reports.NewService(reports.Deps{Pool: pool, Bucket: bucket, Now: time.Now})
	w := &reports.TransactionsWorker{Service: svc, Ledger: ledger.New(pool)}
	yes := true
	for _, c := range []struct {
		name   string
		filter ledger.TxFilter
		page   *ledger.TxPage
		where  string
	}{
		{"every match", ledger.TxFilter{}, nil, "true"},
		{"income, one page", ledger.TxFilter{HasIncome: &yes}, &ledger.TxPage{Limit: 40, SortBy: ledger.SortCreatedAt},
			"t.id IN (SELECT id FROM transactions x JOIN tax_transaction_results r ON r.transaction_id = x.id AND r.income <> 0 WHERE x.client_id = $1 ORDER BY x.occurred_at DESC, x.ordinal DESC, x.id DESC LIMIT 40)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := db.New(pool).InsertReport(ctx, db.InsertReportParams{ID: uuid.Must(uuid.NewV7()), ClientID: client, Year: 2025, ReportType: reports.TypeTransactionHistory})
			if err != nil {
				t.Fatal(err)
			}
			job := &river.Job[reports.TransactionsArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5},
				Args: reports.TransactionsArgs{ReportID: r.ID, Filter: c.filter, Page: c.page}}
			if err := w.Work(ctx, job); err != nil {
				t.Fatal(err)
			}
			r, err = db.New(pool).GetReport(ctx, db.GetReportParams{ClientID: client, ID: r.ID})
			if err != nil || r.Status != "available" || r.BlobKey == nil {
				t.Fatalf("report %+v, %v", r, err)
			}
			rd, err := bucket.NewReader(ctx, *r.BlobKey, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer rd.Close()
			lines, err := csv.NewReader(rd).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			var want int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
				WHERE t.client_id = $1 AND NOT tr.is_hidden AND `+c.where, client).Scan(&want); err != nil {
				t.Fatal(err)
			}
			for _, line := range lines {
				for _, cell := range line {
					if strings.HasPrefix(cell, "=") {
						t.Fatalf("cell %q begins a formula", cell)
					}
				}
			}
			if want == 0 || len(lines)-1 != want {
				t.Errorf("%d CSV rows, want %d transfers", len(lines)-1, want)
			}
		})
	}
}
