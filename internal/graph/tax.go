package graph

// Resolvers of spec/graphql/tax.graphqls.

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/money"
	"taxd/internal/page"
	"taxd/internal/recalc"
	"taxd/internal/reports"
	"taxd/internal/tax"
	"taxd/internal/taxfigures"
	"taxd/internal/taxforms"
	"taxd/internal/taxsettings"
)

func (r *queryResolver) CountDirty(ctx context.Context, clientID string) (int, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return 0, err
	}
	n, err := r.Recalc.CountDirty(ctx, scope)
	return int(n), err
}

func (r *queryResolver) GetActiveRecalculateJob(ctx context.Context, clientID string) (*model.ActiveRecalculateJob, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	j, err := r.Recalc.Active(ctx, scope)
	if err != nil || j == nil {
		return nil, err
	}
	out := &model.ActiveRecalculateJob{
		ID: j.ID.String(), ClientID: j.ClientID.String(), Status: model.RecalculateJobStatusEnum(strings.ToUpper(j.State)),
		Progress: int(j.Progress), StartedAt: j.StartedAt, CreatedAt: j.CreatedAt, Attempt: j.Attempt, MaxAttempts: int(j.MaxAttempts),
		DirtyCountAtStart: int(j.DirtyCountAtStart), UseSpeedup: j.UseSpeedup, DoNotReplay: j.DoNotReplay, SkipPlugins: j.SkipPlugins,
	}
	if j.Reason != "" && (j.State == jobs.StateRetrying || j.Attempt > 1) {
		out.LastError = &j.Reason
	}
	if j.State == jobs.StateRetrying {
		out.NextAttemptAt = j.NextAttemptAt
	}
	return out, nil
}

func (r *mutationResolver) RerunGraph(ctx context.Context, clientID string, doNotReplay *bool, skipPlugins *bool, useSpeedup *bool) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	j, err := r.Recalc.Request(ctx, scope, recalc.Options{
		Full: useSpeedup != nil && !*useSpeedup, DoNotReplay: isTrue(doNotReplay), SkipPlugins: isTrue(skipPlugins),
	})
	if err != nil {
		return "", err
	}
	return j.ID.String(), nil
}

func isTrue(b *bool) bool { return b != nil && *b }

// reportType is a stored report type's ReportExportTypeEnum and its name as a person reads it,
// short enough for a phone's width.
type reportType struct {
	enum model.ReportExportTypeEnum
	name string
}

