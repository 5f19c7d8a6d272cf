package contracttests

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestUnpairedTransferWithGasHasNoNegativeProceeds: a transfer whose pair is undone
// (unmarkInternalTransfer) is an outflow without a value and with gas paid in ETH worth $15. It is a
// sale with its value missing: proceeds 0 (never -15), flagged, and its gas is not deducted from a
// value nobody gave; the gas coins are a disposal of their own. By hand: the 0.1 BTC left at basis
// $6,010 (0.1 of $60,100): -6,010.00; the gas 0.005 ETH at $15, basis $7.50 (of $1,500 per ETH):
// +7.50; 2023: -6,002.50 (the loss overstated by 15 would be -6,017.50).
func TestUnpairedTransferWithGasHasNoNegativeProceeds(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	cold := e.importFile(t, "Gas cold", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd,fee_quantity,fee_asset,fee_fiat_usd\n"+
		"2023-01-04T00:00:00Z,buy,,,1,ETH,1500,,,\n"+
		"2023-01-05T00:00:00Z,buy,,,1,BTC,60100,,,\n"+
		"2023-03-01T00:00:00Z,withdrawal,0.1,BTC,,,,0.005,ETH,15\n")
	hot := e.importFile(t, "Gas hot", "date,type,received_quantity,received_asset\n"+
		"2023-03-01T00:10:00Z,deposit,0.1,BTC\n")
	cw, hw := e.accountTxs(t, cold), e.accountTxs(t, hot)
	out, in := cw[2].ID, hw[0].ID
	mustGQL(t, e, "markInternalTransfer", markPairQuery, map[string]any{"c": c, "f": out, "t": in}, nil)
	mustGQL(t, e, "unmarkInternalTransfer", unmarkQuery, map[string]any{"c": c, "f": out, "t": in}, nil)
	e.recalculate(t)
	got := e.tx(t, out)
	if str(got.CapGainsSumSigned) != "-600250" {
		t.Errorf("the unpaired transfer's gains %s cents, want -600250 (-6,010.00 + 7.50)", str(got.CapGainsSumSigned))
	}
	var lots struct {
		Disposals []struct {
			TransactionID  string
			ProceedsCents  int64
			CostBasisCents int64
		}
	}
	mustGQL(t, e, "getTaxLots", `query($c: ID!, $k: String!) { getTaxLots(clientId: $c, assetPricingKey: $k) { disposals { transactionId proceedsCents costBasisCents } } }`,
		map[string]any{"c": c, "k": "BTC"}, &lots)
	for _, d := range lots.Disposals {
		if d.ProceedsCents < 0 {
			t.Errorf("a BTC disposal with proceeds %d cents", d.ProceedsCents)
		}
	}
}

// TestImportRefusesAnAmountTheEngineCannotLoad: a file with a quantity of 200 nines is refused whole,
// naming the line and the column; the client's recalculations keep working (a later good file is
// imported and figured), and edits refuse such amounts as BAD_USER_INPUT.
func TestImportRefusesAnAmountTheEngineCannotLoad(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	head := "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"
	bad := head + "2023-02-01T00:00:00Z,buy,,,1,ETH,1500\n" + "2023-02-02T00:00:00Z,deposit,,," + strings.Repeat("9", 200) + ",ETH,\n"
	var u uploadURL
	mustGQL(t, e, "createUploadUrl", createUploadURLQuery, map[string]any{"c": c, "n": "huge.csv"}, &u)
	if status, body := putFile(t, e, u.URL, strings.NewReader(bad), int64(len(bad))); status != 201 {
		t.Fatalf("upload: %d %s", status, body)
	}
	var job string
	mustGQL(t, e, "uploadManualTransactions", importUploadQuery, map[string]any{"c": c, "k": u.FileObjectKey}, &job)
	if st, why := e.importJob(t, job); st != "FAILED" || !strings.Contains(why, "line 3") || !strings.Contains(why, "received_quantity") {
		t.Fatalf("a 200-digit quantity: %s %q, want FAILED naming line 3 and received_quantity", st, why)
	}
	acc := e.importFile(t, "Huge after", head+"2023-02-01T00:00:00Z,buy,,,1,ETH,1500\n"+"2023-05-01T00:00:00Z,sell,0.5,ETH,,,1000\n")
	e.recalculate(t)
	if got := e.year(t, "2023").CapGainsSumSigned; got != "25000" {
		t.Fatalf("2023 gains %s cents after the refused file, want 25000 (1,000 - 750)", got)
	}
	tx := e.accountTxs(t, acc)[0]
	r := e.gqlErr(t, `mutation($c: ID!, $t: ID!, $tr: ID!, $v: Float) { updateTransfer(clientId: $c, transactionId: $t, transferId: $tr, fiatValue: $v) { id } }`,
		map[string]any{"c": c, "t": tx.ID, "tr": tx.Transfers[0].ID, "v": 1e30})
	if r.Code != "BAD_USER_INPUT" || !strings.Contains(r.Message, "fiatValue") {
		t.Fatalf("a fiat value of 1e30: %s %s, want BAD_USER_INPUT naming fiatValue", r.Code, r.Message)
	}
}

