package ledger

// The ledger's records as its callers see them. Each has the fields of its stored row, so a row
// converts with a type conversion (accountOf, ...) instead of a field-by-field copy, and a column
// added to the row that the type does not follow stops the build at the conversion.

import (
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// Account is one of a client's accounts: a wallet on a chain, an exchange connection, a file
// import or a virtual staking account, with its sync state.
type Account struct {
	ID                       uuid.UUID
	ClientID                 uuid.UUID
	Type                     string
	Provider                 string
	Address                  *string
	Name                     string
	Status                   string
	StatusMessage            *string
	StakingAccountIdentifier *string
	SyncCursor               *string
	StartImportingAt         *time.Time
	StopImportingAt          *time.Time
	CreatedAt                time.Time
	LastSyncedAt             *time.Time
	DeletedAt                *time.Time
	IncludeStakingRewards    bool
	IncludeOrdinals          bool
	IsLargeAccount           bool
	IsContinuousSync         bool
	RetiredAt                *time.Time // when retireAccount retired it
}

// Asset is an asset of a client's ledger (a token on a chain, a fiat currency, an NFT) with its
// pricing settings.
type Asset struct {
	ID               uuid.UUID
	ClientID         uuid.UUID
	Key              string
	Symbol           string
	Name             string
	Type             string
	Chain            *string
	ContractAddress  *string
	TokenID          *string
	Decimals         *int32
	PriceSourceID    *string
	IsSpam           bool
	IsWorthless      bool
	IsHidden         bool
	PriceOverride    decimal.NullDecimal
	UsePlatformPrice bool
	ImageUrl         *string
	Description      *string
	CreatedAt        time.Time
	IconImageUrl     *string
}

// Transaction is one transaction of the ledger: when it happened, its label and flags, and where
// it came from.
type Transaction struct {
	ID                     uuid.UUID
	ClientID               uuid.UUID
	AccountID              *uuid.UUID
	OccurredAt             time.Time
	Ordinal                int32
	TxnHash                *string
	ExternalID             *string
	Label                  *string
	Notes                  *string
	IsHidden               bool
	IsReviewed             bool
	IsFailed               bool
	Source                 *string
	SessionID              *string
	ParentID               *uuid.UUID
	CreatedAt              time.Time
	UpdatedAt              time.Time
	DeletedAt              *time.Time
	InvestmentID           *string
	OffChainData           []byte
	IsMissingBasisOverride *bool
	// FiatValue is the value the list shows for it (Transaction.fiatValueCents, rounded to cents),
	// kept by the database from its transfers and the current results (migration 00197); the
	// list's order by value reads it.
	FiatValue decimal.Decimal
}

// Transfer is one leg of a transaction: a quantity of an asset moving between two accounts or
// addresses, with its values and the overrides a person set.
type Transfer struct {
	ID                       uuid.UUID
	ClientID                 uuid.UUID
	TransactionID            uuid.UUID
	Position                 int32
	AssetID                  uuid.UUID
	Quantity                 decimal.Decimal
	FromAccountID            *uuid.UUID
	ToAccountID              *uuid.UUID
	FromAddress              *string
	ToAddress                *string
	FiatValue                decimal.NullDecimal
	OriginalFiatValue        decimal.NullDecimal
	BasisFiatValue           decimal.NullDecimal
	OriginalBasisFiatValue   decimal.NullDecimal
	FeeFiat                  decimal.NullDecimal
	IsFee                    bool
	IsHidden                 bool
	IsMissingBasisOverride   *bool
	Label                    *string
	StakingAccountIdentifier *string
	PurchaseDateOverride     *time.Time
	CreatedAt                time.Time
	OccurredAt               time.Time
}

// Link pairs two transactions (an internal transfer, a bridge, a cross-chain swap: LinkType).
type Link struct {
	ClientID          uuid.UUID
	FromTransactionID uuid.UUID
	ToTransactionID   uuid.UUID
	CreatedAt         time.Time
	ID                uuid.UUID
	LinkType          string
}

// LabelRule labels the client's future transactions of one provider, direction and counterparty.
type LabelRule struct {
	ID           uuid.UUID
	ClientID     uuid.UUID
	Provider     string
	Direction    string
	Counterparty string
	Label        string
	CreatedAt    time.Time
}

// AccountOf converts a stored account row.
func AccountOf(a db.Account) Account { return Account(a) }

// AssetOf converts a stored asset row.
func AssetOf(a db.Asset) Asset { return Asset(a) }

// TransactionOf converts a stored transaction row.
func TransactionOf(t db.Transaction) Transaction { return Transaction(t) }

// TransferOf converts a stored transfer row.
func TransferOf(t db.Transfer) Transfer { return Transfer(t) }

// AccountsOf converts stored account rows.
func AccountsOf(as []db.Account) []Account { return convert(as, AccountOf) }

// TransactionsOf converts stored transaction rows.
func TransactionsOf(ts []db.Transaction) []Transaction { return convert(ts, TransactionOf) }

func convert[R, T any](rows []R, of func(R) T) []T {
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = of(r)
	}
	return out
}
