package contracttests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/etherscanfake"
	"taxd/internal/money"
	"taxd/internal/recalc"
	"taxd/internal/taxfile"
)

// onchainWallets are the wallets the test adds, each on the chains of its recorded transactions:
// the multi-protocol wallet (a vote, a CoW swap, a 1inch swap, a Basename, a self-call and an ODOS
// claim on Ethereum, Arbitrum and Base) and two wallets that bridge to Arbitrum (ETH through the
// Arbitrum bridge, USDC through CCTP), so that the automatic bridge links reach the export.
var onchainWallets = []struct{ address, name string }{
	{"0xc37b40abdb939635068d3c5f13e7faf686f03b65", "Multi"},
	{"0x4e7df0fda2d203f5dfbaa34b9fb64dde5133196e", "Bridger ETH"},
	{"0xd0adc5d079cc486b58f1b9a28b973355c4ec9e6f", "Bridger USDC"},
}

// onchainExpected is what each recorded transaction is, by hand from the recorded chain data
// (internal/etherscanfake/testdata/fixtures) and the policy of docs/onchain.md: keyed by chain and
// the hash's first 18 characters; the label ("" none), the rule and its confidence.
var onchainExpected = map[string]struct{ label, rule, confidence string }{
	// the wallet's Arbitrum DAO vote: it moved nothing, only paid gas
	"arbitrum 0x10b9c5adb8451513": {"fee", "gas_only", "HIGH"},
	// a CoW settlement sent by a solver: ARB left the wallet, USDT arrived; no fee of the wallet's
	"arbitrum 0xd1b5ca7b7616f827": {"trade", "swap", "HIGH"},
	// 1inch on Base: an unnamed token sold for ETH (paid to the wallet by the router)
	"base 0x5b41c094c49462cd": {"trade", "swap", "HIGH"},
	// a Basename registered for ETH: the name's ERC-721 minted to the wallet
	"base 0x20280b43dbcfa86c": {"trade", "nft", "HIGH"},
	// a call to itself: gas only
	"ethereum 0xe950eb35f96ff99b": {"fee", "gas_only", "HIGH"},
	// ODOS claimed from the distributor, whose claim event names the wallet
	"base 0x7d78887e1f615d83": {"airdrop", "airdrop_claim", "HIGH"},
	// ETH into the Arbitrum bridge (the Inbox's message event) and its arrival on Arbitrum
	"ethereum 0xbe5b747193c68a7d": {"internal", "bridge_out", "HIGH"},
	"arbitrum 0x30505174f2f82a65": {"internal", "bridge_in", "HIGH"},
	// USDC burnt by CCTP on Ethereum and minted on Arbitrum
	"ethereum 0xac7bb45701a4311a": {"internal", "bridge_out", "HIGH"},
	"arbitrum 0x9da8beb8e9ad2428": {"internal", "bridge_in", "HIGH"},
}