// reportTypes maps stored report types to ReportExportTypeEnum and their names (REST-only types,
// such as the Schedule D CSV, have none: getReports leaves them out).
var reportTypes = map[string]reportType{
	reports.TypeTaxForms:           {model.ReportExportTypeEnumTaxForms, "Tax forms (ZIP of PDFs)"},
	reports.TypeForm8949PDF:        {model.ReportExportTypeEnumForm8949PDF, "Form 8949 (PDF)"},
	reports.TypeForm8949CSV:        {model.ReportExportTypeEnumForm8949CSV, "Form 8949 (CSV)"},
	reports.TypeScheduleDPDF:       {model.ReportExportTypeEnumScheduleDPDF, "Schedule D (PDF)"},
	reports.TypeSchedule1PDF:       {model.ReportExportTypeEnumSchedule1PDF, "Schedule 1, income (PDF)"},
	reports.TypeCapitalGainsCSV:    {model.ReportExportTypeEnumCapitalGainsCSV, "Capital gains (CSV)"},
	reports.TypeIncomeCSV:          {model.ReportExportTypeEnumIncomeCSV, "Income (CSV)"},
	reports.TypeTransactionHistory: {model.ReportExportTypeEnumTransactionHistoryCSV, "Transaction history (CSV)"},
	reports.TypeTurboTaxCSV:        {model.ReportExportTypeEnumTurbotaxCSV, "TurboTax import (CSV)"},
	reports.TypeTaxActCSV:          {model.ReportExportTypeEnumTaxactCSV, "TaxAct import (CSV)"},
	reports.TypeHoldingsCSV:        {model.ReportExportTypeEnumEndOfYearHoldingsCSV, "Holdings at year end (CSV)"},
	taxforms.ReportType:            {model.ReportExportTypeEnumReconciled8949PDF, "Reconciled Form 8949 (PDF)"},
	reports.TypeUKCapitalGainsPDF:  {model.ReportExportTypeEnumUkCapitalGainsSummaryPDF, "SA108 capital gains summary (PDF)"},
	reports.TypeUKCapitalGainsCSV:  {model.ReportExportTypeEnumUkCapitalGainsSummaryCSV, "UK capital gains summary (CSV)"},
	reports.TypeCASchedule3PDF:     {model.ReportExportTypeEnumCaSchedule3PDF, "Schedule 3 summary (PDF)"},
	reports.TypeCASchedule3CSV:     {model.ReportExportTypeEnumCaSchedule3CSV, "Schedule 3 summary (CSV)"},
	reports.TypeDEAnlageSOPDF:      {model.ReportExportTypeEnumDeAnlageSoPDF, "Anlage SO summary (PDF)"},
	reports.TypeDEAnlageSOCSV:      {model.ReportExportTypeEnumDeAnlageSoCSV, "Anlage SO rows (CSV)"},
	reports.TypeAUCGTSchedulePDF:   {model.ReportExportTypeEnumAuCgtSchedulePDF, "CGT schedule summary (PDF)"},
	reports.TypeAUCGTScheduleCSV:   {model.ReportExportTypeEnumAuCgtScheduleCSV, "CGT schedule events (CSV)"},
}

func reportOut(r reports.Report, stale bool) *model.Report {
	status := map[string]model.ReportStatusEnum{"queued": model.ReportStatusEnumQueued, "generating": model.ReportStatusEnumGenerating,
		"available": model.ReportStatusEnumReady, "failed": model.ReportStatusEnumFailed}[r.Status]
	out := &model.Report{
		ID: r.ID.String(), ClientID: r.ClientID.String(), Type: reportTypes[r.ReportType].enum, TypeName: reportTypes[r.ReportType].name, Status: status,
		DateQueryType: model.ReportDateQueryType(r.DateQueryType), StartDate: r.StartAt, EndDate: r.EndAt, FileName: r.Filename,
		ContentType: r.ContentType, Language: r.Language, IsStale: stale, Error: r.Error, CreatedAt: r.CreatedAt, CompletedAt: r.CompletedAt,
	}
	if r.Status == "available" && r.SizeBytes != nil {
		n := int(*r.SizeBytes)
		out.SizeBytes = &n
	}
	if r.DateQueryType == reports.PeriodTaxYear || r.DateQueryType == "" {
		year := strconv.Itoa(int(r.Year))
		out.DateQueryType, out.Year = model.ReportDateQueryTypeTaxYear, &year
	}
	if out.Language == "" {
		out.Language = "en"
	}
	return out
}

// ---- tax figures, reports and tax settings ----

