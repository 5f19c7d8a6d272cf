package classify_test

// The classification of the recorded kit (internal/etherscanfake: real transactions served by the
// Etherscan-compatible test server, fetched by the EVM provider): each recorded shape gets the label
// and rule written here, and the shapes that the protocol rules read (liquidity, lending, Lido,
// wstETH, borrowing, renewals) are never read with high confidence.

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
	"lido-submit": {"?", "?"}, "wrap-wsteth": {"?", "?"}, "lp-deposit": {"?", "?"}, "lp-withdraw": {"?", "?"}, "lp-deposit-nft": {"?", "?"},
	"lp-deposit-nft-refund": {"?", "?"}, "lending-deposit": {"?", "?"}, "lending-withdraw": {"?", "?"}, "lending-borrow": {"?", "?"},
	"ens-renew-refund": {"?", "?"},
}

// The Hop transaction recorded as "bridge-out-hop" on Base is, for its wallet, the arrival: the
// bonder's withdrawal pays it the ETH.
var wantByHash = map[string][2]string{"0xd78eb0f79fa4af1e": {"internal", "bridge_in"}}

func TestRecordedKitClassification(t *testing.T) {
	fx := etherscanfake.MustFixtures()
	srv := httptest.NewServer(etherscanfake.New(fx))
	defer srv.Close()
	for _, f := range fx {
		p, err := imports.NewEVM(f.Chain, imports.EtherscanConfig{BaseURL: srv.URL + "/v2/api", APIKey: "k", RPS: 1000}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var found *imports.ChainTx
		for cursor, i := "", 0; i < 50; i++ {
			pg, err := p.Fetch(context.Background(), f.Wallet, cursor)
			if err != nil {
				t.Fatal(err)
			}
			for j := range pg.Chain {
				if strings.EqualFold(pg.Chain[j].Hash, f.Tx.Hash) {
					found = &pg.Chain[j]
				}
			}
			if cursor = pg.Cursor; !pg.More {
				break
			}
		}
		if found == nil {
			t.Errorf("%s %s: not fetched", f.Chain, f.Tx.Hash)
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
