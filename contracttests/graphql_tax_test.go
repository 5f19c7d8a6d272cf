package contracttests

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/jobs"
	"taxd/internal/reports"
	"taxd/internal/server"
	"taxd/internal/tax"
	"taxd/internal/testwait"
)

// fixtureEngine computes the GraphQL fixture ledger (spec/graphql/examples/README.md) with the tax
// engine directly, from a hand-built input, independently of the database and the recalculation.
func fixtureEngine(t *testing.T) tax.Result {
	t.Helper()
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	id := func(suffix string) tax.ID { return tax.ID(gid(suffix)) }
	a1, a2 := gid("000000000001").String(), gid("000000000002").String()
	eth, btc := gid("0000000e0001").String(), gid("0000000e0002").String()
	tr := func(tid, asset, qty, value, from, to string, label tax.Label) tax.Transfer {
		v, err := tax.DecFromDecimal(decimal.RequireFromString(value))
		if err != nil {
			t.Fatal(err)
		}
		return tax.Transfer{ID: id(tid), Asset: asset, Quantity: tax.MustDec(qty), FiatValue: v, HasFiatValue: true, From: from, To: to, Label: label}
	}
	staking, err := tax.ParseLabel("staking_reward")
	if err != nil {
		t.Fatal(err)
	}
	in := tax.Input{
		Settings: tax.Settings{Methods: []tax.MethodChange{{Method: tax.FIFO}}, Location: loc,
			PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, loc), AsOf: time.Now()},
		Transactions: []tax.Transaction{
			{ID: id("0000000a0001"), Time: at("2025-01-15T12:00:00Z"), Transfers: []tax.Transfer{tr("0000000b0001", eth, "2", "5000", "", a1, 0)}},
			{ID: id("0000000a0002"), Time: at("2025-03-10T09:30:00Z"), Transfers: []tax.Transfer{tr("0000000b0002", btc, "0.1", "7000", "", a2, 0)}},
			{ID: id("0000000a0003"), Time: at("2025-06-01T14:30:00Z"), Transfers: []tax.Transfer{
				tr("0000000b0003", eth, "0.5", "1900", a1, "", 0), tr("0000000b0005", eth, "0.25", "950", a1, "", 0)}},
			{ID: id("0000000a0004"), Time: at("2025-07-04T00:00:00Z"), Transfers: []tax.Transfer{tr("0000000b0004", eth, "0.01", "34", "", a1, staking)}},
		},
	}
	res, err := tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func cents(d tax.Dec) int64 { return d.Decimal().Shift(2).Round(0).IntPart() }

// exampleData reads the expected data of one GraphQL example.
func exampleData(t *testing.T, name string, out any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "spec", "graphql", "examples", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Expect struct {
			Data json.RawMessage `json:"data"`
		} `json:"expect"`
	}
	if err := json.Unmarshal(b, &ex); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(ex.Expect.Data, out); err != nil {
		t.Fatal(err)
	}
}

