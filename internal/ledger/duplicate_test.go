package ledger_test

import (
	"testing"
	"time"

	"taxd/internal/auth"
	"taxd/internal/ledger"
)

// A copy of a transaction keeps its transfers' basis and acquisition-date overrides: the copied
// acquisition creates the same lot as the original.
func TestDuplicateKeepsTheOverrides(t *testing.T) {
	b := setup(t)
	acquired := time.Date(2021, 6, 1, 0, 0, 0, 0, time.UTC)
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), Label: ptr("gift_received")})
		if err != nil {
			return err
		}
		tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet})
		if err != nil {
			return err
		}
		if _, err := e.UpdateTransfer(tx.ID, tr.ID, ledger.TransferPatch{BasisFiatValue: ptr(dec("1234.56")), PurchaseDateOverride: &acquired}); err != nil {
			return err
		}
		cp, err := e.DuplicateTransaction(tx.ID)
		if err != nil {
			return err
		}
		trs, err := e.Transfers(cp.ID)
		if err != nil {
			return err
		}
		if len(trs) != 1 {
			t.Fatalf("the copy has %d transfers", len(trs))
		}
		c := trs[0]
		if !c.BasisFiatValue.Valid || !c.BasisFiatValue.Decimal.Equal(dec("1234.56")) || c.PurchaseDateOverride == nil || !c.PurchaseDateOverride.Equal(acquired) {
			t.Errorf("the copied transfer: basis %v, purchase date %v; want 1234.56 and %s", c.BasisFiatValue, c.PurchaseDateOverride, acquired)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
