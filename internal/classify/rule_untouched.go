package classify

import "taxd/internal/imports"

// ruleUntouched: someone else's transaction that names the wallet (a log, a zero-value transfer)
// but moves nothing of it and costs it nothing: not part of the ledger.
func ruleUntouched(c *txContext) (outcome, bool) {
	if c.sender || len(c.net) > 0 {
		return outcome{}, false
	}
	o := label("", imports.ConfidenceHigh, "someone else's transaction: nothing of the wallet moved")
	o.legs = []imports.Transfer{}
	return o, true
}
