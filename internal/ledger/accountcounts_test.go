package ledger_test

import (
	"math/rand"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
)

// The kept per-account transaction counts (getClientAccounts' transactionCount) equal a direct
// count of each account's live transactions after every kind of ledger write: imports, each edit
// of the GraphQL mutations, delete, hide, undo, clearing an account for a re-import, removing an
// account, an account row deleted and the client deleted. The whole sequence runs twice in a row,
// the second from what the first left.
func TestAccountTransactionCountsFollowEveryWrite(t *testing.T) {
	b := setup(t)
	scope := auth.JobWriteScope(b.client, "test")
	file := uuid.New()
	if _, err := b.pool.Exec(b.ctx, `INSERT INTO accounts (id, client_id, type, provider, name) VALUES ($1, $2, 'file', 'generic', 'f')`, file, b.client); err != nil {
		t.Fatal(err)
	}
	accounts := []uuid.UUID{b.wallet, b.wallet2, file}
	check := func(after string) {
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
		}
	}
	w := &world{ctx: b.ctx, pool: b.pool, client: b.client, wallets: []uuid.UUID{b.wallet, b.wallet2}, assets: []uuid.UUID{b.eth}, r: rand.New(rand.NewSource(7))}
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
		check(what)
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
		for i := 0; i < 3; i++ {
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
			if _, err := b.pool.Exec(b.ctx, `DELETE FROM transactions WHERE id = (SELECT id FROM transactions WHERE account_id = $1 LIMIT 1)`, b.wallet); err != nil {
				t.Fatal(err)
			}
			check("a transaction deleted outright")
		}
	}
	// an account row deleted: its transactions stay without an account, its count goes with it
	if _, err := b.pool.Exec(b.ctx, `DELETE FROM accounts WHERE id = $1`, b.wallet); err != nil {
		t.Fatal(err)
	}
	accounts = accounts[1:]
	check("an account row deleted")
	var left int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM account_transaction_counts WHERE account_id = $1`, b.wallet).Scan(&left); err != nil || left != 0 {
		t.Errorf("the deleted account keeps %d count rows (%v)", left, err)
	}
	if _, err := b.pool.Exec(b.ctx, `DELETE FROM clients WHERE id = $1`, b.client); err != nil {
		t.Fatal(err)
	}
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM account_transaction_counts WHERE client_id = $1`, b.client).Scan(&left); err != nil || left != 0 {
		t.Errorf("the deleted client keeps %d count rows (%v)", left, err)
	}
}
