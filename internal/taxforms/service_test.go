package taxforms_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/reports"
	"taxd/internal/taxforms"
	"taxd/internal/testfactory"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type bundle struct {
	ctx      context.Context
	pool     *pgxpool.Pool
	svc      *taxforms.Service
	led      *ledger.Ledger
	client   uuid.UUID
	exchange uuid.UUID
	eth, btc uuid.UUID
	write    auth.ClientScope
	read     auth.ClientScope
}

func setup(t *testing.T) *bundle {
	t.Helper()
	pool := pgtest.Pool(t)
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := &bundle{ctx: context.Background(), pool: pool, svc: taxforms.NewService(pool, jc, nil), led: ledger.New(pool),
		client: uuid.New(), exchange: uuid.New(), eth: uuid.New(), btc: uuid.New()}
	testfactory.Client(t, pool, testfactory.ClientID(b.client), testfactory.ClientNamed("c"))
	testfactory.Account(t, pool, b.client, testfactory.AccountID(b.exchange), testfactory.Exchange("coinbase"), testfactory.Named("Coinbase"))
	testfactory.Asset(t, pool, b.client, testfactory.AssetID(b.eth))
	testfactory.Asset(t, pool, b.client, testfactory.AssetID(b.btc), testfactory.Coin("bitcoin:native", "BTC"))
	va := &auth.ViewerAuthenticator{DB: pool}
	if b.write, err = va.Scope(b.ctx, &auth.Viewer{KeyID: uuid.New(), KeyClient: b.client, Permission: auth.PermReadWrite}, b.client); err != nil {
		t.Fatal(err)
	}
	if b.read, err = va.Scope(b.ctx, &auth.Viewer{KeyID: uuid.New(), KeyClient: b.client, Permission: auth.PermRead}, b.client); err != nil {
		t.Fatal(err)
	}
	return b
}

