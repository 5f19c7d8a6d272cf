package classify

import (
	"strings"

	"taxd/internal/imports"
)

const zeroAddress = "0x0000000000000000000000000000000000000000"

// ruleNFT: ERC-721 and ERC-1155 tokens (each token id its own asset). An NFT paid for or sold (a
// mint paid in USDC, a purchase, a sale) is a trade; an NFT minted or claimed by the wallet for
// nothing is an acquisition; an NFT sent away for nothing is a plain transfer out; an NFT received
// for nothing from someone else is an acquisition to confirm, spam when it came in a batch to many
// wallets. A liquidity position's NFT (a listed position manager, or one paid with several tokens)
// is of medium confidence: a protocol rule reads it better.
func ruleNFT(c *txContext) (outcome, bool) {
	var nftIn, nftOut, fungIn, fungOut int
	var first imports.Transfer
	seen := false
	for _, t := range c.net {
		isNFT := t.Asset.TokenID != ""
		in := c.own.IsWallet(t.To)
		switch {
		case isNFT && in:
			nftIn++
		case isNFT:
			nftOut++
		case in:
			fungIn++
		default:
			fungOut++
		}
		if isNFT && !seen {
			first, seen = t, true
		}
	}
	if nftIn+nftOut == 0 {
		return outcome{}, false
	}
	what := symbol(first) + " #" + first.Asset.TokenID
	mint := strings.EqualFold(first.From, zeroAddress)
	if nftIn > 0 && fungOut > 0 && (c.data.PositionNFT[strings.ToLower(first.Asset.Contract)] || fungOut > 1) {
		// A liquidity position's NFT (a listed position manager, or paid with several tokens): a
		// protocol rule reads it better than a purchase.
		return label(imports.LabelTrade, imports.ConfidenceMedium, "NFT %s for %s: the shape of a liquidity position", what, paid(c)), true
	}
	switch {
	case nftIn > 0 && fungOut > 0 && mint:
		return label(imports.LabelTrade, imports.ConfidenceHigh, "NFT mint: %s paid with %s", what, paid(c)), true
	case nftIn > 0 && fungOut > 0:
		return label(imports.LabelTrade, imports.ConfidenceHigh, "NFT purchase: %s paid with %s", what, paid(c)), true
	case nftOut > 0 && fungIn > 0:
		return label(imports.LabelTrade, imports.ConfidenceHigh, "NFT sale: %s", what), true
	case nftIn > 0 && nftOut > 0:
		return label(imports.LabelTrade, imports.ConfidenceMedium, "NFTs exchanged for NFTs"), true
	case nftIn > 0 && c.sender:
		return label("", imports.ConfidenceMedium, "NFT minted or claimed for nothing: %s", what), true
	case nftIn > 0 && c.pushedToOthers():
		return label("spam", imports.ConfidenceLow, "NFT pushed unasked in a batch by someone else's call: %s", what), true
	case nftIn > 0:
		return label("", imports.ConfidenceLow, "NFT received for nothing from someone else: %s", what), true
	default:
		return label("", imports.ConfidenceMedium, "NFT sent for nothing: %s", what), true
	}
}

func paid(c *txContext) string {
	var parts []string
	for _, t := range c.outs() {
		if t.Asset.TokenID == "" {
			parts = append(parts, t.Quantity.String()+" "+symbol(t))
		}
	}
	return strings.Join(parts, " and ")
}
