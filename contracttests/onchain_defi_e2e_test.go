package contracttests

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/config"
	"taxd/internal/etherscanfake"
)

// defiWallets are recorded real wallets that provide liquidity, lend, borrow and stake: each on
// Ethereum, where its recorded DeFi transactions are.
var defiWallets = []struct{ address, name string }{
	{"0x5727c0481b90a129554395937612d8b9301d6c7b", "Compound lender"},
	{"0xcc917ab28544c80e2f0e8effbd22551a3cb096be", "Uniswap LP"},
	{"0x4c49d4bd6a571827b4a556a0e1e3071da6231b9d", "Lido staker"},
	{"0x08c14b32c8a48894e4b933090ebcc9ce33b21135", "Aave supplier"},
	{"0x6a61ea7832f84c3096c70f042ab88d9a56732d7b", "AAVE staker"},
	{"0x9c836687964d89b52ae80e3e941745ddd67e5222", "stkAAVE rewards"},
}

// defiExpected is what each of their recorded transactions is, by hand from the recorded chain data
// and the policy of docs/onchain.md: keyed by the hash's first 18 characters.
var defiExpected = map[string]struct{ label, rule, confidence string }{
	// 0.5 ETH into Compound v2's cETH market, and 0.500003923413507454 ETH back two days later
	"0x06a8b9f758b04718": {"lending_deposit", "protocol", "HIGH"},
	"0x024bd402420c3ba2": {"lending_withdrawal", "protocol", "HIGH"},
	// 25 USDC and 24.99 DAI into the Uniswap v2 USDC/DAI pool
	"0x1bab8a89a6a3f8cb": {"lp_deposit", "protocol", "HIGH"},
	// 1.12137397 ETH staked with Lido
	"0x23a3ee601475424e": {"staking_deposit", "protocol", "HIGH"},
	// 71657 LDO supplied to Aave v3, then 79931.5 USDC borrowed against it
	"0x062bb6b01d4ac5fa": {"lending_deposit", "protocol", "HIGH"},
	"0x44367976e841cde4": {"borrow", "protocol", "HIGH"},
	// 5.126 AAVE staked into the Safety Module; 0.7245 AAVE of its rewards claimed by another staker
	"0xfaf96358784483a9": {"staking_deposit", "protocol", "HIGH"},
	"0xc8ed217572a15a81": {"reward", "protocol", "HIGH"},
}

// defiCoins are the recorded tokens of these wallets that the price API knows.
var defiCoins = map[string]string{
	"ethereum/0x6b175474e89094c44da98b954eedeac495271d0f": "dai",
	"ethereum/0x5a98fcbea516cf06857215779fd812ca3bef1b32": "lido-dao",
	"ethereum/0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9": "aave",
}

