package contracttests

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestLinkedTransactionKeepsItsLegs: the legs of a transaction paired by markInternalTransfer are
// fixed while it is paired: merging a sale into it or it into another, splitting it, adding a leg
// and re-pointing a leg are BAD_USER_INPUT "unmark it first"; undoing the creation of its partner
// is CONFLICT. A time edit keeps the pair. After unmarkInternalTransfer the merge works.
func TestLinkedTransactionKeepsItsLegs(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	hot := e.importFile(t, "Hot wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd,fee_quantity,fee_asset,fee_fiat_usd\n"+
		"2024-01-05T00:00:00Z,buy,,,4,SOL,400,,,\n"+
		"2024-04-01T00:00:00Z,withdrawal,2,SOL,,,300,0.01,SOL,1.5\n"+
		"2024-05-01T00:00:00Z,sell,1,SOL,,,180,,,\n")
	cold := e.importFile(t, "Cold wallet", "date,type,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-04-01T00:10:00Z,deposit,1.99,SOL,298.5\n")
	h, cw := e.accountTxs(t, hot), e.accountTxs(t, cold)
	out, in, sale := h[1].ID, cw[0].ID, h[2].ID
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": out, "t": in}, nil)

	refused := func(what, query string, vars map[string]any) {
		t.Helper()
		r := e.gqlErr(t, query, vars)
		if r.Code != "BAD_USER_INPUT" || !strings.Contains(r.Message, "unmark it first") {
			t.Fatalf("%s: %s %s", what, r.Code, r.Message)
		}
	}
	refused("merge a sale into the paired side", mergeTxsQuery, map[string]any{"c": c, "from": []string{sale}, "to": out})
	refused("merge the paired side into a sale", mergeTxsQuery, map[string]any{"c": c, "from": []string{in}, "to": sale})
	refused("split the paired side", `mutation($c: ID!, $b: ID!, $s: [TransactionSplitInput!]!) { splitTransactionIntoMany(clientId: $c, baseTransactionId: $b, splits: $s) { id } }`,
		map[string]any{"c": c, "b": out, "s": []map[string]any{{"transferIds": []string{h[1].Transfers[1].ID}}}})
	refused("add a leg", `mutation($c: ID!, $t: ID!, $a: ID!, $to: ID) { createTransfer(clientId: $c, transactionId: $t, assetId: $a, amount: 1, fiatValue: 1, toAccountId: $to) { id } }`,
		map[string]any{"c": c, "t": in, "a": gid("0000000e0001").String(), "to": cold})
	refused("re-point a leg", `mutation($c: ID!, $t: ID!, $tr: ID!, $to: ID) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, toAccountId: $to) { id } }`,
		map[string]any{"c": c, "t": in, "tr": cw[0].Transfers[0].ID, "to": hot})

	// A time edit keeps the pair (it settles at the sending side's time).
	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": in, "u": map[string]any{"createdAt": "2024-04-01T00:20:00Z"}}, nil)
	if got := e.tx(t, in); !got.IsInternalTransfer || str(got.LinkedTransactionID) != out {
		t.Fatalf("the pair after a time edit: %+v", got)
	}
	e.recalculate(t)
	// By hand: lots 4 SOL at $100; the move keeps basis (1.99 arrive, 0.01 lost in transit is a
	// fee: proceeds 1.5 * 0.01/2 ... of the sent value $300 for 2: $1.50, basis $1; the network fee
	// 0.01 SOL at $1.50, basis $1); the sale of 1 SOL at $180 has basis $100.
	if got := e.year(t, "2024").CapGainsSumSigned; got != "8100" {
		t.Fatalf("2024 gains %s cents, want 8100 (80 + 0.50 + 0.50)", got)
	}

	mustGQL(t, e, "unmarkInternalTransfer", unmarkQuery, map[string]any{"c": c, "f": out, "t": in}, nil)
	mustGQL(t, e, "mergeTransactions", mergeTxsQuery, map[string]any{"c": c, "from": []string{sale}, "to": out}, nil)
}