func (r *queryResolver) GetIncomeAndCapGains(ctx context.Context, clientID string, year string) (*model.GetIncomeAndCapGainsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	y, err := taxfigures.ParseYear("year", year)
	if err != nil {
		return nil, err
	}
	f, err := r.TaxFigures.Year(ctx, scope, y)
	if err != nil {
		return nil, err
	}
	gain := f.ShortGain.Add(f.LongGain)
	out := &model.GetIncomeAndCapGainsResponse{
		Year: year, StartDate: f.Start, EndDate: f.End, Currency: model.CurrencyCodeEnum(f.Currency),
		ProceedsCents: cents(f.Proceeds), CostBasisCents: cents(f.Basis), ShortTermCapGainsCents: cents(f.ShortGain),
		LongTermCapGainsCents: cents(f.LongGain), CapGainsCents: cents(gain), CapGainsSumSigned: strconv.FormatInt(cents(gain), 10),
		CapGainsFormatted: money.FormatIn(cents(gain), f.Currency), FuturesCents: cents(f.Futures), IncomeCents: cents(f.Income),
		IncomeFormatted: money.FormatIn(cents(f.Income), f.Currency), IncomeByLabel: []model.IncomeByLabel{}, DisposalCount: f.DisposalTransactions,
		TransactionCount: f.TxInYear, IsStale: f.IsStale, ComputedAt: f.ComputedAt,
	}
	if f.Computed {
		j, label := model.TaxJurisdictionEnum(f.Jurisdiction.String()), f.Label()
		out.Jurisdiction, out.TaxYearLabel = &j, &label
		rules := f.Jurisdiction.Rules()
		if rules.SuperficialLosses {
			d := cents(f.Denied)
			out.DeniedLossesCents = &d
		}
		if rules.TaxableGain() || rules.Matcher.Pooled() {
			g, l := cents(f.Gains), cents(f.Losses)
			out.GainsCents, out.LossesCents = &g, &l
		}
		switch {
		case f.TaxableGain.Valid:
			out.TaxableCapitalGainsCents = centsPtr(f.TaxableGain.Decimal)
		case rules.InclusionRate != 0: // results stored before the taxable gain was
			out.TaxableCapitalGainsCents = centsPtr(taxfigures.Inclusion(gain))
		}
		if th, ok := tax.ThresholdIn(rules.GainThresholds, f.Year); ok {
			out.GainThresholdCents = centsPtr(th.Decimal())
		}
		if th, ok := tax.ThresholdIn(rules.IncomeThresholds, f.Year); ok {
			out.IncomeThresholdCents = centsPtr(th.Decimal())
		}
		for _, x := range []struct {
			v   decimal.NullDecimal
			out **int64
		}{{f.TaxableIncome, &out.TaxableIncomeCents}, {f.DiscountGains, &out.DiscountGainsCents},
			{f.LossesBroughtForward, &out.LossesBroughtForwardCents}, {f.Discount, &out.DiscountCents}, {f.LossesCarriedForward, &out.LossesCarriedForwardCents}} {
			if x.v.Valid {
				*x.out = centsPtr(x.v.Decimal)
			}
		}
	}
	for _, t := range f.IncomeByType {
		name := t.Label
		if l, ok := ledger.Label(t.Label); ok {
			name = l.Name
		}
		out.IncomeByLabel = append(out.IncomeByLabel, model.IncomeByLabel{Label: t.Label, Name: name, IncomeCents: cents(t.Value), TransactionCount: t.Transactions})
	}
	return out, nil
}

func (r *queryResolver) GetTaxYears(ctx context.Context, clientID string) ([]int, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return r.TaxFigures.Years(ctx, scope)
}