// TestOnchainDefiEndToEnd syncs recorded real wallets that provide liquidity, lend, borrow and stake
// through the partner API (the Etherscan-compatible server over the recorded transactions, a price
// API for their coins), recalculates, and checks the policy end to end: every transaction has the
// label, rule and confidence written above; the only disposals are the gas fees (no deposit,
// withdrawal, borrow or receipt token is a disposal); the only income is the Compound interest and
// the stkAAVE rewards, at the values computed by hand; and `taxd compute` on the exported ledger
// gives the service's figures for every tax year. A second sync changes nothing.
func TestOnchainDefiEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	for k, v := range defiCoins {
		onchainCoins[k] = v
	}
	chain := httptest.NewServer(etherscanfake.New(etherscanfake.MustFixtures()))
	t.Cleanup(chain.Close)
	coins := httptest.NewServer(onchainPrices{})
	t.Cleanup(coins.Close)
	srv := startFlowServerWith(t, func(cfg *config.Config) {
		cfg.EtherscanURL, cfg.CoinGeckoURL = chain.URL+"/v2/api", coins.URL
		cfg.EtherscanRPS, cfg.CoinGeckoRPS = -1, -1
	})
	c := &apiClient{t: t, base: srv.URL + "/api"}
	c.do("POST", "/users", `{"userId":"onchain-user","email":"defi@example.com"}`, 201, nil)
	var wallets []string
	for _, w := range defiWallets {
		wallets = append(wallets, fmt.Sprintf(`{"address":%q,"chain":"ethereum","name":%q}`, w.address, w.name))
	}
	c.do("POST", "/users/onchain-user/accounts", `{"wallets":[`+strings.Join(wallets, ",")+`]}`, 201, nil)
	var tok struct {
		Data struct{ AccessToken, ClientID string } `json:"data"`
	}
	c.do("POST", "/access-tokens", `{"referenceId":"onchain-user"}`, 200, &tok)
	g := &portalGraphQL{t: t, url: srv.URL + "/graphql", token: tok.Data.AccessToken, client: tok.Data.ClientID}

	onchainSync(c)
	s := onchainRead(g)
	seen := map[string]bool{}
	for _, tx := range s.Transactions {
		key := tx.TxnHash[:min(18, len(tx.TxnHash))]
		want, ok := defiExpected[key]
		if !ok {
			t.Errorf("%s %s: not a recorded transaction of the wallets", tx.Provider, tx.TxnHash)
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
	}
	for key := range defiExpected {
		if !seen[key] {
			t.Errorf("%s: not synced", key)
		}
	}

	// The portal's words for a position move: the classification's explanation.
	var words struct {
		P struct {
			Transactions []struct {
				TxnHash        string
				Classification struct{ Explanation string }
			}
		} `json:"getClientTransactions"`
	}
	g.must(`query($c: ID!) { getClientTransactions(clientId: $c, classificationRule: "protocol", limit: 50) {
		transactions { txnHash classification { explanation } } } }`, map[string]any{"c": g.client}, &words)
	said := map[string]string{}
	for _, tx := range words.P.Transactions {
		said[tx.TxnHash[:18]] = tx.Classification.Explanation
	}
	for h, w := range map[string]string{
		"0x1bab8a89a6a3f8cb": "moved 25 USDC and 24.994824629555601269 DAI into the Uniswap v2 USDC/DAI pool (position uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5); 0.000022187913295974 UNI-V2 is its receipt, not an acquisition",
		"0x23a3ee601475424e": "moved 1.12137397 ETH into Lido staking (position lido:ethereum:steth); 1.121373969999999999 stETH is its receipt, not an acquisition",
		"0x44367976e841cde4": "borrowed 79931.500229 USDC from the Aave v3 USDC market: a loan, not income; 79931.500229 variableDebtEthUSDC is its receipt, not an acquisition",
	} {
		if said[h] != w {
			t.Errorf("%s explained %q, want %q", h, said[h], w)
		}
	}

	computed := computeExport(t, srv, g, s)
	for _, d := range computed.Disposals {
		if d.Kind != "fee" {
			t.Errorf("disposal %s of kind %s: the policy has none but the gas fees", d.Transfer, d.Kind)
		}
	}
	// The income by hand (the price API's ETH is $3,000 + $10 per day of the month, AAVE $100 + $1):
	// Compound's interest, 0.500003923413507454 - 0.5 = 0.000003923413507454 ETH on 30 August 2020 at
	// $3,300 = $0.0129472642746; the stkAAVE rewards, 0.724507060516081735 AAVE on 2 April 2024 at
	// $102 = $73.89972017264033697.
	want := map[string]struct {
		qty, value string
		year       int
	}{
		"interest": {"0.000003923413507454", "0.012947264", 2020},
		"reward":   {"0.724507060516081735", "73.899720172", 2024},
	}
	if len(computed.Income) != len(want) {
		t.Errorf("%d income events, want %d: %+v", len(computed.Income), len(want), computed.Income)
	}
	for _, in := range computed.Income {
		w, ok := want[in.Type]
		if !ok || !in.Quantity.Equal(decimal.RequireFromString(w.qty)) || in.TaxYear != w.year ||
			!in.Value.Truncate(9).Equal(decimal.RequireFromString(w.value)) {
			t.Errorf("income %+v, want %+v", in, want)
		}
	}
	// What the positions hold at the end: the deposits, in their positions' virtual accounts
	// (staking:<position id>), with no lot of any receipt token (UNI-V2, stETH, aEthLDO, stkAAVE, the
	// debt token) anywhere.
	held := map[string]decimal.Decimal{}
	for _, l := range computed.Lots {
		held[l.Account+" "+l.Asset] = held[l.Account+" "+l.Asset].Add(l.Quantity)
		for _, r := range []string{"UNI-V2", "stETH", "aEthLDO", "stkAAVE", "variableDebtEthUSDC", "cETH"} {
			if l.Asset == r {
				t.Errorf("a lot of the receipt token %s in %s", r, l.Account)
			}
		}
	}
	for k, q := range map[string]string{
		"staking:uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5 USDC": "25",
		"staking:uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5 DAI":  "24.994824629555601269",
		"staking:lido:ethereum:steth ETH":                                             "1.12137397",
		"staking:aave-v3:ethereum:0x5a98fcbea516cf06857215779fd812ca3bef1b32 LDO":     "71657.177259074315114745",
		"staking:stkaave:ethereum:aave AAVE":                                          "5.126267078394001645",
	} {
		if !held[k].Equal(decimal.RequireFromString(q)) {
			t.Errorf("%s: %s held, want %s", k, held[k], q)
		}
	}
	// The portfolio shows those positions under includeDefi: each position's coins with the quantity
	// and pooled basis taxd compute holds in it, named in words; the receipt tokens the wallets hold
	// are flagged, without value or basis; includeDefi false shows neither.
	positionNames := map[string]string{
		"uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5": "Uniswap v2 DAI/USDC pool",
		"lido:ethereum:steth": "Lido staking",
		"aave-v3:ethereum:0x5a98fcbea516cf06857215779fd812ca3bef1b32": "Aave v3 LDO market",
		"stkaave:ethereum:aave": "Aave Safety Module (stkAAVE) staking",
	}
	lotBasis := map[string]decimal.Decimal{}
	for _, l := range computed.Lots {
		lotBasis[l.Account+" "+l.Asset] = lotBasis[l.Account+" "+l.Asset].Add(l.Basis)
	}
	type portfolioRow struct {
		AmountExact    string
		CostBasisCents int64
		ValueCents     *int64
		IsReceipt      bool
		Asset          struct{ Symbol string }
		DefiPosition   *struct{ ID, Name string }
	}
	readPortfolio := func(args string) []portfolioRow {
		var pf struct {
			P struct{ Positions []portfolioRow } `json:"getPortfolioV2"`
		}
		g.must(`query($c: ID!) { getPortfolioV2(clientId: $c, limit: 500`+args+`) { positions { amountExact costBasisCents valueCents isReceipt
			asset { symbol } defiPosition { id name } } } }`, map[string]any{"c": g.client}, &pf)
		return pf.P.Positions
	}
	receipts := map[string]bool{}
	shown := map[string]bool{}
	for _, r := range readPortfolio(", type: DEFI") {
		switch {
		case r.IsReceipt:
			receipts[r.Asset.Symbol] = true
			if r.ValueCents != nil || r.CostBasisCents != 0 {
				t.Errorf("the receipt %s has a value or basis: %+v", r.Asset.Symbol, r)
			}
		case r.DefiPosition == nil:
			t.Errorf("a DEFI row without a position: %+v", r)
		default:
			k := "staking:" + r.DefiPosition.ID + " " + r.Asset.Symbol
			shown[k] = true
			if q, ok := held[k]; !ok || !q.Equal(decimal.RequireFromString(r.AmountExact)) ||
				r.CostBasisCents != lotBasis[k].Shift(2).Round(0).IntPart() || r.DefiPosition.Name != positionNames[r.DefiPosition.ID] {
				t.Errorf("position row %s: %s, basis %d cents, named %q; taxd compute holds %s with a basis of %s, named %q", k, r.AmountExact,
					r.CostBasisCents, r.DefiPosition.Name, q, lotBasis[k], positionNames[r.DefiPosition.ID])
			}
		}
	}
	for k, q := range held {
		if strings.HasPrefix(k, "staking:") && q.Sign() > 0 && !shown[k] {
			t.Errorf("the portfolio does not show %s (%s held)", k, q)
		}
	}
	for _, r := range []string{"UNI-V2", "stETH", "aEthLDO", "stkAAVE", "variableDebtEthUSDC"} {
		if !receipts[r] {
			t.Errorf("the receipt %s is not flagged (receipts: %v)", r, receipts)
		}
	}
	for _, r := range readPortfolio(", includeDefi: false") {
		if r.IsReceipt || r.DefiPosition != nil || receipts[r.Asset.Symbol] {
			t.Errorf("includeDefi false shows %+v", r)
		}
	}
	if s.Years[2020].IncomeCents != 1 || s.Years[2024].IncomeCents != 7390 {
		t.Errorf("income 2020 %d cents (want 1), 2024 %d cents (want 7390)", s.Years[2020].IncomeCents, s.Years[2024].IncomeCents)
	}

	// A second sync changes nothing: the same transactions, the same figures.
	onchainSync(c)
	if a, b := mustJSON(t, s), mustJSON(t, onchainRead(g)); a != b {
		t.Errorf("the second sync changed the ledger or the figures:\nfirst  %s\nsecond %s", a, b)
	}
}
