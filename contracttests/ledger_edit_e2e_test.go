package contracttests

import (
	"context"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/testwait"
)

// TestLedgerEditLoopE2E: the edit loop over HTTP on the GraphQL fixture: create a transaction and
// its transfers, label it, split it, merge it back, move ETH between two own accounts as an
// internal-transfer pair and sell it; rerunGraph and poll getActiveRecalculateJob to null; the
// gains are what a FIFO computed here says. Then undo every audit entry of the session
// (undoAuditLogs), recalculate again: the gains are back to the start. Twice in a row, so the
// second loop runs on results the first one left.
func TestLedgerEditLoopE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	client := gqlClient1.String()
	a1, a3, eth := gid("000000000001").String(), gid("000000000003").String(), gid("0000000e0001").String()

	// The fixture's ETH (spec/graphql/examples/README.md), in dollars.
	fixture := []fifoEvent{
		{at: "2025-01-15T12:00:00Z", kind: "buy", account: "A1", qty: "2", usd: "5000"},    // T1
		{at: "2025-06-01T14:30:00Z", kind: "sell", account: "A1", qty: "0.5", usd: "1900"}, // T3, B3
		{at: "2025-06-01T14:30:00Z", kind: "sell", account: "A1", qty: "0.25", usd: "950"}, // T3, B5
		{at: "2025-07-04T00:00:00Z", kind: "buy", account: "A1", qty: "0.01", usd: "34"},   // T4 (income: basis 34)
	}
	start := fifoGains(t, fixture)
	if got := e.totalGains(t); !got.Equal(start) || !start.Equal(decimal.RequireFromString("975")) {
		t.Fatalf("fixture gains %s, FIFO %s, want 975", got, start)
	}
	edited := append(append([]fifoEvent(nil), fixture...),
		fifoEvent{at: "2025-08-01T00:00:00Z", kind: "sell", account: "A1", qty: "0.5", usd: "2000"},
		fifoEvent{at: "2025-08-01T00:00:00Z", kind: "sell", account: "A1", qty: "0.1", usd: "400"},
		fifoEvent{at: "2025-09-01T00:00:00Z", kind: "move", account: "A1", to: "A3", qty: "0.2"}, // the pair
		fifoEvent{at: "2025-10-01T00:00:00Z", kind: "sell", account: "A3", qty: "0.2", usd: "900"},
	)
	want := fifoGains(t, edited)

	for loop := 1; loop <= 2; loop++ {
		session := "e2e-loop-" + string(rune('0'+loop))
		existing := map[string]bool{}
		for _, l := range e.auditLogs(t) {
			existing[l.ID] = true
		}
		newTx := func(account, at string) string {
			var tx struct{ ID string }
			mustGQL(t, e, "createTransaction", `mutation($c: ID!, $a: ID!, $at: Date!, $s: String) {
				createTransaction(clientId: $c, accountId: $a, createdAt: $at, sessionId: $s) { id } }`,
				map[string]any{"c": client, "a": account, "at": at, "s": session}, &tx)
			return tx.ID
		}
		type transfer struct{ ID string }
		addTransfer := func(tx string, from, to *string, amount, usd float64) []transfer {
			var out struct{ Transfers []transfer }
			mustGQL(t, e, "createTransfer", `mutation($c: ID!, $t: ID!, $asset: ID!, $amount: Float, $usd: Float, $from: ID, $to: ID, $s: String) {
				createTransfer(clientId: $c, transactionId: $t, assetId: $asset, amount: $amount, fiatValue: $usd, fromAccountId: $from, toAccountId: $to, sessionId: $s) {
				transfers { id } } }`,
				map[string]any{"c": client, "t": tx, "asset": eth, "amount": amount, "usd": usd, "from": from, "to": to, "s": session}, &out)
			return out.Transfers
		}

		// A sale of 0.5 + 0.1 ETH, labelled, split into two transactions and merged back.
		x := newTx(a1, "2025-08-01T00:00:00Z")
		addTransfer(x, &a1, nil, 0.5, 2000)
		trs := addTransfer(x, &a1, nil, 0.1, 400)
		if len(trs) != 2 {
			t.Fatalf("transfers of the new transaction: %+v", trs)
		}
		mustGQL(t, e, "labelTransactions", `mutation($c: ID!, $ids: [ID!]!, $s: String) {
			labelTransactions(clientId: $c, transactionIds: $ids, label: "payment", sessionId: $s) { id } }`,
			map[string]any{"c": client, "ids": []string{x}, "s": session}, nil)
		var split []struct{ ID string }
		mustGQL(t, e, "splitTransactionIntoMany", `mutation($c: ID!, $b: ID!, $splits: [TransactionSplitInput!]!, $s: String) {
			splitTransactionIntoMany(clientId: $c, baseTransactionId: $b, splits: $splits, sessionId: $s) { id } }`,
			map[string]any{"c": client, "b": x, "splits": []map[string]any{{"transferIds": []string{trs[1].ID}}}, "s": session}, &split)
		if len(split) != 2 {
			t.Fatalf("split: %+v", split)
		}
		mustGQL(t, e, "mergeTransactions", `mutation($c: ID!, $from: [ID!]!, $to: ID!, $s: String) {
			mergeTransactions(clientId: $c, fromTransactionIds: $from, toTransactionId: $to, sessionId: $s) { id } }`,
			map[string]any{"c": client, "from": []string{split[1].ID}, "to": x, "s": session}, nil)

		// 0.2 ETH leaves A1 and arrives in Coinbase (A3) five minutes later: an internal pair; then
		// Coinbase sells it.
		out := newTx(a1, "2025-09-01T00:00:00Z")
		addTransfer(out, &a1, nil, 0.2, 800)
		in := newTx(a3, "2025-09-01T00:05:00Z")
		addTransfer(in, nil, &a3, 0.2, 820)
		sale := newTx(a3, "2025-10-01T00:00:00Z")
		addTransfer(sale, &a3, nil, 0.2, 900)
		mustGQL(t, e, "markInternalTransfer", `mutation($c: ID!, $f: ID!, $t: ID!) { markInternalTransfer(clientId: $c, fromTransactionId: $f, toTransactionId: $t) }`,
			map[string]any{"c": client, "f": out, "t": in}, nil)

		e.recalculate(t)
		if got := e.totalGains(t); !got.Equal(want) {
			t.Fatalf("loop %d: gains after the edits %s, FIFO %s", loop, got, want)
		}

		// Undo every entry this loop wrote (the pair's included), in one call.
		var ids []string
		for _, l := range e.auditLogs(t) {
			if l.CanUndo && !existing[l.ID] {
				ids = append(ids, l.ID)
			}
		}
		if len(ids) < 10 {
			t.Fatalf("loop %d: only %d undoable entries", loop, len(ids))
		}
		mustGQL(t, e, "undoAuditLogs", `mutation($c: ID!, $ids: [ID!]!) { undoAuditLogs(clientId: $c, auditLogIds: $ids) { id } }`,
			map[string]any{"c": client, "ids": ids}, nil)

		e.recalculate(t)
		if got := e.totalGains(t); !got.Equal(start) {
			t.Fatalf("loop %d: gains after undoing everything %s, want the start's %s", loop, got, start)
		}
	}
}