func (r *queryResolver) GetTaxLots(ctx context.Context, assetPricingKey string, clientID string, transactionID *string, first *int, after *string) (*model.GetTaxLotsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	tx, err := optionalID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	// one position pages both lists; the pricing key comes last in the scope (it may hold any character)
	const list = "taxLots"
	owner := scope.ClientID().String() + "|"
	if tx != nil {
		owner += tx.String()
	}
	owner += "|" + assetPricingKey
	slice, err := page.ParseSlice(list, owner, first, after, firstDefault, firstMax)
	if err != nil {
		return nil, err
	}
	l, err := r.TaxFigures.Lots(ctx, scope, assetPricingKey, tx, slice)
	if err != nil {
		return nil, err
	}
	lots, pieces := l.Lots, l.Pieces
	var next *string
	if to := slice.From + slice.First; to < max(l.LotCount, l.PieceCount) {
		c := page.Position(list, owner, to)
		next = &c
	}
	out := &model.GetTaxLotsResponse{
		AssetPricingKey: assetPricingKey, CostBasisAlgorithm: methodEnum(l.Method), Lots: make([]model.TaxLot, 0, len(lots)),
		TotalAmount: l.Quantity.InexactFloat64(), TotalAmountExact: l.Quantity.String(), TotalCostBasisCents: cents(l.Basis),
		IsStale: l.IsStale, Disposals: make([]model.TaxLotDisposal, 0, len(pieces)), IsTruncated: l.Truncated,
		LotCount: l.LotCount, DisposalCount: l.PieceCount, NextCursor: next,
	}
	if l.Asset != nil {
		a := assetOut(*l.Asset)
		out.Asset = &a
	}
	if l.Computed {
		j := model.TaxJurisdictionEnum(l.Jurisdiction.String())
		out.Jurisdiction = &j
	}
	if l.Value != nil {
		v, g := cents(*l.Value), cents(l.Value.Sub(l.Basis))
		out.CurrentValueCents, out.UnrealizedGainCents = &v, &g
	}
	for _, x := range lots {
		lot := model.TaxLot{
			ID: x.ID, AssetID: x.AssetID.String(), AccountID: idPtr(x.AccountID), StakingAccountIdentifier: x.StakingID,
			AcquiredAt: x.AcquiredAt, TransferID: x.TransferID, OriginalAmountExact: x.OriginalQuantity.String(),
			Amount: x.Quantity.InexactFloat64(), AmountExact: x.Quantity.String(), CostBasisCents: cents(x.Basis),
			Term: termEnum(x.LongTerm), IsMissingBasis: x.MissingBasis,
		}
		if x.TransactionID != nil {
			lot.TransactionID = x.TransactionID.String()
		}
		if !x.Quantity.IsZero() {
			lot.CostBasisPerUnit = x.Basis.DivRound(x.Quantity, 18).InexactFloat64()
		}
		out.Lots = append(out.Lots, lot)
	}
	for _, p := range pieces {
		d := model.TaxLotDisposal{
			Kind: model.DisposalKindEnum(strings.ToUpper(p.Kind)), TransactionID: idPtr(p.TransactionID), TransferID: p.TransferID, AccountID: idPtr(p.AccountID), DisposedAt: p.DisposedAt,
			TaxYear: p.TaxYear, AmountExact: p.Quantity.String(), ProceedsExact: p.Proceeds.String(), CostBasisExact: p.Basis.String(),
			GainExact: p.Gain.String(), ProceedsCents: cents(p.Proceeds), CostBasisCents: cents(p.Basis), GainCents: cents(p.Gain),
			Term: termEnum(p.LongTerm), LotID: p.LotID, LotAcquiredAt: p.LotAcquiredAt, LotTransactionID: idPtr(p.LotTransactionID),
			LotTransferID: p.LotTransferID, IsUncovered: p.Uncovered, IsMissingBasis: p.MissingBasis,
		}
		if b := model.Form8949BoxEnum(p.Box); b.IsValid() {
			d.Box = &b
		}
		if p.Match != nil {
			m := model.DisposalMatchEnum(strings.ToUpper(*p.Match))
			d.Match = &m
		} else if l.Computed && l.Jurisdiction.Rules().Matcher == tax.MatcherLots {
			m := model.DisposalMatchEnumLot
			if p.Uncovered {
				m = model.DisposalMatchEnumUncovered
			}
			d.Match = &m
		}
		if p.DeniedLoss != nil {
			v := p.DeniedLoss.String()
			d.DeniedLossExact = &v
		}
		out.Disposals = append(out.Disposals, d)
	}
	return out, nil
}

