// The GraphQL operations of the portal: only public operations of spec/graphql, with the end user's
// portal access token. Each document is one literal marked GraphQL in a graphql() call: graphql-codegen
// (codegen.ts) reads them, and graphql() returns the document typed with its result and variables
// (generated/), the fragments it spreads appended. internal/webui's TestPortalOperationsValidate checks
// every one against the schema.

import { graphql } from './generated';

export const TX_ROW = graphql(/* GraphQL */ `
fragment PortalTxRow on Transaction {
  id createdAt label accountId provider isHidden isMissingBasis hasNegativeBalance isInternalTransfer isDirty isSpam
  fiatValueCents capGainsSumSigned incomeSum
  transfers { id direction isFee amountExact assetId asset { id symbol } fiatValueCents }
}`);

export const TX_DETAIL = graphql(/* GraphQL */ `
fragment PortalTxDetail on Transaction {
  id createdAt txnHash accountId provider explorerUrl label labelSource notes isHidden isReviewed isDirty isMissingBasis
  hasNegativeBalance isInternalTransfer isEdited isSpam isOffChain linkType linkId linkedTransactionId
  fiatValueCents feeFiatValueCents capGainsSumSigned incomeSum
  classification { rule confidence explanation }
  transfers {
    id ordering assetId asset { id symbol name pricingKey } amountExact fromAccountId toAccountId fromAddress toAddress
    direction isFee isHidden fiatValueCents basisFiatValueCents isFiatValueOverridden capGainsSumSigned incomeSum
    saleTerm uncoveredAmountExact
  }
}`);

export const CLIENT = graphql(/* GraphQL */ `
query PortalClient {
  getMyActiveClient {
    id name currency timezone fiscalYearStart costBasisAlgorithm lockTaxesUntil
    jurisdictionRules {
      jurisdiction name taxYearStart taxYearLabelFormat hasHoldingTerms hasForm8949 hasForm1099DA reports { type name } text matchingText
      words { proceeds cost gains losses netGain taxableGain deniedLosses holding shortTerm longTerm taxableIncome threshold }
    }
  }
}`);

export const TAX_YEARS = graphql(/* GraphQL */ `
query PortalTaxYears($clientId: ID!) { getTaxYears(clientId: $clientId) }`);

export const YEAR = graphql(/* GraphQL */ `
query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year startDate endDate proceedsCents costBasisCents shortTermCapGainsCents longTermCapGainsCents capGainsCents
    futuresCents incomeCents incomeByLabel { label name incomeCents transactionCount } disposalCount transactionCount
    isStale computedAt jurisdiction taxYearLabel gainsCents lossesCents deniedLossesCents taxableCapitalGainsCents
    gainThresholdCents taxableIncomeCents incomeThresholdCents discountGainsCents lossesBroughtForwardCents discountCents lossesCarriedForwardCents
  }
}`);

export const COUNT_DIRTY = graphql(/* GraphQL */ `
query PortalDirty($clientId: ID!) { countDirty(clientId: $clientId) }`);

export const ACTIVE_JOB = graphql(/* GraphQL */ `
query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) { id status progress attempt }
}`);

export const LAST_RUN = graphql(/* GraphQL */ `
query PortalLastRun { getMyActiveClient { id lastRecalculatedAt } }`);

export const RERUN = graphql(/* GraphQL */ `
mutation PortalRecalculate($clientId: ID!) { rerunGraph(clientId: $clientId) }`);

export const TX_COUNT = graphql(/* GraphQL */ `
query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!],
    $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(clientId: $clientId, search: $search, startDate: $startDate, endDate: $endDate, assetIds: $assetIds,
      accountIds: $accountIds, labels: $labels, labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden) {
    transactionCount
  }
}`);

export const REVIEW_QUEUE = graphql(/* GraphQL */ `
query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups { patternId type severity title count assetId }
    items { transactionId patternId type problems }
  }
}`);

export const ACCOUNTS = graphql(/* GraphQL */ `
query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id name type provider address status transactionCount lastSyncedAt lastSyncError
  }
}`);

export const ASSETS = graphql(/* GraphQL */ `
query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) { assets { id symbol name pricingKey } }
}`);

export const LABELS = graphql(/* GraphQL */ `
query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) { value name description category isIncome isDisposal isNonTaxable }
}`);

export const TX_PAGE = graphql(/* GraphQL */ `
query PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date,
    $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID,
    $includeHidden: Boolean, $onlyTransactionIds: [String!]) {
  getClientTransactions(clientId: $clientId, page: $page, limit: $limit, skipTotal: true, search: $search,
      startDate: $startDate, endDate: $endDate, assetIds: $assetIds, accountIds: $accountIds, labels: $labels,
      labelFilterMode: $labelFilterMode, insightPatternId: $insightPatternId, includeHidden: $includeHidden,
      onlyTransactionIds: $onlyTransactionIds) {
    transactions { ...PortalTxRow }
    page limit hasNextPage
  }
}`);

export const TX = graphql(/* GraphQL */ `
query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(clientId: $clientId, transactionId: $id, includeAllTransfers: true) { ...PortalTxDetail }
}`);

export const TX_LOTS = graphql(/* GraphQL */ `
query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {
  getTaxLots(clientId: $clientId, assetPricingKey: $key, transactionId: $id, after: $after) {
    costBasisAlgorithm nextCursor
    disposals {
      transferId amountExact proceedsCents costBasisCents gainCents term box lotAcquiredAt lotTransactionId
      isUncovered isMissingBasis match deniedLossExact
    }
    lots { id acquiredAt amountExact originalAmountExact costBasisCents term isMissingBasis }
  }
}`);

