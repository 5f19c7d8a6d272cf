package imports

import (
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// coinbaseKinds maps Coinbase "Transaction Type" values (lower-case) to how the row is read.
var coinbaseKinds = map[string]string{
	"buy":                       "buy",
	"advanced trade buy":        "buy",
	"sell":                      "sell",
	"advanced trade sell":       "sell",
	"convert":                   "convert",
	"send":                      "send",
	"receive":                   "receive",
	"rewards income":            LabelIncome,
	"coinbase earn":             LabelIncome,
	"learning reward":           LabelIncome,
	"incentives rewards payout": LabelIncome,
	"staking income":            LabelStakingReward,
	"inflation reward":          LabelStakingReward,
	"deposit":                   "in",  // fiat into Coinbase (own money)
	"withdrawal":                "out", // fiat out of Coinbase to the user's bank
	"exchange deposit":          "out", // Coinbase -> Coinbase Pro (own account)
	"pro deposit":               "out",
	"exchange withdrawal":       "in", // Coinbase Pro -> Coinbase
	"pro withdrawal":            "in",
	"retail staking transfer":   "skip", // moves inside Coinbase between its own wallets
	"retail unstaking transfer": "skip",
}

var (
	convertNote = regexp.MustCompile(`(?i)^converted\s+([0-9][0-9.,]*)\s+(\S+)\s+to\s+([0-9][0-9.,]*)\s+(\S+)`)
	noteAddress = regexp.MustCompile(`(?i)\b(?:to|from)\s+(\S+)\s*$`)
)

// coinbaseParser reads a Coinbase export: a preamble, the header row, then one transaction a row.
type coinbaseParser struct {
	cols                                     columns
	colCurrency, colPrice, colTotal, colFees string
	hasHeader, badHeader                     bool
	seen                                     rowSeen
	currency                                 string // the client's: the only one a row's values may be in
}

func (p *coinbaseParser) headerFailed() bool { return p.badHeader }

func (p *coinbaseParser) end(func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		return []RowError{{Line: 1, Message: "no header row with Timestamp and Transaction Type: not a Coinbase transaction history export"}}, nil
	}
	return nil, nil
}

// header reads the header row once the preamble ("You can use this transaction report...",
// "Transactions", "User,...") is behind; it reports whether rec is the header.
func (p *coinbaseParser) header(rec record) (bool, []RowError) {
	cols := headerColumns(rec.fields)
	_, ts := cols["timestamp"]
	_, tt := cols["transaction type"]
	if !ts || !tt {
		return false, nil
	}
	p.cols, p.hasHeader = cols, true
	alias := func(names ...string) string {
		for _, n := range names {
			if _, ok := cols[n]; ok {
				return n
			}
		}
		return names[0]
	}
	p.colCurrency = alias("spot price currency", "price currency")
	p.colPrice = alias("spot price at transaction", "price at transaction")
	p.colTotal = alias("total (inclusive of fees and/or spread)", "total (inclusive of fees)", "total")
	p.colFees = alias("fees and/or spread", "fees")
	var errs []RowError
	for _, c := range []string{"timestamp", "transaction type", "asset", "quantity transacted"} {
		if _, ok := cols[c]; !ok {
			errs = append(errs, RowError{Line: rec.line, Column: c, Message: "required column missing"})
		}
	}
	p.badHeader = len(errs) > 0
	return true, errs
}

