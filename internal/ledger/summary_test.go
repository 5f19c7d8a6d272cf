package ledger_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// The summary's fees are the fee transfers' fiat values plus fiat fees given on other transfers,
// of the matching transactions only, summed exactly.
func TestSummaryFeesFollowTheFilter(t *testing.T) {
	b := setup(t)
	btc := uuid.New()
	testfactory.Asset(t, b.pool, b.client, testfactory.AssetID(btc), testfactory.Coin("bitcoin:native", "BTC"))
	day := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	nd := func(s string) decimal.NullDecimal { return decimal.NewNullDecimal(dec(s)) }
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		add := func(at time.Time, label string, transfers ...ledger.NewTransfer) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: at, Label: ptr(label)})
			if err != nil {
				return err
			}
			for _, tr := range transfers {
				if _, err := e.AddTransfer(tx.ID, tr); err != nil {
					return err
				}
			}
			return nil
		}
		// An ETH buy with a fiat fee on the purchase and a gas fee transfer.
		if err := add(day, "buy",
			ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet, FiatValue: nd("2000.10"), FeeFiat: nd("1.05")},
			ledger.NewTransfer{AssetID: b.eth, Quantity: dec("0.001"), FromAccountID: &b.wallet, FiatValue: nd("2.33"), IsFee: true}); err != nil {
			return err
		}
		// A BTC buy with a fee transfer, a day later.
		if err := add(day.AddDate(0, 0, 1), "buy",
			ledger.NewTransfer{AssetID: btc, Quantity: dec("0.1"), ToAccountID: &b.wallet, FiatValue: nd("6000")},
			ledger.NewTransfer{AssetID: btc, Quantity: dec("0.0001"), FromAccountID: &b.wallet, FiatValue: nd("6.01"), IsFee: true}); err != nil {
			return err
		}
		// An unlabeled ETH receipt without fees.
		return add(day.AddDate(0, 0, 2), "",
			ledger.NewTransfer{AssetID: b.eth, Quantity: dec("0.5"), ToAccountID: &b.wallet, FiatValue: nd("1000")})
	})
	if err != nil {
		t.Fatal(err)
	}
	scope := auth.JobScope(b.client, "test")
	for _, c := range []struct {
		name      string
		f         ledger.TxFilter
		count     int64
		fees      string
		unlabeled int64
	}{
		{"all", ledger.TxFilter{}, 3, "9.39", 1},
		{"eth", ledger.TxFilter{AssetIDs: []uuid.UUID{b.eth}}, 2, "3.38", 1},
		{"btc", ledger.TxFilter{AssetIDs: []uuid.UUID{btc}}, 1, "6.01", 0},
		{"later", ledger.TxFilter{StartDate: ptr(day.AddDate(0, 0, 2))}, 1, "0", 1},
	} {
		s, err := b.led.Summary(b.ctx, scope, c.f)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if s.TransactionCount != c.count || !s.Fees.Equal(dec(c.fees)) || s.Unlabeled != c.unlabeled {
			t.Errorf("%s: count %d fees %s unlabeled %d, want %d %s %d", c.name, s.TransactionCount, s.Fees, s.Unlabeled, c.count, c.fees, c.unlabeled)
		}
	}
	// Another client's scope sees none of it.
	other := uuid.New()
	testfactory.Client(t, b.pool, testfactory.ClientID(other), testfactory.ClientNamed("other"))
	s, err := b.led.Summary(b.ctx, auth.JobScope(other, "test"), ledger.TxFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if s.TransactionCount != 0 || !s.Fees.IsZero() {
		t.Errorf("other client: count %d fees %s", s.TransactionCount, s.Fees)
	}
}
