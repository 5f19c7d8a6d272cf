package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"taxd/internal/pgtest"
	"taxd/internal/testfactory"
)

// A row of one client cannot name another client's row: the declared foreign keys match on
// client_id, and so do the ledger's emulated ones.
func TestRowsNameOnlyTheirClientsRows(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	ctx := context.Background()
	a, b := testfactory.Client(t, pool), testfactory.Client(t, pool)
	accountB := testfactory.Account(t, pool, b)
	assetA := testfactory.Asset(t, pool, a)
	txA := testfactory.Transaction(t, pool, a)
	txB := testfactory.Transaction(t, pool, b)
	// what each client may name of its own works
	accountA := testfactory.Account(t, pool, a)
	testfactory.Transfer(t, pool, a, txA, assetA, func(o *testfactory.TransferOpts) { o.ToAccountID = &accountA })

	fk := func(what, sql string, args ...any) {
		t.Helper()
		_, err := pool.Exec(ctx, sql, args...)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "23503" {
			t.Errorf("%s: got %v, want a foreign-key violation", what, err)
		}
	}
	fk("a transaction in another client's account",
		`INSERT INTO transactions (id, client_id, occurred_at, account_id) VALUES ($1, $2, now(), $3)`, uuid.New(), a, accountB)
	fk("a transfer to another client's account",
		`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id) VALUES ($1, $2, $3, 1, $4, 1, $5)`,
		uuid.New(), a, txA, assetA, accountB)
	fk("a transfer in another client's transaction",
		`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity) VALUES ($1, $2, $3, 0, $4, 1)`,
		uuid.New(), a, txB, assetA)
	fk("an audit entry of another client's transaction",
		`INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, field, actor) VALUES ($1, $2, $3, 'transaction', $3, 'label', 'test')`, uuid.New(), a, txB)
	fk("a child transaction of another client's",
		`INSERT INTO transactions (id, client_id, occurred_at, parent_id) VALUES ($1, $2, now(), $3)`, uuid.New(), a, txB)
}
