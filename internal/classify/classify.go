package classify

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// Address is one of the client's wallets on one chain.
type Address struct {
	Chain   string
	Address string
}

// Own is what a rule knows about the client: the wallet being classified (spelled as its account
// stores it, so the ledger recognises it) and every (chain, address) the client tracks.
type Own struct {
	Wallet string
	Chain  string
	byKey  map[Address]bool
	any    map[string]bool
}

// NewOwn returns the client's addresses for classifying one wallet of one chain.
func NewOwn(chain, wallet string, all []Address) Own {
	o := Own{Wallet: wallet, Chain: chain, byKey: map[Address]bool{}, any: map[string]bool{}}
	add := func(a Address) {
		addr := strings.ToLower(a.Address)
		o.byKey[Address{Chain: a.Chain, Address: addr}] = true
		o.any[addr] = true
	}
	add(Address{Chain: chain, Address: wallet})
	for _, a := range all {
		add(a)
	}
	return o
}

// IsWallet reports whether addr is the wallet being classified.
func (o Own) IsWallet(addr string) bool { return strings.EqualFold(addr, o.Wallet) }

// On reports whether addr is one of the client's wallets on chain.
func (o Own) On(chain, addr string) bool {
	return o.byKey[Address{Chain: chain, Address: strings.ToLower(addr)}]
}

// Anywhere reports whether addr is one of the client's wallets on any chain (an EVM key controls
// its address on every EVM chain).
func (o Own) Anywhere(addr string) bool { return o.any[strings.ToLower(addr)] }

// Classifier turns what a chain says about a transaction into the wallet's labelled legs.
type Classifier interface {
	// Classify returns the wallet's transaction: its legs, label and the rule that decided. A
	// transaction in which nothing of the wallet moved and no fee was paid by it has no transfers
	// (the caller drops it).
	Classify(tx imports.ChainTx, own Own) imports.Tx
}

// Rules is the Classifier of this package: the rules of Order, tried in that order, the first
// that matches deciding.
type Rules struct {
	data  *Data
	order []rule
}

// rule is one way of reading a transaction. match returns ok=false when the rule does not apply.
type rule struct {
	name  string
	match func(c *txContext) (outcome, bool)
}

// outcome is a matching rule's answer.
type outcome struct {
	label       string
	confidence  imports.Confidence
	explanation string
	legs        []imports.Transfer // nil: the wallet's netted legs (txContext.net)
	dropFee     bool
}

// Rule names, in the order they are tried (docs/onchain.md "Rules").
const (
	RuleFailed        = "failed"
	RuleSpam          = "spam"
	RuleUntouched     = "untouched"
	RuleGasOnly       = "gas_only"
	RuleBeaconDeposit = "beacon_deposit"
	RuleWrap          = "wrap"
	RuleProtocol      = "protocol"
	RuleBridgeOut     = "bridge_out"
	RuleBridgeIn      = "bridge_in"
	RuleAirdrop       = "airdrop_claim"
	RuleNFT           = "nft"
	RuleSwap          = "swap"
	RuleOwnTransfer   = "own_transfer"
	RuleTransfer      = "transfer"
)

// Order lists the rule names in the order they are tried.
func Order() []string {
	r := New(mustData())
	names := make([]string, 0, len(r.order)+1)
	for _, x := range r.order {
		names = append(names, x.name)
	}
	return append(names, RuleTransfer)
}

// New returns the classifier over data.
func New(d *Data) *Rules {
	r := &Rules{data: d}
	r.order = []rule{
		{RuleFailed, ruleFailed},
		{RuleSpam, r.ruleSpam},
		{RuleUntouched, ruleUntouched},
		{RuleGasOnly, ruleGasOnly},
		{RuleBeaconDeposit, r.ruleBeaconDeposit},
		{RuleWrap, r.ruleWrap},
		{RuleProtocol, r.ruleProtocol},
		{RuleBridgeOut, r.ruleBridgeOut},
		{RuleBridgeIn, r.ruleBridgeIn},
		{RuleAirdrop, r.ruleAirdrop},
		{RuleNFT, ruleNFT},
		{RuleSwap, ruleSwap},
		{RuleOwnTransfer, ruleOwnTransfer},
	}
	return r
}

// defaultData is the embedded data, read once (the files are part of the binary: a bad file
// fails every test of the package).
var defaultData = func() *Data {
	d, err := LoadData()
	if err != nil {
		panic(err)
	}
	return d
}()

func mustData() *Data { return defaultData }

