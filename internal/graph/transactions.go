package graph

// Resolvers of spec/graphql/transactions.graphqls.

import (
	"context"
	"strings"
	"time"

	gql "github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
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

func (r *queryResolver) GetClientTransactions(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.GetTransactionsResponse, error) {
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
	out := &model.GetTransactionsResponse{Transactions: txs, Total: list.Total, Page: q.page.Page, Limit: q.page.Limit, HasNextPage: list.HasNext}
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
		j := model.Job{ID: s.ID.String(), ClientID: s.ClientID.String(), AccountID: &acct, Type: model.JobTypeEnumFileImport,
			Status: jobStatus(s.Status), Progress: int(s.Progress), ImportedTransactionCount: int(s.Imported), Attempt: 1,
			Error: s.Error, CreatedAt: s.CreatedAt, StartedAt: s.StartedAt, FinishedAt: s.FinishedAt}
		out.Jobs[i] = j
		out.HasActiveJobs = out.HasActiveJobs || s.Status == "queued" || s.Status == "running"
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

func transactionOut(t ledger.TxRow, st ledger.LedgerState, trs []db.Transfer, figs map[uuid.UUID]ledger.TransferFigures) model.Transaction {
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
	var fee, in, outgoing decimal.Decimal
	spamOnly := len(trs) > 0
	for _, tr := range trs {
		m.Transfers = append(m.Transfers, transferOut(tr, st, figs[tr.ID]))
		spamOnly = spamOnly && st.IsSpamAsset(tr.AssetID)
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

func transferOut(tr db.Transfer, st ledger.LedgerState, f ledger.TransferFigures) model.Transfer {
	amount, _ := tr.Quantity.Float64()
	m := model.Transfer{
		ID: tr.ID.String(), TransactionID: tr.TransactionID.String(), Ordering: int(tr.Position), AssetID: tr.AssetID.String(),
		Amount: amount, AmountExact: tr.Quantity.String(), FromAddress: tr.FromAddress, ToAddress: tr.ToAddress,
		IsFee: tr.IsFee, IsHidden: tr.IsHidden, FiatCurrency: model.CurrencyCodeEnum(st.Currency),
		IsFiatValueOverridden: tr.OriginalFiatValue.Valid || tr.OriginalBasisFiatValue.Valid,
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
	if tr.FiatValue.Valid {
		m.FiatValueCents = centsPtr(tr.FiatValue.Decimal)
		m.FiatValueFormatted = money.FormatPtr(m.FiatValueCents)
	}
	if tr.OriginalFiatValue.Valid {
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
	case tr.BasisFiatValue.Valid:
		m.BasisFiatValueCents = centsPtr(tr.BasisFiatValue.Decimal)
	case m.Direction == model.TransferDirectionEnumIncoming && tr.FiatValue.Valid:
		// An acquisition's lot basis is its value plus a fiat fee.
		b := tr.FiatValue.Decimal
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
	return &model.GetTransactionsSummaryResponse{
		TransactionCount: int(s.TransactionCount), DisposalCount: int(s.DisposalCount),
		ProceedsCents: money.Cents(s.Proceeds), CostBasisCents: money.Cents(s.Basis),
		CapGainsCents: gain, CapGainsSumSigned: *signed(gain), CapGainsFormatted: money.Format(gain),
		ShortTermCapGainsCents: money.Cents(s.ShortTermGain), LongTermCapGainsCents: money.Cents(s.LongTermGain),
		IncomeCents: inc, IncomeFormatted: money.Format(inc), FeesCents: money.Cents(s.Fees),
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

func jobStatus(s string) model.JobStatusEnum {
	switch s {
	case "queued":
		return model.JobStatusEnumQueued
	case "running":
		return model.JobStatusEnumRunning
	case "completed":
		return model.JobStatusEnumSucceeded
	}
	return model.JobStatusEnumFailed
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
	if _, err := r.link(ctx, clientID, ledger.LinkCrossChainSwap, fromTransactionID, toTransactionID); err != nil {
		return nil, err
	}
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	from, _ := uuid.Parse(fromTransactionID) // parsed by link
	rows, st, err := r.Ledger.Get(ctx, scope, []uuid.UUID{from})
	if err != nil {
		return nil, err
	}
	txs, err := r.transactionsOut(ctx, scope, st, rows, false, false)
	if err != nil {
		return nil, err
	}
	return &txs[0], nil
}

func (r *mutationResolver) UnmarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	from, to, err := linkSides(fromTransactionID, toTransactionID)
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
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	from, to, err := linkSides(fromID, toID)
	if err != nil {
		return "", err
	}
	p, err := r.Ledger.LinkTransactions(ctx, scope, kind, from, to)
	if err != nil {
		return "", err
	}
	return p.ID.String(), nil
}

func linkSides(fromID, toID string) (from, to uuid.UUID, err error) {
	if from, err = uuid.Parse(fromID); err != nil {
		return from, to, apperr.InvalidField("fromTransactionId", "must be a UUID")
	}
	if to, err = uuid.Parse(toID); err != nil {
		return from, to, apperr.InvalidField("toTransactionId", "must be a UUID")
	}
	return from, to, nil
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
