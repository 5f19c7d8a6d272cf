package contracttests

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/taxfile"
)

// TestWalletOrderServiceAgreesWithCalculator: the per-wallet allocation of 2025 fills wallets in
// one documented order, so the service and `taxd compute` give the same gain for a two-wallet
// ledger whose names sort one way and whose account ids the other.
func TestWalletOrderServiceAgreesWithCalculator(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	// "Zeta wallet" is created first (the smaller id), "Alpha wallet" second; Alpha's buy is the
	// first of the ledger.
	e.importFile(t, "Zeta wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-06-01T00:00:00Z,buy,,,1,DOGE2,30000\n")
	alpha := e.importFile(t, "Alpha wallet", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-01-01T00:00:00Z,buy,,,1,DOGE2,10000\n"+
		"2025-03-01T00:00:00Z,sell,1,DOGE2,,,40000\n")
	e.recalculate(t)
	sale := e.accountTxs(t, alpha)[1]

	file := "tx,time,label,asset,quantity,from,to,value\n" +
		"b1,2024-01-01T00:00:00Z,buy,DOGE2,1,,Alpha wallet,10000\n" +
		"b2,2024-06-01T00:00:00Z,buy,DOGE2,1,,Zeta wallet,30000\n" +
		"s1,2025-03-01T00:00:00Z,sell,DOGE2,1,Alpha wallet,,40000\n"
	var stdout, stderr bytes.Buffer
	if err := taxfile.RunCompute([]string{"--input", "-", "--format", "csv", "--method", "fifo"}, strings.NewReader(file), &stdout, &stderr); err != nil {
		t.Fatalf("taxd compute: %v: %s", err, stderr.String())
	}
	rows, err := csv.NewReader(&stdout).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	gain := decimal.Zero
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, r := range rows[1:] {
		if strings.HasPrefix(r[col["transfer"]], "s1") {
			gain = gain.Add(decimal.RequireFromString(r[col["gain"]]))
		}
	}
	if got := decimal.RequireFromString(str(sale.CapGainsSumSigned)).Shift(-2); !got.Equal(gain) {
		t.Fatalf("the service's gain %s, taxd compute's %s", got, gain)
	}
	if !gain.Equal(decimal.NewFromInt(30000)) {
		t.Fatalf("gain %s, want 30000: the wallet first used (Alpha) takes the oldest lot", gain)
	}
}
