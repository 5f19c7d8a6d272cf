package graph

// Resolvers of spec/graphql/transactions.graphqls.

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	gql "github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/graph/model"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/money"
)

// txScope authorises the viewer for clientID and lets this request's loaders read the client.
func (r *Resolver) txScope(ctx context.Context, clientID string) (auth.ClientScope, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return scope, err
	}
	registerScope(ctx, scope)
	return scope, nil
}

func (r *queryResolver) GetClientTransactions(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, exactTotal *bool, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.GetTransactionsResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	q, err := decodeTxArgs(ctx)
	if err != nil {
		return nil, err
	}
	list, err := r.Ledger.List(ctx, scope, q.filter, q.page)
	if err != nil {
		return nil, err
	}
	txs, err := r.transactionsOut(ctx, scope, list.State, list.Rows, false, q.page.IncludeBalances, "transactions")
	if err != nil {
		return nil, err
	}
	out := &model.GetTransactionsResponse{Transactions: txs, Total: list.Total, TotalIsCapped: totalIsCapped(list), Page: q.page.Page, Limit: q.page.Limit, HasNextPage: list.HasNext}
	if list.Summary != nil {
		out.Summary = summaryOut(*list.Summary)
	}
	return out, nil
}

func (r *queryResolver) GetClientTransactionsSummary(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string, allowCache *bool) (*model.GetTransactionsSummaryResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	q, err := decodeTxArgs(ctx)
	if err != nil {
		return nil, err
	}
	s, err := r.Ledger.Summary(ctx, scope, q.filter)
	if err != nil {
		return nil, err
	}
	return summaryOut(s), nil
}

func (r *queryResolver) GetTransactionHistoryReportV2(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.ReportExportResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	q, err := decodeTxArgs(ctx)
	if err != nil {
		return nil, err
	}
	var pg *ledger.TxPage
	if q.limit {
		pg = &q.page // with limit: only that page, in its order
	}
	rep, err := r.Reports.ExportTransactions(ctx, scope, q.filter, pg)
	if err != nil {
		return nil, err
	}
	out := reportOut(rep, false)
	out.DateQueryType, out.Year = model.ReportDateQueryTypeAllTime, nil
	if q.filter.StartDate != nil || q.filter.EndDate != nil {
		out.DateQueryType, out.StartDate, out.EndDate = model.ReportDateQueryTypeDateRange, q.filter.StartDate, q.filter.EndDate
	}
	return &model.ReportExportResponse{Report: out, Message: "The export is queued; poll getReports until it is READY."}, nil
}

func (r *queryResolver) GetLabelOptionsForTransactions(ctx context.Context, clientID string, transactionIds []string) (*model.TransactionTypeOptionResponse, error) {
	return r.labelOptions(ctx, clientID, "transactionIds", transactionIds)
}

