package graph

// Resolvers of operations that are part of the contract but not built yet. Each answers a
// NOT_IMPLEMENTED error (never fake data). Move a resolver out of this file when it is built.

import (
	"context"
	"time"

	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// notImplemented is the answer of a pending resolver on a client's data. It takes the scope the
// resolver obtained, so the access check cannot be skipped: FORBIDDEN and UNAUTHENTICATED behave
// as they will once the operation is built.
func notImplemented(scope auth.ClientScope, field string) error {
	if err := scope.Check(); err != nil {
		return err
	}
	return apperr.NotImplementedOp(field)
}

// notImplementedForViewer is the answer of a pending resolver that reads no client's data (the
// caller's own identity): only an authenticated viewer gets it.
func notImplementedForViewer(ctx context.Context, field string) error {
	if _, err := auth.ViewerFrom(ctx); err != nil {
		return err
	}
	return apperr.NotImplementedOp(field)
}

// assetScope authorises the viewer for the client owning assetID.
func (r *Resolver) assetScope(ctx context.Context, assetID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := uuid.Parse(assetID)
	if err != nil {
		return auth.ClientScope{}, apperr.InvalidField("assetId", "must be a UUID")
	}
	return r.Auth.ScopeForAsset(ctx, v, id)
}

// reportScope authorises the viewer for the client owning reportID.
func (r *Resolver) reportScope(ctx context.Context, reportID string) (auth.ClientScope, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return auth.ClientScope{}, err
	}
	id, err := uuid.Parse(reportID)
	if err != nil {
		return auth.ClientScope{}, apperr.InvalidField("reportId", "must be a UUID")
	}
	return r.Auth.ScopeForReport(ctx, v, id)
}

func (r *mutationResolver) CreateAccount(ctx context.Context, address *string, apiKey *string, clientID *string, code *string, fileObjectKey *string, importType model.ImportTypeEnum, includeOrdinals *bool, includeStakingRewards *bool, isLargeAccount *bool, label *string, passphrase *string, bankLinkPublicToken *string, potentialAccountID *string, provider string, providers []string, redirectURL *string, secretKey *string, shouldUploadAllEvm *bool, skipRecalculate *bool, startImportingAt *time.Time, stopImportingAt *time.Time, txnHash *string, typeArg model.AccountTypeEnum) ([]model.Account, error) {
	scope, err := r.viewerScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "createAccount")
}

func (r *mutationResolver) CreateBatchWallets(ctx context.Context, clientID string, skipRecalculate *bool, wallets []model.BatchWalletInputParams) ([]model.Account, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "createBatchWallets")
}

func (r *mutationResolver) DeleteAccount(ctx context.Context, accountID string) (*model.Account, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "deleteAccount")
}

func (r *mutationResolver) HardRefreshAccount(ctx context.Context, accountID string, options *model.HardRefreshAccountOptions, shouldApplyCurrentEdits *bool) (*model.Account, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "hardRefreshAccount")
}

func (r *mutationResolver) RenameAccount(ctx context.Context, accountID string, newName string) (*model.Account, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "renameAccount")
}

func (r *mutationResolver) RetireAccount(ctx context.Context, accountID string, stopImportingAt *time.Time) (*model.Account, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "retireAccount")
}

func (r *mutationResolver) SyncAccount(ctx context.Context, accountID string, isProgressiveSync *bool, onlyStakingRewards *bool, shouldGetLastImportedAt *bool, skipRecalculate *bool) (*model.Account, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "syncAccount")
}

func (r *mutationResolver) SyncAllClientAccounts(ctx context.Context, clientID string, isContinuousSync bool) (*model.SyncAllClientAccountsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "syncAllClientAccounts")
}

func (r *mutationResolver) RefreshAPIKey(ctx context.Context, accountID string, apiKey *string, clientID string, l1Address *string, passphrase *string, secretKey *string) (*string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "refreshApiKey")
}

func (r *mutationResolver) UpdateClient(ctx context.Context, accountantNotes *string, accountantStatus *model.ClientAccountantStatusEnum, allowCustomerSupportAccess *bool, avatarImageURL *string, canUsePriority *bool, clientID string, country *model.CountryEnum, currency *model.CurrencyCodeEnum, deadline *time.Time, defaultAIModel *string, defaultToFloor *bool, fiscalYearEnd *string, fiscalYearStart *string, fullServiceNotes *string, fullServiceStatus *string, hasCustomFiscalYear *bool, isEnterprise *bool, isOnExtension *bool, lockTaxesUntil *time.Time, name *string, neededTaxYears *string, paymentAppUsername *string, portfolioProvider *string, solReferralAddress *string, messengerGroupURL *string, messengerUsername *string, timezone *string, typeArg *string, useSnapshots *bool) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateClient")
}

