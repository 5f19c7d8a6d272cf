package syncs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/accounts"
	"taxd/internal/auth"
	"taxd/internal/classify"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

// chainProvider serves one page of chain transactions per chain (what an EVM provider returns).
type chainProvider struct {
	chain string
	txs   []imports.ChainTx
}

func (p chainProvider) Chain() string { return p.chain }

func (p chainProvider) Fetch(_ context.Context, _, cursor string) (imports.Page, error) {
	if cursor == "done" {
		return imports.Page{Cursor: "done"}, nil
	}
	return imports.Page{Chain: p.txs, Cursor: "done"}, nil
}

type chainProviders map[string]imports.Provider

func (c chainProviders) Provider(chain string) (imports.Provider, bool) {
	p, ok := c[chain]
	return p, ok
}

// storedChain is chain data held in memory by (chain, hash).
type storedChain map[string]imports.ChainTx

func (s storedChain) GetChainTxs(_ context.Context, chain string, hashes []string) (map[string]imports.ChainTx, error) {
	out := map[string]imports.ChainTx{}
	for _, h := range hashes {
		if t, ok := s[chain+":"+h]; ok {
			out[h] = t
		}
	}
	return out, nil
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// The recorded CCTP transfer of 1839.726596 USDC from Ethereum (burn, 0xac7bb457...) to Arbitrum
// (mint, 0x9da8beb8...), facts from the recorded receipts.
const cctpWallet = "0xd0adc5d079cc486b58f1b9a28b973355c4ec9e6f"

func cctpBurn(withLogs bool) imports.ChainTx {
	tx := imports.ChainTx{Chain: "ethereum", Hash: "0xac7bb45701a4311a2c662377a4764ac694a8f6438270c1ee8a4100d4a000a511", Block: 19942634,
		Time: time.Date(2024, 5, 24, 10, 0, 0, 0, time.UTC), From: cctpWallet, To: "0xbd3fa81b58ba92a82136038b25adec7066af3155",
		MethodID: "0x6fd3504e", Fee: d("0.000649402467435812"),
		Tokens: []imports.TokenMove{{Standard: imports.ERC20, Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6,
			From: cctpWallet, To: "0xc4922d64a24675e16e1586e3e3aa56c06fabe907", Quantity: d("1839.726596")}}}
	if withLogs {
		tx.Logs = []imports.Log{{Address: "0xbd3fa81b58ba92a82136038b25adec7066af3155", Topics: []string{"0x2fa9ca894982930190727e75500a97d8dc500233a5065e0f3126c48fbe0343c0"}}}
	} else {
		tx.Missing = []string{"receipt"}
	}
	return tx
}

func cctpMint() imports.ChainTx {
	return imports.ChainTx{Chain: "arbitrum", Hash: "0x9da8beb8e9ad2428ad2de132d920d27c2d6c7e0604d2977669aab219e51fd323", Block: 214685127,
		Time: time.Date(2024, 5, 24, 10, 20, 0, 0, time.UTC), From: cctpWallet, To: "0xc30362313fbba5cf9163f0bb16a0e01f01a896ca", Fee: d("0.00000196702"),
		Tokens: []imports.TokenMove{{Standard: imports.ERC20, Contract: "0xaf88d065e77c8cc2239327c5edb3a432268e5831", Symbol: "USDC", Decimals: 6,
			From: "0x0000000000000000000000000000000000000000", To: cctpWallet, Quantity: d("1839.726596")}},
		Logs: []imports.Log{{Address: "0x19330d10d9cc8751218eaf51e8885d058642e08a", Topics: []string{"0x1b2a7ff080b8cb6ff436ce0372e399692bbfb6d4ae5766fd8d58a7b8cc6142e6"}}}}
}

// A sync of a wallet tracked on Ethereum and Arbitrum classifies each chain's transactions, books
// each chain's legs to that chain's account and links the bridge's two sides. A re-classification
// over the stored chain data (which now holds the burn's receipt) rewrites the burn, leaves the
// mint a person relabelled alone, and the second run changes nothing.
func TestSyncClassifiesAndReclassifyKeepsEdits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	q := db.New(pool)
	added, _, err := accounts.Add(ctx, q, client, []accounts.Wallet{{Address: cctpWallet, Chain: "ethereum"}, {Address: cctpWallet, Chain: "arbitrum"}}, "wallets")
	if err != nil || len(added) != 2 {
		t.Fatalf("add accounts: %v (%d added)", err, len(added))
	}
	accountOf := map[string]uuid.UUID{}
	for _, a := range added {
		accountOf[a.Provider] = a.ID
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &syncs.Worker{Pool: pool, Providers: chainProviders{
		"ethereum": chainProvider{"ethereum", []imports.ChainTx{cctpBurn(false)}},
		"arbitrum": chainProvider{"arbitrum", []imports.ChainTx{cctpMint()}},
	}})
	svc := startSyncJobs(t, pool, workers, 2)
	s := syncEveryAccount(t, svc, client)
	if s.Status != "completed" {
		t.Fatalf("sync %+v", s)
	}
	type row struct {
		hash, label, rule, confidence string
		account                       uuid.UUID
	}
	read := func() map[string]row {
		rows, err := pool.Query(ctx, `SELECT t.txn_hash, coalesce(t.label, ''), c.rule, c.confidence, tr.to_account_id IS NOT NULL,
			coalesce(tr.from_account_id, tr.to_account_id)
			FROM transactions t JOIN transaction_classifications c ON c.transaction_id = t.id
			JOIN transfers tr ON tr.transaction_id = t.id AND NOT tr.is_fee
			WHERE t.client_id = $1 AND t.deleted_at IS NULL`, client)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]row{}
		for rows.Next() {
			var r row
			var in bool
			if err := rows.Scan(&r.hash, &r.label, &r.rule, &r.confidence, &in, &r.account); err != nil {
				t.Fatal(err)
			}
			out[r.hash[:10]] = r
		}
		if rows.Err() != nil {
			t.Fatal(rows.Err())
		}
		return out
	}
	got := read()
	burn, mint := got["0xac7bb457"], got["0x9da8beb8"]
	if burn.label != "internal" || burn.rule != "bridge_out" || burn.confidence != "medium" || burn.account != accountOf["ethereum"] {
		t.Errorf("burn %+v (ethereum account %s)", burn, accountOf["ethereum"])
	}
	if mint.label != "internal" || mint.rule != "bridge_in" || mint.confidence != "high" || mint.account != accountOf["arbitrum"] {
		t.Errorf("mint %+v (arbitrum account %s)", mint, accountOf["arbitrum"])
	}
	var links int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM internal_transfer_pairs WHERE client_id = $1 AND link_type = 'BRIDGE'`, client).Scan(&links); err != nil || links != 1 {
		t.Fatalf("%d bridge links (%v), want 1", links, err)
	}
	// A person relabels the mint.
	led := ledger.New(pool)
	var mintID uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT id FROM transactions WHERE client_id = $1 AND txn_hash LIKE '0x9da8%'`, client).Scan(&mintID); err != nil {
		t.Fatal(err)
	}
	if err := led.Update(ctx, auth.JobWriteScope(client, "user"), ledger.Meta{Actor: "user:test"}, func(e *ledger.Editor) error {
		return e.LabelTransactions([]uuid.UUID{mintID}, ledger.LabelEdit{Label: ptrTo("gift_received")})
	}); err != nil {
		t.Fatal(err)
	}
	store := storedChain{}
	for _, ct := range []imports.ChainTx{cctpBurn(true), cctpMint()} {
		store[ct.Chain+":"+strings.ToLower(ct.Hash)] = ct
	}
	r := &syncs.Reclassifier{Pool: pool, Chain: store}
	for run, want := range []syncs.ReclassifyResult{
		{ReclassifyCounts: ledger.ReclassifyCounts{Replaced: 1, Kept: 1}},
		{ReclassifyCounts: ledger.ReclassifyCounts{Unchanged: 1, Kept: 1}},
	} {
		res, err := r.Client(ctx, auth.JobWriteScope(client, "reclassify"))
		if err != nil {
			t.Fatal(err)
		}
		if res != want {
			t.Fatalf("run %d: %+v, want %+v", run+1, res, want)
		}
	}
	got = read()
	if b := got["0xac7bb457"]; b.rule != "bridge_out" || b.confidence != "high" || b.label != "internal" {
		t.Errorf("burn after re-classification %+v", b)
	}
	if m := got["0x9da8beb8"]; m.label != "gift_received" || m.confidence != "high" {
		t.Errorf("the edited mint changed: %+v", m)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM internal_transfer_pairs WHERE client_id = $1`, client).Scan(&links); err != nil || links != 1 {
		t.Fatalf("%d links after re-classification (%v), want the one", links, err)
	}
}

func ptrTo[T any](v T) *T { return &v }

// Through the ledger and the recalculation: ETH bought, wrapped into WETH by the recorded direct
// deposit (0x5bb623b3...: 0.06 ETH, WETH's Deposit event and no Transfer), then the WETH sold. The
// wrap is no disposal, and the sale's basis and date are the ETH's.
func TestWrapKeepsBasisThroughTheLedger(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	const w, weth = "0x4b078a6a7026c32d2d6aff763e2f37336cf552dd", "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"
	added, _, err := accounts.Add(ctx, db.New(pool), client, []accounts.Wallet{{Address: w, Chain: "ethereum"}}, "wallets")
	if err != nil || len(added) != 1 {
		t.Fatalf("add account: %v", err)
	}
	wallet := *added[0].Address
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Name: "Ether", Decimals: 18}
	wethRef := imports.AssetRef{Chain: "ethereum", Contract: weth, Symbol: "WETH", Decimals: 18}
	// Prices: ETH and WETH at 1000 on the purchase day, 1300 on the wrap day, 1500 on the sale day.
	price := func(_ context.Context, _ imports.AssetRef, at time.Time) (decimal.Decimal, bool, error) {
		switch at.Format("2006-01-02") {
		case "2021-10-01":
			return d("1000"), true, nil
		case "2022-10-19":
			return d("1300"), true, nil
		default:
			return d("1500"), true, nil
		}
	}
	buy := imports.Tx{ExternalID: "buy", Hash: "0xbuy", Time: time.Date(2021, 10, 1, 0, 0, 0, 0, time.UTC), Label: "buy",
		Transfers: []imports.Transfer{{Asset: eth, Quantity: d("0.06"), From: "0x28c6c06298d514db089934071355e5743bf21d60", To: wallet}}}
	wrap := imports.ChainTx{Chain: "ethereum", Hash: "0x5bb623b365def9650816dcbaf1babde8fd0ebed737db36d3a033d7cf63792daf", Block: 15788253,
		Time: time.Date(2022, 10, 19, 12, 0, 0, 0, time.UTC), From: w, To: weth, Value: d("0.06"), MethodID: "0xd0e30db0",
		Logs: []imports.Log{{Address: weth, Topics: []string{"0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c",
			"0x0000000000000000000000004b078a6a7026c32d2d6aff763e2f37336cf552dd"}, Data: "0x00000000000000000000000000000000000000000000000000d529ae9e860000"}}}
	sale := imports.Tx{ExternalID: "sale", Hash: "0xsale", Time: time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC), Label: "sell",
		Transfers: []imports.Transfer{{Asset: wethRef, Quantity: d("0.06"), From: wallet, To: "0x28c6c06298d514db089934071355e5743bf21d60"}}}
	own := classify.NewOwn("ethereum", wallet, nil)
	led := ledger.New(pool)
	if err := led.Update(ctx, auth.JobWriteScope(client, "sync"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
		_, err := e.Import(added[0].ID, []imports.Tx{buy, classify.Default().Classify(wrap, own), sale}, price)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT (SELECT a.key FROM assets a WHERE a.id::text = d.asset_key), d.quantity::text, d.proceeds::text, d.basis::text, d.acquired_at, d.term
		FROM tax_disposals d JOIN clients c ON c.current_result_set_id = d.result_set_id WHERE d.client_id = $1 ORDER BY d.disposed_at`, client)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var asset, q, p, b, term string
		var acq time.Time
		if err := rows.Scan(&asset, &q, &p, &b, &acq, &term); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{asset, d(q).String(), d(p).String(), d(b).String(), acq.UTC().Format("2006-01-02"), term}, " "))
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	// One disposal: the WETH sale, proceeds 0.06 x 1500 = 90, basis the ETH's 0.06 x 1000 = 60,
	// acquired on the ETH's purchase day (held over a year: long).
	want := "ethereum:" + weth + " 0.06 90 60 2021-10-01 long"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("disposals %v, want [%s]", got, want)
	}
}

