package reports_test

import (
	"context"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/tax"
	"taxd/internal/testfactory"
)

// TestReportsFollowTheRulesTaxYear: a GB client's tax year 2024 runs from 6 April 2024 to 5 April
// 2025, whatever its stored fiscal_year_start says. Its year-end holdings are those held on 6 April
// 2025 (the ETH bought in February 2025 is one of them), and its TAX_YEAR history lists the
// transactions of 2024/25 only.
func TestReportsFollowTheRulesTaxYear(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	gb := "GB"
	client := testfactory.Client(t, pool, func(o *testfactory.ClientOpts) { o.Country = &gb })
	wallet := testfactory.Account(t, pool, client)
	eth := testfactory.Asset(t, pool, client)
	led := ledger.New(pool)
	buy := func(at time.Time, qty, gbp int64) uuid.UUID {
		var id uuid.UUID
		if err := led.Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: at})
			if err != nil {
				return err
			}
			id = tx.ID
			_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: eth, Quantity: decimal.NewFromInt(qty), ToAccountID: &wallet,
				FiatValue: decimal.NullDecimal{Decimal: decimal.NewFromInt(gbp), Valid: true}})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	february := buy(time.Date(2025, 2, 1, 12, 0, 0, 0, time.UTC), 2, 3000) // 2024/25
	buy(time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC), 4, 8000)             // 2025/26
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	render := func(kind string) [][]string { return renderCSV(t, pool, client, kind, 2024) }
	holdings := render(reports.TypeHoldingsCSV)
	if len(holdings) != 1 || holdings[0][0] != "ETH" || holdings[0][4] != "02/01/2025" {
		t.Errorf("holdings at the end of 2024/25: %q, want the pool of the ETH bought on 2025-02-01", holdings)
	}
	history := render(reports.TypeTransactionHistory)
	if len(history) != 1 || history[0][1] != february.String() {
		t.Errorf("history of 2024/25: %q, want the transaction of 2025-02-01 (%s) only", history, february)
	}
}

// TestRulesReportsExist: every report type a jurisdiction's rules offer is one the service makes.
func TestRulesReportsExist(t *testing.T) {
	for j := tax.Jurisdiction(0); j.Valid(); j++ {
		for _, k := range j.Rules().Reports {
			if !slices.Contains(reports.ExportTypes, k) {
				t.Errorf("%s offers %s, which no renderer makes", j, k)
			}
		}
	}
}

// renderCSV renders a report of the client's tax year through the report worker, as a partner's
// request does, and returns its CSV rows without the header.
func renderCSV(t *testing.T, pool *pgxpool.Pool, client uuid.UUID, kind string, year int32) [][]string {
	t.Helper()
	ctx := context.Background()
	bucket, err := reports.OpenBucket(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	w := &reports.Worker{Service: reports.NewService(reports.Deps{Pool: pool, Bucket: bucket, Now: time.Now})}
	r, err := db.New(pool).InsertReport(ctx, db.InsertReportParams{ID: uuid.Must(uuid.NewV7()), ClientID: client, Year: year, ReportType: kind})
	if err != nil {
		t.Fatal(err)
	}
	job := &river.Job[reports.RenderArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: reports.RenderArgs{ReportID: r.ID}}
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
	rows, err := csv.NewReader(rd).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// The year-end holdings name each lot's account as the client named it, not by its id.
func TestHoldingsNameTheAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := testfactory.Client(t, pool)
	wallet := testfactory.Account(t, pool, client, testfactory.Named("Cold storage"))
	eth := testfactory.Asset(t, pool, client)
	if err := ledger.New(pool).Update(ctx, auth.JobWriteScope(client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: eth, Quantity: decimal.NewFromInt(1), ToAccountID: &wallet,
			FiatValue: decimal.NullDecimal{Decimal: decimal.NewFromInt(3000), Valid: true}})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	if rows := renderCSV(t, pool, client, reports.TypeHoldingsCSV, 2024); len(rows) != 1 || rows[0][1] != "Cold storage" {
		t.Fatalf("holdings %q: want one lot held in Cold storage", rows)
	}
}

// The year-end holdings list the ETH moved into a staking position as a lot of the position (with its
// basis), and leave it out when the request says includeDefiPositions: false; the two choices are two
// reports, neither reused for the other.
func TestHoldingsWithAndWithoutDefiPositions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := testfactory.Client(t, pool)
	wallet := testfactory.Account(t, pool, client, testfactory.Named("Hot wallet"))
	eth := testfactory.Asset(t, pool, client)
	write := auth.JobWriteScope(client, "test")
	deposit, position := "staking_deposit", "lido"
	if err := ledger.New(pool).Update(ctx, write, ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		buy, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		if _, err := e.AddTransfer(buy.ID, ledger.NewTransfer{AssetID: eth, Quantity: decimal.NewFromInt(3), ToAccountID: &wallet,
			FiatValue: decimal.NullDecimal{Decimal: decimal.NewFromInt(9000), Valid: true}}); err != nil {
			return err
		}
		stake, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &wallet, OccurredAt: time.Date(2024, 4, 1, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		_, err = e.AddTransfer(stake.ID, ledger.NewTransfer{AssetID: eth, Quantity: decimal.NewFromInt(1), FromAccountID: &wallet,
			Label: &deposit, StakingID: &position})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, write); err != nil {
		t.Fatal(err)
	}
	bucket, err := reports.OpenBucket(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := reports.NewService(reports.Deps{Pool: pool, Bucket: bucket, Jobs: jc})
	render := func(include *bool) (uuid.UUID, [][]string) {
		t.Helper()
		x, err := svc.Export(ctx, write, reports.ExportRequest{Type: reports.TypeHoldingsCSV, Period: reports.PeriodTaxYear, Year: "2024",
			IncludeDefiPositions: include})
		if err != nil {
			t.Fatal(err)
		}
		if !x.Cached {
			job := &river.Job[reports.RenderArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: reports.RenderArgs{ReportID: x.Report.ID}}
			if err := (&reports.Worker{Service: svc}).Work(ctx, job); err != nil {
				t.Fatal(err)
			}
		}
		f, err := svc.Open(ctx, auth.JobScope(client, "test"), x.Report.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Body.Close()
		rows, err := csv.NewReader(f.Body).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return x.Report.ID, rows[1:]
	}
	without := false
	byDefault, all := render(nil)
	excluded, wallets := render(&without)
	if byDefault == excluded {
		t.Fatalf("the report with positions was reused for includeDefiPositions: false")
	}
	// asset, account, quantity, cost_basis_usd, date_acquired: 2 ETH in the wallet, 1 in the position, $3,000 a coin
	want := [][]string{{"ETH", "Hot wallet", "2", "6000.00", "03/01/2024"}, {"ETH", "staking:lido", "1", "3000.00", "03/01/2024"}}
	sortRows := func(rows [][]string) {
		slices.SortFunc(rows, func(a, b []string) int { return strings.Compare(a[1], b[1]) })
	}
	sortRows(all)
	if !slices.EqualFunc(all, want, slices.Equal[[]string]) {
		t.Errorf("holdings with positions %q, want %q", all, want)
	}
	if !slices.EqualFunc(wallets, want[:1], slices.Equal[[]string]) {
		t.Errorf("holdings without positions %q, want %q", wallets, want[:1])
	}
	if _, err := svc.Export(ctx, write, reports.ExportRequest{Type: reports.TypeCapitalGainsCSV, Period: reports.PeriodTaxYear, Year: "2024",
		IncludeDefiPositions: &without}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("includeDefiPositions on a gains report: %v, want invalid input", err)
	}
}
