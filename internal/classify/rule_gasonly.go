package classify

import (
	"strings"

	"taxd/internal/imports"
)

// gasOnlyKinds names the common calls that move nothing by their method id (approvals, votes,
// delegations); anything else that moves nothing is "a call".
var gasOnlyKinds = map[string]string{
	"0x095ea7b3": "an approval",
	"0xa22cb465": "an approval for all",
	"0x56781388": "a governance vote",
	"0x7b3c71d3": "a governance vote",
	"0x5c19a95c": "a delegation",
	"0xd505accf": "a permit",
}

// ruleGasOnly: the wallet sent a transaction that moved nothing of its own (an approval, a vote,
// a self-call, a cancelled order): only the fee, labelled fee.
func ruleGasOnly(c *txContext) (outcome, bool) {
	if !c.sender || len(c.net) > 0 {
		return outcome{}, false
	}
	kind := gasOnlyKinds[strings.ToLower(c.tx.MethodID)]
	switch {
	case kind != "":
	case c.own.IsWallet(c.tx.To):
		kind = "a call to itself"
	case c.tx.FunctionName != "":
		kind = "a call of " + c.tx.FunctionName
	default:
		kind = "a call"
	}
	return label(imports.LabelFee, imports.ConfidenceHigh, "%s that moved nothing: only the fee was paid", kind), true
}
