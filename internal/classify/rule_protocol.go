package classify

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// ruleProtocol: an event of a listed DeFi protocol (data/protocols.json) that concerns the wallet
// says what the transaction is: entering or leaving a position (a liquidity pool, a lending market,
// a staking contract), borrowing, repaying, a liquidation, a reward claim, one receipt turned into
// another. The wallet's legs are then labelled by the policy of docs/onchain.md ("DeFi: wraps,
// positions and loans"): what goes into a position moves into the virtual account named by the
// position id (Transfer.Position), what comes back for it is a receipt (no acquisition), borrowed
// coins are a loan's proceeds, repaid ones a disposal, the collateral a liquidation seized a
// disposal out of its position, claimed rewards income.
//
// Confidence is high when the event names the wallet, when its emitter is the receipt the wallet
// received or gave back, or when the wallet itself called a listed contract; otherwise medium (an
// unlisted gauge, legs the action does not explain). A reading the event cannot complete is low, for
// a person to review: the withdrawn coins went elsewhere, collateral seized in receipt units, a leg
// that is not the lending market's asset, natively restaked coins back from a validator.
func (r *Rules) ruleProtocol(c *txContext) (outcome, bool) {
	if len(c.data.Protocols) == 0 || len(c.net) == 0 {
		return outcome{}, false
	}
	for _, p := range c.data.Protocols {
		for i := range p.Events {
			ev := &p.Events[i]
			for _, l := range c.logs(ev.Topic) {
				if len(l.Topics) != ev.Topics {
					continue
				}
				m, ok := c.matchEvent(p, ev, l)
				if !ok {
					continue
				}
				if o, ok := m.read(); ok {
					inheritLabel(&o)
					return o, true
				}
			}
		}
	}
	return outcome{}, false
}

// inheritLabel leaves a leg's own label empty where it is the transaction's: such legs take the
// transaction's label (ledger.LegLabel), so a person relabelling the transaction relabels them; the
// legs that differ (a receipt, a reward, a wrap on the way) keep their own.
func inheritLabel(o *outcome) {
	for i := range o.legs {
		if o.legs[i].Label == o.label {
			o.legs[i].Label = ""
		}
	}
}

// protocolKinds maps a protocol's kind to its deposit and withdrawal labels.
var protocolKinds = map[string][2]string{
	"liquidity": {"lp_deposit", "lp_withdrawal"},
	"lending":   {"lending_deposit", "lending_withdrawal"},
	"staking":   {"staking_deposit", "staking_withdrawal"},
	"restaking": {"staking_deposit", "staking_withdrawal"},
}

// actions are what an event may mean (data/protocols.json _doc).
var actions = map[string]func(m *protocolMatch) (outcome, bool){
	"deposit":          (*protocolMatch).deposit,
	"withdraw":         (*protocolMatch).withdraw,
	"borrow":           (*protocolMatch).borrow,
	"repay":            (*protocolMatch).repay,
	"liquidation":      (*protocolMatch).liquidation,
	"seize":            (*protocolMatch).seize,
	"supply":           (*protocolMatch).supply,
	"withdrawOrBorrow": (*protocolMatch).withdrawOrBorrow,
	"claim":            (*protocolMatch).claim,
	"convert":          (*protocolMatch).convert,
	"stake":            (*protocolMatch).stake,
	"unstake":          (*protocolMatch).unstake,
}

// protocolMatch is one protocol event that concerns the wallet.
type protocolMatch struct {
	c        *txContext
	p        *Protocol
	ev       *ProtocolEvent
	log      imports.Log
	market   string // the pool, market, reserve or position NFT id
	position string // protocol:chain:market
	conf     imports.Confidence
}

