package imports

import (
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// genericColumns are the columns of the generic format, in their documented order.
var genericColumns = []string{"date", "type", "sent_quantity", "sent_asset", "received_quantity",
	"received_asset", "fee_quantity", "fee_asset", "fiat_value_usd", "fee_fiat_usd", "label", "tx_hash",
	"notes", "from_address", "to_address"}

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
	cols      columns
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
	tx, errs := genericRow(p.cols, rec, p.seen)
	if len(errs) > 0 {
		return errs, nil
	}
	return nil, emit(&tx)
}

func (p *genericParser) header(hdr record) []RowError {
	var errs []RowError
	p.cols = headerColumns(hdr.fields)
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
	return errs
}

func (p *genericParser) end(func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		return []RowError{{Line: 1, Message: "empty file: a header row is required"}}, nil
	}
	return nil, nil
}

func genericRow(cols columns, rec record, seen rowSeen) (Tx, []RowError) {
	e := &rowErrs{line: rec.line}
	get := func(c string) string { return cols.get(rec, c) }
	if len(rec.fields) > len(cols) {
		e.add("", "has %d fields, the header has %d", len(rec.fields), len(cols))
	}

	var tx Tx
	if d := get("date"); d == "" {
		e.add("date", "required")
	} else if t, err := parseTime(d); err != nil {
		e.add("date", "%v", err)
	} else {
		tx.Time = t
	}
	typName := strings.ToLower(get("type"))
	typ, typOK := genericTypes[typName]
	if typName == "" {
		e.add("type", "required")
	} else if !typOK {
		e.add("type", "unknown type %q (one of %s)", get("type"), strings.Join(GenericTypes(), ", "))
	}
	label := typ.label
	if l := strings.ToLower(get("label")); l != "" {
		if !slices.Contains(Labels(), l) {
			e.add("label", "unknown label %q (one of %s)", get("label"), strings.Join(Labels(), ", "))
		} else {
			label = l
		}
	}

	// leg reads a quantity/asset pair; ok is false when both cells are empty.
	leg := func(qCol, aCol string, allowZero bool) (q decimal.Decimal, a AssetRef, ok bool) {
		qs, as := get(qCol), get(aCol)
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
	sentQ, sentA, hasSent := leg("sent_quantity", "sent_asset", false)
	recvQ, recvA, hasRecv := leg("received_quantity", "received_asset", false)
	feeQ, feeA, hasFee := leg("fee_quantity", "fee_asset", true)
	if hasFee && feeQ.Sign() == 0 {
		hasFee = false
	}
	usd := func(col string) *decimal.Decimal {
		s := get(col)
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
	fiat := usd("fiat_value_usd")
	feeFiat := usd("fee_fiat_usd")
	if feeFiat != nil && get("fee_quantity") == "" {
		e.add("fee_fiat_usd", "given without fee_quantity/fee_asset")
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
		case hasSent && isUSD(sentA):
			value = &sentQ
		case hasRecv && isUSD(recvA):
			value = &recvQ
		}
	}
	mk := func(a AssetRef, q decimal.Decimal, from, to string) Transfer {
		t := Transfer{Asset: a, Quantity: q, From: from, To: to, Label: label}
		switch {
		case isUSD(a):
			t.FiatValue = ptr(q)
		case value != nil:
			t.FiatValue = ptr(*value)
		}
		return t
	}
	if hasSent {
		tx.Transfers = append(tx.Transfers, mk(sentA, sentQ, Self, get("to_address")))
	}
	if hasRecv {
		tx.Transfers = append(tx.Transfers, mk(recvA, recvQ, get("from_address"), Self))
	}
	if hasFee {
		var feeUSD *decimal.Decimal
		switch {
		case feeFiat != nil:
			feeUSD = feeFiat
		case isUSD(feeA):
			feeUSD = ptr(feeQ)
		}
		// A fiat fee with a known USD value belongs to the main transfer (basis of what was
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
	tx.Hash = get("tx_hash")
	tx.Notes = get("notes")
	parts := []string{CSVGeneric}
	for _, c := range genericColumns {
		parts = append(parts, get(c))
	}
	tx.ExternalID = rowID("csv:", seen, parts...)
	return tx, nil
}
