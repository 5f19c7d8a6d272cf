package graph

// Tax forms of spec/graphql/tax.graphqls: broker tax forms, their reconciliation with the ledger,
// the reconciled Form 8949 and its generations (internal/taxforms).

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/money"
	"taxd/internal/page"
	"taxd/internal/tax"
	"taxd/internal/taxforms"
)

func (r *queryResolver) GetTaxFormStatuses(ctx context.Context, clientID string, formType *string, year int) (*model.GetTaxFormStatusesResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	forms, err := r.TaxForms.Statuses(ctx, scope, year, formType)
	if err != nil {
		return nil, err
	}
	out := &model.GetTaxFormStatusesResponse{Year: year, FormType: formType, TaxForms: make([]model.TaxForm, len(forms))}
	for i, f := range forms {
		out.TaxForms[i] = *taxFormOut(f)
		switch f.Status {
		case taxforms.StatusProcessing:
			out.ProcessingCount++
		case taxforms.StatusNeedsReview:
			out.NeedsReviewCount++
			out.NeedsReviewRowCount += f.NeedsReviewCount
		case taxforms.StatusReconciled, taxforms.StatusGenerated:
			out.CompletedCount++
		}
	}
	return out, nil
}

// The pages of the large answers computed whole (a reconciliation, a reconciled Form 8949, a lot
// trail): rows per page by default and at most.
const (
	firstDefault = 500
	firstMax     = 1000
)

func (r *queryResolver) GetTaxFormReconciliation(ctx context.Context, clientID string, taxFormID string, first *int, after *string) (*model.GetTaxFormReconciliationResponse, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	const list = "taxFormReconciliation"
	owner := scope.ClientID().String() + "|" + id.String()
	slice, err := page.ParseSlice(list, owner, first, after, firstDefault, firstMax)
	if err != nil {
		return nil, err
	}
	rec, err := r.TaxForms.ReconciliationPage(ctx, scope, id, slice.From, slice.First)
	if err != nil {
		return nil, err
	}
	rows := rec.Rows
	var next *string
	if end := slice.From + len(rows); end < rec.RowCount {
		next = ptrTo(page.Position(list, owner, end))
	}
	out := &model.GetTaxFormReconciliationResponse{
		TaxForm: taxFormOut(rec.Form), BrokerProceedsCents: money.Cents(rec.BrokerProceeds), ComputedProceedsCents: money.Cents(rec.ComputedProceeds),
		ComputedCostBasisCents: money.Cents(rec.ComputedBasis), MatchedCount: rec.Counts[taxforms.Matched], MismatchedCount: rec.Counts[taxforms.Mismatched],
		MissingInLedgerCount: rec.Counts[taxforms.MissingInLedger], MissingOnFormCount: rec.Counts[taxforms.MissingOnForm],
		Rows: make([]model.TaxFormReconciliationRow, len(rows)), RowCount: rec.RowCount, NextCursor: next,
	}
	out.ProceedsDifferenceCents = out.BrokerProceedsCents - out.ComputedProceedsCents
	if rec.BrokerBasis != nil {
		out.BrokerCostBasisCents = ptrTo(money.Cents(*rec.BrokerBasis))
	}
	for i, row := range rows {
		o := model.TaxFormReconciliationRow{ID: row.ID.String(), Status: model.ReconciliationMatchStatusEnum(row.Status)}
		var broker, computed int64
		if b := row.Broker; b != nil {
			broker = money.Cents(b.Proceeds)
			o.AssetSymbol, o.AmountExact, o.DateSold, o.DateAcquired = b.AssetSymbol, b.Quantity.String(), b.DateSold, b.DateAcquired
			o.BrokerProceedsCents = ptrTo(broker)
			if b.AssetID != nil {
				o.AssetID = ptrTo(b.AssetID.String())
			}
			if b.CostBasis != nil {
				o.BrokerCostBasisCents = ptrTo(money.Cents(*b.CostBasis))
			}
		}
		if l := row.Ledger; l != nil {
			computed = money.Cents(l.Proceeds)
			o.TransactionID, o.AssetID = ptrTo(l.TransactionID.String()), ptrTo(l.AssetID.String())
			o.ComputedProceedsCents, o.ComputedCostBasisCents = ptrTo(computed), ptrTo(money.Cents(l.Basis))
			if row.Broker == nil {
				o.AssetSymbol, o.AmountExact, o.DateSold = l.Symbol, l.Quantity.String(), l.DisposedAt
			}
			if o.DateAcquired == nil {
				o.DateAcquired = l.AcquiredAt
			}
		}
		o.ProceedsDifferenceCents = broker - computed
		out.Rows[i] = o
	}
	return out, nil
}

