package classify

import (
	"strings"

	"taxd/internal/imports"
)

// ruleAirdrop: tokens claimed from a distributor, which logs a Claimed-style event (data/chains.json
// "claimEvents") naming the wallet (high) or not naming it (medium): airdrop income. Only
// fungible tokens arrive, nothing leaves but the fee.
func (r *Rules) ruleAirdrop(c *txContext) (outcome, bool) {
	ins := c.ins()
	if len(ins) == 0 || len(c.outs()) > 0 {
		return outcome{}, false
	}
	for _, t := range ins {
		if t.Asset.TokenID != "" {
			return outcome{}, false
		}
	}
	found, names := false, false
	for _, l := range c.tx.Logs {
		if len(l.Topics) == 0 || !r.data.ClaimTopics[strings.ToLower(l.Topics[0])] {
			continue
		}
		found = true
		for _, t := range l.Topics[1:] {
			names = names || c.own.IsWallet(topicAddress(t))
		}
		for i := 0; dataWord(l.Data, i) != ""; i++ {
			names = names || c.own.IsWallet(topicAddress(dataWord(l.Data, i)))
		}
	}
	if !found {
		return outcome{}, false
	}
	if names {
		return label(imports.LabelAirdrop, imports.ConfidenceHigh, "airdrop claim: %s %s from the distributor %s", ins[0].Quantity, symbol(ins[0]), ins[0].From), true
	}
	return label(imports.LabelAirdrop, imports.ConfidenceMedium, "a claim event without the wallet's address: %s %s arrived", ins[0].Quantity, symbol(ins[0])), true
}