export const LABEL_OPTIONS = graphql(/* GraphQL */ `
query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options { value name description } recommended { value } currentLabel
  }
}`);

export const AUDIT = graphql(/* GraphQL */ `
query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(clientId: $clientId, transactionIds: $ids, limit: 25, page: 0) {
    auditLogs { id createdAt actorType action entityType field oldValue newValue undoneAt canUndo source }
    total
  }
}`);

export const PAIRS = graphql(/* GraphQL */ `
query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(clientId: $clientId, transactionId: $id, limit: $limit) {
    fromTransactionId toTransactionId fromAccountId toAccountId sentAmountExact receivedAmountExact feeAmountExact
    sentAt receivedAt asset { symbol }
  }
}`);

export const LABEL = graphql(/* GraphQL */ `
mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(clientId: $clientId, transactionIds: $ids, label: $label, wipeLabel: $wipe, source: "portal") { id label }
}`);

export const HIDE = graphql(/* GraphQL */ `
mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) { id isHidden }
}`);

export const REVIEWED = graphql(/* GraphQL */ `
mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(clientId: $clientId, transactionId: $id, createDefaultRule: false, source: "portal",
      updates: { isReviewed: $reviewed }) { transaction { id isReviewed } }
}`);

export const SET_PRICE = graphql(/* GraphQL */ `
mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(clientId: $clientId, transactionIds: $ids, assetId: $assetId, fiatValue: $price) { id }
}`);

export const SET_VALUE = graphql(/* GraphQL */ `
mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(clientId: $clientId, transactionId: $tx, transferId: $transfer, fiatValue: $value, basisFiatValue: $basis,
      resetFiatValue: $reset, source: "portal") { id }
}`);

export const PAIR = graphql(/* GraphQL */ `
mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`);

export const UNPAIR = graphql(/* GraphQL */ `
mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(clientId: $clientId, fromTransactionId: $from, toTransactionId: $to)
}`);

export const UNDO = graphql(/* GraphQL */ `
mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") { id }
}`);

export const ACCEPT_BASIS = graphql(/* GraphQL */ `
mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(clientId: $clientId, transactionIds: $ids, isMissingBasis: false, overrideIsMissingBasis: $override) { id }
}`);

export const MARK_SPAM = graphql(/* GraphQL */ `
mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) { id isSpam }
}`);

export const PORTFOLIO = graphql(/* GraphQL */ `
query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId asset { symbol name } amountExact price valueCents lastPrice lastValueCents lastPriceDate costBasisCents unrealizedGainCents
      unrealizedGainPercent portfolioPercent isReceipt defiPosition { id name }
    }
    total totalValueCents totalCostBasisCents totalUnrealizedGainCents isStale computedAt
  }
}`);

export const CHART = graphql(/* GraphQL */ `
query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points { date valueCents costBasisCents } startValueCents endValueCents changeCents changePercent isStale
  }
}`);

export const HARVEST = graphql(/* GraphQL */ `
query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents shortTermUnrealizedLossCents longTermUnrealizedLossCents
    assets {
      assetId asset { symbol name } amountExact price marketValueCents costBasisCents unrealizedGainCents
      shortTermUnrealizedGainCents longTermUnrealizedGainCents hasRecentAcquisition
    }
    unpricedAssetIds isStale
  }
}`);

export const FORM_8949 = graphql(/* GraphQL */ `
query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(clientId: $clientId, year: $year, box: $box, page: $page, limit: 25) {
    boxes { box term rowCount proceedsCents costBasisCents adjustmentCents gainOrLossCents }
    rows { transactionId description dateAcquired dateSold proceedsCents costBasisCents gainOrLossCents box }
    total page limit isStale
  }
}`);

export const TAX_FORMS = graphql(/* GraphQL */ `
query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms { id brokerName status statusMessage rowCount uploadedAt }
  }
}`);

// The first page only: its rows come those needing attention first, and the view shows the first 20 of them.
export const RECONCILIATION = graphql(/* GraphQL */ `
query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents computedProceedsCents proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    matchedCount mismatchedCount missingInLedgerCount missingOnFormCount
    rows {
      id status transactionId assetSymbol amountExact dateSold brokerProceedsCents computedProceedsCents
      proceedsDifferenceCents brokerCostBasisCents computedCostBasisCents
    }
  }
}`);

export const REPORTS = graphql(/* GraphQL */ `
query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) { id type typeName status year fileName isStale error createdAt completedAt }
}`);

export const REQUEST_REPORT = graphql(/* GraphQL */ `
query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(clientId: $clientId, type: $type, dateQueryType: TAX_YEAR, year: $year, email: $email) {
    report { id status } isCached emailQueued
  }
}`);

export const DOWNLOAD_URL = graphql(/* GraphQL */ `
query PortalDownloadUrl($id: ID!) { getReportDownloadUrl(reportId: $id) { url fileName } }`);


export const TAX_ESTIMATE = graphql(/* GraphQL */ `
query PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {
  getTaxEstimate(clientId: $clientId, year: $year, bracket: $bracket, longTermBracket: $longTermBracket) {
    taxYearLabel isStale bracket { key } longTermBracket { key } brackets { key name } longTermBrackets { key name }
    allowanceAppliedCents allowanceCents taxableGainCents taxCents assumptions parts { what amountCents percent taxCents }
  }
}`);
