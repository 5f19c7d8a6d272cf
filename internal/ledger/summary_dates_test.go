package ledger_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/store"
	"taxd/internal/testfactory"
)

// The summary of assets within dates totals the result rows of those dates, the clean matches
// without a row and the dirty ones. Over a generated ledger of three assets across three years
// (buys, sells with fee transfers, income with fiat fees, swaps, unlabeled moves between the
// client's wallets, transactions on and around the year's edges), before any run, after runs and
// while edits (moves across the year's edge, labels, hiding, deleting, fee values, a transfer of
// another asset) are dirty, it equals the summary joined from the ledger for every filter, and its
// count is the count of a model of the ledger kept beside it. Under CA's rules the losses denied
// on the matches' disposals are compared too.
func TestSummaryOfAssetsInDatesFollowsTheLedger(t *testing.T) {
	for _, country := range []string{"US", "CA"} {
		t.Run(country, func(t *testing.T) { summaryOfAssetsInDatesFollowsTheLedger(t, country) })
	}
}

func summaryOfAssetsInDatesFollowsTheLedger(t *testing.T, country string) {
	b := setup(t)
	testfactory.Exec(t, b.pool, `UPDATE clients SET country = $2 WHERE id = $1`, b.client, country)
	scope := auth.JobScope(b.client, "test")
	btc, sol, exch := uuid.New(), uuid.New(), uuid.New()
	testfactory.Asset(t, b.pool, b.client, testfactory.AssetID(btc), testfactory.Coin("bitcoin:native", "BTC"))
	testfactory.Asset(t, b.pool, b.client, testfactory.AssetID(sol), testfactory.Coin("solana:native", "SOL"))
	testfactory.Account(t, b.pool, b.client, testfactory.AccountID(exch), testfactory.Exchange("coinbase"), testfactory.Named("x"))
	accounts := []uuid.UUID{b.wallet, b.wallet2, exch}
	assets := []uuid.UUID{b.eth, btc, sol}
	nd := func(s string) decimal.NullDecimal { return decimal.NewNullDecimal(dec(s)) }
	year := func(y int) time.Time { return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC) }

	// model is what the summary's count reads of each transaction.
	type model struct {
		at              time.Time
		assets          []uuid.UUID
		hidden, deleted bool
		failed          bool
		label           string
	}
	var txs []uuid.UUID
	var fees [][2]uuid.UUID // fee transfers: transaction, transfer
	models := map[uuid.UUID]*model{}
	rng := rand.New(rand.NewPCG(7, 39))
	// add writes n transactions from 2022-06 to 2024-06, and one on and one just before each edge
	// of 2023 per asset.
	add := func(n int) {
		t.Helper()
		var times []time.Time
		for i := 0; i < n; i++ {
			times = append(times, year(2022).AddDate(0, 6, 0).Add(time.Duration(rng.Int64N(int64(2*365*24*time.Hour)))))
		}
		for range assets {
			for _, edge := range []time.Time{year(2023), year(2024)} {
				times = append(times, edge, edge.Add(-time.Microsecond))
			}
		}
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			for i, at := range times {
				acct, other := accounts[rng.IntN(3)], accounts[rng.IntN(3)]
				asset := assets[i%3]
				if i >= n { // the edge transactions: one of each asset
					asset = assets[(i-n)/4]
				}
				swapped := assets[(slices.Index(assets, asset)+1)%3]
				value := nd(fmt.Sprintf("%d.%02d", 50+rng.IntN(900), rng.IntN(100)))
				var label *string
				var trs []ledger.NewTransfer
				switch rng.IntN(6) {
				case 0:
					label = ptr("buy")
					trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("3"), ToAccountID: &acct, FiatValue: value}}
				case 1:
					label = ptr("sell")
					trs = []ledger.NewTransfer{
						{AssetID: asset, Quantity: dec("1"), FromAccountID: &acct, FiatValue: value},
						{AssetID: asset, Quantity: dec("0.01"), FromAccountID: &acct, FiatValue: nd("2.50"), IsFee: true},
					}
				case 2:
					label = ptr("staking_reward")
					trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("0.5"), ToAccountID: &acct, FiatValue: value, FeeFiat: nd("0.25")}}
				case 3:
					label = ptr("trade")
					trs = []ledger.NewTransfer{
						{AssetID: asset, Quantity: dec("0.5"), FromAccountID: &acct, FiatValue: value},
						{AssetID: swapped, Quantity: dec("2"), ToAccountID: &acct, FiatValue: value},
					}
				case 4: // a move between the client's wallets, unlabeled
					trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("0.2"), FromAccountID: &acct, ToAccountID: &other}}
				default: // an unlabeled deposit
					trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("1.5"), ToAccountID: &acct, FiatValue: value}}
				}
				tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &acct, OccurredAt: at, Label: label})
				if err != nil {
					return err
				}
				m := &model{at: at}
				if label != nil {
					m.label = *label
				}
				for _, tr := range trs {
					made, err := e.AddTransfer(tx.ID, tr)
					if err != nil {
						return err
					}
					if tr.IsFee {
						fees = append(fees, [2]uuid.UUID{tx.ID, made.ID})
					}
					m.assets = append(m.assets, tr.AssetID)
				}
				txs = append(txs, tx.ID)
				models[tx.ID] = m
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	add(240)
	// Transactions on the middle of 2023 and just before it, where a summary joined from the
	// ledger splits the year in two halves.
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		mid := year(2023).Add(year(2024).Sub(year(2023)) / 2)
		for i, at := range []time.Time{mid, mid, mid, mid.Add(-time.Microsecond)} {
			id := txs[4+i]
			if _, err := e.UpdateTransaction(id, ledger.TransactionPatch{OccurredAt: ptr(at)}); err != nil {
				return err
			}
			models[id].at = at
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A failed transaction (as an importer marks it; it is new, so dirty already).
	testfactory.Exec(t, b.pool, `UPDATE transactions SET is_failed = true WHERE id = $1`, txs[3])
	models[txs[3]].failed = true

	filters := []ledger.TxFilter{
		{AssetIDs: []uuid.UUID{b.eth}, StartDate: ptr(year(2023)), EndDate: ptr(year(2024))},
		{AssetIDs: []uuid.UUID{b.eth, btc}, AssetMode: ledger.ModeInclude, StartDate: ptr(year(2023)), EndDate: ptr(year(2024))},
		{AssetIDs: []uuid.UUID{sol}, StartDate: ptr(year(2022).AddDate(0, 9, 0)), EndDate: ptr(year(2023).AddDate(0, 3, 0))},
		{AssetIDs: []uuid.UUID{btc}, StartDate: ptr(year(2024)), EndDate: ptr(year(2024).AddDate(0, 6, 0))},
		{AssetIDs: []uuid.UUID{b.eth}, StartDate: ptr(year(2023)), EndDate: ptr(year(2024)), IncludeHidden: true, IncludeFailed: true},
		// joined from the ledger in two halves of the dates (the result rows do not answer a label)
		{AssetIDs: []uuid.UUID{b.eth}, StartDate: ptr(year(2023)), EndDate: ptr(year(2024)), Labels: []string{"buy"}},
		{AssetIDs: []uuid.UUID{b.eth, sol}, StartDate: ptr(year(2023)), EndDate: ptr(year(2024)), Labels: []string{"sell", "trade"}},
		{StartDate: ptr(year(2023).AddDate(0, 2, 0)), EndDate: ptr(year(2024).AddDate(0, 1, 0)), Labels: []string{"staking_reward"}},
		{AssetIDs: []uuid.UUID{btc}, StartDate: ptr(year(2023)), EndDate: ptr(year(2024)), LabelMode: ledger.ModeUnlabeled},
	}
	// count is the model's count of f's matches.
	count := func(f ledger.TxFilter) int64 {
		var n int64
		for _, m := range models {
			in := !m.at.Before(*f.StartDate) && m.at.Before(*f.EndDate) &&
				(len(f.AssetIDs) == 0 || slices.ContainsFunc(m.assets, func(a uuid.UUID) bool { return slices.Contains(f.AssetIDs, a) })) &&
				(len(f.Labels) == 0 || slices.Contains(f.Labels, m.label)) && (f.LabelMode != ledger.ModeUnlabeled || m.label == "")
			if in && !m.deleted && (!m.hidden || f.IncludeHidden) && (!m.failed || f.IncludeFailed) {
				n++
			}
		}
		return n
	}
	small, err := store.Open(b.ctx, b.pool.Config().ConnString()+"&pool_max_conns=2")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(small.Close)
	denied := false // some filter's matches have a denied loss
	check := func(stage string, wantRows bool) {
		t.Helper()
		for i, f := range filters {
			rowsAnswer := wantRows && len(f.Labels) == 0 && f.LabelMode == "" && len(f.AssetIDs) > 0
			want := summaryAgainstLedger(t, b, scope, fmt.Sprintf("%s, filter %d", stage, i), f, rowsAnswer)
			// on one connection (a pool with no room for a second, store.WithSharedSnapshot)
			alone, err := ledger.New(small).Summary(b.ctx, scope, f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := summaryDiff(alone, want); diff != "" {
				t.Errorf("%s, filter %d, one connection: %s", stage, i, diff)
			}
			denied = denied || !want.Denied.IsZero()
			if n := count(f); want.TransactionCount != n {
				t.Errorf("%s, filter %d: %d transactions, the model has %d", stage, i, want.TransactionCount, n)
			}
		}
	}
	run := func() {
		t.Helper()
		if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
			t.Fatal(err)
		}
	}
	check("before any run", false)
	run()
	check("first run", true)
	// The comparison covers each part: matches with a row, clean ones without, disposals, income.
	var rowless, disposals, income int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FILTER (WHERE r.transaction_id IS NULL), count(*) FILTER (WHERE r.sale_term IS NOT NULL),
		count(*) FILTER (WHERE r.income <> 0)
		FROM transactions t JOIN clients c ON c.id = t.client_id
		LEFT JOIN tax_transaction_results r ON r.result_set_id = c.current_result_set_id AND r.transaction_id = t.id
		WHERE t.client_id = $1 AND t.occurred_at >= '2023-01-01Z' AND t.occurred_at < '2024-01-01Z'
		  AND EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND tr.asset_id = $2)`, b.client, b.eth).Scan(&rowless, &disposals, &income); err != nil {
		t.Fatal(err)
	}
	if rowless == 0 || disposals == 0 || income == 0 {
		t.Fatalf("ETH in 2023: %d matches without a row, %d disposals, %d income: the comparison misses a part", rowless, disposals, income)
	}
	for r := 1; r <= 2; r++ {
		n := len(txs)
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			// the edge transactions of ETH: on 2023-01-01, just before it, on 2024-01-01, just before it
			edges := txs[n-12 : n-8]
			moves := map[uuid.UUID]time.Time{
				edges[3]:  year(2024),                        // out of 2023 across its end
				edges[2]:  year(2024).Add(-time.Microsecond), // into 2023 at its end
				edges[1]:  year(2023),                        // into 2023 at its start
				txs[n-40]: year(2023).AddDate(0, r, 0),       // anywhere into 2023
				txs[n-41]: year(2022).AddDate(0, 11, 0),      // out of 2023, maybe
			}
			for id, at := range moves {
				if _, err := e.UpdateTransaction(id, ledger.TransactionPatch{OccurredAt: ptr(at)}); err != nil {
					return err
				}
				models[id].at = at
			}
			for _, x := range []struct {
				tx uuid.UUID
				p  ledger.TransactionPatch
			}{
				{txs[n-30], ledger.TransactionPatch{Label: ptr("buy")}},
				{txs[n-31], ledger.TransactionPatch{ClearLabel: true}},
				{txs[n-35], ledger.TransactionPatch{Label: ptr("staking_reward")}},
				{txs[n-32], ledger.TransactionPatch{IsReviewed: ptr(true)}},
				{txs[n-33], ledger.TransactionPatch{IsHidden: ptr(true)}},
			} {
				if _, err := e.UpdateTransaction(x.tx, x.p); err != nil {
					return err
				}
			}
			models[txs[n-30]].label, models[txs[n-31]].label, models[txs[n-35]].label = "buy", "", "staking_reward"
			models[txs[n-33]].hidden = true
			if err := e.Delete(txs[n-34]); err != nil {
				return err
			}
			models[txs[n-34]].deleted = true
			fee := fees[len(fees)-r]
			if _, err := e.UpdateTransfer(fee[0], fee[1], ledger.TransferPatch{FiatValue: ptr(dec(fmt.Sprintf("%d.75", r)))}); err != nil {
				return err
			}
			// another asset on a transaction: it matches that asset's filters from now on
			moved := txs[n-50]
			if _, err := e.AddTransfer(moved, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("0.1"), ToAccountID: &b.wallet, FiatValue: nd("12.34")}); err != nil {
				return err
			}
			models[moved].assets = append(models[moved].assets, b.eth)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		add(30) // new transactions: dirty until the next run
		stage := fmt.Sprintf("round %d", r)
		if b.dirty(t) < 40 {
			t.Fatalf("%s: %d dirty transactions, want the edited and new ones", stage, b.dirty(t))
		}
		check(stage+", dirty", true)
		run()
		check(stage+", recalculated", true)
	}
	if denied != (country == "CA") {
		t.Errorf("under %s, a denied loss among the matches: %v", country, denied)
	}
}
