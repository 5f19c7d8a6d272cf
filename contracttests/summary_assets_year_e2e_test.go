package contracttests

import "testing"

// assetsYearLedger is a US client's file in dollars. By hand, FIFO: 2 ETH bought for 4,000 (2,000
// each) and 1 BTC for 30,000 in 2022; in 2023 (the client's New York year) 1 ETH sold on 1 January
// for 2,500 (basis 2,000: +500 short term), 1 ETH bought on 1 May for 1,800, 1 BTC sold on 1 July
// for 25,000 (-5,000 long term) and 1 ETH sold on 31 December for 1,700 (the 2022 lot: -300 long
// term); on 1 January 2024 0.5 ETH sold for 1,000 (half the May lot, 900: +100).
const assetsYearLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2022-03-01T12:00:00Z,buy,4000,USD,2,ETH,,,4000\n" +
	"2022-06-01T12:00:00Z,buy,30000,USD,1,BTC,,,30000\n" +
	"2023-01-01T12:00:00Z,sell,1,ETH,2500,USD,,,2500\n" +
	"2023-05-01T12:00:00Z,buy,1800,USD,1,ETH,,,1800\n" +
	"2023-07-01T12:00:00Z,sell,1,BTC,25000,USD,,,25000\n" +
	"2023-12-31T12:00:00Z,sell,1,ETH,1700,USD,,,1700\n" +
	"2024-01-01T12:00:00Z,sell,0.5,ETH,1000,USD,,,1000\n"

// TestSummaryOfAssetsInAYearByHand: a file imported and recalculated through /graphql, then
// getClientTransactionsSummary filtered by assets within a year (read from the year's result rows,
// internal/ledger assetsInDatesParts) and by assets and labels within a year (summed from the ledger
// in two halves of the dates, internal/ledger dateHalves) gives the figures worked out by hand
// above, and the same transaction count as getClientTransactions with the same filter.
func TestSummaryOfAssetsInAYearByHand(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	f.upload(c, assetsYearLedger)
	f.recalculate(c)

	var list struct {
		L struct {
			Transactions []struct {
				Transfers []struct {
					AssetID string
					Asset   struct{ Symbol string }
				}
			}
		} `json:"getClientTransactions"`
	}
	f.must(`query($c: ID!) { getClientTransactions(clientId: $c, limit: 100) { transactions { transfers { assetId asset { symbol } } } } }`,
		map[string]any{"c": c}, &list)
	asset := map[string]string{}
	for _, tx := range list.L.Transactions {
		for _, tr := range tx.Transfers {
			asset[tr.Asset.Symbol] = tr.AssetID
		}
	}
	if asset["ETH"] == "" || asset["BTC"] == "" {
		t.Fatalf("assets of the ledger: %v", asset)
	}

	type sum struct {
		Jurisdiction                                                 string
		TransactionCount, DisposalCount                              int
		CapGainsCents, ShortTermCapGainsCents, LongTermCapGainsCents int64
	}
	for _, c2 := range []struct {
		symbols    []string
		start, end string
		labels     []string
		want       sum
	}{
		{[]string{"ETH"}, "2023-01-01", "2024-01-01", nil, sum{"US", 3, 2, 20000, 50000, -30000}},
		{[]string{"BTC"}, "2023-01-01", "2024-01-01", nil, sum{"US", 1, 1, -500000, 0, -500000}},
		{[]string{"ETH", "BTC"}, "2023-01-01", "2024-01-01", nil, sum{"US", 4, 3, -480000, 50000, -530000}},
		{[]string{"ETH"}, "2024-01-01", "2025-01-01", nil, sum{"US", 1, 1, 10000, 10000, 0}},
		{[]string{"BTC"}, "2024-01-01", "2025-01-01", nil, sum{"US", 0, 0, 0, 0, 0}},
		// the two ETH sales of 2023, one in each half of the year: +500 short, -300 long
		{[]string{"ETH"}, "2023-01-01", "2024-01-01", []string{"sell"}, sum{"US", 2, 2, 20000, 50000, -30000}},
		// the May buy alone: no disposal
		{[]string{"ETH"}, "2023-01-01", "2024-01-01", []string{"buy"}, sum{"US", 1, 0, 0, 0, 0}},
		// every 2023 sale: the ETH ones and the BTC one on 1 July (the first half)
		{[]string{"ETH", "BTC"}, "2023-01-01", "2024-01-01", []string{"sell"}, sum{"US", 3, 3, -480000, 50000, -530000}},
		{[]string{"BTC"}, "2023-01-01", "2024-01-01", []string{"buy"}, sum{"US", 0, 0, 0, 0, 0}},
	} {
		var ids []string
		for _, s := range c2.symbols {
			ids = append(ids, asset[s])
		}
		vars := map[string]any{"c": c, "a": ids, "s": c2.start, "e": c2.end, "l": c2.labels}
		var got struct {
			S sum `json:"getClientTransactionsSummary"`
		}
		f.must(`query($c: ID!, $a: [String!], $s: Date, $e: Date, $l: [String!]) { getClientTransactionsSummary(clientId: $c, assetIds: $a, startDate: $s, endDate: $e, labels: $l) {
			jurisdiction transactionCount disposalCount capGainsCents shortTermCapGainsCents longTermCapGainsCents } }`, vars, &got)
		if got.S != c2.want {
			t.Errorf("summary of %v labelled %v from %s to %s: %+v, want %+v", c2.symbols, c2.labels, c2.start, c2.end, got.S, c2.want)
		}
		var page struct {
			P struct{ Total int } `json:"getClientTransactions"`
		}
		f.must(`query($c: ID!, $a: [String!], $s: Date, $e: Date, $l: [String!]) { getClientTransactions(clientId: $c, assetIds: $a, startDate: $s, endDate: $e, labels: $l, limit: 100) { total } }`,
			vars, &page)
		if page.P.Total != got.S.TransactionCount {
			t.Errorf("%v from %s to %s: the list has %d transactions, the summary counts %d", c2.symbols, c2.start, c2.end, page.P.Total, got.S.TransactionCount)
		}
	}
}
