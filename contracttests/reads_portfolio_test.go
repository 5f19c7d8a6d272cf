package contracttests

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/testwait"
)

// TestNegativePositionShownAndFlagged: a client who holds 0.5 BTC and whose ledger says -1 AVAX (a
// withdrawal without the deposit before it) sees both positions; the AVAX one is flagged, has no
// value, and the totals of getPortfolioV2 and getPortfolioValue (and the chart's last point) are the
// BTC alone: a holding below zero is missing history, not a debt to net against the rest.
func TestNegativePositionShownAndFlagged(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := newReadsClient(t, e, "Avax Short")
	today := time.Now().UTC().Truncate(readsDay)
	seedDailyPrices(t, e, "bitcoin", today.AddDate(0, 0, -3), today, func(time.Time) string { return "43210.98" })
	seedDailyPrices(t, e, "avalanche-2", today.AddDate(0, 0, -3), today, func(time.Time) string { return "25.50" })
	c.importCSV("Exchange CSV", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		today.AddDate(0, 0, -20).Format(time.RFC3339)+",buy,,,0.5,BTC,20000\n"+
		today.AddDate(0, 0, -10).Format(time.RFC3339)+",withdrawal,1,AVAX,,,\n")
	c.recalculate()

	btcValue := decimal.RequireFromString("0.5").Mul(decimal.RequireFromString("43210.98")).Shift(2).Round(0).IntPart() // 2160549
	var page struct {
		Positions []struct {
			AmountExact         string
			ValueCents          *int64
			CostBasisCents      int64
			UnrealizedGainCents *int64
			PortfolioPercent    *float64
			IsNegativeBalance   bool
			Asset               struct{ Symbol string }
		}
		Total, NegativeBalanceCount          int
		TotalValueCents, TotalCostBasisCents int64
		TotalUnrealizedGainCents             int64
	}
	c.must("getPortfolioV2", `query($c: ID!) { getPortfolioV2(clientId: $c) { positions { amountExact valueCents costBasisCents unrealizedGainCents
		portfolioPercent isNegativeBalance asset { symbol } } total negativeBalanceCount totalValueCents totalCostBasisCents totalUnrealizedGainCents } }`, nil, &page)
	if page.Total != 2 || len(page.Positions) != 2 {
		t.Fatalf("positions %+v, want BTC and AVAX", page)
	}
	for _, p := range page.Positions {
		switch p.Asset.Symbol {
		case "BTC":
			if p.AmountExact != "0.5" || p.ValueCents == nil || *p.ValueCents != btcValue || p.CostBasisCents != 2000000 || p.IsNegativeBalance {
				t.Errorf("BTC position %+v, want 0.5 BTC worth %d", p, btcValue)
			}
		case "AVAX":
			if p.AmountExact != "-1" || !p.IsNegativeBalance || p.ValueCents != nil || p.UnrealizedGainCents != nil || p.PortfolioPercent != nil || p.CostBasisCents != 0 {
				t.Errorf("AVAX position %+v, want -1 shown, flagged and without a value", p)
			}
		default:
			t.Errorf("position %+v", p)
		}
	}
	if page.TotalValueCents != btcValue || page.TotalCostBasisCents != 2000000 || page.TotalUnrealizedGainCents != btcValue-2000000 || page.NegativeBalanceCount != 1 {
		t.Errorf("totals %d / %d / %d, %d negative; want %d / 2000000 / %d, 1", page.TotalValueCents, page.TotalCostBasisCents,
			page.TotalUnrealizedGainCents, page.NegativeBalanceCount, btcValue, btcValue-2000000)
	}
	var value struct {
		TotalValueCents      int64
		NegativeBalanceCount int
	}
	c.must("getPortfolioValue", `query($c: ID!) { getPortfolioValue(clientId: $c) { totalValueCents negativeBalanceCount } }`, nil, &value)
	if value.TotalValueCents != btcValue || value.NegativeBalanceCount != 1 {
		t.Errorf("getPortfolioValue %+v, want %d and 1 negative balance", value, btcValue)
	}
	var chart struct{ EndValueCents int64 }
	c.must("getChart", `query($c: ID!) { getChart(clientId: $c, interval: ONE_MONTH, hardRefresh: true) { endValueCents } }`, nil, &chart)
	if chart.EndValueCents != btcValue {
		t.Errorf("the chart ends at %d, want the portfolio's %d", chart.EndValueCents, btcValue)
	}
}

