package contracttests

import (
	"testing"
)

// TestRelabelGovernsEveryLegWithoutAnOwnLabel: an imported gift received relabelled as income is
// income after the next run (and back again); a transfer's own label, set later, wins over its
// transaction's until it is wiped. Hand arithmetic: income 500 + 150, plus the gift's 200 when it
// is income.
func TestRelabelGovernsEveryLegWithoutAnOwnLabel(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	acct := e.importFile(t, "Rewards CSV", "date,type,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-01-10T00:00:00Z,income,5,SOL,500\n"+
		"2024-02-01T00:00:00Z,gift_received,10,SOL,200\n"+
		"2024-03-01T00:00:00Z,staking_reward,1.5,SOL,150\n")
	txs := e.accountTxs(t, acct)
	if len(txs) != 3 || str(txs[1].Label) != "gift_received" {
		t.Fatalf("imported: %+v", txs)
	}
	gift := txs[1]
	for _, tr := range gift.Transfers {
		if tr.Label != nil {
			t.Fatalf("an import wrote its transaction's label on a transfer: %+v", tr)
		}
	}
	check := func(step string, income int64, giftIncome int64) {
		t.Helper()
		e.recalculate(t)
		if got := e.year(t, "2024").IncomeCents; got != income {
			t.Fatalf("%s: 2024 income %d, want %d", step, got, income)
		}
		if got := i64(e.tx(t, gift.ID).IncomeSum); got != giftIncome {
			t.Fatalf("%s: the gift's incomeSum %d, want %d", step, got, giftIncome)
		}
	}
	check("imported", 65000, -1)

	mustGQL(t, e, "labelTransactions", labelTxsQuery, map[string]any{"c": c, "ids": []string{gift.ID}, "l": "income"}, nil)
	check("labelTransactions income", 85000, 20000)

	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": gift.ID, "u": map[string]any{"label": "gift_received"}}, nil)
	check("updateTransaction gift_received", 65000, -1)

	// A transfer's own label, set by a person, wins over its transaction's label.
	leg := gift.Transfers[0].ID
	var after struct{ Transfers []semTransfer }
	mustGQL(t, e, "updateTransfer", `mutation($c: ID!, $t: ID!, $tr: ID!, $l: String) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, label: $l) { transfers { id label } } }`,
		map[string]any{"c": c, "t": gift.ID, "tr": leg, "l": "staking_reward"}, &after)
	if str(after.Transfers[0].Label) != "staking_reward" {
		t.Fatalf("updateTransfer(label): %+v", after)
	}
	check("own label staking_reward", 85000, 20000)
	mustGQL(t, e, "labelTransactions", labelTxsQuery, map[string]any{"c": c, "ids": []string{gift.ID}, "l": "gift_received"}, nil)
	check("relabel under an own label", 85000, 20000)

	mustGQL(t, e, "updateTransfer", `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, wipeLabel: true) { id } }`,
		map[string]any{"c": c, "t": gift.ID, "tr": leg}, nil)
	check("own label wiped", 65000, -1)
	r := e.gqlErr(t, `mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, label: "nonsense") { id } }`,
		map[string]any{"c": c, "t": gift.ID, "tr": leg})
	if r.Code != "BAD_USER_INPUT" {
		t.Fatalf("unknown transfer label: %s %s", r.Code, r.Message)
	}
}

// TestTypeOptionsFollowTheDirection: getTransactionTypeOptions offers an outgoing-only transaction
// no label that needs an incoming leg, and an incoming-only one none that needs an outgoing leg.
func TestTypeOptionsFollowTheDirection(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	options := func(tx string) map[string]bool {
		var out struct{ Options []struct{ Value string } }
		mustGQL(t, e, "getTransactionTypeOptions", `query($c: ID!, $t: ID!) { getTransactionTypeOptions(clientId: $c, transactionId: $t) { options { value } } }`,
			map[string]any{"c": gqlClient1.String(), "t": tx}, &out)
		m := map[string]bool{}
		for _, o := range out.Options {
			m[o.Value] = true
		}
		return m
	}
	out := options(gid("0000000a0003").String()) // T3: two legs leaving A1
	for _, l := range []string{"buy", "gift_received", "income", "staking_reward", "airdrop", "staking_withdrawal", "lp_withdrawal"} {
		if out[l] {
			t.Errorf("outgoing-only transaction offered %s", l)
		}
	}
	for _, l := range []string{"payment", "sell", "gift_sent", "lost", "donation", "trade", "internal", "spam"} {
		if !out[l] {
			t.Errorf("outgoing-only transaction not offered %s", l)
		}
	}
	in := options(gid("0000000a0001").String()) // T1: one leg into A1
	for _, l := range []string{"sell", "payment", "gift_sent", "lost", "donation", "fee", "staking_deposit", "lp_deposit"} {
		if in[l] {
			t.Errorf("incoming-only transaction offered %s", l)
		}
	}
	for _, l := range []string{"buy", "gift_received", "income", "airdrop", "trade", "internal"} {
		if !in[l] {
			t.Errorf("incoming-only transaction not offered %s", l)
		}
	}
}