// TestOnchainWalletEndToEnd syncs real recorded wallets through the partner API (an
// Etherscan-compatible server over the recorded transactions, a price API that prices their
// coins), recalculates, and checks through GraphQL that every transaction carries the label,
// rule and confidence written above and that the two bridges are linked; then that `taxd export`'s
// ledger, computed by `taxd compute`, gives the service's figures for every tax year to the cent
// (short- and long-term gains, income, disposals). A second sync changes nothing: the same
// transactions, the same figures.
func TestOnchainWalletEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	chain := httptest.NewServer(etherscanfake.New(withBERD(etherscanfake.MustFixtures())))
	t.Cleanup(chain.Close)
	coins := httptest.NewServer(onchainPrices{})
	t.Cleanup(coins.Close)
	srv := startFlowServerWith(t, func(cfg *config.Config) {
		cfg.EtherscanURL, cfg.CoinGeckoURL = chain.URL+"/v2/api", coins.URL
		cfg.EtherscanRPS, cfg.CoinGeckoRPS = -1, -1 // local fakes: no rate limit to respect
	})
	c := &apiClient{t: t, base: srv.URL + "/api"}
	c.do("POST", "/users", `{"userId":"onchain-user","email":"onchain@example.com"}`, 201, nil)
	var wallets []string
	for _, w := range onchainWallets {
		for _, ch := range []string{"ethereum", "arbitrum", "base"} {
			wallets = append(wallets, fmt.Sprintf(`{"address":%q,"chain":%q,"name":"%s %s"}`, w.address, ch, w.name, ch))
		}
	}
	c.do("POST", "/users/onchain-user/accounts", `{"wallets":[`+strings.Join(wallets, ",")+`]}`, 201, nil)
	var tok struct {
		Data struct{ AccessToken, ClientID string } `json:"data"`
	}
	c.do("POST", "/access-tokens", `{"referenceId":"onchain-user"}`, 200, &tok)
	g := &portalGraphQL{t: t, url: srv.URL + "/graphql", token: tok.Data.AccessToken, client: tok.Data.ClientID}

	var first onchainState
	for round := 1; round <= 2; round++ {
		onchainSync(c)
		s := onchainRead(g)
		if round == 1 {
			checkOnchainLabels(t, s)
			checkOnchainFigures(t, srv, g, s)
			first = s
			continue
		}
		a, b := mustJSON(t, first), mustJSON(t, s)
		if a != b {
			t.Errorf("the second sync changed the ledger or the figures:\nfirst  %s\nsecond %s", a, b)
		}
	}
}

// withBERD gives the recorded 1inch swap on Base its sold token's metadata, which the recording
// lacks and Etherscan's tokentx answers: BERD, 18 decimals (rotki's decoder test of the same
// transaction reads 311,804 BERD sold for 0.002362174980374604 ETH). Without it the token is
// unnamed and its quantity the raw integer, 3.11804e23, beyond the tax engine's range
// (1.7e20): the client's recalculation then fails on every attempt.
func withBERD(fx []etherscanfake.Fixture) []etherscanfake.Fixture {
	eighteen := 18
	for i := range fx {
		if strings.HasPrefix(fx[i].Tx.Hash, "0x5b41c094c49462cd") {
			fx[i].Tokens["0xad1c24de53fad18270d5c99026302e989d212b41"] = etherscanfake.Token{Standard: "erc20", Symbol: "BERD", Name: "Berd", Decimals: &eighteen}
		}
	}
	return fx
}

// onchainSync syncs every account of the user and recalculates.
func onchainSync(c *apiClient) {
	c.t.Helper()
	var sync struct {
		Data struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	}
	c.do("POST", "/users/onchain-user/account_syncs", `{}`, 202, &sync)
	c.poll("the sync", func() bool {
		c.do("GET", "/users/onchain-user/account_syncs/"+sync.Data.ID, "", 200, &sync)
		return sync.Data.Status == "completed" || sync.Data.Status == "failed"
	})
	if sync.Data.Status != "completed" {
		c.t.Fatalf("sync ended %s", sync.Data.Status)
	}
	c.do("POST", "/users/onchain-user/refresh", "", 200, nil)
	c.poll("the recalculation", func() bool {
		var job struct {
			Data *struct{} `json:"data"`
		}
		c.do("GET", "/users/onchain-user/active-recalculate-job", "", 200, &job)
		return job.Data == nil
	})
}

// onchainTx is a transaction as GraphQL shows it.
type onchainTx struct {
	TxnHash        string
	Provider       string
	Label          *string
	LinkType       *string
	IsDirty        bool
	Classification *struct{ Rule, Confidence string }
	Transfers      []struct {
		AmountExact string
		Direction   string
		IsFee       bool
		Asset       struct{ Symbol string }
	}
}

// onchainYear is getIncomeAndCapGains of one year.
type onchainYear struct {
	ShortTermCapGainsCents, LongTermCapGainsCents, IncomeCents int64
	DisposalCount                                              int
	IsStale                                                    bool
}

type onchainState struct {
	Transactions []onchainTx
	Years        map[int]onchainYear
}

