package ledger_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/auth"
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
	var pgCPU time.Duration // the Postgres backend's CPU time: what the write costs on an idle machine
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		txs := page(i)
		b.StartTimer()
		var added int
		if err := bd.led.Update(bd.ctx, auth.JobWriteScope(bd.client, "test"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
			var pid int
			if err := e.Tx().QueryRow(bd.ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				return err
			}
			before := cpuTime(pid)
			var err error
			added, err = e.Import(bd.wallet, txs, price)
			pgCPU += cpuTime(pid) - before
			return err
		}); err != nil {
			b.Fatal(err)
		}
		if added != len(txs) {
			b.Fatalf("added %d of %d", added, len(txs))
		}
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "transfers/s")
	if pgCPU > 0 {
		b.ReportMetric(float64(pgCPU.Milliseconds())/float64(b.N), "pg-cpu-ms/op")
	}
}

// cpuTime is a local process's user+system CPU time (0 when it cannot be read: Postgres on
// another host).
func cpuTime(pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(raw)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from 3 (state) on
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.Atoi(f[11])
	stime, _ := strconv.Atoi(f[12])
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ is 100 on Linux
}
