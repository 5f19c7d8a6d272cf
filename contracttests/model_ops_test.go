package contracttests

// The operations of TestModelBasedLedger: how each is generated from the model's state, what the
// model predicts (success or a documented error code), how it is sent over HTTP and how the model
// changes with it.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// mop is one generated operation. Entities are named by ref (see ref), so that a replay on a fresh
// client and a shrunk sequence resolve them again.
type mop struct {
	Kind   string
	Tx     ref
	Tx2    ref
	Txs    []ref
	Tr     ref
	Groups [][]ref
	Acc    ref
	Acc2   ref
	// parameters
	Label    string
	Wipe     bool
	Notes    *string
	Bool     bool
	Field    string
	At       time.Time
	Amount   string // decimal string
	Value    string
	Name     string
	Legs     []legSpec
	Rows     []csvRow
	FileOp   int // reimport: the operation whose file is sent again
	UndoOps  []int
	Method   string
	Basis    string
	Switch   time.Time
	Changes  []methodChange
	Timezone string
	// Mix names the generator of an operation made for a purpose (unpricedReceipt, basisAgain, ...)
	// from one of the kinds above; the report counts it under that name.
	Mix string
}

// legSpec is a transfer of a created transaction: "in" (outside -> Acc), "out" (Acc -> outside),
// "move" (Acc -> To account).
type legSpec struct {
	Dir    string
	Asset  string
	Amount string
	Value  string // "" : none given
	To     ref    `json:",omitempty"` // for a move
}

// String is the operation's non-empty fields, as JSON.
func (o *mop) String() string {
	b, _ := json.Marshal(o)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	b, _ = json.Marshal(pruneJSON(m))
	return string(b)
}

// pruneJSON drops zero values, unset refs ({"Op":-1}) and zero times from a decoded JSON value.
func pruneJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x["Op"] == float64(-1) {
			return nil
		}
		for k, e := range x {
			if e = pruneJSON(e); e == nil {
				delete(x, k)
			} else {
				x[k] = e
			}
		}
		return x
	case []any:
		if len(x) == 0 {
			return nil
		}
		for i := range x {
			x[i] = pruneJSON(x[i])
		}
		return x
	case string:
		if x == "" || strings.HasPrefix(x, "0001-01-01") {
			return nil
		}
	case bool:
		if !x {
			return nil
		}
	case float64:
		if x == 0 {
			return nil
		}
	}
	return v
}

var assetSymbols = []string{"BTC", "ETH", "SOL", "USDC"}

// price ranges per asset (dollars per unit) and quantity ranges.
var assetShape = map[string]struct{ lo, hi, qlo, qhi float64 }{
	"BTC": {20000, 90000, 0.001, 0.8}, "ETH": {1500, 4000, 0.01, 6}, "SOL": {20, 250, 1, 60}, "USDC": {1, 1, 10, 4000},
}

// gen generates operations against the model's current state.
type gen struct {
	rng     *rand.Rand
	m       *model
	h       *harness
	times   map[int64]bool
	pending map[int]bool    // rows whose operations are held back (pendingRows)
	extras  map[string]bool // pendingExtras
}

func (g *gen) intn(n int) int        { return g.rng.IntN(n) }
func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

// newTime is a second in 2023-2025 no other transaction has (settlement order then needs no
// tiebreak between unrelated transactions).
func (g *gen) newTime() time.Time {
	start := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	for {
		s := start + g.rng.Int64N(3*365*86400)
		if !g.times[s] {
			g.times[s] = true
			return time.Unix(s, 0).UTC()
		}
	}
}

func (g *gen) qty(asset string) decimal.Decimal {
	sh := assetShape[asset]
	q := sh.qlo + g.rng.Float64()*(sh.qhi-sh.qlo)
	return decimal.NewFromFloat(q).Round(4).Add(decimal.New(1, -4))
}

func (g *gen) value(asset string, q decimal.Decimal) decimal.Decimal {
	sh := assetShape[asset]
	p := sh.lo + g.rng.Float64()*(sh.hi-sh.lo)
	return q.Mul(decimal.NewFromFloat(p)).Round(2)
}

func (g *gen) asset() string { return assetSymbols[g.intn(len(assetSymbols))] }

func pick[T any](g *gen, xs []T) T { return xs[g.intn(len(xs))] }

// ---- choosing entities ----

func (g *gen) liveAccounts() []*mAccount {
	var out []*mAccount
	for _, id := range sortedKeys(g.m.accounts) {
		if a := g.m.accounts[id]; !a.Deleted {
			out = append(out, a)
		}
	}
	return out
}

