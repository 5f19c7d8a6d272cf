package classify

import "taxd/internal/imports"

// ruleFailed: a transaction that failed on chain moved nothing; its sender still paid the fee.
func ruleFailed(c *txContext) (outcome, bool) {
	if !c.tx.Failed {
		return outcome{}, false
	}
	o := label(imports.LabelFee, imports.ConfidenceHigh, "failed on chain: only the fee was paid")
	o.legs = []imports.Transfer{}
	return o, true
}
