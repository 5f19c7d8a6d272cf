package etherscanfake

import (
	"strings"
	"testing"
)

func TestFixturesAreWellFormed(t *testing.T) {
	fx, err := Fixtures()
	if err != nil {
		t.Fatal(err)
	}
	if len(fx) < 45 {
		t.Fatalf("%d fixtures, want at least 45", len(fx))
	}
	chains := map[string]int{}
	for _, f := range fx {
		chains[f.Chain]++
		name := f.Chain + " " + f.Tx.Hash
		if len(f.Tx.Hash) != 66 || f.Tx.Hash != strings.ToLower(f.Tx.Hash) || f.Receipt.TransactionHash != f.Tx.Hash {
			t.Errorf("%s: hash %q / receipt %q", name, f.Tx.Hash, f.Receipt.TransactionHash)
		}
		if len(f.Wallet) != 42 || f.Shape == "" || f.Timestamp <= 1438269973 || f.Source == "" {
			t.Errorf("%s: wallet %q shape %q time %d source %q", name, f.Wallet, f.Shape, f.Timestamp, f.Source)
		}
		if hexUint(f.Tx.BlockNumber) == 0 || f.Receipt.BlockNumber != f.Tx.BlockNumber || (f.Receipt.Status != "0x1" && f.Receipt.Status != "0x0") {
			t.Errorf("%s: block %q/%q status %q", name, f.Tx.BlockNumber, f.Receipt.BlockNumber, f.Receipt.Status)
		}
		if _, ok := hexBig(f.Receipt.GasUsed); !ok || f.Receipt.EffectiveGasPrice == "" {
			t.Errorf("%s: gasUsed %q effectiveGasPrice %q", name, f.Receipt.GasUsed, f.Receipt.EffectiveGasPrice)
		}
		if (f.Chain == "base" || f.Chain == "optimism") && f.Receipt.L1Fee == "" {
			t.Errorf("%s: an OP-stack receipt without l1Fee", name)
		}
	}
	for _, c := range []string{"ethereum", "arbitrum", "base"} {
		if chains[c] == 0 {
			t.Errorf("no %s fixture", c)
		}
	}
}
