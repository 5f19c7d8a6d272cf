package classify

import (
	"sort"
	"strings"
)

// beaconPosition is the position id prefix of a beacon-chain deposit ("eth2:<validator pubkey>").
const beaconPosition = "eth2"

// PositionWords is a position id (the transfers' stakingAccountIdentifier) in words.
type PositionWords struct {
	// Name: the position for people ("Uniswap v2 DAI/USDC pool", "Aave v3 USDC market", "Uniswap v3
	// DAI/USDC position #401357", "Lido staking", "EigenLayer stETH restaking"), the id itself when no
	// rule writes ids like it.
	Name string
	// Protocol is the protocol's title ("Uniswap v2"), Chain the chain; "" when the id names none.
	Protocol, Chain string
}

// PositionName names a position id the rules write, "<protocol>:<chain>:<pool, market or position
// NFT id>" or "eth2:<validator>", in the words of the protocol's data (data/protocols.json), with
// the symbols of the assets the position holds. Ids of another form (a person's own) keep their text.
func PositionName(id string, symbols []string) PositionWords {
	syms := append([]string(nil), symbols...)
	sort.Strings(syms)
	pair := strings.Join(syms, "/")
	if pub, ok := strings.CutPrefix(id, beaconPosition+":"); ok && pub != "" {
		if len(pub) > 12 {
			pub = pub[:8] + "…" + pub[len(pub)-4:]
		}
		return PositionWords{Name: "Ethereum validator " + pub, Protocol: "Ethereum staking", Chain: "ethereum"}
	}
	name, rest, ok := strings.Cut(id, ":")
	chain, market, ok2 := strings.Cut(rest, ":")
	p := protocolNamed(name)
	if !ok || !ok2 || p == nil || market == "" {
		return PositionWords{Name: id}
	}
	w := PositionWords{Protocol: p.Title, Chain: chain}
	with := func(s string) string {
		if pair == "" {
			return p.Title + " " + s
		}
		return p.Title + " " + pair + " " + s
	}
	switch {
	case isPositionNumber(market):
		w.Name = with("position #" + market)
	case p.Kind == "liquidity":
		w.Name = with("pool")
	case p.Kind == "lending":
		w.Name = with("market")
	case p.Kind == "restaking":
		w.Name = with("restaking")
	default: // staking: the protocol names what it stakes, as the rule's explanations say it
		w.Name = p.Title + " staking"
	}
	return w
}

// isPositionNumber reports whether a market is a position NFT's token id (decimal digits).
func isPositionNumber(market string) bool {
	for _, r := range market {
		if r < '0' || r > '9' {
			return false
		}
	}
	return market != ""
}

// protocolNamed is the protocol of a position id's first part, on whichever chain (its title and
// kind are the same on every chain); nil for none.
func protocolNamed(name string) *Protocol {
	for _, c := range mustData().Chains {
		for _, p := range c.Protocols {
			if p.Name == name {
				return p
			}
		}
	}
	return nil
}
