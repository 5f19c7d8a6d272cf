package graph

// Resolvers of operations that are part of the contract but not built yet. Each answers a
// NOT_IMPLEMENTED error (never fake data). Move a resolver out of this file when it is built.

import (
	"context"
	"time"

	"taxd/gen/graph/model"
	"taxd/internal/apperr"
)

// notImplemented is the answer of a pending resolver, after the caller's access to the client
// has been checked (so FORBIDDEN and UNAUTHENTICATED behave as they will once it is built).
func notImplemented(field string) error { return apperr.NotImplementedOp(field) }

func (r *mutationResolver) CreateAccount(ctx context.Context, address *string, apiKey *string, clientID *string, code *string, fileObjectKey *string, importType model.ImportTypeEnum, includeOrdinals *bool, includeStakingRewards *bool, isLargeAccount *bool, label *string, passphrase *string, bankLinkPublicToken *string, potentialAccountID *string, provider string, providers []string, redirectURL *string, secretKey *string, shouldUploadAllEvm *bool, skipRecalculate *bool, startImportingAt *time.Time, stopImportingAt *time.Time, txnHash *string, typeArg model.AccountTypeEnum) ([]model.Account, error) {
	return nil, notImplemented("createAccount")
}

func (r *mutationResolver) CreateBatchWallets(ctx context.Context, clientID string, skipRecalculate *bool, wallets []model.BatchWalletInputParams) ([]model.Account, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("createBatchWallets")
}

func (r *mutationResolver) DeleteAccount(ctx context.Context, accountID string) (*model.Account, error) {
	return nil, notImplemented("deleteAccount")
}

func (r *mutationResolver) HardRefreshAccount(ctx context.Context, accountID string, options *model.HardRefreshAccountOptions, shouldApplyCurrentEdits *bool) (*model.Account, error) {
	return nil, notImplemented("hardRefreshAccount")
}

func (r *mutationResolver) RenameAccount(ctx context.Context, accountID string, newName string) (*model.Account, error) {
	return nil, notImplemented("renameAccount")
}

func (r *mutationResolver) RetireAccount(ctx context.Context, accountID string, stopImportingAt *time.Time) (*model.Account, error) {
	return nil, notImplemented("retireAccount")
}

func (r *mutationResolver) SyncAccount(ctx context.Context, accountID string, isProgressiveSync *bool, onlyStakingRewards *bool, shouldGetLastImportedAt *bool, skipRecalculate *bool) (*model.Account, error) {
	return nil, notImplemented("syncAccount")
}

func (r *mutationResolver) SyncAllClientAccounts(ctx context.Context, clientID string, isContinuousSync bool) (*model.SyncAllClientAccountsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("syncAllClientAccounts")
}

func (r *mutationResolver) RefreshAPIKey(ctx context.Context, accountID string, apiKey *string, clientID string, l1Address *string, passphrase *string, secretKey *string) (*string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("refreshApiKey")
}

func (r *mutationResolver) UpdateClient(ctx context.Context, accountantNotes *string, accountantStatus *model.ClientAccountantStatusEnum, allowCustomerSupportAccess *bool, avatarImageURL *string, canUsePriority *bool, clientID string, country *model.CountryEnum, currency *model.CurrencyCodeEnum, deadline *time.Time, defaultAIModel *string, defaultToFloor *bool, fiscalYearEnd *string, fiscalYearStart *string, fullServiceNotes *string, fullServiceStatus *string, hasCustomFiscalYear *bool, isEnterprise *bool, isOnExtension *bool, lockTaxesUntil *time.Time, name *string, neededTaxYears *string, paymentAppUsername *string, portfolioProvider *string, solReferralAddress *string, messengerGroupURL *string, messengerUsername *string, timezone *string, typeArg *string, useSnapshots *bool) (*model.Client, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateClient")
}

func (r *mutationResolver) UpdateClientCostBasisAlgorithm(ctx context.Context, clientID string, costBasisAlgorithm model.CostBasisAlgorithmEnum) (*model.Client, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateClientCostBasisAlgorithm")
}

func (r *mutationResolver) UpdateAsset(ctx context.Context, assetID string, priceSourceID *string, contractAddress *string, description *string, iconImageURL *string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name *string, overrideCurrentValue *float64, symbol *string, typeArg *model.AssetTypeEnum, usePlatformPrice *bool) (*model.Asset, error) {
	return nil, notImplemented("updateAsset")
}

