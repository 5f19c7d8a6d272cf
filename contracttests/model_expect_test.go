package contracttests

// What the service must answer for the model's ledger: tax.Compute over the model's engine input,
// folded into the figures getIncomeAndCapGains, getClientTransactions and getTaxLots show.

import (
	"cmp"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/money"
	"taxd/internal/tax"
)

// txFigures are one transaction's tax figures.
type txFigures struct {
	gain       decimal.Decimal
	taxable    bool // has a taxable disposal piece (capGainsSumSigned is not null)
	disposal   bool // has a disposal piece, taxable or not (a gift, a donation, a loss)
	income     decimal.Decimal
	hasIncome  bool
	missing    bool // a disposal piece not covered or of a lot without basis
	negative   bool // an uncovered or negative-balance warning on one of its transfers
	incomeType map[string]bool
}

type modelYear struct {
	proceeds, basis, short, long, income decimal.Decimal
	incomeBy                             map[string]decimal.Decimal
	incomeTxs                            map[string]map[string]bool
	disposalTxs                          map[string]bool
	transactions                         int
}

type lotFigure struct {
	asset, account, transfer string // account: id, "" for the universal pool
	acquired                 time.Time
	qty                      decimal.Decimal
	basisCents               int64
	missing                  bool
}

type pieceFigure struct {
	asset, tx, transfer, account string
	qty                          decimal.Decimal
	proceedsCents, basisCents    int64
	long                         bool
	uncovered                    bool
	year                         int
	kind                         string
}

// modelExpected is everything the comparison needs.
type modelExpected struct {
	tx     map[string]*txFigures
	years  map[int]*modelYear
	lots   map[string][]lotFigure   // by asset symbol
	pieces map[string][]pieceFigure // every disposal piece (gifts, donations, losses too), by asset symbol
	// transferBasis and transferValue are Transfer.basisFiatValueCents and fiatValueCents (absent:
	// null).
	transferBasis, transferValue map[string]int64
	res                          tax.Result
	input                        tax.Input
}

func cents2(d decimal.Decimal) int64 { return money.Cents(d) }