func (r *queryResolver) GetHarvestableLosses(ctx context.Context, clientID string, date time.Time) (*model.GetHarvestableLossesResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	h, err := r.TaxFigures.Harvest(ctx, scope, date)
	if err != nil {
		return nil, err
	}
	out := &model.GetHarvestableLossesResponse{Date: h.Date, Currency: model.CurrencyCodeEnum(h.Currency), Assets: make([]model.HarvestableLoss, 0, len(h.Assets)),
		UnpricedAssetIds: make([]string, 0, len(h.Unpriced)), IsStale: h.IsStale}
	for _, a := range h.Assets {
		asset := assetOut(a.Asset)
		x := model.HarvestableLoss{AssetID: a.Asset.ID.String(), Asset: &asset, Amount: a.Quantity.InexactFloat64(), AmountExact: a.Quantity.String(),
			Price: a.Price.InexactFloat64(), MarketValueCents: cents(a.Value), CostBasisCents: cents(a.Basis),
			ShortTermUnrealizedGainCents: cents(a.ShortGain), LongTermUnrealizedGainCents: cents(a.LongGain), HasRecentAcquisition: a.HasRecentAcquisition}
		// the total is the sum of the two terms, so the parts add up in cents
		x.UnrealizedGainCents = x.ShortTermUnrealizedGainCents + x.LongTermUnrealizedGainCents
		out.ShortTermUnrealizedLossCents += x.ShortTermUnrealizedGainCents
		out.LongTermUnrealizedLossCents += x.LongTermUnrealizedGainCents
		out.Assets = append(out.Assets, x)
	}
	out.TotalUnrealizedLossCents = out.ShortTermUnrealizedLossCents + out.LongTermUnrealizedLossCents
	for _, id := range h.Unpriced {
		out.UnpricedAssetIds = append(out.UnpricedAssetIds, id.String())
	}
	return out, nil
}

func (r *queryResolver) GetReports(ctx context.Context, clientID string) ([]model.Report, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	rs, err := r.Reports.ListFor(ctx, scope)
	if err != nil {
		return nil, err
	}
	st, err := r.Reports.StalenessFor(ctx, scope)
	if err != nil {
		return nil, err
	}
	out := make([]model.Report, 0, len(rs))
	for _, x := range rs {
		if _, ok := reportTypes[x.ReportType]; ok {
			out = append(out, *reportOut(x, st.Stale(x)))
		}
	}
	return out, nil
}

func (r *queryResolver) GetReportDownloadURL(ctx context.Context, reportID string) (*model.DownloadURLResponse, error) {
	scope, err := r.reportScope(ctx, reportID)
	if err != nil {
		return nil, err
	}
	rep, err := r.Reports.Get(ctx, scope, uuid.MustParse(reportID))
	if err != nil {
		return nil, err
	}
	u, exp, err := r.Reports.DownloadURL(rep)
	if err != nil {
		return nil, err
	}
	return &model.DownloadURLResponse{URL: u, ExpiresAt: exp, FileName: strOr(rep.Filename), ContentType: strOr(rep.ContentType)}, nil
}

// exportTypes maps ReportExportTypeEnum to the stored report types.
var exportTypes = map[model.ReportExportTypeEnum]string{}

func init() {
	for k, v := range reportTypes {
		if v.enum != model.ReportExportTypeEnumReconciled8949PDF { // made from a broker form by generate1099DAReports
			exportTypes[v.enum] = k
		}
	}
}

