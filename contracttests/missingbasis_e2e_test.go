package contracttests

import (
	"testing"
)

// TestMissingBasisOverrideReachesEveryReader: a sale without lots is missing basis for the
// isMissingBasis filter, the summary's count, the MISSING_BASIS insight and the transaction;
// updateMultiTransactionsCostBasis(isMissingBasis: false) takes it out of all of them after the next
// run, and dropping the override brings it back.
func TestMissingBasisOverrideReachesEveryReader(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	acct := e.importFile(t, "Airdrop seller", "date,type,sent_quantity,sent_asset,fiat_value_usd\n"+
		"2024-05-01T00:00:00Z,sell,100,XYZ,40\n")
	sale := e.accountTxs(t, acct)[0].ID
	type readers struct {
		tx, filtered, summary, insight bool
	}
	read := func() readers {
		t.Helper()
		var r readers
		r.tx = e.tx(t, sale).IsMissingBasis
		var page struct{ Transactions []struct{ ID string } }
		mustGQL(t, e, "getClientTransactions", `query($c: ID!, $a: [ID!]) { getClientTransactions(clientId: $c, accountIds: $a, isMissingBasis: true, limit: 50) { transactions { id } } }`,
			map[string]any{"c": c, "a": []string{acct}}, &page)
		r.filtered = len(page.Transactions) == 1
		var sum struct{ MissingBasisCount int }
		mustGQL(t, e, "getClientTransactionsSummary", `query($c: ID!, $a: [ID!]) { getClientTransactionsSummary(clientId: $c, accountIds: $a) { missingBasisCount } }`,
			map[string]any{"c": c, "a": []string{acct}}, &sum)
		r.summary = sum.MissingBasisCount == 1
		var insights []struct {
			Type           string
			TransactionIds []string
		}
		mustGQL(t, e, "getClientInsights", `query($c: ID!) { getClientInsights(clientId: $c, type: MISSING_BASIS) { type transactionIds } }`,
			map[string]any{"c": c}, &insights)
		for _, in := range insights {
			for _, x := range in.TransactionIds {
				r.insight = r.insight || x == sale
			}
		}
		return r
	}
	e.recalculate(t)
	if got := read(); got != (readers{true, true, true, true}) {
		t.Fatalf("computed: %+v, want missing basis everywhere", got)
	}
	override := `mutation($c: ID!, $ids: [ID!]!, $m: Boolean!, $o: Boolean!) { updateMultiTransactionsCostBasis(clientId: $c, transactionIds: $ids, isMissingBasis: $m, overrideIsMissingBasis: $o) { id isMissingBasis } }`
	mustGQL(t, e, "updateMultiTransactionsCostBasis", override, map[string]any{"c": c, "ids": []string{sale}, "m": false, "o": true}, nil)
	e.recalculate(t)
	if got := read(); got != (readers{}) {
		t.Fatalf("overridden to false: %+v, want no reader to say missing basis", got)
	}
	mustGQL(t, e, "updateMultiTransactionsCostBasis", override, map[string]any{"c": c, "ids": []string{sale}, "m": false, "o": false}, nil)
	e.recalculate(t)
	if got := read(); got != (readers{true, true, true, true}) {
		t.Fatalf("override dropped: %+v, want missing basis everywhere again", got)
	}
}
