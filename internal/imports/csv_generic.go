package imports

import (
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// genericColumns are the columns of the generic format, in their documented order.
var genericColumns = []string{"date", "type", "sent_quantity", "sent_asset", "received_quantity",
	"received_asset", "fee_quantity", "fee_asset", "fiat_value_usd", "fee_fiat_usd", "label", "tx_hash",
	"notes", "from_address", "to_address", "fiat_value", "fee_fiat"}

// Indexes into genericColumns.
const (
	gDate = iota
	gType
	gSentQuantity
	gSentAsset
	gReceivedQuantity
	gReceivedAsset
	gFeeQuantity
	gFeeAsset
	gFiatValueUSD
	gFeeFiatUSD
	gLabel
	gTxHash
	gNotes
	gFromAddress
	gToAddress
	gFiatValue // in the client's currency (fiat_value_usd: US dollars, for USD clients)
	gFeeFiat
	gColumns // the number of columns
)

// Generic row types.
const (
	need = iota + 1
	forbid
	optional
	oneOf // transfer: exactly one of sent / received
)

type genericType struct {
	sent, received int
	label          string
}

var genericTypes = map[string]genericType{
	"buy":            {optional, need, LabelBuy},
	"sell":           {need, optional, LabelSell},
	"trade":          {need, need, LabelTrade},
	"deposit":        {forbid, need, ""},
	"withdrawal":     {need, forbid, ""},
	"income":         {forbid, need, LabelIncome},
	"staking_reward": {forbid, need, LabelStakingReward},
	"mining":         {forbid, need, LabelMining},
	"airdrop":        {forbid, need, LabelAirdrop},
	"interest":       {forbid, need, LabelInterest},
	"gift_received":  {forbid, need, LabelGiftReceived},
	"gift_sent":      {need, forbid, LabelGiftSent},
	"donation":       {need, forbid, LabelDonation},
	"lost":           {need, forbid, LabelLost},
	"fee":            {forbid, forbid, LabelFee},
	"transfer":       {oneOf, oneOf, LabelTransfer},
}

// GenericTypes lists the type values of the generic format.
func GenericTypes() []string {
	return []string{"buy", "sell", "trade", "deposit", "withdrawal", "income", "staking_reward", "mining",
		"airdrop", "interest", "gift_received", "gift_sent", "donation", "lost", "fee", "transfer"}
}

// genericParser reads the generic format: a header row, then one transaction per row.
type genericParser struct {
	currency  string // the client's currency (upper case)
	cols      columns
	pos       [gColumns]int // the field of each of genericColumns, -1 when absent
	hasHeader bool
	badHeader bool
	seen      rowSeen
}

func (p *genericParser) headerFailed() bool { return p.badHeader }

func (p *genericParser) record(rec record, emit func(*Tx) error) ([]RowError, error) {
	if rec.blank() {
		return nil, nil
	}
	if !p.hasHeader {
		p.hasHeader = true
		errs := p.header(rec)
		p.badHeader = len(errs) > 0
		return errs, nil
	}
	tx, errs := genericRow(len(p.cols), &p.pos, rec, p.seen, p.currency)
	if len(errs) > 0 {
		return errs, nil
	}
	return nil, emit(&tx)
}

func (p *genericParser) header(hdr record) []RowError {
	var errs []RowError
	p.cols = headerColumns(hdr.fields)
	for i, c := range genericColumns {
		p.pos[i] = -1
		if f, ok := p.cols[c]; ok {
			p.pos[i] = f
		}
	}
	for i, f := range hdr.fields {
		name := normHeader(f)
		if !slices.Contains(genericColumns, name) {
			errs = append(errs, RowError{Line: hdr.line, Column: f, Message: "unknown column (known: " + strings.Join(genericColumns, ", ") + ")"})
		} else if p.cols[name] != i {
			errs = append(errs, RowError{Line: hdr.line, Column: f, Message: "duplicate column"})
		}
	}
	for _, c := range []string{"date", "type"} {
		if _, ok := p.cols[c]; !ok {
			errs = append(errs, RowError{Line: hdr.line, Column: c, Message: "required column missing"})
		}
	}
	// Values are in the client's currency: fiat_value and fee_fiat; the _usd columns only for a USD
	// client (a value in dollars would be taken for pounds).
	for _, pair := range [][2]string{{"fiat_value_usd", "fiat_value"}, {"fee_fiat_usd", "fee_fiat"}} {
		_, hasUSD := p.cols[pair[0]]
		_, hasOwn := p.cols[pair[1]]
		switch {
		case hasUSD && hasOwn:
			errs = append(errs, RowError{Line: hdr.line, Column: pair[0], Message: "give one of " + pair[0] + " and " + pair[1]})
		case hasUSD && p.currency != "USD":
			errs = append(errs, RowError{Line: hdr.line, Column: pair[0], Message: "holds US dollars, but the client's figures are in " + p.currency + ": give the values in " + p.currency + " in " + pair[1]})
		}
	}
	return errs
}

func (p *genericParser) end(func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		return []RowError{{Line: 1, Message: "empty file: a header row is required"}}, nil
	}
	return nil, nil
}