func (r *mutationResolver) UpdateClientCostBasisAlgorithm(ctx context.Context, clientID string, costBasisAlgorithm model.CostBasisAlgorithmEnum) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateClientCostBasisAlgorithm")
}

func (r *mutationResolver) Generate1099DAReports(ctx context.Context, clientID string, taxFormID string, transactions []model.Generate1099DATransactionInput, useBrokerDataForBoxG *bool) (*model.GenerateReconciled8949sResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "generate1099DAReports")
}

func (r *mutationResolver) UpdateClientTaxSettings(ctx context.Context, clientID string, taxSettings model.AdvancedTaxFeaturesInput) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateClientTaxSettings")
}

func (r *mutationResolver) BridgeTransactions(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	return "", notImplemented(scope, "bridgeTransactions")
}

func (r *mutationResolver) CreateTransaction(ctx context.Context, accountID string, clientID string, createdAt time.Time, sessionID *string, source *string, txnHash *string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "createTransaction")
}

func (r *mutationResolver) CreateTransfer(ctx context.Context, amount *float64, assetID string, clientID string, fiatValue *float64, fromAccountID *string, sessionID *string, source *string, toAccountID *string, transactionID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "createTransfer")
}

func (r *mutationResolver) CrossChainSwap(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "crossChainSwap")
}

func (r *mutationResolver) DuplicateTransaction(ctx context.Context, clientID string, transactionID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "duplicateTransaction")
}

func (r *mutationResolver) HideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	return "", notImplemented(scope, "hideMultipleTransactions")
}

func (r *mutationResolver) HideTransaction(ctx context.Context, clientID string, isHidden bool, transactionID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "hideTransaction")
}

func (r *mutationResolver) LabelTransactions(ctx context.Context, clientID string, investmentID *string, label *string, notes *string, offChainData *model.OffChainEventDetailsInput, sessionID *string, source *string, transactionIds []string, wipeLabel *bool) ([]model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "labelTransactions")
}

func (r *mutationResolver) MarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	return "", notImplemented(scope, "markInternalTransfer")
}

func (r *mutationResolver) MergeTransactions(ctx context.Context, clientID string, fromTransactionIds []string, sessionID *string, source *string, toTransactionID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "mergeTransactions")
}

func (r *mutationResolver) SaveReceivePriceForTransactions(ctx context.Context, assetAmount *float64, assetAmountAssetID *string, assetID *string, clientID string, contractAddress *string, fiatValue *float64, overrideAllMissingBasis *bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "saveReceivePriceForTransactions")
}

func (r *mutationResolver) SplitTransaction(ctx context.Context, baseTransactionID string, clientID string, ordering *int, sessionID *string, source *string, transferIdsToSeparate []string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "splitTransaction")
}

func (r *mutationResolver) SplitTransactionIntoMany(ctx context.Context, baseTransactionID string, clientID string, sessionID *string, source *string, splits []model.TransactionSplitInput) ([]model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "splitTransactionIntoMany")
}

func (r *mutationResolver) UndoAuditLogs(ctx context.Context, auditLogIds []string, clientID string, sessionID *string, source *string) ([]model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "undoAuditLogs")
}

func (r *mutationResolver) UnhideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	return "", notImplemented(scope, "unhideMultipleTransactions")
}

func (r *mutationResolver) UnmarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return "", err
	}
	return "", notImplemented(scope, "unmarkInternalTransfer")
}

func (r *mutationResolver) UpdateMultiTransactionsCostBasis(ctx context.Context, clientID string, isMissingBasis bool, overrideIsMissingBasis bool, transactionIds []string) ([]model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateMultiTransactionsCostBasis")
}

func (r *mutationResolver) UpdateTransaction(ctx context.Context, clientID string, createDefaultRule bool, sessionID *string, source *string, transactionID string, updates model.UpdateTransactionInput) (*model.UpdateTransactionResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateTransaction")
}

