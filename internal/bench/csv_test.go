package bench_test

import (
	"bytes"
	"strings"
	"testing"

	"taxd/internal/bench"
	"taxd/internal/imports"
)

// The generated file is valid generic CSV with every kind of row, and the same seed writes the
// same bytes.
func TestGenericCSV(t *testing.T) {
	t.Parallel()
	var a, b bytes.Buffer
	if err := bench.GenericCSV(&a, 2000, 7, false); err != nil {
		t.Fatal(err)
	}
	if err := bench.GenericCSV(&b, 2000, 7, false); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same seed, different files")
	}
	txs, err := imports.ParseCSV(bytes.NewReader(a.Bytes()), imports.CSVGeneric)
	if err != nil {
		t.Fatal(err)
	}
	if len(txs) != 2000 {
		t.Fatalf("%d transactions, want 2000", len(txs))
	}
	kinds := map[string]int{}
	for _, tx := range txs {
		kinds[tx.Label]++
		for _, tr := range tx.Transfers {
			if tr.FiatValue == nil {
				t.Fatalf("%s: a transfer without a value: %+v", tx.Label, tr)
			}
		}
	}
	for _, k := range []string{imports.LabelBuy, imports.LabelSell, imports.LabelTrade, imports.LabelStakingReward, imports.LabelFee} {
		if kinds[k] == 0 {
			t.Errorf("no %s row in %v", k, kinds)
		}
	}
}

// With txHashes every row carries its own 66-character 0x hash and the file is otherwise the same:
// the same transactions, labels and quantities as without.
func TestGenericCSVTxHashes(t *testing.T) {
	t.Parallel()
	var plain, hashed bytes.Buffer
	if err := bench.GenericCSV(&plain, 2000, 7, false); err != nil {
		t.Fatal(err)
	}
	if err := bench.GenericCSV(&hashed, 2000, 7, true); err != nil {
		t.Fatal(err)
	}
	without, err := imports.ParseCSV(bytes.NewReader(plain.Bytes()), imports.CSVGeneric)
	if err != nil {
		t.Fatal(err)
	}
	with, err := imports.ParseCSV(bytes.NewReader(hashed.Bytes()), imports.CSVGeneric)
	if err != nil {
		t.Fatal(err)
	}
	if len(with) != len(without) {
		t.Fatalf("%d transactions with hashes, %d without", len(with), len(without))
	}
	seen := map[string]bool{}
	for i, tx := range with {
		if len(tx.Hash) != 66 || !strings.HasPrefix(tx.Hash, "0x") || strings.Trim(tx.Hash[2:], "0123456789abcdef") != "" {
			t.Fatalf("row %d: hash %q, want 0x and 64 hex digits", i, tx.Hash)
		}
		if seen[tx.Hash] {
			t.Fatalf("row %d: hash %s repeated", i, tx.Hash)
		}
		seen[tx.Hash] = true
		o := without[i]
		if tx.Label != o.Label || !tx.Time.Equal(o.Time) || len(tx.Transfers) != len(o.Transfers) {
			t.Fatalf("row %d differs beyond its hash: %+v, without hashes %+v", i, tx, o)
		}
		for j, tr := range tx.Transfers {
			if !tr.Quantity.Equal(o.Transfers[j].Quantity) {
				t.Fatalf("row %d transfer %d: quantity %s, without hashes %s", i, j, tr.Quantity, o.Transfers[j].Quantity)
			}
		}
	}
}