func (m *model) expect(now time.Time) (*modelExpected, error) {
	el := m.ledgerInput(now)
	res, err := tax.Compute(el.in)
	if err != nil {
		return nil, err
	}
	x := &modelExpected{tx: map[string]*txFigures{}, years: map[int]*modelYear{}, lots: map[string][]lotFigure{}, pieces: map[string][]pieceFigure{},
		transferBasis: map[string]int64{}, transferValue: map[string]int64{}, res: res, input: el.in}
	fig := func(txID string) *txFigures {
		f := x.tx[txID]
		if f == nil {
			f = &txFigures{incomeType: map[string]bool{}}
			x.tx[txID] = f
		}
		return f
	}
	year := func(y int) *modelYear {
		f := x.years[y]
		if f == nil {
			f = &modelYear{incomeBy: map[string]decimal.Decimal{}, incomeTxs: map[string]map[string]bool{}, disposalTxs: map[string]bool{}}
			x.years[y] = f
		}
		return f
	}
	accountID := map[string]string{} // engine account name -> account id
	for id, a := range m.accounts {
		if !a.Deleted {
			accountID[a.Name] = id
		}
	}
	ledgerTransfer := func(id tax.ID) string {
		if s, ok := el.legOf[id]; ok {
			return s
		}
		return ""
	}
	// the crypto fee a link's shortfall becomes is a disposal of the leg that sent it
	shortfallOf := map[tax.ID]string{}
	for id := range m.trs {
		shortfallOf[syntheticID(id)] = id
	}
	disposed := map[string]decimal.Decimal{} // basis of the pieces of each ledger transfer
	disposedKinds := map[string]map[string]bool{}
	for _, d := range res.Disposals {
		txID := el.txOf[d.TransferID]
		f := fig(txID)
		if d.MissingBasis || d.Uncovered {
			f.missing = true
		}
		f.disposal = true
		if tr := cmp.Or(ledgerTransfer(d.TransferID), shortfallOf[d.TransferID]); tr != "" {
			disposed[tr] = disposed[tr].Add(d.Basis.Decimal())
			if disposedKinds[tr] == nil {
				disposedKinds[tr] = map[string]bool{}
			}
			disposedKinds[tr][d.Kind.String()] = true
		}
		asset := res.Assets[d.Asset]
		tr := ledgerTransfer(d.TransferID)
		x.pieces[asset] = append(x.pieces[asset], pieceFigure{asset: asset, tx: txID, transfer: tr, account: accountID[res.Accounts[d.Account]],
			qty: d.Quantity.Decimal(), proceedsCents: cents2(d.Proceeds.Decimal()), basisCents: cents2(d.Basis.Decimal()),
			long: d.Term == tax.LongTerm, uncovered: d.Uncovered, year: int(d.TaxYear), kind: d.Kind.String()})
		if !d.Kind.Taxable() {
			continue
		}
		f.taxable = true
		f.gain = f.gain.Add(d.Gain().Decimal())
		year(int(d.TaxYear)).disposalTxs[txID] = true
	}
	for _, in := range res.Income {
		txID := el.txOf[in.TransferID]
		f := fig(txID)
		f.income, f.hasIncome = f.income.Add(in.Value.Decimal()), true
		typ := in.Type.String()
		f.incomeType[typ] = true
		y := year(int(in.TaxYear))
		y.incomeBy[typ] = y.incomeBy[typ].Add(in.Value.Decimal())
		if y.incomeTxs[typ] == nil {
			y.incomeTxs[typ] = map[string]bool{}
		}
		y.incomeTxs[typ][txID] = true
	}
	for _, w := range res.Warnings {
		txID, ok := el.txOf[w.TransferID]
		switch {
		case !ok:
		case w.Code == tax.WarnUncovered || w.Code == tax.WarnNegativeBalance:
			fig(txID).negative = true
		case w.Code == tax.WarnMissingPrice: // a transfer without a price: missing a basis (or proceeds)
			fig(txID).missing = true
		}
	}
	for _, ys := range res.Years {
		year(ys.Year).income = ys.IncomeTotal.Decimal()
	}
	// The year's figures are the sums of the lines the reports print (money.Line: each piece in cents).
	for _, d := range res.Disposals {
		if !d.Kind.Taxable() {
			continue
		}
		y := year(int(d.TaxYear))
		p, b, _, g := money.Line(d.Proceeds.Decimal(), d.Basis.Decimal(), decimal.Decimal{})
		y.proceeds, y.basis = y.proceeds.Add(p), y.basis.Add(b)
		if d.Term == tax.LongTerm {
			y.long = y.long.Add(g)
		} else {
			y.short = y.short.Add(g)
		}
	}
	for _, l := range res.Lots {
		asset := res.Assets[l.Asset]
		src := uuid.UUID(l.SourceTransfer).String()
		acct := res.Accounts[l.Account]
		x.lots[asset] = append(x.lots[asset], lotFigure{asset: asset, account: accountID[acct], transfer: src, acquired: l.AcquiredAt.Time(),
			qty: l.Quantity.Decimal(), basisCents: cents2(l.Basis.Decimal()), missing: l.MissingBasis})
	}
	// Transactions per tax year: the visible transactions dated in it that the list shows (not
	// moving only spam).
	for _, t := range m.sortedTxs() {
		if !t.Hidden && !m.spamOnly(t) {
			year(el.in.Settings.TaxYearOf(t.At)).transactions++
		}
	}
	derived := map[string]tax.Derived{} // acquisitions whose value or lot basis the engine worked out
	for _, d := range res.Derived {
		if tr := ledgerTransfer(d.TransferID); tr != "" {
			derived[tr] = d
		}
	}
	// values the ledger lacks and the engine was given (a cross-chain swap's side); a basis override
	// the engine takes as an acquisition's value is not a market value (fiatValueCents stays null)
	filled := map[string]decimal.Decimal{}
	for _, t := range el.in.Transactions {
		for _, x := range t.Transfers {
			id := ledgerTransfer(x.ID)
			if tr := m.trs[id]; id != "" && x.HasFiatValue && tr != nil && tr.Value == nil && !basisIsValue(tr) {
				filled[id] = x.FiatValue.Decimal()
			}
		}
	}
	for id, tr := range m.trs {
		value := tr.Value // a hidden transfer keeps its own
		if v, ok := filled[id]; ok {
			value = &v
		} else if d, ok := derived[id]; ok && value == nil && d.HasValue {
			v := d.Value.Decimal() // a swap leg valued at its other side
			value = &v
		}
		if value != nil {
			x.transferValue[id] = cents2(*value)
		}
		if tr.Hidden || m.visible(tr.Tx) == nil {
			continue
		}
		// Transfer.basisFiatValueCents: the basis of the lots a disposal consumed (a gift's, a
		// donation's, a loss's included), else of the lot an acquisition made (the engine's when it
		// worked it out, a person's override, else value plus fiat fee)
		switch d, isDerived := derived[id]; {
		case len(disposedKinds[id]) > 0:
			x.transferBasis[id] = cents2(disposed[id])
		case isDerived:
			x.transferBasis[id] = cents2(d.Basis.Decimal())
		case tr.Basis != nil:
			x.transferBasis[id] = cents2(*tr.Basis)
		case tr.From == "" && value != nil: // direction INCOMING (a transfer left with no account included)
			x.transferBasis[id] = cents2(value.Add(tr.FeeFiat))
		}
	}
	return x, nil
}

// missingBasis is Transaction.isMissingBasis: a person's override, else the computed flag.
func (x *modelExpected) missingBasis(m *model, t *mTx) bool {
	if t.MissingOverride != nil {
		return *t.MissingOverride
	}
	if f := x.tx[t.ID]; f != nil {
		return f.missing
	}
	return false
}

