package ledger_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

const (
	addrA = "0xaaaa000000000000000000000000000000000001"
	addrB = "0xbbbb000000000000000000000000000000000002"
	addrX = "0x28c6c06298d514db089934071355e5743bf21d60" // an exchange outside the client
)

var (
	t0 = time.Date(2024, 1, 10, 12, 0, 0, 0, time.UTC)
	t1 = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)
)

func ethAt(v int64) ledger.PriceFunc {
	return func(_ context.Context, _ imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		if at.Before(t1) {
			return decimal.NewFromInt(1000), true, nil
		}
		return decimal.NewFromInt(v), true, nil
	}
}

func ethTransfer(qty, from, to string) imports.Transfer {
	return imports.Transfer{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}, Quantity: dec(qty), From: from, To: to}
}

// The page each wallet's indexer returns: A bought 2 ETH, then sent 1 ETH to B (both see it).
func pageOf(self string) []imports.Tx {
	move := imports.Tx{ExternalID: "0xmove", Hash: "0xmove", Time: t1, Transfers: []imports.Transfer{ethTransfer("1", addrA, addrB)}}
	if self == addrB {
		return []imports.Tx{move}
	}
	return []imports.Tx{{ExternalID: "0xbuy", Hash: "0xbuy", Time: t0, Transfers: []imports.Transfer{ethTransfer("2", addrX, addrA)}}, move}
}

func (b *bundle) sync(t *testing.T, account uuid.UUID, self string) {
	t.Helper()
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
		_, err := e.Import(account, pageOf(self), ethAt(3000))
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// A transfer between two of the client's wallets is imported once, whichever wallet syncs first
// and however often they sync again, and the recalculation treats it as a move: no disposal, the
// lot keeps its basis in the receiving wallet.
func TestMoveBetweenOwnWalletsImportedOnce(t *testing.T) {
	for _, order := range []string{"A then B", "B then A"} {
		t.Run(order, func(t *testing.T) {
			b := setup(t)
			for range 2 { // a second round of syncs adds nothing
				if order == "A then B" {
					b.sync(t, b.wallet, addrA)
					b.sync(t, b.wallet2, addrB)
				} else {
					b.sync(t, b.wallet2, addrB)
					b.sync(t, b.wallet, addrA)
				}
			}
			var n int
			var from, to *uuid.UUID
			if err := b.pool.QueryRow(b.ctx, `SELECT count(DISTINCT t.id), min(tr.from_account_id::text)::uuid, min(tr.to_account_id::text)::uuid
				FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
				WHERE t.client_id = $1 AND t.txn_hash = '0xmove' AND t.deleted_at IS NULL`, b.client).Scan(&n, &from, &to); err != nil {
				t.Fatal(err)
			}
			if n != 1 || from == nil || *from != b.wallet || to == nil || *to != b.wallet2 {
				t.Fatalf("move stored %d times, from %v to %v; want once, A to B", n, from, to)
			}
			if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
				t.Fatal(err)
			}
			var disposals int
			var gain decimal.Decimal
			if err := b.pool.QueryRow(b.ctx, `SELECT count(*), coalesce(sum(d.gain), 0) FROM tax_disposals d JOIN clients c ON c.current_result_set_id = d.result_set_id WHERE c.id = $1`, b.client).Scan(&disposals, &gain); err != nil {
				t.Fatal(err)
			}
			if disposals != 0 || !gain.IsZero() {
				t.Fatalf("%d disposals, gain %s; a move between own wallets has none", disposals, gain)
			}
			var lots int
			var basis decimal.Decimal
			if err := b.pool.QueryRow(b.ctx, `SELECT count(*), coalesce(sum(l.basis), 0) FROM tax_lots l JOIN clients c ON c.current_result_set_id = l.result_set_id WHERE c.id = $1 AND l.quantity > 0`, b.client).Scan(&lots, &basis); err != nil {
				t.Fatal(err)
			}
			if !basis.Equal(decimal.NewFromInt(2000)) {
				t.Fatalf("open lots %d with basis %s; want the 2 ETH bought at 1000 (basis 2000) kept across the move", lots, basis)
			}
		})
	}
}