// trade buys (qty > 0) or sells (qty < 0) an asset on the exchange for usd dollars and returns
// the transaction id.
func (b *bundle) trade(t *testing.T, at time.Time, asset uuid.UUID, qty, usd string) uuid.UUID {
	t.Helper()
	q, v := decimal.RequireFromString(qty), decimal.RequireFromString(usd)
	var id uuid.UUID
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.exchange, OccurredAt: at})
		if err != nil {
			return err
		}
		id = tx.ID
		in := ledger.NewTransfer{AssetID: asset, Quantity: q.Abs(), FiatValue: decimal.NullDecimal{Decimal: v, Valid: true}}
		if q.IsNegative() {
			in.FromAccountID = &b.exchange
		} else {
			in.ToAccountID = &b.exchange
		}
		_, err = e.AddTransfer(tx.ID, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func ptr[T any](v T) *T { return &v }

func dec(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }

func day(y int, m time.Month, d int) *time.Time {
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return &t
}

// TestGenerateReconcilesAndRecordsRuns drives the service as generate1099DAReports does: broker
// rows come in (matching, differing in proceeds, missing in the ledger; a sale missing on the
// form), the form is created, reconciled, previewed, generated and rendered; a second run with
// rows paired to ledger transactions and basis replaces the rows and is recorded beside the first.
func TestGenerateReconcilesAndRecordsRuns(t *testing.T) {
	t.Parallel()
	b := setup(t)
	at := func(m time.Month, d int) time.Time { return time.Date(2025, m, d, 14, 30, 0, 0, time.UTC) }
	b.trade(t, at(1, 15), b.eth, "2", "5000")
	b.trade(t, at(3, 10), b.btc, "0.1", "7000")
	sale := b.trade(t, at(6, 1), b.eth, "-0.5", "1900")
	b.trade(t, at(6, 1), b.eth, "-0.25", "950")
	b.trade(t, at(7, 1), b.btc, "-0.05", "4000")
	b.recalculate(t)

	form := uuid.New()
	rows := []taxforms.RowInput{
		{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900")},
		{AssetSymbol: ptr("eth"), Quantity: dec("0.25"), DateSold: day(2025, 6, 1), Proceeds: dec("940")},
		{AssetSymbol: ptr("SOL"), Quantity: dec("10"), DateSold: day(2025, 8, 1), Proceeds: dec("1500")},
	}
	if _, err := b.svc.Generate(b.ctx, b.read, form, rows, false); apperr.KindOf(err) != apperr.Forbidden {
		t.Fatalf("a Read scope generates: %v", err)
	}
	g, err := b.svc.Generate(b.ctx, b.write, form, rows, false)
	if err != nil {
		t.Fatal(err)
	}
	if g.Form.TaxYear != 2025 || g.Form.FormType != taxforms.TypeForm1099DA || g.Form.BrokerName != "Unknown broker" || g.Form.Status != taxforms.StatusNeedsReview || g.Form.RowCount != 3 {
		t.Fatalf("created form %+v", g.Form)
	}
	if g.Report.ReportType != taxforms.ReportType || g.Report.Status != "queued" || g.Generation.TransactionCount != 3 {
		t.Fatalf("generation %+v, report %+v", g.Generation, g.Report)
	}
	var queued int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM river_job WHERE kind = $1 AND args->>'report_id' = $2`, jobs.KindReport, g.Report.ID.String()).Scan(&queued); err != nil || queued != 1 {
		t.Fatalf("render jobs queued: %d (%v)", queued, err)
	}

	rec, err := b.svc.Reconcile(b.ctx, b.read, form)
	if err != nil {
		t.Fatal(err)
	}
	want := map[taxforms.Status]int{taxforms.Matched: 1, taxforms.Mismatched: 1, taxforms.MissingInLedger: 1, taxforms.MissingOnForm: 1}
	for s, n := range want {
		if rec.Counts[s] != n {
			t.Errorf("%s: %d rows, want %d (%v)", s, rec.Counts[s], n, rec.Counts)
		}
	}
	if !rec.BrokerProceeds.Equal(decimal.RequireFromString("4340")) || !rec.ComputedProceeds.Equal(decimal.RequireFromString("6850")) {
		t.Errorf("proceeds: broker %s computed %s, want 4340 and 6850", rec.BrokerProceeds, rec.ComputedProceeds)
	}
	for _, r := range rec.Rows {
		switch r.Status {
		case taxforms.Mismatched:
			if !r.Broker.Proceeds.Sub(r.Ledger.Proceeds).Equal(decimal.RequireFromString("-10")) || r.Broker.AssetID == nil || *r.Broker.AssetID != b.eth {
				t.Errorf("mismatched row %+v / %+v", r.Broker, r.Ledger)
			}
		case taxforms.MissingOnForm:
			if r.Ledger.AssetID != b.btc || !r.Ledger.Proceeds.Equal(decimal.RequireFromString("4000")) || r.Ledger.Long {
				t.Errorf("missing on form: %+v", r.Ledger)
			}
		case taxforms.MissingInLedger:
			if r.Broker.AssetSymbol != "SOL" || r.Broker.AssetID != nil {
				t.Errorf("missing in ledger: %+v", r.Broker)
			}
		}
	}
	preview, err := b.svc.Preview(b.ctx, b.read, form, false)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, p := range preview {
		got += p.Box.String()
	}
	if got != "HHIH" {
		t.Errorf("preview boxes %s, want HHIH (ETH reported without basis twice, BTC not reported, SOL only on the form)", got)
	}
	file, err := b.svc.RenderReport(b.ctx, auth.JobScope(b.client, "test"), g.Report)
	if err != nil || !bytes.HasPrefix(file.Body, []byte("%PDF")) || file.ContentType != "application/pdf" {
		t.Fatalf("rendering the reconciled 8949: %v (%s, %d bytes)", err, file.ContentType, len(file.Body))
	}
	// The report worker renders it through the registered renderer; the run then succeeded, and
	// the form still needs review: it differs from the ledger (GENERATED needs no open difference).
	bucket, err := reports.OpenBucket(b.ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	rs := reports.NewService(reports.Deps{Pool: b.pool, Bucket: bucket})
	rs.Register(taxforms.ReportType, b.svc.RenderReport)
	job := &river.Job[reports.RenderArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: reports.RenderArgs{ReportID: g.Report.ID}}
	if err := (&reports.Worker{Service: rs}).Work(b.ctx, job); err != nil {
		t.Fatal(err)
	}
	done, err := b.svc.Generations(b.ctx, b.read, form)
	if err != nil || len(done) != 1 || done[0].Status != "SUCCEEDED" || done[0].CompletedAt == nil || *done[0].Reports[0].ContentType != "application/pdf" {
		t.Fatalf("after rendering: %v %+v", err, done)
	}
	if f, err := b.svc.Get(b.ctx, b.read, form); err != nil || f.Status != taxforms.StatusNeedsReview || f.NeedsReviewCount != 3 {
		t.Fatalf("after rendering the form is %+v (%v)", f, err)
	}

	// Second run: the rows name the ledger sale (the broker reported basis and netted a fee), so
	// they replace the first rows; with useBrokerDataForBoxG the G row takes the broker's figures.
	g2, err := b.svc.Generate(b.ctx, b.write, form, []taxforms.RowInput{{TransactionID: &sale, Proceeds: dec("1899.5"), Basis: dec("1250")}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Form.RowCount != 1 || g2.Form.Status != taxforms.StatusNeedsReview || g2.Form.StatusMessage == nil {
		t.Errorf("second run: form %+v", g2.Form)
	}
	rec, err = b.svc.Reconcile(b.ctx, b.read, form)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Counts[taxforms.Mismatched] != 1 || rec.Counts[taxforms.MissingOnForm] != 2 || rec.Counts[taxforms.MissingInLedger] != 0 || len(rec.Rows) != 3 {
		t.Errorf("second reconciliation: %v", rec.Counts)
	}
	for _, use := range []bool{false, true} {
		p, err := b.svc.Preview(b.ctx, b.read, form, use)
		if err != nil {
			t.Fatal(err)
		}
		first := p[0]
		wantProceeds := map[bool]string{false: "1900", true: "1899.5"}[use]
		if first.Box != 'G' || first.UsesBrokerData != use || !first.Proceeds.Equal(decimal.RequireFromString(wantProceeds)) || !first.Basis.Equal(decimal.RequireFromString("1250")) {
			t.Errorf("useBrokerDataForBoxG=%v: %+v", use, first)
		}
	}
	gens, err := b.svc.Generations(b.ctx, b.read, form)
	if err != nil {
		t.Fatal(err)
	}
	if len(gens) != 2 || gens[0].ID != g2.Generation.ID || !gens[0].UseBrokerDataForBoxG || gens[1].UseBrokerDataForBoxG || gens[0].Status != "QUEUED" || gens[1].Status != "SUCCEEDED" || len(gens[0].Reports) != 1 {
		t.Fatalf("generations %+v", gens)
	}
	forms, err := b.svc.Statuses(b.ctx, b.read, 2025, ptr(taxforms.TypeForm1099DA))
	if err != nil || len(forms) != 1 || forms[0].ID != form {
		t.Fatalf("statuses: %v %+v", err, forms)
	}
}

// TestGenerateRefusals: bad rows, another tax year, a transaction without a disposal and another
// client's form are refused, and nothing is written.
func TestGenerateRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	buy := b.trade(t, time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC), b.eth, "2", "5000")
	b.trade(t, time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC), b.eth, "-0.5", "1900")
	b.recalculate(t)
	form := uuid.New()
	for name, rows := range map[string][]taxforms.RowInput{
		"no rows":             nil,
		"no asset":            {{Quantity: dec("1"), DateSold: day(2025, 6, 1), Proceeds: dec("1")}},
		"negative proceeds":   {{AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2025, 6, 1), Proceeds: dec("-1")}},
		"two years":           {{AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2025, 6, 1), Proceeds: dec("1")}, {AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2024, 6, 1), Proceeds: dec("1")}},
		"no disposal":         {{TransactionID: &buy}},
		"bad adjustment code": {{AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2025, 6, 1), Proceeds: dec("1"), AdjustmentCode: ptr("w!")}},
	} {
		if _, err := b.svc.Generate(b.ctx, b.write, form, rows, false); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
	if _, err := b.svc.Get(b.ctx, b.read, form); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("a refused call created the form: %v", err)
	}
	// Another client's form is not found, and its id cannot be taken over.
	other := uuid.New()
	testfactory.Client(t, b.pool, testfactory.ClientID(other), testfactory.ClientNamed("other"))
	otherScope, err := (&auth.ViewerAuthenticator{DB: b.pool}).Scope(b.ctx, &auth.Viewer{KeyID: uuid.New(), KeyClient: other, Permission: auth.PermReadWrite}, other)
	if err != nil {
		t.Fatal(err)
	}
	otherForm := uuid.New()
	if _, err := b.svc.Generate(b.ctx, otherScope, otherForm, []taxforms.RowInput{{AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2025, 6, 1), Proceeds: dec("1")}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := b.svc.Reconcile(b.ctx, b.read, otherForm); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("another client's form: %v", err)
	}
	if _, err := b.svc.Generate(b.ctx, b.write, otherForm, []taxforms.RowInput{{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900")}}, false); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("generating on another client's form: %v", err)
	}
	// A form of 2025 refuses rows of 2024.
	if _, err := b.svc.Generate(b.ctx, b.write, form, []taxforms.RowInput{{AssetSymbol: ptr("ETH"), Quantity: dec("0.5"), DateSold: day(2025, 6, 1), Proceeds: dec("1900")}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := b.svc.Generate(b.ctx, b.write, form, []taxforms.RowInput{{AssetSymbol: ptr("ETH"), Quantity: dec("1"), DateSold: day(2024, 6, 1), Proceeds: dec("1")}}, false); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("a 2024 row on a 2025 form: %v", err)
	}
	if f, err := b.svc.Get(b.ctx, b.read, form); err != nil || f.RowCount != 1 || f.Status != taxforms.StatusReconciled {
		t.Errorf("after a refused call the form is %+v (%v), want its one matched row", f, err)
	}
}
