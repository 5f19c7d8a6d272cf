// Package taxforms keeps the broker tax forms of a client (a Form 1099-DA as received from a
// broker, one per client, tax year, type and broker), reconciles their rows with the client's
// settled disposals, lays out the reconciled Form 8949 and records the runs that generate it.
// docs/tax-forms.md describes the rules.
package taxforms

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/reports"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/taxsettings"
)

// Form types (TaxFormTypeEnum).
const (
	TypeForm1099DA   = "FORM_1099_DA"
	TypeForm1099B    = "FORM_1099_B"
	TypeForm1099MISC = "FORM_1099_MISC"
	TypeForm1099K    = "FORM_1099_K"
)

// FormTypes lists the form types.
var FormTypes = []string{TypeForm1099DA, TypeForm1099B, TypeForm1099MISC, TypeForm1099K}

// Form states (TaxFormStatusEnum). NEEDS_REVIEW, RECONCILED and GENERATED are derived from the
// form's current reconciliation (reviewState); GENERATED also needs the latest run's report ready.
const (
	StatusProcessing  = "PROCESSING"
	StatusNeedsReview = "NEEDS_REVIEW"
	StatusReconciled  = "RECONCILED"
	StatusGenerated   = "GENERATED"
	StatusFailed      = "FAILED"
)

// ReportType is the stored type of the reconciled Form 8949 report (RECONCILED_8949_PDF).
const ReportType = "reconciled-8949-pdf"

// Limits: they apply before any work.
const (
	// MaxRows is the most rows one generate1099DAReports call may give.
	MaxRows = 10_000
	// MaxLedgerUnits is the most disposals of one tax year a reconciliation compares; a larger
	// year must be reconciled per broker account (a form linked to its account).
	MaxLedgerUnits = 100_000
	// MaxGenerations is the most runs taxFormGenerations lists.
	MaxGenerations = 100
	// unknownBroker names the broker of a form created without a ledger account to name it.
	unknownBroker = "Unknown broker"
)

// Service manages tax forms.
type Service struct {
	pool *pgxpool.Pool
	jobs *jobs.Client
	now  func() time.Time
}

// NewService returns a Service; jobsClient queues the report renders of generations.
func NewService(pool *pgxpool.Pool, jobsClient *jobs.Client, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, jobs: jobsClient, now: now}
}

// Form is a broker tax form.
type Form struct {
	ID            uuid.UUID
	ClientID      uuid.UUID
	FormType      string
	TaxYear       int
	BrokerName    string
	AccountID     *uuid.UUID
	Status        string
	StatusMessage *string
	FileName      *string
	RowCount      int
	UploadedAt    time.Time
	// NeedsReviewCount is the reconciliation's open differences: rows MISMATCHED or
	// MISSING_IN_LEDGER and ledger disposals MISSING_ON_FORM (zero unless NEEDS_REVIEW).
	NeedsReviewCount int

	stored        string         // the stored state: PROCESSING, FAILED, or the last reconciliation's
	reconciledKey *string        // the results the stored counts were reconciled with
	generated     bool           // the latest run's report is ready
	counts        map[Status]int // the reconciliation's counts per status
}

func formOf(r db.ListTaxFormsRow) Form {
	f := Form{ID: r.ID, ClientID: r.ClientID, FormType: r.FormType, TaxYear: int(r.TaxYear), BrokerName: r.BrokerName,
		AccountID: r.AccountID, StatusMessage: r.StatusMessage, FileName: r.FileName, RowCount: int(r.RowCount), UploadedAt: r.UploadedAt,
		stored: r.Status, reconciledKey: r.ReconciledKey, generated: r.Generated}
	return f.withCounts(map[Status]int{Matched: int(r.MatchedCount), Mismatched: int(r.MismatchedCount),
		MissingInLedger: int(r.MissingInLedgerCount), MissingOnForm: int(r.MissingOnFormCount)})
}

// withCounts derives the form's state from the counts of a reconciliation: a form whose rows are
// reconciled needs review while the form and the ledger differ (also after its reconciled 8949 was
// generated), and is GENERATED or RECONCILED otherwise.
func (f Form) withCounts(counts map[Status]int) Form {
	f.Status, f.NeedsReviewCount, f.counts = f.stored, 0, counts
	if f.stored != StatusReconciled && f.stored != StatusNeedsReview {
		return f // PROCESSING, FAILED
	}
	_, f.StatusMessage = statusOf(counts)
	switch f.NeedsReviewCount = openDifferences(counts); {
	case f.NeedsReviewCount > 0:
		f.Status = StatusNeedsReview
	case f.generated:
		f.Status = StatusGenerated
	default:
		f.Status = StatusReconciled
	}
	return f
}