func onchainRead(g *portalGraphQL) onchainState {
	g.t.Helper()
	var page struct {
		P struct{ Transactions []onchainTx } `json:"getClientTransactions"`
	}
	g.must(`query($c: ID!) { getClientTransactions(clientId: $c, includeSpam: true, includeFailed: true, includeHidden: true, ascending: true, limit: 500) {
		transactions { txnHash provider label linkType isDirty classification { rule confidence }
			transfers { amountExact direction isFee asset { symbol } } } } }`, map[string]any{"c": g.client}, &page)
	s := onchainState{Transactions: page.P.Transactions, Years: map[int]onchainYear{}}
	var years struct {
		Y []int `json:"getTaxYears"`
	}
	g.must(`query($c: ID!) { getTaxYears(clientId: $c) }`, map[string]any{"c": g.client}, &years)
	for _, y := range years.Y {
		var out struct {
			Y onchainYear `json:"getIncomeAndCapGains"`
		}
		g.must(`query($c: ID!, $y: String!) { getIncomeAndCapGains(clientId: $c, year: $y) {
			shortTermCapGainsCents longTermCapGainsCents incomeCents disposalCount isStale } }`,
			map[string]any{"c": g.client, "y": strconv.Itoa(y)}, &out)
		s.Years[y] = out.Y
	}
	return s
}

func checkOnchainLabels(t *testing.T, s onchainState) {
	t.Helper()
	seen := map[string]bool{}
	for _, tx := range s.Transactions {
		key := tx.Provider + " " + tx.TxnHash[:min(18, len(tx.TxnHash))]
		want, ok := onchainExpected[key]
		if !ok {
			t.Errorf("%s: not a recorded transaction of the wallets", key)
			continue
		}
		seen[key] = true
		label := ""
		if tx.Label != nil {
			label = *tx.Label
		}
		if tx.Classification == nil || label != want.label || tx.Classification.Rule != want.rule || tx.Classification.Confidence != want.confidence {
			t.Errorf("%s: label %q classification %+v, want %q by %s (%s)", key, label, tx.Classification, want.label, want.rule, want.confidence)
		}
		if strings.HasPrefix(want.rule, "bridge_") && (tx.LinkType == nil || *tx.LinkType != "BRIDGE") {
			t.Errorf("%s: link %v, want the two sides of the bridge linked (BRIDGE)", key, tx.LinkType)
		}
		if tx.IsDirty {
			t.Errorf("%s: still dirty after the recalculation", key)
		}
	}
	for key := range onchainExpected {
		if !seen[key] {
			t.Errorf("%s: not synced", key)
		}
	}
}

// checkOnchainFigures compares the service's figures with `taxd compute` on the export, and checks
// two of them by hand.
func checkOnchainFigures(t *testing.T, srv *flowServer, g *portalGraphQL, s onchainState) {
	t.Helper()
	computeExport(t, srv, g, s)
	// Two figures by hand, so that the comparison is not of two zeros: 2023's only disposal is the
	// ETH bridge's fee, 0.001207084037700187 ETH held by no lot, at $3,310 (31 July): $4.00 of
	// gain; 2024's income is the ODOS claim, 1739.7281675210563 ODOS at $0.10 (20 December).
	if s.Years[2023].ShortTermCapGainsCents != 400 || s.Years[2024].IncomeCents != 17397 {
		t.Errorf("2023 short-term %d cents (want 400), 2024 income %d cents (want 17397)", s.Years[2023].ShortTermCapGainsCents, s.Years[2024].IncomeCents)
	}
}

// computedLedger is what `taxd compute --format json` says of an exported ledger.
type computedLedger struct {
	Years []struct {
		Year                             int
		ShortGain, LongGain, IncomeTotal decimal.Decimal
	}
	Disposals []struct {
		Transfer, Kind, Term        string
		TaxYear                     int
		Proceeds, Basis, Adjustment decimal.Decimal
	}
	Income []struct {
		Transfer, Type, Asset string
		Quantity, Value       decimal.Decimal
		TaxYear               int
	}
	Lots []struct {
		Account, Asset  string
		Quantity, Basis decimal.Decimal
	}
}

