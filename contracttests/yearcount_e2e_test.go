package contracttests

import (
	"fmt"
	"testing"
)

// yearCountLedger is a US client's file: in 2023 a buy of ETH, a sale of ETH, an airdrop of a token
// the person later marks spam, a trade of that token for ETH (whose ETH leg the person later hides)
// and a deposit of BTC whose only transfer the person later hides; in
// 2024 a sale of ETH and a deposit of BTC (hidden later too); in 2025 only a deposit of SOL (hidden
// later: a year whose transactions the engine gets no transfer of).
const yearCountLedger = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value\n" +
	"2023-02-15T12:00:00Z,buy,4000,USD,2,ETH,,,4000\n" +
	"2023-03-15T12:00:00Z,sell,1,ETH,2500,USD,,,2500\n" +
	"2023-04-15T12:00:00Z,airdrop,,,1000,SPAMX,,,10\n" +
	"2023-05-15T12:00:00Z,trade,500,SPAMX,0.1,ETH,,,200\n" +
	"2023-06-15T12:00:00Z,deposit,,,1,BTC,,,30000\n" +
	"2024-02-15T12:00:00Z,sell,0.5,ETH,1000,USD,,,1000\n" +
	"2024-03-15T12:00:00Z,deposit,,,0.5,BTC,,,15000\n" +
	"2025-05-15T12:00:00Z,deposit,,,1,SOL,,,150\n"

// TestYearCountIsTheListsCount: getIncomeAndCapGains' transactionCount is the number of
// transactions getClientTransactions lists in the tax year (and the summary of the year counts),
// through full and incremental recalculations, when a person hides a transaction's only transfer
// (still listed: the year counts it though the engine gets no transfer of it) and marks an asset
// spam (a transaction moving only spam is not listed: the year does not count it; one whose hidden
// transfer moves another asset does not move only spam, and says so in isSpam). By hand after each
// step: 2023 5 -> 4 (the airdrop becomes spam), 2024 2 -> 2 -> 1 (a sale hidden), 2025 1.
func TestYearCountIsTheListsCount(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, seedGraphQLClients) // client 1 without a ledger
	c := gqlClient1.String()
	f.upload(c, yearCountLedger)
	f.recalculate(c)

	type transfer struct {
		ID    string
		Asset struct{ ID, Symbol string }
	}
	type transaction struct {
		ID        string
		Transfers []transfer
	}
	var list struct {
		L struct{ Transactions []transaction } `json:"getClientTransactions"`
	}
	f.must(`query($c: ID!) { getClientTransactions(clientId: $c, limit: 100, sortBy: "createdAt", ascending: true) {
		transactions { id transfers { id asset { id symbol } } } } }`, map[string]any{"c": c}, &list)
	txs := list.L.Transactions
	if len(txs) != 8 {
		t.Fatalf("%d transactions listed, want 8", len(txs))
	}
	hide := func(tx transaction, symbol string) {
		t.Helper()
		for _, tr := range tx.Transfers {
			if tr.Asset.Symbol == symbol {
				f.must(`mutation($c: ID!, $t: ID!, $tr: ID!) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, isHidden: true) { id } }`,
					map[string]any{"c": c, "t": tx.ID, "tr": tr.ID}, nil)
				return
			}
		}
		t.Fatalf("no %s transfer in %+v", symbol, tx)
	}
	check := func(step string, want map[string]int) {
		t.Helper()
		for year, n := range want {
			var y struct {
				Y struct {
					StartDate, EndDate string
					TransactionCount   int
					IsStale            bool
				} `json:"getIncomeAndCapGains"`
			}
			f.must(`query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) { startDate endDate transactionCount isStale } }`,
				map[string]any{"c": c, "y": year}, &y)
			vars := map[string]any{"c": c, "s": y.Y.StartDate, "e": y.Y.EndDate}
			var l struct {
				L struct{ Total int } `json:"getClientTransactions"`
			}
			f.must(`query($c: ID!, $s: Date, $e: Date) { getClientTransactions(clientId: $c, startDate: $s, endDate: $e, limit: 1, exactTotal: true) { total } }`, vars, &l)
			var s struct {
				S struct{ TransactionCount int } `json:"getClientTransactionsSummary"`
			}
			f.must(`query($c: ID!, $s: Date, $e: Date) { getClientTransactionsSummary(clientId: $c, startDate: $s, endDate: $e) { transactionCount } }`, vars, &s)
			got := fmt.Sprintf("year %d, list %d, summary %d, stale %v", y.Y.TransactionCount, l.L.Total, s.S.TransactionCount, y.Y.IsStale)
			if wantText := fmt.Sprintf("year %d, list %d, summary %d, stale false", n, n, n); got != wantText {
				t.Fatalf("%s, %s (%s to %s): %s, want %s", step, year, y.Y.StartDate, y.Y.EndDate, got, wantText)
			}
		}
	}
	check("imported", map[string]int{"2023": 5, "2024": 2, "2025": 1})

	// the airdropped token marked spam, the trade's ETH leg, the 2023 deposit's and the 2025
	// deposit's only transfer hidden
	f.must(`mutation($a: ID!) { updateAsset(assetId: $a, isSpam: true) { id } }`, map[string]any{"a": txs[2].Transfers[0].Asset.ID}, nil)
	hide(txs[3], "ETH")
	hide(txs[4], "BTC")
	hide(txs[7], "SOL")
	f.recalculate(c)
	check("spam and hidden transfers", map[string]int{"2023": 4, "2024": 2, "2025": 1})
	var spam struct {
		L struct {
			Transactions []struct {
				ID     string
				IsSpam bool
			}
		} `json:"getClientTransactions"`
	}
	f.must(`query($c: ID!) { getClientTransactions(clientId: $c, includeSpam: true, limit: 100, sortBy: "createdAt", ascending: true) { transactions { id isSpam } } }`,
		map[string]any{"c": c}, &spam)
	for i, tx := range spam.L.Transactions {
		if want := i == 2; tx.IsSpam != want || tx.ID != txs[i].ID {
			t.Fatalf("transaction %d (%s): isSpam %v, want %v (only the airdrop moves only spam; the trade's hidden ETH leg is no spam)", i, tx.ID, tx.IsSpam, want)
		}
	}

	// edits at the end of the ledger (incremental runs from a checkpoint), twice in a row
	hide(txs[6], "BTC")
	f.recalculate(c)
	check("the 2024 deposit's transfer hidden", map[string]int{"2023": 4, "2024": 2, "2025": 1})
	f.must(`mutation($c: ID!, $t: ID!) { hideTransaction(clientId: $c, transactionId: $t, isHidden: true) { id } }`, map[string]any{"c": c, "t": txs[5].ID}, nil)
	f.recalculate(c)
	check("the 2024 sale hidden", map[string]int{"2023": 4, "2024": 1, "2025": 1})
}