// stale reports whether the form's stored counts were reconciled with other results than key's.
func (f Form) stale(key string) bool {
	return (f.stored == StatusReconciled || f.stored == StatusNeedsReview) && (f.reconciledKey == nil || *f.reconciledKey != key)
}

// Statuses lists the client's forms of a tax year, newest first; formType, when set, must be one
// of FormTypes.
func (s *Service) Statuses(ctx context.Context, scope auth.ClientScope, year int, formType *string) ([]Form, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	if year < 2000 || year > 2100 {
		return nil, apperr.InvalidField("year", "must be a tax year between 2000 and 2100")
	}
	if formType != nil && !slices.Contains(FormTypes, *formType) {
		return nil, apperr.InvalidField("formType", "must be one of %s", strings.Join(FormTypes, ", "))
	}
	q := db.New(s.pool)
	settings, err := q.GetTaxFormClientSettings(ctx, scope.ClientID())
	if err != nil {
		return nil, store.Err(err, "client")
	}
	rows, err := q.ListTaxForms(ctx, db.ListTaxFormsParams{ClientID: scope.ClientID(), TaxYear: int32(year), FormType: formType})
	if err != nil {
		return nil, err
	}
	out := make([]Form, len(rows))
	for i, r := range rows {
		if out[i] = formOf(r); out[i].stale(settings.ResultsKey) {
			if out[i], err = s.review(ctx, scope.ClientID(), r.ID); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// review reconciles a form again with the current results and keeps the counts (a form's state
// is its reconciliation's; a list reconciles only the forms whose results changed). The form's
// lock orders it with a generate call replacing its rows.
func (s *Service) review(ctx context.Context, clientID, id uuid.UUID) (Form, error) {
	var out Form
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.LockTaxForm(ctx, db.LockTaxFormParams{ClientID: clientID, ID: id}); err != nil {
			return store.Err(err, "tax form")
		}
		settings, err := q.GetTaxFormClientSettings(ctx, clientID)
		if err != nil {
			return err
		}
		f, err := getForm(ctx, q, clientID, id)
		if err != nil || !f.stale(settings.ResultsKey) {
			out = f
			return err
		}
		rec, err := reconcileForm(ctx, q, f)
		if err != nil {
			return err
		}
		status, msg := statusOf(rec.Counts)
		if err := q.SetTaxFormReview(ctx, db.SetTaxFormReviewParams{ClientID: clientID, ID: id, Status: status, StatusMessage: msg,
			ReconciledKey: &settings.ResultsKey, MatchedCount: int32(rec.Counts[Matched]), MismatchedCount: int32(rec.Counts[Mismatched]),
			MissingInLedgerCount: int32(rec.Counts[MissingInLedger]), MissingOnFormCount: int32(rec.Counts[MissingOnForm])}); err != nil {
			return err
		}
		f.stored, f.reconciledKey = status, &settings.ResultsKey
		out = f.withCounts(rec.Counts)
		return nil
	})
	return out, err
}

// Get returns one of the client's forms (NotFound otherwise).
func (s *Service) Get(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Form, error) {
	if err := scope.Check(); err != nil {
		return Form{}, err
	}
	return getForm(ctx, db.New(s.pool), scope.ClientID(), id)
}

func getForm(ctx context.Context, q *db.Queries, clientID, id uuid.UUID) (Form, error) {
	r, err := q.GetTaxForm(ctx, db.GetTaxFormParams{ClientID: clientID, ID: id})
	if err != nil {
		return Form{}, store.Err(err, "tax form")
	}
	return formOf(db.ListTaxFormsRow(r)), nil
}

// Reconciled is a form, its reconciliation with the settled ledger, and whether the ledger has
// changes the results do not include yet.
type Reconciled struct {
	Form
	Reconciliation
	IsStale bool
}

// Reconcile compares one of the client's forms with its settled disposals.
func (s *Service) Reconcile(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Reconciled, error) {
	if err := scope.Check(); err != nil {
		return Reconciled{}, err
	}
	var out Reconciled
	// One snapshot: the rows and the results are read as of the same instant.
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		f, err := getForm(ctx, q, scope.ClientID(), id)
		if err != nil {
			return err
		}
		settings, err := q.GetTaxFormClientSettings(ctx, scope.ClientID())
		if err != nil {
			return err
		}
		if err := usOnly(settings.Country); err != nil {
			return err
		}
		rec, err := reconcileForm(ctx, q, f)
		if err != nil {
			return err
		}
		// the form's state is this reconciliation's, whatever the stored counts say
		out = Reconciled{Form: f.withCounts(rec.Counts), Reconciliation: rec, IsStale: settings.IsStale}
		return nil
	})
	return out, err
}