// matchEvent checks the log's emitter and party and resolves its market.
func (c *txContext) matchEvent(p *Protocol, ev *ProtocolEvent, l imports.Log) (*protocolMatch, bool) {
	emitter := strings.ToLower(l.Address)
	m := &protocolMatch{c: c, p: p, ev: ev, log: l, conf: imports.ConfidenceMedium}
	switch ev.Emitter {
	case "listed":
		if !p.Contracts[emitter] {
			return nil, false
		}
		if c.sender && p.Contracts[strings.ToLower(c.tx.To)] {
			m.conf = imports.ConfidenceHigh
		}
	case "receipt":
		if !c.isReceiptContract(p, emitter) {
			return nil, false
		}
		m.conf = imports.ConfidenceHigh
	case "counterparty":
		// the wrapped native token's Deposit is a wrap's, whoever the counterparty
		if !c.isCounterparty(emitter) || strings.EqualFold(emitter, c.data.WrappedNative) {
			return nil, false
		}
		if p.Contracts[emitter] {
			m.conf = imports.ConfidenceHigh
		}
	}
	if ev.With != "" && !c.logged(emitter, ev.With) {
		return nil, false
	}
	if ev.Party != "" {
		if !c.own.IsWallet(logAddress(l, ev.Party)) {
			return nil, false
		}
		// the event names the wallet; an unlisted emitter leaves the protocol unsure
		if ev.Emitter != "counterparty" || p.Contracts[emitter] {
			m.conf = imports.ConfidenceHigh
		}
	}
	m.market = c.market(p, ev.Market, l)
	if m.market == "" {
		return nil, false
	}
	m.position = p.Name + ":" + c.tx.Chain + ":" + m.market
	return m, true
}

// read applies the event's action. Where the market is the asset the legs move (a lending
// reserve), a leg of another asset means the event does not describe what the wallet moved (a
// migration between markets, a collateral swap through an adapter): low, for a person to read.
func (m *protocolMatch) read() (outcome, bool) {
	o, ok := actions[m.ev.Action](m)
	if ok && m.ev.Asset {
		for _, t := range o.legs {
			if t.Label == "receipt" || t.Label == "reward" || t.Label == "wrap" || t.IsFee {
				continue
			}
			if !strings.EqualFold(t.Asset.Contract, m.market) &&
				(t.Asset.Contract != "" || !strings.EqualFold(m.market, m.c.data.WrappedNative)) {
				o.confidence = imports.ConfidenceLow
				o.explanation += fmt.Sprintf("; %s is not the market's asset: the event does not say what the wallet moved", amounts([]imports.Transfer{t}))
				break
			}
		}
	}
	return o, ok
}

// logAddress reads an address from "topicN" or "dataN" of a log.
func logAddress(l imports.Log, where string) string {
	if n, ok := strings.CutPrefix(where, "topic"); ok {
		i := int(n[0] - '0')
		if i < len(l.Topics) {
			return topicAddress(l.Topics[i])
		}
		return ""
	}
	if n, ok := strings.CutPrefix(where, "data"); ok {
		return topicAddress(dataWord(l.Data, int(n[0]-'0')))
	}
	return ""
}

// market resolves where an event's market is (data/protocols.json _doc).
func (c *txContext) market(p *Protocol, where string, l imports.Log) string {
	switch {
	case where == "emitter":
		return strings.ToLower(l.Address)
	case strings.HasPrefix(where, "const:"):
		return strings.TrimPrefix(where, "const:")
	case strings.HasPrefix(where, "id:"):
		i := int(strings.TrimPrefix(where, "id:topic")[0] - '0')
		if i >= len(l.Topics) {
			return ""
		}
		n, ok := new(big.Int).SetString(strings.TrimPrefix(l.Topics[i], "0x"), 16)
		if !ok {
			return ""
		}
		return n.String()
	case where == "counterparty": // the other end of the transaction's first net movement
		if len(c.net) == 0 {
			return ""
		}
		if t := c.net[0]; c.own.IsWallet(t.From) {
			return strings.ToLower(t.To)
		} else {
			return strings.ToLower(t.From)
		}
	case where == "receipt":
		for _, t := range c.net {
			if c.isReceipt(p, t) {
				return strings.ToLower(t.Asset.Contract)
			}
		}
		return ""
	}
	return logAddress(l, where)
}

