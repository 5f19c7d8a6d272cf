package ledger_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
	"taxd/internal/ledger"
)

// BenchmarkImportSyncPage writes one sync page of 10,000 transfers (an EVM wallet's page: 5,000
// transactions of a token transfer and a fee) through the bulk path, as the sync worker does.
func BenchmarkImportSyncPage(b *testing.B) {
	bd := setup(b)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6}
	const self = "0xaaaa000000000000000000000000000000000001"
	page := func(run int) []imports.Tx {
		txs := make([]imports.Tx, 5000)
		at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range txs {
			h := fmt.Sprintf("0x%08x%056x", run, i)
			txs[i] = imports.Tx{ExternalID: h, Hash: h, Time: at.Add(time.Duration(i) * time.Minute), Transfers: []imports.Transfer{
				{Asset: usdc, Quantity: dec("125.5"), From: self, To: fmt.Sprintf("0x%040x", i)},
				{Asset: eth, Quantity: dec("0.00042"), From: self, IsFee: true},
			}}
		}
		return txs
	}
	price := func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
		return dec("1"), true, nil
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		txs := page(i)
		b.StartTimer()
		var added int
		if err := bd.led.Update(bd.ctx, bd.client, ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
			var err error
			added, err = e.Import(bd.wallet, txs, price)
			return err
		}); err != nil {
			b.Fatal(err)
		}
		if added != len(txs) {
			b.Fatalf("added %d of %d", added, len(txs))
		}
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "transfers/s")
}
