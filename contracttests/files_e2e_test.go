package contracttests

import (
	"testing"
)

// TestFileNotesAreStoredAndSearchable: the notes column of a generic file is each transaction's
// notes, and `search` by a word of them finds it.
func TestFileNotesAreStoredAndSearchable(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	acct := e.importFile(t, "Notes CSV", "date,type,received_quantity,received_asset,fiat_value_usd,notes\n"+
		"2024-01-10T00:00:00Z,buy,1,SOL,100,Birthday present from aunt Zelda\n"+
		"2024-01-11T00:00:00Z,buy,2,SOL,200,\n")
	txs := e.accountTxs(t, acct)
	if len(txs) != 2 || str(txs[0].Notes) != "Birthday present from aunt Zelda" || txs[1].Notes != nil {
		t.Fatalf("notes: %+v", txs)
	}
	var page struct{ Transactions []struct{ ID string } }
	mustGQL(t, e, "getClientTransactions", `query($c: ID!, $s: String) { getClientTransactions(clientId: $c, search: $s, limit: 50) { transactions { id } } }`,
		map[string]any{"c": gqlClient1.String(), "s": "zelda"}, &page)
	if len(page.Transactions) != 1 || page.Transactions[0].ID != txs[0].ID {
		t.Fatalf("search by a word of the notes: %+v", page.Transactions)
	}
}

// TestFileFiatLegs: a buy paid in USD stores its crypto leg at the USD paid (and the fee as a fiat
// fee); the USD leg is not a transfer (fiat is not a capital asset and taxd keeps no cash
// balance), and a row that moves fiat only (a bank deposit) adds no transaction.
func TestFileFiatLegs(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	acct := e.importFile(t, "Fiat exchange", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,label\n"+
		"2024-01-01T00:00:00Z,deposit,,,1000,USD,,,transfer\n"+
		"2024-01-05T00:00:00Z,buy,1000,USD,0.025,BTC,4.99,USD,\n"+
		"2024-02-01T00:00:00Z,sell,0.01,BTC,430.50,USD,2.15,USD,\n")
	txs := e.accountTxs(t, acct)
	if len(txs) != 2 {
		t.Fatalf("%d transactions, want the buy and the sell (a fiat-only row adds none): %+v", len(txs), txs)
	}
	for _, tx := range txs {
		if len(tx.Transfers) != 1 || tx.Transfers[0].Asset.Symbol != "BTC" {
			t.Fatalf("transfers of %s: %+v", str(tx.Label), tx.Transfers)
		}
	}
	if b := txs[0].Transfers[0]; i64(b.FiatValueCents) != 100000 || i64(b.BasisFiatValueCents) != 100499 {
		t.Fatalf("the buy's BTC leg: value %d basis %d, want 100000 and 100499", i64(b.FiatValueCents), i64(b.BasisFiatValueCents))
	}
	e.recalculate(t)
	// 0.01 of 0.025 BTC bought for $1,004.99: basis 401.996; proceeds 430.50 - 2.15 = 428.35.
	if got := e.tx(t, txs[1].ID).CapGainsSumSigned; str(got) != "2635" {
		t.Fatalf("the sale's gain %s cents, want 2635", str(got))
	}
	var assets struct{ Assets []struct{ Symbol string } }
	mustGQL(t, e, "getClientAssets", `query($c: ID!) { getClientAssets(clientId: $c) { assets { symbol } } }`, map[string]any{"c": gqlClient1.String()}, &assets)
	for _, a := range assets.Assets {
		if a.Symbol == "USD" {
			t.Fatalf("USD became an asset of the client: %+v", assets)
		}
	}
}