// usOnly refuses the US broker forms (Form 1099-DA, its reconciliation, the reconciled Form 8949)
// for a client whose country has rules of its own: its figures are not US figures.
func usOnly(country string) error {
	if j := taxsettings.JurisdictionOf(country); j != tax.US {
		return apperr.New(apperr.Invalid, "Form 1099-DA and Form 8949 are US forms; the client's country (%s) has rules of its own: "+
			"use its capital gains report (%s)", country, map[tax.Jurisdiction]string{tax.GB: "UK_CAPITAL_GAINS_SUMMARY", tax.CA: "CA_SCHEDULE_3_SUMMARY"}[j])
	}
	return nil
}

// Preview lays out the reconciled Form 8949 of one of the client's forms.
func (s *Service) Preview(ctx context.Context, scope auth.ClientScope, id uuid.UUID, useBrokerDataForBoxG bool) ([]PreviewRow, error) {
	r, err := s.Reconcile(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	return Preview(r.FormType, r.TaxYear, r.Reconciliation, useBrokerDataForBoxG), nil
}

// ProceedsByAsset sums the reconciliation of one of the client's forms per asset, with the
// client's assets it names.
func (s *Service) ProceedsByAsset(ctx context.Context, scope auth.ClientScope, id uuid.UUID) ([]AssetProceeds, map[uuid.UUID]db.Asset, error) {
	r, err := s.Reconcile(ctx, scope, id)
	if err != nil {
		return nil, nil, err
	}
	rows := ProceedsByAsset(r.Reconciliation)
	var ids []uuid.UUID
	for _, a := range rows {
		if a.AssetID != nil {
			ids = append(ids, *a.AssetID)
		}
	}
	assets := map[uuid.UUID]db.Asset{}
	if len(ids) > 0 {
		list, err := db.New(s.pool).ListAssetsByIDs(ctx, db.ListAssetsByIDsParams{ClientID: scope.ClientID(), Ids: ids})
		if err != nil {
			return nil, nil, err
		}
		for _, a := range list {
			assets[a.ID] = a
		}
	}
	return rows, assets, nil
}

// reconcileForm reads the form's rows and the settled disposals in its scope and compares them.
func reconcileForm(ctx context.Context, q *db.Queries, f Form) (Reconciliation, error) {
	rows, err := q.ListTaxFormRows(ctx, db.ListTaxFormRowsParams{ClientID: f.ClientID, TaxFormID: f.ID})
	if err != nil {
		return Reconciliation{}, err
	}
	broker := make([]BrokerRow, len(rows))
	for i, r := range rows {
		broker[i] = brokerRowOf(r)
	}
	ledger, err := yearUnits(ctx, q, f)
	if err != nil {
		return Reconciliation{}, err
	}
	return Reconcile(f.ID, broker, ledger), nil
}

func brokerRowOf(r db.TaxFormRow) BrokerRow {
	b := BrokerRow{
		ID: r.ID, Position: int(r.Position), AssetSymbol: r.AssetSymbol, AssetID: r.AssetID, Quantity: r.Quantity,
		DateAcquired: r.DateAcquired, DateSold: r.DateSold, Proceeds: r.Proceeds, TransactionID: r.TransactionID,
		TransferID: r.TransferID, Include: r.Include, AdjustmentCode: r.AdjustmentCode, Adjustment: r.Adjustment,
	}
	if r.CostBasis.Valid {
		b.CostBasis = ptr(r.CostBasis.Decimal)
	}
	if r.Box != nil && len(*r.Box) == 1 {
		b.Box = tax.Box((*r.Box)[0])
	}
	return b
}

// yearUnits reads the settled disposals in the form's scope: its tax year, and its account when
// the form is linked to one.
func yearUnits(ctx context.Context, q *db.Queries, f Form) ([]LedgerUnit, error) {
	rows, err := q.ListYearDisposalUnits(ctx, db.ListYearDisposalUnitsParams{ID: f.ClientID, TaxYear: int32(f.TaxYear), AccountID: f.AccountID, MaxUnits: MaxLedgerUnits + 1})
	if err != nil {
		return nil, err
	}
	if len(rows) > MaxLedgerUnits {
		return nil, apperr.New(apperr.Conflict, "tax year %d has more than %d disposals: link the form to its broker account to reconcile it", f.TaxYear, MaxLedgerUnits)
	}
	out := make([]LedgerUnit, 0, len(rows))
	for _, r := range rows {
		u, err := unitOf(db.ListTransactionDisposalUnitsRow{TransferID: r.TransferID, TransactionID: r.TransactionID, AssetID: r.AssetID,
			Symbol: r.Symbol, Term: r.Term, DisposedAt: r.DisposedAt, FromAccountID: r.FromAccountID, Quantity: r.Quantity,
			Proceeds: r.Proceeds, Basis: r.Basis, AcquiredAt: r.AcquiredAt, SingleAcquired: r.SingleAcquired, Seq: r.Seq})
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

func unitOf(r db.ListTransactionDisposalUnitsRow) (LedgerUnit, error) {
	u := LedgerUnit{TransferID: r.TransferID, TransactionID: r.TransactionID, AssetID: r.AssetID, Symbol: r.Symbol, Long: r.Term == "long",
		DisposedAt: r.DisposedAt, Quantity: r.Quantity, Proceeds: r.Proceeds, Basis: r.Basis, Seq: int(r.Seq)}
	if r.SingleAcquired {
		u.AcquiredAt = ptr(r.AcquiredAt)
	}
	return u, nil
}

// Generation is one generate1099DAReports run; its state is its report's.
type Generation struct {
	db.TaxFormGeneration
	Status      string // JobStatusEnum: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELED
	Error       *string
	CompletedAt *time.Time
	Reports     []db.Report
}

func generationStatus(reportStatus *string) string {
	if reportStatus == nil {
		return "CANCELED" // its report was deleted
	}
	switch *reportStatus {
	case "generating":
		return "RUNNING"
	case "available":
		return "SUCCEEDED"
	case "failed":
		return "FAILED"
	}
	return "QUEUED"
}

// Generations lists the runs of one of the client's forms, newest first.
func (s *Service) Generations(ctx context.Context, scope auth.ClientScope, id uuid.UUID) ([]Generation, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	q := db.New(s.pool)
	if _, err := getForm(ctx, q, scope.ClientID(), id); err != nil {
		return nil, err
	}
	rows, err := q.ListTaxFormGenerations(ctx, db.ListTaxFormGenerationsParams{ClientID: scope.ClientID(), TaxFormID: id, MaxRuns: MaxGenerations})
	if err != nil {
		return nil, err
	}
	return s.generations(ctx, q, scope.ClientID(), rows)
}

// generations turns runs with their report's state into Generations, their reports read in one query.
func (s *Service) generations(ctx context.Context, q *db.Queries, clientID uuid.UUID, rows []db.ListTaxFormGenerationsRow) ([]Generation, error) {
	var reportIDs []uuid.UUID
	for _, r := range rows {
		if r.TaxFormGeneration.ReportID != nil {
			reportIDs = append(reportIDs, *r.TaxFormGeneration.ReportID)
		}
	}
	byID := map[uuid.UUID]db.Report{}
	if len(reportIDs) > 0 {
		list, err := q.ListReportsByIDs(ctx, db.ListReportsByIDsParams{ClientID: clientID, Ids: reportIDs})
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			byID[r.ID] = r
		}
	}
	out := make([]Generation, len(rows))
	for i, r := range rows {
		g := Generation{TaxFormGeneration: r.TaxFormGeneration, Status: generationStatus(r.ReportStatus), Error: r.ReportError, CompletedAt: r.ReportCompletedAt}
		if g.Status == "QUEUED" || g.Status == "RUNNING" {
			g.CompletedAt = nil
		}
		if id := r.TaxFormGeneration.ReportID; id != nil {
			if rep, ok := byID[*id]; ok {
				g.Reports = []db.Report{rep}
			}
		}
		out[i] = g
	}
	return out, nil
}

// RowInput is one row of a broker's form given to Generate. Either it names the ledger
// transaction it reports (TransactionID, and TransferID when the transaction has several
// disposals): figures not given are the ledger's, and a basis not given means the broker reported
// none. Or it gives the row as printed: AssetSymbol, Quantity, DateSold and Proceeds (and Basis
// when reported).
type RowInput struct {
	TransactionID  *uuid.UUID
	TransferID     *uuid.UUID
	AssetSymbol    *string
	Quantity       *decimal.Decimal
	DateAcquired   *time.Time
	DateSold       *time.Time
	Proceeds       *decimal.Decimal
	Basis          *decimal.Decimal
	Include        *bool
	Box            tax.Box
	AdjustmentCode *string
	Adjustment     *decimal.Decimal
}

// Generated is the outcome of Generate.
type Generated struct {
	Form       Form
	Generation Generation
	Report     db.Report
	Counts     map[Status]int
}

func field(i int, name string) string { return fmt.Sprintf("transactions[%d].%s", i, name) }

// Generate records rows as the broker's rows of form id (replacing earlier ones), reconciles them
// with the settled ledger and queues the reconciled Form 8949 (a RECONCILED_8949_PDF report), all
// in one transaction. An id the client has no form under creates a FORM_1099_DA form for the
// tax year of the rows, named after the ledger account their disposals come from (and linked to
// it) when they share one.
func (s *Service) Generate(ctx context.Context, scope auth.ClientScope, id uuid.UUID, in []RowInput, useBrokerDataForBoxG bool) (Generated, error) {
	if err := scope.CheckWrite(); err != nil {
		return Generated{}, err
	}
	if len(in) == 0 || len(in) > MaxRows {
		return Generated{}, apperr.InvalidField("transactions", "must hold 1 to %d rows, not %d", MaxRows, len(in))
	}
	if id == uuid.Nil {
		return Generated{}, apperr.InvalidField("taxFormId", "must not be the nil UUID")
	}
	for i, r := range in {
		if err := checkRow(i, r); err != nil {
			return Generated{}, err
		}
	}
	hash, err := requestHash(in, useBrokerDataForBoxG)
	if err != nil {
		return Generated{}, err
	}
	var out Generated
	err = store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		settings, err := q.GetTaxFormClientSettings(ctx, scope.ClientID())
		if err != nil {
			return err
		}
		if err := usOnly(settings.Country); err != nil {
			return err
		}
		rows, years, accounts, err := s.expand(ctx, q, scope.ClientID(), in, settings)
		if err != nil {
			return err
		}
		for i, y := range years {
			if y < 2000 || y > 2100 {
				return apperr.InvalidField(field(rows[i].input, "dateSold"), "falls in tax year %d; forms cover 2000 to 2100", y)
			}
		}
		f, err := s.formFor(ctx, q, scope.ClientID(), id, rows, years, accounts)
		if err != nil {
			return err
		}
		// The same call again (a retry after a timeout) finds the run it started: same rows and
		// options, same settled results. A failed run, or a report deleted since, is run again.
		latest, err := q.GetLatestTaxFormGeneration(ctx, db.GetLatestTaxFormGenerationParams{ClientID: f.ClientID, TaxFormID: f.ID})
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if g := latest.TaxFormGeneration; err == nil && g.RequestHash != nil && *g.RequestHash == hash && g.ResultsKey != nil &&
			*g.ResultsKey == settings.ResultsKey && latest.ReportStatus != nil && *latest.ReportStatus != "failed" {
			gens, err := s.generations(ctx, q, f.ClientID, []db.ListTaxFormGenerationsRow{db.ListTaxFormGenerationsRow(latest)})
			if err != nil {
				return err
			}
			if len(gens[0].Reports) == 1 {
				out = Generated{Form: f, Generation: gens[0], Report: gens[0].Reports[0], Counts: f.counts}
				return nil
			}
		}
		for i, y := range years {
			if y != f.TaxYear {
				return apperr.InvalidField(field(rows[i].input, "dateSold"), "falls in tax year %d, the form is for %d", y, f.TaxYear)
			}
		}
		if err := q.DeleteTaxFormRows(ctx, db.DeleteTaxFormRowsParams{ClientID: f.ClientID, TaxFormID: f.ID}); err != nil {
			return err
		}
		params := make([]db.InsertTaxFormRowsParams, len(rows))
		for i, r := range rows {
			params[i] = rowParams(f, i, r.BrokerRow)
		}
		if _, err := q.InsertTaxFormRows(ctx, params); err != nil {
			return store.Err(err, "tax form row")
		}
		rec, err := reconcileForm(ctx, q, f)
		if err != nil {
			return err
		}
		status, msg := statusOf(rec.Counts)
		if err := q.SetTaxFormReconciled(ctx, db.SetTaxFormReconciledParams{ClientID: f.ClientID, ID: f.ID, Status: status, StatusMessage: msg,
			RowCount: int32(len(rows)), ReconciledKey: &settings.ResultsKey, MatchedCount: int32(rec.Counts[Matched]),
			MismatchedCount: int32(rec.Counts[Mismatched]), MissingInLedgerCount: int32(rec.Counts[MissingInLedger]),
			MissingOnFormCount: int32(rec.Counts[MissingOnForm])}); err != nil {
			return err
		}
		rep, err := q.InsertReport(ctx, db.InsertReportParams{ID: uuid.Must(uuid.NewV7()), ClientID: f.ClientID, Year: int32(f.TaxYear), ReportType: ReportType})
		if err != nil {
			return store.Err(err, "report")
		}
		g, err := q.InsertTaxFormGeneration(ctx, db.InsertTaxFormGenerationParams{ID: uuid.Must(uuid.NewV7()), ClientID: f.ClientID, TaxFormID: f.ID,
			TransactionCount: int32(len(in)), UseBrokerDataForBoxG: useBrokerDataForBoxG, ReportID: &rep.ID, CreatedBy: scope.Actor(),
			RequestHash: &hash, ResultsKey: &settings.ResultsKey})
		if err != nil {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, reports.RenderArgs{ReportID: rep.ID}, nil); err != nil {
			return err
		}
		if f, err = getForm(ctx, q, f.ClientID, f.ID); err != nil {
			return err
		}
		out = Generated{Form: f, Generation: Generation{TaxFormGeneration: g, Status: "QUEUED", Reports: []db.Report{rep}}, Report: rep, Counts: rec.Counts}
		return nil
	})
	return out, err
}