func (g *gen) liveTxs(pred func(t *mTx) bool) []*mTx {
	var out []*mTx
	for _, t := range g.m.sortedTxs() {
		if pred == nil || pred(t) {
			out = append(out, t)
		}
	}
	return out
}

func (g *gen) hasDir(t *mTx, out bool) bool {
	for _, tr := range g.m.visibleTransfersOf(t.ID) {
		if tr.IsFee || isFiatAsset(tr.Asset) {
			continue
		}
		if out && g.m.own(tr.From) && tr.To == "" || !out && tr.From == "" && g.m.own(tr.To) {
			return true
		}
	}
	return false
}

var catalogLabels = []string{"buy", "sell", "trade", "payment", "fee", "staking_reward", "mining", "airdrop", "interest", "reward",
	"income", "gift_received", "gift_sent", "donation", "lost", "internal"}

// ---- generation ----

type weighted struct {
	kind string
	w    float64
}

// opMix is the operation mix and its weights (the report of TestModelBasedLedger prints it).
var opMix = []weighted{
	{"importNew", 1}, {"importInto", 1.5}, {"reimport", 0.3},
	{"create", 3}, {"addTransfer", 1},
	{"updateTx", 3}, {"label", 3}, {"hideMany", 1}, {"unhideMany", 1}, {"hideOne", 1},
	{"updateTransfer", 3}, {"receivePrice", 1}, {"costBasis", 1},
	{"pair", 2}, {"unpair", 0.7}, {"split", 2}, {"merge", 2}, {"duplicate", 1.2},
	{"undo", 3}, {"undoDeletion", 0.5}, {"deleteAccount", 0.4}, {"retireAccount", 0.3}, {"renameAccount", 0.4},
	{"method", 0.8}, {"taxSettings", 0.8}, {"timezone", 0.4}, {"fiscalYear", 0.3}, {"spam", 0.4},
	// aimed at what outside runs found: an outflow without a value (an unpaired transfer), a
	// receipt without a price, an income's value edited, a gift/donation/loss, a second basis
	// override
	{"unpricedOut", 0.8}, {"unpricedReceipt", 0.8}, {"incomeValue", 1}, {"giveAway", 1}, {"basisAgain", 1},
}

var incomeLabels = map[string]bool{"staking_reward": true, "mining": true, "airdrop": true, "interest": true, "reward": true, "income": true}

// aimed makes the operations of the aimed kinds of opMix from the general kinds (nil when there
// is nothing to act on).
func (g *gen) aimed(kind string) *mop {
	m := g.m
	inbound := func(tr *mTransfer) bool { return tr.From == "" && tr.To != "" && !tr.Hidden && !isFiatAsset(tr.Asset) }
	var op *mop
	switch kind {
	case "unpricedOut", "unpricedReceipt":
		if op = g.make("create"); op == nil {
			return nil
		}
		asset := g.asset()
		dir := "out"
		if kind == "unpricedReceipt" {
			dir = "in"
		}
		op.Legs = []legSpec{{Dir: dir, Asset: asset, Amount: g.qty(asset).String(), To: noRef}}
	case "incomeValue", "basisAgain":
		var trs []*mTransfer
		for _, t := range g.liveTxs(func(t *mTx) bool { return !t.Hidden }) {
			for _, tr := range m.transfersOf(t.ID) {
				label := t.Label
				if tr.Label != nil {
					label = tr.Label
				}
				switch {
				case !inbound(tr):
				case kind == "incomeValue" && label != nil && incomeLabels[*label]:
					trs = append(trs, tr)
				case kind == "basisAgain" && tr.Basis != nil:
					trs = append(trs, tr)
				}
			}
		}
		if len(trs) == 0 {
			return nil
		}
		tr := pick(g, trs)
		op = &mop{Kind: "updateTransfer", Tx: m.txs[tr.Tx].H, Tr: tr.H, Tx2: noRef, Acc: noRef, Acc2: noRef, Field: "fiatValue"}
		if kind == "basisAgain" {
			op.Field = "basisFiatValue"
		}
		op.Value = g.value(tr.Asset, tr.Qty).String()
	case "giveAway":
		cand := g.liveTxs(func(t *mTx) bool { return !t.Hidden && !g.labelHeld(t) && g.hasDir(t, true) })
		if len(cand) == 0 {
			return nil
		}
		op = &mop{Kind: "label", Tx: noRef, Tx2: noRef, Tr: noRef, Acc: noRef, Acc2: noRef, Txs: []ref{pick(g, cand).H},
			Label: pick(g, []string{"donation", "gift_sent", "lost"})}
	default:
		return nil
	}
	op.Mix = kind
	return op
}