// computeExport exports the client's ledger as `taxd export` does, runs `taxd compute` on it with
// the flags the export names, compares every tax year with the service's figures, and returns what
// taxd compute said.
func computeExport(t *testing.T, srv *flowServer, g *portalGraphQL, s onchainState) computedLedger {
	t.Helper()
	id := uuid.MustParse(g.client)
	in, err := recalc.ExportLedger(context.Background(), srv.pool, auth.JobScope(id, "test:export"))
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := taxfile.WriteInputCSV(&file, in); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--input", "-", "--format", "json"}, taxfile.Flags(in.Settings)...)
	var out, stderr bytes.Buffer
	if err := taxfile.RunCompute(args, &file, &out, &stderr); err != nil {
		t.Fatalf("taxd compute %v: %v: %s", args, err, stderr.String())
	}
	var computed computedLedger
	if err := json.Unmarshal(out.Bytes(), &computed); err != nil {
		t.Fatalf("taxd compute's output: %v", err)
	}
	cents := func(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }
	// The service counts the transactions with a taxable disposal; taxd compute names each piece's
	// transfer <tx>#<n> (a fee <tx>#<n>.fee).
	disposalTxs := map[int]map[string]bool{}
	// The service's year gains are the sums of the disposal lines as a form prints them (each line's
	// proceeds and basis in cents: money.Line); taxd compute's pieces summed the same way.
	printed := map[int]map[string]decimal.Decimal{}
	for _, d := range computed.Disposals {
		if d.Kind == "sale" || d.Kind == "fee" || d.Kind == "futures" {
			tx, _, _ := strings.Cut(d.Transfer, "#")
			if disposalTxs[d.TaxYear] == nil {
				disposalTxs[d.TaxYear] = map[string]bool{}
			}
			disposalTxs[d.TaxYear][tx] = true
		}
		if d.Kind == "sale" || d.Kind == "fee" {
			if printed[d.TaxYear] == nil {
				printed[d.TaxYear] = map[string]decimal.Decimal{}
			}
			_, _, _, g := money.Line(d.Proceeds, d.Basis, d.Adjustment)
			printed[d.TaxYear][d.Term] = printed[d.TaxYear][d.Term].Add(g)
		}
	}
	years := map[int]bool{}
	var summary []string
	for _, y := range computed.Years {
		years[y.Year] = true
		got, ok := s.Years[y.Year]
		want := onchainYear{ShortTermCapGainsCents: cents(printed[y.Year]["short"]), LongTermCapGainsCents: cents(printed[y.Year]["long"]), IncomeCents: cents(y.IncomeTotal), DisposalCount: len(disposalTxs[y.Year])}
		if d := cents(y.ShortGain.Add(y.LongGain)) - want.ShortTermCapGainsCents - want.LongTermCapGainsCents; d < -int64(len(computed.Disposals)) || d > int64(len(computed.Disposals)) {
			t.Errorf("tax year %d: taxd compute's exact gains and its printed lines differ by %d cents", y.Year, d)
		}
		if !ok || got != want {
			t.Errorf("tax year %d: the service %+v (listed: %v), taxd compute on the export %+v", y.Year, got, ok, want)
		}
		summary = append(summary, fmt.Sprintf("%d: short-term %d, long-term %d, income %d cents; %d transactions with disposals", y.Year, want.ShortTermCapGainsCents, want.LongTermCapGainsCents, want.IncomeCents, want.DisposalCount))
	}
	for y, f := range s.Years {
		if !years[y] && f != (onchainYear{}) {
			t.Errorf("tax year %d: the service has %+v, taxd compute nothing", y, f)
		}
	}
	sort.Strings(summary)
	t.Logf("%d transactions exported; figures per tax year: %s", len(in.Transactions), strings.Join(summary, "; "))
	return computed
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// portalGraphQL calls GraphQL as the partner's end user, with the portal access token.
type portalGraphQL struct {
	t                  *testing.T
	url, token, client string
}

func (g *portalGraphQL) must(query string, vars map[string]any, out any) {
	g.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, g.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+g.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		g.t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Data   json.RawMessage   `json:"data"`
		Errors []json.RawMessage `json:"errors"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		g.t.Fatalf("not JSON: %v", err)
	}
	if len(got.Errors) > 0 {
		g.t.Fatalf("%s: %s", query, got.Errors[0])
	}
	if err := json.Unmarshal(got.Data, out); err != nil {
		g.t.Fatalf("%v: %s", err, got.Data)
	}
}

// onchainPrices is a CoinGecko API for the recorded coins: the tokens' contracts by platform, and
// per coin a price that moves with the day of the month, so that gains are not zero.
type onchainPrices struct{}

// onchainCoins are the recorded tokens CoinGecko knows (platform/contract), and their coin ids.
var onchainCoins = map[string]string{
	"arbitrum-one/0x912ce59144191c1204e64559fe8253a0e49e6548": "arbitrum",
	"arbitrum-one/0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9": "tether",
	"arbitrum-one/0xaf88d065e77c8cc2239327c5edb3a432268e5831": "usd-coin",
	"ethereum/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48":     "usd-coin",
	"base/0xca73ed1815e5915489570014e024b7ebe65de679":         "odos",
}

// onchainPrice is a coin's USD price on a day: a base price plus a step per day of the month.
func onchainPrice(coin string, day time.Time) (decimal.Decimal, bool) {
	p, ok := map[string][2]string{
		"ethereum": {"3000", "10"}, "arbitrum": {"1", "0.01"}, "tether": {"1", "0"}, "usd-coin": {"1", "0"}, "odos": {"0", "0.005"},
		"dai": {"1", "0"}, "lido-dao": {"2", "0"}, "aave": {"100", "1"},
	}[coin]
	if !ok {
		return decimal.Zero, false
	}
	return decimal.RequireFromString(p[0]).Add(decimal.RequireFromString(p[1]).Mul(decimal.NewFromInt(int64(day.Day())))), true
}

func (onchainPrices) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	w.Header().Set("Content-Type", "application/json")
	switch {
	case len(parts) == 4 && parts[0] == "coins" && parts[2] == "contract":
		id, ok := onchainCoins[parts[1]+"/"+strings.ToLower(parts[3])]
		if !ok {
			http.Error(w, `{"error":"coin not found"}`, http.StatusNotFound)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"id": id})
	case len(parts) == 3 && parts[0] == "coins" && parts[2] == "history":
		day, err := time.Parse("02-01-2006", r.URL.Query().Get("date"))
		p, ok := onchainPrice(parts[1], day)
		if err != nil || !ok {
			http.Error(w, `{"error":"coin not found"}`, http.StatusNotFound)
			return
		}
		_, _ = fmt.Fprintf(w, `{"market_data":{"current_price":{"usd":%s}}}`, p)
	case len(parts) == 4 && parts[0] == "coins" && parts[2] == "market_chart" && parts[3] == "range":
		from, err1 := strconv.ParseInt(r.URL.Query().Get("from"), 10, 64)
		to, err2 := strconv.ParseInt(r.URL.Query().Get("to"), 10, 64)
		if _, ok := onchainPrice(parts[1], time.Time{}); err1 != nil || err2 != nil || !ok {
			http.Error(w, `{"error":"coin not found"}`, http.StatusNotFound)
			return
		}
		var points []string
		for d := time.Unix(from, 0).UTC().Truncate(24 * time.Hour); !d.After(time.Unix(to, 0)); d = d.Add(24 * time.Hour) {
			p, _ := onchainPrice(parts[1], d)
			points = append(points, fmt.Sprintf("[%d,%s]", d.UnixMilli(), p))
		}
		_, _ = fmt.Fprintf(w, `{"prices":[%s]}`, strings.Join(points, ","))
	default:
		http.NotFound(w, r)
	}
}
