// Package taxforms keeps the broker tax forms of a client (a Form 1099-DA as received from a
// broker, one per client, tax year, type and broker), reconciles their rows with the client's
// settled disposals, lays out the reconciled Form 8949 and records the runs that generate it.
// docs/tax-forms.md describes the rules.
package taxforms

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
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
	figures       *Figures       // the reconciliation's sums, nil when none are kept
}

// Figures are the money sums of a reconciliation, kept with its counts.
type Figures struct {
	BrokerProceeds decimal.Decimal
	// BrokerBasis is nil when no row of the form reports a basis.
	BrokerBasis    *decimal.Decimal
	PairedProceeds decimal.Decimal
	PairedBasis    decimal.Decimal
	// ComputedProceeds and ComputedBasis sum the ledger's disposals in the form's scope.
	ComputedProceeds decimal.Decimal
	ComputedBasis    decimal.Decimal
}

// FiguresOf returns the sums of a reconciliation.
func FiguresOf(r Reconciliation) Figures {
	return Figures{BrokerProceeds: r.BrokerProceeds, BrokerBasis: r.BrokerBasis, PairedProceeds: r.PairedProceeds, PairedBasis: r.PairedBasis,
		ComputedProceeds: r.ComputedProceeds, ComputedBasis: r.ComputedBasis}
}

// keptFigures are the figures as the nullable columns that keep them.
type keptFigures struct {
	brokerProceeds, brokerBasis, pairedProceeds, pairedBasis, computedProceeds, computedBasis decimal.NullDecimal
}

func (f Figures) params() keptFigures {
	k := keptFigures{brokerProceeds: decimal.NewNullDecimal(f.BrokerProceeds), pairedProceeds: decimal.NewNullDecimal(f.PairedProceeds),
		pairedBasis: decimal.NewNullDecimal(f.PairedBasis), computedProceeds: decimal.NewNullDecimal(f.ComputedProceeds),
		computedBasis: decimal.NewNullDecimal(f.ComputedBasis)}
	if f.BrokerBasis != nil {
		k.brokerBasis = decimal.NewNullDecimal(*f.BrokerBasis)
	}
	return k
}

