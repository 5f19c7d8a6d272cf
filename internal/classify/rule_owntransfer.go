package classify

import "taxd/internal/imports"

// ruleOwnTransfer: everything that moved went to or came from another of the client's wallets on
// the same chain. Unlabelled: the ledger books it as a move between the two accounts.
func ruleOwnTransfer(c *txContext) (outcome, bool) {
	if len(c.net) == 0 {
		return outcome{}, false
	}
	for _, t := range c.net {
		cp := t.To
		if c.own.IsWallet(t.To) {
			cp = t.From
		}
		if !c.own.On(c.tx.Chain, cp) {
			return outcome{}, false
		}
	}
	return label("", imports.ConfidenceHigh, "a move between the client's own wallets"), true
}
