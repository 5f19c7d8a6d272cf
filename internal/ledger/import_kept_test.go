package ledger_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
)

// TestBulkImportWritesKeptFigures: the portfolio's balances and days and the client's fees that a
// bulk import writes itself for the transfers it adds (their insert triggers skip them) equal
// the same figures scanned from the ledger, after an import into an account that already has
// transactions (a receipt, a swap with a fee leg, a failed transaction with a fee, a move to
// another own wallet with a fee in fiat), a hide, a replacing import of the same transactions with
// other quantities and fees (the hidden one among them), an edit and a delete; the whole sequence
// twice in a row, the second adding to what the first left.
func TestBulkImportWritesKeptFigures(t *testing.T) {
	t.Parallel()
	b := setup(t)
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6}
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	txs := func(round int, scale string) []imports.Tx {
		k := dec(scale)
		m := func(s string) *decimal.Decimal { d := dec(s).Mul(k); return &d }
		at := time.Date(2024, 3, 1+round, 23, 30, 0, 0, time.UTC)
		id := func(s string) string { return fmt.Sprintf("%s-%d", s, round) }
		return []imports.Tx{
			{ExternalID: id("receipt"), Time: at, Transfers: []imports.Transfer{{Asset: eth, Quantity: *m("1"), From: addrX, To: imports.Self, FiatValue: m("2000")}}},
			{ExternalID: id("swap"), Time: at.Add(time.Hour), Transfers: []imports.Transfer{ // the next UTC day
				{Asset: eth, Quantity: *m("0.5"), From: imports.Self, To: addrX, FiatValue: m("990")},
				{Asset: usdc, Quantity: *m("1000"), From: addrX, To: imports.Self, FiatValue: m("1000")},
				{Asset: eth, Quantity: *m("0.001"), From: imports.Self, IsFee: true, FiatValue: m("2.5")},
			}},
			{ExternalID: id("failed"), Time: at.Add(2 * time.Hour), Failed: true, Transfers: []imports.Transfer{
				{Asset: eth, Quantity: *m("0.002"), From: imports.Self, IsFee: true, FiatValue: m("4")},
			}},
			{ExternalID: id("move"), Hash: id("0xmove"), Time: at.Add(3 * time.Hour), Transfers: []imports.Transfer{
				{Asset: usdc, Quantity: *m("100"), From: imports.Self, To: addrB, FeeFiat: m("1.25")},
			}},
		}
	}
	check := func(step string) {
		t.Helper()
		b.checkKeptFigures(t, step)
	}
	write := func(step string, fn func(e *ledger.Editor) error) {
		t.Helper()
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, fn); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		check(step)
	}
	// the account has transactions before the first bulk import
	b.sync(t, b.wallet, addrA)
	check("a sync")
	for round := range 2 {
		r := func(s string) string { return fmt.Sprintf("round %d: %s", round, s) }
		write(r("an import"), func(e *ledger.Editor) error {
			n, err := e.Import(b.wallet, txs(round, "1"), nil)
			if err == nil && n != 4 {
				err = fmt.Errorf("%d added, want 4", n)
			}
			return err
		})
		var swap, move uuid.UUID
		if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT id FROM transactions WHERE client_id = $1 AND external_id = $2),
			(SELECT id FROM transactions WHERE client_id = $1 AND external_id = $3)`,
			b.client, fmt.Sprintf("swap-%d", round), fmt.Sprintf("move-%d", round)).Scan(&swap, &move); err != nil {
			t.Fatal(err)
		}
		write(r("a hide"), func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{move}, true) })
		write(r("a replacing import"), func(e *ledger.Editor) error {
			im, err := e.NewReplacer(b.wallet, nil)
			if err != nil {
				return err
			}
			for _, tx := range txs(round, "3") {
				if err := im.Add(&tx); err != nil {
					im.Abort()
					return err
				}
			}
			_, err = im.Finish()
			return err
		})
		write(r("an unhide"), func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{move}, false) })
		write(r("an edit"), func(e *ledger.Editor) error {
			at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			_, err := e.UpdateTransaction(swap, ledger.TransactionPatch{OccurredAt: &at})
			return err
		})
		write(r("a delete"), func(e *ledger.Editor) error { return e.Delete(swap) })
	}
}

// checkKeptFigures compares the portfolio's balances and days and the client's fees, as kept, with
// the same figures scanned from the ledger.
func (b *bundle) checkKeptFigures(t *testing.T, step string) {
	t.Helper()
	for _, c := range []struct{ name, kept, scan string }{
		{"balances", `SELECT account_id::text || '/' || asset_id::text, quantity FROM portfolio_balances WHERE client_id = $1 AND quantity <> 0`, `
			SELECT acct::text || '/' || asset_id::text, sum(q) FROM (
			  SELECT tr.to_account_id AS acct, tr.asset_id, tr.quantity AS q FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			   WHERE t.client_id = $1 AND tr.to_account_id IS NOT NULL AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
			  UNION ALL
			  SELECT tr.from_account_id, tr.asset_id, -tr.quantity FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			   WHERE t.client_id = $1 AND tr.from_account_id IS NOT NULL AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden) x
			GROUP BY 1 HAVING sum(q) <> 0`},
		{"days", `SELECT day::text || '/' || asset_id::text, delta FROM portfolio_balance_days WHERE client_id = $1 AND delta <> 0`, `
			SELECT (t.occurred_at AT TIME ZONE 'UTC')::date::text || '/' || tr.asset_id::text,
			       sum(CASE WHEN tr.to_account_id IS NOT NULL THEN tr.quantity ELSE 0 END - CASE WHEN tr.from_account_id IS NOT NULL THEN tr.quantity ELSE 0 END)
			  FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			 WHERE t.client_id = $1 AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
			 GROUP BY 1 HAVING sum(CASE WHEN tr.to_account_id IS NOT NULL THEN tr.quantity ELSE 0 END - CASE WHEN tr.from_account_id IS NOT NULL THEN tr.quantity ELSE 0 END) <> 0`},
		{"fees", `SELECT 'fees', fees FROM client_transaction_counts WHERE client_id = $1`, `
			SELECT 'fees', coalesce(sum(CASE WHEN tr.is_fee THEN coalesce(tr.fiat_value, 0) ELSE 0 END + coalesce(tr.fee_fiat, 0)), 0)
			  FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			 WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed
			   AND NOT tr.is_hidden AND (tr.is_fee OR tr.fee_fiat IS NOT NULL)`},
	} {
		kept, scan := b.figures(t, c.kept), b.figures(t, c.scan)
		if len(kept) != len(scan) {
			t.Fatalf("%s: %s: kept %v, scanned %v", step, c.name, kept, scan)
		}
		for k, v := range scan {
			if !kept[k].Equal(v) {
				t.Fatalf("%s: %s %s: kept %s, scanned %s", step, c.name, k, kept[k], v)
			}
		}
	}
}

// figures reads rows of (key, amount) of b's client.
func (b *bundle) figures(t *testing.T, sql string) map[string]decimal.Decimal {
	t.Helper()
	rows, err := b.pool.Query(b.ctx, sql, b.client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]decimal.Decimal{}
	for rows.Next() {
		var k string
		var v decimal.Decimal
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
