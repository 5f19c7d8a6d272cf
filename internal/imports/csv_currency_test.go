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

// TestExchangeCSVsInClientCurrency: a value in another currency than the client's is never stored
// as one in the client's. A Coinbase file priced in dollars is refused for a client in pounds
// (row errors name the currencies) and read for a client in dollars; a Kraken trade is valued by
// its leg in the client's currency, and a dollar leg or amountusd gives a pound client no value.
func TestExchangeCSVsInClientCurrency(t *testing.T) {
	read := func(format, cur, file string) ([]Tx, error) {
		var txs []Tx
		_, err := ReadCSVIn(strings.NewReader(file), format, cur, func(tx *Tx) error { txs = append(txs, *tx); return nil })
		return txs, err
	}
	coinbase := func(cur string) string {
		return "Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n" +
			"2024-05-01T12:00:00Z,Buy,ETH,2," + cur + ",2000.00,4000.00,4010.00,10.00,Bought 2 ETH\n" +
			"2024-06-01T12:00:00Z,Sell,ETH,1," + cur + ",2500.00,2500.00,2490.00,10.00,Sold 1 ETH\n"
	}
	_, err := read(CSVCoinbase, "GBP", coinbase("USD"))
	var ce *CSVError
	if !errors.As(err, &ce) || len(ce.Rows) != 2 || !strings.Contains(err.Error(), "values in USD, but the client's currency is GBP") {
		t.Fatalf("a dollar Coinbase file for a GBP client: %v", err)
	}
	for _, cur := range []string{"GBP", "USD"} {
		txs, err := read(CSVCoinbase, cur, coinbase(cur))
		if err != nil || len(txs) != 2 {
			t.Fatalf("%s Coinbase file for a %s client: %v %+v", cur, cur, err, txs)
		}
		var eth, fee string
		for _, tr := range txs[0].Transfers {
			if tr.Asset.Symbol == "ETH" && tr.FiatValue != nil {
				eth = tr.FiatValue.String()
			}
			if tr.FeeFiat != nil {
				fee = tr.FeeFiat.String()
			}
		}
		if eth != "4000" || fee != "10" {
			t.Errorf("%s buy: value %q fee %q: %+v", cur, eth, fee, txs[0].Transfers)
		}
	}

	const kraken = `"txid","refid","time","type","subtype","aclass","asset","amount","fee","balance","amountusd"
"L1","T-GBP","2024-01-03 14:20:01","trade","","currency","ZGBP",-500.0000,0.8000,0,
"L2","T-GBP","2024-01-03 14:20:01","trade","","currency","XETH",0.25,0,0.25,
"L3","T-USD","2024-01-04 14:20:01","trade","","currency","ZUSD",-600.0000,0,0,
"L4","T-USD","2024-01-04 14:20:01","trade","","currency","XETH",0.25,0,0.5,
"L5","T-STK","2024-01-05 00:00:00","staking","","currency","XETH",0.01,0,0.51,25.00
`
	values := func(cur string) map[string]string {
		txs, err := read(CSVKraken, cur, kraken)
		if err != nil {
			t.Fatalf("Kraken for %s: %v", cur, err)
		}
		out := map[string]string{}
		for _, tx := range txs {
			for _, tr := range tx.Transfers {
				k := tx.ExternalID + " " + tr.Asset.Symbol
				if tr.IsFee {
					k += " fee"
				}
				if tr.FiatValue != nil {
					out[k] = tr.FiatValue.String()
				}
				if tr.FeeFiat != nil {
					out[k+" feeFiat"] = tr.FeeFiat.String()
				}
			}
		}
		return out
	}
	gbp, usd := values("GBP"), values("USD")
	want := func(m map[string]string, key, v string) {
		t.Helper()
		if m["kraken:"+key] != v {
			t.Errorf("%s = %q, want %q (%v)", key, m["kraken:"+key], v, m)
		}
	}
	want(gbp, "T-GBP ETH", "500")
	want(gbp, "T-USD ETH", "")
	want(gbp, "T-STK ETH", "")
	want(gbp, "T-GBP ETH feeFiat", "0.8")
	want(usd, "T-USD ETH", "600")
	want(usd, "T-STK ETH", "25")
	want(usd, "T-GBP ETH", "")

	// the generic CSV: a dollar leg of a pound client is worth the row's fiat_value, not its quantity
	txs, err := read(CSVGeneric, "GBP", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value\n2024-05-01T12:00:00Z,trade,600,USD,0.25,ETH,480\n")
	if err != nil || len(txs) != 1 || txs[0].Transfers[0].FiatValue == nil || txs[0].Transfers[0].FiatValue.String() != "480" {
		t.Fatalf("a dollar leg for a GBP client: %v %+v", err, txs)
	}
}