// Default is the classifier over the embedded data.
func Default() *Rules { return New(defaultData) }

// Classify implements Classifier.
func (r *Rules) Classify(tx imports.ChainTx, own Own) imports.Tx {
	c := newContext(tx, own, r.data.chain(tx.Chain))
	out := imports.Tx{ExternalID: strings.ToLower(tx.Hash), Hash: strings.ToLower(tx.Hash), Time: tx.Time.UTC(), Failed: tx.Failed}
	name, o := RuleTransfer, outcome{confidence: imports.ConfidenceLow, explanation: "plain movements: no rule recognised the transaction"}
	if len(tx.Missing) > 0 {
		o.explanation += " (the chain data lacks " + strings.Join(tx.Missing, ", ") + ")"
	}
	for _, x := range r.order {
		if res, ok := x.match(c); ok {
			name, o = x.name, res
			break
		}
	}
	if readsReceiptsAsAssets[name] {
		c.markReceipts(&o)
	}
	if name == RuleSwap && o.confidence == imports.ConfidenceHigh {
		c.doubtProtocolTrace(&o)
	}
	legs := o.legs
	if legs == nil {
		legs = c.net
	}
	out.Transfers = append(out.Transfers, legs...)
	if fee := c.fee(); fee != nil && !o.dropFee {
		out.Transfers = append(out.Transfers, *fee)
	}
	if len(out.Transfers) == 0 {
		out.Transfers = nil
	}
	out.Label = o.label
	out.Classification = &imports.Classification{Rule: name, Confidence: o.confidence, Explanation: o.explanation}
	out.Classification.Digest = Digest(out)
	return out
}

// readsReceiptsAsAssets are the rules that read every token as an asset: a listed receipt token
// among their legs (stETH sold, an aToken sent) is marked as a receipt, for review.
var readsReceiptsAsAssets = map[string]bool{RuleSwap: true, RuleNFT: true, RuleAirdrop: true, RuleBridgeOut: true,
	RuleBridgeIn: true, RuleTransfer: true}

