package classify_test

import (
	"testing"

	"taxd/internal/classify"
)

// TestPositionName: the ids the rules write are named from data/protocols.json's titles and kinds and
// the symbols the position holds; other ids keep their text.
func TestPositionName(t *testing.T) {
	for _, c := range []struct {
		id      string
		symbols []string
		want    classify.PositionWords
	}{
		{"uniswap-v2:ethereum:0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5", []string{"USDC", "DAI"},
			classify.PositionWords{Name: "Uniswap v2 DAI/USDC pool", Protocol: "Uniswap v2", Chain: "ethereum"}},
		{"uniswap-v3:ethereum:401357", []string{"WETH", "USDC"},
			classify.PositionWords{Name: "Uniswap v3 USDC/WETH position #401357", Protocol: "Uniswap v3", Chain: "ethereum"}},
		{"aave-v3:arbitrum:0xaf88d065e77c8cc2239327c5edb3a432268e5831", []string{"USDC"},
			classify.PositionWords{Name: "Aave v3 USDC market", Protocol: "Aave v3", Chain: "arbitrum"}},
		{"lido:ethereum:steth", []string{"ETH"}, classify.PositionWords{Name: "Lido staking", Protocol: "Lido", Chain: "ethereum"}},
		{"stkaave:ethereum:aave", []string{"AAVE"},
			classify.PositionWords{Name: "Aave Safety Module (stkAAVE) staking", Protocol: "Aave Safety Module (stkAAVE)", Chain: "ethereum"}},
		{"eigenlayer:ethereum:0x93c4b944d05dfe6df7645a86cd2206016c51564d", []string{"stETH"},
			classify.PositionWords{Name: "EigenLayer stETH restaking", Protocol: "EigenLayer", Chain: "ethereum"}},
		{"eth2:0xa1d1ad0714035353258038e964ae9675dc0252ee22cea896825c01458e1807bfad2f9969338798548d9858a571f7425c", []string{"ETH"},
			classify.PositionWords{Name: "Ethereum validator 0xa1d1ad…425c", Protocol: "Ethereum staking", Chain: "ethereum"}},
		{"kraken-eth2", []string{"ETH"}, classify.PositionWords{Name: "kraken-eth2"}},
		{"nothing:ethereum:0x1", []string{"ETH"}, classify.PositionWords{Name: "nothing:ethereum:0x1"}},
	} {
		if got := classify.PositionName(c.id, c.symbols); got != c.want {
			t.Errorf("PositionName(%q, %q) = %+v, want %+v", c.id, c.symbols, got, c.want)
		}
	}
}