// labelOptions serves both label-choice queries; arg names the argument the ids came in.
func (r *queryResolver) labelOptions(ctx context.Context, clientID, arg string, transactionIDs []string) (*model.TransactionTypeOptionResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := parseIDs(arg, transactionIDs)
	if err != nil {
		return nil, err
	}
	c, err := r.Ledger.LabelOptions(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	return labelChoicesOut(c), nil
}

func (r *queryResolver) GetLabels(ctx context.Context, clientID *string) ([]model.FullLabelOption, error) {
	if clientID != nil {
		// No client defines custom labels yet; the client is still authorised, so another
		// client's id is FORBIDDEN as everywhere.
		if _, err := r.scope(ctx, *clientID); err != nil {
			return nil, err
		}
	} else if _, err := auth.ViewerFrom(ctx); err != nil {
		return nil, err
	}
	return labelsOut(ledger.Labels()), nil
}

func (r *queryResolver) GetTransaction(ctx context.Context, clientID string, includeAllTransfers *bool, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := parseIDs("transactionId", []string{transactionID})
	if err != nil {
		return nil, err
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	txs, err := r.transactionsOut(ctx, scope, st, rows, includeAllTransfers != nil && *includeAllTransfers, false)
	if err != nil {
		return nil, err
	}
	return &txs[0], nil
}

func (r *queryResolver) GetTransactionImportJobs(ctx context.Context, clientID string) (*model.GetTransactionImportJobs, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	rows, err := r.Files.Imports(ctx, scope)
	if err != nil {
		return nil, err
	}
	out := &model.GetTransactionImportJobs{Jobs: make([]model.Job, len(rows))}
	for i, s := range rows {
		acct := s.AccountID.String()
		j := itemJob(s.ItemStatus, s.NextAttemptAt, s.Message, s.Attempt, s.MaxAttempts)
		j.ID, j.ClientID, j.AccountID, j.Type = s.ID.String(), s.ClientID.String(), &acct, model.JobTypeEnumFileImport
		j.Progress, j.ImportedTransactionCount = int(s.Progress), int(s.Imported)
		j.CreatedAt, j.StartedAt, j.FinishedAt = s.CreatedAt, s.StartedAt, s.FinishedAt
		out.Jobs[i] = j
		out.HasActiveJobs = out.HasActiveJobs || s.ItemStatus == "queued" || s.ItemStatus == "syncing"
	}
	return out, nil
}

func (r *queryResolver) GetTransactionTypeOptions(ctx context.Context, clientID string, transactionID string) (*model.TransactionTypeOptionResponse, error) {
	return r.labelOptions(ctx, clientID, "transactionId", []string{transactionID})
}

func (r *queryResolver) GetTransactions(ctx context.Context, clientID string, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := parseIDs("transactionIds", transactionIds)
	if err != nil {
		return nil, err
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	return r.transactionsOut(ctx, scope, st, rows, false, false)
}

// UploadManualTransactions imports a file from the upload bucket (key "uploads/<clientId>/..."):
// all rows or none, bad rows reported with their line numbers. It returns the import's job id
// (the completed sync of the file account).
func (r *mutationResolver) UploadManualTransactions(ctx context.Context, accountID *string, clientID *string, fileObjectKey string, importType *model.UploadManualTransactionFileType, name *string, provider *string) (string, error) {
	scope, err := r.viewerScope(ctx, clientID)
	if err != nil {
		return "", err
	}
	up := fileimport.Upload{Key: fileObjectKey, Format: imports.CSVGeneric}
	if importType != nil {
		switch *importType {
		case model.UploadManualTransactionFileTypeTemplateCSV:
		case model.UploadManualTransactionFileTypeProviderCSV:
			if provider == nil {
				return "", apperr.InvalidField("provider", "is required for PROVIDER_CSV")
			}
			up.Format = strings.ToLower(*provider)
		default:
			return "", apperr.NotImplementedOp("uploadManualTransactions with " + string(*importType))
		}
	}
	if name != nil {
		up.Name = *name
	}
	if accountID != nil && *accountID != "" {
		id, err := uuid.Parse(*accountID)
		if err != nil {
			return "", apperr.InvalidField("accountId", "must be a UUID")
		}
		up.AccountID = &id
	}
	res, err := r.Files.ImportUpload(ctx, scope, up)
	if err != nil {
		return "", err
	}
	return res.SyncID.String(), nil
}

// Account resolves Transaction.account through the request's account loader.
func (r *transactionResolver) Account(ctx context.Context, obj *model.Transaction) (*model.Account, error) {
	if obj.AccountID == "" {
		return nil, nil
	}
	a, err := load(ctx, loadersFrom(ctx).accounts, obj.ClientID, obj.AccountID)
	if err != nil || a == nil {
		return nil, err
	}
	out := accountOut(*a)
	return &out, nil
}

// Asset resolves Transfer.asset through the request's asset loader.
func (r *transferResolver) Asset(ctx context.Context, obj *model.Transfer) (*model.Asset, error) {
	a, err := load(ctx, loadersFrom(ctx).assets, clientOfTransfer(ctx, obj), obj.AssetID)
	if err != nil || a == nil {
		return nil, err
	}
	out := assetOut(*a)
	return &out, nil
}

// clientOfTransfer is the client of the transaction holding obj (a Transfer has no clientId
// field): the parent Transaction in the field path.
func clientOfTransfer(ctx context.Context, obj *model.Transfer) string {
	if l := loadersFrom(ctx); l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		if c, ok := l.transferClient[obj.ID]; ok {
			return c
		}
	}
	return ""
}

// transactionsOut maps rows with their transfers (one query for the page), transfer figures
// (one more) and, when asked, balances (one more).
//
// under is the path from the current field to the transactions ("transactions" in a page, none
// when the field returns them): the loaders are filled in one batch each for what it selects.
func (r *Resolver) transactionsOut(ctx context.Context, scope auth.ClientScope, st ledger.LedgerState, rows []ledger.TxRow, includeHidden, balances bool, under ...string) ([]model.Transaction, error) {
	out := make([]model.Transaction, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, len(rows))
	for i, t := range rows {
		ids[i] = t.ID
	}
	trs, figs, err := r.Ledger.Transfers(ctx, scope, st, ids, includeHidden)
	if err != nil {
		return nil, err
	}
	var bals map[uuid.UUID][]ledger.Balance
	if balances {
		if bals, err = r.Ledger.BalancesAfter(ctx, scope, ids); err != nil {
			return nil, err
		}
	}
	client := scope.ClientID().String()
	l := loadersFrom(ctx)
	for i, t := range rows {
		out[i] = transactionOut(t, st, trs[t.ID], figs)
		if l != nil {
			l.mu.Lock()
			for _, tr := range out[i].Transfers {
				l.transferClient[tr.ID] = client
			}
			l.mu.Unlock()
		}
		if balances {
			out[i].Balances = []model.TransactionBalance{}
			for _, b := range bals[t.ID] {
				f, _ := b.Amount.Float64()
				out[i].Balances = append(out[i].Balances, model.TransactionBalance{AccountID: b.AccountID.String(), AssetID: b.AssetID.String(), Amount: f, AmountExact: b.Amount.String()})
			}
		}
	}
	prime(ctx, scope, out, under)
	return out, nil
}

// prime loads, in one batch per loader, the accounts, account counts and assets that the
// selection will ask for, so the field resolvers find them cached however the executor
// interleaves them.
func prime(ctx context.Context, scope auth.ClientScope, txs []model.Transaction, under []string) {
	l := loadersFrom(ctx)
	if l == nil || gql.GetFieldContext(ctx) == nil {
		return
	}
	client := scope.ClientID()
	path := func(p ...string) []string { return append(append([]string{}, under...), p...) }
	var accounts, assets []clientKey
	seenAcc, seenAsset := map[string]bool{}, map[string]bool{}
	for _, t := range txs {
		if id, err := uuid.Parse(t.AccountID); err == nil && !seenAcc[t.AccountID] {
			seenAcc[t.AccountID] = true
			accounts = append(accounts, clientKey{client, id})
		}
		for _, tr := range t.Transfers {
			if id, err := uuid.Parse(tr.AssetID); err == nil && !seenAsset[tr.AssetID] {
				seenAsset[tr.AssetID] = true
				assets = append(assets, clientKey{client, id})
			}
		}
	}
	// Errors surface again when the field resolvers load (and reach errors[] there).
	if selected(ctx, path("account")...) {
		_, _ = l.accounts.LoadAll(ctx, accounts)
		if selected(ctx, path("account", "transactionCount")...) {
			_, _ = l.txCounts.LoadAll(ctx, accounts)
		}
	}
	if selected(ctx, path("transfers", "asset")...) {
		_, _ = l.assets.LoadAll(ctx, assets)
	}
}

// selected reports whether the current field's selection reaches path (fragments expanded).
func selected(ctx context.Context, path ...string) bool {
	oc := gql.GetOperationContext(ctx)
	fields := gql.CollectFieldsCtx(ctx, nil)
	for i, name := range path {
		var next *gql.CollectedField
		for j := range fields {
			if fields[j].Name == name {
				next = &fields[j]
				break
			}
		}
		if next == nil {
			return false
		}
		if i == len(path)-1 {
			return true
		}
		fields = gql.CollectFields(oc, next.Selections, nil)
	}
	return false
}

func cents(d decimal.Decimal) int64 { return money.Cents(d) }

func centsPtr(d decimal.Decimal) *int64 { c := money.Cents(d); return &c }

func signed(c int64) *string { s := decimal.NewFromInt(c).String(); return &s }

func transactionOut(t ledger.TxRow, st ledger.LedgerState, trs []ledger.Transfer, figs map[uuid.UUID]ledger.TransferFigures) model.Transaction {
	m := model.Transaction{
		ID: t.ID.String(), ClientID: t.ClientID.String(), CreatedAt: t.OccurredAt, UpdatedAt: t.UpdatedAt, TxnHash: t.TxnHash,
		Provider: t.Provider, Label: t.Label, Notes: t.Notes, IsHidden: t.IsHidden, IsReviewed: t.IsReviewed, IsDirty: t.IsDirty,
		IsEdited: t.IsEdited, IsDeleted: t.DeletedAt != nil, IsFailed: t.IsFailed, IsOffChain: accounts.IsOffChain(t.AccountType),
		IsManual: t.ExternalID == nil || (t.AccountType != nil && *t.AccountType == "file"), Source: t.Source, SessionID: t.SessionID,
		ImportedAt: t.CreatedAt, Transfers: make([]model.Transfer, 0, len(trs)),
	}
	if t.AccountID != nil {
		m.AccountID = t.AccountID.String()
	}
	if t.TxnHash != nil {
		m.ExplorerURL = explorerURL(t.Provider, *t.TxnHash)
	}
	if t.Label != nil && *t.Label != "" {
		src := model.LabelSourceEnumAutomatic
		if t.IsEdited {
			src = model.LabelSourceEnumUser
		}
		m.LabelSource = &src
	}
	if t.LinkedID != nil && t.LinkID != nil && t.LinkType != nil {
		lt := model.TransactionLinkTypeEnum(*t.LinkType)
		linked, id := t.LinkedID.String(), t.LinkID.String()
		m.LinkType, m.LinkedTransactionID, m.LinkID = &lt, &linked, &id
		m.IsInternalTransfer = lt != model.TransactionLinkTypeEnumCrossChainSwap
	}
	m.InvestmentID = t.InvestmentID
	if d := ledger.DecodeOffChain(t.OffChainData); d != nil {
		m.OffChainData = &model.OffChainEventDetails{Description: d.Description, CounterpartyName: d.CounterpartyName,
			CounterpartyAddress: d.CounterpartyAddress, EventDate: d.EventDate, ExternalReference: d.ExternalReference, DocumentURL: d.DocumentURL}
		if d.FiatValue != nil {
			m.OffChainData.FiatValueCents = centsPtr(*d.FiatValue)
		}
		if d.FiatCurrency != nil {
			c := model.CurrencyCodeEnum(*d.FiatCurrency)
			m.OffChainData.FiatCurrency = &c
		}
	}
	if t.ParentID != nil {
		p := t.ParentID.String()
		o := int(t.Ordinal)
		m.SplitFromTransactionID, m.SplitOrdering = &p, &o
	}
	if res := t.Result; res != nil {
		m.IsMissingBasis, m.HasNegativeBalance = res.IsMissingBasis, res.HasNegativeBalance
		if res.SaleTerm != nil {
			c := money.Cents(res.Gain)
			abs := c
			if abs < 0 {
				abs = -abs
			}
			m.CapGainsSum, m.CapGainsSumSigned, m.CapGainsSumFormatted = &abs, signed(c), money.FormatPtr(&c)
		}
		if !res.Income.IsZero() {
			m.IncomeSum = centsPtr(res.Income)
			m.IncomeSumFormatted = money.FormatPtr(m.IncomeSum)
		}
	}
	if t.IsMissingBasisOverride != nil { // a person's override wins over the computed flag
		m.IsMissingBasis = *t.IsMissingBasisOverride
	}
	var fee, in, outgoing decimal.Decimal
	spamOnly := len(trs) > 0
	if t.Result != nil && len(t.Result.TransferFigures) > 0 {
		own := make(map[uuid.UUID]ledger.TransferFigures, len(trs))
		for _, tr := range trs {
			own[tr.ID] = figs[tr.ID]
		}
		ledger.EngineFigures(t.Result, own)
		figs = own
	}
	for _, tr := range trs {
		m.Transfers = append(m.Transfers, transferOut(tr, st, figs[tr.ID]))
		spamOnly = spamOnly && st.IsSpamAsset(tr.AssetID)
		if !tr.FiatValue.Valid && figs[tr.ID].Value.Valid { // the value the engine gave it
			tr.FiatValue = figs[tr.ID].Value
		}
		if tr.FeeFiat.Valid {
			fee = fee.Add(tr.FeeFiat.Decimal)
		}
		switch {
		case tr.IsFee:
			if tr.FiatValue.Valid {
				fee = fee.Add(tr.FiatValue.Decimal)
			}
		case tr.FiatValue.Valid:
			if tr.ToAccountID != nil {
				in = in.Add(tr.FiatValue.Decimal)
			}
			if tr.FromAccountID != nil {
				outgoing = outgoing.Add(tr.FiatValue.Decimal)
			}
		}
	}
	m.IsSpam = spamOnly
	m.FeeFiatValueCents = cents(fee)
	m.FeeFiatValueFormatted = money.Format(m.FeeFiatValueCents)
	m.FiatValueCents = cents(decimal.Max(in, outgoing))
	m.FiatValueFormatted = money.Format(m.FiatValueCents)
	return m
}

func transferOut(tr ledger.Transfer, st ledger.LedgerState, f ledger.TransferFigures) model.Transfer {
	amount, _ := tr.Quantity.Float64()
	m := model.Transfer{
		ID: tr.ID.String(), TransactionID: tr.TransactionID.String(), Ordering: int(tr.Position), AssetID: tr.AssetID.String(),
		Amount: amount, AmountExact: tr.Quantity.String(), FromAddress: tr.FromAddress, ToAddress: tr.ToAddress,
		IsFee: tr.IsFee, IsHidden: tr.IsHidden, Label: tr.Label, FiatCurrency: model.CurrencyCodeEnum(st.Currency),
		IsFiatValueOverridden: ledger.FiatValueOverridden(tr),
		PurchaseDateOverride:  tr.PurchaseDateOverride, StakingAccountIdentifier: tr.StakingAccountIdentifier,
	}
	if tr.FromAccountID != nil {
		s := tr.FromAccountID.String()
		m.FromAccountID = &s
	}
	if tr.ToAccountID != nil {
		s := tr.ToAccountID.String()
		m.ToAccountID = &s
	}
	switch {
	case tr.FromAccountID != nil && tr.ToAccountID != nil:
		m.Direction = model.TransferDirectionEnumInternal
	case tr.FromAccountID != nil:
		m.Direction = model.TransferDirectionEnumOutgoing
	default:
		m.Direction = model.TransferDirectionEnumIncoming
	}
	value := tr.FiatValue
	if !value.Valid {
		value = f.Value // a swap leg valued at its other side by the engine
	}
	if value.Valid {
		m.FiatValueCents = centsPtr(value.Decimal)
		m.FiatValueFormatted = money.FormatPtr(m.FiatValueCents)
	}
	if tr.OriginalFiatValue.Valid && ledger.FiatValueChanged(tr) {
		m.OriginalFiatValueCents = centsPtr(tr.OriginalFiatValue.Decimal)
	}
	if tr.OriginalBasisFiatValue.Valid {
		m.OriginalBasisFiatValueCents = centsPtr(tr.OriginalBasisFiatValue.Decimal)
	}
	switch {
	case f.IsDisposal:
		m.BasisFiatValueCents = centsPtr(f.Basis)
		c := money.Cents(f.Gain)
		abs := c
		if abs < 0 {
			abs = -abs
		}
		m.CapGainsSum, m.CapGainsSumSigned = &abs, signed(c)
		switch f.Term {
		case "short":
			t := model.SaleTermEnumShortTerm
			m.SaleTerm = &t
		case "long":
			t := model.SaleTermEnumLongTerm
			m.SaleTerm = &t
		}
		if f.Uncovered.IsPositive() {
			s := f.Uncovered.String()
			m.UncoveredAmountExact = &s
		}
	case f.LotBasis.Valid: // what left in a gift, donation or loss; a lot's basis the engine derived
		m.BasisFiatValueCents = centsPtr(f.LotBasis.Decimal)
	case tr.BasisFiatValue.Valid:
		m.BasisFiatValueCents = centsPtr(tr.BasisFiatValue.Decimal)
	case m.Direction == model.TransferDirectionEnumIncoming && value.Valid:
		// An acquisition's lot basis is its value plus a fiat fee.
		b := value.Decimal
		if tr.FeeFiat.Valid {
			b = b.Add(tr.FeeFiat.Decimal)
		}
		m.BasisFiatValueCents = centsPtr(b)
	}
	if m.BasisFiatValueCents != nil {
		m.BasisFiatValueFormatted = money.FormatPtr(m.BasisFiatValueCents)
	}
	if f.Income.Valid {
		m.IncomeSum = centsPtr(f.Income.Decimal)
	}
	return m
}

func explorerURL(provider, hash string) *string {
	base, ok := map[string]string{
		"ethereum": "https://etherscan.io/tx/", "polygon": "https://polygonscan.com/tx/", "arbitrum": "https://arbiscan.io/tx/",
		"optimism": "https://optimistic.etherscan.io/tx/", "base": "https://basescan.org/tx/", "bsc": "https://bscscan.com/tx/",
		"bitcoin": "https://mempool.space/tx/", "solana": "https://solscan.io/tx/",
	}[provider]
	if !ok {
		return nil
	}
	u := base + hash
	return &u
}

func summaryOut(s ledger.TxSummary) *model.GetTransactionsSummaryResponse {
	gain := money.Cents(s.Gain)
	inc := money.Cents(s.Income)
	j := model.TaxJurisdictionEnum(s.Jurisdiction)
	var denied *int64
	if j == model.TaxJurisdictionEnumCa {
		d := money.Cents(s.Denied)
		denied = &d
	}
	return &model.GetTransactionsSummaryResponse{Jurisdiction: &j, DeniedLossesCents: denied,
		TransactionCount: int(s.TransactionCount), DisposalCount: int(s.DisposalCount),
		ProceedsCents: money.Cents(s.Proceeds), CostBasisCents: money.Cents(s.Basis),
		CapGainsCents: gain, CapGainsSumSigned: *signed(gain), CapGainsFormatted: money.FormatIn(gain, s.Currency),
		ShortTermCapGainsCents: money.Cents(s.ShortTermGain), LongTermCapGainsCents: money.Cents(s.LongTermGain),
		IncomeCents: inc, IncomeFormatted: money.FormatIn(inc, s.Currency), FeesCents: money.Cents(s.Fees),
		UnlabeledCount: int(s.Unlabeled), ReviewedCount: int(s.Reviewed), MissingBasisCount: int(s.MissingBasis),
		NegativeBalanceCount: int(s.NegativeBalance), IsStale: s.IsStale, ComputedAt: s.ComputedAt,
	}
}

func labelOut(o ledger.LabelOption) model.FullLabelOption {
	return model.FullLabelOption{Value: o.Value, Name: o.Name, Description: o.Description, Category: model.LabelCategoryEnum(o.Category),
		IsIncome: o.IsIncome, IsDisposal: o.IsDisposal, IsNonTaxable: o.IsNonTaxable, HonorsStakingAccountIdentifier: o.HonorsStakingAccountID,
		IsCustom: o.IsCustom}
}

func labelsOut(os []ledger.LabelOption) []model.FullLabelOption {
	out := make([]model.FullLabelOption, len(os))
	for i, o := range os {
		out[i] = labelOut(o)
	}
	return out
}

func labelChoicesOut(c ledger.LabelChoices) *model.TransactionTypeOptionResponse {
	return &model.TransactionTypeOptionResponse{Options: labelsOut(c.Options), Recommended: labelsOut(c.Recommended), CurrentLabel: c.Current}
}

// --- Transaction edits: every mutation runs through ledger.Ledger.Edit, one
// database transaction with audit entries and dirty marks; list arguments are bounded before any
// work; dollar and quantity Floats become exact decimals here, at the edge.

// dollarsArg converts an optional Float argument to an exact decimal (nil stays nil).
func dollarsArg(field string, f *float64) (*decimal.Decimal, error) {
	if f == nil {
		return nil, nil
	}
	d, err := money.FromFloat(*f)
	if err != nil {
		return nil, apperr.InvalidField(field, "%v", err)
	}
	return &d, nil
}

func parseID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, apperr.InvalidField(field, "%q is not a UUID", s)
	}
	return id, nil
}

