package contracttests

// The model of TestModelBasedLedger: a client's ledger as plain Go values, changed by the same
// operations the test sends to the server, and what its tax figures must be, computed by
// tax.Compute over a ledger the model builds itself from the documented semantics
// (docs/ledger-edits.md, docs/taxd-compute.md, the SDL descriptions, DESIGN.md "Where a label
// lives"). Nothing here reads the service's tables.

import (
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// ref names an entity by the operation that created it and its rank among what that operation
// created (k-th transaction, k-th transfer, k-th account), so that a replay on a fresh client
// (with other ids) and a shrunk sequence (with operations left out) find the same entities.
type ref struct{ Op, K int }

var noRef = ref{-1, -1}

// The three kinds of entity share one handle space: transactions are K < 1000, transfers 1000 +
// their rank, an operation's account accountK.
const accountK = 1 << 20

func trRef(op, k int) ref { return ref{op, 1000 + k} }

func accRef(op int) ref { return ref{op, accountK} }

type mAccount struct {
	ID, Name         string
	H                ref
	Deleted, Retired bool
}

type mTransfer struct {
	ID    string
	H     ref
	Tx    string // the transaction holding it
	Pos   int    // its place in the transaction's settlement order
	Asset string // symbol; fiat codes (USD) are not lot-tracked
	Qty   decimal.Decimal
	// From and To are account ids; "" is outside the client.
	From, To string
	Value    *decimal.Decimal // market value of Qty; nil: unknown
	// Orig is the value it was created with (by the importer or a person); isFiatValueOverridden
	// is Value != Orig or a basis override
	Orig     *decimal.Decimal
	Basis    *decimal.Decimal // a person's basis override (inbound)
	FeeFiat  decimal.Decimal
	Label    *string // the transfer's own label, nil: its transaction's governs it
	IsFee    bool
	Hidden   bool
	Acquired *time.Time // purchase-date override
	// FromImport: an import wrote it (a copy keeps the mark); only pendingRows reads it.
	FromImport bool
}

type mTx struct {
	ID       string
	H        ref
	Account  string
	At       time.Time
	Ordinal  int
	Parent   string // split base
	Label    *string
	Notes    *string
	Hidden   bool
	Deleted  bool
	Reviewed bool
	// MissingOverride is updateMultiTransactionsCostBasis's kept flag.
	MissingOverride *bool
	// Session and Source of the latest write; SessionKnown false after a write the model cannot
	// name (an import, or a mutation without sessionId/source arguments).
	Session, Source *string
	SessionKnown    bool
	Rev             int // bumped by every write of the transaction or its transfers
}

// mPair is a link between two transactions: Kind INTERNAL_TRANSFER, BRIDGE or CROSS_CHAIN_SWAP
// (TransactionLinkTypeEnum).
type mPair struct{ From, To, Kind string }

type methodChange struct {
	From   time.Time // first day of a tax year
	Method string
}

type mSettings struct {
	Method   string // CostBasisAlgorithmEnum
	Basis    string // BasisMethodEnum
	Switch   time.Time
	Changes  []methodChange
	Timezone string
	Fiscal   string // first day of the tax year, MM-DD
	// Spam: the assets a person marked spam (updateAsset isSpam), as sorted symbols joined by
	// commas. A flip changes what the engine sees without touching a transaction: the service
	// marks the whole client dirty, as for a settings change (migration 00004).
	Spam string
}

// model is the client's ledger. Maps are keyed by the service's ids (learnt from the answers);
// handles map refs to ids.
type model struct {
	accounts map[string]*mAccount
	txs      map[string]*mTx
	trs      map[string]*mTransfer
	pairs    map[string]*mPair // by the from transaction
	settings mSettings
	handles  map[ref]string
	assets   map[string]string // symbol -> the service's asset id
	// accountSeq numbers the accounts in creation order (names are chosen from it).
	accountSeq int
}

func newModel() *model {
	return &model{
		accounts: map[string]*mAccount{}, txs: map[string]*mTx{}, trs: map[string]*mTransfer{}, pairs: map[string]*mPair{},
		handles: map[ref]string{}, assets: map[string]string{},
		settings: mSettings{Method: "FIFO", Basis: "UNIVERSAL_THEN_PER_WALLET", Switch: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Timezone: "UTC",
			Fiscal: "01-01"},
	}
}

func (m *model) clone() *model {
	c := &model{accounts: cloneRecords(m.accounts), txs: cloneRecords(m.txs), trs: cloneRecords(m.trs), pairs: cloneRecords(m.pairs),
		settings: m.settings, handles: maps.Clone(m.handles), assets: maps.Clone(m.assets), accountSeq: m.accountSeq}
	c.settings.Changes = append([]methodChange(nil), m.settings.Changes...)
	return c
}

func cloneRecords[T any](m map[string]*T) map[string]*T {
	out := make(map[string]*T, len(m))
	for k, v := range m {
		x := *v
		out[k] = &x
	}
	return out
}

// touched lists the records that differ between two states of the model.
type touched struct {
	txs, trs, pairs, accounts map[string]bool
	settings                  bool
}

func (t touched) empty() bool {
	return len(t.txs) == 0 && len(t.trs) == 0 && len(t.pairs) == 0 && len(t.accounts) == 0 && !t.settings
}

func (t touched) ledgerChanged() bool { return len(t.txs) > 0 || len(t.trs) > 0 || len(t.pairs) > 0 }

func (t touched) overlaps(u touched) bool {
	for _, pair := range [][2]map[string]bool{{t.txs, u.txs}, {t.trs, u.trs}, {t.pairs, u.pairs}, {t.accounts, u.accounts}} {
		for k := range pair[0] {
			if pair[1][k] {
				return true
			}
		}
	}
	return false
}

func diffMaps[T any](a, b map[string]*T) map[string]bool {
	out := map[string]bool{}
	for k, v := range a {
		if w, ok := b[k]; !ok || !reflect.DeepEqual(*v, *w) {
			out[k] = true
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out[k] = true
		}
	}
	return out
}

func diffModels(before, after *model) touched {
	s := !reflect.DeepEqual(before.settings, after.settings)
	return touched{txs: diffMaps(before.txs, after.txs), trs: diffMaps(before.trs, after.trs), pairs: diffMaps(before.pairs, after.pairs),
		accounts: diffMaps(before.accounts, after.accounts), settings: s}
}

// dirtyTransactions is what the diff marks dirty: every transaction whose record changed or that
// holds (held) a changed transfer, and both sides of a changed link.
func dirtyTransactions(before, after *model, t touched) map[string]bool {
	out := map[string]bool{}
	for id := range t.txs {
		out[id] = true
	}
	for id := range t.trs {
		for _, st := range []*model{before, after} {
			if tr, ok := st.trs[id]; ok {
				out[tr.Tx] = true
			}
		}
	}
	for id := range t.pairs {
		out[id] = true
		for _, st := range []*model{before, after} {
			if p, ok := st.pairs[id]; ok {
				out[p.To] = true
			}
		}
	}
	return out
}

// restore puts back, from before, every record t names (the undo of the operation between
// before and its successor, when nothing later touched those records). A record that did not
// exist before is a creation: its transaction is deleted (an undone creation deletes it), its
// transfer and link removed.
func (m *model) restore(before *model, t touched) {
	restoreRecords(m.txs, before.txs, t.txs, func(id string) {
		if tx := m.txs[id]; tx != nil {
			tx.Deleted = true
		}
	})
	restoreRecords(m.trs, before.trs, t.trs, func(id string) { delete(m.trs, id) })
	restoreRecords(m.pairs, before.pairs, t.pairs, func(id string) { delete(m.pairs, id) })
}

// restoreRecords copies the records ids from before into dst; created is called for those that
// did not exist before.
func restoreRecords[T any](dst, before map[string]*T, ids map[string]bool, created func(id string)) {
	for id := range ids {
		if v, ok := before[id]; ok {
			x := *v
			dst[id] = &x
		} else {
			created(id)
		}
	}
}

// ---- reading the model ----

func (m *model) live(id string) *mTx {
	if t := m.txs[id]; t != nil && !t.Deleted {
		return t
	}
	return nil
}

// visible: neither deleted nor hidden (what tax calculations and the default list see).
func (m *model) visible(id string) *mTx {
	if t := m.live(id); t != nil && !t.Hidden {
		return t
	}
	return nil
}

// transfersOf returns the transaction's transfers in settlement order (hidden ones too).
func (m *model) transfersOf(txID string) []*mTransfer {
	var out []*mTransfer
	for _, tr := range m.trs {
		if tr.Tx == txID {
			out = append(out, tr)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

func (m *model) visibleTransfersOf(txID string) []*mTransfer {
	var out []*mTransfer
	for _, tr := range m.transfersOf(txID) {
		if !tr.Hidden {
			out = append(out, tr)
		}
	}
	return out
}

// spamAsset: a person marked the asset spam; the engine leaves its transfers out.
func (m *model) spamAsset(symbol string) bool {
	return slices.Contains(strings.Split(m.settings.Spam, ","), symbol)
}

// setSpam marks the asset spam or not.
func (m *model) setSpam(symbol string, spam bool) {
	set := map[string]bool{}
	for _, s := range strings.Split(m.settings.Spam, ",") {
		if s != "" {
			set[s] = true
		}
	}
	set[symbol] = spam
	var out []string
	for _, s := range sortedKeys(set) {
		if set[s] {
			out = append(out, s)
		}
	}
	m.settings.Spam = strings.Join(out, ",")
}

// spamOnly: the transaction moves only assets marked spam (it has a transfer and every one of
// them, hidden ones too, moves a spam asset: Transaction.isSpam); the list leaves it out unless
// asked with includeSpam, and the year's transaction count does not count it.
func (m *model) spamOnly(t *mTx) bool {
	trs := m.transfersOf(t.ID)
	for _, tr := range trs {
		if !m.spamAsset(tr.Asset) {
			return false
		}
	}
	return len(trs) > 0
}

// sortedTxs lists the live transactions in settlement order: time, ordinal, id.
func (m *model) sortedTxs() []*mTx {
	var out []*mTx
	for _, t := range m.txs {
		if !t.Deleted {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if !a.At.Equal(b.At) {
			return a.At.Before(b.At)
		}
		if a.Ordinal != b.Ordinal {
			return a.Ordinal < b.Ordinal
		}
		return a.ID < b.ID
	})
	return out
}

func (m *model) pairOf(txID string) *mPair {
	if p := m.pairs[txID]; p != nil {
		return p
	}
	for _, p := range m.pairs {
		if p.To == txID {
			return p
		}
	}
	return nil
}

// linkedID is Transaction.linkedTransactionId: the other side of a link whose two sides exist.
// A link whose other side was deleted is no link (no dangling pair).
func (m *model) linkedID(txID string) string {
	p := m.pairOf(txID)
	if p == nil || m.live(p.From) == nil || m.live(p.To) == nil {
		return ""
	}
	if p.From == txID {
		return p.To
	}
	return p.From
}

func (m *model) effectiveLabel(tr *mTransfer) string {
	if tr.Label != nil {
		return *tr.Label
	}
	if t := m.txs[tr.Tx]; t != nil && t.Label != nil {
		return *t.Label
	}
	return ""
}

func isFiatAsset(symbol string) bool { return symbol == "USD" }

func (m *model) own(account string) bool {
	a := m.accounts[account]
	return a != nil && !a.Deleted
}

// ---- the engine's input ----

// engineAccount is the account name the engine sees: the per-wallet switch allocates lots to the
// wallets in account-name order (docs/taxd-compute.md), the order the model takes as documented.
func (m *model) engineAccount(id string) string {
	if id == "" {
		return ""
	}
	return m.accounts[id].Name
}

func (m *model) location() *time.Location {
	loc, err := time.LoadLocation(m.settings.Timezone)
	if err != nil {
		panic(err)
	}
	return loc
}

func (m *model) engineSettings(now time.Time) tax.Settings {
	method := func(s string) tax.Method {
		x, err := tax.ParseMethod(s)
		if err != nil {
			panic(err)
		}
		return x
	}
	loc := m.location()
	st := tax.Settings{Methods: []tax.MethodChange{{FromYear: 0, Method: method(m.settings.Method)}}, Location: loc, AsOf: now}
	for _, c := range m.settings.Changes {
		st.Methods = append(st.Methods, tax.MethodChange{FromYear: c.From.Year(), Method: method(c.Method)})
	}
	if mo, d := m.fiscalStart(); mo != time.January || d != 1 {
		st.FiscalYearStartMonth, st.FiscalYearStartDay = mo, d
	}
	switch m.settings.Basis {
	case "PER_WALLET":
		st.PerWalletFrom = time.Date(1970, 1, 1, 0, 0, 0, 0, loc) // before every transaction
	case "UNIVERSAL_THEN_PER_WALLET":
		d := m.settings.Switch
		st.PerWalletFrom = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc)
	}
	return st
}

func (m *model) fiscalStart() (time.Month, int) {
	t, err := time.Parse("01-02", m.settings.Fiscal)
	if err != nil {
		panic(err)
	}
	return t.Month(), t.Day()
}

func dec(d decimal.Decimal) tax.Dec {
	x, err := tax.DecFromDecimal(d)
	if err != nil {
		panic(err)
	}
	return x
}

// share is value * part / whole (the value of part of a quantity), 18 fractional digits.
func share(value, part, whole decimal.Decimal) decimal.Decimal {
	return value.Mul(part).DivRound(whole, 18)
}

// syntheticID names the crypto fee that an internal transfer's shortfall becomes (a transfer the
// ledger does not hold): the leaving leg's id with its last byte flipped.
func syntheticID(id string) tax.ID {
	u := uuid.MustParse(id)
	u[15] ^= 0xff
	return tax.ID(u)
}

// leg is a ledger transfer as the engine is to see it.
type leg struct {
	tr   *mTransfer // nil: a synthetic fee
	out  tax.Transfer
	gone bool
}

// crossChainSwap keeps both sides of a cross-chain swap as trades, whatever their labels; a side
// whose only unpriced leg is the only one of the two sides takes the other side's value less its
// own priced legs (docs/taxd-compute.md), when that is not negative.
func crossChainSwap(from, to []leg, leaves, arrives func(leg) bool) ([]leg, []leg) {
	from, to = append([]leg(nil), from...), append([]leg(nil), to...)
	side := func(ls []leg, in func(leg) bool) (sum decimal.Decimal, missing []int) {
		for i := range ls {
			if in(ls[i]) {
				ls[i].out.Label = tax.LabelTrade
				if ls[i].out.HasFiatValue {
					sum = sum.Add(ls[i].out.FiatValue.Decimal())
				} else {
					missing = append(missing, i)
				}
			}
		}
		return sum, missing
	}
	outSum, outMissing := side(from, leaves)
	inSum, inMissing := side(to, arrives)
	switch {
	case len(inMissing) == 1 && len(outMissing) == 0 && !outSum.LessThan(inSum):
		to[inMissing[0]].out.FiatValue, to[inMissing[0]].out.HasFiatValue = dec(outSum.Sub(inSum)), true
	case len(outMissing) == 1 && len(inMissing) == 0 && !inSum.LessThan(outSum):
		from[outMissing[0]].out.FiatValue, from[outMissing[0]].out.HasFiatValue = dec(inSum.Sub(outSum)), true
	}
	return from, to
}

// engineLedger is the ledger the engine sees and where each of its transfers comes from.
type engineLedger struct {
	in     tax.Input
	txOf   map[tax.ID]string // engine transfer -> transaction id
	legOf  map[tax.ID]string // engine transfer -> ledger transfer id (synthetic fees: none)
	assets map[string]bool
}

// basisIsValue says whether tr's basis override is the engine's value of it: an acquisition's.
func basisIsValue(tr *mTransfer) bool { return tr.Basis != nil && tr.From == "" && tr.To != "" }

// ledgerInput builds the engine's input from the model: visible transactions in settlement order,
// their visible transfers (fiat legs are not lot-tracked), each with its own label or else its
// transaction's, and internal-transfer links rewritten as docs/taxd-compute.md says.
func (m *model) ledgerInput(now time.Time) engineLedger {
	el := engineLedger{txOf: map[tax.ID]string{}, legOf: map[tax.ID]string{}, assets: map[string]bool{}}
	el.in.Settings = m.engineSettings(now)
	base := func(tr *mTransfer) tax.Transfer {
		l, _ := tax.ParseLabel(m.effectiveLabel(tr)) // "transfer" and unknown labels: none
		x := tax.Transfer{ID: tax.ID(uuid.MustParse(tr.ID)), Asset: tr.Asset, From: m.engineAccount(tr.From), To: m.engineAccount(tr.To),
			Quantity: dec(tr.Qty), Label: l, IsFee: tr.IsFee}
		value := tr.Value
		if basisIsValue(tr) {
			value = tr.Basis
		}
		if value != nil {
			x.FiatValue, x.HasFiatValue = dec(*value), true
		}
		if !tr.FeeFiat.IsZero() {
			x.FeeFiat = dec(tr.FeeFiat)
		}
		if tr.Acquired != nil {
			x.AcquiredAt = *tr.Acquired
		}
		return x
	}
	// The transfers of each visible transaction, before the links are applied.
	legs := map[string][]leg{}
	txs := []*mTx{}
	for _, t := range m.sortedTxs() {
		if t.Hidden {
			continue
		}
		for _, tr := range m.visibleTransfersOf(t.ID) {
			if isFiatAsset(tr.Asset) || m.spamAsset(tr.Asset) {
				continue // (the service reads spam assets' transfers as the hidden ones: not at all)
			}
			legs[t.ID] = append(legs[t.ID], leg{tr: tr, out: base(tr)})
		}
		// A transaction the engine would get no transfer of is not given to it (the service sets it
		// aside): an empty one would still enter its tax year, and entering a year applies the year's
		// cost basis method to the lots held (seed 1796007959: a deposit of a spam asset in the
		// first year of AVERAGE_COST averaged the bases of every other asset's lots).
		if len(legs[t.ID]) > 0 {
			txs = append(txs, t)
		}
	}
	isLeg := func(l leg) bool {
		return !l.tr.IsFee && m.effectiveLabel(l.tr) != "fee" && m.effectiveLabel(l.tr) != "spam"
	}
	pairIDs := make([]string, 0, len(m.pairs))
	for id := range m.pairs {
		pairIDs = append(pairIDs, id)
	}
	sort.Strings(pairIDs)
	for _, id := range pairIDs {
		p := m.pairs[id]
		if m.visible(p.From) == nil || m.visible(p.To) == nil {
			continue // a link with a hidden or deleted side is ignored
		}
		from, to := legs[p.From], legs[p.To]
		leaves := func(l leg) bool { return isLeg(l) && l.tr.From != "" && l.tr.To == "" }
		arrives := func(l leg) bool { return isLeg(l) && l.tr.From == "" && l.tr.To != "" }
		if p.Kind == "CROSS_CHAIN_SWAP" {
			legs[p.From], legs[p.To] = crossChainSwap(from, to, leaves, arrives)
			continue
		}
		used := make([]bool, len(to))
		next := 0 // a bridge pairs the k-th leaving leg with the k-th arriving one
		var newFrom []leg
		for _, l := range from {
			if !leaves(l) {
				newFrom = append(newFrom, l)
				continue
			}
			k := -1
			for j, a := range to {
				if p.Kind == "BRIDGE" && j < next {
					continue
				}
				if !used[j] && arrives(a) && (p.Kind == "BRIDGE" || a.tr.Asset == l.tr.Asset) {
					k = j
					break
				}
			}
			if k < 0 {
				newFrom = append(newFrom, l)
				continue
			}
			used[k], next = true, k+1
			a := to[k]
			s, r := l.tr.Qty, a.tr.Qty
			mv := l.out
			mv.To, mv.Quantity, mv.Label = a.out.To, dec(decimal.Min(s, r)), tax.LabelNone
			mv.FiatValue, mv.HasFiatValue, mv.FeeFiat, mv.AcquiredAt = tax.Dec{}, false, tax.Dec{}, time.Time{}
			if a.tr.Asset != l.tr.Asset {
				mv.ToAsset = a.tr.Asset // a bridge: the lots become lots of the arriving asset
			}
			newFrom = append(newFrom, leg{tr: l.tr, out: mv})
			if s.GreaterThan(r) { // the shortfall is a crypto fee of the sending account
				fee := tax.Transfer{ID: syntheticID(l.tr.ID), Asset: l.tr.Asset, From: l.out.From, Quantity: dec(s.Sub(r)), IsFee: true, Label: tax.LabelFee}
				switch {
				case l.out.HasFiatValue:
					fee.FiatValue, fee.HasFiatValue = dec(share(l.out.FiatValue.Decimal(), s.Sub(r), s)), true
				case a.out.HasFiatValue:
					fee.FiatValue, fee.HasFiatValue = dec(share(a.out.FiatValue.Decimal(), s.Sub(r), r)), true
				}
				newFrom = append(newFrom, leg{out: fee})
			}
			if r.GreaterThan(s) { // the surplus stays an acquisition (reading: with the leg's fiat fee)
				rest := a.out
				rest.Quantity = dec(r.Sub(s))
				if a.out.HasFiatValue {
					rest.FiatValue = dec(share(a.out.FiatValue.Decimal(), r.Sub(s), r))
				}
				to[k].out = rest
			} else {
				to[k].gone = true // the arriving leg disappears
			}
		}
		legs[p.From] = newFrom
		var newTo []leg
		for _, a := range to {
			if !a.gone {
				newTo = append(newTo, a)
			}
		}
		legs[p.To] = newTo
	}
	for _, t := range txs {
		x := tax.Transaction{ID: tax.ID(uuid.MustParse(t.ID)), Time: t.At}
		for _, l := range legs[t.ID] {
			x.Transfers = append(x.Transfers, l.out)
			el.txOf[l.out.ID] = t.ID
			if l.tr != nil {
				el.legOf[l.out.ID] = l.tr.ID
			}
			el.assets[l.out.Asset] = true
		}
		el.in.Transactions = append(el.in.Transactions, x)
	}
	return el
}
