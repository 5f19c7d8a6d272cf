package ledger_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// tx3 creates a transaction with three outgoing transfers and returns it and the transfer ids.
func (b *bundle) tx3(t *testing.T) (uuid.UUID, []uuid.UUID) {
	t.Helper()
	var txID uuid.UUID
	var trs []uuid.UUID
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC), Label: ptr("payment")})
		if err != nil {
			return err
		}
		txID = tx.ID
		for _, q := range []string{"1", "2", "3"} {
			tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec(q), FromAccountID: &b.wallet, ToAddress: ptr("0xdead")})
			if err != nil {
				return err
			}
			trs = append(trs, tr.ID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return txID, trs
}

func (b *bundle) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Each split rule is refused with BAD_USER_INPUT naming the rule, and a refused split changes
// nothing (rule 5: all children or none).
func TestSplitRulesAreEnforced(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base, trs := b.tx3(t)
	many := func(n int) []uuid.UUID {
		ids := make([]uuid.UUID, n)
		for i := range ids {
			ids[i] = uuid.New()
		}
		return ids
	}
	groups21 := make([]ledger.SplitGroup, 21)
	for i := range groups21 {
		groups21[i] = ledger.SplitGroup{TransferIDs: many(1)}
	}
	for _, c := range []struct {
		name   string
		groups []ledger.SplitGroup
		rule   string
	}{
		{"no entries", nil, "split rule 1"},
		{"empty entry", []ledger.SplitGroup{{TransferIDs: trs[:1]}, {}}, "split rule 1"},
		{"base keeps nothing", []ledger.SplitGroup{{TransferIDs: trs[:2]}, {TransferIDs: trs[2:]}}, "split rule 1"},
		{"listed twice", []ledger.SplitGroup{{TransferIDs: trs[:1]}, {TransferIDs: trs[:1]}}, "split rule 3"},
		{"not the base's", []ledger.SplitGroup{{TransferIDs: trs[:1]}, {TransferIDs: many(1)}}, "split rule 3"},
		{"21 groups", groups21, "split rule 4"},
		{"201 ids", []ledger.SplitGroup{{TransferIDs: many(201)}}, "split rule 4"},
	} {
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error { _, err := e.Split(base, c.groups, nil); return err })
		if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: %v, want BAD_USER_INPUT naming %s", c.name, err, c.rule)
		}
	}
	if n := b.count(t, `SELECT count(*) FROM transactions WHERE client_id = $1`, b.client); n != 1 {
		t.Errorf("%d transactions after refused splits, want 1", n)
	}
}

// The children settle after the base in the order of the splits, in the order the engine reads
// the ledger (occurred_at, ordinal, id), also when the deprecated split puts a child first.
func TestSplitChildrenSettleInArrayOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base, trs := b.tx3(t)
	var children []uuid.UUID
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		cs, err := e.Split(base, []ledger.SplitGroup{{TransferIDs: trs[2:]}, {TransferIDs: trs[1:2], Label: ptr("gift_received")}}, nil)
		for _, c := range cs {
			children = append(children, c.ID)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// A deprecated single split of the first child's transfer... into position 1 among the base's
	// children: it settles before both earlier children although its id is the newest.
	var first uuid.UUID
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		if _, err := e.AddTransfer(base, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("4"), FromAccountID: &b.wallet}); err != nil {
			return err
		}
		cur, err := e.Transfers(base)
		if err != nil {
			return err
		}
		cs, err := e.Split(base, []ledger.SplitGroup{{TransferIDs: []uuid.UUID{cur[len(cur)-1].ID}}}, ptr(1))
		if err == nil {
			first = cs[0].ID
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	rows, err := b.pool.Query(b.ctx, `SELECT id FROM transactions WHERE client_id = $1 AND deleted_at IS NULL ORDER BY occurred_at, ordinal, id`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	var got []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		_ = rows.Scan(&id)
		got = append(got, id)
	}
	rows.Close()
	want := []uuid.UUID{base, first, children[0], children[1]}
	if len(got) != len(want) {
		t.Fatalf("settlement order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("settlement order %v, want %v", got, want)
		}
	}
}

