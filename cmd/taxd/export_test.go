package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/pgtest"
	"taxd/internal/taxfile"
)

// taxd export writes a client's ledger that taxd compute reads back with the flags of its first
// line: a file imported into the client (1 ETH bought for 1,000; 0.4 sold for 700 in 2024, paying
// 0.002 ETH worth 5 of fee) gives the gains computed by hand on the file's named account: the sale
// 700 - 5 - 400 = 295, the fee coins 5 - 2 = 3.
func TestExportComputesTheLedger(t *testing.T) {
	url, dir := pgtest.URL(t), t.TempDir()
	pool := pgtest.PoolFor(t, url)
	client := uuid.New()
	if _, err := pool.Exec(context.Background(), `INSERT INTO clients (id, name) VALUES ($1, 'Export Client')`, client); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "trades.csv")
	if err := os.WriteFile(in, []byte("date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd,fee_fiat_usd\n"+
		"2024-01-10T12:00:00Z,buy,,,1,ETH,,,1000,\n"+
		"2024-06-01T12:00:00Z,sell,0.4,ETH,,,0.002,ETH,700,5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	db := []string{"--database-url", url, "--data-dir", dir}
	if err := run(append([]string{"import", in, "--client", client.String(), "--offline"}, db...), nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "ledger.csv")
	var stderr bytes.Buffer
	if err := run(append([]string{"export", "--client", client.String(), "--out", out}, db...), nil, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(raw), "\n")
	_, command, ok := strings.Cut(first, ": taxd compute ")
	if !ok || !strings.Contains(stderr.String(), "taxd compute "+command) {
		t.Fatalf("first line %q, stderr %q: want the taxd compute command on both", first, stderr.String())
	}
	if !strings.Contains(command, "--method fifo --per-wallet-from 2025-01-01T00:00:00Z") || !strings.Contains(string(raw), ",ETH,1,,trades.csv,") {
		t.Fatalf("the export does not name the settings, the asset or the account:\n%s", raw)
	}
	var disposals, summary bytes.Buffer
	args := append(strings.Fields(command), "--format", "csv")
	if err := taxfile.RunCompute(args, nil, &disposals, &summary); err != nil {
		t.Fatalf("taxd compute %v: %v: %s", args, err, summary.String())
	}
	rows, err := csv.NewReader(&disposals).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || !decimal.RequireFromString(rows[1][11]).Equal(decimal.NewFromInt(295)) || rows[1][3] != "trades.csv" ||
		!decimal.RequireFromString(rows[2][11]).Equal(decimal.NewFromInt(3)) {
		t.Fatalf("taxd compute on the export: %v", rows)
	}
}