func checkRow(i int, r RowInput) error {
	if r.TransferID != nil && r.TransactionID == nil {
		return apperr.InvalidField(field(i, "transferId"), "needs transactionId")
	}
	if r.TransactionID == nil {
		switch {
		case r.AssetSymbol == nil || strings.TrimSpace(*r.AssetSymbol) == "":
			return apperr.InvalidField(field(i, "assetSymbol"), "is required without transactionId")
		case r.Quantity == nil:
			return apperr.InvalidField(field(i, "amountExact"), "is required without transactionId")
		case r.DateSold == nil:
			return apperr.InvalidField(field(i, "dateSold"), "is required without transactionId")
		case r.Proceeds == nil:
			return apperr.InvalidField(field(i, "proceedsFiatValue"), "is required without transactionId")
		}
	}
	if r.AssetSymbol != nil && (len(*r.AssetSymbol) > 64 || strings.ContainsFunc(*r.AssetSymbol, unicode.IsControl)) {
		return apperr.InvalidField(field(i, "assetSymbol"), "must be at most 64 printable characters")
	}
	for _, d := range []struct {
		name string
		at   *time.Time
	}{{"dateSold", r.DateSold}, {"dateAcquired", r.DateAcquired}} {
		if d.at != nil && (d.at.Year() < 2000 || d.at.Year() > 2100) && !(d.name == "dateAcquired" && d.at.Year() >= 1900 && d.at.Year() <= 2100) {
			return apperr.InvalidField(field(i, d.name), "must be a date between 2000 and 2100 (a date acquired from 1900)")
		}
	}
	if r.Quantity != nil && !r.Quantity.IsPositive() {
		return apperr.InvalidField(field(i, "amountExact"), "must be positive")
	}
	if r.Proceeds != nil && r.Proceeds.IsNegative() {
		return apperr.InvalidField(field(i, "proceedsFiatValue"), "must not be negative")
	}
	if r.Basis != nil && r.Basis.IsNegative() {
		return apperr.InvalidField(field(i, "basisFiatValue"), "must not be negative")
	}
	if r.AdjustmentCode != nil {
		c := *r.AdjustmentCode
		if c == "" || len(c) > 8 || strings.Trim(c, "ABCDEHLMNOPQRSTWXYZ") != "" {
			return apperr.InvalidField(field(i, "adjustmentCode"), "must be Form 8949 column (f) codes such as W or B (uppercase letters, at most 8)")
		}
	}
	if r.DateAcquired != nil && r.DateSold != nil && r.DateAcquired.After(*r.DateSold) {
		return apperr.InvalidField(field(i, "dateAcquired"), "is after dateSold")
	}
	return nil
}

