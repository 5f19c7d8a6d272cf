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

// The summaries from kept figures equal the summary joined from the ledger after every kind of
// ledger write (everyWrite, run twice) and after full and incremental recalculations between them;
// with a spam asset the ledger answers. Unfiltered: the client's counts kept by triggers on
// transactions, the result set's totals kept by the recalculation, the dirty transactions from the
// ledger. hasIncome, alone and with providers (the two wallets', the file account's, one without
// accounts): the income rows' totals kept per account by the result rows' triggers, less the dirty
// transactions' rows, plus those from the ledger.
func TestSummaryFromKeptFiguresFollowsEveryWrite(t *testing.T) {
	b := setup(t)
	scope := auth.JobScope(b.client, "test")
	yes := true
	filters := []ledger.TxFilter{{}, {HasIncome: &yes}, {HasIncome: &yes, Providers: []string{"ethereum"}},
		{HasIncome: &yes, Providers: []string{"generic"}}, {HasIncome: &yes, Providers: []string{"coinbase"}}}
	seedIncome(t, b)
	income := false
	compare := func(stage string) bool {
		t.Helper()
		answered := true
		for i, f := range filters {
			want, err := ledger.SummaryFromLedger(b.ctx, b.led, scope, f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := b.led.Summary(b.ctx, scope, f)
			if err != nil {
				t.Fatal(err)
			}
			if diff := summaryDiff(got, want); diff != "" {
				t.Errorf("%s, filter %d: %s", stage, i, diff)
			}
			kept, ok, err := ledger.KeptSummary(b.ctx, b.led, scope, f)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				if diff := summaryDiff(kept, want); diff != "" {
					t.Errorf("%s, filter %d, kept figures: %s", stage, i, diff)
				}
			}
			answered = answered && ok
			income = income || (f.HasIncome != nil && f.Providers != nil && want.TransactionCount > 1 && !want.Income.IsZero() &&
				want.Unlabeled+want.Reviewed > 0 && !want.Fees.IsZero())
		}
		return answered
	}
	checks, kept, figures := 0, 0, false
	everyWrite(t, b, func(after string, _ []uuid.UUID) {
		t.Helper()
		if compare(after + ", spam asset as it is") {
			kept++
		}
		// The sequence keeps an asset marked spam; unmarked, the kept figures answer.
		var spam []uuid.UUID
		rows, err := b.pool.Query(b.ctx, `UPDATE assets SET is_spam = false WHERE client_id = $1 AND is_spam RETURNING id`, b.client)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			spam = append(spam, id)
		}
		rows.Close()
		checks++
		for _, full := range []bool{checks%3 == 0, checks%3 == 1} {
			if compare(after) {
				kept++
			}
			if checks%3 == 2 {
				break // this write stays dirty
			}
			if _, err := (&recalc.Runner{Pool: b.pool, Full: full}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
				t.Fatal(err)
			}
			if !compare(fmt.Sprintf("%s, recalculated (full %v)", after, full)) {
				t.Errorf("%s: the kept figures do not answer after a recalculation", after)
			}
			kept++
		}
		s, err := b.led.Summary(b.ctx, scope, ledger.TxFilter{})
		if err != nil {
			t.Fatal(err)
		}
		figures = figures || (s.TransactionCount > 3 && s.DisposalCount > 0 && s.Unlabeled > 0 && s.Reviewed > 0)
		testfactory.Exec(t, b.pool, `UPDATE assets SET is_spam = true WHERE id = ANY($1)`, spam)
	})
	if kept < checks {
		t.Errorf("the kept figures answered %d of %d checks", kept, 3*checks)
	}
	if !figures {
		t.Error("the summary never had transactions, disposals, unlabeled and reviewed ones together: the comparison says little")
	}
	if !income {
		t.Error("the income summary of a provider never had transactions, income, fees and unlabeled or reviewed ones: the comparison says little")
	}
}

// seedIncome gives b's client income in both wallets: staking rewards labelled on the transaction
// or on the transfer alone (the transaction without a label), with and without a fee, reviewed and
// not.
func seedIncome(t *testing.T, b *bundle) {
	t.Helper()
	reward, yes := "staking_reward", true
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "user:income"}, func(e *ledger.Editor) error {
		for i := range 6 {
			account := []uuid.UUID{b.wallet, b.wallet2}[i%2]
			in := ledger.NewTransaction{AccountID: &account, OccurredAt: t0.Add(time.Duration(i+1) * time.Hour)}
			leg := ledger.NewTransfer{AssetID: b.eth, Quantity: decimal.New(int64(i+1), -1), ToAccountID: &account,
				FiatValue: decimal.NewNullDecimal(decimal.NewFromInt(int64(100 * (i + 1))))}
			if i%3 == 0 {
				leg.Label = &reward
			} else {
				in.Label = &reward
			}
			tx, err := e.CreateTransaction(in)
			if err != nil {
				return err
			}
			if _, err := e.AddTransfer(tx.ID, leg); err != nil {
				return err
			}
			if i%2 == 1 {
				fee := ledger.NewTransfer{AssetID: b.eth, Quantity: decimal.New(1, -3), FromAccountID: &account, IsFee: true,
					FiatValue: decimal.NewNullDecimal(decimal.NewFromInt(3))}
				if _, err := e.AddTransfer(tx.ID, fee); err != nil {
					return err
				}
			}
			if i < 4 {
				if _, err := e.UpdateTransaction(tx.ID, ledger.TransactionPatch{IsReviewed: &yes}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