// TestGraphQLTaxExamplesMatchEngine checks the figures the tax examples assert against the engine
// run on a hand-built copy of the fixture ledger, and against the arithmetic done by hand: 2 ETH
// bought for $5,000 ($2,500/ETH); 0.5 ETH paid away for $1,900 and 0.25 ETH for $950 (basis $1,250
// and $625: gains $650 and $325, $975 in all); 0.01 ETH of staking income worth $34.
func TestGraphQLTaxExamplesMatchEngine(t *testing.T) {
	t.Parallel()
	res := fixtureEngine(t)
	var y tax.YearSummary
	for _, s := range res.Years {
		if s.Year == 2025 {
			y = s
		}
	}
	proceeds, basis := cents(y.ShortProceeds)+cents(y.LongProceeds), cents(y.ShortBasis)+cents(y.LongBasis)
	if proceeds != 285000 || basis != 187500 || cents(y.ShortGain) != 97500 || cents(y.LongGain) != 0 || cents(y.IncomeTotal) != 3400 {
		t.Fatalf("engine 2025: proceeds %d basis %d short %d long %d income %d", proceeds, basis, cents(y.ShortGain), cents(y.LongGain), cents(y.IncomeTotal))
	}
	var inc struct {
		G struct {
			ProceedsCents, CostBasisCents, ShortTermCapGainsCents, LongTermCapGainsCents, IncomeCents int64
			CapGainsSumSigned                                                                         string
		} `json:"getIncomeAndCapGains"`
	}
	exampleData(t, "getIncomeAndCapGains", &inc)
	g := inc.G
	if g.ProceedsCents != proceeds || g.CostBasisCents != basis || g.ShortTermCapGainsCents != cents(y.ShortGain) ||
		g.LongTermCapGainsCents != cents(y.LongGain) || g.IncomeCents != cents(y.IncomeTotal) || g.CapGainsSumSigned != "97500" {
		t.Errorf("getIncomeAndCapGains example %+v disagrees with the engine", g)
	}
	// the pieces: each gain explained by its lot (T1's B1 at $2,500/ETH)
	var gains int64
	for _, d := range res.Disposals {
		if d.LotSource != tax.ID(gid("0000000b0001")) {
			t.Errorf("piece %s consumed a lot of %s, want B1", d.TransferID, d.LotSource)
		}
		if got, want := cents(d.Basis), d.Quantity.Decimal().Mul(decimal.NewFromInt(2500)).Shift(2).IntPart(); got != want {
			t.Errorf("piece %s basis %d, want %d", d.TransferID, got, want)
		}
		gains += cents(d.Gain())
	}
	if len(res.Disposals) != 2 || gains != 97500 {
		t.Errorf("%d pieces, gains %d", len(res.Disposals), gains)
	}
	var lots struct {
		L struct {
			TotalAmountExact    string
			TotalCostBasisCents int64
			Lots                []struct {
				AmountExact    string
				CostBasisCents int64
			}
		} `json:"getTaxLots"`
	}
	exampleData(t, "getTaxLots", &lots)
	var ethLots []tax.Lot
	for _, l := range res.Lots {
		if res.Assets[l.Asset] == gid("0000000e0001").String() {
			ethLots = append(ethLots, l)
		}
	}
	if len(ethLots) != len(lots.L.Lots) {
		t.Fatalf("engine has %d ETH lots, the example %d", len(ethLots), len(lots.L.Lots))
	}
	var total decimal.Decimal
	var totalBasis int64
	for i, l := range ethLots {
		ex := lots.L.Lots[i]
		if l.Quantity.String() != ex.AmountExact || cents(l.Basis) != ex.CostBasisCents {
			t.Errorf("lot %d: engine %s / %d, example %s / %d", i, l.Quantity, cents(l.Basis), ex.AmountExact, ex.CostBasisCents)
		}
		total = total.Add(l.Quantity.Decimal())
		totalBasis += cents(l.Basis)
	}
	if total.String() != lots.L.TotalAmountExact || totalBasis != lots.L.TotalCostBasisCents {
		t.Errorf("totals: engine %s / %d, example %s / %d", total, totalBasis, lots.L.TotalAmountExact, lots.L.TotalCostBasisCents)
	}
}

// gqlFlow is a whole taxd (HTTP and job workers) on the GraphQL fixture.
type gqlFlow struct {
	t   *testing.T
	url string
	e   *env
}

func startGraphQLFlow(t *testing.T) *gqlFlow {
	t.Helper()
	return startFlowWith(t, seedGraphQL)
}

