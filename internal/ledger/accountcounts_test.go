package ledger_test

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// everyWrite runs every kind of ledger write on b's client and calls check after each: imports (two
// wallets and a file account), each edit of the GraphQL mutations (three times over, on a spam and a
// plain asset), a delete, a hide, an asset marked spam and unmarked, the undo of every edit,
// clearing an account for a re-import and the re-import, removing an account, a transaction deleted
// outright, and at the end an account row deleted. The sequence runs twice in a row, the second
// from what the first left.
func everyWrite(t *testing.T, b *bundle, check func(after string, accounts []uuid.UUID)) {
	t.Helper()
	scope := auth.JobWriteScope(b.client, "test")
	file := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO accounts (id, client_id, type, provider, name) VALUES ($1, $2, 'file', 'generic', 'f')`, file, b.client)
	drop := testfactory.Asset(t, b.pool, b.client, testfactory.Coin("ethereum:0xd20b", "DROP"))
	testfactory.Exec(t, b.pool, `UPDATE assets SET is_spam = true WHERE id = $1`, drop)
	accounts := []uuid.UUID{b.wallet, b.wallet2, file}
	w := &world{ctx: b.ctx, pool: b.pool, client: b.client, wallets: []uuid.UUID{b.wallet, b.wallet2}, assets: []uuid.UUID{b.eth, drop}, r: rand.New(rand.NewSource(7))}
	m := ledger.Meta{Actor: "user:counts"}
	write := func(what string, f func(e *ledger.Editor) error) {
		t.Helper()
		err := b.led.Update(b.ctx, scope, m, f)
		switch apperr.KindOf(err) {
		case apperr.Invalid, apperr.NotFound, apperr.Conflict: // refused: nothing was written
		default:
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		}
		check(what, accounts)
	}
	importTo := func(account uuid.UUID, self string) func(e *ledger.Editor) error {
		return func(e *ledger.Editor) error {
			_, err := e.Import(account, pageOf(self), ethAt(3000))
			return err
		}
	}
	fileTxs := []imports.Tx{{ExternalID: "row-1", Time: t0, Transfers: []imports.Transfer{ethTransfer("3", "", "")}}}
	for round := range 2 {
		write("an import of A", importTo(b.wallet, addrA))
		write("an import of B", importTo(b.wallet2, addrB))
		write("a file import", func(e *ledger.Editor) error { _, err := e.Import(file, fileTxs, ethAt(3000)); return err })
		for range 3 {
			for _, k := range editKinds {
				write(k.name, func(e *ledger.Editor) error { return k.run(w, e) })
			}
		}
		write("a delete", func(e *ledger.Editor) error {
			txs, _ := w.live(e)
			return e.Delete(w.pick(txs))
		})
		write("a hide", func(e *ledger.Editor) error {
			txs, _ := w.live(e)
			_, err := e.SetHiddenCount(txs[:1], true)
			return err
		})
		for _, spam := range []bool{true, false} {
			testfactory.Exec(t, b.pool, `UPDATE assets SET is_spam = $2 WHERE id = $1`, b.eth, spam)
			check("ETH marked spam", accounts)
		}
		var undo []uuid.UUID
		rows, err := b.pool.Query(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND undone_at IS NULL`, b.client)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			undo = append(undo, id)
		}
		rows.Close()
		write("an undo of every edit", func(e *ledger.Editor) error { _, err := e.Undo(undo); return err })
		write("clearing B for a re-import", func(e *ledger.Editor) error { _, err := e.ClearAccount(b.wallet2); return err })
		write("the re-import of B", importTo(b.wallet2, addrB))
		write("removing the file account", func(e *ledger.Editor) error { _, err := e.RemoveAccount(file); return err })
		if round == 0 {
			// a transaction deleted outright (as a client's deletion does)
			testfactory.Exec(t, b.pool, `DELETE FROM transactions WHERE id = (SELECT id FROM transactions WHERE account_id = $1 LIMIT 1)`, b.wallet)
			check("a transaction deleted outright", accounts)
		}
	}
	// an account row deleted: its transactions stay without an account
	testfactory.Exec(t, b.pool, `DELETE FROM accounts WHERE id = $1`, b.wallet)
	check("an account row deleted", accounts[1:])
}

// The kept per-account transaction counts (getClientAccounts' transactionCount) equal a direct
// count of each account's live transactions after every kind of ledger write; an account's row goes
// with the account, a client's with the client.
func TestAccountTransactionCountsFollowEveryWrite(t *testing.T) {
	b := setup(t)
	scope := auth.JobWriteScope(b.client, "test")
	counted := false
	everyWrite(t, b, func(after string, accounts []uuid.UUID) {
		t.Helper()
		kept, err := b.led.AccountTransactionCounts(b.ctx, scope, accounts)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range accounts {
			var direct int64
			if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM transactions WHERE account_id = $1 AND deleted_at IS NULL`, a).Scan(&direct); err != nil {
				t.Fatal(err)
			}
			if kept[a] != direct {
				t.Errorf("after %s: account %s keeps %d transactions, counts %d", after, a, kept[a], direct)
			}
			counted = counted || direct > 2
		}
	})
	if !counted {
		t.Error("no account ever held more than two transactions: the sequence says little")
	}
	var left int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM account_transaction_counts WHERE account_id = $1`, b.wallet).Scan(&left); err != nil || left != 0 {
		t.Errorf("the deleted account keeps %d count rows (%v)", left, err)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM clients WHERE id = $1`, b.client)
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM account_transaction_counts WHERE client_id = $1`, b.client).Scan(&left); err != nil || left != 0 {
		t.Errorf("the deleted client keeps %d count rows (%v)", left, err)
	}
}

// The kept set of transactions that move only spam (spam_only_transactions) equals the definition
// evaluated over the ledger (a transfer, and every transfer of an asset marked spam) after every
// kind of ledger write, assets marked and unmarked spam among them.
func TestSpamOnlyTransactionsFollowEveryWrite(t *testing.T) {
	b := setup(t)
	ids := func(q string) []uuid.UUID {
		t.Helper()
		rows, err := b.pool.Query(b.ctx, q, b.client)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []uuid.UUID
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			out = append(out, id)
		}
		return out
	}
	seen := 0
	everyWrite(t, b, func(after string, _ []uuid.UUID) {
		t.Helper()
		kept := ids(`SELECT transaction_id FROM spam_only_transactions WHERE client_id = $1 ORDER BY 1`)
		direct := ids(`SELECT t.id FROM transactions t WHERE t.client_id = $1
			AND EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id)
			AND NOT EXISTS (SELECT 1 FROM transfers tr JOIN assets a ON a.id = tr.asset_id WHERE tr.transaction_id = t.id AND NOT a.is_spam)
			ORDER BY 1`)
		if !slices.Equal(kept, direct) {
			t.Errorf("after %s: kept spam-only %v, by the definition %v", after, kept, direct)
		}
		seen = max(seen, len(direct))
	})
	if seen < 2 {
		t.Errorf("at most %d spam-only transactions at once: the sequence says little", seen)
	}
	testfactory.Exec(t, b.pool, `DELETE FROM clients WHERE id = $1`, b.client)
	if left := ids(`SELECT transaction_id FROM spam_only_transactions WHERE client_id = $1`); len(left) != 0 {
		t.Errorf("the deleted client keeps %d spam-only rows", len(left))
	}
}
