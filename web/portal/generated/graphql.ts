/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Lifecycle and sync state of an account. */
export type AccountStatusEnum =
  /** Imported and idle. */
  | 'ACTIVE'
  /** Being deleted with its transactions. */
  | 'DELETING'
  /** The last sync failed; see `lastSyncError`. */
  | 'ERROR'
  /** The exchange rejected the stored API credentials on the last sync; replace them with `refreshApiKey`. */
  | 'NEEDS_REAUTHENTICATION'
  /** Retired: no longer synced after `stopImportingAt`; its history stays. */
  | 'RETIRED'
  /** A sync or import is queued or running. */
  | 'SYNCING';

/** Kinds of account. */
export type AccountTypeEnum =
  /** A bank or brokerage connection. */
  | 'BANK'
  /** An exchange connection (API key or OAuth). */
  | 'EXCHANGE'
  /** Transactions from uploaded files. */
  | 'FILE'
  /** Transactions entered by hand. */
  | 'MANUAL'
  /** A virtual DeFi position account created by the service for a `stakingAccountIdentifier`; cannot be created with `createAccount`. */
  | 'VIRTUAL'
  /** A blockchain wallet address. */
  | 'WALLET';

/** Who made a recorded change. */
export type AuditActorTypeEnum =
  /** A client API key. */
  | 'API_KEY'
  /** Service staff. */
  | 'STAFF'
  /** The service itself (syncs, imports, rules, recalculation), or a partner acting for its end user through the partner REST API. */
  | 'SYSTEM'
  /** A signed-in member of the client, or the client's end user in a partner's portal (a portal access token; `userId` is then null). */
  | 'USER';

/** How sure a classification rule is of its reading. */
export type ClassificationConfidenceEnum =
  /** The transaction's own events, or a listed contract, prove the reading. */
  | 'HIGH'
  /** Nothing but plain movements matched, or the rule guesses: the transaction needs a person's review (the `needs-review-classification` insight lists it). */
  | 'LOW'
  /** The shape matches (what left and what arrived, the contract called) without an event that proves it. */
  | 'MEDIUM';

/**
 * How lots are picked when an asset is disposed of. The chosen lot decides the cost basis and the holding
 * period of the disposal. Lots are kept per wallet or universally as set in `TaxSettings.basisMethod`.
 */
export type CostBasisAlgorithmEnum =
  /** Average cost: all lots of an asset in one queue are pooled at their average cost per unit; the acquisition date of a disposal is that of the oldest lot still in the pool. */
  | 'AVERAGE_COST'
  /** First in, first out: the oldest lot is used first. */
  | 'FIFO'
  /** Highest in, first out: the lot with the highest cost per unit is used first (smallest gains, largest losses). */
  | 'HIFO'
  /** Last in, first out: the newest lot is used first. */
  | 'LIFO'
  /** Lowest in, first out: the lot with the lowest cost per unit is used first (largest gains). */
  | 'LOFO';

/** Fiat currencies in which a client's figures can be kept (ISO 4217 codes). */
export type CurrencyCodeEnum =
  /** Australian dollar. */
  | 'AUD'
  /** Brazilian real. */
  | 'BRL'
  /** Canadian dollar. */
  | 'CAD'
  /** Swiss franc. */
  | 'CHF'
  /** Danish krone. */
  | 'DKK'
  /** Euro. */
  | 'EUR'
  /** Pound sterling. */
  | 'GBP'
  /** Hong Kong dollar. */
  | 'HKD'
  /** Indian rupee. */
  | 'INR'
  /** Japanese yen (cents fields hold 1/100 yen so that every currency uses the same scale). */
  | 'JPY'
  /** Mexican peso. */
  | 'MXN'
  /** Norwegian krone. */
  | 'NOK'
  /** New Zealand dollar. */
  | 'NZD'
  /** Swedish krona. */
  | 'SEK'
  /** Singapore dollar. */
  | 'SGD'
  /** United States dollar. */
  | 'USD'
  /** South African rand. */
  | 'ZAR';

/** The rule that matched a disposal piece with its cost. */
export type DisposalMatchEnum =
  /** CA: the adjusted cost base of the property. */
  | 'ACB'
  /** US: a lot chosen by the cost-basis algorithm. */
  | 'LOT'
  /** GB: the section 104 pool, at its average allowable cost. */
  | 'POOL'
  /** GB: acquisitions of the same day. */
  | 'SAME_DAY'
  /** GB: acquisitions of the 30 days after the disposal (earliest first). */
  | 'THIRTY_DAY'
  /** No units to match: zero cost, flagged. */
  | 'UNCOVERED';

/**
 * Boxes (checkboxes) of Form 8949. A to C and G to I are short-term (Part I), D to F and J to L long-term
 * (Part II). G to L are for digital assets from tax year 2025.
 */
export type Form8949BoxEnum =
  /** Short-term, reported on Form 1099-B with basis reported to the IRS. */
  | 'A'
  /** Short-term, reported on Form 1099-B without basis reported to the IRS. */
  | 'B'
  /** Short-term, not reported on Form 1099-B. */
  | 'C'
  /** Long-term, reported on Form 1099-B with basis reported to the IRS. */
  | 'D'
  /** Long-term, reported on Form 1099-B without basis reported to the IRS. */
  | 'E'
  /** Long-term, not reported on Form 1099-B. */
  | 'F'
  /** Short-term digital assets, reported on Form 1099-DA with basis reported to the IRS. */
  | 'G'
  /** Short-term digital assets, reported on Form 1099-DA without basis reported to the IRS. */
  | 'H'
  /** Short-term digital assets, not reported on Form 1099-DA. */
  | 'I'
  /** Long-term digital assets, reported on Form 1099-DA with basis reported to the IRS. */
  | 'J'
  /** Long-term digital assets, reported on Form 1099-DA without basis reported to the IRS. */
  | 'K'
  /** Long-term digital assets, not reported on Form 1099-DA. */
  | 'L';

/** Chart ranges of `getChart`; each gives a point spacing. */
export type HistoricalBalanceIntervalEnum =
  /** Since the first transaction, weekly points. */
  | 'ALL_TIME'
  /** The last 24 hours, hourly points. */
  | 'ONE_DAY'
  /** The last 30 days, daily points. */
  | 'ONE_MONTH'
  /** The last 7 days, points every 6 hours. */
  | 'ONE_WEEK'
  /** The last 365 days, daily points. */
  | 'ONE_YEAR'
  /** The last 90 days, daily points. */
  | 'THREE_MONTHS'
  /** Since the start of the current tax year, daily points. */
  | 'YEAR_TO_DATE';

/** How much an insight matters. */
export type InsightSeverityEnum =
  /** Makes figures wrong. */
  | 'CRITICAL'
  /** Informational. */
  | 'INFO'
  /** Likely to make figures wrong. */
  | 'WARNING';

