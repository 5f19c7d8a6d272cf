package bench_test

import (
	"bytes"
	"testing"

	"taxd/internal/bench"
	"taxd/internal/imports"
)

// The generated file is valid generic CSV with every kind of row, and the same seed writes the
// same bytes.
func TestGenericCSV(t *testing.T) {
	t.Parallel()
	var a, b bytes.Buffer
	if err := bench.GenericCSV(&a, 2000, 7); err != nil {
		t.Fatal(err)
	}
	if err := bench.GenericCSV(&b, 2000, 7); err != nil {
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