// Digest identifies a classified transaction's outcome: its label, rule, confidence and legs
// (asset, quantity, sides, position, fee flag, leg label), so that a re-classification can tell
// whether the rules now say something else.
func Digest(t imports.Tx) string {
	h := sha256.New()
	w := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	w(t.Label, strconv.FormatBool(t.Failed))
	if c := t.Classification; c != nil {
		w(c.Rule, string(c.Confidence))
	}
	for _, tr := range t.Transfers {
		w(tr.Asset.Key(), tr.Quantity.String(), strings.ToLower(tr.From), strings.ToLower(tr.To), tr.Position,
			strconv.FormatBool(tr.IsFee), tr.Label)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// txContext is a transaction as the rules read it: the wallet's movements gathered once.
type txContext struct {
	tx     imports.ChainTx
	own    Own
	data   *ChainData
	native imports.AssetRef
	// sender: the wallet sent the transaction (pays the fee).
	sender bool
	// raw are the wallet's movements (native value, internal moves, token transfers) in order.
	raw []imports.Transfer
	// net are the wallet's movements netted per asset: what left (outs first) and what arrived.
	net []imports.Transfer
	// zeroFromWallet counts zero-value token transfers out of the wallet that it did not send.
	zeroFromWallet int
}

func newContext(tx imports.ChainTx, own Own, data *ChainData) *txContext {
	native, _ := imports.NativeAsset(tx.Chain)
	c := &txContext{tx: tx, own: own, data: data, native: native, sender: own.IsWallet(tx.From)}
	if !tx.Failed {
		if tx.Value.Sign() > 0 {
			c.add(imports.Transfer{Asset: native, Quantity: tx.Value, From: tx.From, To: tx.To})
		}
		for _, m := range tx.Internal {
			if m.Quantity.Sign() > 0 {
				c.add(imports.Transfer{Asset: native, Quantity: m.Quantity, From: m.From, To: m.To})
			}
		}
		for _, t := range tx.Tokens {
			if t.Quantity.Sign() == 0 {
				if own.IsWallet(t.From) && !c.sender {
					c.zeroFromWallet++
				}
				continue
			}
			c.add(imports.Transfer{Asset: t.Asset(tx.Chain), Quantity: t.Quantity, From: t.From, To: t.To})
		}
	}
	c.net = c.netted()
	return c
}

// add keeps a movement of the wallet, its side spelled as the wallet's account spells it.
func (c *txContext) add(t imports.Transfer) {
	from, to := c.own.IsWallet(t.From), c.own.IsWallet(t.To)
	if from == to { // not the wallet's, or a move to itself
		return
	}
	if from {
		t.From = c.own.Wallet
		t.To = strings.ToLower(t.To)
	} else {
		t.To = c.own.Wallet
		t.From = strings.ToLower(t.From)
	}
	c.raw = append(c.raw, t)
}

// netted sums the wallet's movements per asset: a hop through the wallet and a refund of part of
// what it sent cancel out. The counterparty of a netted leg is the one of its largest movement.
func (c *txContext) netted() []imports.Transfer {
	type acc struct {
		asset  imports.AssetRef
		sum    decimal.Decimal // in - out
		bigIn  imports.Transfer
		bigOut imports.Transfer
		hasIn  bool
		hasOut bool
	}
	var keys []string
	by := map[string]*acc{}
	for _, t := range c.raw {
		k := t.Asset.Key()
		a, ok := by[k]
		if !ok {
			a = &acc{asset: t.Asset}
			by[k] = a
			keys = append(keys, k)
		}
		if c.own.IsWallet(t.To) {
			a.sum = a.sum.Add(t.Quantity)
			if !a.hasIn || t.Quantity.GreaterThan(a.bigIn.Quantity) {
				a.bigIn, a.hasIn = t, true
			}
		} else {
			a.sum = a.sum.Sub(t.Quantity)
			if !a.hasOut || t.Quantity.GreaterThan(a.bigOut.Quantity) {
				a.bigOut, a.hasOut = t, true
			}
		}
	}
	var outs, ins []imports.Transfer
	for _, k := range keys {
		a := by[k]
		switch a.sum.Sign() {
		case -1:
			outs = append(outs, imports.Transfer{Asset: a.asset, Quantity: a.sum.Neg(), From: c.own.Wallet, To: a.bigOut.To})
		case 1:
			ins = append(ins, imports.Transfer{Asset: a.asset, Quantity: a.sum, From: a.bigIn.From, To: c.own.Wallet})
		}
	}
	return append(outs, ins...)
}

// fee is the fee leg when the wallet sent the transaction.
func (c *txContext) fee() *imports.Transfer {
	if !c.sender || c.tx.Fee.Sign() <= 0 {
		return nil
	}
	return &imports.Transfer{Asset: c.native, Quantity: c.tx.Fee, From: c.own.Wallet, IsFee: true, Label: imports.LabelFee}
}

// outs and ins split the netted legs by direction.
func (c *txContext) outs() []imports.Transfer {
	var r []imports.Transfer
	for _, t := range c.net {
		if c.own.IsWallet(t.From) {
			r = append(r, t)
		}
	}
	return r
}

func (c *txContext) ins() []imports.Transfer {
	var r []imports.Transfer
	for _, t := range c.net {
		if c.own.IsWallet(t.To) {
			r = append(r, t)
		}
	}
	return r
}

// logs returns the receipt's logs whose event (topic0) is topic, from any contract.
func (c *txContext) logs(topic string) []imports.Log {
	var r []imports.Log
	for _, l := range c.tx.Logs {
		if len(l.Topics) > 0 && strings.EqualFold(l.Topics[0], topic) {
			r = append(r, l)
		}
	}
	return r
}

// topicAddress reads an address from an indexed topic or a 32-byte data word.
func topicAddress(word string) string {
	w := strings.TrimPrefix(strings.ToLower(word), "0x")
	if len(w) < 40 {
		return ""
	}
	return "0x" + w[len(w)-40:]
}

// dataWord returns the i-th 32-byte word of a log's data (hex, without 0x); "" if absent.
func dataWord(data string, i int) string {
	d := strings.TrimPrefix(data, "0x")
	if len(d) < (i+1)*64 {
		return ""
	}
	return d[i*64 : (i+1)*64]
}

// wordAmount is a uint256 data word divided by 10^decimals.
func wordAmount(word string, decimals int32) (decimal.Decimal, error) {
	if word == "" {
		return decimal.Zero, fmt.Errorf("missing word")
	}
	n, ok := new(big.Int).SetString(word, 16)
	if !ok {
		return decimal.Zero, fmt.Errorf("bad word %q", word)
	}
	return decimal.NewFromBigInt(n, -decimals), nil
}

// label is a rule's outcome over the wallet's netted legs, its explanation formatted from why.
func label(l string, conf imports.Confidence, why string, args ...any) outcome {
	return outcome{label: l, confidence: conf, explanation: fmt.Sprintf(why, args...)}
}
