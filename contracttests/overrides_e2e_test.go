package contracttests

import (
	"testing"
)

// TestEditsShowTheirOverrideAndSource: a price set by saveReceivePriceForTransactions on a
// receipt imported without one is an override (and resetFiatValue takes it back to none); the
// transaction's source and sessionId are those of its last edit.
func TestEditsShowTheirOverrideAndSource(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	acct := e.importFile(t, "Unpriced", "date,type,received_quantity,received_asset\n"+
		"2024-03-03T00:00:00Z,airdrop,50,QQQ\n")
	tx := e.accountTxs(t, acct)[0]
	if tx.Transfers[0].FiatValueCents != nil || tx.Transfers[0].IsFiatValueOverridden {
		t.Fatalf("imported without a price: %+v", tx.Transfers[0])
	}
	var priced []semTx
	mustGQL(t, e, "saveReceivePriceForTransactions", `mutation($c: ID!, $ids: [ID!]!) { saveReceivePriceForTransactions(clientId: $c, transactionIds: $ids, fiatValue: 0.5) { `+semTxFields+` } }`,
		map[string]any{"c": c, "ids": []string{tx.ID}}, &priced)
	if tr := priced[0].Transfers[0]; i64(tr.FiatValueCents) != 2500 || !tr.IsFiatValueOverridden || tr.OriginalFiatValueCents != nil {
		t.Fatalf("after saveReceivePriceForTransactions: %+v", tr)
	}
	mustGQL(t, e, "updateTransfer", `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, fiatValue: 30, sessionId: "s-2", source: "portal") { id } }`,
		map[string]any{"c": c, "t": tx.ID, "tr": tx.Transfers[0].ID}, nil)
	got := e.tx(t, tx.ID)
	if tr := got.Transfers[0]; i64(tr.FiatValueCents) != 3000 || !tr.IsFiatValueOverridden {
		t.Fatalf("after updateTransfer: %+v", tr)
	}
	if str(got.Source) != "portal" || str(got.SessionID) != "s-2" {
		t.Fatalf("source/sessionId after updateTransfer: %s %s", str(got.Source), str(got.SessionID))
	}
	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": tx.ID, "u": map[string]any{"notes": "checked"}, "s": "s-3", "src": "accountant-tool"}, nil)
	if got := e.tx(t, tx.ID); str(got.Source) != "accountant-tool" || str(got.SessionID) != "s-3" {
		t.Fatalf("source/sessionId after updateTransaction: %s %s", str(got.Source), str(got.SessionID))
	}
	mustGQL(t, e, "updateTransfer", `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, resetFiatValue: true) { id } }`,
		map[string]any{"c": c, "t": tx.ID, "tr": tx.Transfers[0].ID}, nil)
	if tr := e.tx(t, tx.ID).Transfers[0]; tr.FiatValueCents != nil || tr.IsFiatValueOverridden {
		t.Fatalf("after resetFiatValue: %+v", tr)
	}
}