func (r *queryResolver) GetReportExportV2(ctx context.Context, accountIds []string, checkboxType *string, clientID string, dateQueryType model.ReportDateQueryType, email *string, endDate *time.Time, exclude1099da *bool, forceSendEmail *bool, includeDefiPositions *bool, is1099DAAccount *bool, is1099DAAccountID *string, language *string, shouldDownload *bool, startDate *time.Time, tagGroupID *string, typeArg model.ReportExportTypeEnum, year *string) (*model.ReportExportResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	kind, ok := exportTypes[typeArg]
	if !ok {
		// RECONCILED_8949_PDF needs a broker tax form: generate1099DAReports produces it.
		return nil, apperr.InvalidField("type", "%s reports are generated from a broker tax form with generate1099DAReports", typeArg)
	}
	if tagGroupID != nil {
		return nil, apperr.NotFoundf("tag group not found")
	}
	in := reports.ExportRequest{Type: kind, Period: string(dateQueryType), Start: startDate, End: endDate, Exclude1099DA: isTrue(exclude1099da),
		Only1099DA: isTrue(is1099DAAccount), Box: checkboxType, Email: email, ForceEmail: isTrue(forceSendEmail), IncludeDefiPositions: includeDefiPositions}
	if year != nil {
		in.Year = *year
	}
	if language != nil {
		in.Language = *language
	}
	for _, s := range accountIds {
		id, err := parseID("accountIds", s)
		if err != nil {
			return nil, err
		}
		in.AccountIDs = append(in.AccountIDs, id)
	}
	if is1099DAAccountID != nil {
		id, err := parseID("is1099DAAccountId", *is1099DAAccountID)
		if err != nil {
			return nil, err
		}
		in.Only1099DAID = &id
	}
	x, err := r.Reports.Export(ctx, scope, in)
	if err != nil {
		return nil, err
	}
	out := &model.ReportExportResponse{Report: reportOut(x.Report, false), IsCached: x.Cached, EmailQueued: x.EmailQueued}
	switch {
	case x.Report.Status == "available":
		out.Message = "Your report is ready."
		if isTrue(shouldDownload) {
			u, exp, err := r.Reports.DownloadURL(x.Report)
			if err != nil {
				return nil, err
			}
			out.DownloadURL, out.DownloadURLExpiresAt = &u, &exp
		}
	case x.EmailQueued:
		out.Message = "Your report is being generated; we will e-mail you the link when it is ready."
	default:
		out.Message = "Your report is being generated."
	}
	return out, nil
}

func (r *mutationResolver) UpdateClientTaxSettings(ctx context.Context, clientID string, taxSettings model.AdvancedTaxFeaturesInput) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	in := taxSettings
	for field, v := range map[string]*bool{"treatAirdropsAsIncome": in.TreatAirdropsAsIncome, "treatStakingRewardsAsIncome": in.TreatStakingRewardsAsIncome,
		"includeFeesInCostBasis": in.IncludeFeesInCostBasis} {
		if v != nil && !*v {
			return nil, apperr.New(apperr.NotImplemented, "taxSettings.%s: only true (the engine's rule) is available", field)
		}
	}
	if in.TreatLiquidityPoolDepositsAsTaxable != nil && *in.TreatLiquidityPoolDepositsAsTaxable {
		return nil, apperr.New(apperr.NotImplemented, "taxSettings.treatLiquidityPoolDepositsAsTaxable: only false (the engine's rule) is available")
	}
	u := taxsettings.Update{SwitchDate: in.PerWalletSwitchDate, LockUntil: in.LockTaxesUntil, RemoveLock: isTrue(in.RemoveTaxLock),
		ApplyWashSaleRule: in.ApplyWashSaleRule}
	if in.BasisMethod != nil {
		m := string(*in.BasisMethod)
		u.BasisMethod = &m
	}
	if in.CostBasisAlgorithmChanges != nil {
		cs := make([]taxsettings.MethodChange, len(in.CostBasisAlgorithmChanges))
		for i, c := range in.CostBasisAlgorithmChanges {
			cs[i] = taxsettings.MethodChange{From: c.EffectiveFrom, Method: string(c.CostBasisAlgorithm)}
		}
		u.MethodChanges = &cs
	}
	if _, err := r.ClientTaxSettings.Update(ctx, scope, u); err != nil {
		return nil, err
	}
	// The client as every operation returns it (clientOut); its taxSettings come from the field
	// resolver below.
	c, err := r.Clients.Get(ctx, scope)
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

// TaxSettings is Client.taxSettings, whoever returned the Client: always read from the stored
// settings (internal/taxsettings owns them), so every operation returning a Client shows the same.
func (r *clientResolver) TaxSettings(ctx context.Context, obj *model.Client) (*model.TaxSettings, error) {
	scope, err := r.scope(ctx, obj.ID)
	if err != nil {
		return nil, err
	}
	s, err := r.ClientTaxSettings.Get(ctx, scope)
	if err != nil {
		return nil, err
	}
	return advancedTaxSettingsOut(s), nil
}

