package ledger_test

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
)

// TestImportWritesTransactionValues: the values a bulk import writes with the transactions it adds
// and replaces (the transfers' triggers skip them) are the database's definition
// (transaction_fiat_values), checked against hand arithmetic for each shape: a receipt, a swap
// whose larger side wins, a fee left out, a transfer without a value, a sub-cent value rounded.
func TestImportWritesTransactionValues(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6}
	at := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	const other = "0xcccc000000000000000000000000000000000003"
	txs := func(scale string) []imports.Tx {
		k := dec(scale)
		m := func(s string) *decimal.Decimal { d := dec(s).Mul(k); return &d }
		return []imports.Tx{
			{ExternalID: "receipt", Time: at, Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("1"), From: other, To: imports.Self, FiatValue: m("2000.004")}}},
			{ExternalID: "swap", Time: at.Add(time.Minute), Transfers: []imports.Transfer{
				{Asset: eth, Quantity: dec("1"), From: imports.Self, To: other, FiatValue: m("1990")},
				{Asset: usdc, Quantity: dec("2000"), From: other, To: imports.Self, FiatValue: m("2000.005")},
				{Asset: eth, Quantity: dec("0.01"), From: imports.Self, IsFee: true, FiatValue: m("50000")},
			}},
			{ExternalID: "unvalued", Time: at.Add(2 * time.Minute), Transfers: []imports.Transfer{{Asset: usdc, Quantity: dec("5"), From: imports.Self, To: other}}},
		}
	}
	want := func(scale string) map[string]decimal.Decimal {
		k := dec(scale)
		return map[string]decimal.Decimal{"receipt": dec("2000.004").Mul(k).Round(2), "swap": dec("2000.005").Mul(k).Round(2), "unvalued": decimal.Zero}
	}
	check := func(scale string) {
		t.Helper()
		rows, err := b.pool.Query(b.ctx, `SELECT t.external_id, t.fiat_value, v.value FROM transactions t, transaction_fiat_values(ARRAY[t.id]) v
			WHERE t.client_id = $1 AND v.id = t.id AND t.deleted_at IS NULL`, b.client)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var ext string
			var stored, defined decimal.Decimal
			if err := rows.Scan(&ext, &stored, &defined); err != nil {
				t.Fatal(err)
			}
			n++
			if w := want(scale)[ext]; !stored.Equal(w) || !defined.Equal(w) {
				t.Errorf("scale %s, %s: stored %s, defined %s, want %s", scale, ext, stored, defined, w)
			}
		}
		if rows.Err() != nil || n != 3 {
			t.Fatalf("%d transactions (%v)", n, rows.Err())
		}
	}
	b.system(t, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet, txs("1"), nil)
		return err
	})
	check("1")
	// The same transactions again through a replacing import, their values doubled.
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		im, err := e.NewReplacer(b.wallet, nil)
		if err != nil {
			return err
		}
		for _, tx := range txs("2") {
			if err := im.Add(&tx); err != nil {
				return err
			}
		}
		_, err = im.Finish()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	check("2")
}