func (p *coinbaseParser) record(rec record, emit func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		_, errs := p.header(rec)
		return errs, nil
	}
	colCurrency, colPrice, colTotal, colFees := p.colCurrency, p.colPrice, p.colTotal, p.colFees
	if rec.blank() {
		return nil, nil
	}
	get := func(c string) string { return p.cols.get(rec, c) }
	e := &rowErrs{line: rec.line}
	var tx Tx
	if t, err := parseTime(get("timestamp")); err != nil {
		e.add("Timestamp", "%v", err)
	} else {
		tx.Time = t
	}
	typ := get("transaction type")
	kind, ok := coinbaseKinds[strings.ToLower(typ)]
	if !ok {
		e.add("Transaction Type", "unsupported transaction type %q", typ)
	}
	asset, err := csvAsset(get("asset"))
	if err != nil {
		e.add("Asset", "%v", err)
	}
	qty, _, err := parseAmount(get("quantity transacted"))
	if err != nil {
		e.add("Quantity Transacted", "%v", err)
	} else if qty.Sign() == 0 {
		e.add("Quantity Transacted", "must not be 0")
	}
	opt := func(col, name string) *decimal.Decimal {
		s := get(col)
		if s == "" {
			return nil
		}
		v, _, err := parseAmount(s)
		if err != nil {
			e.add(name, "%v", err)
			return nil
		}
		return &v
	}
	price := opt(colPrice, "Spot Price at Transaction")
	subtotal := opt("subtotal", "Subtotal")
	fees := opt(colFees, "Fees and/or Spread")
	_ = opt(colTotal, "Total (inclusive of fees and/or spread)") // validated, not needed
	cur := strings.ToUpper(get(colCurrency))
	if cur == "" {
		cur = "USD"
	}
	fiatAsset, err := csvAsset(cur)
	if err != nil || !isFiatAsset(fiatAsset) {
		e.add("Spot Price Currency", "not a fiat currency: %q", cur)
	} else if cur != p.currency {
		e.add("Spot Price Currency", "values in %s, but the client's currency is %s: export the file from Coinbase in %s", cur, p.currency, p.currency)
	}
	notes := get("notes")
	// value: the row's value in its currency (Subtotal, else quantity x spot price).
	var value *decimal.Decimal
	switch {
	case subtotal != nil:
		value = subtotal
	case price != nil && kind != "":
		value = ptr(qty.Mul(*price))
	}
	var convQ decimal.Decimal
	var convA AssetRef
	if kind == "convert" {
		m := convertNote.FindStringSubmatch(notes)
		if m == nil {
			e.add("Notes", "a Convert row needs notes like \"Converted 0.5 ETH to 900.12 USDC\", got %q", notes)
		} else {
			if convQ, _, err = parseAmount(m[3]); err != nil || convQ.Sign() == 0 {
				e.add("Notes", "bad converted quantity %q", m[3])
			}
			if convA, err = csvAsset(m[4]); err != nil {
				e.add("Notes", "bad converted asset %q", m[4])
			}
		}
	}
	if (kind == "buy" || kind == "sell") && value == nil {
		e.add("Subtotal", "required for %s (or Spot Price at Transaction)", typ)
	}
	if len(e.errs) > 0 {
		return e.errs, nil
	}
	if kind == "skip" {
		return nil, nil
	}

	rowValue := func() *decimal.Decimal { // the row's value when it is in the client's currency
		if value != nil && isCurrency(fiatAsset, p.currency) {
			return ptr(*value)
		}
		return nil
	}
	label := ""
	leg := func(a AssetRef, q decimal.Decimal, in bool, fv *decimal.Decimal) Transfer {
		t := Transfer{Asset: a, Quantity: q, From: Self, Label: label}
		if in {
			t.From, t.To = "", Self
		}
		if isCurrency(a, p.currency) {
			fv = ptr(q)
		}
		t.FiatValue = fv
		return t
	}
	addr := ""
	if m := noteAddress.FindStringSubmatch(notes); m != nil && len(DetectChains(m[1])) > 0 {
		addr = m[1]
	}
	main := 0
	switch kind {
	case "buy":
		label = LabelBuy
		tx.Transfers = []Transfer{leg(fiatAsset, *value, false, nil), leg(asset, qty, true, rowValue())}
		main = 1
	case "sell":
		label = LabelSell
		tx.Transfers = []Transfer{leg(asset, qty, false, rowValue()), leg(fiatAsset, *value, true, nil)}
	case "convert":
		label = LabelTrade
		tx.Transfers = []Transfer{leg(asset, qty, false, rowValue()), leg(convA, convQ, true, rowValue())}
	case "send":
		t := leg(asset, qty, false, rowValue())
		t.To = addr
		tx.Transfers = []Transfer{t}
	case "receive":
		t := leg(asset, qty, true, rowValue())
		t.From = addr
		tx.Transfers = []Transfer{t}
	case "in", "out":
		label = LabelTransfer
		tx.Transfers = []Transfer{leg(asset, qty, kind == "in", rowValue())}
	default: // income kinds
		label = kind
		tx.Transfers = []Transfer{leg(asset, qty, true, rowValue())}
	}
	for i := range tx.Transfers {
		tx.Transfers[i].Label = label
	}
	if fees != nil && fees.Sign() > 0 {
		if isCurrency(fiatAsset, p.currency) {
			tx.Transfers[main].FeeFiat = ptr(*fees)
		} else {
			tx.Transfers = append(tx.Transfers, Transfer{Asset: fiatAsset, Quantity: *fees, From: Self, IsFee: true, Label: label})
		}
	}
	tx.Label = label
	tx.Notes = notes
	if id := get("id"); id != "" {
		tx.ExternalID = "coinbase:" + id
	} else {
		parts := append([]string{CSVCoinbase}, rec.fields...)
		tx.ExternalID = rowID("coinbase:", p.seen, parts...)
	}
	return nil, emit(&tx)
}
