package imports

import (
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// krakenAssets maps Kraken's legacy asset codes to common symbols.
var krakenAssets = map[string]string{
	"XXBT": "BTC", "XBT": "BTC", "XETH": "ETH", "XETC": "ETC", "XLTC": "LTC", "XXRP": "XRP",
	"XXLM": "XLM", "XXMR": "XMR", "XZEC": "ZEC", "XREP": "REP", "XMLN": "MLN", "XXDG": "DOGE",
	"XDG": "DOGE", "XICN": "ICN", "XNMC": "NMC", "XXVN": "XVN", "XDAO": "DAO",
	"ZUSD": "USD", "ZEUR": "EUR", "ZGBP": "GBP", "ZCAD": "CAD", "ZJPY": "JPY", "ZAUD": "AUD",
	"ZKRW": "KRW",
}

// krakenSymbol normalizes a Kraken ledger asset: legacy codes, and the suffixes of staked or
// opt-in rewards balances (DOT.S, ETH2.S, XBT.M, USDC.M, SOL.F, ...) which are the same asset.
func krakenSymbol(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if i := strings.IndexByte(s, '.'); i > 0 {
		s = s[:i]
	}
	if s == "ETH2" {
		s = "ETH"
	}
	if m, ok := krakenAssets[s]; ok {
		return m
	}
	return s
}

// Kraken transfer subtypes that move funds between the user's own Kraken wallets.
var krakenInternal = map[string]bool{
	"spottostaking": true, "stakingfromspot": true, "stakingtospot": true, "spotfromstaking": true,
	"spottofutures": true, "spotfromfutures": true, "allocation": true, "deallocation": true,
	"autoallocation": true, "migration": true,
}

type krakenRow struct {
	line            int
	refid, typ, sub string
	t               time.Time
	asset           AssetRef
	amount, fee     decimal.Decimal
	neg             bool
	usd             *decimal.Decimal
}

// krakenParser reads a Kraken ledgers export. The entries of one transaction share a refid and
// are grouped across the file, so they are held (parsed) until the end.
type krakenParser struct {
	cols                 columns
	hasHeader, badHeader bool
	groups               map[string][]krakenRow
	order                []string
	currency             string // the client's (ReadCSVIn's default USD): a leg in it values a trade; amountusd only when USD
}

func (p *krakenParser) headerFailed() bool { return p.badHeader }

func (p *krakenParser) record(rec record, emit func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		if rec.blank() {
			return nil, nil
		}
		p.hasHeader = true
		p.cols = headerColumns(rec.fields)
		var errs []RowError
		for _, c := range []string{"txid", "refid", "time", "type", "asset", "amount", "fee"} {
			if _, ok := p.cols[c]; !ok {
				errs = append(errs, RowError{Line: rec.line, Column: c, Message: "required column missing (not a Kraken ledgers export?)"})
			}
		}
		p.badHeader = len(errs) > 0
		return errs, nil
	}
	if rec.blank() {
		return nil, nil
	}
	get := func(c string) string { return p.cols.get(rec, c) }
	if get("txid") == "" {
		return nil, nil // a pending entry; Kraken lists it again with a txid once it settles
	}
	e := &rowErrs{line: rec.line}
	r := krakenRow{line: rec.line, refid: get("refid"), typ: strings.ToLower(get("type")), sub: strings.ToLower(get("subtype"))}
	if r.refid == "" {
		e.add("refid", "required")
	}
	if t, err := parseTime(get("time")); err != nil {
		e.add("time", "%v", err)
	} else {
		r.t = t
	}
	if r.typ == "" {
		e.add("type", "required")
	}
	if a, err := csvAsset(krakenSymbol(get("asset"))); err != nil {
		e.add("asset", "%v", err)
	} else {
		r.asset = a
	}
	if v, neg, err := parseAmount(get("amount")); err != nil {
		e.add("amount", "%v", err)
	} else {
		r.amount, r.neg = v, neg
	}
	if s := get("fee"); s != "" {
		if v, neg, err := parseAmount(s); err != nil {
			e.add("fee", "%v", err)
		} else if neg {
			e.add("fee", "must not be negative")
		} else {
			r.fee = v
		}
	}
	if s := get("amountusd"); s != "" {
		if v, _, err := parseAmount(s); err != nil {
			e.add("amountusd", "%v", err)
		} else {
			r.usd = &v
		}
	}
	if len(e.errs) > 0 {
		return e.errs, nil
	}
	if _, ok := p.groups[r.refid]; !ok {
		p.order = append(p.order, r.refid)
	}
	p.groups[r.refid] = append(p.groups[r.refid], r)
	return nil, nil
}

func (p *krakenParser) end(emit func(*Tx) error) ([]RowError, error) {
	if !p.hasHeader {
		return []RowError{{Line: 1, Message: "empty file: a header row is required"}}, nil
	}
	var errs []RowError
	for _, ref := range p.order {
		tx, skip, gerrs := krakenGroup(p.groups[ref], p.currency)
		if len(gerrs) > 0 {
			errs = append(errs, gerrs...)
			continue
		}
		if !skip {
			if err := emit(&tx); err != nil {
				return errs, err
			}
		}
	}
	return errs, nil
}

