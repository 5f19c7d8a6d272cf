package graph

// Queries of spec/graphql/transactions.graphqls (the list, summary and export share the filter of
// txfilter.go) and the field resolvers of Transaction and Transfer. Edits are in
// transactions_edit.go, links in links.go, the mapping to GraphQL types in transactions_out.go.

import (
	"context"
	"time"

	gql "github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/auth"
	"taxd/internal/ledger"
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

func (r *queryResolver) GetClientTransactions(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, classificationRule *string, clientID string, endDate *time.Time, exactTotal *bool, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.GetTransactionsResponse, error) {
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

func (r *queryResolver) GetClientTransactionsSummary(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, classificationRule *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string, allowCache *bool) (*model.GetTransactionsSummaryResponse, error) {
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

func (r *queryResolver) GetTransactionHistoryReportV2(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, classificationRule *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.ReportExportResponse, error) {
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
	trs, err := r.Ledger.Transfers(ctx, scope, st, ids, includeHidden)
	if err != nil {
		return nil, err
	}
	var bals map[uuid.UUID][]ledger.Balance
	if balances {
		if bals, err = r.Ledger.BalancesAfter(ctx, scope, ids); err != nil {
			return nil, err
		}
	}
	var cls map[uuid.UUID]ledger.Classification
	if gql.GetFieldContext(ctx) == nil || selected(ctx, append(append([]string{}, under...), "classification")...) {
		if cls, err = r.Ledger.Classifications(ctx, scope, ids); err != nil {
			return nil, err
		}
	}
	client := scope.ClientID().String()
	l := loadersFrom(ctx)
	for i, t := range rows {
		out[i] = transactionOut(t, st, trs.ByTransaction[t.ID], trs.Figures, trs.SpamOnly[t.ID])
		if c, ok := cls[t.ID]; ok {
			out[i].Classification = classificationOut(c)
		}
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
