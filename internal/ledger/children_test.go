package ledger_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

// childWrites are the rows that name a transaction beside transfers and dirty marks, each written
// for (client, transaction): an audit entry, an insight's row, both sides of a transfer pair (the
// other side an existing transaction of the client), a classification and a child transaction.
type childWrite struct {
	constraint, sql string
}

// args are the write's arguments: the client, the transaction and, for a pair, its other side.
func (w childWrite) args(client, tx, other uuid.UUID) []any {
	if strings.Contains(w.sql, "$3") {
		return []any{client, tx, other}
	}
	return []any{client, tx}
}

func childWrites() []childWrite {
	return []childWrite{
		{"audit_logs_transaction_id_fkey", `INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, field, actor)
			VALUES (gen_random_uuid(), $1, $2, 'transaction', $2, 'label', 'test')`},
		{"insight_transactions_transaction_id_fkey", `INSERT INTO insight_transactions (insight_id, client_id, transaction_id)
			SELECT id, $1, $2 FROM insights WHERE client_id = $1`},
		{"internal_transfer_pairs_from_transaction_id_fkey", `INSERT INTO internal_transfer_pairs (id, client_id, from_transaction_id, to_transaction_id)
			VALUES (gen_random_uuid(), $1, $2, $3)`},
		{"internal_transfer_pairs_to_transaction_id_fkey", `INSERT INTO internal_transfer_pairs (id, client_id, from_transaction_id, to_transaction_id)
			VALUES (gen_random_uuid(), $1, $3, $2)`},
		{"transaction_classifications_transaction_id_client_id_fkey", `INSERT INTO transaction_classifications (transaction_id, client_id, rule, confidence, explanation, digest)
			VALUES ($2, $1, 'transfer', 'high', 'test', 'd')`},
		{"transactions_parent_id_fkey", `INSERT INTO transactions (id, client_id, parent_id, occurred_at) VALUES (gen_random_uuid(), $1, $2, now())`},
	}
}

// writeChildren writes one row of each kind naming tx; other is another transaction of the client.
func writeChildren(t *testing.T, b *bundle, tx, other uuid.UUID) {
	t.Helper()
	for _, w := range childWrites() {
		testfactory.Exec(t, b.pool, w.sql, w.args(b.client, tx, other)...)
	}
}

// childCounts counts, over the client, the rows of each kind that name one of txs.
func childCounts(t *testing.T, b *bundle, txs ...uuid.UUID) [6]int {
	t.Helper()
	var c [6]int
	if err := b.pool.QueryRow(b.ctx, `SELECT
		(SELECT count(*) FROM audit_logs WHERE client_id = $1 AND transaction_id = ANY ($2)),
		(SELECT count(*) FROM insight_transactions WHERE client_id = $1 AND transaction_id = ANY ($2)),
		(SELECT count(*) FROM internal_transfer_pairs WHERE client_id = $1 AND from_transaction_id = ANY ($2)),
		(SELECT count(*) FROM internal_transfer_pairs WHERE client_id = $1 AND to_transaction_id = ANY ($2)),
		(SELECT count(*) FROM transaction_classifications WHERE client_id = $1 AND transaction_id = ANY ($2)),
		(SELECT count(*) FROM transactions WHERE client_id = $1 AND parent_id = ANY ($2))`, b.client, txs).
		Scan(&c[0], &c[1], &c[2], &c[3], &c[4], &c[5]); err != nil {
		t.Fatal(err)
	}
	return c
}