func advancedTaxSettingsOut(s taxsettings.Settings) *model.TaxSettings {
	out := &model.TaxSettings{BasisMethod: model.BasisMethodEnum(s.BasisMethod()), PerWalletSwitchDate: s.SwitchDate(),
		CostBasisAlgorithmChanges: make([]model.CostBasisAlgorithmChange, 0, len(s.Stored.MethodChanges)),
		TreatAirdropsAsIncome:     true, TreatStakingRewardsAsIncome: true, IncludeFeesInCostBasis: true, ApplyWashSaleRule: s.Stored.ApplyWashSaleRule}
	for _, c := range s.Stored.MethodChanges {
		out.CostBasisAlgorithmChanges = append(out.CostBasisAlgorithmChanges, model.CostBasisAlgorithmChange{EffectiveFrom: c.From,
			CostBasisAlgorithm: model.CostBasisAlgorithmEnum(c.Method)})
	}
	return out
}

func methodEnum(m tax.Method) model.CostBasisAlgorithmEnum {
	switch m {
	case tax.LIFO:
		return model.CostBasisAlgorithmEnumLifo
	case tax.HIFO:
		return model.CostBasisAlgorithmEnumHifo
	case tax.LOFO:
		return model.CostBasisAlgorithmEnumLofo
	case tax.AverageCost:
		return model.CostBasisAlgorithmEnumAverageCost
	}
	return model.CostBasisAlgorithmEnumFifo
}

func termEnum(long bool) model.SaleTermEnum {
	if long {
		return model.SaleTermEnumLongTerm
	}
	return model.SaleTermEnumShortTerm
}

func idPtr(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func ptrTo[T any](v T) *T { return &v }

// GetForm8949PreviewForYear is a tax year's Form 8949 from the settled results: the box totals and
// a page of rows.
func (r *queryResolver) GetForm8949PreviewForYear(ctx context.Context, clientID string, year int, box *model.Form8949BoxEnum, page *int, limit *int) (*model.Form8949YearPreview, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	p, l := 0, 50
	if page != nil {
		p = *page
	}
	if limit != nil {
		l = *limit
	}
	var b *string
	if box != nil {
		s := box.String()
		b = &s
	}
	f, err := r.TaxFigures.Form8949Preview(ctx, scope, year, b, p, l)
	if err != nil {
		return nil, err
	}
	out := &model.Form8949YearPreview{Year: f.Year, Total: f.Total, Page: p, Limit: l, IsStale: f.IsStale,
		Boxes: make([]model.Form8949BoxTotal, len(f.Boxes)), Rows: make([]model.Reconciled8949PreviewRow, len(f.Rows))}
	for i, x := range f.Boxes {
		proceeds, basis := money.Cents(x.Proceeds), money.Cents(x.Basis)
		out.Boxes[i] = model.Form8949BoxTotal{Box: model.Form8949BoxEnum(x.Box), Term: termEnum(x.LongTerm), RowCount: x.Rows,
			ProceedsCents: proceeds, CostBasisCents: basis, GainOrLossCents: proceeds - basis}
	}
	for i, x := range f.Rows {
		proceeds, basis := money.Cents(x.Proceeds), money.Cents(x.Basis)
		out.Rows[i] = model.Reconciled8949PreviewRow{
			TransactionID: idPtr(x.TransactionID), TransferID: idPtr(x.TransferID), AssetID: idPtr(x.AssetID),
			Description: x.Quantity.String() + " " + x.Symbol, DateAcquired: x.Acquired, DateSold: x.Sold,
			ProceedsCents: proceeds, CostBasisCents: basis, GainOrLossCents: proceeds - basis, // the printed columns add up
			Term: termEnum(x.LongTerm), Box: model.Form8949BoxEnum(x.Box), IsBrokerReported: strings.Contains("ABDEGHJK", x.Box),
		}
	}
	return out, nil
}