// optionalID parses an optional id argument; "" means none (clear) when clearable.
func optionalID(field string, s *string) (*uuid.UUID, bool, error) {
	if s == nil {
		return nil, false, nil
	}
	if *s == "" {
		return nil, true, nil
	}
	id, err := parseID(field, *s)
	if err != nil {
		return nil, false, err
	}
	return &id, false, nil
}

// idList parses a required list argument of 1 to max ids.
func idList(field string, ids []string, max int) ([]uuid.UUID, error) {
	if len(ids) == 0 || len(ids) > max {
		return nil, apperr.InvalidField(field, "must hold 1 to %d ids", max)
	}
	return parseIDs(field, ids)
}

// edited answers the transactions ids after an edit, in order, as the selection under path asks.
func (r *Resolver) edited(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID, under ...string) ([]model.Transaction, error) {
	if len(ids) == 0 {
		return []model.Transaction{}, nil
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	return r.transactionsOut(ctx, scope, st, rows, false, false, under...)
}

func (r *Resolver) editedOne(ctx context.Context, scope auth.ClientScope, id uuid.UUID, under ...string) (*model.Transaction, error) {
	txs, err := r.edited(ctx, scope, []uuid.UUID{id}, under...)
	if err != nil {
		return nil, err
	}
	return &txs[0], nil
}

func (r *mutationResolver) CreateTransaction(ctx context.Context, accountID string, clientID string, createdAt time.Time, sessionID *string, source *string, txnHash *string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	acct, err := parseID("accountId", accountID)
	if err != nil {
		return nil, err
	}
	var id uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		t, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &acct, OccurredAt: createdAt, Hash: txnHash})
		id = t.ID
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