/** Kinds of insight. */
export type InsightTypeEnum =
  /** Account syncs that keep failing. */
  | 'ACCOUNT_SYNC_FAILED'
  /** Transfers that look duplicated. */
  | 'DUPLICATE_TRANSFERS'
  /**
   * Transactions without a known cost basis: a transfer without a price (a receipt, an income, a sale), or a
   * disposal of coins acquired without a price or uncovered. The same transactions as the `isMissingBasis` filter.
   */
  | 'MISSING_BASIS'
  /** Transfers without a price. */
  | 'MISSING_PRICE'
  /** On-chain transactions that the classification rules read with low confidence (`Transaction.classification`), not yet edited or reviewed by a person. */
  | 'NEEDS_REVIEW_CLASSIFICATION'
  /** Balances that go negative, usually a missing account or transaction. */
  | 'NEGATIVE_BALANCE'
  /** Transactions that look like moves between the client's own accounts. */
  | 'POSSIBLE_INTERNAL_TRANSFER'
  /** Assets that look like spam. */
  | 'POSSIBLE_SPAM'
  /** Assets held at a loss that could be harvested. */
  | 'TAX_LOSS_HARVESTING'
  /** Disposals of more than the accounts held: the uncovered quantity is reported with a zero basis. */
  | 'UNCOVERED_DISPOSALS'
  /** Transactions without a label. */
  | 'UNLABELED_TRANSACTIONS'
  /** Transactions with a protocol the service cannot interpret. */
  | 'UNSUPPORTED_PROTOCOL';

/** Groups of transaction labels. */
export type LabelCategoryEnum =
  /** Payments for goods and services, and other expenses. */
  | 'EXPENSE'
  /** Gifts and donations. */
  | 'GIFT'
  /** Rewards, interest, airdrops, mining, salary and other income. */
  | 'INCOME'
  /** Lending and borrowing. */
  | 'LENDING'
  /** Liquidity-pool deposits and withdrawals. */
  | 'LIQUIDITY'
  /** Lost or stolen funds, and spam. */
  | 'LOSS'
  /** NFT mints, purchases and sales. */
  | 'NFT'
  /** Anything else. */
  | 'OTHER'
  /** Staking deposits, withdrawals and rewards. */
  | 'STAKING'
  /** Buys, sells and swaps. */
  | 'TRADE'
  /** Moves between wallets, deposits and withdrawals. */
  | 'TRANSFER';

/** Who set a transaction's label. */
export type LabelSourceEnum =
  /** The importer or the automatic labeler. */
  | 'AUTOMATIC'
  /** A labeling rule of the client. */
  | 'RULE'
  /** A person (or an API client) labeled it. */
  | 'USER';

/** State of an active recalculation. */
export type RecalculateJobStatusEnum =
  /** Waiting for a worker. */
  | 'QUEUED'
  /** An attempt failed; the next one starts at `nextAttemptAt` (`lastError` says why). */
  | 'RETRYING'
  /** Being recalculated. */
  | 'RUNNING';

/** Outcome of comparing a broker row with the ledger. */
export type ReconciliationMatchStatusEnum =
  /** Matched with equal figures (within one cent). */
  | 'MATCHED'
  /** Matched, but proceeds or basis differ. */
  | 'MISMATCHED'
  /** On the form, not in the ledger. */
  | 'MISSING_IN_LEDGER'
  /** In the ledger, not on the form. */
  | 'MISSING_ON_FORM';

/** Report types. */
export type ReportExportTypeEnum =
  /** AU clients: the CGT events of the CGT schedule summary (one per parcel, discount or not), as CSV. */
  | 'AU_CGT_SCHEDULE_CSV'
  /** AU clients: the CGT schedule summary of an income year (1 July to 30 June): current year capital gains and losses, losses applied and carried forward, the CGT discount and the net capital gain, as PDF. */
  | 'AU_CGT_SCHEDULE_PDF'
  /** Every disposal with proceeds, basis, gain or loss and holding period, as CSV. */
  | 'CAPITAL_GAINS_CSV'
  /** CA clients: the dispositions of the Schedule 3 summary, as CSV. */
  | 'CA_SCHEDULE_3_CSV'
  /** CA clients: the Schedule 3 summary (crypto-assets: proceeds, adjusted cost base, superficial losses denied, gains and losses, the taxable part at 50%), as PDF. */
  | 'CA_SCHEDULE_3_PDF'
  /** DE clients: the private disposals (held a year or less) and other income of the Anlage SO, as CSV. */
  | 'DE_ANLAGE_SO_CSV'
  /** DE clients: the Anlage SO figures of a calendar year (other income under § 22 Nr. 3 EStG and private disposals under § 23 EStG, each with its Freigrenze), as PDF. */
  | 'DE_ANLAGE_SO_PDF'
  /** Holdings and open lots at the end of the period, as CSV. */
  | 'END_OF_YEAR_HOLDINGS_CSV'
  /** The rows of Form 8949 as CSV. */
  | 'FORM_8949_CSV'
  /** IRS Form 8949 (sales and dispositions of capital assets) as PDF. */
  | 'FORM_8949_PDF'
  /** Every income event with its market value, as CSV. */
  | 'INCOME_CSV'
  /** Form 8949 reconciled with a broker's Form 1099-DA (`generate1099DAReports`), as PDF. */
  | 'RECONCILED_8949_PDF'
  /** IRS Schedule 1 (additional income) as PDF. */
  | 'SCHEDULE_1_PDF'
  /** IRS Schedule D (capital gains and losses) as PDF. */
  | 'SCHEDULE_D_PDF'
  /** Disposals in the TaxAct import format, as CSV. */
  | 'TAXACT_CSV'
  /** The tax-form bundle of a tax year: Form 8949, Schedule D and Schedule 1 as PDFs in one ZIP file. */
  | 'TAX_FORMS'
  /** Every transaction and transfer of the period, as CSV. */
  | 'TRANSACTION_HISTORY_CSV'
  /** Disposals in the TurboTax import format, as CSV. */
  | 'TURBOTAX_CSV'
  /** GB clients: the disposals of the UK capital gains summary (one per token and day, with the quantities matched same day, within 30 days and from the pool), as CSV. */
  | 'UK_CAPITAL_GAINS_SUMMARY_CSV'
  /** GB clients: the UK capital gains summary of a tax year (6 April to 5 April) with the SA108 figures (disposals, proceeds, allowable costs, gains, losses), as PDF. */
  | 'UK_CAPITAL_GAINS_SUMMARY_PDF';

/** Generation state of a report. */
export type ReportStatusEnum =
  /** Generation failed; see `Report.error`. */
  | 'FAILED'
  /** Being generated. */
  | 'GENERATING'
  /** Waiting for a worker. */
  | 'QUEUED'
  /** Ready to download (`getReportDownloadUrl`). */
  | 'READY';

/** Whether a disposal (or a lot, if sold now) is short- or long-term. */
export type SaleTermEnum =
  /** Held more than one year (sold more than one year after acquisition). */
  | 'LONG_TERM'
  /** Held one year or less. */
  | 'SHORT_TERM';

/**
 * Processing and reconciliation state of a broker tax form. NEEDS_REVIEW, RECONCILED and GENERATED follow the form's
 * current reconciliation with the settled ledger (the one `getTaxFormReconciliation` returns), so they change when a
 * recalculation changes the disposals, without another `generate1099DAReports` call.
 */
