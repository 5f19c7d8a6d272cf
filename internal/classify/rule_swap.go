package classify

import (
	"strings"

	"taxd/internal/imports"
)

// ruleSwap: fungible tokens or coins left the wallet and others arrived, whatever the router: what
// left against what arrived, intermediate hops through the wallet netted and a refund of the
// native coin netted against what was sent. The wallet need not have sent the transaction (a
// solver settling a CoW order). A trade: a disposal of what left, an acquisition of what arrived.
// When a token is minted to the wallet or burnt from it, sent back to its own contract, or several
// assets are on one side, the reading is of medium confidence: that is the shape of entering or
// leaving a liquidity or lending position.
func ruleSwap(c *txContext) (outcome, bool) {
	outs, ins := c.outs(), c.ins()
	if len(outs) == 0 || len(ins) == 0 {
		return outcome{}, false
	}
	var gave, got []string
	for _, t := range outs {
		gave = append(gave, t.Quantity.String()+" "+symbol(t))
	}
	for _, t := range ins {
		got = append(got, t.Quantity.String()+" "+symbol(t))
	}
	by := "through " + strings.ToLower(c.tx.To)
	if !c.sender {
		by = "settled by " + strings.ToLower(c.tx.From)
	}
	if len(outs) > 1 || len(ins) > 1 || returned(outs) {
		// Several assets on one side, or a token sent back to its own contract (an LP token to its
		// pair): the shape of a liquidity deposit or withdrawal, which a protocol rule reads better.
		return label(imports.LabelTrade, imports.ConfidenceMedium, "swap %s: %s for %s, the shape of a liquidity position",
			by, strings.Join(gave, " and "), strings.Join(got, " and ")), true
	}
	if minted(outs, ins) || c.mintedInTx(outs, ins) {
		// A token minted to the wallet or burnt from it is usually a position's receipt (a
		// liquidity or lending deposit or withdrawal), which a protocol rule reads better.
		return label(imports.LabelTrade, imports.ConfidenceMedium, "swap %s: %s for %s, a token minted or burnt on the way (a position's receipt?)",
			by, strings.Join(gave, " and "), strings.Join(got, " and ")), true
	}
	return label(imports.LabelTrade, imports.ConfidenceHigh, "swap %s: %s for %s", by, strings.Join(gave, " and "), strings.Join(got, " and ")), true
}

// returned reports whether a token left for its own contract.
func returned(outs []imports.Transfer) bool {
	for _, t := range outs {
		if t.Asset.Contract != "" && strings.EqualFold(t.To, t.Asset.Contract) {
			return true
		}
	}
	return false
}

// minted reports whether a leg arrived from the zero address or left to it.
func minted(outs, ins []imports.Transfer) bool {
	for _, t := range ins {
		if strings.EqualFold(t.From, zeroAddress) {
			return true
		}
	}
	for _, t := range outs {
		if strings.EqualFold(t.To, zeroAddress) {
			return true
		}
	}
	return false
}

// mintedInTx reports whether a token the wallet received was minted in the transaction, or one it
// gave was burnt in it, on the way through a zap or a proxy (a Transfer from or to the zero address
// of the same token anywhere in the receipt): the mark of a position's receipt. The chain's wrapped
// native token, which some chains mint on a wrap, is no such mark.
func (c *txContext) mintedInTx(outs, ins []imports.Transfer) bool {
	for _, t := range c.tx.Tokens {
		if t.Standard != imports.ERC20 || strings.EqualFold(t.Contract, c.data.WrappedNative) {
			continue
		}
		var legs []imports.Transfer
		switch {
		case strings.EqualFold(t.From, zeroAddress):
			legs = ins
		case strings.EqualFold(t.To, zeroAddress):
			legs = outs
		}
		for _, l := range legs {
			if strings.EqualFold(l.Asset.Contract, t.Contract) {
				return true
			}
		}
	}
	return false
}