func (r *queryResolver) GetTaxForm8949Preview(ctx context.Context, clientID string, taxFormID string, useBrokerDataForBoxG *bool, first *int, after *string) ([]model.Reconciled8949PreviewRow, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	const list = "taxForm8949Preview"
	owner := scope.ClientID().String() + "|" + id.String()
	slice, err := page.ParseSlice(list, owner, first, after, firstDefault, firstMax)
	if err != nil {
		return nil, err
	}
	rows, err := r.TaxForms.PreviewPage(ctx, scope, id, isTrue(useBrokerDataForBoxG), slice.From, slice.First)
	if err != nil {
		return nil, err
	}
	out := make([]model.Reconciled8949PreviewRow, len(rows))
	for i, p := range rows {
		proceeds, basis, adj := money.Cents(p.Proceeds), money.Cents(p.Basis), money.Cents(p.Adjustment)
		o := model.Reconciled8949PreviewRow{
			Description: p.Description, DateAcquired: p.DateAcquired, DateSold: p.DateSold, ProceedsCents: proceeds, CostBasisCents: basis,
			AdjustmentCode: p.AdjustmentCode, AdjustmentCents: adj, GainOrLossCents: proceeds - basis + adj, // the printed columns add up
			Term: model.SaleTermEnumShortTerm, Box: model.Form8949BoxEnum(p.Box.String()), IsBrokerReported: p.BrokerReported, UsesBrokerData: p.UsesBrokerData,
		}
		if p.Long {
			o.Term = model.SaleTermEnumLongTerm
		}
		o.TransactionID, o.TransferID, o.AssetID = idPtr(p.TransactionID), idPtr(p.TransferID), idPtr(p.AssetID)
		o.Cursor = ptrTo(page.Position(list, owner, slice.From+i+1))
		out[i] = o
	}
	return out, nil
}