export type TaxFormStatusEnum =
  /** The form could not be parsed; see `statusMessage`. */
  | 'FAILED'
  /** Matched without open differences, and the latest `generate1099DAReports` run's reconciled Form 8949 is ready. */
  | 'GENERATED'
  /** Matched; differences between the form and the ledger need review (`TaxForm.needsReviewCount`), also after a reconciled Form 8949 was generated. */
  | 'NEEDS_REVIEW'
  /** Imported; being parsed and matched with the ledger. */
  | 'PROCESSING'
  /** Matched without open differences; no reconciled Form 8949 is ready yet. */
  | 'RECONCILED';

/** The rule set a client's figures are computed under (see `CountryEnum`). */
export type TaxJurisdictionEnum =
  /** Australia (ATO): lots first in first out across accounts; the 50% CGT discount after 12 months; losses carried forward; income year from 1 July (`2024-25`). */
  | 'AU'
  /** Canada: adjusted cost base across accounts, superficial losses; calendar year; 50% inclusion. */
  | 'CA'
  /** Germany (§ 23 EStG): lots per wallet, first in first out; tax-free after a year's holding; the Freigrenze (600 EUR up to 2023, 1,000 EUR from 2024); other income's 256 EUR Freigrenze; calendar year. */
  | 'DE'
  /** United Kingdom (HMRC): same day, 30 days, section 104 pool; tax year from 6 April. */
  | 'GB'
  /** United States rules: specific lots, short and long term, Form 8949 (also the generic treatment of countries without rules of their own). */
  | 'US';

/** How a transaction is paired with another one. */
export type TransactionLinkTypeEnum =
  /** A bridge between two chains (`bridgeTransactions`): an internal move of the same economic asset. */
  | 'BRIDGE'
  /** A swap across chains (`crossChainSwap`): a disposal of the sent asset and an acquisition of the received one at the same value. */
  | 'CROSS_CHAIN_SWAP'
  /** Both sides belong to the client (`markInternalTransfer`): an internal move, no disposal. */
  | 'INTERNAL_TRANSFER';

/** Direction of a transfer seen from the client. */
export type TransferDirectionEnum =
  /** From outside the client into one of its accounts. */
  | 'INCOMING'
  /** Between two of the client's accounts. */
  | 'INTERNAL'
  /** From one of the client's accounts to outside the client. */
  | 'OUTGOING';

export type PortalTxRowFragment = { id: string, createdAt: string, label: string | null, accountId: string, provider: string, isHidden: boolean, isMissingBasis: boolean, hasNegativeBalance: boolean, isInternalTransfer: boolean, isDirty: boolean, isSpam: boolean, fiatValueCents: number, capGainsSumSigned: string | null, incomeSum: number | null, transfers: Array<{ id: string, direction: TransferDirectionEnum, isFee: boolean, amountExact: string, assetId: string, fiatValueCents: number | null, asset: { id: string, symbol: string } | null }> };

export type PortalTxDetailFragment = { id: string, createdAt: string, txnHash: string | null, accountId: string, provider: string, explorerUrl: string | null, label: string | null, labelSource: LabelSourceEnum | null, notes: string | null, isHidden: boolean, isReviewed: boolean, isDirty: boolean, isMissingBasis: boolean, hasNegativeBalance: boolean, isInternalTransfer: boolean, isEdited: boolean, isSpam: boolean, isOffChain: boolean, linkType: TransactionLinkTypeEnum | null, linkId: string | null, linkedTransactionId: string | null, fiatValueCents: number, feeFiatValueCents: number, capGainsSumSigned: string | null, incomeSum: number | null, classification: { rule: string, confidence: ClassificationConfidenceEnum, explanation: string } | null, transfers: Array<{ id: string, ordering: number, assetId: string, amountExact: string, fromAccountId: string | null, toAccountId: string | null, fromAddress: string | null, toAddress: string | null, direction: TransferDirectionEnum, isFee: boolean, isHidden: boolean, fiatValueCents: number | null, basisFiatValueCents: number | null, isFiatValueOverridden: boolean, capGainsSumSigned: string | null, incomeSum: number | null, saleTerm: SaleTermEnum | null, uncoveredAmountExact: string | null, asset: { id: string, symbol: string, name: string, pricingKey: string } | null }> };

export type PortalClientQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalClientQuery = { getMyActiveClient: { id: string, name: string, currency: CurrencyCodeEnum, timezone: string, fiscalYearStart: string, costBasisAlgorithm: CostBasisAlgorithmEnum, lockTaxesUntil: string | null, jurisdictionRules: { jurisdiction: TaxJurisdictionEnum, name: string, taxYearStart: string, taxYearLabelFormat: string, hasHoldingTerms: boolean, hasForm8949: boolean, hasForm1099DA: boolean, text: string | null, matchingText: string | null, reports: Array<{ type: ReportExportTypeEnum, name: string }>, words: { proceeds: string, cost: string, gains: string, losses: string, netGain: string, taxableGain: string | null, deniedLosses: string | null, holding: string, shortTerm: string | null, longTerm: string | null, taxableIncome: string | null, threshold: string | null } } } };

export type PortalTaxYearsQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalTaxYearsQuery = { getTaxYears: Array<number> };

export type PortalYearQueryVariables = Exact<{
  clientId: string;
  year: string;
}>;


export type PortalYearQuery = { getIncomeAndCapGains: { year: string, startDate: string, endDate: string, proceedsCents: number, costBasisCents: number, shortTermCapGainsCents: number, longTermCapGainsCents: number, capGainsCents: number, futuresCents: number, incomeCents: number, disposalCount: number, transactionCount: number, isStale: boolean, computedAt: string, jurisdiction: TaxJurisdictionEnum | null, taxYearLabel: string | null, gainsCents: number | null, lossesCents: number | null, deniedLossesCents: number | null, taxableCapitalGainsCents: number | null, gainThresholdCents: number | null, taxableIncomeCents: number | null, incomeThresholdCents: number | null, discountGainsCents: number | null, lossesBroughtForwardCents: number | null, discountCents: number | null, lossesCarriedForwardCents: number | null, incomeByLabel: Array<{ label: string, name: string, incomeCents: number, transactionCount: number }> } };

export type PortalDirtyQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalDirtyQuery = { countDirty: number };

export type PortalActiveJobQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalActiveJobQuery = { getActiveRecalculateJob: { id: string, status: RecalculateJobStatusEnum, progress: number, attempt: number } | null };

export type PortalLastRunQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalLastRunQuery = { getMyActiveClient: { id: string, lastRecalculatedAt: string | null } };

export type PortalRecalculateMutationVariables = Exact<{
  clientId: string;
}>;


export type PortalRecalculateMutation = { rerunGraph: string };

export type PortalTransactionCountQueryVariables = Exact<{
  clientId: string;
  search?: string | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  assetIds?: Array<string> | string | null | undefined;
  accountIds?: Array<string> | string | null | undefined;
  labels?: Array<string> | string | null | undefined;
  labelFilterMode?: string | null | undefined;
  insightPatternId?: string | null | undefined;
  includeHidden?: boolean | null | undefined;
}>;