// TestUndoCreationOfAPairedTransactionConflicts: a transaction created by hand and paired with
// another cannot be taken back by undoing its creation alone (CONFLICT); undone together with the
// pairing it is.
func TestUndoCreationOfAPairedTransactionConflicts(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	a1, a3, eth := gid("000000000001").String(), gid("000000000003").String(), gid("0000000e0001").String()
	newTx := func(account, at string) string {
		var tx struct{ ID string }
		mustGQL(t, e, "createTransaction", `mutation($c: ID!, $a: ID!, $at: Date!) { createTransaction(clientId: $c, accountId: $a, createdAt: $at) { id } }`,
			map[string]any{"c": c, "a": account, "at": at}, &tx)
		return tx.ID
	}
	addLeg := func(tx string, from, to *string) {
		mustGQL(t, e, "createTransfer", `mutation($c: ID!, $t: ID!, $a: ID!, $from: ID, $to: ID) { createTransfer(clientId: $c, transactionId: $t, assetId: $a, amount: 0.1, fiatValue: 300, fromAccountId: $from, toAccountId: $to) { id } }`,
			map[string]any{"c": c, "t": tx, "a": eth, "from": from, "to": to}, nil)
	}
	out := newTx(a1, "2025-09-01T00:00:00Z")
	addLeg(out, &a1, nil)
	in := newTx(a3, "2025-09-01T00:05:00Z")
	addLeg(in, nil, &a3)
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": out, "t": in}, nil)
	var logs struct {
		AuditLogs []struct {
			ID, Action, Field string
			TransactionID     *string
		}
	}
	mustGQL(t, e, "getClientAuditLogs", auditLogsQuery, map[string]any{"c": c, "id": in}, &logs)
	var creation []string // the transaction's creation and its transfer's
	for _, l := range logs.AuditLogs {
		creation = append(creation, l.ID)
	}
	if len(creation) != 2 {
		t.Fatalf("entries of %s: %+v", in, logs.AuditLogs)
	}
	r := e.gqlErr(t, undoQuery, map[string]any{"c": c, "ids": creation})
	if r.Code != "CONFLICT" {
		t.Fatalf("undo of a paired transaction's creation: %s %s", r.Code, r.Message)
	}
	if got := e.tx(t, out); !got.IsInternalTransfer || str(got.LinkedTransactionID) != in {
		t.Fatalf("the pair after the refused undo: %+v", got)
	}
	var pairing string
	mustGQL(t, e, "getClientAuditLogs", auditLogsQuery, map[string]any{"c": c, "id": out}, &logs)
	for _, l := range logs.AuditLogs {
		if l.Field == "internalTransferTo" {
			pairing = l.ID
		}
	}
	mustGQL(t, e, "undoAuditLogs", undoQuery, map[string]any{"c": c, "ids": append(creation, pairing)}, nil)
	if got := e.tx(t, out); got.IsInternalTransfer || got.LinkedTransactionID != nil {
		t.Fatalf("the sending side after undoing the pair and the creation: %+v", got)
	}
}

