package ledger_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

// gainLossFilter selects by the sign of capGainsSumSigned, the gain in cents: a disposal whose
// gain rounds to 0 cents ("0") is neither a gain nor a loss, in the list and in the summary.
func TestGainLossFollowsTheCents(t *testing.T) {
	b := setup(t)
	scope := auth.JobScope(b.client, "test")
	nd := func(s string) decimal.NullDecimal { return decimal.NewNullDecimal(dec(s)) }
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	sales := map[string]uuid.UUID{}
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		buy, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: day, Label: ptr("buy")})
		if err != nil {
			return err
		}
		if _, err := e.AddTransfer(buy.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet, FiatValue: nd("100")}); err != nil {
			return err
		}
		// 0.1 ETH each (basis 10.00), sold for a gain of +0.004, +0.006, -0.004 and -0.006
		for i, proceeds := range []string{"10.004", "10.006", "9.996", "9.994"} {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: day.AddDate(0, 0, i+1), Label: ptr("sell")})
			if err != nil {
				return err
			}
			if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("0.1"), FromAccountID: &b.wallet, FiatValue: nd(proceeds)}); err != nil {
				return err
			}
			sales[proceeds] = tx.ID
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: b.pool, Full: true}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		filter ledger.GainLoss
		want   string // the one sale that matches
	}{{ledger.Gain, "10.006"}, {ledger.Loss, "9.994"}} {
		l, err := b.led.List(b.ctx, scope, ledger.TxFilter{GainLoss: c.filter}, ledger.TxPage{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Rows) != 1 || l.Rows[0].ID != sales[c.want] {
			var got []uuid.UUID
			for _, r := range l.Rows {
				got = append(got, r.ID)
			}
			t.Errorf("%s: %v, want only the sale for %s (%s)", c.filter, got, c.want, sales[c.want])
		}
		s, err := b.led.Summary(b.ctx, scope, ledger.TxFilter{GainLoss: c.filter})
		if err != nil {
			t.Fatal(err)
		}
		if s.TransactionCount != 1 {
			t.Errorf("%s summary: %d transactions, want 1", c.filter, s.TransactionCount)
		}
	}
}
