package classify

import (
	"strings"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// ruleWrap: the chain's native coin turned into its wrapped token (WETH and the like, per chain in
// data/chains.json) or back, one for one, directly (the wrapped token's Deposit / Withdrawal event
// names the wallet; no ERC-20 Transfer is logged, so the wrapped leg is read from the event) or
// through a router (what left and what arrived are the two forms, in equal amounts). Label wrap:
// a conversion, not a disposal; the lots move to the other form keeping basis and dates.
func (r *Rules) ruleWrap(c *txContext) (outcome, bool) {
	w := c.data.WrappedNative
	if w == "" {
		return outcome{}, false
	}
	wrapped := imports.AssetRef{Chain: c.tx.Chain, Contract: w, Symbol: c.data.symbolOf(w, "W"+c.native.Symbol),
		Name: "Wrapped " + c.native.Name, Decimals: c.native.Decimals}
	isWrapped := func(t imports.Transfer) bool { return strings.EqualFold(t.Asset.Contract, w) && t.Asset.TokenID == "" }
	isNative := func(t imports.Transfer) bool { return t.Asset.Contract == "" }
	outs, ins := c.outs(), c.ins()

	// Directly: the event names the wallet and the wrapped side has no Transfer log.
	if len(outs) == 1 && len(ins) == 0 && isNative(outs[0]) && strings.EqualFold(outs[0].To, w) {
		if amt, ok := c.wrapEvent(r.data.WrapDeposit, w, wrapped.Decimals); ok && amt.Equal(outs[0].Quantity) {
			o := label("wrap", imports.ConfidenceHigh, "wrap: %s %s into %s (Deposit event)", amt, c.native.Symbol, wrapped.Symbol)
			o.legs = []imports.Transfer{outs[0], {Asset: wrapped, Quantity: amt, From: w, To: c.own.Wallet}}
			return o, true
		}
	}
	if len(ins) == 1 && len(outs) == 0 && isNative(ins[0]) && strings.EqualFold(ins[0].From, w) {
		if amt, ok := c.wrapEvent(r.data.WrapWithdrawal, w, wrapped.Decimals); ok && amt.Equal(ins[0].Quantity) {
			o := label("wrap", imports.ConfidenceHigh, "unwrap: %s %s into %s (Withdrawal event)", amt, wrapped.Symbol, c.native.Symbol)
			o.legs = []imports.Transfer{{Asset: wrapped, Quantity: amt, From: c.own.Wallet, To: w}, ins[0]}
			return o, true
		}
	}
	// Through a router: one form left, the other arrived, in equal amounts.
	if len(outs) == 1 && len(ins) == 1 && outs[0].Quantity.Equal(ins[0].Quantity) &&
		(isNative(outs[0]) && isWrapped(ins[0]) || isWrapped(outs[0]) && isNative(ins[0])) {
		verb := "wrap"
		if isWrapped(outs[0]) {
			verb = "unwrap"
		}
		return label("wrap", imports.ConfidenceHigh, "%s through %s: %s %s for as much %s", verb, c.tx.To,
			outs[0].Quantity, symbol(outs[0]), symbol(ins[0])), true
	}
	return outcome{}, false
}

// wrapEvent finds the wrapped token's Deposit or Withdrawal event for the wallet and its amount.
func (c *txContext) wrapEvent(topic, contract string, decimals int32) (decimal.Decimal, bool) {
	for _, l := range c.logs(topic) {
		if !strings.EqualFold(l.Address, contract) || len(l.Topics) < 2 || !c.own.IsWallet(topicAddress(l.Topics[1])) {
			continue
		}
		amt, err := wordAmount(dataWord(l.Data, 0), decimals)
		if err == nil {
			return amt, true
		}
	}
	return decimal.Zero, false
}

// symbolOf is the listed symbol of a token contract (def when it is not listed).
func (d *ChainData) symbolOf(contract, def string) string {
	for sym, a := range d.TokenBySymbol {
		if strings.EqualFold(a, contract) {
			return sym
		}
	}
	return def
}