// TestReadsFilledFromRealSources: assets imported from a CSV by symbol carry their names (from the
// price feed's coin metadata), each account's balanceFiatValueCents is its holdings times today's
// prices (exact cents; holdings without a price left out, null when none has one), and a ready
// report's sizeBytes is the size of the file its download URL serves.
func TestReadsFilledFromRealSources(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := newReadsClient(t, e, "Named Assets")
	today := time.Now().UTC().Truncate(readsDay)
	prices := map[string]string{"bitcoin": "43210.98", "ethereum": "2345.67", "solana": "187.05", "usd-coin": "0.9998"}
	for coin, p := range prices {
		seedDailyPrices(t, e, coin, today.AddDate(0, 0, -3), today, func(time.Time) string { return p })
	}
	at := today.AddDate(0, 0, -15).Format(time.RFC3339)
	header := "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"
	main := c.importCSV("Main CSV", header+
		at+",buy,,,0.123456789,BTC,5000\n"+
		at+",buy,,,2.5,ETH,6000\n"+
		at+",buy,,,10.25,SOL,1500\n"+
		at+",buy,,,1234.56,USDC,1234.56\n"+
		at+",withdrawal,3,AVAX,,,\n") // below zero: left out of the account's value
	unpriced := c.importCSV("Airdrops CSV", header+at+",airdrop,,,1000,ZZQX,\n")
	empty := c.importCSV("Spent CSV", header+at+",buy,,,1,ETH,2000\n"+today.AddDate(0, 0, -5).Format(time.RFC3339)+",sell,1,ETH,,,2100\n")

	var assets struct {
		Assets []struct{ Symbol, Name string }
	}
	c.must("getClientAssets", `query($c: ID!) { getClientAssets(clientId: $c) { assets { symbol name } } }`, nil, &assets)
	want := map[string]string{"BTC": "Bitcoin", "ETH": "Ethereum", "SOL": "Solana", "USDC": "USD Coin", "AVAX": "Avalanche", "ZZQX": ""}
	if len(assets.Assets) != len(want) {
		t.Errorf("assets %+v", assets.Assets)
	}
	for _, a := range assets.Assets {
		if n, ok := want[a.Symbol]; !ok || a.Name != n {
			t.Errorf("asset %s is named %q, want %q", a.Symbol, a.Name, n)
		}
	}

	cents := func(qty, coin string) decimal.Decimal {
		return decimal.RequireFromString(qty).Mul(decimal.RequireFromString(prices[coin]))
	}
	mainValue := cents("0.123456789", "bitcoin").Add(cents("2.5", "ethereum")).Add(cents("10.25", "solana")).Add(cents("1234.56", "usd-coin")).
		Shift(2).Round(0).IntPart()
	var accounts []struct {
		ID                        string
		BalanceFiatValueCents     *int64
		BalanceFiatValueFormatted *string
	}
	c.must("getClientAccounts", `query($c: String!) { getClientAccounts(clientId: $c) { id balanceFiatValueCents balanceFiatValueFormatted } }`, nil, &accounts)
	got := map[string]*int64{}
	for _, a := range accounts {
		got[a.ID] = a.BalanceFiatValueCents
		if (a.BalanceFiatValueCents == nil) != (a.BalanceFiatValueFormatted == nil) {
			t.Errorf("account %s: value %v formatted %v", a.ID, a.BalanceFiatValueCents, a.BalanceFiatValueFormatted)
		}
	}
	if v := got[main]; v == nil || *v != mainValue {
		t.Errorf("the main account is worth %v, want %d", v, mainValue)
	}
	if v := got[unpriced]; v != nil {
		t.Errorf("an account holding only an asset without a price is worth %d, want null", *v)
	}
	if v := got[empty]; v == nil || *v != 0 {
		t.Errorf("an account that holds nothing is worth %v, want 0", v)
	}

	// a report: its size once READY is the size of what its download serves
	var export struct {
		Report struct{ ID string }
	}
	c.must("getReportExportV2", `query($c: ID!) { getReportExportV2(clientId: $c, type: TRANSACTION_HISTORY_CSV, dateQueryType: ALL_TIME) { report { id } } }`, nil, &export)
	var size *int
	testwait.For(t, "the export to be ready", 60*time.Second, func() bool {
		var reports []struct {
			ID, Status string
			SizeBytes  *int
		}
		c.must("getReports", `query($c: ID!) { getReports(clientId: $c) { id status sizeBytes } }`, nil, &reports)
		if len(reports) != 1 || reports[0].ID != export.Report.ID || reports[0].Status == "FAILED" {
			t.Fatalf("reports %+v", reports)
		}
		if reports[0].Status == "READY" {
			size = reports[0].SizeBytes
			return true
		}
		if reports[0].SizeBytes != nil {
			t.Fatalf("a report not ready has a size: %+v", reports[0])
		}
		return false
	})
	var dl struct{ URL string }
	c.must("getReportDownloadUrl", `query($r: ID!) { getReportDownloadUrl(reportId: $r) { url } }`, map[string]any{"r": export.Report.ID}, &dl)
	i := strings.Index(dl.URL, "/downloads/")
	resp, err := http.Get(e.url + dl.URL[i:])
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(body) < 100 || size == nil || *size != len(body) {
		t.Errorf("download %d: %d bytes; sizeBytes %v", resp.StatusCode, len(body), size)
	}
	// a report stored before sizes were recorded gets its size from the bucket
	if _, err := e.pool.Exec(ctx(), `UPDATE reports SET size_bytes = NULL WHERE id = $1`, export.Report.ID); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		var again []struct{ SizeBytes *int }
		c.must("getReports", `query($c: ID!) { getReports(clientId: $c) { sizeBytes } }`, nil, &again)
		if len(again) != 1 || again[0].SizeBytes == nil || *again[0].SizeBytes != len(body) {
			t.Errorf("a report without a recorded size: %+v, want %d", again, len(body))
		}
	}
}