// TestUndoAfterDeleteAccount: deleting an account removes its pairs (the other side is no longer
// an internal transfer); undoing the deletion's entries is CONFLICT naming the deleted account,
// and leaves no transaction behind in it. The gains follow: the deposit left is an acquisition.
func TestUndoAfterDeleteAccount(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	old := e.importFile(t, "Old exchange", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2023-01-05T00:00:00Z,buy,,,3,SOL,30\n"+
		"2023-06-01T00:00:00Z,sell,1,SOL,,,50\n"+
		"2024-02-01T00:00:00Z,withdrawal,2,SOL,,,200\n")
	keep := e.importFile(t, "Kept wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-02-01T00:05:00Z,deposit,,,2,SOL,200\n"+
		"2024-09-01T00:00:00Z,sell,2,SOL,,,500\n")
	o, k := e.accountTxs(t, old), e.accountTxs(t, keep)
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": o[2].ID, "t": k[0].ID}, nil)
	e.recalculate(t)
	if got := e.year(t, "2024").CapGainsSumSigned; got != "48000" { // 500 - 2 x 10
		t.Fatalf("2024 gains with the pair: %s, want 48000", got)
	}
	before := map[string]bool{}
	for _, l := range e.auditLogs(t) {
		before[l.ID] = true
	}
	mustGQL(t, e, "deleteAccount", `mutation($a: ID!) { deleteAccount(accountId: $a) { id } }`, map[string]any{"a": old}, nil)
	if got := e.tx(t, k[0].ID); got.IsInternalTransfer || got.LinkedTransactionID != nil {
		t.Fatalf("the kept side still paired with a deleted transaction: %+v", got)
	}
	var ids []string
	for _, l := range e.auditLogs(t) {
		if !before[l.ID] && l.CanUndo {
			ids = append(ids, l.ID)
		}
	}
	if len(ids) == 0 {
		t.Fatal("deleteAccount wrote no undoable entry")
	}
	r := e.gqlErr(t, undoQuery, map[string]any{"c": c, "ids": ids})
	if r.Code != "CONFLICT" || !strings.Contains(r.Message, "Old exchange") {
		t.Fatalf("undo after deleteAccount: %s %s", r.Code, r.Message)
	}
	for _, id := range ids[:1] {
		if r := gqlRW(t, e, undoQuery, map[string]any{"c": c, "ids": []string{id}}); r.Code != "CONFLICT" {
			t.Fatalf("undo of one entry of the deletion: %s %s", r.Code, r.Message)
		}
	}
	if got := e.accountTxs(t, old); len(got) != 0 {
		t.Fatalf("transactions in the deleted account: %+v", got)
	}
	e.recalculate(t)
	if got := e.year(t, "2024").CapGainsSumSigned; got != "30000" { // 500 - 200: the deposit is an acquisition at $200
		t.Fatalf("2024 gains after the deletion: %s, want 30000", got)
	}
}

// deleteAccount is idempotent as the SDL says: a second call, and a call with an id the caller
// has no account of, answer null without an error; retireAccount's retiredAt is when it was
// retired, not the stop date given.
func TestDeleteAccountTwiceAndRetiredAt(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	gone := e.importFile(t, "Gone wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-01-01T00:00:00Z,buy,,,1,SOL,10\n")
	const del = `mutation($a: ID!) { deleteAccount(accountId: $a) { id } }`
	for i, id := range []string{gone, gone, uuid.NewString()} {
		r := gqlRW(t, e, del, map[string]any{"a": id})
		if r.Code != "" {
			t.Fatalf("deleteAccount call %d: %s: %s", i+1, r.Code, r.Message)
		}
		if i > 0 && string(r.Data["deleteAccount"]) != "null" {
			t.Fatalf("deleteAccount call %d returned %s, want null", i+1, r.Data["deleteAccount"])
		}
	}
	kept := e.importFile(t, "Retired wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-01-01T00:00:00Z,buy,,,1,SOL,10\n")
	var retired struct{ RetiredAt string }
	before := time.Now().Add(-time.Minute)
	mustGQL(t, e, "retireAccount", `mutation($a: ID!) { retireAccount(accountId: $a, stopImportingAt: "2024-06-01") { retiredAt } }`, map[string]any{"a": kept}, &retired)
	at, err := time.Parse(time.RFC3339, retired.RetiredAt)
	if err != nil || at.Before(before) {
		t.Fatalf("retiredAt %q (%v): want the time of retiring, not the stop date 2024-06-01", retired.RetiredAt, err)
	}
}