func (r *mutationResolver) UpsertNftAsset(ctx context.Context, assetKey string, clientID string, contractAddress string, imageURL *string, isHidden *bool, isSpam *bool, isWorthless *bool, name string, overrideCurrentValue *float64, provider string, tokenID *string, useAwakenPriceFlag *bool) ([]model.Asset, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("upsertNftAsset")
}

func (r *mutationResolver) Generate1099DAReports(ctx context.Context, clientID string, taxFormID string, transactions []model.Generate1099DATransactionInput, useBrokerDataForBoxG *bool) (*model.GenerateReconciled8949sResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("generate1099DAReports")
}

func (r *mutationResolver) UpdateClientTaxSettings(ctx context.Context, clientID string, taxSettings model.AdvancedTaxFeaturesInput) (*model.Client, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateClientTaxSettings")
}

func (r *mutationResolver) BridgeTransactions(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return "", err
	}
	return "", notImplemented("bridgeTransactions")
}

func (r *mutationResolver) CreateTransaction(ctx context.Context, accountID string, clientID string, createdAt time.Time, sessionID *string, source *string, txnHash *string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("createTransaction")
}

func (r *mutationResolver) CreateTransfer(ctx context.Context, amount *float64, assetID string, clientID string, fiatValue *float64, fromAccountID *string, sessionID *string, source *string, toAccountID *string, transactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("createTransfer")
}

func (r *mutationResolver) CrossChainSwap(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("crossChainSwap")
}

func (r *mutationResolver) DuplicateTransaction(ctx context.Context, clientID string, transactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("duplicateTransaction")
}

func (r *mutationResolver) HideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return "", err
	}
	return "", notImplemented("hideMultipleTransactions")
}

func (r *mutationResolver) HideTransaction(ctx context.Context, clientID string, isHidden bool, transactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("hideTransaction")
}

func (r *mutationResolver) LabelTransactions(ctx context.Context, clientID string, investmentID *string, label *string, notes *string, offChainData *model.OffChainEventDetailsInput, sessionID *string, source *string, transactionIds []string, wipeLabel *bool) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("labelTransactions")
}

func (r *mutationResolver) MarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return "", err
	}
	return "", notImplemented("markInternalTransfer")
}

func (r *mutationResolver) MergeTransactions(ctx context.Context, clientID string, fromTransactionIds []string, sessionID *string, source *string, toTransactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("mergeTransactions")
}

func (r *mutationResolver) SaveReceivePriceForTransactions(ctx context.Context, assetAmount *float64, assetAmountAssetID *string, assetID *string, clientID string, contractAddress *string, fiatValue *float64, overrideAllMissingBasis *bool, transactionIds []string) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("saveReceivePriceForTransactions")
}

func (r *mutationResolver) SplitTransaction(ctx context.Context, baseTransactionID string, clientID string, ordering *int, sessionID *string, source *string, transferIdsToSeparate []string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("splitTransaction")
}

func (r *mutationResolver) SplitTransactionIntoMany(ctx context.Context, baseTransactionID string, clientID string, sessionID *string, source *string, splits []model.TransactionSplitInput) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("splitTransactionIntoMany")
}

func (r *mutationResolver) UndoAuditLogs(ctx context.Context, auditLogIds []string, clientID string, sessionID *string, source *string) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("undoAuditLogs")
}

func (r *mutationResolver) UnhideMultipleTransactions(ctx context.Context, clientID string, sessionID *string, source *string, transactionIds []string) (string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return "", err
	}
	return "", notImplemented("unhideMultipleTransactions")
}

func (r *mutationResolver) UnmarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return "", err
	}
	return "", notImplemented("unmarkInternalTransfer")
}

func (r *mutationResolver) UpdateMultiTransactionsCostBasis(ctx context.Context, clientID string, isMissingBasis bool, overrideIsMissingBasis bool, transactionIds []string) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateMultiTransactionsCostBasis")
}

func (r *mutationResolver) UpdateTransaction(ctx context.Context, clientID string, createDefaultRule bool, sessionID *string, source *string, transactionID string, updates model.UpdateTransactionInput) (*model.UpdateTransactionResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateTransaction")
}