// TestPortfolioInClientCurrency: a GBP client's holdings are valued at the coins' GBP prices (cached
// under "coingecko:<id>:gbp"), never at the USD ones, so value, basis and gain are all pounds:
// getPortfolioV2, getPortfolioValue, getChart, getHarvestableLosses and an account's
// balanceFiatValueCents answer GBP figures and currency GBP. A coin with only a USD price has no
// value (never converted).
func TestPortfolioInClientCurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	t.Parallel()
	e := newWorkingGraphQLEnv(t)
	c := newReadsClient(t, e, "Pound Holder")
	c.must("updateClient", `mutation($c: ID!) { updateClient(clientId: $c, country: GB, currency: GBP, timezone: "Europe/London") { id } }`, nil, nil)
	today := time.Now().UTC().Truncate(readsDay)
	from := today.AddDate(0, 0, -3)
	seedDailyPrices(t, e, "bitcoin:gbp", from, today, func(time.Time) string { return "34000" })
	seedDailyPrices(t, e, "bitcoin", from, today, func(time.Time) string { return "43210.98" })
	seedDailyPrices(t, e, "ethereum:gbp", from, today, func(time.Time) string { return "2500" })
	seedDailyPrices(t, e, "ethereum", from, today, func(time.Time) string { return "3200" })
	seedDailyPrices(t, e, "solana", from, today, func(time.Time) string { return "187.05" }) // no GBP price
	at := today.AddDate(0, 0, -20).Format(time.RFC3339)
	acct := c.importCSV("Pounds CSV", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value\n"+
		at+",buy,,,0.5,BTC,15000\n"+
		at+",buy,,,2,ETH,8000\n"+
		at+",buy,,,10,SOL,1000\n")
	c.recalculate()

	// by hand, in pounds: BTC 0.5 x 34,000 = 17,000 against 15,000; ETH 2 x 2,500 = 5,000 against
	// 8,000; SOL unvalued (its 1,000 of basis still counts in the total basis, as for any unpriced holding)
	const btcValue, ethValue, value = 1700000, 500000, 2200000
	const basis = 1500000 + 800000 + 100000
	var page struct {
		Currency, TotalValueFormatted                                  string
		TotalValueCents, TotalCostBasisCents, TotalUnrealizedGainCents int64
		Positions                                                      []struct {
			ValueCents, UnrealizedGainCents *int64
			ValueFormatted                  *string
			CostBasisCents                  int64
			Asset                           struct{ Symbol string }
		}
	}
	c.must("getPortfolioV2", `query($c: ID!) { getPortfolioV2(clientId: $c) { currency totalValueCents totalValueFormatted totalCostBasisCents
		totalUnrealizedGainCents positions { valueCents valueFormatted costBasisCents unrealizedGainCents asset { symbol } } } }`, nil, &page)
	if page.Currency != "GBP" || page.TotalValueCents != value || page.TotalValueFormatted != "£22,000.00" ||
		page.TotalCostBasisCents != basis || page.TotalUnrealizedGainCents != value-basis {
		t.Errorf("getPortfolioV2 %s %d %q basis %d gain %d; want GBP %d £22,000.00 basis %d gain %d", page.Currency, page.TotalValueCents,
			page.TotalValueFormatted, page.TotalCostBasisCents, page.TotalUnrealizedGainCents, value, basis, value-basis)
	}
	want := map[string]struct{ value, basis int64 }{"BTC": {btcValue, 1500000}, "ETH": {ethValue, 800000}}
	for _, p := range page.Positions {
		w, priced := want[p.Asset.Symbol]
		switch {
		case p.Asset.Symbol == "SOL":
			if p.ValueCents != nil || p.UnrealizedGainCents != nil || p.CostBasisCents != 100000 {
				t.Errorf("SOL (no GBP price) %+v, want no value and basis 100000", p)
			}
		case !priced:
			t.Errorf("position %+v", p)
		case p.ValueCents == nil || *p.ValueCents != w.value || p.CostBasisCents != w.basis || p.UnrealizedGainCents == nil ||
			*p.UnrealizedGainCents != w.value-w.basis || p.ValueFormatted == nil || !strings.HasPrefix(*p.ValueFormatted, "£"):
			t.Errorf("%s position %+v, want value %d basis %d in pounds", p.Asset.Symbol, p, w.value, w.basis)
		}
	}

	var pv struct {
		Currency, TotalValueFormatted string
		TotalValueCents               int64
		UnrealizedGainCents           int64
	}
	c.must("getPortfolioValue", `query($c: ID!) { getPortfolioValue(clientId: $c) { currency totalValueCents totalValueFormatted unrealizedGainCents } }`, nil, &pv)
	if pv.Currency != "GBP" || pv.TotalValueCents != value || pv.TotalValueFormatted != "£22,000.00" || pv.UnrealizedGainCents != value-basis {
		t.Errorf("getPortfolioValue %+v, want GBP %d", pv, value)
	}

	var chart struct {
		Currency      string
		EndValueCents int64
	}
	c.must("getChart", `query($c: ID!) { getChart(clientId: $c, interval: ONE_MONTH, hardRefresh: true) { currency endValueCents } }`, nil, &chart)
	if chart.Currency != "GBP" || chart.EndValueCents != value {
		t.Errorf("getChart %+v, want GBP ending at %d", chart, value)
	}

	var harvest struct {
		Currency         string
		UnpricedAssetIds []string
		Assets           []struct {
			MarketValueCents, CostBasisCents, UnrealizedGainCents int64
			Asset                                                 struct{ Symbol string }
		}
	}
	c.must("getHarvestableLosses", `query($c: ID!, $d: Date!) { getHarvestableLosses(clientId: $c, date: $d) { currency unpricedAssetIds
		assets { marketValueCents costBasisCents unrealizedGainCents asset { symbol } } } }`, map[string]any{"d": today.Format("2006-01-02")}, &harvest)
	if harvest.Currency != "GBP" || len(harvest.Assets) != 1 || harvest.Assets[0].Asset.Symbol != "ETH" || harvest.Assets[0].MarketValueCents != ethValue ||
		harvest.Assets[0].CostBasisCents != 800000 || harvest.Assets[0].UnrealizedGainCents != ethValue-800000 || len(harvest.UnpricedAssetIds) != 1 {
		t.Errorf("getHarvestableLosses %+v, want GBP: ETH worth %d against 800000, SOL unpriced", harvest, ethValue)
	}

	var accounts []struct {
		ID                        string
		BalanceFiatValueCents     *int64
		BalanceFiatValueFormatted *string
	}
	c.must("getClientAccounts", `query($c: String!) { getClientAccounts(clientId: $c) { id balanceFiatValueCents balanceFiatValueFormatted } }`, nil, &accounts)
	if len(accounts) != 1 || accounts[0].ID != acct || accounts[0].BalanceFiatValueCents == nil || *accounts[0].BalanceFiatValueCents != value ||
		accounts[0].BalanceFiatValueFormatted == nil || *accounts[0].BalanceFiatValueFormatted != "£22,000.00" {
		t.Errorf("accounts %+v, want the one worth %d (£22,000.00)", accounts, value)
	}
}