// logged reports whether contract logged an event with topic.
func (c *txContext) logged(contract, topic string) bool {
	for _, l := range c.logs(topic) {
		if strings.EqualFold(l.Address, contract) {
			return true
		}
	}
	return false
}

// isCounterparty reports whether one of the wallet's legs went to or came from addr.
func (c *txContext) isCounterparty(addr string) bool {
	for _, t := range c.raw {
		if strings.EqualFold(t.To, addr) || strings.EqualFold(t.From, addr) {
			return true
		}
	}
	return false
}

// isReceipt reports whether a leg is a position's receipt: a listed receipt token of the
// protocol, a position NFT of its contracts, or a token minted to the wallet (from the zero address
// or its own contract) or given back (to the zero address or its own contract).
func (c *txContext) isReceipt(p *Protocol, t imports.Transfer) bool {
	a := strings.ToLower(t.Asset.Contract)
	if a == "" {
		return false
	}
	if p.Receipts[a] || (t.Asset.TokenID != "" && p.Contracts[a]) {
		return true
	}
	other := t.From
	if c.own.IsWallet(t.From) {
		other = t.To
	}
	return strings.EqualFold(other, zeroAddress) || strings.EqualFold(other, a)
}

// isReceiptContract reports whether contract is a receipt token the wallet received or gave back.
func (c *txContext) isReceiptContract(p *Protocol, contract string) bool {
	for _, t := range c.net {
		if strings.EqualFold(t.Asset.Contract, contract) && c.isReceipt(p, t) {
			return true
		}
	}
	return false
}

// isDebt reports whether a receipt is a loan's debt token (by the protocol's debt symbols).
func (p *Protocol) isDebt(t imports.Transfer) bool {
	for _, s := range p.DebtSymbols {
		if strings.HasPrefix(t.Asset.Symbol, s) {
			return true
		}
	}
	return false
}

// legSplit is the wallet's netted legs: what left and arrived, receipts apart.
type legSplit struct {
	out, in, outReceipt, inReceipt []imports.Transfer
}

func (m *protocolMatch) split() legSplit {
	var s legSplit
	for _, t := range m.c.net {
		rec := m.c.isReceipt(m.p, t)
		switch {
		case m.c.own.IsWallet(t.From) && rec:
			s.outReceipt = append(s.outReceipt, t)
		case m.c.own.IsWallet(t.From):
			s.out = append(s.out, t)
		case rec:
			s.inReceipt = append(s.inReceipt, t)
		default:
			s.in = append(s.in, t)
		}
	}
	return s
}

// withLabel returns the legs with their own label and position.
func withLabel(ts []imports.Transfer, label, position string) []imports.Transfer {
	out := make([]imports.Transfer, len(ts))
	for i, t := range ts {
		t.Label, t.Position = label, position
		out[i] = t
	}
	return out
}

// gateway books a leg of the native coin into or out of a market of the chain's wrapped native
// token (Aave's and Compound's gateways wrap and unwrap on the way) as a wrap and the wrapped
// token's move, so the position holds one asset whichever form the wallet used.
func (m *protocolMatch) gateway(t imports.Transfer, label string, into bool) []imports.Transfer {
	w := m.c.data.WrappedNative
	if t.Asset.Contract != "" || w == "" || !strings.EqualFold(m.market, w) {
		t.Label, t.Position = label, m.position
		return []imports.Transfer{t}
	}
	wrapped := imports.AssetRef{Chain: m.c.tx.Chain, Contract: w, Symbol: m.c.data.symbolOf(w, "W"+m.c.native.Symbol),
		Name: "Wrapped " + m.c.native.Name, Decimals: m.c.native.Decimals}
	wallet := m.c.own.Wallet
	if into {
		return []imports.Transfer{
			{Asset: t.Asset, Quantity: t.Quantity, From: wallet, To: w, Label: "wrap"},
			{Asset: wrapped, Quantity: t.Quantity, From: w, To: wallet, Label: "wrap"},
			{Asset: wrapped, Quantity: t.Quantity, From: wallet, To: t.To, Label: label, Position: m.position},
		}
	}
	return []imports.Transfer{
		{Asset: wrapped, Quantity: t.Quantity, From: t.From, To: wallet, Label: label, Position: m.position},
		{Asset: wrapped, Quantity: t.Quantity, From: wallet, To: w, Label: "wrap"},
		{Asset: t.Asset, Quantity: t.Quantity, From: w, To: wallet, Label: "wrap"},
	}
}