// TestTransferLeftWithoutAnAccountIsStillEdited: a transaction merged from two accounts keeps the
// transfer of one of them when that account is deleted, with no account on either side (an
// incoming transfer). Its amount and value are still edited, a copy of the transaction copies it,
// and the calculation takes it; a transfer is still refused no account where a person sets its
// accounts (a new one, or a side cleared).
func TestTransferLeftWithoutAnAccountIsStillEdited(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	old := e.importFile(t, "Closed exchange", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2023-03-01T00:00:00Z,buy,,,4,SOL,40\n")
	keep := e.importFile(t, "Own wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2023-02-01T00:00:00Z,buy,,,1,SOL,10\n"+
		"2023-03-01T00:00:00Z,sell,1,SOL,,,50\n")
	o, k := e.accountTxs(t, old), e.accountTxs(t, keep)
	mustGQL(t, e, "mergeTransactions", mergeTxsQuery, map[string]any{"c": c, "from": []string{o[0].ID}, "to": k[1].ID}, nil)
	mustGQL(t, e, "deleteAccount", `mutation($a: ID!) { deleteAccount(accountId: $a) { id } }`, map[string]any{"a": old}, nil)
	merged := e.tx(t, k[1].ID)
	var orphan, sold semTransfer
	for _, tr := range merged.Transfers {
		switch tr.Direction {
		case "INCOMING":
			orphan = tr
		case "OUTGOING":
			sold = tr
		}
	}
	if orphan.ID == "" || sold.ID == "" || orphan.AmountExact != "4" {
		t.Fatalf("the merged transaction after the deletion: %+v", merged.Transfers)
	}
	const update = `mutation($c: ID!, $t: ID!, $tr: ID!, $x: Float, $v: Float) {
		updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, amount: $x, fiatValue: $v) { id } }`
	mustGQL(t, e, "updateTransfer", update, map[string]any{"c": c, "t": merged.ID, "tr": orphan.ID, "x": 3, "v": 36}, nil)
	edited := e.tx(t, merged.ID).Transfers
	if i := slices.IndexFunc(edited, func(tr semTransfer) bool { return tr.ID == orphan.ID }); i < 0 ||
		edited[i].AmountExact != "3" || i64(edited[i].FiatValueCents) != 3600 || edited[i].Direction != "INCOMING" {
		t.Fatalf("the edited transfer among %+v: want %s, 3 SOL at $36, incoming", edited, orphan.ID)
	}
	// a copy of the transaction copies the transfer as it is
	var dup struct{ ID string }
	mustGQL(t, e, "duplicateTransaction", `mutation($c: ID!, $t: ID!) { duplicateTransaction(clientId: $c, transactionId: $t) { id } }`,
		map[string]any{"c": c, "t": merged.ID}, &dup)
	copied := map[string]string{}
	for _, tr := range e.tx(t, dup.ID).Transfers {
		copied[tr.Direction] = tr.AmountExact
	}
	if len(copied) != 2 || copied["INCOMING"] != "3" || copied["OUTGOING"] != "1" {
		t.Fatalf("the copy's transfers by direction: %v, want 3 SOL incoming and 1 SOL outgoing", copied)
	}
	mustGQL(t, e, "hideTransaction", `mutation($c: ID!, $t: ID!) { hideTransaction(clientId: $c, transactionId: $t, isHidden: true) { id } }`,
		map[string]any{"c": c, "t": dup.ID}, nil) // out of the calculation below
	// FIFO: the sale of 1 SOL at $50 consumes the lot of 2023-02-01 ($10); the 3 SOL at $36 stay held
	e.recalculate(t)
	if got := e.year(t, "2023").CapGainsSumSigned; got != "4000" {
		t.Fatalf("2023 gains: %s, want 4000", got)
	}
	clear := `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, fromAccountId: "") { id } }`
	if r := gqlRW(t, e, clear, map[string]any{"c": c, "t": merged.ID, "tr": sold.ID}); r.Code != "BAD_USER_INPUT" || !strings.Contains(r.Message, "accounts") {
		t.Fatalf("clearing the only account of a transfer: %s %s, want BAD_USER_INPUT", r.Code, r.Message)
	}
	create := `mutation($c: ID!, $t: ID!, $a: ID!) { createTransfer(clientId: $c, transactionId: $t, assetId: $a, amount: 1) { id } }`
	if r := gqlRW(t, e, create, map[string]any{"c": c, "t": merged.ID, "a": gid("0000000e0001").String()}); r.Code != "BAD_USER_INPUT" {
		t.Fatalf("a new transfer without an account: %s %s, want BAD_USER_INPUT", r.Code, r.Message)
	}
}