// TestTaxLotsTrailShowsEveryPieceThatLeft: getTaxLots lists a donation, a gift sent and a loss beside
// the sale, each with the basis and dates that left (a donation's are Form 8283's), no proceeds and
// no gain. By hand: 2 ETH bought for $2,000 (FIFO, $1,000 each); the donation of 0.5 takes $500, the
// gift of 0.25 $250, the loss of 0.1 $100, the sale of 0.15 for $300 $150 (gain $150).
func TestTaxLotsTrailShowsEveryPieceThatLeft(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	e.importFile(t, "Trail", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2022-01-10T00:00:00Z,buy,,,2,ETH,2000\n"+
		"2023-02-01T00:00:00Z,donation,0.5,ETH,,,700\n"+
		"2023-03-01T00:00:00Z,gift_sent,0.25,ETH,,,400\n"+
		"2023-04-01T00:00:00Z,lost,0.1,ETH,,,\n"+
		"2023-05-01T00:00:00Z,sell,0.15,ETH,,,300\n")
	e.recalculate(t)
	var lots struct {
		Disposals []struct {
			Kind, AmountExact string
			ProceedsCents     int64
			CostBasisCents    int64
			GainCents         int64
			DisposedAt        string
			LotAcquiredAt     *string
			Term              string
		}
	}
	mustGQL(t, e, "getTaxLots", `query($c: ID!, $k: String!) { getTaxLots(clientId: $c, assetPricingKey: $k) {
		disposals { kind amountExact proceedsCents costBasisCents gainCents disposedAt lotAcquiredAt term } } }`,
		map[string]any{"c": c, "k": "ETH"}, &lots)
	var got []string
	for _, d := range lots.Disposals {
		if d.DisposedAt < "2023-01-01" || d.DisposedAt >= "2024-01-01" {
			continue // the fixture's own ETH
		}
		got = append(got, fmt.Sprintf("%s %s p=%d b=%d g=%d acq=%s %s", d.Kind, d.AmountExact, d.ProceedsCents, d.CostBasisCents, d.GainCents, str(d.LotAcquiredAt)[:min(10, len(str(d.LotAcquiredAt)))], d.Term))
	}
	want := []string{
		"DONATION 0.5 p=0 b=50000 g=0 acq=2022-01-10 LONG_TERM",
		"GIFT 0.25 p=0 b=25000 g=0 acq=2022-01-10 LONG_TERM",
		"LOST 0.1 p=0 b=10000 g=0 acq=2022-01-10 LONG_TERM",
		"DISPOSAL 0.15 p=30000 b=15000 g=15000 acq=2022-01-10 LONG_TERM",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the 2023 trail:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUnpricedReceiptIsMissingBasisEverywhere: a deposit with no price (5 QQZ, an asset no price
// source knows) and a trade into 100 QQZ without a price on either side are missing a basis for the
// transaction, the isMissingBasis filter, the summary's count and the MISSING_BASIS insight; a priced
// buy in the same account is not.
func TestUnpricedReceiptIsMissingBasisEverywhere(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	acct := e.importFile(t, "Unpriced", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2024-02-01T00:00:00Z,buy,,,1,ETH,2500\n"+
		"2024-02-02T00:00:00Z,deposit,,,5,QQZ,\n"+
		"2024-02-03T00:00:00Z,trade,10,QQY,100,QQZ,\n")
	e.recalculate(t)
	txs := e.accountTxs(t, acct)
	want := map[string]bool{txs[1].ID: true, txs[2].ID: true}
	for i, tx := range txs {
		if tx.IsMissingBasis != want[tx.ID] {
			t.Errorf("transaction %d: isMissingBasis %v, want %v", i, tx.IsMissingBasis, want[tx.ID])
		}
	}
	var page struct{ Transactions []struct{ ID string } }
	mustGQL(t, e, "getClientTransactions", `query($c: ID!, $a: [ID!]) { getClientTransactions(clientId: $c, accountIds: $a, isMissingBasis: true, limit: 50) { transactions { id } } }`,
		map[string]any{"c": c, "a": []string{acct}}, &page)
	var sum struct{ MissingBasisCount int }
	mustGQL(t, e, "getClientTransactionsSummary", `query($c: ID!, $a: [ID!]) { getClientTransactionsSummary(clientId: $c, accountIds: $a) { missingBasisCount } }`,
		map[string]any{"c": c, "a": []string{acct}}, &sum)
	if len(page.Transactions) != 2 || sum.MissingBasisCount != 2 {
		t.Errorf("the filter lists %d, the summary counts %d; want the 2 unpriced receipts", len(page.Transactions), sum.MissingBasisCount)
	}
	var insights []struct{ TransactionIds []string }
	mustGQL(t, e, "getClientInsights", `query($c: ID!) { getClientInsights(clientId: $c, type: MISSING_BASIS) { transactionIds } }`, map[string]any{"c": c}, &insights)
	found := 0
	for _, in := range insights {
		for _, x := range in.TransactionIds {
			if want[x] {
				found++
			}
		}
	}
	if found != 2 {
		t.Errorf("the MISSING_BASIS insight names %d of the 2 unpriced receipts", found)
	}
}

// TestUpdateClientToGBFollowsTheUKTaxYear: after updateClient(country: GB) the client's tax year is
// the UK's, 6 April to 5 April, whatever fiscal year it stored before, and once recalculated
// getIncomeAndCapGains' year 2024 runs from 6 April 2024 to 5 April 2025.
func TestUpdateClientToGBFollowsTheUKTaxYear(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	var got struct{ Country, FiscalYearStart, FiscalYearEnd string }
	mustGQL(t, e, "updateClient", `mutation($c: ID!) { updateClient(clientId: $c, country: GB) { country fiscalYearStart fiscalYearEnd } }`,
		map[string]any{"c": c}, &got)
	if got.Country != "GB" || got.FiscalYearStart != "04-06" || got.FiscalYearEnd != "04-05" {
		t.Fatalf("after updateClient(country: GB): %+v, want GB 04-06 04-05", got)
	}
	e.recalculate(t)
	var year struct{ StartDate, EndDate string }
	mustGQL(t, e, "getIncomeAndCapGains", `query($c: ID!) { getIncomeAndCapGains(clientId: $c, year: "2024") { startDate endDate } }`,
		map[string]any{"c": c}, &year)
	if !strings.HasPrefix(year.StartDate, "2024-04-0") || !strings.HasPrefix(year.EndDate, "2025-04-0") {
		t.Fatalf("GB year 2024: %s to %s, want 6 April 2024 to 5 April 2025", year.StartDate, year.EndDate)
	}
}

// TestPositionNegativeInOneAccount: 80 AVAX bought in one account ($2,000), 10 sold from another that
// never had any (per-wallet basis: the sale is uncovered). The position holds the 80 units the tax
// results hold, with their basis ($2,000) and value (80 x $25.50), is flagged isNegativeBalance and
// counted once in negativeBalanceCount, as the summary counts one negative balance; before, it showed
// 70 units with the basis of 80 and no flag.
func TestPositionNegativeInOneAccount(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := newReadsClient(t, e, "Avax Split")
	today := time.Now().UTC().Truncate(readsDay)
	seedDailyPrices(t, e, "avalanche-2", today.AddDate(0, 0, -3), today, func(time.Time) string { return "25.50" })
	c.importCSV("Exchange A", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		today.AddDate(0, 0, -20).Format(time.RFC3339)+",buy,,,80,AVAX,2000\n")
	c.importCSV("Exchange B", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		today.AddDate(0, 0, -10).Format(time.RFC3339)+",sell,10,AVAX,,,300\n")
	c.recalculate()
	var page struct {
		Positions []struct {
			AmountExact       string
			ValueCents        *int64
			CostBasisCents    int64
			IsNegativeBalance bool
		}
		NegativeBalanceCount int
		TotalValueCents      int64
		TotalCostBasisCents  int64
	}
	c.must("getPortfolioV2", `query($c: ID!) { getPortfolioV2(clientId: $c) { positions { amountExact valueCents costBasisCents isNegativeBalance }
		negativeBalanceCount totalValueCents totalCostBasisCents } }`, nil, &page)
	if len(page.Positions) != 1 {
		t.Fatalf("positions %+v, want AVAX", page)
	}
	p := page.Positions[0]
	if p.AmountExact != "80" || p.CostBasisCents != 200000 || p.ValueCents == nil || *p.ValueCents != 204000 || !p.IsNegativeBalance {
		t.Errorf("AVAX %+v, want 80 units, basis 200000, value 204000, flagged", p)
	}
	if page.NegativeBalanceCount != 1 || page.TotalValueCents != 204000 || page.TotalCostBasisCents != 200000 {
		t.Errorf("totals %+v, want 1 negative, value 204000, basis 200000", page)
	}
	var sum struct{ NegativeBalanceCount int }
	c.must("getClientTransactionsSummary", `query($c: ID!) { getClientTransactionsSummary(clientId: $c) { negativeBalanceCount } }`, nil, &sum)
	if sum.NegativeBalanceCount != 1 {
		t.Errorf("the summary counts %d negative balances, want 1", sum.NegativeBalanceCount)
	}
}

// TestGBSwapsAtEachSidesValue: HMRC's CRYPTO22257 (tokens G and H swapped on 31 August, 4 and 16
// September and 27 October, each side with its own value) keyed through createTransaction and
// createTransfer for a GB client: each token given is disposed of for the value of the token
// received, and the token received costs the value of the token given. HMRC's gains: G 280.00 (31
// Aug) and -120.00 (16 Sep); H 266.67 (31 Aug), 18.00 (4 Sep) and -1,416.67 (27 Oct); so 2023/24's
// gains 564.67, losses -1,536.67, net -972.00.
func TestGBSwapsAtEachSidesValue(t *testing.T) {
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	mustGQL(t, e, "updateClient", `mutation($c: ID!) { updateClient(clientId: $c, country: GB) { id } }`, map[string]any{"c": c}, nil)
	acct := e.importFile(t, "Elina", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2020-01-10T12:00:00Z,buy,,,100000,G,300000\n"+
		"2020-01-11T12:00:00Z,deposit,,,1,H,\n")
	txs := e.accountTxs(t, acct)
	var assets struct {
		Transfers []struct {
			Asset struct{ ID, Symbol string }
		}
	}
	ids := map[string]string{}
	for _, tx := range txs {
		mustGQL(t, e, "getTransaction", `query($c: ID!, $id: ID!) { getTransaction(clientId: $c, transactionId: $id) { transfers { asset { id symbol } } } }`,
			map[string]any{"c": c, "id": tx.ID}, &assets)
		for _, tr := range assets.Transfers {
			ids[tr.Asset.Symbol] = tr.Asset.ID
		}
	}
	// the H deposit only made the asset: hidden, it does not count
	mustGQL(t, e, "updateTransaction", updateTxQuery, map[string]any{"c": c, "id": txs[1].ID, "u": map[string]any{"isHidden": true}}, nil)
	swap := func(at, give string, gq, gv float64, get string, rq, rv float64) {
		var tx struct{ ID string }
		mustGQL(t, e, "createTransaction", `mutation($c: ID!, $a: ID!, $at: Date!) { createTransaction(clientId: $c, accountId: $a, createdAt: $at) { id } }`,
			map[string]any{"c": c, "a": acct, "at": at}, &tx)
		leg := `mutation($c: ID!, $t: ID!, $a: ID!, $q: Float, $v: Float, $from: ID, $to: ID) { createTransfer(clientId: $c, transactionId: $t, assetId: $a, amount: $q, fiatValue: $v, fromAccountId: $from, toAccountId: $to) { id } }`
		mustGQL(t, e, "createTransfer", leg, map[string]any{"c": c, "t": tx.ID, "a": ids[give], "q": gq, "v": gv, "from": acct}, nil)
		mustGQL(t, e, "createTransfer", leg, map[string]any{"c": c, "t": tx.ID, "a": ids[get], "q": rq, "v": rv, "to": acct}, nil)
	}
	swap("2023-08-31T09:00:00Z", "G", 1000, 3200, "H", 10000, 3200)
	swap("2023-08-31T10:00:00Z", "H", 5000, 1700, "G", 600, 1920)
	swap("2023-08-31T11:00:00Z", "G", 550, 1760, "H", 5000, 1650)
	swap("2023-09-04T12:00:00Z", "H", 2000, 560, "G", 180, 558)
	swap("2023-09-16T12:00:00Z", "G", 400, 1080, "H", 4000, 1080)
	swap("2023-10-27T12:00:00Z", "H", 12000, 2400, "G", 900, 2430)
	e.recalculate(t)
	var y struct {
		GainsCents, LossesCents *int64
		CapGainsCents           int64
	}
	mustGQL(t, e, "getIncomeAndCapGains", `query($c: ID!) { getIncomeAndCapGains(clientId: $c, year: "2023") { gainsCents lossesCents capGainsCents } }`,
		map[string]any{"c": c}, &y)
	if y.GainsCents == nil || *y.GainsCents != 56467 || y.LossesCents == nil || *y.LossesCents != -153667 || y.CapGainsCents != -97200 {
		t.Fatalf("2023/24: gains %v, losses %v, net %d; HMRC's 56467, -153667, -97200", i64(y.GainsCents), i64(y.LossesCents), y.CapGainsCents)
	}
}
