package ledger

import (
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// Mode says how a list filter applies.
type Mode string

const (
	ModeInclude   Mode = "include"
	ModeExclude   Mode = "exclude"
	ModeUnlabeled Mode = "unlabeled" // labels only: transactions without a label
)

// Comparison operators of the amount filter.
type Operator string

const (
	OpEq  Operator = "eq"
	OpGt  Operator = "gt"
	OpGte Operator = "gte"
	OpLt  Operator = "lt"
	OpLte Operator = "lte"
)

// FinancialEvent is the tax effect a transaction has.
type FinancialEvent string

const (
	EventAcquisition      FinancialEvent = "acquisition"
	EventDisposal         FinancialEvent = "disposal"
	EventIncome           FinancialEvent = "income"
	EventInternalTransfer FinancialEvent = "internal_transfer"
	EventExpense          FinancialEvent = "expense"
	EventNonTaxable       FinancialEvent = "non_taxable"
)

// GainLoss selects disposals by the sign of their gain.
type GainLoss string

const (
	Gain GainLoss = "gain"
	Loss GainLoss = "loss"
)

// SaleTerm selects disposals with a short- or long-term part.
type SaleTerm string

const (
	TermShort SaleTerm = "short"
	TermLong  SaleTerm = "long"
)

// SortKey orders a transaction list.
type SortKey string

const (
	SortCreatedAt SortKey = "createdAt"
	SortUpdatedAt SortKey = "updatedAt"
	SortFiatValue SortKey = "fiatValue"
	SortCapGains  SortKey = "capGains"
	SortIncome    SortKey = "income"
	SortLabel     SortKey = "label"
)

// Allowed values of the string-typed filters (the SDL documents the same lists).
var (
	AccountModes    = []Mode{ModeInclude, ModeExclude}
	LabelModes      = []Mode{ModeInclude, ModeExclude, ModeUnlabeled}
	Operators       = []Operator{OpEq, OpGt, OpGte, OpLt, OpLte}
	FinancialEvents = []FinancialEvent{EventAcquisition, EventDisposal, EventIncome, EventInternalTransfer, EventExpense, EventNonTaxable}
	GainLosses      = []GainLoss{Gain, Loss}
	SaleTerms       = []SaleTerm{TermShort, TermLong}
	SortKeys        = []SortKey{SortCreatedAt, SortUpdatedAt, SortFiatValue, SortCapGains, SortIncome, SortLabel}
)

// Page limits.
const (
	DefaultLimit = 50
	MaxLimit     = 500
	MaxIDs       = 500
)

// TxFilter selects a client's transactions: the filters of getClientTransactions, shared by the
// list, the summary and the history export. A zero field is "not set" and adds no condition.
type TxFilter struct {
	AccountMode Mode
	AccountIDs  []uuid.UUID

	AmountOp    Operator
	AmountValue *decimal.Decimal // dollars, compared with the transaction's fiat value

	AssetMode         Mode
	AssetIDs          []uuid.UUID
	AssetKey          *string // Asset.assetKey (assets.key)
	AssetPricingKey   *string // Asset.pricingKey
	AssetSymbolOrName *string
	AssetType         *string

	StartDate *time.Time // inclusive
	EndDate   *time.Time // exclusive

	FinancialEvent FinancialEvent

	FromAddress       *string
	ToAddress         *string
	FromOrToAddress   *string
	InvolvedAddresses []string

	GainLoss GainLoss
	SaleTerm SaleTerm

	HasDuplicateTransfers *bool
	HasIncome             *bool
	HasNotes              *bool
	IsMissingBasis        *bool
	IsNegativeBalance     *bool
	IsOffChain            *bool
	Reviewed              *bool

	IncludeFailed bool
	IncludeHidden bool
	IncludeSpam   bool

	InsightPatternID *string
	InvestmentID     *string
	ReminderID       *string
	ReminderQuestion *int
	LabeledPriority  *int
	ProtocolAddress  *string

	LabelMode Mode
	Labels    []string

	OnlyDisposals      bool
	OnlyShowDeleted    bool
	OnlyWashSales      bool
	OnlyTransactionIDs []uuid.UUID
	ShowOnlyEdited     bool
	// ClassificationRule keeps the chain transactions that this classification rule labelled.
	ClassificationRule *string
	ShowOnlyPerpetuals bool

	ProviderMode Mode
	Providers    []string

	Search                 *string
	StakeAccountIdentifier *string
}

// TxPage is how a list is paged and sorted, and what it carries besides the rows.
type TxPage struct {
	Limit           int
	Page            int
	SortBy          SortKey
	Ascending       bool
	SkipTotal       bool
	ExactTotal      bool // count every match instead of stopping at TotalCap
	IncludeBalances bool
	IncludeSummary  bool
}