func krakenGroup(rows []krakenRow, cur string) (Tx, bool, []RowError) {
	first := rows[0]
	e := &rowErrs{line: first.line}
	tx := Tx{ExternalID: "kraken:" + first.refid, Time: first.t}
	for _, r := range rows[1:] {
		if r.t.Before(tx.Time) {
			tx.Time = r.t
		}
	}
	kind := ""
	for _, r := range rows {
		k := r.typ
		switch k {
		case "trade", "spend", "receive":
			k = "trade"
		}
		if kind == "" {
			kind = k
		} else if kind != k {
			return Tx{}, false, []RowError{{Line: r.line, Column: "type", Message: "refid " + first.refid + " mixes ledger types " + kind + " and " + r.typ}}
		}
	}
	var sent, recv []int
	for i, r := range rows {
		if r.amount.Sign() == 0 {
			continue
		}
		if r.neg {
			sent = append(sent, i)
		} else {
			recv = append(recv, i)
		}
	}
	label := ""
	wantIn, wantOut := false, false
	switch kind {
	case "trade":
		if len(sent) == 0 || len(recv) == 0 {
			e.add("amount", "trade %s needs a negative and a positive amount", first.refid)
		}
		switch {
		case allFiat(rows, sent) && !anyFiat(rows, recv):
			label = LabelBuy
		case allFiat(rows, recv) && !anyFiat(rows, sent):
			label = LabelSell
		default:
			label = LabelTrade
		}
	case "deposit":
		wantIn = true
	case "withdrawal":
		wantOut = true
	case "staking":
		wantIn, label = true, LabelStakingReward
	case "dividend", "credit", "invite bonus":
		wantIn, label = true, LabelIncome
	case "airdrop":
		wantIn, label = true, LabelAirdrop
	case "earn":
		if first.sub != "reward" {
			return Tx{}, true, nil // allocation / deallocation / migration: internal
		}
		wantIn, label = true, LabelStakingReward
	case "transfer":
		if krakenInternal[first.sub] {
			return Tx{}, true, nil
		}
		wantIn, label = true, LabelAirdrop // forks and airdrops are credited as transfers
	default:
		return Tx{}, false, []RowError{{Line: first.line, Column: "type", Message: "unsupported ledger type " + strconv.Quote(first.typ) + " (margin, rollover, settlement and adjustment entries are not imported)"}}
	}
	if wantIn && len(sent) > 0 {
		e.line = rows[sent[0]].line
		e.add("amount", "a %s entry must not be negative", kind)
	}
	if wantOut && len(recv) > 0 {
		e.line = rows[recv[0]].line
		e.add("amount", "a withdrawal entry must be negative")
	}
	if len(e.errs) > 0 {
		return Tx{}, false, e.errs
	}
	if (kind == "deposit" || kind == "withdrawal") && allFiat(rows, append(append([]int{}, sent...), recv...)) {
		label = LabelTransfer // fiat between the user's bank and Kraken
	}
	// value: the side of a trade in the client's currency, else Kraken's amountusd for a USD client.
	var curSide *decimal.Decimal
	for _, i := range append(append([]int{}, sent...), recv...) {
		if isCurrency(rows[i].asset, cur) && len(sent) == 1 && len(recv) == 1 {
			curSide = ptr(rows[i].amount)
		}
	}
	for _, idx := range [][]int{sent, recv} {
		for _, i := range idx {
			r := rows[i]
			t := Transfer{Asset: r.asset, Quantity: r.amount, From: Self, Label: label}
			if !r.neg {
				t.From, t.To = "", Self
			}
			switch {
			case isCurrency(r.asset, cur):
				t.FiatValue = ptr(r.amount)
			case curSide != nil:
				t.FiatValue = ptr(*curSide)
			case r.usd != nil && cur == "USD":
				t.FiatValue = ptr(*r.usd)
			}
			tx.Transfers = append(tx.Transfers, t)
		}
	}
	// Fees: a fee in the client's currency belongs to the main transfer (what a buy acquired, what a sale disposed of);
	// other fees are fee transfers.
	main := -1
	for i, t := range tx.Transfers {
		if !isFiatAsset(t.Asset) {
			main = i
			if label != LabelBuy {
				break
			}
		}
	}
	for _, r := range rows {
		if r.fee.Sign() == 0 {
			continue
		}
		if isCurrency(r.asset, cur) && main >= 0 {
			f := r.fee
			if cur := tx.Transfers[main].FeeFiat; cur != nil {
				f = f.Add(*cur)
			}
			tx.Transfers[main].FeeFiat = &f
			continue
		}
		ft := Transfer{Asset: r.asset, Quantity: r.fee, From: Self, IsFee: true, Label: label}
		if isCurrency(r.asset, cur) {
			ft.FiatValue = ptr(r.fee)
		}
		tx.Transfers = append(tx.Transfers, ft)
	}
	if len(tx.Transfers) == 0 {
		return Tx{}, true, nil
	}
	tx.Label = label
	return tx, false, nil
}

func allFiat(rows []krakenRow, idx []int) bool {
	for _, i := range idx {
		if !isFiatAsset(rows[i].asset) {
			return false
		}
	}
	return len(idx) > 0
}

func anyFiat(rows []krakenRow, idx []int) bool {
	for _, i := range idx {
		if isFiatAsset(rows[i].asset) {
			return true
		}
	}
	return false
}

// KrakenSymbol is krakenSymbol for the Kraken API connector (internal/exchanges), which reads
// the same ledger entries as the CSV export.
func KrakenSymbol(s string) string { return krakenSymbol(s) }

// KrakenInternal reports whether a Kraken ledger subtype moves funds between the user's own
// Kraken wallets (not a taxable event).
func KrakenInternal(subtype string) bool { return krakenInternal[strings.ToLower(subtype)] }
