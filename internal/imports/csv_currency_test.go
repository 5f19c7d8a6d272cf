package imports

import (
	"errors"
	"strings"
	"testing"
)

// TestGenericCSVInClientCurrency: a client in pounds gives values in fiat_value (and fee_fiat); a
// leg in pounds values the row; the dollar columns are refused for it, and still read for a USD
// client.
func TestGenericCSVInClientCurrency(t *testing.T) {
	read := func(cur, file string) ([]Tx, error) {
		var txs []Tx
		_, err := ReadCSVIn(strings.NewReader(file), CSVGeneric, cur, func(tx *Tx) error { txs = append(txs, *tx); return nil })
		return txs, err
	}
	txs, err := read("GBP", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value,fee_fiat\n"+
		"2024-05-01T12:00:00Z,buy,4000,GBP,2,ETH,0.001,ETH,4000,2\n"+
		"2024-06-01T12:00:00Z,sell,1,ETH,2500,GBP,,,,\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(txs) != 2 || txs[0].Transfers[0].FiatValue == nil || txs[0].Transfers[0].FiatValue.String() != "4000" ||
		txs[1].Transfers[0].FiatValue == nil || txs[1].Transfers[0].FiatValue.String() != "2500" {
		t.Fatalf("values: %+v", txs)
	}
	var fee string
	for _, tr := range txs[0].Transfers {
		switch {
		case tr.FeeFiat != nil:
			fee = tr.FeeFiat.String()
		case tr.IsFee && tr.FiatValue != nil:
			fee = tr.FiatValue.String()
		}
	}
	if fee != "2" {
		t.Errorf("fee_fiat: %q", fee)
	}
	_, err = read("GBP", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n2024-05-01T12:00:00Z,buy,4000,USD,2,ETH,4000\n")
	var ce *CSVError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "fiat_value_usd") || !strings.Contains(err.Error(), "GBP") {
		t.Fatalf("dollar column for a GBP client: %v", err)
	}
	if _, err := read("USD", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n2024-05-01T12:00:00Z,buy,4000,USD,2,ETH,4000\n"); err != nil {
		t.Fatalf("USD client: %v", err)
	}
}