func formOf(r db.ListTaxFormsRow) Form {
	f := Form{ID: r.ID, ClientID: r.ClientID, FormType: r.FormType, TaxYear: int(r.TaxYear), BrokerName: r.BrokerName,
		AccountID: r.AccountID, StatusMessage: r.StatusMessage, FileName: r.FileName, RowCount: int(r.RowCount), UploadedAt: r.UploadedAt,
		stored: r.Status, reconciledKey: r.ReconciledKey, generated: r.Generated}
	// The writers keep all the sums of a reconciliation or none.
	if r.BrokerProceeds.Valid && r.PairedProceeds.Valid && r.PairedBasis.Valid && r.ComputedProceeds.Valid && r.ComputedBasis.Valid {
		f.figures = &Figures{BrokerProceeds: r.BrokerProceeds.Decimal, PairedProceeds: r.PairedProceeds.Decimal, PairedBasis: r.PairedBasis.Decimal,
			ComputedProceeds: r.ComputedProceeds.Decimal, ComputedBasis: r.ComputedBasis.Decimal}
		if r.BrokerBasis.Valid {
			f.figures.BrokerBasis = ptr(r.BrokerBasis.Decimal)
		}
	}
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

// stale reports whether the form's stored counts and figures were reconciled with other results
// than key's (or no figures are kept).
func (f Form) stale(key string) bool {
	return f.reviewable() && (f.reconciledKey == nil || *f.reconciledKey != key || f.figures == nil)
}

// reviewable reports whether the form's rows are reconciled (its state is its reconciliation's).
func (f Form) reviewable() bool {
	return f.stored == StatusReconciled || f.stored == StatusNeedsReview
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
		figures := FiguresOf(rec)
		k := figures.params()
		if err := q.SetTaxFormReview(ctx, db.SetTaxFormReviewParams{ClientID: clientID, ID: id, Status: status, StatusMessage: msg,
			ReconciledKey: &settings.ResultsKey, MatchedCount: int32(rec.Counts[Matched]), MismatchedCount: int32(rec.Counts[Mismatched]),
			MissingInLedgerCount: int32(rec.Counts[MissingInLedger]), MissingOnFormCount: int32(rec.Counts[MissingOnForm]),
			BrokerProceeds: k.brokerProceeds, BrokerBasis: k.brokerBasis, PairedProceeds: k.pairedProceeds, PairedBasis: k.pairedBasis,
			ComputedProceeds: k.computedProceeds, ComputedBasis: k.computedBasis}); err != nil {
			return err
		}
		if err := keepReconciliation(ctx, q, f, rec); err != nil {
			return err
		}
		f.stored, f.reconciledKey, f.figures = status, &settings.ResultsKey, &figures
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
		f, settings, err := getUSForm(ctx, q, scope.ClientID(), id)
		if err != nil {
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

// Summary is a form's reconciliation in counts and sums, without its rows.
type Summary struct {
	Form
	Figures
	Counts map[Status]int
	// IsStale reports whether the ledger has changes the results do not include yet.
	IsStale bool
}

// Summary sums up the reconciliation of one of the client's forms with its settled disposals. A
// form keeps the counts and sums of its last reconciliation under the key of the results it read;
// while that key is current they are the reconciliation's and are read, otherwise the form is
// reconciled again (and keeps the new ones).
func (s *Service) Summary(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Summary, error) {
	if err := scope.Check(); err != nil {
		return Summary{}, err
	}
	var out Summary
	kept := false
	// One snapshot: the form and the key of the current results are read as of the same instant.
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		f, settings, err := getUSForm(ctx, q, scope.ClientID(), id)
		if err != nil {
			return err
		}
		out = Summary{Form: f, Counts: f.counts, IsStale: settings.IsStale}
		if kept = f.reviewable() && !f.stale(settings.ResultsKey); kept {
			out.Figures = *f.figures
		}
		return nil
	})
	if err != nil || kept {
		return out, err
	}
	if !out.reviewable() {
		// rows not reconciled yet (or a failed form): nothing is kept, the comparison is made now
		r, err := s.Reconcile(ctx, scope, id)
		if err != nil {
			return Summary{}, err
		}
		return Summary{Form: r.Form, Figures: FiguresOf(r.Reconciliation), Counts: r.Counts, IsStale: r.IsStale}, nil
	}
	f, err := s.review(ctx, scope.ClientID(), id)
	if err != nil {
		return Summary{}, err
	}
	out.Form, out.Figures, out.Counts = f, *f.figures, f.counts
	return out, nil
}

// getUSForm reads one of the client's forms and the client's settings, refused (usOnly) for a client
// whose country has rules of its own.
func getUSForm(ctx context.Context, q *db.Queries, clientID, id uuid.UUID) (Form, db.GetTaxFormClientSettingsRow, error) {
	f, err := getForm(ctx, q, clientID, id)
	if err != nil {
		return Form{}, db.GetTaxFormClientSettingsRow{}, err
	}
	settings, err := q.GetTaxFormClientSettings(ctx, clientID)
	if err != nil {
		return Form{}, db.GetTaxFormClientSettingsRow{}, err
	}
	return f, settings, usOnly(settings.Country)
}

// usOnly refuses the US broker forms (Form 1099-DA, its reconciliation, the reconciled Form 8949)
// for a client whose country has rules of its own: its figures are not US figures.
func usOnly(country string) error {
	if rules := taxsettings.JurisdictionOf(country).Rules(); !rules.USForms {
		return apperr.New(apperr.Invalid, "Form 1099-DA and Form 8949 are US forms; the client's country (%s) has rules of its own: "+
			"use its capital gains report (%s)", country, strings.Join(rules.OwnReports(), ", "))
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
// client's assets it names. A form keeps these sums with its counts under the key of the results it
// read (as Summary reads them); while that key is current they are read, otherwise the form is
// reconciled again under its lock (and keeps the new ones).
func (s *Service) ProceedsByAsset(ctx context.Context, scope auth.ClientScope, id uuid.UUID) ([]AssetProceeds, map[uuid.UUID]ledger.Asset, error) {
	if err := scope.Check(); err != nil {
		return nil, nil, err
	}
	var rows []AssetProceeds
	var form Form
	kept := false
	// One snapshot: the form, the key of the current results and the kept sums.
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		f, settings, err := getUSForm(ctx, q, scope.ClientID(), id)
		if err != nil {
			return err
		}
		form = f
		if kept = f.reviewable() && !f.stale(settings.ResultsKey); kept {
			rows, err = keptAssetProceeds(ctx, q, scope.ClientID(), id)
		}
		return err
	})
	switch {
	case err != nil:
		return nil, nil, err
	case kept:
	case !form.reviewable():
		// rows not reconciled yet (or a failed form): nothing is kept, the comparison is made now
		r, err := s.Reconcile(ctx, scope, id)
		if err != nil {
			return nil, nil, err
		}
		rows = ProceedsByAsset(r.Reconciliation)
	default:
		if _, err := s.review(ctx, scope.ClientID(), id); err != nil {
			return nil, nil, err
		}
		// the sums the review kept (or a later review's, under a newer key)
		if rows, err = keptAssetProceeds(ctx, db.New(s.pool), scope.ClientID(), id); err != nil {
			return nil, nil, err
		}
	}
	var ids []uuid.UUID
	for _, a := range rows {
		if a.AssetID != nil {
			ids = append(ids, *a.AssetID)
		}
	}
	assets := map[uuid.UUID]ledger.Asset{}
	if len(ids) > 0 {
		list, err := db.New(s.pool).ListAssetsByIDs(ctx, db.ListAssetsByIDsParams{ClientID: scope.ClientID(), Ids: ids})
		if err != nil {
			return nil, nil, err
		}
		for _, a := range list {
			assets[a.ID] = ledger.AssetOf(a)
		}
	}
	return rows, assets, nil
}

// keepAssetProceeds replaces the proceeds per asset a form keeps with a reconciliation's; the caller
// keeps the reconciliation's key, counts and sums in the same transaction.
func keepAssetProceeds(ctx context.Context, q *db.Queries, clientID, id uuid.UUID, rec Reconciliation) error {
	if err := q.DeleteTaxFormAssetProceeds(ctx, db.DeleteTaxFormAssetProceedsParams{ClientID: clientID, TaxFormID: id}); err != nil {
		return err
	}
	sums := ProceedsByAsset(rec)
	if len(sums) == 0 {
		return nil
	}
	params := make([]db.InsertTaxFormAssetProceedsParams, len(sums))
	for i, a := range sums {
		params[i] = db.InsertTaxFormAssetProceedsParams{TaxFormID: id, ClientID: clientID, Position: int32(i), AssetID: a.AssetID,
			Symbol: a.Symbol, BrokerProceeds: a.BrokerProceeds, ComputedProceeds: a.ComputedProceeds,
			BrokerRows: int32(a.BrokerRows), ComputedUnits: int32(a.ComputedUnits)}
	}
	_, err := q.InsertTaxFormAssetProceeds(ctx, params)
	return err
}

// keptAssetProceeds reads the proceeds per asset kept with the form's last reconciliation.
func keptAssetProceeds(ctx context.Context, q *db.Queries, clientID, id uuid.UUID) ([]AssetProceeds, error) {
	list, err := q.ListTaxFormAssetProceeds(ctx, db.ListTaxFormAssetProceedsParams{ClientID: clientID, TaxFormID: id})
	if err != nil {
		return nil, err
	}
	out := make([]AssetProceeds, len(list))
	for i, r := range list {
		out[i] = AssetProceeds{AssetID: r.AssetID, Symbol: r.Symbol, BrokerProceeds: r.BrokerProceeds, ComputedProceeds: r.ComputedProceeds,
			BrokerRows: int(r.BrokerRows), ComputedUnits: int(r.ComputedUnits)}
	}
	return out, nil
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

// taxYearOf names the tax year of t for a client in loc of country whose own fiscal year starts
// on fyStart ("MM-DD"): the calendar year in which that tax year starts.
func taxYearOf(t time.Time, loc *time.Location, fyStart, country string) int {
	own, _ := tax.ParseMonthDay(fyStart)
	return tax.TaxYearIn(taxsettings.JurisdictionOf(country).Rules().TaxYearStartOf(own), t, loc)
}
