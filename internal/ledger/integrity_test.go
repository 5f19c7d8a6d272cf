package ledger_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

// The references of transactions and transfers to their client, account and asset are checked per
// statement by triggers (migration 00017) instead of row-level foreign keys: every way of naming a
// missing parent is still refused with the foreign key's name, and deleting a parent still does
// what the foreign key did.
func TestLedgerParentsAreEnforced(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tx1, tr1 := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, now())`, tx1, b.client, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id)
		VALUES ($1, $2, $3, 0, $4, 1, $5, $6)`, tr1, b.client, tx1, b.eth, b.wallet, b.wallet2)
	missing := uuid.New()
	other, otherAsset := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO clients (id, name) VALUES ($1, 'other')`, other)
	testfactory.Exec(t, b.pool, `INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, 'ethereum:native', 'ETH')`, otherAsset, other)
	refused := []struct {
		name, constraint, sql string
		args                  []any
	}{
		{"transaction of no client", "transactions_client_id_fkey",
			`INSERT INTO transactions (id, client_id, occurred_at) VALUES (gen_random_uuid(), $1, now())`, []any{missing}},
		{"transaction of no account, among good rows", "transactions_account_id_fkey",
			`INSERT INTO transactions (id, client_id, account_id, occurred_at) SELECT gen_random_uuid(), $1, a, now() FROM unnest(ARRAY[$2, $3, $2]::uuid[]) a`,
			[]any{b.client, b.wallet, missing}},
		{"transfer of no asset", "transfers_asset_id_fkey",
			`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity) VALUES (gen_random_uuid(), $1, $2, 1, $3, 1)`,
			[]any{b.client, tx1, missing}},
		{"transfer from no account", "transfers_from_account_id_fkey",
			`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id) VALUES (gen_random_uuid(), $1, $2, 1, $3, 1, $4)`,
			[]any{b.client, tx1, b.eth, missing}},
		{"transfer to no account", "transfers_to_account_id_fkey",
			`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id) VALUES (gen_random_uuid(), $1, $2, 1, $3, 1, $4, $5)`,
			[]any{b.client, tx1, b.eth, b.wallet, missing}},
		{"transaction moved to no account", "transactions_account_id_fkey",
			`UPDATE transactions SET account_id = $2 WHERE id = $1`, []any{tx1, missing}},
		{"transaction moved to no client", "transactions_client_id_fkey",
			`UPDATE transactions SET client_id = $2 WHERE id = $1`, []any{tx1, missing}},
		{"transfer given no asset", "transfers_asset_id_fkey",
			`UPDATE transfers SET asset_id = $2 WHERE id = $1`, []any{tr1, missing}},
		{"transfer given no account", "transfers_to_account_id_fkey",
			`UPDATE transfers SET to_account_id = $2 WHERE id = $1`, []any{tr1, missing}},
		{"asset still named", "transfers_asset_id_fkey", `DELETE FROM assets WHERE id = $1`, []any{b.eth}},
		// the references to transactions (migration 00021)
		{"transfer of no transaction, among good rows", "transfers_transaction_id_fkey",
			`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity)
			 SELECT gen_random_uuid(), $1, x, p, $2, 1 FROM unnest(ARRAY[$3, $4]::uuid[]) WITH ORDINALITY u (x, p)`,
			[]any{b.client, b.eth, tx1, missing}},
		{"transfer moved to no transaction", "transfers_transaction_id_fkey",
			`UPDATE transfers SET transaction_id = $2 WHERE id = $1`, []any{tr1, missing}},
		{"dirty mark of no transaction", "dirty_marks_transaction_id_fkey",
			`INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) VALUES ($1, $2, now()), ($1, $3, now())`, []any{b.client, tx1, missing}},
		{"transaction renumbered while named", "transfers_transaction_id_fkey",
			`UPDATE transactions SET id = $2 WHERE id = $1`, []any{tx1, missing}},
		{"transfer of another client's asset", "transfers_asset_id_fkey",
			`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity) VALUES (gen_random_uuid(), $1, $2, 1, $3, 1)`,
			[]any{b.client, tx1, otherAsset}},
	}
	for _, c := range refused {
		_, err := b.pool.Exec(b.ctx, c.sql, c.args...)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "23503" || pgErr.ConstraintName != c.constraint {
			t.Errorf("%s: %v, want a foreign key violation of %s", c.name, err, c.constraint)
		}
	}
	if n := clientRows(t, b, "transactions", "transfers", "dirty_marks"); n != 2 {
		t.Fatalf("rows after the refusals: %d, want the 2 written", n)
	}

	// Deleting transactions takes their transfers and dirty marks with them (ON DELETE CASCADE
	// did), all of them in one statement; transactions whose ids are not named stay.
	tx2, tx3 := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $3, $4, now()), ($2, $3, $4, now())`, tx2, tx3, b.client, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id)
		VALUES (gen_random_uuid(), $1, $2, 0, $4, 1, $5), (gen_random_uuid(), $1, $2, 1, $4, 2, $5), (gen_random_uuid(), $1, $3, 0, $4, 3, $5)`,
		b.client, tx2, tx3, b.eth, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) VALUES ($1, $2, now()), ($1, $3, now()), ($1, $4, now())`, b.client, tx1, tx2, tx3)
	testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = ANY($1)`, []uuid.UUID{tx2, tx3})
	var transfers, marks int
	if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM transfers WHERE client_id = $1), (SELECT count(*) FROM dirty_marks WHERE client_id = $1)`,
		b.client).Scan(&transfers, &marks); err != nil || transfers != 1 || marks != 1 {
		t.Fatalf("after deleting two transactions: %d transfers, %d marks (%v); want tx1's 1 and 1", transfers, marks, err)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM dirty_marks WHERE client_id = $1`, b.client)

	// Deleting an account unlinks it (SET NULL) from transactions and transfers.
	testfactory.Exec(t, b.pool, `DELETE FROM accounts WHERE id = $1`, b.wallet)
	var acct, from, to *uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT t.account_id, tr.from_account_id, tr.to_account_id FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id WHERE t.id = $1`,
		tx1).Scan(&acct, &from, &to); err != nil {
		t.Fatal(err)
	}
	if acct != nil || from != nil || to == nil || *to != b.wallet2 {
		t.Fatalf("after deleting the account: account %v, from %v, to %v; want nil, nil, the other wallet", acct, from, to)
	}
	// An asset no transfer names can go; a client goes with its whole ledger (its assets included,
	// which the row-level foreign keys refused: the assets' cascade ran before the transfers').
	testfactory.Exec(t, b.pool, `INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, 'bitcoin:native', 'BTC')`, missing, b.client)
	testfactory.Exec(t, b.pool, `DELETE FROM assets WHERE id = $1`, missing)
	testfactory.Exec(t, b.pool, `DELETE FROM clients WHERE id = $1`, b.client)
	if n := clientRows(t, b, "transactions", "transfers", "assets"); n != 0 {
		t.Fatalf("rows after deleting the client: %d, want none", n)
	}
}

