/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}": typeof types.PortalTxRowFragmentDoc,
    "\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}": typeof types.PortalTxDetailFragmentDoc,
    "\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}": typeof types.PortalClientDocument,
    "\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }": typeof types.PortalTaxYearsDocument,
    "\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}": typeof types.PortalYearDocument,
    "\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }": typeof types.PortalDirtyDocument,
    "\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}": typeof types.PortalActiveJobDocument,
    "\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }": typeof types.PortalLastRunDocument,
    "\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }": typeof types.PortalRecalculateDocument,
    "\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}": typeof types.PortalTransactionCountDocument,
    "\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}": typeof types.PortalReviewQueueDocument,
    "\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}": typeof types.PortalAccountsDocument,
    "\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}": typeof types.PortalAssetsDocument,
    "\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}": typeof types.PortalLabelsDocument,
    "\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}": typeof types.PortalTransactionsDocument,
    "\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}": typeof types.PortalTransactionDocument,
    "\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {\n    costBasisAlgorithm nextCursor\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}": typeof types.PortalTransactionLotsDocument,
    "\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}": typeof types.PortalLabelOptionsDocument,
    "\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}": typeof types.PortalAuditDocument,
    "\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}": typeof types.PortalPairsDocument,
    "\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: \"portal\") { id label }\n}": typeof types.PortalLabelDocument,
    "\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}": typeof types.PortalHideDocument,
    "\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: \"portal\",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}": typeof types.PortalReviewedDocument,
    "\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}": typeof types.PortalSetPriceDocument,
    "\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: \"portal\") { id }\n}": typeof types.PortalSetValueDocument,
    "\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}": typeof types.PortalPairDocument,
    "\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}": typeof types.PortalUnpairDocument,
    "\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: \"portal\") { id }\n}": typeof types.PortalUndoDocument,
    "\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}": typeof types.PortalAcceptBasisDocument,
    "\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}": typeof types.PortalMarkSpamDocument,
    "\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}": typeof types.PortalPortfolioDocument,
    "\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}": typeof types.PortalChartDocument,
    "\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}": typeof types.PortalHarvestDocument,
    "\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}": typeof types.PortalForm8949Document,
    "\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: \"FORM_1099_DA\") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}": typeof types.PortalTaxFormsDocument,
    "\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}": typeof types.PortalReconciliationDocument,
    "\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }\n}": typeof types.PortalReportsDocument,
    "\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}": typeof types.PortalRequestReportDocument,
    "\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }": typeof types.PortalDownloadUrlDocument,
    "\nquery PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {\n  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {\n    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }\n    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }\n  }\n}": typeof types.PortalTaxEstimateDocument,
};
const documents: Documents = {
    "\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}": types.PortalTxRowFragmentDoc,
    "\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}": types.PortalTxDetailFragmentDoc,
    "\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}": types.PortalClientDocument,
    "\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }": types.PortalTaxYearsDocument,
    "\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}": types.PortalYearDocument,
    "\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }": types.PortalDirtyDocument,
    "\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}": types.PortalActiveJobDocument,
    "\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }": types.PortalLastRunDocument,
    "\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }": types.PortalRecalculateDocument,
    "\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}": types.PortalTransactionCountDocument,
    "\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}": types.PortalReviewQueueDocument,
    "\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}": types.PortalAccountsDocument,
    "\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}": types.PortalAssetsDocument,
    "\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}": types.PortalLabelsDocument,
    "\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}": types.PortalTransactionsDocument,
    "\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}": types.PortalTransactionDocument,
    "\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {\n    costBasisAlgorithm nextCursor\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}": types.PortalTransactionLotsDocument,
    "\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}": types.PortalLabelOptionsDocument,
    "\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}": types.PortalAuditDocument,
    "\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}": types.PortalPairsDocument,
    "\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: \"portal\") { id label }\n}": types.PortalLabelDocument,
    "\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}": types.PortalHideDocument,
    "\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: \"portal\",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}": types.PortalReviewedDocument,
    "\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}": types.PortalSetPriceDocument,
    "\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: \"portal\") { id }\n}": types.PortalSetValueDocument,
    "\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}": types.PortalPairDocument,
    "\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}": types.PortalUnpairDocument,
    "\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: \"portal\") { id }\n}": types.PortalUndoDocument,
    "\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}": types.PortalAcceptBasisDocument,
    "\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}": types.PortalMarkSpamDocument,
    "\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}": types.PortalPortfolioDocument,
    "\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}": types.PortalChartDocument,
    "\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}": types.PortalHarvestDocument,
    "\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}": types.PortalForm8949Document,
    "\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: \"FORM_1099_DA\") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}": types.PortalTaxFormsDocument,
    "\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}": types.PortalReconciliationDocument,
    "\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }\n}": types.PortalReportsDocument,
    "\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}": types.PortalRequestReportDocument,
    "\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }": types.PortalDownloadUrlDocument,
    "\nquery PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {\n  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {\n    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }\n    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }\n  }\n}": types.PortalTaxEstimateDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nfragment PortalTxRow on Transaction {\n  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam\n  fiatValueCents capGainsSumSigned incomeSum\n  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }\n}"): typeof import('./graphql').PortalTxRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nfragment PortalTxDetail on Transaction {\n  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis\n  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId\n  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum\n  classification { rule confidence explanation }\n  transfers {\n    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress\n    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum\n    saleTerm uncoveredAmountExact\n  }\n}"): typeof import('./graphql').PortalTxDetailFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalClient {\n  getMyActiveClient {\n    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil\n    jurisdictionRules {\n      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText\n      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }\n    }\n  }\n}"): typeof import('./graphql').PortalClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }"): typeof import('./graphql').PortalTaxYearsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalYear($clientId: ID!, $year: String!) {\n  getIncomeAndCapGains(clientId: $clientId, year: $year) {\n    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents\n    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount\n    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents\n    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents\n  }\n}"): typeof import('./graphql').PortalYearDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }"): typeof import('./graphql').PortalDirtyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalActiveJob($clientId: ID!) {\n  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }\n}"): typeof import('./graphql').PortalActiveJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }"): typeof import('./graphql').PortalLastRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }"): typeof import('./graphql').PortalRecalculateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],\n    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {\n  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,\n      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {\n    transactionCount\n  }\n}"): typeof import('./graphql').PortalTransactionCountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {\n  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {\n    totalCount\n    groups { patternId type severity title count assetId }\n    items { transactionId patternId type problems }\n  }\n}"): typeof import('./graphql').PortalReviewQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalAccounts($clientId: String!) {\n  getClientAccounts(clientId: $clientId) {\n    id name type provider address status transactionCount lastSyncedAt lastSyncError\n  }\n}"): typeof import('./graphql').PortalAccountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalAssets($clientId: ID!) {\n  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }\n}"): typeof import('./graphql').PortalAssetsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalLabels($clientId: ID) {\n  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }\n}"): typeof import('./graphql').PortalLabelsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,\n    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,\n    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {\n  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,\n      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,\n      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,\n      onlyTransactionIds: $onlyTransactionIds) {\n    transactions { ...PortalTxRow }\n    page limit hasNextPage\n  }\n}"): typeof import('./graphql').PortalTransactionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTransaction($clientId: ID!, $id: ID!) {\n  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }\n}"): typeof import('./graphql').PortalTransactionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {\n  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {\n    costBasisAlgorithm nextCursor\n    disposals {\n      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId\n      isUncovered isMissingBasis match deniedLossExact\n    }\n    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }\n  }\n}"): typeof import('./graphql').PortalTransactionLotsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalLabelOptions($clientId: ID!, $id: ID!) {\n  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {\n    options { value name description } recommended { value } currentLabel\n  }\n}"): typeof import('./graphql').PortalLabelOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalAudit($clientId: ID!, $ids: [ID!]) {\n  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {\n    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }\n    total\n  }\n}"): typeof import('./graphql').PortalAuditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalPairs($clientId: ID!, $id: ID, $limit: Int) {\n  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {\n    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact\n    sentAt receivedAt asset { symbol }\n  }\n}"): typeof import('./graphql').PortalPairsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {\n  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: \"portal\") { id label }\n}"): typeof import('./graphql').PortalLabelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {\n  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }\n}"): typeof import('./graphql').PortalHideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {\n  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: \"portal\",\n      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }\n}"): typeof import('./graphql').PortalReviewedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {\n  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }\n}"): typeof import('./graphql').PortalSetPriceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {\n  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,\n      resetFiatValue: $reset, source: \"portal\") { id }\n}"): typeof import('./graphql').PortalSetValueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {\n  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}"): typeof import('./graphql').PortalPairDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {\n  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)\n}"): typeof import('./graphql').PortalUnpairDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalUndo($clientId: ID!, $ids: [ID!]!) {\n  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: \"portal\") { id }\n}"): typeof import('./graphql').PortalUndoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {\n  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }\n}"): typeof import('./graphql').PortalAcceptBasisDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nmutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {\n  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }\n}"): typeof import('./graphql').PortalMarkSpamDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalPortfolio($clientId: ID!) {\n  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {\n    positions {\n      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents\n      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }\n    }\n    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt\n  }\n}"): typeof import('./graphql').PortalPortfolioDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {\n  getChart(clientId: $clientId, interval: $interval) {\n    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale\n  }\n}"): typeof import('./graphql').PortalChartDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalHarvest($clientId: ID!, $date: Date!) {\n  getHarvestableLosses(clientId: $clientId, date: $date) {\n    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents\n    assets {\n      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents\n      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition\n    }\n    unpricedAssetIds isStale\n  }\n}"): typeof import('./graphql').PortalHarvestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {\n  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {\n    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }\n    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }\n    total page limit isStale\n  }\n}"): typeof import('./graphql').PortalForm8949Document;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTaxForms($clientId: ID!, $year: Int!) {\n  getTaxFormStatuses(clientId: $clientId, year: $year, formType: \"FORM_1099_DA\") {\n    taxForms { id brokerName status statusMessage rowCount uploadedAt }\n  }\n}"): typeof import('./graphql').PortalTaxFormsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalReconciliation($clientId: ID!, $formId: ID!) {\n  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {\n    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount\n    rows {\n      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents\n      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents\n    }\n  }\n}"): typeof import('./graphql').PortalReconciliationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalReports($clientId: ID!) {\n  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }\n}"): typeof import('./graphql').PortalReportsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {\n  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {\n    report { id status } isCached emailQueued\n  }\n}"): typeof import('./graphql').PortalRequestReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }"): typeof import('./graphql').PortalDownloadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\nquery PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {\n  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {\n    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }\n    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }\n  }\n}"): typeof import('./graphql').PortalTaxEstimateDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
