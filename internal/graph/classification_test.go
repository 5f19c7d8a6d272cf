package graph_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
)

// Transaction.classification says which rule labelled a chain transaction and how sure it is;
// getClientTransactions filters by rule; a low-confidence classification is a needs-review
// insight whose count equals what its filter lists, and a person marking it reviewed clears it.
func TestClassificationFieldFilterAndInsight(t *testing.T) {
	t.Parallel()
	srv, _, client, pool := tracedServerPool(t, 20)
	classify := func(id uuid.UUID, rule, confidence, explanation string) {
		if _, err := pool.Exec(context.Background(), `INSERT INTO transaction_classifications (transaction_id, client_id, rule, confidence, explanation, digest)
			VALUES ($1, $2, $3, $4, $5, 'd')`, id, client, rule, confidence, explanation); err != nil {
			t.Fatal(err)
		}
	}
	var ids []uuid.UUID
	res := post(t, srv.URL, `query($c: ID!) { getClientTransactions(clientId: $c, limit: 3, skipTotal: true) { transactions { id } } }`, map[string]any{"c": client})
	var page struct {
		Transactions []struct{ ID uuid.UUID } `json:"transactions"`
	}
	if err := json.Unmarshal(res.Data["getClientTransactions"], &page); err != nil || len(page.Transactions) != 3 {
		t.Fatalf("page %s (%v)", res.Data["getClientTransactions"], err)
	}
	for _, tx := range page.Transactions {
		ids = append(ids, tx.ID)
	}
	classify(ids[0], "transfer", "low", "plain movements: no rule recognised the transaction")
	classify(ids[1], "swap", "high", "swap through 0x1111111254fb6c44bac0bed2854e76f90643097d: 1 ETH for 3000 USDC")

	res = post(t, srv.URL, `query($c: ID!, $r: String) { getClientTransactions(clientId: $c, classificationRule: $r) {
		transactions { id classification { rule confidence explanation } } } }`, map[string]any{"c": client, "r": "swap"})
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	var swaps struct {
		Transactions []struct {
			ID             uuid.UUID
			Classification *struct{ Rule, Confidence, Explanation string }
		} `json:"transactions"`
	}
	if err := json.Unmarshal(res.Data["getClientTransactions"], &swaps); err != nil {
		t.Fatal(err)
	}
	if len(swaps.Transactions) != 1 || swaps.Transactions[0].ID != ids[1] || swaps.Transactions[0].Classification == nil ||
		swaps.Transactions[0].Classification.Confidence != "HIGH" || swaps.Transactions[0].Classification.Rule != "swap" {
		t.Fatalf("classificationRule swap: %s", res.Data["getClientTransactions"])
	}

	review := func() (insight int, listed int) {
		res := post(t, srv.URL, `query($c: ID!) {
			getClientInsights(clientId: $c, type: NEEDS_REVIEW_CLASSIFICATION) { patternId transactionCount } }`, map[string]any{"c": client})
		if len(res.Errors) > 0 {
			t.Fatalf("errors: %v", res.Errors)
		}
		var ins []struct {
			PatternID        string
			TransactionCount int
		}
		if err := json.Unmarshal(res.Data["getClientInsights"], &ins); err != nil {
			t.Fatal(err)
		}
		for _, i := range ins {
			insight += i.TransactionCount
		}
		res = post(t, srv.URL, `query($c: ID!) { getClientTransactions(clientId: $c, insightPatternId: "needs-review-classification") { transactions { id } } }`,
			map[string]any{"c": client})
		var listedPage struct {
			Transactions []struct{ ID uuid.UUID } `json:"transactions"`
		}
		if err := json.Unmarshal(res.Data["getClientTransactions"], &listedPage); err != nil {
			t.Fatal(err)
		}
		if len(listedPage.Transactions) == 1 && listedPage.Transactions[0].ID != ids[0] {
			t.Fatalf("needs review lists %s, want %s", listedPage.Transactions[0].ID, ids[0])
		}
		return insight, len(listedPage.Transactions)
	}
	if n, listed := review(); n != 1 || listed != 1 {
		t.Fatalf("needs review: insight %d, filter %d; want 1 and 1", n, listed)
	}
	res = post(t, srv.URL, `mutation($c: ID!, $id: ID!) {
		updateTransaction(clientId: $c, transactionId: $id, createDefaultRule: false, updates: {isReviewed: true}) { __typename } }`,
		map[string]any{"c": client, "id": ids[0]})
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	if n, listed := review(); n != 0 || listed != 0 {
		t.Fatalf("after review: insight %d, filter %d; want 0 and 0", n, listed)
	}
}
