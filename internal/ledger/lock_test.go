package ledger_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// The tax lock: every kind of edit of a transaction dated before lockTaxesUntil (midnight of that
// day in the client's timezone), or moving one into or out of the locked period, fails with
// TaxesLocked and leaves nothing behind; edits after it go through. The check lives in the one
// write every edit ends in (Editor.dirty), so edits added later inherit it.
func TestEditsBeforeTheTaxLockAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	testfactory.Exec(t, b.pool, `UPDATE clients SET timezone = 'America/New_York' WHERE id = $1`, b.client)
	create := func(at time.Time) (uuid.UUID, error) {
		var id uuid.UUID
		err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: at})
			if err != nil {
				return err
			}
			id = tx.ID
			_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet,
				FiatValue: decimal.NullDecimal{Decimal: dec("3000"), Valid: true}})
			return err
		})
		return id, err
	}
	// 2024-12-31 23:30 in New York is 2025-01-01 04:30 UTC: still before the lock of 2025-01-01 there
	early, err := create(time.Date(2025, 1, 1, 4, 30, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	late, err := create(time.Date(2025, 1, 1, 5, 30, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	b.settle(t)
	testfactory.Exec(t, b.pool, `UPDATE clients SET lock_taxes_until = '2025-01-01' WHERE id = $1`, b.client)
	var audits int
	count := func() int {
		t.Helper()
		var n int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM audit_logs WHERE client_id = $1`, b.client).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	audits = count()
	locked := func(name string, err error) {
		t.Helper()
		if apperr.KindOf(err) != apperr.TaxesLocked {
			t.Errorf("%s: %v, want TaxesLocked", name, err)
		}
	}
	edit := func(fn func(e *ledger.Editor) error) error {
		return b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, fn)
	}
	_, err = create(time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
	locked("create before the lock", err)
	locked("label before the lock", edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(early, ledger.TransactionPatch{Label: ptr("sell")})
		return err
	}))
	locked("move out of the locked period", edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(early, ledger.TransactionPatch{OccurredAt: ptr(time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC))})
		return err
	}))
	locked("move into the locked period", edit(func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(late, ledger.TransactionPatch{OccurredAt: ptr(time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))})
		return err
	}))
	locked("hide before the lock", edit(func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{early}, true) }))
	locked("delete before the lock", edit(func(e *ledger.Editor) error { return e.Delete(early) }))
	if b.dirty(t) != 0 || count() != audits {
		t.Errorf("refused edits left %d dirty items and %d audit entries", b.dirty(t), count()-audits)
	}
	// after the lock: allowed, twice in a row
	for i := range 2 {
		if err := edit(func(e *ledger.Editor) error {
			_, err := e.UpdateTransaction(late, ledger.TransactionPatch{Notes: ptr("checked " + string(rune('a'+i)))})
			return err
		}); err != nil {
			t.Fatalf("edit after the lock: %v", err)
		}
	}
	if b.dirty(t) != 1 {
		t.Errorf("dirty %d after an allowed edit, want 1", b.dirty(t))
	}
	// without a lock everything goes again
	testfactory.Exec(t, b.pool, `UPDATE clients SET lock_taxes_until = NULL WHERE id = $1`, b.client)
	if err := edit(func(e *ledger.Editor) error { return e.Delete(early) }); err != nil {
		t.Errorf("delete without a lock: %v", err)
	}
}