export type PortalTransactionCountQuery = { getClientTransactionsSummary: { transactionCount: number } };

export type PortalReviewQueueQueryVariables = Exact<{
  clientId: string;
  patternId?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type PortalReviewQueueQuery = { getClientReviewQueue: { totalCount: number, groups: Array<{ patternId: string, type: InsightTypeEnum, severity: InsightSeverityEnum, title: string, count: number, assetId: string | null }>, items: Array<{ transactionId: string, patternId: string, type: InsightTypeEnum, problems: Array<InsightTypeEnum> }> } };

export type PortalAccountsQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalAccountsQuery = { getClientAccounts: Array<{ id: string, name: string, type: AccountTypeEnum, provider: string, address: string | null, status: AccountStatusEnum, transactionCount: number, lastSyncedAt: string | null, lastSyncError: string | null } | null> };

export type PortalAssetsQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalAssetsQuery = { getClientAssets: { assets: Array<{ id: string, symbol: string, name: string, pricingKey: string }> } };

export type PortalLabelsQueryVariables = Exact<{
  clientId?: string | null | undefined;
}>;


export type PortalLabelsQuery = { getLabels: Array<{ value: string, name: string, description: string, category: LabelCategoryEnum, isIncome: boolean, isDisposal: boolean, isNonTaxable: boolean }> };

export type PortalTransactionsQueryVariables = Exact<{
  clientId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  assetIds?: Array<string> | string | null | undefined;
  accountIds?: Array<string> | string | null | undefined;
  labels?: Array<string> | string | null | undefined;
  labelFilterMode?: string | null | undefined;
  insightPatternId?: string | null | undefined;
  includeHidden?: boolean | null | undefined;
  onlyTransactionIds?: Array<string> | string | null | undefined;
}>;


export type PortalTransactionsQuery = { getClientTransactions: { page: number, limit: number, hasNextPage: boolean, transactions: Array<{ id: string, createdAt: string, label: string | null, accountId: string, provider: string, isHidden: boolean, isMissingBasis: boolean, hasNegativeBalance: boolean, isInternalTransfer: boolean, isDirty: boolean, isSpam: boolean, fiatValueCents: number, capGainsSumSigned: string | null, incomeSum: number | null, transfers: Array<{ id: string, direction: TransferDirectionEnum, isFee: boolean, amountExact: string, assetId: string, fiatValueCents: number | null, asset: { id: string, symbol: string } | null }> }> } };

export type PortalTransactionQueryVariables = Exact<{
  clientId: string;
  id: string;
}>;


export type PortalTransactionQuery = { getTransaction: { id: string, createdAt: string, txnHash: string | null, accountId: string, provider: string, explorerUrl: string | null, label: string | null, labelSource: LabelSourceEnum | null, notes: string | null, isHidden: boolean, isReviewed: boolean, isDirty: boolean, isMissingBasis: boolean, hasNegativeBalance: boolean, isInternalTransfer: boolean, isEdited: boolean, isSpam: boolean, isOffChain: boolean, linkType: TransactionLinkTypeEnum | null, linkId: string | null, linkedTransactionId: string | null, fiatValueCents: number, feeFiatValueCents: number, capGainsSumSigned: string | null, incomeSum: number | null, classification: { rule: string, confidence: ClassificationConfidenceEnum, explanation: string } | null, transfers: Array<{ id: string, ordering: number, assetId: string, amountExact: string, fromAccountId: string | null, toAccountId: string | null, fromAddress: string | null, toAddress: string | null, direction: TransferDirectionEnum, isFee: boolean, isHidden: boolean, fiatValueCents: number | null, basisFiatValueCents: number | null, isFiatValueOverridden: boolean, capGainsSumSigned: string | null, incomeSum: number | null, saleTerm: SaleTermEnum | null, uncoveredAmountExact: string | null, asset: { id: string, symbol: string, name: string, pricingKey: string } | null }> } };

export type PortalTransactionLotsQueryVariables = Exact<{
  clientId: string;
  key: string;
  id?: string | null | undefined;
  after?: string | null | undefined;
}>;


export type PortalTransactionLotsQuery = { getTaxLots: { costBasisAlgorithm: CostBasisAlgorithmEnum, nextCursor: string | null, disposals: Array<{ transferId: string, amountExact: string, proceedsCents: number, costBasisCents: number, gainCents: number, term: SaleTermEnum, box: Form8949BoxEnum | null, lotAcquiredAt: string | null, lotTransactionId: string | null, isUncovered: boolean, isMissingBasis: boolean, match: DisposalMatchEnum | null, deniedLossExact: string | null }>, lots: Array<{ id: string, acquiredAt: string, amountExact: string, originalAmountExact: string, costBasisCents: number, term: SaleTermEnum, isMissingBasis: boolean }> } };

export type PortalLabelOptionsQueryVariables = Exact<{
  clientId: string;
  id: string;
}>;


export type PortalLabelOptionsQuery = { getTransactionTypeOptions: { currentLabel: string | null, options: Array<{ value: string, name: string, description: string }>, recommended: Array<{ value: string }> } };

export type PortalAuditQueryVariables = Exact<{
  clientId: string;
  ids?: Array<string> | string | null | undefined;
}>;


export type PortalAuditQuery = { getClientAuditLogs: { total: number, auditLogs: Array<{ id: string, createdAt: string, actorType: AuditActorTypeEnum, action: string, entityType: string, field: string | null, oldValue: unknown, newValue: unknown, undoneAt: string | null, canUndo: boolean, source: string | null }> } };

export type PortalPairsQueryVariables = Exact<{
  clientId: string;
  id?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type PortalPairsQuery = { getTransferPairSuggestions: Array<{ fromTransactionId: string, toTransactionId: string, fromAccountId: string, toAccountId: string, sentAmountExact: string, receivedAmountExact: string, feeAmountExact: string, sentAt: string, receivedAt: string, asset: { symbol: string } | null }> };

export type PortalLabelMutationVariables = Exact<{
  clientId: string;
  ids: Array<string> | string;
  label?: string | null | undefined;
  wipe?: boolean | null | undefined;
}>;


export type PortalLabelMutation = { labelTransactions: Array<{ id: string, label: string | null }> };

export type PortalHideMutationVariables = Exact<{
  clientId: string;
  id: string;
  hidden: boolean;
}>;


export type PortalHideMutation = { hideTransaction: { id: string, isHidden: boolean } };

export type PortalReviewedMutationVariables = Exact<{
  clientId: string;
  id: string;
  reviewed: boolean;
}>;


export type PortalReviewedMutation = { updateTransaction: { transaction: { id: string, isReviewed: boolean } } };

export type PortalSetPriceMutationVariables = Exact<{
  clientId: string;
  ids: Array<string> | string;
  assetId?: string | null | undefined;
  price?: number | null | undefined;
}>;


export type PortalSetPriceMutation = { saveReceivePriceForTransactions: Array<{ id: string }> };

export type PortalSetValueMutationVariables = Exact<{
  clientId: string;
  tx: string;
  transfer: string;
  value?: number | null | undefined;
  basis?: number | null | undefined;
  reset?: boolean | null | undefined;
}>;


export type PortalSetValueMutation = { updateTransfer: { id: string } };

export type PortalPairMutationVariables = Exact<{
  clientId: string;
  from: string;
  to: string;
}>;


export type PortalPairMutation = { markInternalTransfer: string };

export type PortalUnpairMutationVariables = Exact<{
  clientId: string;
  from: string;
  to: string;
}>;


export type PortalUnpairMutation = { unmarkInternalTransfer: string };

export type PortalUndoMutationVariables = Exact<{
  clientId: string;
  ids: Array<string> | string;
}>;


export type PortalUndoMutation = { undoAuditLogs: Array<{ id: string }> };

export type PortalAcceptBasisMutationVariables = Exact<{
  clientId: string;
  ids: Array<string> | string;
  override: boolean;
}>;


export type PortalAcceptBasisMutation = { updateMultiTransactionsCostBasis: Array<{ id: string }> };

export type PortalMarkSpamMutationVariables = Exact<{
  assetId: string;
  spam?: boolean | null | undefined;
}>;


export type PortalMarkSpamMutation = { updateAsset: { id: string, isSpam: boolean } };

export type PortalPortfolioQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalPortfolioQuery = { getPortfolioV2: { total: number, totalValueCents: number, totalCostBasisCents: number, totalUnrealizedGainCents: number, isStale: boolean, computedAt: string, positions: Array<{ assetId: string, amountExact: string, price: number | null, valueCents: number | null, lastPrice: number | null, lastValueCents: number | null, lastPriceDate: string | null, costBasisCents: number, unrealizedGainCents: number | null, unrealizedGainPercent: number | null, portfolioPercent: number | null, isReceipt: boolean, asset: { symbol: string, name: string } | null, defiPosition: { id: string, name: string } | null }> } };

export type PortalChartQueryVariables = Exact<{
  clientId: string;
  interval: HistoricalBalanceIntervalEnum;
}>;


export type PortalChartQuery = { getChart: { startValueCents: number, endValueCents: number, changeCents: number, changePercent: number | null, isStale: boolean, points: Array<{ date: string, valueCents: number, costBasisCents: number }> } };

export type PortalHarvestQueryVariables = Exact<{
  clientId: string;
  date: string;
}>;


export type PortalHarvestQuery = { getHarvestableLosses: { totalUnrealizedLossCents: number, shortTermUnrealizedLossCents: number, longTermUnrealizedLossCents: number, unpricedAssetIds: Array<string>, isStale: boolean, assets: Array<{ assetId: string, amountExact: string, price: number, marketValueCents: number, costBasisCents: number, unrealizedGainCents: number, shortTermUnrealizedGainCents: number, longTermUnrealizedGainCents: number, hasRecentAcquisition: boolean, asset: { symbol: string, name: string } | null }> } };

export type PortalForm8949QueryVariables = Exact<{
  clientId: string;
  year: number;
  box?: Form8949BoxEnum | null | undefined;
  page?: number | null | undefined;
}>;


export type PortalForm8949Query = { getForm8949PreviewForYear: { total: number, page: number, limit: number, isStale: boolean, boxes: Array<{ box: Form8949BoxEnum, term: SaleTermEnum, rowCount: number, proceedsCents: number, costBasisCents: number, adjustmentCents: number, gainOrLossCents: number }>, rows: Array<{ transactionId: string | null, description: string, dateAcquired: string | null, dateSold: string, proceedsCents: number, costBasisCents: number, gainOrLossCents: number, box: Form8949BoxEnum }> } };

export type PortalTaxFormsQueryVariables = Exact<{
  clientId: string;
  year: number;
}>;


export type PortalTaxFormsQuery = { getTaxFormStatuses: { taxForms: Array<{ id: string, brokerName: string, status: TaxFormStatusEnum, statusMessage: string | null, rowCount: number, uploadedAt: string }> } };

export type PortalReconciliationQueryVariables = Exact<{
  clientId: string;
  formId: string;
}>;


export type PortalReconciliationQuery = { getTaxFormReconciliation: { brokerProceedsCents: number, computedProceedsCents: number, proceedsDifferenceCents: number, brokerCostBasisCents: number | null, computedCostBasisCents: number, matchedCount: number, mismatchedCount: number, missingInLedgerCount: number, missingOnFormCount: number, rows: Array<{ id: string, status: ReconciliationMatchStatusEnum, transactionId: string | null, assetSymbol: string, amountExact: string, dateSold: string, brokerProceedsCents: number | null, computedProceedsCents: number | null, proceedsDifferenceCents: number, brokerCostBasisCents: number | null, computedCostBasisCents: number | null }> } };

export type PortalReportsQueryVariables = Exact<{
  clientId: string;
}>;


export type PortalReportsQuery = { getReports: Array<{ id: string, type: ReportExportTypeEnum, typeName: string, status: ReportStatusEnum, year: string | null, fileName: string | null, isStale: boolean, error: string | null, createdAt: string, completedAt: string | null }> };

export type PortalRequestReportQueryVariables = Exact<{
  clientId: string;
  type: ReportExportTypeEnum;
  year: string;
  email?: string | null | undefined;
}>;


export type PortalRequestReportQuery = { getReportExportV2: { isCached: boolean, emailQueued: boolean, report: { id: string, status: ReportStatusEnum } } };

export type PortalDownloadUrlQueryVariables = Exact<{
  id: string;
}>;


export type PortalDownloadUrlQuery = { getReportDownloadUrl: { url: string, fileName: string } };

export type PortalTaxEstimateQueryVariables = Exact<{
  clientId: string;
  year: string;
  bracket?: string | null | undefined;
  longTermBracket?: string | null | undefined;
}>;


export type PortalTaxEstimateQuery = { getTaxEstimate: { taxYearLabel: string, isStale: boolean, allowanceAppliedCents: number, allowanceCents: number, taxableGainCents: number, taxCents: number, assumptions: Array<string>, bracket: { key: string }, longTermBracket: { key: string } | null, brackets: Array<{ key: string, name: string }>, longTermBrackets: Array<{ key: string, name: string }>, parts: Array<{ what: string, amountCents: number, percent: string, taxCents: number }> } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const PortalTxRowFragmentDoc = new TypedDocumentString(`
    fragment PortalTxRow on Transaction {
  id
  createdAt
  label
  accountId
  provider
  isHidden
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isDirty
  isSpam
  fiatValueCents
  capGainsSumSigned
  incomeSum
  transfers {
    id
    direction
    isFee
    amountExact
    assetId
    asset {
      id
      symbol
    }
    fiatValueCents
  }
}
    `, {"fragmentName":"PortalTxRow"}) as unknown as TypedDocumentString<PortalTxRowFragment, unknown>;
export const PortalTxDetailFragmentDoc = new TypedDocumentString(`
    fragment PortalTxDetail on Transaction {
  id
  createdAt
  txnHash
  accountId
  provider
  explorerUrl
  label
  labelSource
  notes
  isHidden
  isReviewed
  isDirty
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isEdited
  isSpam
  isOffChain
  linkType
  linkId
  linkedTransactionId
  fiatValueCents
  feeFiatValueCents
  capGainsSumSigned
  incomeSum
  classification {
    rule
    confidence
    explanation
  }
  transfers {
    id
    ordering
    assetId
    asset {
      id
      symbol
      name
      pricingKey
    }
    amountExact
    fromAccountId
    toAccountId
    fromAddress
    toAddress
    direction
    isFee
    isHidden
    fiatValueCents
    basisFiatValueCents
    isFiatValueOverridden
    capGainsSumSigned
    incomeSum
    saleTerm
    uncoveredAmountExact
  }
}
    `, {"fragmentName":"PortalTxDetail"}) as unknown as TypedDocumentString<PortalTxDetailFragment, unknown>;
export const PortalClientDocument = new TypedDocumentString(`
    query PortalClient {
  getMyActiveClient {
    id
    name
    currency
    timezone
    fiscalYearStart
    costBasisAlgorithm
    lockTaxesUntil
    jurisdictionRules {
      jurisdiction
      name
      taxYearStart
      taxYearLabelFormat
      hasHoldingTerms
      hasForm8949
      hasForm1099DA
      reports {
        type
        name
      }
      text
      matchingText
      words {
        proceeds
        cost
        gains
        losses
        netGain
        taxableGain
        deniedLosses
        holding
        shortTerm
        longTerm
        taxableIncome
        threshold
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PortalClientQuery, PortalClientQueryVariables>;
export const PortalTaxYearsDocument = new TypedDocumentString(`
    query PortalTaxYears($clientId: ID!) {
  getTaxYears(clientId: $clientId)
}
    `) as unknown as TypedDocumentString<PortalTaxYearsQuery, PortalTaxYearsQueryVariables>;
export const PortalYearDocument = new TypedDocumentString(`
    query PortalYear($clientId: ID!, $year: String!) {
  getIncomeAndCapGains(clientId: $clientId, year: $year) {
    year
    startDate
    endDate
    proceedsCents
    costBasisCents
    shortTermCapGainsCents
    longTermCapGainsCents
    capGainsCents
    futuresCents
    incomeCents
    incomeByLabel {
      label
      name
      incomeCents
      transactionCount
    }
    disposalCount
    transactionCount
    isStale
    computedAt
    jurisdiction
    taxYearLabel
    gainsCents
    lossesCents
    deniedLossesCents
    taxableCapitalGainsCents
    gainThresholdCents
    taxableIncomeCents
    incomeThresholdCents
    discountGainsCents
    lossesBroughtForwardCents
    discountCents
    lossesCarriedForwardCents
  }
}
    `) as unknown as TypedDocumentString<PortalYearQuery, PortalYearQueryVariables>;
export const PortalDirtyDocument = new TypedDocumentString(`
    query PortalDirty($clientId: ID!) {
  countDirty(clientId: $clientId)
}
    `) as unknown as TypedDocumentString<PortalDirtyQuery, PortalDirtyQueryVariables>;
export const PortalActiveJobDocument = new TypedDocumentString(`
    query PortalActiveJob($clientId: ID!) {
  getActiveRecalculateJob(clientId: $clientId) {
    id
    status
    progress
    attempt
  }
}
    `) as unknown as TypedDocumentString<PortalActiveJobQuery, PortalActiveJobQueryVariables>;
export const PortalLastRunDocument = new TypedDocumentString(`
    query PortalLastRun {
  getMyActiveClient {
    id
    lastRecalculatedAt
  }
}
    `) as unknown as TypedDocumentString<PortalLastRunQuery, PortalLastRunQueryVariables>;
export const PortalRecalculateDocument = new TypedDocumentString(`
    mutation PortalRecalculate($clientId: ID!) {
  rerunGraph(clientId: $clientId)
}
    `) as unknown as TypedDocumentString<PortalRecalculateMutation, PortalRecalculateMutationVariables>;
export const PortalTransactionCountDocument = new TypedDocumentString(`
    query PortalTransactionCount($clientId: ID!, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean) {
  getClientTransactionsSummary(
    clientId: $clientId
    search: $search
    startDate: $startDate
    endDate: $endDate
    assetIds: $assetIds
    accountIds: $accountIds
    labels: $labels
    labelFilterMode: $labelFilterMode
    insightPatternId: $insightPatternId
    includeHidden: $includeHidden
  ) {
    transactionCount
  }
}
    `) as unknown as TypedDocumentString<PortalTransactionCountQuery, PortalTransactionCountQueryVariables>;
export const PortalReviewQueueDocument = new TypedDocumentString(`
    query PortalReviewQueue($clientId: ID!, $patternId: ID, $limit: Int) {
  getClientReviewQueue(clientId: $clientId, patternId: $patternId, limit: $limit) {
    totalCount
    groups {
      patternId
      type
      severity
      title
      count
      assetId
    }
    items {
      transactionId
      patternId
      type
      problems
    }
  }
}
    `) as unknown as TypedDocumentString<PortalReviewQueueQuery, PortalReviewQueueQueryVariables>;
export const PortalAccountsDocument = new TypedDocumentString(`
    query PortalAccounts($clientId: String!) {
  getClientAccounts(clientId: $clientId) {
    id
    name
    type
    provider
    address
    status
    transactionCount
    lastSyncedAt
    lastSyncError
  }
}
    `) as unknown as TypedDocumentString<PortalAccountsQuery, PortalAccountsQueryVariables>;
export const PortalAssetsDocument = new TypedDocumentString(`
    query PortalAssets($clientId: ID!) {
  getClientAssets(clientId: $clientId, hideSpamAssets: true) {
    assets {
      id
      symbol
      name
      pricingKey
    }
  }
}
    `) as unknown as TypedDocumentString<PortalAssetsQuery, PortalAssetsQueryVariables>;
export const PortalLabelsDocument = new TypedDocumentString(`
    query PortalLabels($clientId: ID) {
  getLabels(clientId: $clientId) {
    value
    name
    description
    category
    isIncome
    isDisposal
    isNonTaxable
  }
}
    `) as unknown as TypedDocumentString<PortalLabelsQuery, PortalLabelsQueryVariables>;
export const PortalTransactionsDocument = new TypedDocumentString(`
    query PortalTransactions($clientId: ID!, $page: Int, $limit: Int, $search: String, $startDate: Date, $endDate: Date, $assetIds: [String!], $accountIds: [ID!], $labels: [String!], $labelFilterMode: String, $insightPatternId: ID, $includeHidden: Boolean, $onlyTransactionIds: [String!]) {
  getClientTransactions(
    clientId: $clientId
    page: $page
    limit: $limit
    skipTotal: true
    search: $search
    startDate: $startDate
    endDate: $endDate
    assetIds: $assetIds
    accountIds: $accountIds
    labels: $labels
    labelFilterMode: $labelFilterMode
    insightPatternId: $insightPatternId
    includeHidden: $includeHidden
    onlyTransactionIds: $onlyTransactionIds
  ) {
    transactions {
      ...PortalTxRow
    }
    page
    limit
    hasNextPage
  }
}
    fragment PortalTxRow on Transaction {
  id
  createdAt
  label
  accountId
  provider
  isHidden
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isDirty
  isSpam
  fiatValueCents
  capGainsSumSigned
  incomeSum
  transfers {
    id
    direction
    isFee
    amountExact
    assetId
    asset {
      id
      symbol
    }
    fiatValueCents
  }
}`) as unknown as TypedDocumentString<PortalTransactionsQuery, PortalTransactionsQueryVariables>;
export const PortalTransactionDocument = new TypedDocumentString(`
    query PortalTransaction($clientId: ID!, $id: ID!) {
  getTransaction(
    clientId: $clientId
    transactionId: $id
    includeAllTransfers: true
  ) {
    ...PortalTxDetail
  }
}
    fragment PortalTxDetail on Transaction {
  id
  createdAt
  txnHash
  accountId
  provider
  explorerUrl
  label
  labelSource
  notes
  isHidden
  isReviewed
  isDirty
  isMissingBasis
  hasNegativeBalance
  isInternalTransfer
  isEdited
  isSpam
  isOffChain
  linkType
  linkId
  linkedTransactionId
  fiatValueCents
  feeFiatValueCents
  capGainsSumSigned
  incomeSum
  classification {
    rule
    confidence
    explanation
  }
  transfers {
    id
    ordering
    assetId
    asset {
      id
      symbol
      name
      pricingKey
    }
    amountExact
    fromAccountId
    toAccountId
    fromAddress
    toAddress
    direction
    isFee
    isHidden
    fiatValueCents
    basisFiatValueCents
    isFiatValueOverridden
    capGainsSumSigned
    incomeSum
    saleTerm
    uncoveredAmountExact
  }
}`) as unknown as TypedDocumentString<PortalTransactionQuery, PortalTransactionQueryVariables>;
export const PortalTransactionLotsDocument = new TypedDocumentString(`
    query PortalTransactionLots($clientId: ID!, $key: String!, $id: ID, $after: String) {
  getTaxLots(
    clientId: $clientId
    assetPricingKey: $key
    transactionId: $id
    after: $after
  ) {
    costBasisAlgorithm
    nextCursor
    disposals {
      transferId
      amountExact
      proceedsCents
      costBasisCents
      gainCents
      term
      box
      lotAcquiredAt
      lotTransactionId
      isUncovered
      isMissingBasis
      match
      deniedLossExact
    }
    lots {
      id
      acquiredAt
      amountExact
      originalAmountExact
      costBasisCents
      term
      isMissingBasis
    }
  }
}
    `) as unknown as TypedDocumentString<PortalTransactionLotsQuery, PortalTransactionLotsQueryVariables>;
export const PortalLabelOptionsDocument = new TypedDocumentString(`
    query PortalLabelOptions($clientId: ID!, $id: ID!) {
  getTransactionTypeOptions(clientId: $clientId, transactionId: $id) {
    options {
      value
      name
      description
    }
    recommended {
      value
    }
    currentLabel
  }
}
    `) as unknown as TypedDocumentString<PortalLabelOptionsQuery, PortalLabelOptionsQueryVariables>;
export const PortalAuditDocument = new TypedDocumentString(`
    query PortalAudit($clientId: ID!, $ids: [ID!]) {
  getClientAuditLogs(
    clientId: $clientId
    transactionIds: $ids
    limit: 25
    page: 0
  ) {
    auditLogs {
      id
      createdAt
      actorType
      action
      entityType
      field
      oldValue
      newValue
      undoneAt
      canUndo
      source
    }
    total
  }
}
    `) as unknown as TypedDocumentString<PortalAuditQuery, PortalAuditQueryVariables>;
export const PortalPairsDocument = new TypedDocumentString(`
    query PortalPairs($clientId: ID!, $id: ID, $limit: Int) {
  getTransferPairSuggestions(
    clientId: $clientId
    transactionId: $id
    limit: $limit
  ) {
    fromTransactionId
    toTransactionId
    fromAccountId
    toAccountId
    sentAmountExact
    receivedAmountExact
    feeAmountExact
    sentAt
    receivedAt
    asset {
      symbol
    }
  }
}
    `) as unknown as TypedDocumentString<PortalPairsQuery, PortalPairsQueryVariables>;
export const PortalLabelDocument = new TypedDocumentString(`
    mutation PortalLabel($clientId: ID!, $ids: [ID!]!, $label: String, $wipe: Boolean) {
  labelTransactions(
    clientId: $clientId
    transactionIds: $ids
    label: $label
    wipeLabel: $wipe
    source: "portal"
  ) {
    id
    label
  }
}
    `) as unknown as TypedDocumentString<PortalLabelMutation, PortalLabelMutationVariables>;
export const PortalHideDocument = new TypedDocumentString(`
    mutation PortalHide($clientId: ID!, $id: ID!, $hidden: Boolean!) {
  hideTransaction(clientId: $clientId, transactionId: $id, isHidden: $hidden) {
    id
    isHidden
  }
}
    `) as unknown as TypedDocumentString<PortalHideMutation, PortalHideMutationVariables>;
export const PortalReviewedDocument = new TypedDocumentString(`
    mutation PortalReviewed($clientId: ID!, $id: ID!, $reviewed: Boolean!) {
  updateTransaction(
    clientId: $clientId
    transactionId: $id
    createDefaultRule: false
    source: "portal"
    updates: {isReviewed: $reviewed}
  ) {
    transaction {
      id
      isReviewed
    }
  }
}
    `) as unknown as TypedDocumentString<PortalReviewedMutation, PortalReviewedMutationVariables>;
export const PortalSetPriceDocument = new TypedDocumentString(`
    mutation PortalSetPrice($clientId: ID!, $ids: [ID!]!, $assetId: ID, $price: Float) {
  saveReceivePriceForTransactions(
    clientId: $clientId
    transactionIds: $ids
    assetId: $assetId
    fiatValue: $price
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<PortalSetPriceMutation, PortalSetPriceMutationVariables>;
export const PortalSetValueDocument = new TypedDocumentString(`
    mutation PortalSetValue($clientId: ID!, $tx: ID!, $transfer: ID!, $value: Float, $basis: Float, $reset: Boolean) {
  updateTransfer(
    clientId: $clientId
    transactionId: $tx
    transferId: $transfer
    fiatValue: $value
    basisFiatValue: $basis
    resetFiatValue: $reset
    source: "portal"
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<PortalSetValueMutation, PortalSetValueMutationVariables>;
export const PortalPairDocument = new TypedDocumentString(`
    mutation PortalPair($clientId: ID!, $from: ID!, $to: ID!) {
  markInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `) as unknown as TypedDocumentString<PortalPairMutation, PortalPairMutationVariables>;
export const PortalUnpairDocument = new TypedDocumentString(`
    mutation PortalUnpair($clientId: ID!, $from: ID!, $to: ID!) {
  unmarkInternalTransfer(
    clientId: $clientId
    fromTransactionId: $from
    toTransactionId: $to
  )
}
    `) as unknown as TypedDocumentString<PortalUnpairMutation, PortalUnpairMutationVariables>;
export const PortalUndoDocument = new TypedDocumentString(`
    mutation PortalUndo($clientId: ID!, $ids: [ID!]!) {
  undoAuditLogs(clientId: $clientId, auditLogIds: $ids, source: "portal") {
    id
  }
}
    `) as unknown as TypedDocumentString<PortalUndoMutation, PortalUndoMutationVariables>;
export const PortalAcceptBasisDocument = new TypedDocumentString(`
    mutation PortalAcceptBasis($clientId: ID!, $ids: [ID!]!, $override: Boolean!) {
  updateMultiTransactionsCostBasis(
    clientId: $clientId
    transactionIds: $ids
    isMissingBasis: false
    overrideIsMissingBasis: $override
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<PortalAcceptBasisMutation, PortalAcceptBasisMutationVariables>;
export const PortalMarkSpamDocument = new TypedDocumentString(`
    mutation PortalMarkSpam($assetId: ID!, $spam: Boolean) {
  updateAsset(assetId: $assetId, isSpam: $spam) {
    id
    isSpam
  }
}
    `) as unknown as TypedDocumentString<PortalMarkSpamMutation, PortalMarkSpamMutationVariables>;
export const PortalPortfolioDocument = new TypedDocumentString(`
    query PortalPortfolio($clientId: ID!) {
  getPortfolioV2(clientId: $clientId, limit: 100, sort: VALUE) {
    positions {
      assetId
      asset {
        symbol
        name
      }
      amountExact
      price
      valueCents
      lastPrice
      lastValueCents
      lastPriceDate
      costBasisCents
      unrealizedGainCents
      unrealizedGainPercent
      portfolioPercent
      isReceipt
      defiPosition {
        id
        name
      }
    }
    total
    totalValueCents
    totalCostBasisCents
    totalUnrealizedGainCents
    isStale
    computedAt
  }
}
    `) as unknown as TypedDocumentString<PortalPortfolioQuery, PortalPortfolioQueryVariables>;
export const PortalChartDocument = new TypedDocumentString(`
    query PortalChart($clientId: ID!, $interval: HistoricalBalanceIntervalEnum!) {
  getChart(clientId: $clientId, interval: $interval) {
    points {
      date
      valueCents
      costBasisCents
    }
    startValueCents
    endValueCents
    changeCents
    changePercent
    isStale
  }
}
    `) as unknown as TypedDocumentString<PortalChartQuery, PortalChartQueryVariables>;
export const PortalHarvestDocument = new TypedDocumentString(`
    query PortalHarvest($clientId: ID!, $date: Date!) {
  getHarvestableLosses(clientId: $clientId, date: $date) {
    totalUnrealizedLossCents
    shortTermUnrealizedLossCents
    longTermUnrealizedLossCents
    assets {
      assetId
      asset {
        symbol
        name
      }
      amountExact
      price
      marketValueCents
      costBasisCents
      unrealizedGainCents
      shortTermUnrealizedGainCents
      longTermUnrealizedGainCents
      hasRecentAcquisition
    }
    unpricedAssetIds
    isStale
  }
}
    `) as unknown as TypedDocumentString<PortalHarvestQuery, PortalHarvestQueryVariables>;
export const PortalForm8949Document = new TypedDocumentString(`
    query PortalForm8949($clientId: ID!, $year: Int!, $box: Form8949BoxEnum, $page: Int) {
  getForm8949PreviewForYear(
    clientId: $clientId
    year: $year
    box: $box
    page: $page
    limit: 25
  ) {
    boxes {
      box
      term
      rowCount
      proceedsCents
      costBasisCents
      adjustmentCents
      gainOrLossCents
    }
    rows {
      transactionId
      description
      dateAcquired
      dateSold
      proceedsCents
      costBasisCents
      gainOrLossCents
      box
    }
    total
    page
    limit
    isStale
  }
}
    `) as unknown as TypedDocumentString<PortalForm8949Query, PortalForm8949QueryVariables>;
export const PortalTaxFormsDocument = new TypedDocumentString(`
    query PortalTaxForms($clientId: ID!, $year: Int!) {
  getTaxFormStatuses(clientId: $clientId, year: $year, formType: "FORM_1099_DA") {
    taxForms {
      id
      brokerName
      status
      statusMessage
      rowCount
      uploadedAt
    }
  }
}
    `) as unknown as TypedDocumentString<PortalTaxFormsQuery, PortalTaxFormsQueryVariables>;
export const PortalReconciliationDocument = new TypedDocumentString(`
    query PortalReconciliation($clientId: ID!, $formId: ID!) {
  getTaxFormReconciliation(clientId: $clientId, taxFormId: $formId) {
    brokerProceedsCents
    computedProceedsCents
    proceedsDifferenceCents
    brokerCostBasisCents
    computedCostBasisCents
    matchedCount
    mismatchedCount
    missingInLedgerCount
    missingOnFormCount
    rows {
      id
      status
      transactionId
      assetSymbol
      amountExact
      dateSold
      brokerProceedsCents
      computedProceedsCents
      proceedsDifferenceCents
      brokerCostBasisCents
      computedCostBasisCents
    }
  }
}
    `) as unknown as TypedDocumentString<PortalReconciliationQuery, PortalReconciliationQueryVariables>;
export const PortalReportsDocument = new TypedDocumentString(`
    query PortalReports($clientId: ID!) {
  getReports(clientId: $clientId) {
    id
    type
    typeName
    status
    year
    fileName
    isStale
    error
    createdAt
    completedAt
  }
}
    `) as unknown as TypedDocumentString<PortalReportsQuery, PortalReportsQueryVariables>;
export const PortalRequestReportDocument = new TypedDocumentString(`
    query PortalRequestReport($clientId: ID!, $type: ReportExportTypeEnum!, $year: String!, $email: String) {
  getReportExportV2(
    clientId: $clientId
    type: $type
    dateQueryType: TAX_YEAR
    year: $year
    email: $email
  ) {
    report {
      id
      status
    }
    isCached
    emailQueued
  }
}
    `) as unknown as TypedDocumentString<PortalRequestReportQuery, PortalRequestReportQueryVariables>;
export const PortalDownloadUrlDocument = new TypedDocumentString(`
    query PortalDownloadUrl($id: ID!) {
  getReportDownloadUrl(reportId: $id) {
    url
    fileName
  }
}
    `) as unknown as TypedDocumentString<PortalDownloadUrlQuery, PortalDownloadUrlQueryVariables>;
export const PortalTaxEstimateDocument = new TypedDocumentString(`
    query PortalTaxEstimate($clientId: ID!, $year: String!, $bracket: String, $longTermBracket: String) {
  getTaxEstimate(
    clientId: $clientId
    year: $year
    bracket: $bracket
    longTermBracket: $longTermBracket
  ) {
    taxYearLabel
    isStale
    bracket {
      key
    }
    longTermBracket {
      key
    }
    brackets {
      key
      name
    }
    longTermBrackets {
      key
      name
    }
    allowanceAppliedCents
    allowanceCents
    taxableGainCents
    taxCents
    assumptions
    parts {
      what
      amountCents
      percent
      taxCents
    }
  }
}
    `) as unknown as TypedDocumentString<PortalTaxEstimateQuery, PortalTaxEstimateQueryVariables>;