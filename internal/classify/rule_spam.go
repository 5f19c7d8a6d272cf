package classify

import (
	"strings"

	"taxd/internal/imports"
)

// ruleSpam: tokens the wallet never asked for. A token of the spam list (data/spam.json); a
// zero-value transferFrom of the wallet's tokens that someone else sent (address poisoning); a
// look-alike (the symbol of a listed token from another contract) pushed to the wallet; an
// unknown token pushed in a batch by someone else's call. Labelled spam: never income, never held.
func (r *Rules) ruleSpam(c *txContext) (outcome, bool) {
	ins := c.ins()
	if len(c.outs()) == 0 {
		for _, t := range ins {
			if why, ok := c.data.Spam[strings.ToLower(t.Asset.Contract)]; ok {
				return label("spam", imports.ConfidenceHigh, "%s is a listed spam token (%s)", symbol(t), why), true
			}
		}
	}
	if c.sender {
		return outcome{}, false
	}
	if len(c.net) == 0 && c.zeroFromWallet > 0 {
		o := label("spam", imports.ConfidenceHigh, "address poisoning: someone else moved zero of the wallet's tokens")
		o.legs = []imports.Transfer{}
		return o, true
	}
	if len(ins) == 0 || len(c.outs()) > 0 {
		return outcome{}, false
	}
	for _, t := range ins {
		if t.Asset.Contract == "" || t.Asset.TokenID != "" {
			return outcome{}, false // the native coin or an NFT: not this rule's
		}
	}
	for _, t := range ins {
		contract := strings.ToLower(t.Asset.Contract)
		if real, ok := c.data.TokenBySymbol[strings.ToUpper(strings.TrimSpace(t.Asset.Symbol))]; ok && real != contract && !c.data.KnownToken[contract] {
			return label("spam", imports.ConfidenceMedium, "look-alike: %s from %s, not the listed %s contract %s", symbol(t), contract, t.Asset.Symbol, real), true
		}
	}
	for _, t := range ins {
		contract := strings.ToLower(t.Asset.Contract)
		if c.data.KnownToken[contract] || strings.EqualFold(c.tx.To, contract) {
			return outcome{}, false // a known token, or a plain transfer call of the token itself
		}
	}
	if c.pushedToOthers() {
		return label("spam", imports.ConfidenceLow, "unknown token %s pushed unasked in a batch by someone else's call", symbol(ins[0])), true
	}
	return outcome{}, false
}

// pushedToOthers reports whether the transaction's token transfers reach addresses other than the
// wallet too (a batch), read from the receipt's Transfer logs.
func (c *txContext) pushedToOthers() bool {
	others := map[string]bool{}
	for _, t := range c.tx.Tokens {
		if !c.own.IsWallet(t.To) && !c.own.IsWallet(t.From) {
			others[strings.ToLower(t.To)] = true
		}
	}
	return len(others) >= 2
}

func symbol(t imports.Transfer) string {
	if t.Asset.Symbol != "" {
		return t.Asset.Symbol
	}
	return t.Asset.Key()
}