// startFlowWith is startGraphQLFlow on the fixture that seed lays.
func startFlowWith(t *testing.T, seed func(*testing.T, *env)) *gqlFlow {
	t.Helper()
	e := newEnvWith(t, seed)
	bucket, err := reports.OpenBucket(context.Background(), e.cfg.BlobURL, e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	workers, err := server.Workers(e.cfg, e.pool, bucket)
	if err != nil {
		t.Fatal(err)
	}
	jc, err := jobs.New(e.pool, workers, jobs.Options{Workers: 2, RescueAfter: time.Minute, JobTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := jc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = jc.Stop(context.Background()) })
	h, err := server.NewHandler(server.Deps{Config: e.cfg, Pool: e.pool, Jobs: jc, Bucket: bucket})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &gqlFlow{t: t, url: srv.URL, e: e}
}

// do runs one GraphQL operation with the ReadWrite key and returns data, or the first error code.
func (f *gqlFlow) do(query string, vars map[string]any, out any) string {
	f.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, f.url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", gqlKeyRW)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var got struct {
		Data   json.RawMessage `json:"data"`
		Errors []struct {
			Message    string         `json:"message"`
			Extensions map[string]any `json:"extensions"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		f.t.Fatalf("not JSON: %s", raw)
	}
	if len(got.Errors) > 0 {
		code, _ := got.Errors[0].Extensions["code"].(string)
		return code
	}
	if out != nil {
		if err := json.Unmarshal(got.Data, out); err != nil {
			f.t.Fatalf("%v: %s", err, raw)
		}
	}
	return ""
}

func (f *gqlFlow) must(query string, vars map[string]any, out any) {
	f.t.Helper()
	if code := f.do(query, vars, out); code != "" {
		f.t.Fatalf("%s: error %s", query, code)
	}
}

func (f *gqlFlow) local(u string) string {
	f.t.Helper()
	i := strings.Index(u, "/downloads/")
	if i < 0 {
		f.t.Fatalf("not a download URL: %s", u)
	}
	return f.url + u[i:]
}

const exportQuery = `query($c: ID!, $t: ReportExportTypeEnum!, $q: ReportDateQueryType!, $y: String, $s: Date, $e: Date, $a: [ID!]) {
  getReportExportV2(clientId: $c, type: $t, dateQueryType: $q, year: $y, startDate: $s, endDate: $e, accountIds: $a, shouldDownload: true) {
    isCached downloadUrl report { id status type dateQueryType startDate endDate } } }`

type exportAnswer struct {
	X struct {
		IsCached    bool
		DownloadURL *string
		Report      struct{ ID, Status, Type, DateQueryType string }
	} `json:"getReportExportV2"`
}

// export requests a report until it is READY (a second identical request reuses it) and returns
// its download URL.
func (f *gqlFlow) export(vars map[string]any) (string, string) {
	f.t.Helper()
	var first exportAnswer
	f.must(exportQuery, vars, &first)
	var again exportAnswer
	testwait.For(f.t, "report "+first.X.Report.ID+" to be ready", 60*time.Second, func() bool {
		again = exportAnswer{}
		f.must(exportQuery, vars, &again)
		if again.X.Report.ID != first.X.Report.ID || !again.X.IsCached {
			f.t.Fatalf("the second request made report %s (cached %v), want the first one %s reused", again.X.Report.ID, again.X.IsCached, first.X.Report.ID)
		}
		if again.X.Report.Status == "FAILED" {
			f.t.Fatalf("report %s: %s", again.X.Report.ID, again.X.Report.Status)
		}
		return again.X.Report.Status == "READY"
	})
	return first.X.Report.ID, *again.X.DownloadURL
}

// csv downloads a CSV report; the URL's host is the configured public URL, the test server's
// address replaces it.
func (f *gqlFlow) csv(url string) [][]string {
	f.t.Helper()
	resp, err := http.Get(f.local(url))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		f.t.Fatalf("download: %d %s", resp.StatusCode, b)
	}
	rows, err := csv.NewReader(resp.Body).ReadAll()
	if err != nil {
		f.t.Fatal(err)
	}
	return rows
}

// TestGraphQLTaxFlow runs the tax operations against a whole server with workers on the fixture:
// the lot trail explains the year's gain; reports honour the period and accounts, are reused when
// asked twice, download through the signed URL; settings and the lock reach the recalculation.
func TestGraphQLTaxFlow(t *testing.T) {
	t.Parallel()
	f := startGraphQLFlow(t)
	c1 := gqlClient1.String()
	eng := fixtureEngine(t)

	// the trail: every ETH disposal piece names its lot, and the pieces add up to the year's gain
	var lots struct {
		L struct {
			Disposals []struct {
				TransferID, LotTransferID, LotTransactionID, GainExact, CostBasisExact string
				GainCents, ProceedsCents, CostBasisCents                               int64
				LotAcquiredAt                                                          string
			}
		} `json:"getTaxLots"`
	}
	f.must(`query($c: ID!) { getTaxLots(clientId: $c, assetPricingKey: "eth") { disposals {
		transferId lotTransferId lotTransactionId gainExact costBasisExact gainCents proceedsCents costBasisCents lotAcquiredAt } } }`,
		map[string]any{"c": c1}, &lots)
	if len(lots.L.Disposals) != len(eng.Disposals) {
		t.Fatalf("%d pieces, the engine %d", len(lots.L.Disposals), len(eng.Disposals))
	}
	for i, p := range lots.L.Disposals {
		d := eng.Disposals[i]
		if p.TransferID != d.TransferID.String() || p.LotTransferID != d.LotSource.String() || p.LotTransactionID != gid("0000000a0001").String() ||
			p.GainExact != d.Gain().String() || p.CostBasisExact != d.Basis.String() || p.LotAcquiredAt != "2025-01-15T12:00:00.000Z" {
			t.Errorf("piece %d: %+v, engine %s lot %s gain %s", i, p, d.TransferID, d.LotSource, d.Gain())
		}
		if p.ProceedsCents-p.CostBasisCents != p.GainCents {
			t.Errorf("piece %d: proceeds - basis != gain", i)
		}
	}

	// capital gains of June 2025 from the ETH wallet: T3's two pieces; from the BTC wallet: none
	june := map[string]any{"c": c1, "t": "CAPITAL_GAINS_CSV", "q": "DATE_RANGE", "s": "2025-06-01", "e": "2025-07-01",
		"a": []string{gid("000000000001").String()}}
	_, url := f.export(june)
	rows := f.csv(url)
	if len(rows) != 3 {
		t.Fatalf("June gains from A1: %d rows, want a header and 2: %v", len(rows), rows)
	}
	sum := decimal.Zero
	for _, r := range rows[1:] {
		sum = sum.Add(decimal.RequireFromString(r[6]))
	}
	if !sum.Equal(decimal.RequireFromString("975")) {
		t.Errorf("June gains %s, want 975.00", sum)
	}
	june["a"] = []string{gid("000000000002").String()}
	if _, url := f.export(june); len(f.csv(url)) != 1 {
		t.Errorf("June gains from A2: want only the header")
	}
	july := map[string]any{"c": c1, "t": "INCOME_CSV", "q": "DATE_RANGE", "s": "2025-07-01", "e": "2025-08-01"}
	if rows := f.csv(func() string { _, u := f.export(july); return u }()); len(rows) != 2 || rows[1][4] != "34.00" {
		t.Errorf("July income: %v", rows)
	}
	// an expired or forged signature does not download
	if resp, err := http.Get(f.local(url) + "0"); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("forged signature: %v %v", resp.StatusCode, err)
	}

	// settings: an algorithm change off the fiscal-year start is refused; a valid one marks dirty
	const settings = `mutation($c: ID!, $s: AdvancedTaxFeaturesInput!) { updateClientTaxSettings(clientId: $c, taxSettings: $s) {
		isDirty lockTaxesUntil taxSettings { basisMethod perWalletSwitchDate costBasisAlgorithmChanges { effectiveFrom costBasisAlgorithm } } } }`
	if code := f.do(settings, map[string]any{"c": c1, "s": map[string]any{"costBasisAlgorithmChanges": []any{
		map[string]any{"effectiveFrom": "2025-03-01", "costBasisAlgorithm": "HIFO"}}}}, nil); code != "BAD_USER_INPUT" {
		t.Errorf("change off the year start: %q", code)
	}
	// lock 2025 (the client is settled), then a change taking effect in 2025 is refused
	var upd struct {
		U struct {
			IsDirty        bool
			LockTaxesUntil *string
		} `json:"updateClientTaxSettings"`
	}
	f.must(settings, map[string]any{"c": c1, "s": map[string]any{"lockTaxesUntil": "2026-01-01"}}, &upd)
	if upd.U.IsDirty || upd.U.LockTaxesUntil == nil {
		t.Errorf("locking: %+v", upd.U)
	}
	for _, s := range []map[string]any{
		{"costBasisAlgorithmChanges": []any{map[string]any{"effectiveFrom": "2025-01-01", "costBasisAlgorithm": "LIFO"}}},
		{"basisMethod": "UNIVERSAL"},
		{"perWalletSwitchDate": "2025-06-01"},
	} {
		if code := f.do(settings, map[string]any{"c": c1, "s": s}, nil); code != "TAXES_LOCKED" {
			t.Errorf("%v under the lock: %q", s, code)
		}
	}
	f.must(settings, map[string]any{"c": c1, "s": map[string]any{"costBasisAlgorithmChanges": []any{
		map[string]any{"effectiveFrom": "2026-01-01", "costBasisAlgorithm": "HIFO"}}}}, &upd)
	if !upd.U.IsDirty {
		t.Errorf("a 2026 change did not mark the client dirty")
	}
	// the recalculation applies it and keeps the locked year's figures
	var job struct {
		ID string `json:"rerunGraph"`
	}
	f.must(`mutation($c: ID!) { rerunGraph(clientId: $c) }`, map[string]any{"c": c1}, &job)
	testwait.For(t, "the recalculation to finish", 60*time.Second, func() bool {
		var active struct {
			J *struct{ ID string } `json:"getActiveRecalculateJob"`
		}
		f.must(`query($c: ID!) { getActiveRecalculateJob(clientId: $c) { id } }`, map[string]any{"c": c1}, &active)
		return active.J == nil
	})
	var year struct {
		Y struct {
			ShortTermCapGainsCents int64
			IsStale                bool
		} `json:"getIncomeAndCapGains"`
	}
	f.must(`query($c: ID!) { getIncomeAndCapGains(clientId: $c, year: "2025") { shortTermCapGainsCents isStale } }`, map[string]any{"c": c1}, &year)
	if year.Y.ShortTermCapGainsCents != 97500 || year.Y.IsStale {
		t.Errorf("2025 after the recalculation: %+v", year.Y)
	}
	var key string
	if err := f.e.pool.QueryRow(context.Background(), `SELECT rs.settings_key FROM clients c JOIN tax_result_sets rs ON rs.id = c.current_result_set_id WHERE c.id = $1`, gqlClient1).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if key != "FIFO|America/New_York|01-01|2025-01-01|2026-01-01:HIFO" {
		t.Errorf("the results were computed under %q, not the new settings", key)
	}
}

// The report worker of a whole server (server.Workers) renders the reconciled Form 8949 that
// generate1099DAReports queues: the generation then succeeds, run after run (each run asks for
// another layout: the same call again would be a retry, answered with the run it started).
func TestReconciled8949RenderedByTheWorkers(t *testing.T) {
	t.Parallel()
	f := startGraphQLFlow(t)
	vars := map[string]any{"c": gqlClient1.String(), "f": gid("000000110001").String()}
	for run := 1; run <= 2; run++ {
		vars["g"] = run == 2
		f.must(`mutation($c: ID!, $f: ID!, $g: Boolean) { generate1099DAReports(clientId: $c, taxFormId: $f,
			transactions: [{transactionId: "`+gid("0000000a0003").String()+`"}], useBrokerDataForBoxG: $g) { generation { id } } }`, vars, nil)
		testwait.For(t, fmt.Sprintf("generation run %d to succeed", run), 60*time.Second, func() bool {
			var gens struct {
				G []struct{ Status string } `json:"taxFormGenerations"`
			}
			f.must(`query($c: ID!, $f: ID!) { taxFormGenerations(clientId: $c, taxFormId: $f) { status } }`, vars, &gens)
			if len(gens.G) > 0 && gens.G[0].Status == "FAILED" {
				t.Fatalf("run %d: generations %+v, want the newest SUCCEEDED", run, gens.G)
			}
			return len(gens.G) == run && gens.G[0].Status == "SUCCEEDED"
		})
	}
}