// next generates one operation (nil when the chosen kind has nothing to act on).
func (g *gen) next() *mop {
	total := 0.0
	for _, w := range opMix {
		total += w.w
	}
	for attempt := 0; attempt < 20; attempt++ {
		r := g.rng.Float64() * total
		kind := opMix[len(opMix)-1].kind
		for _, w := range opMix {
			if r < w.w {
				kind = w.kind
				break
			}
			r -= w.w
		}
		if op := g.make(kind); op != nil {
			return op
		}
	}
	return g.make("create")
}

func (g *gen) accountName() string {
	g.m.accountSeq++
	names := []string{"Zeta wallet", "Alpha exchange", "Mu cold storage", "Beta app", "Omega vault", "Kappa card", "Delta ledger", "Sigma desk"}
	n := names[(g.m.accountSeq-1)%len(names)]
	if g.pending[22] {
		// held back: names in creation order, which is the service's id order
		n = fmt.Sprintf("%02d %s", g.m.accountSeq, n)
	}
	if g.m.accountSeq > len(names) {
		n = fmt.Sprintf("%s %d", n, g.m.accountSeq)
	}
	return n
}

func (g *gen) make(kind string) *mop {
	m, ops := g.m, g.h.ops
	op := &mop{Kind: kind, Tx: noRef, Tx2: noRef, Tr: noRef, Acc: noRef, Acc2: noRef}
	accs := g.liveAccounts()
	visible := g.liveTxs(func(t *mTx) bool { return !t.Hidden })
	if op := g.aimed(kind); op != nil || strings.HasPrefix(kind, "unpriced") || kind == "incomeValue" || kind == "giveAway" || kind == "basisAgain" {
		return op
	}
	switch kind {
	case "importNew":
		if len(accs) >= 6 {
			return nil
		}
		op.Name = g.accountName()
		op.Rows = g.rows(3 + g.intn(6))
	case "importInto":
		if len(accs) == 0 {
			return nil
		}
		op.Acc = pick(g, accs).H
		op.Rows = g.rows(1 + g.intn(5))
	case "reimport":
		var files []int
		for i := range ops {
			if _, sent := g.h.files[i]; !sent || ops[i].Kind == "reimport" {
				continue
			}
			acc := ops[i].Acc
			if ops[i].Kind == "importNew" {
				acc = accRef(i)
			}
			if a := m.accounts[m.handles[acc]]; a != nil && !a.Deleted {
				files = append(files, i)
			}
		}
		if len(files) == 0 {
			return nil
		}
		op.FileOp = pick(g, files)
	case "create":
		if len(accs) == 0 {
			return nil
		}
		a := pick(g, accs)
		op.Acc, op.At = a.H, g.newTime()
		n := 1 + g.intn(2)
		swap := n == 2 && g.chance(0.5)
		for i := 0; i < n; i++ {
			op.Legs = append(op.Legs, g.leg(accs, a, swap, i))
		}
	case "addTransfer":
		if len(visible) == 0 {
			return nil
		}
		t := pick(g, visible)
		op.Tx = t.H
		op.Legs = []legSpec{g.leg(accs, m.accounts[t.Account], false, 0)}
		if m.accounts[t.Account] == nil || m.accounts[t.Account].Deleted {
			return nil
		}
	case "updateTx":
		all := g.liveTxs(nil)
		if len(all) == 0 {
			return nil
		}
		t := pick(g, all)
		op.Tx = t.H
		op.Field = pick(g, []string{"label", "label", "wipeLabel", "notes", "isReviewed", "isHidden", "createdAt"})
		if (op.Field == "label" || op.Field == "wipeLabel") && g.labelHeld(t) {
			return nil
		}
		switch op.Field {
		case "label":
			op.Label = pick(g, catalogLabels)
		case "notes":
			op.Notes = g.notes()
		case "isReviewed", "isHidden":
			op.Bool = g.chance(0.6)
		case "createdAt":
			if t.Parent != "" || g.hasChildren(t) {
				return nil // split families keep one time
			}
			op.At = g.newTime()
		}
	case "label":
		cand := g.liveTxs(func(t *mTx) bool { return !t.Hidden && !g.labelHeld(t) })
		if len(cand) == 0 {
			return nil
		}
		for _, t := range g.some(cand, 1+g.intn(3)) {
			op.Txs = append(op.Txs, t.H)
		}
		if g.chance(0.15) {
			op.Wipe = true
		} else {
			op.Label = pick(g, catalogLabels)
		}
		if g.chance(0.3) {
			op.Notes = g.notes()
		}
	case "hideMany", "unhideMany":
		cand := g.liveTxs(func(t *mTx) bool { return t.Hidden == (kind == "unhideMany") || g.chance(0.2) })
		if len(cand) == 0 {
			return nil
		}
		for _, t := range g.some(cand, 1+g.intn(3)) {
			op.Txs = append(op.Txs, t.H)
		}
	case "hideOne":
		all := g.liveTxs(nil)
		if len(all) == 0 {
			return nil
		}
		t := pick(g, all)
		op.Tx, op.Bool = t.H, !t.Hidden
	case "updateTransfer":
		var trs []*mTransfer
		for _, t := range g.liveTxs(nil) {
			trs = append(trs, m.transfersOf(t.ID)...)
		}
		if len(trs) == 0 {
			return nil
		}
		tr := pick(g, trs)
		t := m.txs[tr.Tx]
		op.Tx, op.Tr = t.H, tr.H
		inbound := tr.From == "" && tr.To != ""
		// "label": the leg's own label (updateTransfer(label)), which the engine reads instead of
		// its transaction's until "wipeLabel" removes it (docs/ledger-edits.md)
		fields := []string{"amount", "fiatValue", "fiatValue", "isHidden", "account", "assetId", "label"}
		if tr.Label != nil {
			fields = append(fields, "wipeLabel")
		}
		if inbound {
			fields = append(fields, "basisFiatValue", "purchaseDateOverride")
		}
		if tr.Basis != nil || !decEqualPtr(tr.Value, tr.Orig) {
			// (while row 17 is held back, not back to no value: the service keeps a price then)
			if !(g.pending[17] && tr.Orig == nil) {
				fields = append(fields, "resetFiatValue")
			}
		}
		op.Field = pick(g, fields)
		switch op.Field {
		case "amount":
			op.Amount = g.qty(tr.Asset).String()
		case "assetId":
			if op.Label = g.asset(); op.Label == tr.Asset || isFiatAsset(tr.Asset) {
				return nil
			}
		case "label":
			op.Label = pick(g, catalogLabels)
		case "fiatValue", "basisFiatValue":
			op.Value = g.value(tr.Asset, tr.Qty).String()
		case "isHidden":
			op.Bool = !tr.Hidden
			if op.Bool && len(m.visibleTransfersOf(t.ID)) <= 1 {
				return nil // a transaction keeps a visible transfer
			}
		case "purchaseDateOverride":
			op.At = t.At.AddDate(-1-g.intn(2), -g.intn(6), 0)
		case "account":
			// move one own side to another own account (a deposit lands elsewhere, a sale
			// becomes a move, a move becomes a sale)
			others := []*mAccount{}
			for _, a := range accs {
				if a.ID != tr.From && a.ID != tr.To {
					others = append(others, a)
				}
			}
			switch {
			case tr.From != "" && tr.To != "":
				op.Field, op.Acc = "toAccountId", noRef // outside
			case len(others) == 0:
				return nil
			case tr.To != "":
				op.Field, op.Acc = "toAccountId", pick(g, others).H
			default:
				op.Field, op.Acc = "toAccountId", pick(g, others).H // a sale becomes a move
			}
		}
	case "receivePrice":
		cand := g.liveTxs(func(t *mTx) bool { return g.hasDir(t, false) })
		if len(cand) == 0 {
			return nil
		}
		ts := g.some(cand, 1+g.intn(2))
		for _, t := range ts {
			op.Txs = append(op.Txs, t.H)
		}
		if g.chance(0.5) {
			op.Label = pick(g, assetSymbols) // the asset to price
		}
		op.Value = decimal.NewFromFloat(assetShape[orDefault(op.Label, "ETH")].lo * (1 + g.rng.Float64())).Round(2).String()
	case "costBasis":
		if len(visible) == 0 || g.pending[9] {
			return nil
		}
		for _, t := range g.some(visible, 1+g.intn(2)) {
			op.Txs = append(op.Txs, t.H)
		}
		op.Bool = g.chance(0.5)       // isMissingBasis
		op.Wipe = !g.chance(0.7)      // overrideIsMissingBasis false: remove
		op.Field = boolName(!op.Wipe) // (for the log)
	case "pair":
		outs := g.liveTxs(func(t *mTx) bool { return !t.Hidden && g.hasDir(t, true) && m.pairOf(t.ID) == nil })
		ins := g.liveTxs(func(t *mTx) bool { return !t.Hidden && g.hasDir(t, false) && m.pairOf(t.ID) == nil })
		if len(outs) == 0 || len(ins) == 0 {
			return nil
		}
		f := pick(g, outs)
		// prefer a receiving transaction of the same asset shortly after
		best := ins[g.intn(len(ins))]
		for _, t := range ins {
			if t.ID != f.ID && g.sharesAsset(f, t) && !t.At.Before(f.At) && (best.At.Before(f.At) || t.At.Before(best.At) || !g.sharesAsset(f, best)) {
				best = t
			}
		}
		if best.ID == f.ID {
			return nil
		}
		op.Tx, op.Tx2 = f.H, best.H
		switch x := g.rng.Float64(); {
		case x < 0.15:
			op.Field = "BRIDGE"
		case x < 0.3:
			op.Field = "CROSS_CHAIN_SWAP"
		}
	case "unpair":
		var ps []*mPair
		for _, id := range sortedKeys(m.pairs) {
			p := m.pairs[id]
			if m.live(p.From) != nil && m.live(p.To) != nil {
				ps = append(ps, p)
			}
		}
		if len(ps) == 0 {
			return nil
		}
		p := pick(g, ps)
		op.Tx, op.Tx2 = m.txs[p.From].H, m.txs[p.To].H
	case "split":
		cand := g.liveTxs(func(t *mTx) bool { return len(m.visibleTransfersOf(t.ID)) >= 2 })
		if len(cand) == 0 {
			return nil
		}
		t := pick(g, cand)
		op.Tx = t.H
		trs := m.visibleTransfersOf(t.ID)
		g.rng.Shuffle(len(trs), func(i, j int) { trs[i], trs[j] = trs[j], trs[i] })
		moved := trs[1 : 2+g.intn(len(trs)-1)] // the base keeps trs[0]
		groups := 1
		if len(moved) > 1 && g.chance(0.4) {
			groups = 2
		}
		op.Groups = make([][]ref, groups)
		for i, tr := range moved {
			op.Groups[i%groups] = append(op.Groups[i%groups], tr.H)
		}
		if g.chance(0.3) && !g.labelHeld(t) {
			op.Label = pick(g, catalogLabels) // the first child's label
		}
	case "merge":
		all := g.liveTxs(nil)
		if len(all) < 2 {
			return nil
		}
		from := g.some(all, 1+g.intn(2))
		isFrom := map[string]bool{}
		for _, t := range from {
			isFrom[t.ID] = true
		}
		held := false
		for _, t := range from {
			held = held || g.labelHeld(t)
		}
		var targets, paired []*mTx
		for _, t := range all {
			if isFrom[t.ID] {
				continue
			}
			// while row 1 is held back, transfers an import labelled move only under the same label
			if held && (strp(t.Label) != strp(from[0].Label) || len(from) > 1 && strp(from[1].Label) != strp(from[0].Label)) {
				continue
			}
			targets = append(targets, t)
			if m.linkedID(t.ID) != "" {
				paired = append(paired, t)
			}
		}
		if len(targets) == 0 {
			return nil
		}
		to := pick(g, targets)
		if len(paired) > 0 && !g.pending[5] && g.chance(0.3) {
			to = pick(g, paired) // a paired transaction is refused, merged into or merged in
		}
		if g.pending[5] {
			for _, t := range append(from, to) {
				if m.linkedID(t.ID) != "" {
					return nil
				}
			}
		}
		op.Tx = to.H
		for _, t := range from {
			op.Txs = append(op.Txs, t.H)
		}
	case "duplicate":
		all := g.liveTxs(func(t *mTx) bool { return len(m.visibleTransfersOf(t.ID)) > 0 })
		if len(all) == 0 {
			return nil
		}
		t := pick(g, all)
		if g.extras["duplicate-overrides"] {
			for _, tr := range m.visibleTransfersOf(t.ID) {
				if tr.Basis != nil || tr.Acquired != nil {
					return nil
				}
			}
		}
		op.Tx = t.H
	case "undo":
		op.UndoOps = g.undoTargets(ops, g.h.undone, g.h.changed)
		if len(op.UndoOps) == 0 {
			return nil
		}
	case "deleteAccount":
		if len(accs) < 2 {
			return nil
		}
		a := pick(g, accs)
		if g.pending[8] {
			for _, t := range m.txs {
				if t.Account == a.ID && m.linkedID(t.ID) != "" {
					return nil // held back: a deleted side of a pair
				}
			}
		}
		op.Acc = a.H
	case "undoDeletion":
		if g.pending[8] {
			return nil
		}
		var dels []int
		for i, o := range ops {
			if o != nil && o.Kind == "deleteAccount" && len(g.h.audit[i]) > 0 {
				dels = append(dels, i)
			}
		}
		if len(dels) == 0 {
			return nil
		}
		op.UndoOps = []int{pick(g, dels)}
	case "retireAccount":
		if len(accs) == 0 {
			return nil
		}
		op.Acc = pick(g, accs).H
	case "renameAccount":
		if len(accs) == 0 || g.pending[22] {
			return nil
		}
		op.Acc = pick(g, accs).H
		op.Name = g.accountName()
	case "method":
		op.Method = pick(g, []string{"FIFO", "LIFO", "HIFO", "LOFO", "AVERAGE_COST"})
	case "taxSettings":
		if g.chance(0.5) {
			op.Basis = pick(g, []string{"UNIVERSAL", "PER_WALLET", "UNIVERSAL_THEN_PER_WALLET", "UNIVERSAL_THEN_PER_WALLET"})
			if op.Basis == "UNIVERSAL_THEN_PER_WALLET" {
				op.Switch = pick(g, []time.Time{time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), time.Date(2024, 7, 1, 12, 0, 0, 0, time.UTC),
					time.Date(2023, 9, 15, 12, 0, 0, 0, time.UTC)})
			}
		} else {
			op.Field = "changes"
			n := g.intn(3)
			mo, d := m.fiscalStart()
			for _, y := range []int{2024, 2025}[:n] {
				op.Changes = append(op.Changes, methodChange{From: time.Date(y, mo, d, 12, 0, 0, 0, time.UTC),
					Method: pick(g, []string{"FIFO", "LIFO", "HIFO", "LOFO", "AVERAGE_COST"})})
			}
		}
	case "timezone":
		op.Timezone = pick(g, []string{"UTC", "America/New_York", "Asia/Tokyo"})
	case "fiscalYear":
		op.Field = pick(g, []string{"01-01", "04-06", "07-01"})
	case "spam":
		// a person marks an asset spam, or no longer (a token airdropped to lure: its transfers
		// leave the tax calculation, a transaction moving only it leaves the default list)
		var known []string
		for _, s := range assetSymbols {
			if m.assets[s] != "" {
				known = append(known, s)
			}
		}
		if len(known) == 0 {
			return nil
		}
		op.Label = pick(g, known)
		op.Bool = !m.spamAsset(op.Label)
	}
	return op
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (g *gen) some(xs []*mTx, n int) []*mTx {
	idx := g.rng.Perm(len(xs))
	out := []*mTx{}
	for _, i := range idx[:min(n, len(xs))] {
		out = append(out, xs[i])
	}
	return out
}