// Undoing an entry that a later live entry depends on is refused with CONFLICT, unless that
// entry is undone in the same call.
func TestUndoRefusesWhatLaterEditsDependOn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base, trs := b.tx3(t)
	edit := func(fn func(e *ledger.Editor) error) {
		t.Helper()
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, fn); err != nil {
			t.Fatal(err)
		}
	}
	edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(base, ledger.TransactionPatch{Label: ptr("gift_received")})
		return err
	})
	edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(base, ledger.TransactionPatch{Label: ptr("buy")})
		return err
	})
	var child uuid.UUID
	edit(func(e *ledger.Editor) error {
		cs, err := e.Split(base, []ledger.SplitGroup{{TransferIDs: trs[2:]}}, nil)
		if err == nil {
			child = cs[0].ID
		}
		return err
	})
	edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(child, trs[2], ledger.TransferPatch{FiatValue: ptr(dec("12.34"))})
		return err
	})
	ids := func(where string, args ...any) []uuid.UUID {
		rows, err := b.pool.Query(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND `+where+` ORDER BY created_at, id`, append([]any{b.client}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []uuid.UUID
		for rows.Next() {
			var id uuid.UUID
			_ = rows.Scan(&id)
			out = append(out, id)
		}
		return out
	}
	undo := func(ids []uuid.UUID) error {
		return b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error { _, err := e.Undo(ids); return err })
	}
	labels := ids(`field = 'label' AND entity_id = $2`, base)
	if err := undo(labels[:1]); apperr.KindOf(err) != apperr.Conflict { // gift_received: overwritten by buy since
		t.Fatalf("undo of an overwritten label: %v, want CONFLICT", err)
	}
	splitIDs := ids(`(entity_id = $2 AND action = 'create') OR field = 'transactionId'`, child)
	if err := undo(splitIDs); apperr.KindOf(err) != apperr.Conflict { // the moved transfer was repriced since
		t.Fatalf("undo of a split whose child was edited: %v, want CONFLICT", err)
	}
	all := append(splitIDs, ids(`field IN ('fiatValue', 'originalFiatValue')`)...)
	if err := undo(append(all, labels...)); err != nil {
		t.Fatalf("undo with its dependants: %v", err)
	}
	if n := b.count(t, `SELECT count(*) FROM transfers WHERE transaction_id = $1`, base); n != 3 {
		t.Errorf("after the undo the base holds %d transfers, want 3", n)
	}
	var label string
	_ = b.pool.QueryRow(b.ctx, `SELECT label FROM transactions WHERE id = $1`, base).Scan(&label)
	if label != "payment" {
		t.Errorf("label after undo %q, want payment", label)
	}
}

// A rule made from a labeled transaction relabels matching unlabeled transactions now and labels
// matching transactions imported later, set-wise in the importer.
func TestLabelRuleLabelsMatchingImports(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	reward := func(id string, day int, from string) imports.Tx {
		return imports.Tx{ExternalID: id, Hash: id, Time: time.Date(2024, 7, day, 0, 0, 0, 0, time.UTC),
			Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("0.01"), From: from, To: "0xaaaa000000000000000000000000000000000001"}}}
	}
	pool := "0x5555000000000000000000000000000000000005"
	importTxs := func(txs ...imports.Tx) {
		t.Helper()
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
			_, err := e.Import(b.wallet, txs, func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
				return dec("3000"), true, nil
			})
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	importTxs(reward("0x01", 1, pool), reward("0x02", 2, pool), reward("0x03", 3, "0x9999"))
	var first uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transactions WHERE external_id = '0x01'`).Scan(&first); err != nil {
		t.Fatal(err)
	}
	var relabeled int
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		if _, err := e.UpdateTransaction(first, ledger.TransactionPatch{Label: ptr("staking_reward")}); err != nil {
			return err
		}
		_, n, err := e.CreateLabelRule(first)
		relabeled = n
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if relabeled != 1 {
		t.Errorf("the rule relabeled %d existing transactions, want 1 (0x02)", relabeled)
	}
	importTxs(reward("0x04", 4, strings.ToUpper(pool[:2])+pool[2:]), reward("0x05", 5, "0x9999"))
	for ext, want := range map[string]string{"0x02": "staking_reward", "0x03": "", "0x04": "staking_reward", "0x05": ""} {
		var label *string
		if err := b.pool.QueryRow(b.ctx, `SELECT label FROM transactions WHERE external_id = $1`, ext).Scan(&label); err != nil {
			t.Fatal(err)
		}
		if got := ""; label != nil {
			got = *label
			if got != want {
				t.Errorf("%s labeled %q, want %q", ext, got, want)
			}
		} else if want != "" {
			t.Errorf("%s unlabeled, want %q", ext, want)
		}
	}
}