// The references to transactions from audit entries, insight rows, transfer pairs, classifications
// and child transactions are checked per statement by triggers (migration 00240) instead of
// row-level foreign keys: naming a missing transaction, or another client's, is refused with the
// foreign key's name (every call, not only a session's first); deleting transactions, by any
// statement, deletes the insight rows, pairs and classifications and unlinks the audit entries
// and child transactions; a named transaction keeps its id and client.
func TestTransactionChildrenFollowTheirTransaction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	txA, txB, txC, keep := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) SELECT x, $1, $2, now() FROM unnest($3::uuid[]) x`,
		b.client, b.wallet, []uuid.UUID{txA, txB, txC, keep})
	testfactory.Exec(t, b.pool, `INSERT INTO insights (id, client_id, pattern_id, type, severity, title) VALUES (gen_random_uuid(), $1, 'p', 't', 'INFO', 'i')`, b.client)
	other, othersTx := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO clients (id, name) VALUES ($1, 'other')`, other)
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, occurred_at) VALUES ($1, $2, now())`, othersTx, other)

	for round := range 2 {
		for _, w := range childWrites() {
			for _, named := range []struct {
				what string
				id   uuid.UUID
			}{{"no transaction", uuid.New()}, {"another client's transaction", othersTx}} {
				_, err := b.pool.Exec(b.ctx, w.sql, w.args(b.client, named.id, keep)...)
				var pgErr *pgconn.PgError
				if !errors.As(err, &pgErr) || pgErr.Code != "23503" || pgErr.ConstraintName != w.constraint {
					t.Errorf("round %d, %s naming %s: %v, want a foreign key violation of %s", round, w.constraint, named.what, err, w.constraint)
				}
			}
		}
	}
	if c := childCounts(t, b, keep); c != [6]int{} {
		t.Fatalf("rows after the refusals: %v, want none", c)
	}

	writeChildren(t, b, txA, keep)
	writeChildren(t, b, txB, keep)
	writeChildren(t, b, keep, txC)
	missing := uuid.New()
	updates := []struct {
		constraint, sql string
		to              uuid.UUID
	}{
		{"transaction_classifications_transaction_id_client_id_fkey", `UPDATE transaction_classifications SET transaction_id = $2 WHERE transaction_id = $1`, missing},
		{"audit_logs_transaction_id_fkey", `UPDATE audit_logs SET transaction_id = $2 WHERE transaction_id = $1`, missing},
		{"transactions_parent_id_fkey", `UPDATE transactions SET parent_id = $2 WHERE parent_id = $1`, othersTx},
		{"internal_transfer_pairs_to_transaction_id_fkey", `UPDATE internal_transfer_pairs SET to_transaction_id = $2 WHERE to_transaction_id = $1`, missing},
		// a named transaction keeps its key: the first kind of row found naming it is reported
		{"audit_logs_transaction_id_fkey", `UPDATE transactions SET id = $2 WHERE id = $1`, missing},
		{"audit_logs_transaction_id_fkey", `UPDATE transactions SET client_id = $2 WHERE id = $1`, other},
	}
	for _, u := range updates {
		_, err := b.pool.Exec(b.ctx, u.sql, txA, u.to)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "23503" || pgErr.ConstraintName != u.constraint {
			t.Errorf("%s: %v, want a foreign key violation of %s", u.sql, err, u.constraint)
		}
	}

	// One statement deletes two transactions: their insight rows, pairs and classifications go,
	// their audit entries and child transactions stay, unlinked; the kept transaction's stay.
	testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = ANY ($1)`, []uuid.UUID{txA, txB})
	if c := childCounts(t, b, txA, txB); c != [6]int{} {
		t.Fatalf("rows naming the deleted transactions: %v, want none", c)
	}
	var unlinkedAudit, unlinkedChildren int
	if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM audit_logs WHERE client_id = $1 AND transaction_id IS NULL),
		(SELECT count(*) FROM transactions WHERE client_id = $1 AND parent_id IS NULL AND NOT id = ANY ($2))`,
		b.client, []uuid.UUID{txC, keep}).Scan(&unlinkedAudit, &unlinkedChildren); err != nil {
		t.Fatal(err)
	}
	if unlinkedAudit != 2 || unlinkedChildren != 2 {
		t.Fatalf("unlinked: %d audit entries, %d child transactions; want 2 and 2", unlinkedAudit, unlinkedChildren)
	}
	// keep's pairs name txC on their other side: deleting txC takes them too
	if c := childCounts(t, b, keep); c != [6]int{1, 1, 1, 1, 1, 1} {
		t.Fatalf("rows naming the kept transaction: %v, want one of each", c)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = $1`, txC)
	if c := childCounts(t, b, keep); c != [6]int{1, 1, 0, 0, 1, 1} {
		t.Fatalf("rows naming the kept transaction after deleting its pairs' other side: %v, want no pairs", c)
	}

	// The client goes with every row of its ledger.
	txD := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, occurred_at) VALUES ($1, $2, now())`, txD, b.client)
	writeChildren(t, b, txD, keep)
	testfactory.Exec(t, b.pool, `DELETE FROM clients WHERE id = $1`, b.client)
	if left := clientRows(t, b, "audit_logs", "insight_transactions", "internal_transfer_pairs", "transaction_classifications", "transactions"); left != 0 {
		t.Fatalf("rows after deleting the client: %d, want none", left)
	}
}

// A row written naming a committed transaction locks it FOR KEY SHARE, as the foreign key did:
// deleting the transaction waits for the write's commit and then takes the row with it. A write
// naming a transaction whose delete is under way waits for it and is refused once it commits.
func TestTransactionChildWriteRacesItsDelete(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	tx1, tx2 := uuid.New(), uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, occurred_at) VALUES ($1, $3, now()), ($2, $3, now())`, tx1, tx2, b.client)
	classify := `INSERT INTO transaction_classifications (transaction_id, client_id, rule, confidence, explanation, digest) VALUES ($1, $2, 'transfer', 'high', 'race', 'd')`

	w, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Rollback(ctx)
	if _, err := w.Exec(ctx, classify, tx1, b.client); err != nil {
		t.Fatal(err)
	}
	expectLockTimeout(t, b, "deleting the transaction under an open classification write", `DELETE FROM transactions WHERE id = $1`, tx1)
	if err := w.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = $1`, tx1)

	d, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Rollback(ctx)
	if _, err := d.Exec(ctx, `DELETE FROM transactions WHERE id = $1`, tx2); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := b.pool.Exec(ctx, classify, tx2, b.client)
		done <- err
	}()
	testwait.BlockedOnLock(t, b.pool, "'race'", 30*time.Second)
	if err := d.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "23503" || pgErr.ConstraintName != "transaction_classifications_transaction_id_client_id_fkey" {
			t.Fatalf("classifying a transaction deleted meanwhile: %v, want a foreign key violation", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the write still waits after the delete committed")
	}
	var n int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM transaction_classifications WHERE client_id = $1`, b.client).Scan(&n); err != nil || n != 0 {
		t.Fatalf("classifications left: %d %v, want none", n, err)
	}
}