// rewardOrPlain labels the protocol's reward tokens among legs that arrived as reward income and
// reports whether any other leg is left unexplained.
func (m *protocolMatch) rewardOrPlain(ts []imports.Transfer) ([]imports.Transfer, bool) {
	var out []imports.Transfer
	plain := false
	for _, t := range ts {
		if m.p.Rewards[strings.ToLower(t.Asset.Contract)] {
			t.Label = "reward"
		} else {
			plain = true
		}
		out = append(out, t)
	}
	return out, plain
}

func (m *protocolMatch) outcome(label, why string, legs []imports.Transfer) outcome {
	return outcome{label: label, confidence: m.conf, explanation: why, legs: legs}
}

func (m *protocolMatch) deposit() (outcome, bool) {
	s := m.split()
	if len(s.out) == 0 && len(s.outReceipt) == 0 {
		return outcome{}, false
	}
	label := protocolKinds[m.p.Kind][0]
	var legs []imports.Transfer
	for _, t := range s.out {
		legs = append(legs, m.gateway(t, label, true)...)
	}
	legs = append(legs, withLabel(s.outReceipt, "receipt", "")...)
	legs = append(legs, withLabel(s.inReceipt, "receipt", "")...)
	extra, plain := m.rewardOrPlain(s.in)
	legs = append(legs, extra...)
	o := m.outcome(label, fmt.Sprintf("moved %s into %s (position %s)%s", amounts(s.out), m.place(), m.position,
		receiptWords(append(s.inReceipt, s.outReceipt...))), legs)
	if len(s.out) == 0 {
		o.explanation = fmt.Sprintf("moved %s, a receipt of another position, into %s: its basis stays where it is",
			amounts(s.outReceipt), m.place())
	}
	if plain {
		o.confidence = imports.ConfidenceMedium
		o.explanation += "; also received " + amounts(s.in)
	}
	return o, true
}

func (m *protocolMatch) withdraw() (outcome, bool) {
	s := m.split()
	if len(s.in) == 0 && len(s.inReceipt) == 0 && len(s.outReceipt) == 0 {
		return outcome{}, false
	}
	label := protocolKinds[m.p.Kind][1]
	var legs []imports.Transfer
	for _, t := range s.in {
		legs = append(legs, m.gateway(t, label, false)...)
	}
	legs = append(legs, withLabel(s.outReceipt, "receipt", "")...)
	legs = append(legs, withLabel(s.inReceipt, "receipt", "")...)
	legs = append(legs, withLabel(s.out, "", "")...)
	o := m.outcome(label, fmt.Sprintf("took %s out of %s (position %s)%s", amounts(s.in), m.place(), m.position,
		receiptWords(append(s.outReceipt, s.inReceipt...))), legs)
	if len(s.in) == 0 {
		o.confidence = imports.ConfidenceLow
		o.explanation = fmt.Sprintf("a withdrawal from %s (position %s) whose coins did not reach this wallet%s: a person books where they went",
			m.place(), m.position, receiptWords(append(s.outReceipt, s.inReceipt...)))
	}
	if len(s.out) > 0 {
		o.confidence = imports.ConfidenceMedium
		o.explanation += "; also sent " + amounts(s.out)
	}
	return o, true
}