func (r *mutationResolver) UpdateTransfer(ctx context.Context, amount *float64, assetID *string, basisFiatValue *float64, clientID string, fiatCurrency *string, fiatValue *float64, fromAccountID *string, isHidden *bool, originalBasisFiatValue *float64, originalFiatValue *float64, purchaseDateOverride *time.Time, resetFiatValue *bool, sessionID *string, source *string, toAccountID *string, transactionID string, transferID string) (*model.Transaction, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "updateTransfer")
}

func (r *queryResolver) GetClientAccounts(ctx context.Context, clientID string, includeVirtual *bool) ([]*model.Account, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientAccounts")
}

func (r *queryResolver) GetJobsForAccount(ctx context.Context, accountID string) ([]model.Job, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getJobsForAccount")
}

func (r *queryResolver) GetUsedChains(ctx context.Context, address string) ([]string, error) {
	return nil, notImplementedForViewer(ctx, "getUsedChains")
}

func (r *queryResolver) GetClientAuditLogs(ctx context.Context, clientID string, field *string, includeCompetitorEdits *bool, limit int, page int, transactionIds []string, transactionSearch *string, userID *string) (*model.GetClientAuditLogsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientAuditLogs")
}

func (r *queryResolver) GetClientByID(ctx context.Context, clientID string) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientById")
}

func (r *queryResolver) GetClientInsights(ctx context.Context, assetTypeFilter *string, clientID string, limit *int, page *int, status *model.InsightStatusEnum, typeArg *model.InsightTypeEnum) ([]model.Insight, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getClientInsights")
}

func (r *queryResolver) GetMyActiveClient(ctx context.Context) (*model.Client, error) {
	return nil, notImplementedForViewer(ctx, "getMyActiveClient")
}

func (r *queryResolver) GetMyClients(ctx context.Context) ([]model.Client, error) {
	return nil, notImplementedForViewer(ctx, "getMyClients")
}

func (r *queryResolver) GetTaxFormReconciliationProceedsByAsset(ctx context.Context, clientID string, taxFormID string) ([]model.ReconciliationProceedsByAssetRow, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxFormReconciliationProceedsByAsset")
}

func (r *queryResolver) GetHarvestableLosses(ctx context.Context, clientID string, date time.Time) (*model.GetHarvestableLossesResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getHarvestableLosses")
}

func (r *queryResolver) GetIncomeAndCapGains(ctx context.Context, clientID string, year string) (*model.GetIncomeAndCapGainsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getIncomeAndCapGains")
}

func (r *queryResolver) GetReportDownloadURL(ctx context.Context, reportID string) (*model.DownloadURLResponse, error) {
	scope, err := r.reportScope(ctx, reportID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getReportDownloadUrl")
}

func (r *queryResolver) GetReportExportV2(ctx context.Context, accountIds []string, checkboxType *string, clientID string, dateQueryType model.ReportDateQueryType, email *string, endDate *time.Time, exclude1099da *bool, forceSendEmail *bool, includeDefiPositions *bool, is1099DAAccount *bool, is1099DAAccountID *string, language *string, shouldDownload *bool, startDate *time.Time, tagGroupID *string, typeArg model.ReportExportTypeEnum, year *string) (*model.ReportExportResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getReportExportV2")
}

func (r *queryResolver) GetReportInfo(ctx context.Context, clientID string, taxFormID string) (*model.GetReportInfoResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getReportInfo")
}

func (r *queryResolver) GetReports(ctx context.Context, clientID string) ([]model.Report, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getReports")
}

func (r *queryResolver) GetTaxForm8949Preview(ctx context.Context, clientID string, taxFormID string, useBrokerDataForBoxG *bool) ([]model.Reconciled8949PreviewRow, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxForm8949Preview")
}

func (r *queryResolver) GetTaxFormReconciliation(ctx context.Context, clientID string, taxFormID string) (*model.GetTaxFormReconciliationResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxFormReconciliation")
}

func (r *queryResolver) GetTaxFormStatuses(ctx context.Context, clientID string, formType *string, year int) (*model.GetTaxFormStatusesResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxFormStatuses")
}

func (r *queryResolver) GetTaxLots(ctx context.Context, assetPricingKey string, clientID string) (*model.GetTaxLotsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxLots")
}

func (r *queryResolver) GetTaxYears(ctx context.Context, clientID string) ([]int, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "getTaxYears")
}

func (r *queryResolver) TaxFormGenerations(ctx context.Context, clientID string, taxFormID string) ([]model.TaxFormGenerationHistory, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return nil, notImplemented(scope, "taxFormGenerations")
}