// labelHeld: row 1 is held back and the transaction holds transfers an import wrote (which carry
// the import's label on each leg today).
func (g *gen) labelHeld(t *mTx) bool {
	if !g.pending[1] {
		return false
	}
	for _, tr := range g.m.transfersOf(t.ID) {
		if tr.FromImport {
			return true
		}
	}
	return false
}

func (g *gen) hasChildren(t *mTx) bool {
	for _, c := range g.m.txs {
		if c.Parent == t.ID && !c.Deleted {
			return true
		}
	}
	return false
}

func (g *gen) sharesAsset(a, b *mTx) bool {
	for _, x := range g.m.visibleTransfersOf(a.ID) {
		for _, y := range g.m.visibleTransfersOf(b.ID) {
			if x.Asset == y.Asset {
				return true
			}
		}
	}
	return false
}

func (g *gen) notes() *string {
	s := pick(g, []string{"", "paid rent", "birthday gift from Ann", "moved to cold storage", "OTC desk trade"})
	return &s
}

func (g *gen) leg(accs []*mAccount, a *mAccount, swap bool, i int) legSpec {
	asset := g.asset()
	q := g.qty(asset)
	l := legSpec{Asset: asset, Amount: q.String(), To: noRef}
	switch {
	case swap && i == 0:
		l.Dir = "out"
	case swap:
		l.Dir = "in"
	case len(accs) > 1 && g.chance(0.2):
		l.Dir = "move"
		for {
			if b := pick(g, accs); b.ID != a.ID {
				l.To = b.H
				break
			}
		}
	default:
		l.Dir = pick(g, []string{"in", "in", "out"})
	}
	if l.Dir != "move" && g.chance(0.88) {
		l.Value = g.value(asset, q).String()
	}
	return l
}