func (m *protocolMatch) borrow() (outcome, bool) {
	s := m.split()
	if len(s.in) == 0 {
		return outcome{}, false
	}
	legs := withLabel(s.in, "borrow", "")
	legs = append(legs, withLabel(append(s.inReceipt, s.outReceipt...), "receipt", "")...)
	legs = append(legs, s.out...)
	o := m.outcome("borrow", fmt.Sprintf("borrowed %s from %s: a loan, not income%s", amounts(s.in), m.place(),
		receiptWords(s.inReceipt)), legs)
	if len(s.out) > 0 {
		o.confidence = imports.ConfidenceMedium
	}
	return o, true
}

func (m *protocolMatch) repay() (outcome, bool) {
	s := m.split()
	if len(s.out) == 0 {
		return outcome{}, false
	}
	legs := withLabel(s.out, "repay", "")
	legs = append(legs, withLabel(append(s.outReceipt, s.inReceipt...), "receipt", "")...)
	extra, plain := m.rewardOrPlain(s.in)
	legs = append(legs, extra...)
	o := m.outcome("repay", fmt.Sprintf("repaid %s to %s: a disposal of the repaid coins%s", amounts(s.out), m.place(),
		receiptWords(s.outReceipt)), legs)
	if len(extra) > 0 {
		o.explanation += "; received " + amounts(extra)
	}
	if plain {
		o.confidence = imports.ConfidenceMedium
	}
	return o, true
}

// liquidation: the wallet's collateral receipt (not its debt token) left; the underlying asset is
// the event's market, in the receipt's units (Aave's aTokens are one for one).
func (m *protocolMatch) liquidation() (outcome, bool) {
	s := m.split()
	var collateral *imports.Transfer
	for i, t := range s.outReceipt {
		if !m.p.isDebt(t) {
			collateral = &s.outReceipt[i]
			break
		}
	}
	if collateral == nil {
		return outcome{}, false
	}
	underlying := imports.AssetRef{Chain: m.c.tx.Chain, Contract: m.market, Decimals: collateral.Asset.Decimals,
		Symbol: m.c.symbolFor(m.market)}
	if m.c.data.WrappedNative != "" && strings.EqualFold(m.market, m.c.data.WrappedNative) && underlying.Symbol == "" {
		underlying.Symbol = "W" + m.c.native.Symbol
	}
	seized := imports.Transfer{Asset: underlying, Quantity: collateral.Quantity, From: m.c.own.Wallet, To: strings.ToLower(m.log.Address),
		Label: "liquidation", Position: m.position}
	legs := []imports.Transfer{seized}
	legs = append(legs, withLabel(append(s.outReceipt, s.inReceipt...), "receipt", "")...)
	legs = append(legs, s.out...)
	legs = append(legs, s.in...)
	o := m.outcome("liquidation", fmt.Sprintf("liquidated: %s %s of the %s position %s seized (its receipt %s burnt)%s", collateral.Quantity,
		symbolOrContract(underlying), m.p.Title, m.position, amounts([]imports.Transfer{*collateral}), debtWords(m.p, s.outReceipt)), legs)
	if underlying.Symbol == "" || len(s.out) > 0 || len(s.in) > 0 {
		o.confidence = imports.ConfidenceMedium
	}
	return o, true
}

// seize: collateral taken in receipt units (Compound v2's cTokens) whose underlying amount the
// transaction does not say: the receipt leaves, a person books the disposal.
func (m *protocolMatch) seize() (outcome, bool) {
	s := m.split()
	if len(s.outReceipt) == 0 && len(s.out) == 0 {
		return outcome{}, false
	}
	legs := withLabel(append(s.outReceipt, s.out...), "receipt", "")
	legs = append(legs, s.in...)
	return outcome{label: "liquidation", confidence: imports.ConfidenceLow, legs: legs,
		explanation: fmt.Sprintf("liquidated on %s: %s of collateral seized in receipt units; the transaction does not say how much of the underlying that was: a person books the disposal",
			m.p.Title, amounts(append(s.outReceipt, s.out...)))}, true
}

func (m *protocolMatch) supply() (outcome, bool) {
	if len(m.split().inReceipt) > 0 {
		return m.deposit()
	}
	return m.repay()
}