// newWorkingGraphQLEnv is an env on the GraphQL fixture whose server also works the job queues
// (rerunGraph's recalculation runs).
func newWorkingGraphQLEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.Pool(t)
	cfg := testConfig(t)
	cfg.Offline = true
	e := &env{pool: pool, cfg: cfg, known: map[string]bool{}}
	seedGraphQL(t, e)
	bucket, err := reports.OpenBucket(context.Background(), cfg.BlobURL, cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bucket.Close() })
	workers, err := server.Workers(cfg, pool, bucket)
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(pool, workers, jobs.Options{Workers: 1, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	h, err := server.NewHandler(server.Deps{Config: cfg, Pool: pool, Jobs: jc, Bucket: bucket})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	e.url = srv.URL
	return e
}

type auditLogRow struct {
	ID      string
	CanUndo bool
}

// auditLogs lists the client's audit log (getClientAuditLogs), newest first.
func (e *env) auditLogs(t *testing.T) []auditLogRow {
	t.Helper()
	var logs struct{ AuditLogs []auditLogRow }
	mustGQL(t, e, "getClientAuditLogs", `query($c: ID!) { getClientAuditLogs(clientId: $c, limit: 500, page: 0) {
		auditLogs { id canUndo } } }`, map[string]any{"c": gqlClient1.String()}, &logs)
	return logs.AuditLogs
}

// recalculate runs rerunGraph and polls getActiveRecalculateJob until it answers null.
func (e *env) recalculate(t *testing.T) {
	t.Helper()
	client := gqlClient1.String()
	mustGQL(t, e, "rerunGraph", `mutation($c: ID!) { rerunGraph(clientId: $c) }`, map[string]any{"c": client}, nil)
	testwait.For(t, "the recalculation to settle", 60*time.Second, func() bool {
		r := gqlRW(t, e, `query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id } }`, map[string]any{"c": client})
		if r.Code != "" {
			t.Fatalf("getActiveRecalculateJob: %s %s", r.Code, r.Message)
		}
		return string(r.Data["getActiveRecalculateJob"]) == "null"
	})
}

// totalGains is the sum of the transactions' capGainsSumSigned (cents), in dollars.
func (e *env) totalGains(t *testing.T) decimal.Decimal {
	t.Helper()
	var list struct {
		Transactions []struct {
			CapGainsSumSigned *string
			IsDirty           bool
		}
	}
	mustGQL(t, e, "getClientTransactions", `query($c: ID!) { getClientTransactions(clientId: $c, limit: 500) {
		transactions { capGainsSumSigned isDirty } } }`, map[string]any{"c": gqlClient1.String()}, &list)
	sum := decimal.Zero
	for _, tx := range list.Transactions {
		if tx.IsDirty {
			t.Fatalf("a transaction is still dirty after the recalculation settled")
		}
		if tx.CapGainsSumSigned != nil {
			sum = sum.Add(decimal.RequireFromString(*tx.CapGainsSumSigned))
		}
	}
	return sum.Shift(-2)
}

// fifoEvent is one ETH event for the test's own FIFO (per account: every event is after the
// 2025-01-01 per-wallet switch).
type fifoEvent struct {
	at, kind    string // buy, sell, move
	account, to string
	qty, usd    string
}

// fifoGains computes the realised gains of events with first-in-first-out lots per account,
// independently of the engine. Events at the same instant keep their order.
func fifoGains(t *testing.T, events []fifoEvent) decimal.Decimal {
	t.Helper()
	type lot struct{ qty, unit decimal.Decimal }
	lots := map[string][]lot{}
	evs := append([]fifoEvent(nil), events...)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].at < evs[j].at })
	take := func(account string, q decimal.Decimal) []lot {
		var out []lot
		for q.IsPositive() {
			if len(lots[account]) == 0 {
				t.Fatalf("FIFO: %s has too little ETH", account)
			}
			l := &lots[account][0]
			n := decimal.Min(q, l.qty)
			out = append(out, lot{n, l.unit})
			l.qty, q = l.qty.Sub(n), q.Sub(n)
			if l.qty.IsZero() {
				lots[account] = lots[account][1:]
			}
		}
		return out
	}
	gains := decimal.Zero
	for _, ev := range evs {
		q := decimal.RequireFromString(ev.qty)
		switch ev.kind {
		case "buy":
			usd := decimal.RequireFromString(ev.usd)
			lots[ev.account] = append(lots[ev.account], lot{q, usd.Div(q)})
		case "sell":
			gains = gains.Add(decimal.RequireFromString(ev.usd))
			for _, l := range take(ev.account, q) {
				gains = gains.Sub(l.qty.Mul(l.unit))
			}
		case "move":
			lots[ev.to] = append(lots[ev.to], take(ev.account, q)...) // (a real FIFO would order by date; one lot here)
		}
	}
	return gains
}