func (r *mutationResolver) CreateTransfer(ctx context.Context, amount *float64, assetID string, clientID string, fiatValue *float64, fromAccountID *string, sessionID *string, source *string, toAccountID *string, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	txID, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	asset, err := parseID("assetId", assetID)
	if err != nil {
		return nil, err
	}
	qty, err := dollarsArg("amount", amount)
	if err != nil {
		return nil, err
	}
	if qty == nil || !qty.IsPositive() {
		return nil, apperr.InvalidField("amount", "is required and must be positive")
	}
	value, err := dollarsArg("fiatValue", fiatValue)
	if err != nil {
		return nil, err
	}
	from, _, err := optionalID("fromAccountId", fromAccountID)
	if err != nil {
		return nil, err
	}
	to, _, err := optionalID("toAccountId", toAccountID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		in := ledger.NewTransfer{AssetID: asset, Quantity: *qty, FromAccountID: from, ToAccountID: to}
		if value != nil {
			in.FiatValue = decimal.NullDecimal{Decimal: *value, Valid: true}
		} else { // the market price of the day, when the price cache has it; else missing
			v, found, err := e.UnitPriceIn(asset, *qty, txID)
			if err != nil {
				return err
			}
			in.FiatValue = decimal.NullDecimal{Decimal: v, Valid: found}
		}
		_, err := e.AddTransfer(txID, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, txID)
}

func (r *mutationResolver) DuplicateTransaction(ctx context.Context, clientID string, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	txID, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	var id uuid.UUID
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		t, err := e.DuplicateTransaction(txID)
		id = t.ID
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

func (r *mutationResolver) setHidden(ctx context.Context, clientID string, sessionID, source *string, transactionIds []string, hidden bool) (string, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return "", err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return "", err
	}
	var n int
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		n, err = e.SetHiddenCount(ids, hidden)
		return err
	})
	if err != nil {
		return "", err
	}
	return decimal.NewFromInt(int64(n)).String(), nil
}

