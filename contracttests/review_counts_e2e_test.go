package contracttests

import (
	"slices"
	"sort"
	"testing"
)

// The review concepts over /graphql on a model ledger: each insight's count equals what its
// insightPatternId filter lists (whatever the include flags) and the summary's count of that filter;
// the review queue lists each transaction once, under its first problem in the order of fixes, with
// exactly the problems whose filters list it; the summary's unlabeledCount equals the unlabeled
// insight's, and both equal a count made by hand from the listed transactions (no label, in no link,
// not hidden, failed or spam); spam and hidden transactions leave every insight; acquisition and
// internal_transfer are disjoint; showOnlyEditedTransactions flags both sides of a pair; labelling a
// token's transactions spam closes its POSSIBLE_SPAM; and once every problem is fixed the queue is
// empty.
//
// The model: Cold buys 2 ETH, then sends 0.5 ETH (arriving as 0.499 in Hot two hours later: a
// suggested pair), 0.2 ETH (paired by hand with Hot's 0.2 deposit) and 0.1 ETH (to nobody); Hot
// sends 5 ETH it never held (uncovered); Airdrops receives an ETHDROP.COM token (spam-looking) and
// 5 JTO without prices, and 1 JTO that is hidden.
func TestReviewCountsAgree(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	head := "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"
	cold := e.accountTxs(t, e.importFile(t, "Review cold", head+
		"2023-01-04T00:00:00Z,buy,,,2,ETH,3000\n"+
		"2023-03-01T00:00:00Z,withdrawal,0.5,ETH,,,\n"+
		"2023-04-01T00:00:00Z,withdrawal,0.2,ETH,,,\n"+
		"2023-05-01T00:00:00Z,withdrawal,0.1,ETH,,,\n"))
	hot := e.accountTxs(t, e.importFile(t, "Review hot", head+
		"2023-03-01T02:00:00Z,deposit,,,0.499,ETH,\n"+
		"2023-04-01T01:00:00Z,deposit,,,0.2,ETH,\n"+
		"2023-06-01T00:00:00Z,withdrawal,5,ETH,,,\n"))
	drops := e.accountTxs(t, e.importFile(t, "Review airdrops", head+
		"2023-02-01T00:00:00Z,deposit,,,1000,ETHDROP.COM,\n"+
		"2023-02-02T00:00:00Z,deposit,,,5,JTO,\n"+
		"2023-02-03T00:00:00Z,deposit,,,1,JTO,\n"))
	if len(cold) != 4 || len(hot) != 3 || len(drops) != 3 {
		t.Fatalf("imported %d, %d, %d transactions, want 4, 3, 3", len(cold), len(hot), len(drops))
	}
	sent05, sent02, sent01 := cold[1].ID, cold[2].ID, cold[3].ID
	got0499, got02, sent5 := hot[0].ID, hot[1].ID, hot[2].ID
	spamTx, jto, hiddenJTO := drops[0].ID, drops[1].ID, drops[2].ID
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": sent02, "t": got02}, nil)
	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": hiddenJTO, "u": map[string]any{"isHidden": true}}, nil)
	e.recalculate(t)

	r := checkReviewCounts(t, e)
	if want := []string{got0499, jto, sent01, sent05, sent5, spamTx}; !sameIDs(r.unlabeled, want) {
		t.Errorf("unlabeled %v, want %v (the paired and the hidden ones left out)", r.unlabeled, want)
	}
	wantItems := map[string][]string{
		spamTx:  {"POSSIBLE_SPAM", "MISSING_BASIS", "UNLABELED_TRANSACTIONS"},
		sent05:  {"POSSIBLE_INTERNAL_TRANSFER"},
		got0499: {"POSSIBLE_INTERNAL_TRANSFER"},
		sent5:   {"UNCOVERED_DISPOSALS"},
		jto:     {"MISSING_BASIS", "UNLABELED_TRANSACTIONS"},
		sent01:  {"MISSING_BASIS", "UNLABELED_TRANSACTIONS"}, // a sale without proceeds
	}
	for id, want := range wantItems {
		if got := r.items[id]; len(got) == 0 || got[0] != want[0] || !containsAll(got, want) {
			t.Errorf("review item %s: problems %v, want the first %s and all of %v", id, got, want[0], want)
		}
	}
	for _, id := range []string{sent02, got02, hiddenJTO} {
		if p, ok := r.items[id]; ok {
			t.Errorf("%s (paired or hidden) is in the review queue: %v", id, p)
		}
	}

	// acquisition and internal_transfer are disjoint; the paired arrival is an internal transfer
	acq := e.listIDs(t, map[string]any{"financialEventType": "acquisition"})
	moves := e.listIDs(t, map[string]any{"financialEventType": "internal_transfer"})
	for _, id := range acq {
		if slices.Contains(moves, id) {
			t.Errorf("%s is both an acquisition and an internal transfer", id)
		}
	}
	if !slices.Contains(moves, got02) || !slices.Contains(moves, sent02) || slices.Contains(acq, got02) {
		t.Errorf("the paired sides: internal_transfer %v, acquisition %v", moves, acq)
	}
	// the label filter "internal" finds the paired moves
	if internal := e.listIDs(t, map[string]any{"labels": []string{"internal"}}); !slices.Contains(internal, sent02) || !slices.Contains(internal, got02) {
		t.Errorf("labels [internal] lists %v, want both paired sides", internal)
	}
	// both sides of the pair are edited
	if edited := e.listIDs(t, map[string]any{"showOnlyEditedTransactions": true}); !slices.Contains(edited, sent02) || !slices.Contains(edited, got02) {
		t.Errorf("showOnlyEditedTransactions lists %v, want both paired sides %s and %s", edited, sent02, got02)
	}

	// labelling the token's transaction spam closes POSSIBLE_SPAM and leaves every insight
	mustGQL(t, e, "labelTransactions", labelTxsQuery, map[string]any{"c": c, "ids": []string{spamTx}, "l": "spam"}, nil)
	e.recalculate(t)
	r = checkReviewCounts(t, e)
	if p, ok := r.items[spamTx]; ok {
		t.Errorf("the transaction labelled spam is still in the review queue: %v", p)
	}
	for _, in := range r.insights {
		if in.Type == "POSSIBLE_SPAM" {
			t.Errorf("POSSIBLE_SPAM still open after its one transaction was labelled spam: %s", in.Title)
		}
	}

	// fixing every item empties the queue
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": sent05, "t": got0499}, nil)
	// the 0.001 ETH that did not arrive is a fee, a small sale that needs a price
	mustGQL(t, e, "updateTransfer", updateTransferValueQuery, map[string]any{"c": c, "t": sent05, "tr": cold[1].Transfers[0].ID, "v": 750.0}, nil)
	mustGQL(t, e, "labelTransactions", labelTxsQuery, map[string]any{"c": c, "ids": []string{sent01}, "l": "gift_sent"}, nil)
	mustGQL(t, e, "updateTransfer", updateTransferValueQuery, map[string]any{"c": c, "t": sent01, "tr": cold[3].Transfers[0].ID, "v": 150.0}, nil)
	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": sent5, "u": map[string]any{"isHidden": true}}, nil)
	mustGQL(t, e, "updateTransfer", updateTransferValueQuery, map[string]any{"c": c, "t": jto, "tr": drops[1].Transfers[0].ID, "v": 10.0}, nil)
	mustGQL(t, e, "labelTransactions", labelTxsQuery, map[string]any{"c": c, "ids": []string{jto}, "l": "airdrop"}, nil)
	e.recalculate(t)
	r = checkReviewCounts(t, e)
	// what is left is the fixture's recorded insight about its own BTC purchase
	if fixture := gid("0000000a0002").String(); r.total != 1 || len(r.items[fixture]) == 0 {
		t.Errorf("the review queue holds %v after every fix, want only the fixture's recorded %s", r.items, fixture)
	}
}

