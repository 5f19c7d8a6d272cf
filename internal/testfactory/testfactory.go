// Package testfactory writes the rows a test starts from (a client, its accounts, assets,
// transactions and transfers) with defaults for every column the test does not care about; options
// set the ones it does. Each function fails the test on an error and returns the new row's id.
package testfactory

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/shopspring/decimal"
)

// DB is a pool, a connection or a transaction.
type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Exec runs one statement for a test's set-up and fails the test on an error: for rows and states
// the factory has no function for (a job's state, a lock, a login failure).
func Exec(t testing.TB, db DB, sql string, args ...any) {
	t.Helper()
	if _, err := db.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// ClientOpts are the columns of a client that options set.
type ClientOpts struct {
	ID      uuid.UUID
	Name    string
	Country *string
}

// Client inserts a client ("client", the default country) and returns its id.
func Client(t testing.TB, db DB, opts ...func(*ClientOpts)) uuid.UUID {
	t.Helper()
	o := ClientOpts{ID: uuid.New(), Name: "client"}
	for _, f := range opts {
		f(&o)
	}
	Exec(t, db, `INSERT INTO clients (id, name) VALUES ($1, $2)`, o.ID, o.Name)
	if o.Country != nil {
		Exec(t, db, `UPDATE clients SET country = $2 WHERE id = $1`, o.ID, *o.Country)
	}
	return o.ID
}

// AccountOpts are the columns of an account that options set.
type AccountOpts struct {
	ID                           uuid.UUID
	Type, Provider, Name, Status string
	Address                      *string
}

// Account inserts a wallet account of client (provider "ethereum", no address) and returns its id.
func Account(t testing.TB, db DB, client uuid.UUID, opts ...func(*AccountOpts)) uuid.UUID {
	t.Helper()
	o := AccountOpts{ID: uuid.New(), Type: "wallet", Provider: "ethereum", Name: "wallet", Status: "queued"}
	for _, f := range opts {
		f(&o)
	}
	Exec(t, db, `INSERT INTO accounts (id, client_id, type, provider, address, name, status) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		o.ID, client, o.Type, o.Provider, o.Address, o.Name, o.Status)
	return o.ID
}

// AssetOpts are the columns of an asset that options set.
type AssetOpts struct {
	ID                             uuid.UUID
	Key, Symbol, Chain, Name, Type string
}

// Asset inserts an asset of client (ETH, ethereum:native) and returns its id.
func Asset(t testing.TB, db DB, client uuid.UUID, opts ...func(*AssetOpts)) uuid.UUID {
	t.Helper()
	o := AssetOpts{ID: uuid.New(), Key: "ethereum:native", Symbol: "ETH", Chain: "ethereum", Type: "COIN"}
	for _, f := range opts {
		f(&o)
	}
	Exec(t, db, `INSERT INTO assets (id, client_id, key, symbol, chain, name, type) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		o.ID, client, o.Key, o.Symbol, o.Chain, o.Name, o.Type)
	return o.ID
}

// TransactionOpts are the columns of a transaction that options set.
type TransactionOpts struct {
	ID            uuid.UUID
	OccurredAt    time.Time
	AccountID     *uuid.UUID
	Label, Source *string
}

// Transaction inserts a transaction of client (at 2024-01-01 UTC, no account) and returns its id.
// It writes the row as it is, as a fixture: ledger.Editor is the way the application writes.
func Transaction(t testing.TB, db DB, client uuid.UUID, opts ...func(*TransactionOpts)) uuid.UUID {
	t.Helper()
	o := TransactionOpts{ID: uuid.New(), OccurredAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	for _, f := range opts {
		f(&o)
	}
	Exec(t, db, `INSERT INTO transactions (id, client_id, occurred_at, account_id, label, source) VALUES ($1, $2, $3, $4, $5, $6)`,
		o.ID, client, o.OccurredAt, o.AccountID, o.Label, o.Source)
	return o.ID
}

// TransferOpts are the columns of a transfer that options set.
type TransferOpts struct {
	ID                         uuid.UUID
	Position                   int
	Quantity                   decimal.Decimal
	FromAccountID, ToAccountID *uuid.UUID
	FiatValue                  decimal.NullDecimal
}

// Transfer inserts a transfer of asset in transaction tx of client (1 unit at position 0, no
// accounts) and returns its id; its time is its transaction's.
func Transfer(t testing.TB, db DB, client, tx, asset uuid.UUID, opts ...func(*TransferOpts)) uuid.UUID {
	t.Helper()
	o := TransferOpts{ID: uuid.New(), Quantity: decimal.NewFromInt(1)}
	for _, f := range opts {
		f(&o)
	}
	Exec(t, db, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id, fiat_value)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		o.ID, client, tx, o.Position, asset, o.Quantity, o.FromAccountID, o.ToAccountID, o.FiatValue)
	return o.ID
}

// Address sets an account's address.
func Address(a string) func(*AccountOpts) { return func(o *AccountOpts) { o.Address = &a } }

// Provider sets an account's provider (a chain or an exchange).
func Provider(p string) func(*AccountOpts) { return func(o *AccountOpts) { o.Provider = p } }

// Named sets an account's name.
func Named(name string) func(*AccountOpts) { return func(o *AccountOpts) { o.Name = name } }

// Coin sets an asset's key and symbol; its chain is the key's prefix ("bitcoin:native": bitcoin).
func Coin(key, symbol string) func(*AssetOpts) {
	return func(o *AssetOpts) {
		o.Key, o.Symbol = key, symbol
		if chain, _, ok := strings.Cut(key, ":"); ok {
			o.Chain = chain
		}
	}
}

// ClientNamed sets a client's name.
func ClientNamed(name string) func(*ClientOpts) { return func(o *ClientOpts) { o.Name = name } }

// Status sets an account's sync status.
func Status(st string) func(*AccountOpts) { return func(o *AccountOpts) { o.Status = st } }

// AssetNamed sets an asset's display name.
func AssetNamed(name string) func(*AssetOpts) { return func(o *AssetOpts) { o.Name = name } }

// At sets a transaction's time.
func At(at time.Time) func(*TransactionOpts) { return func(o *TransactionOpts) { o.OccurredAt = at } }

// InAccount sets the account a transaction belongs to.
func InAccount(id uuid.UUID) func(*TransactionOpts) {
	return func(o *TransactionOpts) { o.AccountID = &id }
}

// Labelled sets a transaction's label (nil: none).
func Labelled(label *string) func(*TransactionOpts) {
	return func(o *TransactionOpts) { o.Label = label }
}

// FromSource sets where a transaction came from ("sync", "import", "manual").
func FromSource(src string) func(*TransactionOpts) {
	return func(o *TransactionOpts) { o.Source = &src }
}

// Moving sets a transfer's quantity, accounts (nil: external) and fiat value.
func Moving(qty string, from, to *uuid.UUID, value string) func(*TransferOpts) {
	return func(o *TransferOpts) {
		o.Quantity = decimal.RequireFromString(qty)
		o.FromAccountID, o.ToAccountID = from, to
		o.FiatValue = decimal.NullDecimal{Decimal: decimal.RequireFromString(value), Valid: true}
	}
}

// ClientID gives the new client an id the test made first.
func ClientID(id uuid.UUID) func(*ClientOpts) { return func(o *ClientOpts) { o.ID = id } }

// AccountID gives the new account an id the test made first.
func AccountID(id uuid.UUID) func(*AccountOpts) { return func(o *AccountOpts) { o.ID = id } }

// AssetID gives the new asset an id the test made first.
func AssetID(id uuid.UUID) func(*AssetOpts) { return func(o *AssetOpts) { o.ID = id } }

// Exchange makes the account an exchange account of provider.
func Exchange(provider string) func(*AccountOpts) {
	return func(o *AccountOpts) { o.Type, o.Provider = "exchange", provider }
}