func (r *queryResolver) TaxFormGenerations(ctx context.Context, clientID string, taxFormID string) ([]model.TaxFormGenerationHistory, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	gens, err := r.TaxForms.Generations(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	out := make([]model.TaxFormGenerationHistory, len(gens))
	for i, g := range gens {
		out[i] = *generationOut(g)
	}
	return out, nil
}

func (r *mutationResolver) Generate1099DAReports(ctx context.Context, clientID string, taxFormID string, transactions []model.Generate1099DATransactionInput, useBrokerDataForBoxG *bool) (*model.GenerateReconciled8949sResponse, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	if len(transactions) > taxforms.MaxRows { // before decoding them
		return nil, apperr.InvalidField("transactions", "must hold at most %d rows", taxforms.MaxRows)
	}
	rows := make([]taxforms.RowInput, len(transactions))
	for i, t := range transactions {
		if rows[i], err = taxFormRowIn(i, t); err != nil {
			return nil, err
		}
	}
	g, err := r.TaxForms.Generate(ctx, scope, id, rows, isTrue(useBrokerDataForBoxG))
	if err != nil {
		return nil, err
	}
	gen := generationOut(g.Generation)
	msg := "Your reconciled Form 8949 is being generated."
	if open := g.Counts[taxforms.Mismatched] + g.Counts[taxforms.MissingInLedger] + g.Counts[taxforms.MissingOnForm]; open == 1 {
		msg = "Your reconciled Form 8949 is being generated; 1 row differs between the form and the ledger (see getTaxFormReconciliation)."
	} else if open > 1 {
		msg = fmt.Sprintf("Your reconciled Form 8949 is being generated; %d rows differ between the form and the ledger (see getTaxFormReconciliation).", open)
	}
	return &model.GenerateReconciled8949sResponse{Generation: gen, Reports: gen.Reports, Message: msg}, nil
}

func (r *queryResolver) GetReportInfo(ctx context.Context, clientID string, taxFormID string) (*model.GetReportInfoResponse, error) {
	scope, id, err := r.taxFormScope(ctx, clientID, taxFormID)
	if err != nil {
		return nil, err
	}
	sum, err := r.TaxForms.Summary(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	gens, err := r.TaxForms.Generations(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	out := &model.GetReportInfoResponse{
		TaxForm: taxFormOut(sum.Form), BrokerProceedsCents: money.Cents(sum.BrokerProceeds), ComputedProceedsCents: money.Cents(sum.PairedProceeds),
		ComputedCostBasisCents: money.Cents(sum.PairedBasis), BrokerTransactionCount: sum.Counts[taxforms.Matched] + sum.Counts[taxforms.Mismatched] + sum.Counts[taxforms.MissingInLedger],
		MatchedTransactionCount: sum.Counts[taxforms.Matched] + sum.Counts[taxforms.Mismatched], UnmatchedTransactionCount: sum.Counts[taxforms.MissingInLedger],
		IsStale: sum.IsStale,
	}
	out.ProceedsDifferenceCents = out.BrokerProceedsCents - out.ComputedProceedsCents
	if sum.BrokerBasis != nil {
		out.BrokerCostBasisCents = ptrTo(money.Cents(*sum.BrokerBasis))
	}
	if len(gens) > 0 {
		out.LatestGeneration = generationOut(gens[0])
	}
	return out, nil
}

// taxFormScope authorises the viewer for clientID and parses a tax form id.
func (r *Resolver) taxFormScope(ctx context.Context, clientID, taxFormID string) (auth.ClientScope, uuid.UUID, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return scope, uuid.Nil, err
	}
	id, err := parseID("taxFormId", taxFormID)
	if err != nil {
		return scope, uuid.Nil, err
	}
	return scope, id, nil
}

func taxFormOut(f taxforms.Form) *model.TaxForm {
	return &model.TaxForm{
		ID: f.ID.String(), ClientID: f.ClientID.String(), FormType: model.TaxFormTypeEnum(f.FormType), TaxYear: f.TaxYear, BrokerName: f.BrokerName,
		AccountID: idPtr(f.AccountID), Status: model.TaxFormStatusEnum(f.Status), StatusMessage: f.StatusMessage, FileName: f.FileName,
		RowCount: f.RowCount, UploadedAt: f.UploadedAt, NeedsReviewCount: f.NeedsReviewCount,
	}
}

func generationOut(g taxforms.Generation) *model.TaxFormGenerationHistory {
	out := &model.TaxFormGenerationHistory{
		ID: g.ID.String(), ClientID: g.ClientID.String(), TaxFormID: g.TaxFormID.String(), Status: model.JobStatusEnum(g.Status),
		TransactionCount: int(g.TransactionCount), UseBrokerDataForBoxG: g.UseBrokerDataForBoxG, Reports: make([]model.Report, len(g.Reports)),
		Error: g.Error, CreatedAt: g.CreatedAt, CompletedAt: g.CompletedAt,
	}
	if kind, id, ok := strings.Cut(g.CreatedBy, ":"); ok {
		switch kind {
		case "apikey":
			out.CreatedByAPIKeyID = &id
		case "user":
			out.CreatedByUserID = &id
		}
	}
	taxFormID := g.TaxFormID.String()
	for i, rep := range g.Reports {
		out.Reports[i] = *reportOut(rep, false)
		out.Reports[i].TaxFormID = &taxFormID
	}
	return out
}

// taxFormRowIn decodes one broker row: ids, exact quantities and dollar Floats in whole cents.
func taxFormRowIn(i int, t model.Generate1099DATransactionInput) (taxforms.RowInput, error) {
	field := func(name string) string { return fmt.Sprintf("transactions[%d].%s", i, name) }
	in := taxforms.RowInput{AssetSymbol: t.AssetSymbol, Include: t.Include, DateAcquired: t.DateAcquired, DateSold: t.DateSold, AdjustmentCode: t.AdjustmentCode}
	var err error
	if in.TransactionID, err = optionalID(field("transactionId"), t.TransactionID); err != nil {
		return in, err
	}
	if in.TransferID, err = optionalID(field("transferId"), t.TransferID); err != nil {
		return in, err
	}
	if t.AmountExact != nil {
		if !exactAmount.MatchString(*t.AmountExact) {
			return in, apperr.InvalidField(field("amountExact"), "must be a decimal such as 0.5 with at most 18 fractional digits")
		}
		q := decimal.RequireFromString(*t.AmountExact)
		in.Quantity = &q
	}
	if t.Box != nil {
		in.Box = tax.Box((*t.Box)[0])
	}
	for _, d := range []struct {
		name string
		in   *float64
		out  **decimal.Decimal
	}{{"proceedsFiatValue", t.ProceedsFiatValue, &in.Proceeds}, {"basisFiatValue", t.BasisFiatValue, &in.Basis}, {"adjustmentFiatValue", t.AdjustmentFiatValue, &in.Adjustment}} {
		if d.in == nil {
			continue
		}
		v, err := wholeCents(field(d.name), *d.in)
		if err != nil {
			return in, err
		}
		*d.out = &v
	}
	return in, nil
}

var exactAmount = regexp.MustCompile(`^[0-9]{1,30}(\.[0-9]{1,18})?$`)

// maxDollars bounds fiat inputs of tax forms.
const maxDollars = 1e12

// wholeCents converts a dollar Float to an exact decimal, refusing what is not whole cents.
func wholeCents(field string, f float64) (decimal.Decimal, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxDollars {
		return decimal.Decimal{}, apperr.InvalidField(field, "must be a number of dollars of at most %.0f", maxDollars)
	}
	d := decimal.RequireFromString(strconv.FormatFloat(f, 'f', -1, 64))
	if !d.Round(2).Equal(d) {
		return decimal.Decimal{}, apperr.InvalidField(field, "must be whole cents (dollars with at most 2 decimals)")
	}
	return d, nil
}