func genericRow(nCols int, pos *[gColumns]int, rec record, seen rowSeen, currency string) (Tx, []RowError) {
	e := &rowErrs{line: rec.line}
	var cell [gColumns]string // trimmed, "" when absent
	for c, i := range pos {
		if i >= 0 && i < len(rec.fields) {
			cell[c] = strings.TrimSpace(rec.fields[i])
		}
	}
	get := func(c int) string { return cell[c] }
	if len(rec.fields) > nCols {
		e.add("", "has %d fields, the header has %d", len(rec.fields), nCols)
	}

	var tx Tx
	if d := get(gDate); d == "" {
		e.add("date", "required")
	} else if t, err := parseTime(d); err != nil {
		e.add("date", "%v", err)
	} else {
		tx.Time = t
	}
	typName := strings.ToLower(get(gType))
	typ, typOK := genericTypes[typName]
	if typName == "" {
		e.add("type", "required")
	} else if !typOK {
		e.add("type", "unknown type %q (one of %s)", get(gType), strings.Join(GenericTypes(), ", "))
	}
	label := typ.label
	if l := strings.ToLower(get(gLabel)); l != "" {
		if !slices.Contains(Labels(), l) {
			e.add("label", "unknown label %q (one of %s)", get(gLabel), strings.Join(Labels(), ", "))
		} else {
			label = l
		}
	}

	// leg reads a quantity/asset pair; ok is false when both cells are empty.
	leg := func(qc, ac int, allowZero bool) (q decimal.Decimal, a AssetRef, ok bool) {
		qs, as := get(qc), get(ac)
		qCol, aCol := genericColumns[qc], genericColumns[ac]
		if qs == "" && as == "" {
			return q, a, false
		}
		if qs == "" {
			e.add(qCol, "required when %s is given", aCol)
		} else if v, neg, err := parseAmount(qs); err != nil {
			e.add(qCol, "%v", err)
		} else if neg {
			e.add(qCol, "must not be negative (the column gives the direction)")
		} else if v.Sign() == 0 && !allowZero {
			e.add(qCol, "must be greater than 0")
		} else {
			q = v
		}
		if as == "" {
			e.add(aCol, "required when %s is given", qCol)
		} else if v, err := csvAsset(as); err != nil {
			e.add(aCol, "%v", err)
		} else {
			a = v
		}
		return q, a, true
	}
	sentQ, sentA, hasSent := leg(gSentQuantity, gSentAsset, false)
	recvQ, recvA, hasRecv := leg(gReceivedQuantity, gReceivedAsset, false)
	feeQ, feeA, hasFee := leg(gFeeQuantity, gFeeAsset, true)
	if hasFee && feeQ.Sign() == 0 {
		hasFee = false
	}
	usd := func(c int) *decimal.Decimal {
		s, col := get(c), genericColumns[c]
		if s == "" {
			return nil
		}
		v, neg, err := parseAmount(s)
		if err != nil {
			e.add(col, "%v", err)
			return nil
		}
		if neg {
			e.add(col, "must not be negative")
			return nil
		}
		return &v
	}
	fiatCol, feeCol := gFiatValueUSD, gFeeFiatUSD
	if pos[gFiatValue] >= 0 {
		fiatCol = gFiatValue
	}
	if pos[gFeeFiat] >= 0 {
		feeCol = gFeeFiat
	}
	fiat := usd(fiatCol)
	feeFiat := usd(feeCol)
	if feeFiat != nil && get(gFeeQuantity) == "" {
		e.add(genericColumns[feeCol], "given without fee_quantity/fee_asset")
	}

	if typOK {
		check := func(rule int, has bool, col string) {
			switch {
			case rule == need && !has:
				e.add(col, "required for type %s", typName)
			case rule == forbid && has:
				e.add(col, "not allowed for type %s", typName)
			}
		}
		check(typ.sent, hasSent, "sent_quantity")
		check(typ.received, hasRecv, "received_quantity")
		if typ.sent == oneOf && hasSent == hasRecv {
			e.add("", "type transfer needs exactly one of sent_quantity or received_quantity")
		}
		if typName == "fee" && !hasFee {
			e.add("fee_quantity", "required for type fee")
		}
		if typName == "trade" && hasSent && hasRecv && sentA.Key() == recvA.Key() && sentA.Key() != "" {
			e.add("received_asset", "a trade needs two different assets")
		}
	}
	if len(e.errs) > 0 {
		return Tx{}, e.errs
	}

	// Build the transfers: sent leg, received leg, fee.
	value := fiat
	if value == nil {
		switch {
		case hasSent && isCurrency(sentA, currency):
			value = &sentQ
		case hasRecv && isCurrency(recvA, currency):
			value = &recvQ
		}
	}
	mk := func(a AssetRef, q decimal.Decimal, from, to string) Transfer {
		t := Transfer{Asset: a, Quantity: q, From: from, To: to, Label: label}
		switch {
		case isCurrency(a, currency): // a leg in another fiat currency is worth the row's value, not its quantity
			t.FiatValue = ptr(q)
		case value != nil:
			t.FiatValue = ptr(*value)
		}
		return t
	}
	if hasSent {
		tx.Transfers = append(tx.Transfers, mk(sentA, sentQ, Self, get(gToAddress)))
	}
	if hasRecv {
		tx.Transfers = append(tx.Transfers, mk(recvA, recvQ, get(gFromAddress), Self))
	}
	if hasFee {
		var feeUSD *decimal.Decimal
		switch {
		case feeFiat != nil:
			feeUSD = feeFiat
		case isCurrency(feeA, currency):
			feeUSD = ptr(feeQ)
		}
		// A fiat fee with a known value in the client's currency belongs to the main transfer (basis of what was
		// acquired, or less proceeds of what was disposed of); anything else is a fee transfer.
		main := -1
		if isFiatAsset(feeA) && feeUSD != nil && len(tx.Transfers) > 0 {
			main = 0 // the sent leg for sells/trades/withdrawals...
			if typName == "buy" || !hasSent {
				main = len(tx.Transfers) - 1 // ...the acquired one for buys and incoming moves
			}
			if isFiatAsset(tx.Transfers[main].Asset) && len(tx.Transfers) > 1 {
				main = 1 - main // never the fiat leg
			}
		}
		if main >= 0 {
			tx.Transfers[main].FeeFiat = feeUSD
		} else {
			tx.Transfers = append(tx.Transfers, Transfer{Asset: feeA, Quantity: feeQ, From: Self, IsFee: true, FiatValue: feeUSD, Label: label})
		}
	}
	tx.Label = label
	tx.Hash = get(gTxHash)
	tx.Notes = get(gNotes)
	var parts [1 + gColumns]string
	parts[0] = CSVGeneric
	copy(parts[1:], cell[:])
	n := len(parts)
	if cell[gFiatValue] == "" && cell[gFeeFiat] == "" {
		n = 1 + gFiatValue // a row without the columns in the client's currency keeps the id it always had
	}
	tx.ExternalID = rowID("csv:", seen, parts[:n]...)
	return tx, nil
}