func (r *mutationResolver) HideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	return r.setHidden(ctx, clientID, sessionID, source, transactionIds, true)
}

func (r *mutationResolver) UnhideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	return r.setHidden(ctx, clientID, sessionID, source, transactionIds, false)
}

func (r *mutationResolver) HideTransaction(ctx context.Context, clientID string, isHidden bool, transactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(id, ledger.TransactionPatch{IsHidden: &isHidden})
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, id)
}

// offChainJSON converts the input details (dollar Float value) to the stored JSON.
func offChainJSON(in *model.OffChainEventDetailsInput) (json.RawMessage, error) {
	if in == nil {
		return nil, nil
	}
	value, err := dollarsArg("offChainData.fiatValue", in.FiatValue)
	if err != nil {
		return nil, err
	}
	d := ledger.OffChainDetails{Description: in.Description, CounterpartyName: in.CounterpartyName, CounterpartyAddress: in.CounterpartyAddress,
		EventDate: in.EventDate, FiatValue: value, ExternalReference: in.ExternalReference, DocumentURL: in.DocumentURL}
	if in.FiatCurrency != nil {
		c := string(*in.FiatCurrency)
		d.FiatCurrency = &c
	}
	return d.JSON()
}

func (r *mutationResolver) LabelTransactions(ctx context.Context, clientID string, investmentID *string, label *string, notes *string, offChainData *model.OffChainEventDetailsInput, sessionID *string, source *string, transactionIds []string, wipeLabel *bool) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	oc, err := offChainJSON(offChainData)
	if err != nil {
		return nil, err
	}
	in := ledger.LabelEdit{Label: label, Wipe: wipeLabel != nil && *wipeLabel, Notes: notes, InvestmentID: investmentID, OffChainData: oc}
	if err := r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error { return e.LabelTransactions(ids, in) }); err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) MergeTransactions(ctx context.Context, clientID string, fromTransactionIds []string, sessionID *string, source *string, toTransactionID string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	from, err := idList("fromTransactionIds", fromTransactionIds, ledger.MaxMergeIDs)
	if err != nil {
		return nil, err
	}
	to, err := parseID("toTransactionId", toTransactionID)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		_, err := e.Merge(from, to)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, to)
}

