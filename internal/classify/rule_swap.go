package classify

import (
	"strings"

	"taxd/internal/imports"
)

// ruleSwap: fungible tokens or coins left the wallet and others arrived, whatever the router: what
// left against what arrived, intermediate hops through the wallet netted and a refund of the
// native coin netted against what was sent. The wallet need not have sent the transaction (a
// solver settling a CoW order). A trade: a disposal of what left, an acquisition of what arrived.
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
	return label(imports.LabelTrade, imports.ConfidenceHigh, "swap %s: %s for %s", by, strings.Join(gave, " and "), strings.Join(got, " and ")), true
}