// undoTargets picks what an undo reverts: the last few changing operations when no
// non-undoable change came after them, or one earlier operation whose records nothing later
// touched. Either way no later live change depends on what is undone, so the undo must succeed.
func (g *gen) undoTargets(ops []*mop, undone map[int]bool, changed map[int]touched) []int {
	undoable := func(i int) bool {
		c, ok := changed[i]
		return ok && !undone[i] && c.ledgerChanged() && undoableKind(ops[i].Kind)
	}
	var suffix []int
	for i := len(ops) - 1; i >= 0 && len(suffix) < 3; i-- {
		if ops[i] == nil {
			continue
		}
		c, ok := changed[i]
		if !ok || c.empty() {
			continue
		}
		if !undoable(i) {
			break
		}
		suffix = append(suffix, i)
	}
	if len(suffix) > 0 && g.chance(0.5) {
		return suffix[:1+g.intn(len(suffix))]
	}
	var free []int
	for i := range ops {
		if ops[i] == nil || !undoable(i) {
			continue
		}
		ok := true
		for j := i + 1; j < len(ops) && ok; j++ {
			if c, has := changed[j]; has && c.overlaps(changed[i]) {
				ok = false
			}
		}
		if ok {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return suffix
	}
	return []int{pick(g, free)}
}

// undoableKind: ledger edits are undoable; imports, account operations, settings and undos are not.
func undoableKind(kind string) bool {
	switch kind {
	case "importNew", "importInto", "reimport", "deleteAccount", "retireAccount", "renameAccount", "method", "taxSettings", "timezone",
		"fiscalYear", "spam", "undo", "undoDeletion":
		return false
	}
	return true
}

// ---- CSV files (internal/imports/CSV.md, the generic format) ----

type csvRow struct {
	At                 time.Time
	Type               string
	SentQ, SentA       string
	RecvQ, RecvA       string
	FeeQ, FeeA         string
	FiatValue, FeeFiat string
	Notes              string
}

const csvHeader = "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fee_quantity,fee_asset,fiat_value_usd,fee_fiat_usd,notes\n"

func csvFile(rows []csvRow) string {
	var b strings.Builder
	b.WriteString(csvHeader)
	for _, r := range rows {
		notes := r.Notes
		if strings.ContainsAny(notes, ",\"") {
			notes = `"` + strings.ReplaceAll(notes, `"`, `""`) + `"`
		}
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", r.At.Format(time.RFC3339), r.Type, r.SentQ, r.SentA, r.RecvQ, r.RecvA,
			r.FeeQ, r.FeeA, r.FiatValue, r.FeeFiat, notes)
	}
	return b.String()
}