func (r *mutationResolver) SaveReceivePriceForTransactions(ctx context.Context, assetAmount *float64, assetAmountAssetID *string, assetID *string, clientID string, contractAddress *string, fiatValue *float64, overrideAllMissingBasis *bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	asset, _, err := optionalID("assetId", assetID)
	if err != nil {
		return nil, err
	}
	unit, err := dollarsArg("fiatValue", fiatValue)
	if err != nil {
		return nil, err
	}
	payAmount, err := dollarsArg("assetAmount", assetAmount)
	if err != nil {
		return nil, err
	}
	payAsset, _, err := optionalID("assetAmountAssetId", assetAmountAssetID)
	if err != nil {
		return nil, err
	}
	switch {
	case unit != nil && (payAmount != nil || payAsset != nil):
		return nil, apperr.InvalidField("fiatValue", "give either fiatValue or assetAmount with assetAmountAssetId, not both")
	case unit == nil && (payAmount == nil || payAsset == nil):
		return nil, apperr.InvalidField("fiatValue", "is required (or assetAmount with assetAmountAssetId)")
	}
	all := overrideAllMissingBasis != nil && *overrideAllMissingBasis
	touched := ids
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		for _, id := range []*uuid.UUID{asset, payAsset} {
			if id == nil {
				continue
			}
			if err := e.CheckAsset(*id); err != nil {
				return err
			}
		}
		if asset == nil && contractAddress != nil && *contractAddress != "" {
			id, err := e.AssetByContract(*contractAddress)
			if err != nil {
				return err
			}
			asset = &id
		}
		if all {
			if asset == nil {
				return apperr.InvalidField("overrideAllMissingBasis", "needs assetId or contractAddress")
			}
			more, err := e.UnpricedReceipts(*asset, ids, ledger.MaxIDs)
			if err != nil {
				return err
			}
			touched = append(append([]uuid.UUID{}, ids...), more...)
		}
		for _, id := range touched {
			price := unit
			if price == nil {
				v, found, err := e.UnitPriceIn(*payAsset, *payAmount, id)
				if err != nil {
					return err
				}
				if !found {
					return apperr.InvalidField("assetAmountAssetId", "no price of that asset is known for the day of transaction %s; give fiatValue", id)
				}
				price = &v
			}
			if _, err := e.SaveReceivePrice([]uuid.UUID{id}, ledger.ReceivePrice{AssetID: asset, UnitPrice: *price}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, touched)
}

func splitGroups(splits []model.TransactionSplitInput) ([]ledger.SplitGroup, error) {
	if len(splits) > ledger.MaxSplitGroups { // before parsing anything
		return nil, ledger.CheckSplitShape(make([]ledger.SplitGroup, len(splits)))
	}
	out := make([]ledger.SplitGroup, len(splits))
	for i, s := range splits {
		if len(s.TransferIds) > ledger.MaxSplitTransfers { // before parsing its ids; reported as entry i
			return nil, ledger.CheckSplitShape(append(out[:i:i], ledger.SplitGroup{TransferIDs: make([]uuid.UUID, len(s.TransferIds))}))
		}
		ids, err := parseIDs("splits.transferIds", s.TransferIds)
		if err != nil {
			return nil, err
		}
		out[i] = ledger.SplitGroup{TransferIDs: ids, Label: s.Label, Notes: s.Notes}
	}
	return out, ledger.CheckSplitShape(out)
}

func (r *mutationResolver) SplitTransaction(ctx context.Context, baseTransactionID string, clientID string, ordering *int, sessionID *string, source *string, transferIdsToSeparate []string) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	base, err := parseID("baseTransactionId", baseTransactionID)
	if err != nil {
		return nil, err
	}
	groups, err := splitGroups([]model.TransactionSplitInput{{TransferIds: transferIdsToSeparate}})
	if err != nil {
		return nil, err
	}
	var child uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		children, err := e.Split(base, groups, ordering)
		if err == nil {
			child = children[0].ID
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, child)
}