// An uncommitted write locks the parents it names (FOR KEY SHARE, as a foreign key does): deleting
// the account waits for it, and then unlinks the rows it wrote.
func TestLedgerParentLockedByAWrite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	w, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Rollback(ctx)
	txID := uuid.New()
	if _, err := w.Exec(ctx, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, now())`, txID, b.client, b.wallet); err != nil {
		t.Fatal(err)
	}
	expectLockTimeout(t, b, "deleting the account under an open write", `DELETE FROM accounts WHERE id = $1`, b.wallet)
	if err := w.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := b.pool.Exec(ctx, `DELETE FROM accounts WHERE id = $1`, b.wallet)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the delete still waits after the write committed")
	}
	var acct *uuid.UUID
	if err := b.pool.QueryRow(ctx, `SELECT account_id FROM transactions WHERE id = $1`, txID).Scan(&acct); err != nil || acct != nil {
		t.Fatalf("account of the committed write after the delete: %v %v, want NULL", acct, err)
	}
}

// A transfer written into a transaction that another database transaction committed locks that
// transaction FOR KEY SHARE, as the foreign key did: deleting it waits for the write, and then
// takes the new transfer with it. A transaction written by the same database transaction as its
// transfers is not locked (nobody else can see it yet): an import's million rows cost no lock.
func TestTransactionLockedByATransferWrite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	old := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, now())`, old, b.client, b.wallet)

	w, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Rollback(ctx)
	fresh := uuid.New()
	if _, err := w.Exec(ctx, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, now())`, fresh, b.client, b.wallet); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Exec(ctx, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id)
		VALUES (gen_random_uuid(), $1, $2, 0, $4, 1, $5), (gen_random_uuid(), $1, $3, 0, $4, 1, $5)`, b.client, old, fresh, b.eth, b.wallet); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Exec(ctx, `INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) VALUES ($1, $2, now())`, b.client, fresh); err != nil {
		t.Fatal(err)
	}
	expectLockTimeout(t, b, "deleting the transaction under an open transfer write", `DELETE FROM transactions WHERE id = $1`, old)
	if err := w.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	// xmax holds a row's lock; 0: never locked
	var oldLocked, freshLocked bool
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT xmax::text <> '0' FROM transactions WHERE id = $1), (SELECT xmax::text <> '0' FROM transactions WHERE id = $2)`,
		old, fresh).Scan(&oldLocked, &freshLocked); err != nil {
		t.Fatal(err)
	}
	if !oldLocked || freshLocked {
		t.Fatalf("locked: the committed transaction %v (want true), the one written with its transfers %v (want false)", oldLocked, freshLocked)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = $1`, old)
	var n int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM transfers WHERE transaction_id = $1`, old).Scan(&n); err != nil || n != 0 {
		t.Fatalf("transfers of the deleted transaction: %d %v, want 0", n, err)
	}
}

// A transfer or dirty mark written while another database transaction deletes its transaction
// waits for that delete; once it commits, the write is refused as the foreign key refused it (the
// check locks the transaction before it looks for it), never kept as an orphan. Twice in a row.
func TestTransferWriteRacingItsTransactionsDelete(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	transfer := childWrite{"transfers_transaction_id_fkey", `/* racing */ INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, occurred_at)
		VALUES (gen_random_uuid(), $1, $2, 0, $3, 1, $4, now())`}
	mark := childWrite{"dirty_marks_transaction_id_fkey", `/* racing */ INSERT INTO dirty_marks (client_id, transaction_id, occurred_at) VALUES ($1, $2, now())`}
	for _, c := range []childWrite{transfer, mark, transfer, mark} {
		tx := uuid.New()
		testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, now())`, tx, b.client, b.wallet)
		d, err := b.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Rollback(ctx)
		if _, err := d.Exec(ctx, `DELETE FROM transactions WHERE id = $1`, tx); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			args := []any{b.client, tx}
			if strings.Contains(c.sql, "$3") {
				args = append(args, b.eth, b.wallet)
			}
			_, err := b.pool.Exec(ctx, c.sql, args...)
			done <- err
		}()
		testwait.BlockedOnLock(t, b.pool, "/* racing */", 30*time.Second)
		if err := d.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-done:
			var pgErr *pgconn.PgError
			if !errors.As(err, &pgErr) || pgErr.Code != "23503" || pgErr.ConstraintName != c.constraint {
				t.Fatalf("writing into a transaction deleted meanwhile: %v, want a violation of %s", err, c.constraint)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the write still waits after the delete committed")
		}
		var orphans int
		if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM transfers WHERE transaction_id = $1) + (SELECT count(*) FROM dirty_marks WHERE transaction_id = $1)`,
			tx).Scan(&orphans); err != nil || orphans != 0 {
			t.Fatalf("rows naming the deleted transaction: %d %v, want none", orphans, err)
		}
	}
}

// expectLockTimeout runs sql in a transaction of its own with a short lock_timeout and fails the
// test unless it times out waiting for a lock (an open write holds one it needs).
func expectLockTimeout(t *testing.T, b *bundle, what, sql string, args ...any) {
	t.Helper()
	err := pgx.BeginFunc(b.ctx, b.pool, func(d pgx.Tx) error {
		if _, err := d.Exec(b.ctx, `SET LOCAL lock_timeout = '300ms'`); err != nil {
			t.Fatal(err)
		}
		_, err := d.Exec(b.ctx, sql, args...)
		return err
	})
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "55P03" {
		t.Fatalf("%s: %v, want a lock timeout", what, err)
	}
}

// clientRows counts the rows of b's client in the tables named.
func clientRows(t *testing.T, b *bundle, tables ...string) int {
	t.Helper()
	n := 0
	for _, table := range tables {
		var c int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM `+table+` WHERE client_id = $1`, b.client).Scan(&c); err != nil {
			t.Fatalf("rows of %s: %v", table, err)
		}
		n += c
	}
	return n
}