// pendingRow is a broker row being built, with the index of the input it came from.
type pendingRow struct {
	BrokerRow
	input int
}

// expand turns the inputs into broker rows: an input naming a transaction becomes one row per
// settled disposal it names. It returns each row's tax year and, per row, the account its ledger
// disposal came from (nil for rows given as printed).
func (s *Service) expand(ctx context.Context, q *db.Queries, clientID uuid.UUID, in []RowInput, settings db.GetTaxFormClientSettingsRow) ([]pendingRow, []int, []*uuid.UUID, error) {
	var txIDs []uuid.UUID
	symbols := map[string]bool{}
	for _, r := range in {
		if r.TransactionID != nil {
			txIDs = append(txIDs, *r.TransactionID)
		} else {
			symbols[strings.ToUpper(strings.TrimSpace(*r.AssetSymbol))] = true
		}
	}
	units := map[uuid.UUID][]db.ListTransactionDisposalUnitsRow{}
	if len(txIDs) > 0 {
		list, err := q.ListTransactionDisposalUnits(ctx, db.ListTransactionDisposalUnitsParams{ID: clientID, TransactionIds: txIDs})
		if err != nil {
			return nil, nil, nil, err
		}
		for _, u := range list {
			units[u.TransactionID] = append(units[u.TransactionID], u)
		}
	}
	assetBySymbol := map[string]*uuid.UUID{}
	if len(symbols) > 0 {
		keys := make([]string, 0, len(symbols))
		for k := range symbols {
			keys = append(keys, k)
		}
		list, err := q.ListClientAssetsBySymbol(ctx, db.ListClientAssetsBySymbolParams{ClientID: clientID, Symbols: keys})
		if err != nil {
			return nil, nil, nil, err
		}
		seen := map[string]int{}
		for _, a := range list {
			k := strings.ToUpper(a.Symbol)
			seen[k]++
			assetBySymbol[k] = ptr(a.ID)
		}
		for k, n := range seen {
			if n > 1 {
				delete(assetBySymbol, k) // ambiguous: match by symbol
			}
		}
	}
	loc, err := time.LoadLocation(settings.Timezone)
	if err != nil {
		loc = time.UTC
	}
	var rows []pendingRow
	var years []int
	var accounts []*uuid.UUID
	for i, r := range in {
		b := BrokerRow{Include: r.Include == nil || *r.Include, Box: r.Box, AdjustmentCode: r.AdjustmentCode, DateAcquired: r.DateAcquired, CostBasis: r.Basis}
		if r.Adjustment != nil {
			b.Adjustment = *r.Adjustment
		}
		if r.TransactionID == nil {
			b.AssetSymbol = strings.TrimSpace(*r.AssetSymbol)
			b.AssetID = assetBySymbol[strings.ToUpper(b.AssetSymbol)]
			b.Quantity, b.DateSold, b.Proceeds = *r.Quantity, *r.DateSold, *r.Proceeds
			rows = append(rows, pendingRow{b, i})
			years = append(years, taxYearOf(b.DateSold, loc, settings.FiscalYearStart))
			accounts = append(accounts, nil)
			continue
		}
		var named []db.ListTransactionDisposalUnitsRow
		for _, u := range units[*r.TransactionID] {
			if r.TransferID == nil || u.TransferID == *r.TransferID {
				named = append(named, u)
			}
		}
		switch {
		case len(named) == 0 && r.TransferID != nil:
			return nil, nil, nil, apperr.InvalidField(field(i, "transferId"), "is not a settled disposal of transaction %s (recalculate with rerunGraph after an edit)", r.TransactionID)
		case len(named) == 0:
			return nil, nil, nil, apperr.InvalidField(field(i, "transactionId"), "has no settled disposal of this client (recalculate with rerunGraph after an edit)")
		case len(named) > 1 && (r.Quantity != nil || r.Proceeds != nil || r.Basis != nil || r.DateSold != nil || r.DateAcquired != nil || r.AssetSymbol != nil || r.Box != 0 || r.AdjustmentCode != nil || r.Adjustment != nil):
			return nil, nil, nil, apperr.InvalidField(field(i, "transferId"), "is required to correct one of the %d disposals of the transaction", len(named))
		}
		for _, u := range named {
			tid := u.TransferID
			x := b
			x.TransactionID, x.TransferID = ptr(u.TransactionID), &tid
			x.AssetSymbol, x.AssetID = u.Symbol, ptr(u.AssetID)
			x.Quantity, x.DateSold, x.Proceeds = u.Quantity, u.DisposedAt, u.Proceeds
			if r.AssetSymbol != nil {
				x.AssetSymbol = strings.TrimSpace(*r.AssetSymbol)
			}
			if r.Quantity != nil {
				x.Quantity = *r.Quantity
			}
			if r.DateSold != nil {
				x.DateSold = *r.DateSold
			}
			if r.Proceeds != nil {
				x.Proceeds = *r.Proceeds
			}
			rows = append(rows, pendingRow{x, i})
			years = append(years, int(u.TaxYear))
			if r.DateSold != nil {
				years[len(years)-1] = taxYearOf(x.DateSold, loc, settings.FiscalYearStart)
			}
			accounts = append(accounts, u.FromAccountID)
		}
	}
	if len(rows) > MaxRows {
		return nil, nil, nil, apperr.InvalidField("transactions", "name %d disposals, more than %d rows", len(rows), MaxRows)
	}
	return rows, years, accounts, nil
}