// The per-client reclassify job: queued twice in a row (the second after the first has finished),
// the first rewrites the burn whose receipt the store now holds and asks for a recalculation; the
// second finds nothing to change.
func TestReclassifyJobRunsTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	added, _, err := accounts.Add(ctx, db.New(pool), client, []accounts.Wallet{{Address: cctpWallet, Chain: "ethereum"}}, "wallets")
	if err != nil || len(added) != 1 {
		t.Fatalf("add account: %v", err)
	}
	own := classify.NewOwn("ethereum", *added[0].Address, nil)
	if err := ledger.New(pool).Update(ctx, auth.JobWriteScope(client, "sync"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
		_, err := e.Import(added[0].ID, []imports.Tx{classify.Default().Classify(cctpBurn(false), own)}, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	burn := cctpBurn(true)
	store := storedChain{"ethereum:" + strings.ToLower(burn.Hash): burn}
	workers := river.NewWorkers()
	river.AddWorker(workers, &syncs.ReclassifyWorker{Reclassifier: &syncs.Reclassifier{Pool: pool, Chain: store}})
	// The recalculation it asks for is registered (so it can be queued) but its queue is not worked here.
	river.AddWorker(workers, &recalc.Worker{Runner: &recalc.Runner{Pool: pool}})
	jc, err := jobs.New(pool, workers, jobs.Options{Queues: map[string]int{jobs.QueueReclassify: 1}, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	confidence := func() string {
		var c string
		if err := pool.QueryRow(ctx, `SELECT c.confidence FROM transaction_classifications c WHERE c.client_id = $1`, client).Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := confidence(); c != "medium" {
		t.Fatalf("imported with %s confidence, want medium", c)
	}
	for run := 1; run <= 2; run++ {
		var jobID int64
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return syncs.RequestReclassifyTx(ctx, tx, jc, client) }); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `SELECT max(id) FROM river_job WHERE kind = $1`, jobs.KindReclassify).Scan(&jobID); err != nil {
			t.Fatal(err)
		}
		testwait.For(t, "the reclassify job to finish", 30*time.Second, func() bool {
			j, err := jc.JobGet(ctx, jobID)
			if err != nil {
				t.Fatal(err)
			}
			if j.State == "discarded" || j.State == "cancelled" {
				t.Fatalf("run %d: job %s: %v", run, j.State, j.Errors)
			}
			return j.State == "completed"
		})
		if c := confidence(); c != "high" {
			t.Fatalf("run %d: confidence %s, want high", run, c)
		}
		var recalcs int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindRecalc).Scan(&recalcs); err != nil {
			t.Fatal(err)
		}
		if recalcs != 1 {
			t.Fatalf("run %d: %d recalculations requested, want the first run's one", run, recalcs)
		}
	}
}
