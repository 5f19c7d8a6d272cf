package taxforms

// Generating the reconciled Form 8949 of a broker form: the rows a person confirms, expanded to
// the ledger's disposal units, stored as one generation with its report (rendered by RenderReport).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/reports"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// GenerationRecord is a generation as its row records it (GenerationRecord(row) converts one).
type GenerationRecord struct {
	ID                   uuid.UUID
	ClientID             uuid.UUID
	TaxFormID            uuid.UUID
	TransactionCount     int32
	UseBrokerDataForBoxG bool
	ReportID             *uuid.UUID
	CreatedBy            string
	CreatedAt            time.Time
	RequestHash          *string
	ResultsKey           *string
}

// Generation is one generate1099DAReports run; its state is its report's.
type Generation struct {
	GenerationRecord
	Status      string // JobStatusEnum: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELED
	Error       *string
	CompletedAt *time.Time
	Reports     []reports.Report
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
	byID := map[uuid.UUID]reports.Report{}
	if len(reportIDs) > 0 {
		list, err := q.ListReportsByIDs(ctx, db.ListReportsByIDsParams{ClientID: clientID, Ids: reportIDs})
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			byID[r.ID] = reports.Report(r)
		}
	}
	out := make([]Generation, len(rows))
	for i, r := range rows {
		g := Generation{GenerationRecord: GenerationRecord(r.TaxFormGeneration), Status: generationStatus(r.ReportStatus), Error: r.ReportError, CompletedAt: r.ReportCompletedAt}
		if g.Status == "QUEUED" || g.Status == "RUNNING" {
			g.CompletedAt = nil
		}
		if id := r.TaxFormGeneration.ReportID; id != nil {
			if rep, ok := byID[*id]; ok {
				g.Reports = []reports.Report{rep}
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
	Report     reports.Report
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
		k := FiguresOf(rec).params()
		if err := q.SetTaxFormReconciled(ctx, db.SetTaxFormReconciledParams{ClientID: f.ClientID, ID: f.ID, Status: status, StatusMessage: msg,
			RowCount: int32(len(rows)), ReconciledKey: &settings.ResultsKey, MatchedCount: int32(rec.Counts[Matched]),
			MismatchedCount: int32(rec.Counts[Mismatched]), MissingInLedgerCount: int32(rec.Counts[MissingInLedger]),
			MissingOnFormCount: int32(rec.Counts[MissingOnForm]), BrokerProceeds: k.brokerProceeds, BrokerBasis: k.brokerBasis,
			PairedProceeds: k.pairedProceeds, PairedBasis: k.pairedBasis, ComputedProceeds: k.computedProceeds, ComputedBasis: k.computedBasis}); err != nil {
			return err
		}
		if err := keepReconciliation(ctx, q, f, rec); err != nil {
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
		out = Generated{Form: f, Generation: Generation{GenerationRecord: GenerationRecord(g), Status: "QUEUED", Reports: []reports.Report{reports.Report(rep)}}, Report: reports.Report(rep), Counts: rec.Counts}
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
			years = append(years, taxYearOf(b.DateSold, loc, settings.FiscalYearStart, settings.Country))
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
				years[len(years)-1] = taxYearOf(x.DateSold, loc, settings.FiscalYearStart, settings.Country)
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