func (g *gen) rows(n int) []csvRow {
	var out []csvRow
	for i := 0; i < n; i++ {
		out = append(out, g.row(len(g.m.txs) == 0 && i < len(assetSymbols), i))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}

// row is one generic-format row; the client's first file starts with buys of every asset early in
// 2023, so that most later disposals are covered.
func (g *gen) row(opening bool, i int) csvRow {
	var r csvRow
	if opening {
		r.At = time.Date(2023, 1, 2+i, 10, 0, 0, 0, time.UTC)
		g.times[r.At.Unix()] = true
		a := assetSymbols[i%len(assetSymbols)]
		q := g.qty(a).Mul(decimal.NewFromInt(20))
		r.Type, r.RecvA, r.RecvQ, r.FiatValue = "buy", a, q.String(), g.value(a, q).String()
		return r
	}
	r.At = g.newTime()
	r.Type = pick(g, []string{"buy", "buy", "sell", "sell", "trade", "income", "staking_reward", "mining", "airdrop", "interest",
		"gift_received", "gift_sent", "donation", "lost", "deposit", "withdrawal"})
	a := g.asset()
	q := g.qty(a)
	v := g.value(a, q)
	usdLegs := !g.pending[19]
	switch r.Type {
	case "buy", "sell":
		// the crypto side, and the USD side (paid or received) or the row's value
		crypto, usd := []*string{&r.RecvA, &r.RecvQ}, []*string{&r.SentA, &r.SentQ}
		if r.Type == "sell" {
			crypto, usd = usd, crypto
		}
		*crypto[0], *crypto[1] = a, q.String()
		if usdLegs && g.chance(0.6) {
			*usd[0], *usd[1] = "USD", v.String()
		} else {
			r.FiatValue = v.String()
		}
	case "trade":
		b := a
		for b == a {
			b = g.asset()
		}
		r.SentA, r.SentQ = a, q.String()
		r.RecvA, r.RecvQ = b, g.qty(b).String()
		if g.chance(0.9) {
			r.FiatValue = v.String()
		}
	case "income", "staking_reward", "mining", "airdrop", "interest", "gift_received", "deposit":
		r.RecvA, r.RecvQ = a, q.String()
		if g.chance(0.9) {
			r.FiatValue = v.String()
		}
	default: // gift_sent, donation, lost, withdrawal
		r.SentA, r.SentQ = a, q.String()
		if g.chance(0.8) {
			r.FiatValue = v.String()
		}
	}
	switch x := g.rng.Float64(); {
	case x < 0.2:
		r.FeeA, r.FeeQ = "ETH", decimal.NewFromFloat(0.001+g.rng.Float64()*0.01).Round(5).String()
		r.FeeFiat = decimal.NewFromFloat(1 + g.rng.Float64()*30).Round(2).String()
	case x < 0.3 && (r.Type == "buy" || r.Type == "sell" || r.Type == "trade"):
		r.FeeA, r.FeeQ = "USD", decimal.NewFromFloat(1+g.rng.Float64()*20).Round(2).String()
	}
	if !g.pending[6] && g.chance(0.3) {
		r.Notes = pick(g, []string{"card buy", "OTC, desk 4", "from \"the\" faucet", "rent"})
	}
	return r
}

// rowTransfers are the transfers the ledger keeps of a row of the generic format (CSV.md): the sent
// leg, the received leg, a fee transfer; a fiat fee with a known USD value is the main leg's fee;
// fiat legs are parsed but not stored.
func rowTransfers(r csvRow, self string) (label *string, trs []*mTransfer) {
	labels := map[string]string{"buy": "buy", "sell": "sell", "trade": "trade", "income": "income", "staking_reward": "staking_reward",
		"mining": "mining", "airdrop": "airdrop", "interest": "interest", "gift_received": "gift_received", "gift_sent": "gift_sent",
		"donation": "donation", "lost": "lost", "fee": "fee"}
	if l, ok := labels[r.Type]; ok {
		label = &l
	}
	var value *decimal.Decimal
	if r.FiatValue != "" {
		v := decimal.RequireFromString(r.FiatValue)
		value = &v
	} else if r.SentA == "USD" {
		v := decimal.RequireFromString(r.SentQ)
		value = &v
	} else if r.RecvA == "USD" {
		v := decimal.RequireFromString(r.RecvQ)
		value = &v
	}
	mk := func(asset, q, from, to string) *mTransfer {
		t := &mTransfer{Asset: asset, Qty: decimal.RequireFromString(q), From: from, To: to}
		if isFiatAsset(asset) {
			v := t.Qty
			t.Value = &v
		} else if value != nil {
			v := *value
			t.Value = &v
		}
		return t
	}
	if r.SentA != "" {
		trs = append(trs, mk(r.SentA, r.SentQ, self, ""))
	}
	if r.RecvA != "" {
		trs = append(trs, mk(r.RecvA, r.RecvQ, "", self))
	}
	if r.FeeA != "" {
		var usd *decimal.Decimal
		if r.FeeFiat != "" {
			v := decimal.RequireFromString(r.FeeFiat)
			usd = &v
		} else if isFiatAsset(r.FeeA) {
			v := decimal.RequireFromString(r.FeeQ)
			usd = &v
		}
		if isFiatAsset(r.FeeA) && usd != nil && len(trs) > 0 {
			main := 0
			if r.Type == "buy" || r.SentA == "" {
				main = len(trs) - 1
			}
			if isFiatAsset(trs[main].Asset) && len(trs) > 1 {
				main = 1 - main
			}
			trs[main].FeeFiat = *usd
		} else {
			// a fee leg is labelled fee apart from its row (docs/ledger-edits.md, "What an import
			// writes"): it stays a fee whatever the transaction is labelled, and where it lands
			fee := "fee"
			f := &mTransfer{Asset: r.FeeA, Qty: decimal.RequireFromString(r.FeeQ), From: self, IsFee: true, Value: usd, Label: &fee}
			trs = append(trs, f)
		}
	}
	// the ledger stores no fiat leg (CSV.md): what it paid or received is the crypto leg's value
	kept := trs[:0]
	for _, t := range trs {
		if !isFiatAsset(t.Asset) {
			t.Pos, t.Orig = len(kept), t.Value
			kept = append(kept, t)
		}
	}
	return label, kept
}
