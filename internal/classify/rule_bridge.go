package classify

import (
	"math/big"
	"strings"

	"taxd/internal/imports"
)

// Bridges are recognised by their own contracts and events (data/chains.json, per chain). Both
// sides are labelled internal: the value stays the client's. Until the other side is in the
// ledger the engine books the leaving side as a transfer out of the tracked wallets (no
// disposal) and the arriving side as an acquisition without basis, both flagged; once both sides
// are in the ledger the ledger links them (ledger.Editor.LinkBridges: same owner, asset, amount
// within the bridge's fee, time window) and the engine moves the lots across, keeping basis and
// dates.

// ruleBridgeOut: the wallet's tokens or coins leave through a bridge: a bridge contract logged one
// of its departure events (high), or the call went to a bridge contract (medium).
func (r *Rules) ruleBridgeOut(c *txContext) (outcome, bool) {
	outs, ins := c.outs(), c.ins()
	if len(outs) == 0 || len(ins) > 0 {
		return outcome{}, false
	}
	if b, ok := c.bridgeEvent(func(b *Bridge) map[string]bool { return b.OutTopics }); ok {
		return label("internal", imports.ConfidenceHigh, "bridge out through %s: %s %s leave for another chain", b.Name, outs[0].Quantity, symbol(outs[0])), true
	}
	if b, ok := c.data.Bridges[strings.ToLower(c.tx.To)]; ok && c.sender {
		return label("internal", imports.ConfidenceMedium, "sent to the %s bridge contract %s", b.Name, strings.ToLower(c.tx.To)), true
	}
	return outcome{}, false
}

// ruleBridgeIn: tokens or coins arrive from a bridge: a bridge contract logged one of its arrival
// events (high, whoever relayed it), the deposit came from the aliased address of one of the
// client's wallets (Arbitrum's L1-to-L2 deposits: high), or the sender is a bridge contract (medium).
func (r *Rules) ruleBridgeIn(c *txContext) (outcome, bool) {
	outs, ins := c.outs(), c.ins()
	if len(ins) == 0 || len(outs) > 0 {
		return outcome{}, false
	}
	if b, ok := c.bridgeEvent(func(b *Bridge) map[string]bool { return b.InTopics }); ok {
		return label("internal", imports.ConfidenceHigh, "bridge in through %s: %s %s arrive from another chain", b.Name, ins[0].Quantity, symbol(ins[0])), true
	}
	if c.data.L1Alias {
		if l1 := unaliasL1(c.tx.From); l1 != "" && c.own.Anywhere(l1) {
			return label("internal", imports.ConfidenceHigh, "bridge in: an L1 deposit from the client's own %s (aliased sender %s)", l1, strings.ToLower(c.tx.From)), true
		}
	}
	for _, t := range ins {
		if b, ok := c.data.Bridges[strings.ToLower(t.From)]; ok {
			return label("internal", imports.ConfidenceMedium, "received from the %s bridge contract %s", b.Name, strings.ToLower(t.From)), true
		}
	}
	return outcome{}, false
}

// bridgeEvent finds a log of a bridge contract with one of the bridge's topics of one direction.
func (c *txContext) bridgeEvent(topics func(*Bridge) map[string]bool) (*Bridge, bool) {
	for _, l := range c.tx.Logs {
		b, ok := c.data.Bridges[strings.ToLower(l.Address)]
		if ok && len(l.Topics) > 0 && topics(b)[strings.ToLower(l.Topics[0])] {
			return b, true
		}
	}
	return nil, false
}

// l1AliasOffset is what Arbitrum adds to an L1 sender's address on L2.
var l1AliasOffset, _ = new(big.Int).SetString("1111000000000000000000000000000000001111", 16)

var addressSpace = new(big.Int).Lsh(big.NewInt(1), 160)

// unaliasL1 is the L1 address whose alias is addr ("" for a malformed one).
func unaliasL1(addr string) string {
	n, ok := new(big.Int).SetString(strings.TrimPrefix(strings.ToLower(addr), "0x"), 16)
	if !ok {
		return ""
	}
	n.Sub(n, l1AliasOffset)
	n.Mod(n, addressSpace)
	s := n.Text(16)
	return "0x" + strings.Repeat("0", 40-len(s)) + s
}