// formFor returns the client's form id, creating it when the client has none under that id (an
// id another client uses is not found).
func (s *Service) formFor(ctx context.Context, q *db.Queries, clientID, id uuid.UUID, rows []pendingRow, years []int, accounts []*uuid.UUID) (Form, error) {
	if _, err := q.LockTaxForm(ctx, db.LockTaxFormParams{ClientID: clientID, ID: id}); err == nil {
		return getForm(ctx, q, clientID, id)
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return Form{}, err
	}
	for i, y := range years {
		if y != years[0] {
			return Form{}, apperr.InvalidField(field(rows[i].input, "dateSold"), "falls in tax year %d, the form's other rows in %d: one form covers one tax year", y, years[0])
		}
	}
	broker := unknownBroker
	var account *uuid.UUID
	if a := accounts[0]; a != nil && !slices.ContainsFunc(accounts, func(b *uuid.UUID) bool { return b == nil || *b != *a }) {
		if name, err := q.GetAccountName(ctx, db.GetAccountNameParams{ClientID: clientID, ID: *a}); err == nil && name != "" {
			broker, account = name, a
		}
	}
	if err := q.InsertTaxFormIfAbsent(ctx, db.InsertTaxFormIfAbsentParams{ID: id, ClientID: clientID, TaxYear: int32(years[0]), BrokerName: broker, AccountID: account}); err != nil {
		return Form{}, store.Err(err, "tax form")
	}
	if _, err := q.LockTaxForm(ctx, db.LockTaxFormParams{ClientID: clientID, ID: id}); err != nil {
		return Form{}, store.Err(err, "tax form") // the id is another client's
	}
	return getForm(ctx, q, clientID, id)
}

