package classify

import (
	"strings"

	"taxd/internal/imports"
)

// ruleOwnTransfer: everything that moved went to or came from the client's own addresses. When
// each is tracked on this chain the ledger books a move between the two accounts (unlabelled,
// high). When an address is the client's but tracked on another chain only (the same key holds it
// here too), the move goes to or comes from a wallet of the client that taxd does not follow on
// this chain: labelled internal (no disposal, no acquisition at market value; medium).
func ruleOwnTransfer(c *txContext) (outcome, bool) {
	if len(c.net) == 0 {
		return outcome{}, false
	}
	var elsewhere []string
	for _, t := range c.net {
		cp := t.To
		if c.own.IsWallet(t.To) {
			cp = t.From
		}
		switch {
		case c.own.On(c.tx.Chain, cp):
		case c.own.Anywhere(cp):
			elsewhere = append(elsewhere, strings.ToLower(cp))
		default:
			return outcome{}, false
		}
	}
	if len(elsewhere) > 0 {
		return label("internal", imports.ConfidenceMedium, "a move with the client's own %s, which is tracked on another chain only",
			strings.Join(elsewhere, ", ")), true
	}
	return label("", imports.ConfidenceHigh, "a move between the client's own wallets"), true
}
