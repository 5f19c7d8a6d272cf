package classify_test

// The classification of the recorded kit (internal/etherscanfake: real transactions served by the
// Etherscan-compatible test server, fetched by the EVM provider): each recorded shape gets the label
// and rule written here; a reading the rules cannot complete (a renewal, a zap's migration between
// pools, a withdrawal paid to another address, collateral seized in cTokens) is never read with
// high confidence.

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"taxd/internal/classify"
	"taxd/internal/etherscanfake"
	"taxd/internal/imports"
)

// wantByShape is the expected (label, rule) of each recorded shape; "?" accepts any label or rule
// whose confidence is not high.
var wantByShape = map[string][2]string{
	"swap-1inch": {"trade", "swap"}, "swap-uniswap-v2": {"trade", "swap"}, "swap-uniswap-v3": {"trade", "swap"},
	"swap-eth-refund": {"trade", "swap"}, "swap-cow": {"trade", "swap"}, "swap-0x": {"trade", "swap"}, "swap-curve": {"trade", "swap"},
	"wrap": {"wrap", "wrap"}, "unwrap": {"wrap", "wrap"}, "beacon-deposit": {"staking_deposit", "beacon_deposit"},
	"approval": {"fee", "gas_only"}, "vote": {"fee", "gas_only"}, "self-call": {"fee", "gas_only"}, "failed": {"fee", "failed"},
	"nft-mint-paid-token": {"trade", "nft"}, "ens-register-erc1155": {"trade", "nft"}, "ens-register-refund": {"trade", "nft"},
	"name-register": {"trade", "nft"}, "nft-send": {"", "nft"}, "nft-receive-other-sender": {"", "nft"},
	"airdrop-claim": {"airdrop", "airdrop_claim"}, "spam-poison": {"spam", "spam"}, "spam-zero-transfer": {"spam", "spam"},
	"bridge-out-across": {"internal", "bridge_out"}, "bridge-out-arbitrum": {"internal", "bridge_out"}, "bridge-out-base": {"internal", "bridge_out"},
	"bridge-out-hop": {"internal", "bridge_out"}, "bridge-out-cctp": {"internal", "bridge_out"},
	"bridge-in-across": {"internal", "bridge_in"}, "bridge-in-arbitrum": {"internal", "bridge_in"}, "bridge-in-base": {"internal", "bridge_in"},
	"bridge-in-optimism": {"internal", "bridge_in"}, "bridge-in-cctp": {"internal", "bridge_in"},
	"lido-submit": {"staking_deposit", "protocol"}, "wrap-wsteth": {"receipt", "protocol"}, "unwrap-wsteth": {"receipt", "protocol"},
	"lp-deposit": {"lp_deposit", "protocol"}, "lp-withdraw": {"lp_withdrawal", "protocol"}, "lp-deposit-nft": {"lp_deposit", "protocol"},
	"lp-deposit-nft-refund": {"lp_deposit", "protocol"}, "lp-withdraw-nft": {"lp_withdrawal", "protocol"},
	"lending-deposit": {"lending_deposit", "protocol"}, "lending-withdraw": {"lending_withdrawal", "protocol"},
	"lending-borrow": {"borrow", "protocol"}, "lending-repay": {"repay", "protocol"}, "lending-liquidation": {"liquidation", "protocol"},
	"staking-deposit": {"staking_deposit", "protocol"}, "staking-withdraw": {"staking_withdrawal", "protocol"},
	"reward-claim":     {"reward", "protocol"},
	"ens-renew-refund": {"?", "?"},
	// DeFi interactions no rule reads completely: a migration from Aave v2 to v3, a collateral swap
	// through an adapter, a batch of supplies to several markets through a Safe, natively restaked
	// ETH back from EigenLayer, a Balancer v1 join through a proxy, a Curve deposit through a zap
	"lending-migration": {"?", "?"}, "lending-collateral-swap": {"?", "?"}, "lending-batch": {"?", "?"},
	"restaking-native-withdraw": {"?", "?"}, "lp-deposit-unlisted": {"?", "?"}, "lp-deposit-zap": {"?", "?"},
}

// The Hop transaction recorded as "bridge-out-hop" on Base is, for its wallet, the arrival: the
// bonder's withdrawal pays it the ETH.
var wantByHash = map[string][2]string{"0xd78eb0f79fa4af1e": {"internal", "bridge_in"},
	// a zap moving Curve liquidity between two pools, its tokens unnamed: a swap of medium confidence
	"0xbf4a445d0452e2f1": {"?", "?"},
	// an Aave v2 withdrawal paid to another address: low, for a person to say where it went
	"0x8fe440f37fd0fa14": {"?", "?"},
	// a Compound v2 liquidation that seized cUSDC: the underlying amount is not in the transaction (low)
	"0x160c0e6db0df5ea0": {"?", "?"},
}

func TestRecordedKitClassification(t *testing.T) {
	fx := etherscanfake.MustFixtures()
	srv := httptest.NewServer(etherscanfake.New(fx))
	defer srv.Close()
	for _, f := range fx {
		found := fetchRecorded(t, srv.URL, f)
		if found == nil {
			continue
		}
		var all []classify.Address
		for _, c := range []string{"ethereum", "arbitrum", "base", "optimism"} {
			all = append(all, classify.Address{Chain: c, Address: f.Wallet})
		}
		got := classify.Default().Classify(*found, classify.NewOwn(f.Chain, f.Wallet, all))
		want, ok := wantByHash[f.Tx.Hash[:18]]
		if !ok {
			want, ok = wantByShape[f.Shape]
		}
		if !ok {
			t.Errorf("%s: shape %s has no expectation", f.Tx.Hash, f.Shape)
			continue
		}
		c := got.Classification
		if want[0] == "?" {
			if c.Confidence == imports.ConfidenceHigh {
				t.Errorf("%s %s (%s): read with high confidence as %q by %s: %s", f.Chain, f.Tx.Hash, f.Shape, got.Label, c.Rule, c.Explanation)
			}
			continue
		}
		if got.Label != want[0] || c.Rule != want[1] {
			t.Errorf("%s %s (%s): %q by %s (%s), want %q by %s", f.Chain, f.Tx.Hash, f.Shape, got.Label, c.Rule, c.Explanation, want[0], want[1])
		}
	}
}

// fetchRecorded fetches a recorded transaction for its wallet through the EVM provider from the
// Etherscan-compatible server at url (nil, with an error reported, when it is not fetched).
func fetchRecorded(t *testing.T, url string, f etherscanfake.Fixture) *imports.ChainTx {
	t.Helper()
	p, err := imports.NewEVM(f.Chain, imports.EtherscanConfig{BaseURL: url + "/v2/api", APIKey: "k", RPS: 1000}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for cursor, i := "", 0; i < 50; i++ {
		pg, err := p.Fetch(context.Background(), f.Wallet, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for j := range pg.Chain {
			if strings.EqualFold(pg.Chain[j].Hash, f.Tx.Hash) {
				return &pg.Chain[j]
			}
		}
		if cursor = pg.Cursor; !pg.More {
			break
		}
	}
	t.Errorf("%s %s: not fetched", f.Chain, f.Tx.Hash)
	return nil
}