func (r *mutationResolver) UpdateTransfer(ctx context.Context, amount *float64, assetID *string, basisFiatValue *float64, clientID string, fiatCurrency *string, fiatValue *float64, fromAccountID *string, isHidden *bool, originalBasisFiatValue *float64, originalFiatValue *float64, purchaseDateOverride *time.Time, resetFiatValue *bool, sessionID *string, source *string, toAccountID *string, transactionID string, transferID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("updateTransfer")
}

func (r *queryResolver) GetClientAccounts(ctx context.Context, clientID string, includeVirtual *bool) ([]*model.Account, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientAccounts")
}

func (r *queryResolver) GetJobsForAccount(ctx context.Context, accountID string) ([]model.Job, error) {
	return nil, notImplemented("getJobsForAccount")
}

func (r *queryResolver) GetUsedChains(ctx context.Context, address string) ([]string, error) {
	return nil, notImplemented("getUsedChains")
}

func (r *queryResolver) GetClientAuditLogs(ctx context.Context, clientID string, field *string, includeCompetitorEdits *bool, limit int, page int, transactionIds []string, transactionSearch *string, userID *string) (*model.GetClientAuditLogsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientAuditLogs")
}

func (r *queryResolver) GetClientByID(ctx context.Context, clientID string) (*model.Client, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientById")
}

func (r *queryResolver) GetClientInsights(ctx context.Context, assetTypeFilter *string, clientID string, limit *int, page *int, status *model.InsightStatusEnum, typeArg *model.InsightTypeEnum) ([]model.Insight, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientInsights")
}

func (r *queryResolver) GetMyActiveClient(ctx context.Context) (*model.Client, error) {
	return nil, notImplemented("getMyActiveClient")
}

func (r *queryResolver) GetMyClients(ctx context.Context) ([]model.Client, error) {
	return nil, notImplemented("getMyClients")
}

func (r *queryResolver) GetChart(ctx context.Context, clientID string, hardRefresh *bool, interval model.HistoricalBalanceIntervalEnum) (*model.GetChartResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getChart")
}

func (r *queryResolver) GetClientAssets(ctx context.Context, clientID string, hideSpamAssets *bool) (*model.ClientAssetsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientAssets")
}

func (r *queryResolver) GetClientAssetsOptions(ctx context.Context, clientID string, hideSpamAssets *bool, limit *int, page *int) (*model.ClientAssetsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientAssetsOptions")
}

func (r *queryResolver) GetPortfolioV2(ctx context.Context, ascending *bool, assetKey *string, clientID string, includeCoins *bool, includeDefi *bool, includeNFTs *bool, includePerps *bool, includePredictions *bool, includeSpam *bool, limit *int, onlyIncludedAccountIds []string, page *int, prefetch *bool, provider *string, search *string, sort *model.PortfolioSortColumnEnum, typeArg *model.AssetTypeEnum, useCache *bool) (*model.PortfolioResponseV2, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getPortfolioV2")
}

func (r *queryResolver) GetPortfolioValue(ctx context.Context, clientID string, useCacheIfAvailable *bool) (*model.GetPortfolioValueResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getPortfolioValue")
}

func (r *queryResolver) GetTaxFormReconciliationProceedsByAsset(ctx context.Context, clientID string, taxFormID string) ([]model.ReconciliationProceedsByAssetRow, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxFormReconciliationProceedsByAsset")
}

func (r *queryResolver) GetHarvestableLosses(ctx context.Context, clientID string, date time.Time) (*model.GetHarvestableLossesResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getHarvestableLosses")
}

func (r *queryResolver) GetIncomeAndCapGains(ctx context.Context, clientID string, year string) (*model.GetIncomeAndCapGainsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getIncomeAndCapGains")
}

func (r *queryResolver) GetReportDownloadURL(ctx context.Context, reportID string) (*model.DownloadURLResponse, error) {
	return nil, notImplemented("getReportDownloadUrl")
}

func (r *queryResolver) GetReportExportV2(ctx context.Context, accountIds []string, checkboxType *string, clientID string, dateQueryType model.ReportDateQueryType, email *string, endDate *time.Time, exclude1099da *bool, forceSendEmail *bool, includeDefiPositions *bool, is1099DAAccount *bool, is1099DAAccountID *string, language *string, shouldDownload *bool, startDate *time.Time, tagGroupID *string, typeArg model.ReportExportTypeEnum, year *string) (*model.ReportExportResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getReportExportV2")
}