func rowParams(f Form, pos int, b BrokerRow) db.InsertTaxFormRowsParams {
	p := db.InsertTaxFormRowsParams{
		TaxFormID: f.ID, Position: int32(pos), ID: uuid.Must(uuid.NewV7()), ClientID: f.ClientID, AssetSymbol: b.AssetSymbol,
		AssetID: b.AssetID, Quantity: b.Quantity, DateAcquired: b.DateAcquired, DateSold: b.DateSold, Proceeds: b.Proceeds,
		TransactionID: b.TransactionID, TransferID: b.TransferID, Include: b.Include, AdjustmentCode: b.AdjustmentCode, Adjustment: b.Adjustment,
	}
	if b.CostBasis != nil {
		p.CostBasis = decimal.NullDecimal{Decimal: *b.CostBasis, Valid: true}
	}
	if b.Box != 0 {
		p.Box = ptr(b.Box.String())
	}
	return p
}

// openDifferences counts what a person must look at in a reconciliation.
func openDifferences(counts map[Status]int) int {
	return counts[Mismatched] + counts[MissingInLedger] + counts[MissingOnForm]
}

// statusOf is the stored form state a reconciliation leaves: RECONCILED without open differences.
func statusOf(counts map[Status]int) (string, *string) {
	if openDifferences(counts) == 0 {
		return StatusReconciled, nil
	}
	msg := fmt.Sprintf("%d rows differ from the ledger, %d rows are missing in the ledger, %d ledger disposals are missing on the form",
		counts[Mismatched], counts[MissingInLedger], counts[MissingOnForm])
	return StatusNeedsReview, &msg
}

// requestHash identifies a generate call by its rows and options.
func requestHash(in []RowInput, useBrokerDataForBoxG bool) (string, error) {
	b, err := json.Marshal(struct {
		Rows                 []RowInput
		UseBrokerDataForBoxG bool
	}{in, useBrokerDataForBoxG})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// taxYearOf names the tax year of t for a client in loc whose fiscal year starts on fyStart
// ("MM-DD"): the calendar year in which that fiscal year starts.
func taxYearOf(t time.Time, loc *time.Location, fyStart string) int {
	lt := t.In(loc)
	m, d := 1, 1
	if mm, dd, ok := strings.Cut(fyStart, "-"); ok {
		if a, err := strconv.Atoi(mm); err == nil && a >= 1 && a <= 12 {
			m = a
		}
		if b, err := strconv.Atoi(dd); err == nil && b >= 1 && b <= 31 {
			d = b
		}
	}
	start := time.Date(lt.Year(), time.Month(m), d, 0, 0, 0, 0, loc)
	if lt.Before(start) {
		return lt.Year() - 1
	}
	return lt.Year()
}