const updateTransferValueQuery = `mutation($c: ID!, $t: ID!, $tr: ID!, $v: Float) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, fiatValue: $v) { id } }`

type reviewInsight struct {
	PatternID        string
	Type             string
	Title            string
	TransactionCount int
}

type reviewCounts struct {
	insights  []reviewInsight
	unlabeled []string            // counted by hand from the listed transactions
	items     map[string][]string // the queue's items: transaction -> problems
	total     int
}

// checkReviewCounts cross-checks the insights, their filters, the summary and the review queue, and
// returns what they agree on.
func checkReviewCounts(t *testing.T, e *env) reviewCounts {
	t.Helper()
	c := gqlClient1.String()
	var out reviewCounts
	mustGQL(t, e, "getClientInsights", `query($c: ID!) { getClientInsights(clientId: $c, status: OPEN, limit: 500) { patternId type title transactionCount } }`,
		map[string]any{"c": c}, &out.insights)

	// the unlabeled transactions by hand, from every transaction listed with all its flags
	var all struct {
		Transactions []struct {
			ID, Label           *string
			IsHidden, IsFailed  bool
			LinkedTransactionID *string
			Transfers           []struct{ Asset struct{ IsSpam bool } }
		}
	}
	mustGQL(t, e, "getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, includeHidden: true, includeSpam: true, includeFailed: true, limit: 500) {
		transactions { id label isHidden isFailed linkedTransactionId transfers { asset { isSpam } } } } }`, map[string]any{"c": c}, &all)
	for _, tx := range all.Transactions {
		spam := len(tx.Transfers) > 0
		for _, tr := range tx.Transfers {
			spam = spam && tr.Asset.IsSpam
		}
		if str(tx.Label) == "<nil>" || *tx.Label == "" {
			if !tx.IsHidden && !tx.IsFailed && tx.LinkedTransactionID == nil && !spam {
				out.unlabeled = append(out.unlabeled, *tx.ID)
			}
		}
	}
	var summary struct{ UnlabeledCount int }
	mustGQL(t, e, "getClientTransactionsSummary", `query($c: ID!) { getClientTransactionsSummary(clientId: $c) { unlabeledCount } }`, map[string]any{"c": c}, &summary)
	if summary.UnlabeledCount != len(out.unlabeled) {
		t.Errorf("summary unlabeledCount %d, by hand %d", summary.UnlabeledCount, len(out.unlabeled))
	}

	// each insight's count = its filter's list = its filter's summary, whatever the include flags
	problems := map[string][]string{} // transaction -> the types whose filters list it
	unlabeledInsight := 0
	for _, in := range out.insights {
		ids := e.listIDs(t, map[string]any{"insightPatternId": in.PatternID})
		wide := e.listIDs(t, map[string]any{"insightPatternId": in.PatternID, "includeHidden": true, "includeSpam": true, "includeFailed": true})
		var s struct{ TransactionCount int }
		mustGQL(t, e, "getClientTransactionsSummary", `query($c: ID!, $p: ID) { getClientTransactionsSummary(clientId: $c, insightPatternId: $p) { transactionCount } }`,
			map[string]any{"c": c, "p": in.PatternID}, &s)
		if in.TransactionCount != len(ids) || len(ids) != len(wide) || s.TransactionCount != len(ids) {
			t.Errorf("insight %s counts %d; its filter lists %d (%d with hidden, spam and failed included), its summary %d",
				in.PatternID, in.TransactionCount, len(ids), len(wide), s.TransactionCount)
		}
		if in.TransactionCount == 0 {
			t.Errorf("insight %s open with no transaction", in.PatternID)
		}
		if in.Type == "UNLABELED_TRANSACTIONS" {
			unlabeledInsight = in.TransactionCount
			if !sameIDs(ids, out.unlabeled) {
				t.Errorf("the unlabeled filter lists %v, by hand %v", ids, out.unlabeled)
			}
		}
		for _, id := range ids {
			if !slices.Contains(problems[id], in.Type) {
				problems[id] = append(problems[id], in.Type)
			}
		}
	}
	if unlabeledInsight != len(out.unlabeled) {
		t.Errorf("the unlabeled insight counts %d, by hand %d", unlabeledInsight, len(out.unlabeled))
	}

	// the queue: each transaction once, with exactly the problems whose filters list it
	var q struct {
		TotalCount int
		Groups     []struct {
			PatternID, Type string
			Count           int
		}
		Items []struct {
			TransactionID, PatternID, Type string
			Problems                       []string
		}
	}
	mustGQL(t, e, "getClientReviewQueue", `query($c: ID!) { getClientReviewQueue(clientId: $c, limit: 500) {
		totalCount groups { patternId type count } items { transactionId patternId type problems } } }`, map[string]any{"c": c}, &q)
	out.total, out.items = q.TotalCount, map[string][]string{}
	groupSum := 0
	for _, g := range q.Groups {
		groupSum += g.Count
		n := 0
		for _, it := range q.Items {
			if it.PatternID == g.PatternID {
				n++
			}
		}
		if n != g.Count {
			t.Errorf("group %s counts %d, lists %d", g.PatternID, g.Count, n)
		}
	}
	if groupSum != q.TotalCount || len(q.Items) != q.TotalCount || q.TotalCount != len(problems) {
		t.Errorf("queue total %d, groups sum %d, items %d; distinct transactions the insights' filters list: %d",
			q.TotalCount, groupSum, len(q.Items), len(problems))
	}
	for _, it := range q.Items {
		if _, dup := out.items[it.TransactionID]; dup {
			t.Errorf("%s is in the queue twice", it.TransactionID)
		}
		out.items[it.TransactionID] = it.Problems
		if len(it.Problems) == 0 || it.Problems[0] != it.Type || !sameIDs(it.Problems, problems[it.TransactionID]) {
			t.Errorf("queue item %s: type %s, problems %v; the filters list it under %v", it.TransactionID, it.Type, it.Problems, problems[it.TransactionID])
		}
	}
	return out
}

// listIDs lists the ids of the transactions a filter matches (vars are getClientTransactions' arguments).
func (e *env) listIDs(t *testing.T, vars map[string]any) []string {
	t.Helper()
	vars["c"] = gqlClient1.String()
	var page struct{ Transactions []struct{ ID string } }
	mustGQL(t, e, "getClientTransactions", `query($c: ID!, $insightPatternId: ID, $includeHidden: Boolean, $includeSpam: Boolean, $includeFailed: Boolean,
		$financialEventType: String, $labels: [String!], $showOnlyEditedTransactions: Boolean) {
		getClientTransactions(clientId: $c, insightPatternId: $insightPatternId, includeHidden: $includeHidden, includeSpam: $includeSpam,
			includeFailed: $includeFailed, financialEventType: $financialEventType, labels: $labels,
			showOnlyEditedTransactions: $showOnlyEditedTransactions, limit: 500) { transactions { id } } }`, vars, &page)
	out := make([]string, len(page.Transactions))
	for i, tx := range page.Transactions {
		out[i] = tx.ID
	}
	return out
}

func sameIDs(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}