func (r *queryResolver) GetReportInfo(ctx context.Context, clientID string, taxFormID string) (*model.GetReportInfoResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getReportInfo")
}

func (r *queryResolver) GetReports(ctx context.Context, clientID string) ([]model.Report, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getReports")
}

func (r *queryResolver) GetTaxForm8949Preview(ctx context.Context, clientID string, taxFormID string, useBrokerDataForBoxG *bool) ([]model.Reconciled8949PreviewRow, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxForm8949Preview")
}

func (r *queryResolver) GetTaxFormReconciliation(ctx context.Context, clientID string, taxFormID string) (*model.GetTaxFormReconciliationResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxFormReconciliation")
}

func (r *queryResolver) GetTaxFormStatuses(ctx context.Context, clientID string, formType *string, year int) (*model.GetTaxFormStatusesResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxFormStatuses")
}

func (r *queryResolver) GetTaxLots(ctx context.Context, assetPricingKey string, clientID string) (*model.GetTaxLotsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxLots")
}

func (r *queryResolver) GetTaxYears(ctx context.Context, clientID string) ([]int, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTaxYears")
}

func (r *queryResolver) TaxFormGenerations(ctx context.Context, clientID string, taxFormID string) ([]model.TaxFormGenerationHistory, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("taxFormGenerations")
}

func (r *queryResolver) GetClientTransactions(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.GetTransactionsResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientTransactions")
}

func (r *queryResolver) GetClientTransactionsSummary(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeBalances *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, includeSummary *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string, allowCache *bool) (*model.GetTransactionsSummaryResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getClientTransactionsSummary")
}

func (r *queryResolver) GetTransactionHistoryReportV2(ctx context.Context, accountFilterMode *string, accountIds []string, amountFilterOperator *string, amountFilterValue *string, ascending *bool, assetFilterMode *string, assetID *string, assetIds []string, assetKey *string, assetKeyV2 *string, assetSymbolOrName *string, assetType *string, clientID string, endDate *time.Time, financialEventType *string, fromAddress *string, fromOrToAddress *string, gainLossFilter *string, hasDuplicateTransfers *bool, hasIncome *bool, hasNotes *bool, includeFailed *bool, includeHidden *bool, includeSpam *bool, insightPatternID *string, investmentID *string, involvedAddresses []string, isMissingBasis *bool, isNegativeBalance *bool, isOffChain *bool, labelFilterMode *string, labeledPriority *int, labels []string, limit *int, onlyDisposals *bool, onlyShowDeleted *bool, onlyTransactionIds []string, onlyWashSales *bool, page *int, protocolAddress *string, providerFilterMode *string, providers []string, reminderID *string, reminderQuestion *int, reviewed *bool, saleTerm *string, search *string, showOnlyEditedTransactions *bool, showOnlyPerpetuals *bool, skipTotal *bool, sortBy *string, stakeAccountIdentifier *string, startDate *time.Time, toAddress *string) (*model.ReportExportResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTransactionHistoryReportV2")
}

func (r *queryResolver) GetLabelOptionsForTransactions(ctx context.Context, clientID string, transactionIds []string) (*model.TransactionTypeOptionResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getLabelOptionsForTransactions")
}

func (r *queryResolver) GetLabels(ctx context.Context, clientID *string) ([]model.FullLabelOption, error) {
	return nil, notImplemented("getLabels")
}

func (r *queryResolver) GetTransaction(ctx context.Context, clientID string, includeAllTransfers *bool, transactionID string) (*model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTransaction")
}

func (r *queryResolver) GetTransactionImportJobs(ctx context.Context, clientID string) (*model.GetTransactionImportJobs, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTransactionImportJobs")
}

func (r *queryResolver) GetTransactionTypeOptions(ctx context.Context, clientID string, transactionID string) (*model.TransactionTypeOptionResponse, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTransactionTypeOptions")
}

func (r *queryResolver) GetTransactions(ctx context.Context, clientID string, transactionIds []string) ([]model.Transaction, error) {
	if _, _, err := r.client(ctx, clientID); err != nil {
		return nil, err
	}
	return nil, notImplemented("getTransactions")
}