// Overriding a value keeps the importer's as the original; resetFiatValue returns to it and drops
// the basis override; both are audited and undoable.
func TestUpdateTransferOverrideAndReset(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var txID, trID uuid.UUID
	edit := func(fn func(e *ledger.Editor) error) {
		t.Helper()
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, fn); err != nil {
			t.Fatal(err)
		}
	}
	edit(func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet,
			FiatValue: decimal.NullDecimal{Decimal: dec("3000.10"), Valid: true}})
		txID, trID = tx.ID, tr.ID
		return err
	})
	edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{FiatValue: ptr(dec("3100")), BasisFiatValue: ptr(dec("2900.5"))})
		return err
	})
	check := func(value, original, basis string) {
		t.Helper()
		var v, o, bs *string
		if err := b.pool.QueryRow(b.ctx, `SELECT fiat_value::text, original_fiat_value::text, basis_fiat_value::text FROM transfers WHERE id = $1`, trID).Scan(&v, &o, &bs); err != nil {
			t.Fatal(err)
		}
		str := func(p *string) string {
			if p == nil {
				return ""
			}
			return *p
		}
		if str(v) != value || str(o) != original || str(bs) != basis {
			t.Errorf("value %q original %q basis %q, want %q %q %q", str(v), str(o), str(bs), value, original, basis)
		}
	}
	check("3100", "3000.10", "2900.5")
	edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{ResetFiatValue: true})
		return err
	})
	check("3000.10", "3000.10", "")
}

// Through a real recalculation: the split's array order is the engine's settlement order. A
// transaction that buys 1 ETH for $1,000 and sells 1 ETH for $1,500 is split into two children;
// buy-then-sell gains $500 from the lot, sell-then-buy finds no lot (missing basis, gain $1,500).
func TestSplitOrderIsTheEngineSettlementOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	btc := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, 'bitcoin:native', 'BTC')`, btc, b.client)
	for i, buyFirst := range []bool{true, false} {
		var sellChild uuid.UUID
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: time.Date(2024, 6, 1+i*10, 0, 0, 0, 0, time.UTC)})
			if err != nil {
				return err
			}
			value := func(s string) decimal.NullDecimal { return decimal.NullDecimal{Decimal: dec(s), Valid: true} }
			sell, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), FromAccountID: &b.wallet, ToAddress: ptr("0xshop"), FiatValue: value("1500")})
			if err != nil {
				return err
			}
			buy, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet, FromAddress: ptr("0xdesk"), FiatValue: value("1000")})
			if err != nil {
				return err
			}
			if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: btc, Quantity: dec("0.1"), ToAccountID: &b.wallet, FiatValue: value("100")}); err != nil {
				return err
			}
			groups := []ledger.SplitGroup{{TransferIDs: []uuid.UUID{sell.ID}}, {TransferIDs: []uuid.UUID{buy.ID}}}
			if buyFirst {
				groups[0], groups[1] = groups[1], groups[0]
			}
			children, err := e.Split(tx.ID, groups, nil)
			if err != nil {
				return err
			}
			sellChild = children[0].ID
			if buyFirst {
				sellChild = children[1].ID
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
			t.Fatal(err)
		}
		var gain decimal.Decimal
		var missing bool
		if err := b.pool.QueryRow(b.ctx, `SELECT r.gain, r.is_missing_basis FROM tax_transaction_results r
			JOIN clients c ON c.current_result_set_id = r.result_set_id WHERE c.id = $1 AND r.transaction_id = $2`, b.client, sellChild).Scan(&gain, &missing); err != nil {
			t.Fatal(err)
		}
		wantGain, wantMissing := dec("500"), false
		if !buyFirst {
			wantGain, wantMissing = dec("1500"), true
		}
		if !gain.Equal(wantGain) || missing != wantMissing {
			t.Errorf("buy first %v: gain %s missing basis %v, want %s %v", buyFirst, gain, missing, wantGain, wantMissing)
		}
	}
}

// Two concurrent undos of the same entry: exactly one reverts it, the other gets CONFLICT.
func TestConcurrentUndoRevertsOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base, _ := b.tx3(t)
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(base, ledger.TransactionPatch{Notes: ptr("first")})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var entry uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND field = 'notes'`, b.client).Scan(&entry); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			errs <- b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error { _, err := e.Undo([]uuid.UUID{entry}); return err })
		}()
	}
	ok, conflicts := 0, 0
	for range 2 {
		switch err := <-errs; apperr.KindOf(err) {
		case apperr.Conflict:
			conflicts++
		default:
			if err != nil {
				t.Fatal(err)
			}
			ok++
		}
	}
	if ok != 1 || conflicts != 1 {
		t.Fatalf("%d undos succeeded and %d conflicted, want 1 and 1", ok, conflicts)
	}
	if n := b.count(t, `SELECT count(*) FROM audit_logs WHERE client_id = $1 AND field = 'notes'`, b.client); n != 2 {
		t.Errorf("%d notes entries, want 2 (the edit and one revert)", n)
	}
}