func (r *mutationResolver) SplitTransactionIntoMany(ctx context.Context, baseTransactionID string, clientID string, sessionID *string, source *string, splits []model.TransactionSplitInput) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	base, err := parseID("baseTransactionId", baseTransactionID)
	if err != nil {
		return nil, err
	}
	groups, err := splitGroups(splits)
	if err != nil {
		return nil, err
	}
	ids := []uuid.UUID{base}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		children, err := e.Split(base, groups, nil)
		for _, c := range children {
			ids = append(ids, c.ID)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) UndoAuditLogs(ctx context.Context, auditLogIds []string, clientID string, sessionID *string, source *string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("auditLogIds", auditLogIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	var touched []uuid.UUID
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		touched, err = e.Undo(ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	live, err := r.Ledger.Existing(ctx, scope, touched) // an undone creation leaves its transaction deleted
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, live)
}

func (r *mutationResolver) UpdateMultiTransactionsCostBasis(ctx context.Context, clientID string, isMissingBasis bool, overrideIsMissingBasis bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ids, err := idList("transactionIds", transactionIds, ledger.MaxIDs)
	if err != nil {
		return nil, err
	}
	err = r.Ledger.Edit(ctx, scope, nil, nil, func(e *ledger.Editor) error {
		return e.SetMissingBasisOverride(ids, isMissingBasis, overrideIsMissingBasis)
	})
	if err != nil {
		return nil, err
	}
	return r.edited(ctx, scope, ids)
}

func (r *mutationResolver) UpdateTransaction(ctx context.Context, clientID string, createDefaultRule bool, sessionID *string, source *string, transactionID string, updates model.UpdateTransactionInput) (*model.UpdateTransactionResponse, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	wipe := updates.WipeLabel != nil && *updates.WipeLabel
	if wipe && updates.Label != nil {
		return nil, apperr.InvalidField("updates.wipeLabel", "cannot be combined with label")
	}
	if updates.Label != nil {
		if err := ledger.CheckLabel("updates.label", *updates.Label); err != nil {
			return nil, err
		}
	}
	oc, err := offChainJSON(updates.OffChainData)
	if err != nil {
		return nil, err
	}
	p := ledger.TransactionPatch{Label: updates.Label, ClearLabel: wipe, Notes: updates.Notes, IsHidden: updates.IsHidden,
		IsReviewed: updates.IsReviewed, OccurredAt: updates.CreatedAt, Hash: updates.TxnHash, InvestmentID: updates.InvestmentID, OffChainData: oc}
	out := &model.UpdateTransactionResponse{}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		if _, err := e.UpdateTransaction(id, p); err != nil {
			return err
		}
		if !createDefaultRule {
			return nil
		}
		rule, n, err := e.CreateLabelRule(id)
		if err != nil {
			return err
		}
		rid := rule.ID.String()
		out.CreatedRuleID, out.RuleAppliedTransactionCount = &rid, n
		return nil
	})
	if err != nil {
		return nil, err
	}
	if out.Transaction, err = r.editedOne(ctx, scope, id, "transaction"); err != nil {
		return nil, err
	}
	return out, nil
}

func (r *mutationResolver) UpdateTransfer(ctx context.Context, amount *float64, assetID *string, basisFiatValue *float64, clientID string, fiatCurrency *string, fiatValue *float64, fromAccountID *string, isHidden *bool, label *string, originalBasisFiatValue *float64, originalFiatValue *float64, purchaseDateOverride *time.Time, resetFiatValue *bool, sessionID *string, source *string, toAccountID *string, transactionID string, transferID string, wipeLabel *bool) (*model.Transaction, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	txID, err := parseID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	trID, err := parseID("transferId", transferID)
	if err != nil {
		return nil, err
	}
	var p ledger.TransferPatch
	if p.Quantity, err = dollarsArg("amount", amount); err != nil {
		return nil, err
	}
	if p.Quantity != nil && !p.Quantity.IsPositive() {
		return nil, apperr.InvalidField("amount", "must be positive")
	}
	if p.AssetID, _, err = optionalID("assetId", assetID); err != nil {
		return nil, err
	}
	if p.FromAccountID, p.ClearFromAccount, err = optionalID("fromAccountId", fromAccountID); err != nil {
		return nil, err
	}
	if p.ToAccountID, p.ClearToAccount, err = optionalID("toAccountId", toAccountID); err != nil {
		return nil, err
	}
	if p.FiatValue, err = dollarsArg("fiatValue", fiatValue); err != nil {
		return nil, err
	}
	if p.BasisFiatValue, err = dollarsArg("basisFiatValue", basisFiatValue); err != nil {
		return nil, err
	}
	origValue, err := dollarsArg("originalFiatValue", originalFiatValue)
	if err != nil {
		return nil, err
	}
	origBasis, err := dollarsArg("originalBasisFiatValue", originalBasisFiatValue)
	if err != nil {
		return nil, err
	}
	if origValue != nil || origBasis != nil {
		// Values given in another currency need that day's exchange rate, which the service has no
		// source for: they are accepted in the client's own currency only.
		cur, err := r.Ledger.Currency(ctx, scope)
		if err != nil {
			return nil, err
		}
		if fiatCurrency != nil && *fiatCurrency != "" && !strings.EqualFold(*fiatCurrency, cur) &&
			((origValue != nil && p.FiatValue == nil) || (origBasis != nil && p.BasisFiatValue == nil)) {
			return nil, apperr.InvalidField("fiatCurrency", "no exchange rates for %s are available; give fiatValue/basisFiatValue in %s", *fiatCurrency, cur)
		}
		if p.FiatValue == nil {
			p.FiatValue = origValue
		}
		if p.BasisFiatValue == nil {
			p.BasisFiatValue = origBasis
		}
	}
	p.IsHidden, p.PurchaseDateOverride = isHidden, purchaseDateOverride
	p.ClearLabel = wipeLabel != nil && *wipeLabel
	if p.ClearLabel && label != nil {
		return nil, apperr.InvalidField("wipeLabel", "cannot be combined with label")
	}
	if label != nil {
		if err := ledger.CheckLabel("label", *label); err != nil {
			return nil, err
		}
		p.Label = label
	}
	if resetFiatValue != nil && *resetFiatValue {
		if p.FiatValue != nil || p.BasisFiatValue != nil {
			return nil, apperr.InvalidField("resetFiatValue", "cannot be combined with fiatValue or basisFiatValue")
		}
		p.ResetFiatValue = true
	}
	err = r.Ledger.Edit(ctx, scope, sessionID, source, func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(txID, trID, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, txID)
}

// --- Links between two transactions (markInternalTransfer, unmarkInternalTransfer,
// bridgeTransactions, crossChainSwap): ledger.Editor.Link, read by the engine (internal/recalc/pairs.go).

func (r *mutationResolver) MarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	return r.link(ctx, clientID, ledger.LinkInternalTransfer, fromTransactionID, toTransactionID)
}