// withdrawOrBorrow: Compound v3's Withdraw of the base asset is a withdrawal of the supply when its
// receipt is burnt, else a borrow. One that takes more than the receipt burnt (the supply withdrawn
// and a loan taken at once) is read as a withdrawal of medium confidence: a person splits it.
func (m *protocolMatch) withdrawOrBorrow() (outcome, bool) {
	s := m.split()
	if len(s.outReceipt) == 0 {
		return m.borrow()
	}
	o, ok := m.withdraw()
	burnt, took := sum(s.outReceipt), sum(s.in)
	if ok && took.GreaterThan(burnt) && o.confidence == imports.ConfidenceHigh {
		o.confidence = imports.ConfidenceMedium
		o.explanation += fmt.Sprintf("; %s more than the %s receipt burnt: part of it may be a loan", took.Sub(burnt), burnt)
	}
	return o, ok
}

func sum(ts []imports.Transfer) decimal.Decimal {
	var d decimal.Decimal
	for _, t := range ts {
		d = d.Add(t.Quantity)
	}
	return d
}

func (m *protocolMatch) claim() (outcome, bool) {
	var ins []imports.Transfer
	for _, t := range m.c.net {
		if m.c.own.IsWallet(t.To) {
			ins = append(ins, t)
		}
	}
	if len(ins) == 0 || len(ins) != len(m.c.net) {
		return outcome{}, false
	}
	return m.outcome("reward", fmt.Sprintf("claimed %s of %s rewards: income", amounts(ins), m.p.Title), withLabel(ins, "reward", "")), true
}

// convert: one receipt of the protocol turned into another (stETH into wstETH and back): every
// leg is a listed receipt, nothing changes hands.
func (m *protocolMatch) convert() (outcome, bool) {
	var outs, ins []imports.Transfer
	for _, t := range m.c.net {
		if !m.p.Receipts[strings.ToLower(t.Asset.Contract)] {
			return outcome{}, false
		}
		if m.c.own.IsWallet(t.From) {
			outs = append(outs, t)
		} else {
			ins = append(ins, t)
		}
	}
	if len(outs) == 0 || len(ins) == 0 {
		return outcome{}, false
	}
	return m.outcome("receipt", fmt.Sprintf("turned %s into %s: both are receipts of the %s position %s, whose basis stays there",
		amounts(outs), amounts(ins), m.p.Title, m.position), withLabel(m.c.net, "receipt", "")), true
}

// stake and unstake: tokens put into or taken back from a gauge or a restaking strategy stay the
// wallet's (they are often another position's receipt: a Curve LP token, a liquid staking token),
// so their lots stay where they are; rewards arriving with them are income.
func (m *protocolMatch) stake() (outcome, bool) {
	return m.hold(0, "put %s into %s (position %s); the tokens stay the wallet's")
}
func (m *protocolMatch) unstake() (outcome, bool) {
	return m.hold(1, "took %s back from %s (position %s)")
}

func (m *protocolMatch) hold(side int, why string) (outcome, bool) {
	var moved, legs []imports.Transfer
	for _, t := range m.c.net {
		if m.p.Rewards[strings.ToLower(t.Asset.Contract)] && m.c.own.IsWallet(t.To) {
			t.Label = "reward"
		} else {
			t.Label = "receipt"
			moved = append(moved, t)
		}
		legs = append(legs, t)
	}
	if len(moved) == 0 {
		return outcome{}, false
	}
	o := m.outcome(protocolKinds[m.p.Kind][side], fmt.Sprintf(why, amounts(moved), m.place(), m.position), legs)
	for _, t := range moved {
		if t.Asset.Contract == "" {
			// natively restaked coins come from a validator's position, which the event does not name
			o.confidence = imports.ConfidenceLow
			o.explanation += "; the native coin comes from a validator's position: a person books which"
			break
		}
	}
	return o, true
}