// ---- the filter families of getClientTransactions ----

// txFilter is one filter set sent to getClientTransactions, with the model's predicate.
type txFilter struct {
	name  string
	args  map[string]any
	match func(t *mTx) bool
}

func (m *model) filters(x *modelExpected, years []int) []txFilter {
	var out []txFilter
	add := func(name string, args map[string]any, match func(t *mTx) bool) {
		out = append(out, txFilter{name: name, args: args, match: match})
	}
	// the list's default: neither hidden nor moving only spam
	vis := func(t *mTx) bool { return !t.Hidden && !m.spamOnly(t) }
	fig := func(t *mTx) *txFigures {
		if f := x.tx[t.ID]; f != nil {
			return f
		}
		return &txFigures{}
	}
	add("all", map[string]any{}, vis)
	add("includeHidden", map[string]any{"includeHidden": true}, func(t *mTx) bool { return !m.spamOnly(t) })
	add("includeSpam", map[string]any{"includeSpam": true}, func(t *mTx) bool { return !t.Hidden })
	labels := map[string]bool{}
	for _, t := range m.txs {
		if t.Label != nil {
			labels[*t.Label] = true
		}
	}
	// a side of an internal-transfer or bridge link is an internal transfer whatever its own label
	linkedMove := func(t *mTx) bool { p := m.pairOf(t.ID); return p != nil && p.Kind != "CROSS_CHAIN_SWAP" }
	for _, l := range sortedKeys(labels) {
		add("label "+l, map[string]any{"labels": []string{l}}, func(t *mTx) bool {
			return vis(t) && ((t.Label != nil && *t.Label == l) || (l == "internal" && linkedMove(t)))
		})
	}
	// unlabeled: without a label and in no link (a link labels its sides)
	add("unlabeled", map[string]any{"labelFilterMode": "unlabeled"}, func(t *mTx) bool {
		return vis(t) && (t.Label == nil || *t.Label == "") && m.pairOf(t.ID) == nil
	})
	// reading: a hidden transfer still records what the transaction moved (hidden only from the
	// tax calculation), so the asset and account filters see it
	moves := func(t *mTx, pred func(tr *mTransfer) bool) bool {
		for _, tr := range m.transfersOf(t.ID) {
			if pred(tr) {
				return true
			}
		}
		return false
	}
	for _, a := range sortedKeys(m.assetIDs()) {
		add("asset "+a, map[string]any{"assetIds": []string{m.assetIDs()[a]}}, func(t *mTx) bool {
			return vis(t) && moves(t, func(tr *mTransfer) bool { return tr.Asset == a })
		})
	}
	for _, id := range sortedKeys(m.accounts) {
		if m.accounts[id].Deleted {
			continue
		}
		// reading: the account's own transactions and every transaction moving to or from it
		add("account "+m.accounts[id].Name, map[string]any{"accountIds": []string{id}}, func(t *mTx) bool {
			return vis(t) && (t.Account == id || moves(t, func(tr *mTransfer) bool { return tr.From == id || tr.To == id }))
		})
	}
	for _, y := range years {
		start, end := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC)
		add("year "+time.Unix(0, 0).AddDate(y-1970, 0, 0).Format("2006"), map[string]any{"startDate": start, "endDate": end}, func(t *mTx) bool {
			return vis(t) && !t.At.Before(start) && t.At.Before(end)
		})
	}
	for _, b := range []bool{true, false} {
		add("isMissingBasis "+boolName(b), map[string]any{"isMissingBasis": b}, func(t *mTx) bool { return vis(t) && x.missingBasis(m, t) == b })
		// reading: a transaction records income when its incomeSum is not null
		add("hasIncome "+boolName(b), map[string]any{"hasIncome": b}, func(t *mTx) bool { return vis(t) && (fig(t).hasIncome && !fig(t).income.IsZero()) == b })
		add("hasNotes "+boolName(b), map[string]any{"hasNotes": b}, func(t *mTx) bool { return vis(t) && (t.Notes != nil && *t.Notes != "") == b })
	}
	add("onlyDisposals", map[string]any{"onlyDisposals": true}, func(t *mTx) bool { return vis(t) && fig(t).disposal })
	add("gain", map[string]any{"gainLossFilter": "gain"}, func(t *mTx) bool { return vis(t) && fig(t).taxable && cents2(fig(t).gain) > 0 })
	add("loss", map[string]any{"gainLossFilter": "loss"}, func(t *mTx) bool { return vis(t) && fig(t).taxable && cents2(fig(t).gain) < 0 })
	add("reviewed", map[string]any{"reviewed": true}, func(t *mTx) bool { return vis(t) && t.Reviewed })
	return out
}

func boolName(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// assetIDs are the service's ids of the assets the model moves, by symbol (learnt from
// getClientAssets).
func (m *model) assetIDs() map[string]string { return m.assets }