// Removing an account deletes its own transactions and leaves the other wallet's history whole:
// the move it sent stays as the other wallet's deposit from an outside address.
func TestRemoveAccountTouchesNoOtherAccount(t *testing.T) {
	b := setup(t)
	b.sync(t, b.wallet, addrA)
	b.sync(t, b.wallet2, addrB)
	// B's own receipt from outside, which must not change.
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet2, []imports.Tx{{ExternalID: "0xgift", Hash: "0xgift", Time: t1.Add(time.Hour), Transfers: []imports.Transfer{ethTransfer("0.5", addrX, addrB)}}}, ethAt(3000))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	type row struct {
		id       uuid.UUID
		account  *uuid.UUID
		from, to *uuid.UUID
		qty      decimal.Decimal
		fromAddr *string
	}
	snapshot := func(hash string) []row {
		rows, err := b.pool.Query(b.ctx, `SELECT tr.id, t.account_id, tr.from_account_id, tr.to_account_id, tr.quantity, tr.from_address
			FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
			WHERE t.client_id = $1 AND t.txn_hash = $2 AND t.deleted_at IS NULL ORDER BY tr.id`, b.client, hash)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.account, &r.from, &r.to, &r.qty, &r.fromAddr); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	giftBefore := snapshot("0xgift")
	b.settle(t)
	var deleted int
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		var err error
		deleted, err = e.RemoveAccount(b.wallet)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if deleted != 1 {
		t.Fatalf("deleted %d transactions, want 1 (A's buy)", deleted)
	}
	if got := snapshot("0xbuy"); len(got) != 0 {
		t.Fatalf("A's buy is still there: %+v", got)
	}
	move := snapshot("0xmove")
	if len(move) != 1 || move[0].account == nil || *move[0].account != b.wallet2 || move[0].from != nil ||
		move[0].to == nil || *move[0].to != b.wallet2 || move[0].fromAddr == nil || *move[0].fromAddr != addrA {
		t.Fatalf("the move should now be B's deposit from A's address: %+v", move)
	}
	key := func(r row) string {
		return fmt.Sprint(r.id, *r.account, r.from, *r.to, r.qty.String(), *r.fromAddr)
	}
	if gift := snapshot("0xgift"); len(gift) != 1 || key(gift[0]) != key(giftBefore[0]) {
		t.Fatalf("B's own transaction changed: %+v -> %+v", giftBefore, gift)
	}
	if b.dirty(t) == 0 {
		t.Fatal("the client is not dirty after removing an account")
	}
}

// A move the client deleted in one wallet and a re-import brought back as the other wallet's:
// removing that other wallet leaves the move deleted where the client deleted it (it is not
// re-homed onto the deleted row's external id), and removing the first wallet instead re-homes
// nothing onto a wallet whose copy is live. Each removal succeeds, twice in a row.
func TestRemoveAccountWhoseMoveTheOtherWalletDeleted(t *testing.T) {
	for _, remove := range []string{"B", "A"} {
		t.Run("remove "+remove, func(t *testing.T) {
			b := setup(t)
			scope := auth.JobWriteScope(b.client, "test")
			b.sync(t, b.wallet, addrA)
			b.sync(t, b.wallet2, addrB)
			var moveA uuid.UUID
			if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transactions WHERE client_id = $1 AND external_id = '0xmove' AND account_id = $2 AND deleted_at IS NULL`,
				b.client, b.wallet).Scan(&moveA); err != nil {
				t.Fatalf("the move is A's after both syncs: %v", err)
			}
			for _, step := range []func(e *ledger.Editor) error{
				func(e *ledger.Editor) error { return e.Delete(moveA) },
				func(e *ledger.Editor) error { _, err := e.ClearAccount(b.wallet2); return err },
				func(e *ledger.Editor) error { _, err := e.Import(b.wallet2, pageOf(addrB), ethAt(3000)); return err },
			} {
				if err := b.led.Update(b.ctx, scope, meta, step); err != nil {
					t.Fatal(err)
				}
			}
			if n := b.count(t, `SELECT count(*) FROM transactions WHERE client_id = $1 AND external_id = '0xmove' AND deleted_at IS NULL`, b.client); n != 1 {
				t.Fatalf("%d live copies of the move after B's re-import, want 1 (B's)", n)
			}
			removed, kept := b.wallet2, b.wallet
			if remove == "A" {
				removed, kept = b.wallet, b.wallet2
			}
			for round := range 2 {
				if err := b.led.Update(b.ctx, scope, meta, func(e *ledger.Editor) error { _, err := e.RemoveAccount(removed); return err }); err != nil {
					t.Fatalf("round %d: removing %s: %v", round, remove, err)
				}
			}
			live := b.count(t, `SELECT count(*) FROM transactions WHERE client_id = $1 AND external_id = '0xmove' AND deleted_at IS NULL`, b.client)
			inKept := b.count(t, `SELECT count(*) FROM transactions WHERE client_id = $1 AND external_id = '0xmove' AND deleted_at IS NULL AND account_id = $2`, b.client, kept)
			switch remove {
			case "B": // A's copy was deleted by the client: the move stays gone
				if live != 0 {
					t.Fatalf("removing B brought back the move A's owner deleted: %d live", live)
				}
			case "A": // B's copy is live and B's own: it stays, as a deposit from A's address
				if live != 1 || inKept != 1 {
					t.Fatalf("removing A: %d live copies, %d in B, want 1 and 1", live, inKept)
				}
			}
		})
	}
}
