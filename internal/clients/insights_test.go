package clients_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/clients"
	txledger "taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// Insights are derived from the current tax results and the ledger (each linking its
// transactions) beside the recorded ones, most severe first, filtered and paged.
func TestClientInsights(t *testing.T) {
	t.Parallel()
	l := setup(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) { t.Helper(); testfactory.Exec(t, l.pool, sql, args...) }
	var account, eth uuid.UUID
	if err := l.pool.QueryRow(ctx, `SELECT a.id, s.id FROM accounts a, assets s WHERE a.client_id = $1 AND s.client_id = $1`, l.client).Scan(&account, &eth); err != nil {
		t.Fatal(err)
	}
	addTx := func(at string, label *string, asset uuid.UUID, qty string, out bool) uuid.UUID {
		when, _ := time.Parse(time.RFC3339, at)
		id := testfactory.Transaction(t, l.pool, l.client, testfactory.At(when), testfactory.InAccount(account), testfactory.Labelled(label), testfactory.FromSource("sync"))
		from, to := &account, (*uuid.UUID)(nil)
		if !out {
			from, to = nil, &account
		}
		testfactory.Transfer(t, l.pool, l.client, id, asset, testfactory.Moving(qty, from, to, "100"))
		return id
	}
	sell := "sell"
	oversold := addTx("2025-04-01T00:00:00Z", &sell, eth, "0.5", true) // the 2 ETH bought are sold already
	unlabeled := addTx("2025-05-01T00:00:00Z", nil, eth, "0.1", false)
	spam := testfactory.Asset(t, l.pool, l.client, testfactory.Coin("ethereum:0xspam", "CLAIM"), testfactory.AssetNamed("Visit claim-eth.xyz for rewards"))
	gift := "gift_received"
	spamTx := addTx("2025-05-02T00:00:00Z", &gift, spam, "1000", false)
	recorded := uuid.New()
	exec(`INSERT INTO insights (id, client_id, pattern_id, type, status, severity, title) VALUES ($1, $2, 'possible-duplicates', 'DUPLICATE_TRANSFERS', 'DISMISSED', 'INFO', 'Dismissed duplicates')`, recorded, l.client)
	exec(`INSERT INTO insight_transactions (insight_id, transaction_id) VALUES ($1, $2)`, recorded, unlabeled)

	url := l.pool.Config().ConnString()
	oneConn := clients.NewService(pgtest.PoolFor(t, url+map[bool]string{true: "&", false: "?"}[strings.Contains(url, "?")]+"pool_max_conns=2"), nil)
	list := func(f clients.InsightFilter) []clients.Insight {
		t.Helper()
		if f.Limit == 0 {
			f.Limit = 50
		}
		ins, err := l.svc.Insights(ctx, l.scope, f)
		if err != nil {
			t.Fatal(err)
		}
		return ins
	}
	// Before any recalculation only the ledger-derived and recorded insights exist.
	if got := types(list(clients.InsightFilter{})); got != "POSSIBLE_SPAM DUPLICATE_TRANSFERS UNLABELED_TRANSACTIONS" {
		t.Errorf("before a recalculation: %s", got)
	}
	for range 2 { // twice: a second recalculation gives the same insights with the same ids
		if _, err := (&recalc.Runner{Pool: l.pool}).Run(ctx, auth.JobWriteScope(l.client, "test")); err != nil {
			t.Fatal(err)
		}
		all := list(clients.InsightFilter{})
		if got := types(all); got != "MISSING_BASIS UNCOVERED_DISPOSALS NEGATIVE_BALANCE POSSIBLE_SPAM DUPLICATE_TRANSFERS UNLABELED_TRANSACTIONS" {
			t.Fatalf("insights: %s", got)
		}
		byType := map[string]clients.Insight{}
		for _, in := range all {
			byType[in.Type] = in
		}
		for _, typ := range []string{"MISSING_BASIS", "UNCOVERED_DISPOSALS", "NEGATIVE_BALANCE"} {
			in := byType[typ]
			if in.TransactionCount != 1 || len(in.TransactionIDs) != 1 || in.TransactionIDs[0] != oversold || in.Status != "OPEN" {
				t.Errorf("%s: %+v, want the oversold transaction", typ, in)
			}
		}
		if in := byType["UNLABELED_TRANSACTIONS"]; in.TransactionCount != 1 || in.TransactionIDs[0] != unlabeled || in.Title != "1 transaction has no label" {
			t.Errorf("unlabeled: %+v", in)
		}
		if in := byType["POSSIBLE_SPAM"]; in.AssetID == nil || *in.AssetID != spam || *in.AssetType != "COIN" || in.TransactionIDs[0] != spamTx {
			t.Errorf("spam: %+v", in)
		}
		if in := byType["DUPLICATE_TRANSFERS"]; in.ID != recorded || in.Status != "DISMISSED" || in.TransactionCount != 1 {
			t.Errorf("recorded: %+v", in)
		}
		// read on one connection (a pool with no room for a second, store.WithSharedSnapshot), the
		// insights and the review queue are the ones read on two
		viaOne, err := oneConn.Insights(ctx, l.scope, clients.InsightFilter{Limit: 50})
		if one, two := shown(t, viaOne, err), shown(t, all, nil); one != two {
			t.Errorf("insights on one connection:\n%s\non two:\n%s", one, two)
		}
		qOne, err1 := oneConn.ReviewQueue(ctx, l.scope, clients.ReviewQueueFilter{Limit: 50})
		qTwo, err2 := l.svc.ReviewQueue(ctx, l.scope, clients.ReviewQueueFilter{Limit: 50})
		if err1 != nil || err2 != nil || qTwo.Total == 0 || !reflect.DeepEqual(qOne, qTwo) {
			t.Errorf("review queue on one connection %+v (%v), on two %+v (%v)", qOne, err1, qTwo, err2)
		}
		if again := list(clients.InsightFilter{}); again[0].ID != all[0].ID {
			t.Error("a derived insight changed its id between reads")
		}
		// Each insight's patternId filters the transaction list to exactly its transactions.
		for _, in := range all {
			pattern := in.PatternID
			got, err := txledger.New(l.pool).List(ctx, l.scope, txledger.TxFilter{InsightPatternID: &pattern, IncludeHidden: true}, txledger.TxPage{Limit: 100, Ascending: true})
			if err != nil {
				t.Fatal(err)
			}
			var ids []uuid.UUID
			for _, r := range got.Rows {
				ids = append(ids, r.ID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(in.TransactionIDs) {
				t.Errorf("insightPatternId %s lists %v, the insight links %v", pattern, ids, in.TransactionIDs)
			}
		}
	}
	if got := types(list(clients.InsightFilter{Status: ptr("DISMISSED")})); got != "DUPLICATE_TRANSFERS" {
		t.Errorf("status DISMISSED: %s", got)
	}
	if got := types(list(clients.InsightFilter{Type: ptr("NEGATIVE_BALANCE")})); got != "NEGATIVE_BALANCE" {
		t.Errorf("type filter: %s", got)
	}
	if got := types(list(clients.InsightFilter{AssetType: ptr("COIN")})); got != "POSSIBLE_SPAM" {
		t.Errorf("asset type filter: %s", got)
	}
	if got := types(list(clients.InsightFilter{Limit: 2, Page: 1})); got != "NEGATIVE_BALANCE POSSIBLE_SPAM" {
		t.Errorf("page 1 of 2: %s", got)
	}
	if got := list(clients.InsightFilter{Limit: 2, Page: 9}); len(got) != 0 {
		t.Errorf("a page past the end: %d insights", len(got))
	}
	for _, f := range []clients.InsightFilter{{Limit: 501}, {Limit: -1}, {Limit: 10, Page: -1}, {Limit: 10, AssetType: ptr("STOCK")}} {
		if _, err := l.svc.Insights(ctx, l.scope, f); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%+v: %v, want invalid input", f, err)
		}
	}
	// Fixing the cause closes the insight: labelling the transaction removes UNLABELED.
	exec(`UPDATE transactions SET label = 'buy' WHERE id = $1`, unlabeled)
	if got := types(list(clients.InsightFilter{Type: ptr("UNLABELED_TRANSACTIONS")})); got != "" {
		t.Errorf("after labelling: %s", got)
	}
}

func types(ins []clients.Insight) string {
	s := ""
	for i, in := range ins {
		if i > 0 {
			s += " "
		}
		s += in.Type
	}
	return s
}

// shown is what a reader sees of insights (or the error), one line each.
func shown(t *testing.T, ins []clients.Insight, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	s := ""
	for _, in := range ins {
		s += fmt.Sprintln(in.ID, in.Type, in.Status, in.Title, in.TransactionCount, in.CountCapped, in.TransactionIDs, in.AssetID)
	}
	return s
}
