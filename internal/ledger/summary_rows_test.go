package ledger_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// A summary of a filter that needs a tax result totals the result rows, which carry their
// transactions' columns as the recalculation read them, and reads dirty transactions from the
// ledger. Through rounds of edits (labels, review, hiding, deleting, moving in time, fee values,
// removing an account), new transactions, incremental and full recalculations, it equals the
// summary joined from the ledger for every filter, both while the client is dirty and after a run;
// and the rows of clean transactions equal their transactions.
func TestSummaryFromResultRowsFollowsTheLedger(t *testing.T) {
	b := setup(t)
	scope := auth.JobScope(b.client, "test")
	btc, exch := uuid.New(), uuid.New()
	testfactory.Asset(t, b.pool, b.client, testfactory.AssetID(btc), testfactory.Coin("bitcoin:native", "BTC"))
	testfactory.Account(t, b.pool, b.client, testfactory.AccountID(exch), testfactory.Exchange("coinbase"), testfactory.Named("x"))
	nd := func(s string) decimal.NullDecimal { return decimal.NewNullDecimal(dec(s)) }
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var txs []uuid.UUID  // every transaction created, in order
	var fees []uuid.UUID // fee transfers, by transaction index / 4
	// round r adds 12 transactions per account: income (some with fiat fees), buys, sells with a
	// fee transfer.
	add := func(r int) {
		t.Helper()
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			for k, acct := range []uuid.UUID{b.wallet, b.wallet2, exch} {
				for i := 0; i < 12; i++ {
					at := start.AddDate(0, r, 0).Add(time.Duration(k*100+i) * time.Hour)
					label, asset := "staking_reward", b.eth
					if i%2 == 1 {
						asset = btc
					}
					var trs []ledger.NewTransfer
					switch i % 4 {
					case 0, 1:
						trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("0.5"), ToAccountID: &acct, FiatValue: nd(fmt.Sprintf("%d.25", 100+i)), FeeFiat: nd(fmt.Sprintf("0.%02d", i+1))}}
						if i%8 == 1 {
							label = "mining"
						}
					case 2:
						label = "buy"
						trs = []ledger.NewTransfer{{AssetID: asset, Quantity: dec("2"), ToAccountID: &acct, FiatValue: nd("900.10")}}
					case 3:
						label = "sell"
						trs = []ledger.NewTransfer{
							{AssetID: asset, Quantity: dec("1"), FromAccountID: &acct, FiatValue: nd(fmt.Sprintf("%d.75", 400+i*10))},
							{AssetID: asset, Quantity: dec("0.01"), FromAccountID: &acct, FiatValue: nd("3.33"), IsFee: true},
						}
					}
					tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &acct, OccurredAt: at, Label: ptr(label)})
					if err != nil {
						return err
					}
					for _, tr := range trs {
						made, err := e.AddTransfer(tx.ID, tr)
						if err != nil {
							return err
						}
						if tr.IsFee {
							fees = append(fees, made.ID)
						}
					}
					txs = append(txs, tx.ID)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	add(0)
	// One failed income transaction (as an importer marks it; it is new, so dirty already).
	testfactory.Exec(t, b.pool, `UPDATE transactions SET is_failed = true WHERE id = $1`, txs[4])

	yes := true
	from, to := start.AddDate(0, 0, 3), start.AddDate(0, 3, 0)
	filters := []ledger.TxFilter{
		{HasIncome: &yes},
		{HasIncome: &yes, Providers: []string{"ethereum"}},
		{HasIncome: &yes, Providers: []string{"coinbase"}, IncludeFailed: true},
		{HasIncome: &yes, AccountIDs: []uuid.UUID{b.wallet}},
		{HasIncome: &yes, StartDate: &from, EndDate: &to, Labels: []string{"staking_reward"}},
		{HasIncome: &yes, AssetIDs: []uuid.UUID{btc}},
		{HasIncome: &yes, Reviewed: &yes},
		{HasIncome: &yes, LabelMode: ledger.ModeExclude, Labels: []string{"mining"}},
		{OnlyDisposals: true},
		{OnlyDisposals: true, Providers: []string{"ethereum"}, StartDate: &from},
		{GainLoss: ledger.Gain},
		{FinancialEvent: ledger.EventIncome, IncludeHidden: true},
	}
	// filters with a condition on a column a result row does not carry: the ledger answers them
	above := dec("100")
	ledgerOnly := []ledger.TxFilter{
		{HasIncome: &yes, AmountOp: ledger.OpGt, AmountValue: &above},
		{OnlyDisposals: true, AmountOp: ledger.OpLte, AmountValue: &above},
	}
	check := func(stage string, wantRows, nonEmpty bool) {
		t.Helper()
		for i, f := range filters {
			want := summaryAgainstLedger(t, b, scope, fmt.Sprintf("%s, filter %d", stage, i), f, wantRows)
			if nonEmpty && want.TransactionCount == 0 && (f.HasIncome != nil || f.OnlyDisposals) && f.Reviewed == nil {
				t.Errorf("%s, filter %d matches nothing: the comparison shows nothing", stage, i)
			}
		}
		for i, f := range ledgerOnly {
			summaryAgainstLedger(t, b, scope, fmt.Sprintf("%s, ledger's filter %d", stage, i), f, false)
		}
		// The unfiltered summary from kept figures, which answer whenever a run is current.
		kept, ok, err := ledger.KeptSummary(b.ctx, b.led, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		all, err := ledger.SummaryFromLedger(b.ctx, b.led, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if ok != wantRows {
			t.Errorf("%s: the kept figures answer %v, want %v", stage, ok, wantRows)
		} else if diff := summaryDiff(kept, all); ok && diff != "" {
			t.Errorf("%s, unfiltered from kept figures: %s", stage, diff)
		}
		// The rows of clean transactions equal them.
		var stale int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM tax_transaction_results r
			JOIN clients c ON c.current_result_set_id = r.result_set_id JOIN transactions t ON t.id = r.transaction_id
			WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM dirty_marks d WHERE d.transaction_id = t.id)
			  AND (r.account_id IS DISTINCT FROM t.account_id OR r.occurred_at <> t.occurred_at OR r.label IS DISTINCT FROM t.label
			    OR r.is_reviewed <> t.is_reviewed OR r.is_failed <> t.is_failed OR t.is_hidden OR t.deleted_at IS NOT NULL
			    OR r.fees <> (SELECT coalesce(sum(CASE WHEN fe.is_fee THEN coalesce(fe.fiat_value, 0) ELSE 0 END + coalesce(fe.fee_fiat, 0)), 0)
			                    FROM transfers fe WHERE fe.transaction_id = t.id AND NOT fe.is_hidden))`, b.client).Scan(&stale); err != nil {
			t.Fatal(err)
		}
		if stale != 0 {
			t.Errorf("%s: %d result rows differ from their clean transactions", stage, stale)
		}
	}
	run := func(full bool) recalc.Timings {
		t.Helper()
		tm, err := (&recalc.Runner{Pool: b.pool, Full: full}).Run(b.ctx, auth.JobWriteScope(b.client, "test"))
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	check("before any run", false, false) // no result set: joined from the ledger
	run(false)
	check("first run", true, true)
	// A set written before its rows carried the columns is joined from the ledger, and the next
	// run, which could have been incremental, writes it again in full.
	testfactory.Exec(t, b.pool, `UPDATE tax_result_sets SET transaction_columns = 'none' WHERE client_id = $1`, b.client)
	check("set without the columns", false, true)
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(txs[len(txs)-1], ledger.TransactionPatch{IsReviewed: &yes})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if tm := run(false); tm.Incremental {
		t.Fatal("a set without the columns was recalculated incrementally")
	}
	check("set written again", true, true)
	for r := 1; r <= 3; r++ {
		n := len(txs)
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			edits := []struct {
				tx uuid.UUID
				p  ledger.TransactionPatch
			}{
				{txs[n-36], ledger.TransactionPatch{Label: ptr("buy")}},                       // income relabeled
				{txs[n-35], ledger.TransactionPatch{IsReviewed: &yes}},                        // reviewed
				{txs[n-32], ledger.TransactionPatch{IsHidden: &yes}},                          // hidden
				{txs[n-28], ledger.TransactionPatch{OccurredAt: ptr(start.AddDate(0, 5, r))}}, // moved in time
				{txs[n-24], ledger.TransactionPatch{ClearLabel: true}},                        // unlabeled
			}
			for _, x := range edits {
				if _, err := e.UpdateTransaction(x.tx, x.p); err != nil {
					return err
				}
			}
			if err := e.Delete(txs[n-20]); err != nil {
				return err
			}
			fee := fees[len(fees)-1]
			_, err := e.UpdateTransfer(txs[n-1], fee, ledger.TransferPatch{FiatValue: ptr(dec(fmt.Sprintf("%d.5", r)))})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if r == 2 { // the exchange's transactions go with it
			if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
				_, err := e.RemoveAccount(exch)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		add(r) // new transactions: dirty until the next run
		stage := fmt.Sprintf("round %d", r)
		if b.dirty(t) < 36 {
			t.Fatalf("%s: %d dirty transactions, want the edited and new ones", stage, b.dirty(t))
		}
		check(stage+", dirty", true, false)
		run(r == 2)
		check(stage+", recalculated", true, true)
	}
	// A spam asset: a run leaves its transfers out of the rows' fees, so the ledger answers.
	testfactory.Exec(t, b.pool, `UPDATE assets SET is_spam = true WHERE id = $1`, btc)
	check("spam asset", false, false)
	run(false)
	check("spam asset, recalculated", false, false)
}

// summaryAgainstLedger checks that f's summary reads the result rows exactly when wantRows says
// and equals the plain ledger join's (what), and returns the ledger join's.
func summaryAgainstLedger(t *testing.T, b *bundle, scope auth.ClientScope, what string, f ledger.TxFilter, wantRows bool) ledger.TxSummary {
	t.Helper()
	reads, err := ledger.SummaryReadsResultRows(b.ctx, b.led, scope, f)
	if err != nil {
		t.Fatal(err)
	}
	if reads != wantRows {
		t.Fatalf("%s: reads result rows %v, want %v", what, reads, wantRows)
	}
	got, err := b.led.Summary(b.ctx, scope, f)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want, err := ledger.SummaryFromLedger(b.ctx, b.led, scope, f)
	if err != nil {
		t.Fatal(err)
	}
	if diff := summaryDiff(got, want); diff != "" {
		t.Errorf("%s: %s", what, diff)
	}
	return want
}

func summaryDiff(got, want ledger.TxSummary) string {
	type pair struct {
		name string
		a, b decimal.Decimal
	}
	for _, p := range []pair{
		{"transactions", decimal.NewFromInt(got.TransactionCount), decimal.NewFromInt(want.TransactionCount)},
		{"disposals", decimal.NewFromInt(got.DisposalCount), decimal.NewFromInt(want.DisposalCount)},
		{"proceeds", got.Proceeds, want.Proceeds}, {"basis", got.Basis, want.Basis}, {"gain", got.Gain, want.Gain},
		{"short", got.ShortTermGain, want.ShortTermGain}, {"long", got.LongTermGain, want.LongTermGain},
		{"income", got.Income, want.Income}, {"fees", got.Fees, want.Fees}, {"denied", got.Denied, want.Denied},
		{"unlabeled", decimal.NewFromInt(got.Unlabeled), decimal.NewFromInt(want.Unlabeled)},
		{"reviewed", decimal.NewFromInt(got.Reviewed), decimal.NewFromInt(want.Reviewed)},
		{"missing basis", decimal.NewFromInt(got.MissingBasis), decimal.NewFromInt(want.MissingBasis)},
		{"negative", decimal.NewFromInt(got.NegativeBalance), decimal.NewFromInt(want.NegativeBalance)},
	} {
		if !p.a.Equal(p.b) {
			return fmt.Sprintf("%s %s, from the ledger %s", p.name, p.a, p.b)
		}
	}
	if got.IsStale != want.IsStale {
		return fmt.Sprintf("stale %v, from the ledger %v", got.IsStale, want.IsStale)
	}
	return ""
}