func (r *mutationResolver) BridgeTransactions(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	return r.link(ctx, clientID, ledger.LinkBridge, fromTransactionID, toTransactionID)
}

func (r *mutationResolver) CrossChainSwap(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (*model.Transaction, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromTransactionID, toTransactionID)
	if err != nil {
		return nil, err
	}
	if _, err := r.Ledger.LinkTransactions(ctx, scope, ledger.LinkCrossChainSwap, from, to); err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, from)
}

func (r *mutationResolver) UnmarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromTransactionID, toTransactionID)
	if err != nil {
		return "", err
	}
	p, err := r.Ledger.UnlinkTransactions(ctx, scope, from, to)
	if err != nil {
		return "", err
	}
	return p.ID.String(), nil
}

// link links two transactions of the client as kind and returns the link id.
func (r *mutationResolver) link(ctx context.Context, clientID string, kind ledger.LinkType, fromID, toID string) (string, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromID, toID)
	if err != nil {
		return "", err
	}
	p, err := r.Ledger.LinkTransactions(ctx, scope, kind, from, to)
	if err != nil {
		return "", err
	}
	return p.ID.String(), nil
}

// linkArgs authorises the caller for the client and parses the two sides of a link.
func (r *mutationResolver) linkArgs(ctx context.Context, clientID, fromID, toID string) (scope auth.ClientScope, from, to uuid.UUID, err error) {
	if scope, err = r.txScope(ctx, clientID); err != nil {
		return scope, from, to, err
	}
	if from, err = parseID("fromTransactionId", fromID); err != nil {
		return scope, from, to, err
	}
	to, err = parseID("toTransactionId", toID)
	return scope, from, to, err
}

// --- Uploads: a signed URL for the file uploadManualTransactions imports (fileimport/signed.go).

func (r *mutationResolver) CreateUploadURL(ctx context.Context, clientID string, fileName *string, size *int) (*model.UploadURL, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	var name string
	if fileName != nil {
		name = *fileName
	}
	var n int64
	if size != nil {
		n = int64(*size)
	}
	u, err := r.Files.CreateUploadURL(ctx, scope, name, n)
	if err != nil {
		return nil, err
	}
	return &model.UploadURL{URL: u.URL, Method: u.Method, FileObjectKey: u.Key, ExpiresAt: u.ExpiresAt, MaxBytes: int(u.MaxBytes)}, nil
}

// totalIsCapped is null when the total was not counted (skipTotal), as the total itself.
func totalIsCapped(list ledger.TxList) *bool {
	if list.Total == nil {
		return nil
	}
	return &list.TotalCapped
}

// GetTransferPairSuggestions lists pairs of one-sided transactions that look like moves between
// the client's own accounts, with both transactions.
func (r *queryResolver) GetTransferPairSuggestions(ctx context.Context, clientID string, transactionID *string, limit *int) ([]model.TransferPairSuggestion, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	tx, err := parseOptionalID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	n := 20
	if limit != nil {
		n = *limit
	}
	ps, err := r.Ledger.PairSuggestions(ctx, scope, tx, n)
	if err != nil {
		return nil, err
	}
	out := make([]model.TransferPairSuggestion, len(ps))
	if len(ps) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, 0, 2*len(ps))
	assetIDs := make([]uuid.UUID, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.FromTransactionID, p.ToTransactionID)
		assetIDs = append(assetIDs, p.AssetID)
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	txs, err := r.transactionsOut(ctx, scope, st, rows, false, false)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*model.Transaction, len(txs))
	for i := range txs {
		byID[txs[i].ID] = &txs[i]
	}
	assets, err := r.Ledger.Assets(ctx, scope, assetIDs)
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		o := model.TransferPairSuggestion{
			FromTransactionID: p.FromTransactionID.String(), ToTransactionID: p.ToTransactionID.String(),
			FromTransaction: byID[p.FromTransactionID.String()], ToTransaction: byID[p.ToTransactionID.String()],
			FromTransferID: p.FromTransferID.String(), ToTransferID: p.ToTransferID.String(),
			FromAccountID: p.FromAccountID.String(), ToAccountID: p.ToAccountID.String(), AssetID: p.AssetID.String(),
			SentAmountExact: p.Sent.String(), ReceivedAmountExact: p.Received.String(), FeeAmountExact: p.Sent.Sub(p.Received).String(),
			SentAt: p.SentAt, ReceivedAt: p.ReceivedAt,
		}
		if a, ok := assets[p.AssetID]; ok {
			m := assetOut(a)
			o.Asset = &m
		}
		out[i] = o
	}
	return out, nil
}
