// Package testfactory writes the rows a test starts from (a client, its accounts, assets,
// transactions and transfers) with defaults for every column the test does not care about; options
// set the ones it does. Each function fails the test on an error and returns the new row's id.
package testfactory

import (
	"context"
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

func exec(t testing.TB, db DB, sql string, args ...any) {
	t.Helper()
	if _, err := db.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("testfactory: %v", err)
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
	exec(t, db, `INSERT INTO clients (id, name) VALUES ($1, $2)`, o.ID, o.Name)
	if o.Country != nil {
		exec(t, db, `UPDATE clients SET country = $2 WHERE id = $1`, o.ID, *o.Country)
	}
	return o.ID
}

// AccountOpts are the columns of an account that options set.
type AccountOpts struct {
	ID                   uuid.UUID
	Type, Provider, Name string
	Address              *string
}

// Account inserts a wallet account of client (provider "ethereum", no address) and returns its id.
func Account(t testing.TB, db DB, client uuid.UUID, opts ...func(*AccountOpts)) uuid.UUID {
	t.Helper()
	o := AccountOpts{ID: uuid.New(), Type: "wallet", Provider: "ethereum", Name: "wallet"}
	for _, f := range opts {
		f(&o)
	}
	exec(t, db, `INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, $3, $4, $5, $6)`,
		o.ID, client, o.Type, o.Provider, o.Address, o.Name)
	return o.ID
}

// AssetOpts are the columns of an asset that options set.
type AssetOpts struct {
	ID                 uuid.UUID
	Key, Symbol, Chain string
}

// Asset inserts an asset of client (ETH, ethereum:native) and returns its id.
func Asset(t testing.TB, db DB, client uuid.UUID, opts ...func(*AssetOpts)) uuid.UUID {
	t.Helper()
	o := AssetOpts{ID: uuid.New(), Key: "ethereum:native", Symbol: "ETH", Chain: "ethereum"}
	for _, f := range opts {
		f(&o)
	}
	exec(t, db, `INSERT INTO assets (id, client_id, key, symbol, chain) VALUES ($1, $2, $3, $4, $5)`, o.ID, client, o.Key, o.Symbol, o.Chain)
	return o.ID
}

// TransactionOpts are the columns of a transaction that options set.
type TransactionOpts struct {
	ID         uuid.UUID
	OccurredAt time.Time
	AccountID  *uuid.UUID
	Label      *string
}

// Transaction inserts a transaction of client (at 2024-01-01 UTC, no account) and returns its id.
// It writes the row as it is, as a fixture: ledger.Editor is the way the application writes.
func Transaction(t testing.TB, db DB, client uuid.UUID, opts ...func(*TransactionOpts)) uuid.UUID {
	t.Helper()
	o := TransactionOpts{ID: uuid.New(), OccurredAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	for _, f := range opts {
		f(&o)
	}
	exec(t, db, `INSERT INTO transactions (id, client_id, occurred_at, account_id, label) VALUES ($1, $2, $3, $4, $5)`,
		o.ID, client, o.OccurredAt, o.AccountID, o.Label)
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
	exec(t, db, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id, fiat_value)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		o.ID, client, tx, o.Position, asset, o.Quantity, o.FromAccountID, o.ToAccountID, o.FiatValue)
	return o.ID
}