// place names the market in words: "the Uniswap v2 USDC/DAI pool", "the Aave v3 LDO market",
// "the Uniswap v3 position #401357", "Lido staking", "the Curve gauge 0x…".
func (m *protocolMatch) place() string {
	t := m.p.Title
	switch {
	case strings.HasPrefix(m.ev.Market, "id:"):
		return "the " + t + " position #" + m.market
	case m.p.Kind == "liquidity":
		var syms []string
		for _, l := range m.c.net {
			if !m.c.isReceipt(m.p, l) && symbol(l) != "" && !strings.Contains(symbol(l), ":") {
				syms = append(syms, symbol(l))
			}
		}
		if len(syms) > 0 {
			return "the " + t + " " + strings.Join(syms, "/") + " pool"
		}
		return "the " + t + " pool " + m.market
	case m.p.Kind == "lending":
		if s := m.c.symbolFor(m.market); s != "" {
			return "the " + t + " " + s + " market"
		}
		return "the " + t + " market " + m.market
	case strings.HasPrefix(m.market, "0x"):
		return "the " + t + " " + m.market
	}
	return t + " staking"
}

// symbolFor is a token contract's symbol: listed for the chain, else as the transaction's token
// transfers name it; "" when neither does.
func (c *txContext) symbolFor(contract string) string {
	if s := c.data.symbolOf(contract, ""); s != "" {
		return s
	}
	for _, t := range c.tx.Tokens {
		if strings.EqualFold(t.Contract, contract) && t.Symbol != "" {
			return t.Symbol
		}
	}
	return ""
}

func symbolOrContract(a imports.AssetRef) string {
	if a.Symbol != "" {
		return a.Symbol
	}
	return a.Contract
}

// amounts reads legs as "25 USDC and 24.99 DAI".
func amounts(ts []imports.Transfer) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, t.Quantity.String()+" "+symbol(t))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " and ")
}

func receiptWords(ts []imports.Transfer) string {
	if len(ts) == 0 {
		return ""
	}
	return "; " + amounts(ts) + " is its receipt, not an acquisition"
}

func debtWords(p *Protocol, ts []imports.Transfer) string {
	var debt []imports.Transfer
	for _, t := range ts {
		if p.isDebt(t) {
			debt = append(debt, t)
		}
	}
	if len(debt) == 0 {
		return ""
	}
	return "; the loan it settled: " + amounts(debt)
}

// markReceipts marks a listed receipt token leaving or arriving outside its protocol (sold, sent,
// bought): the leg is a receipt (never a zero-basis sale, never a second holding) and the
// transaction needs a person to book the position's side.
func (c *txContext) markReceipts(o *outcome) {
	legs := o.legs
	if legs == nil {
		legs = c.net
	}
	var hit []imports.Transfer
	out := make([]imports.Transfer, len(legs))
	for i, t := range legs {
		if _, ok := c.data.Receipt[strings.ToLower(t.Asset.Contract)]; ok && t.Asset.TokenID == "" {
			t.Label = "receipt"
			hit = append(hit, t)
		}
		out[i] = t
	}
	if len(hit) == 0 {
		return
	}
	o.legs = out
	o.confidence = imports.ConfidenceLow
	o.explanation += "; " + amounts(hit) + " is a position's receipt moved outside its protocol: a person books the position's side"
}

// doubtProtocolTrace lowers a swap to medium when the transaction also logs an event of a listed
// protocol that the protocol rule could not complete (a pool's AddLiquidity reached through a zap,
// a market's Supply on someone's behalf): a DeFi interaction is never read confidently as a trade.
// The wrapped native token's Deposit, which routers log on every swap from the native coin, is no
// such trace.
func (c *txContext) doubtProtocolTrace(o *outcome) {
	for _, p := range c.data.Protocols {
		for _, ev := range p.Events {
			for _, l := range c.logs(ev.Topic) {
				if len(l.Topics) != ev.Topics || strings.EqualFold(l.Address, c.data.WrappedNative) {
					continue
				}
				o.confidence = imports.ConfidenceMedium
				o.explanation += fmt.Sprintf("; %s logged an event of %s that the protocol rule could not read for this wallet", strings.ToLower(l.Address), p.Title)
				return
			}
		}
	}
}
