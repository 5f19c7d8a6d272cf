package taxfile

import (
	"bufio"
	"io"
	"strconv"
	"time"

	"taxd/internal/tax"
)

// Output bundles what the writers need.
type Output struct {
	File     *File
	Settings tax.Settings
	Result   tax.Result
}

type writer struct {
	w   *bufio.Writer
	b   []byte
	o   *Output
	err error
	// names names the ids in what is written: a snapshot of o.File's, which the parser may be
	// extending on another goroutine meanwhile
	names names
	// the CSV rows' acquisition and disposal times
	acquired, disposed instantText
	// the CSV rows' asset and account: consecutive rows mostly repeat them
	asset, account plainField
}

// plainField is csvField for a field whose value mostly repeats the previous row's: it remembers
// the last value that needed no quotes, which a string comparison (equal pointers: a name is one
// string) then finds without scanning it again.
type plainField struct{ last string }

func (p *plainField) append(b []byte, s string) []byte {
	if s == p.last {
		return append(b, s...)
	}
	if !csvSpecial(s) {
		p.last = s
		return append(b, s...)
	}
	return csvField(b, s)
}

func (w *writer) flush() {
	if w.err == nil && len(w.b) > 0 {
		_, w.err = w.w.Write(w.b)
	}
	w.b = w.b[:0]
}

func (w *writer) maybeFlush() {
	if len(w.b) > 64<<10 {
		w.flush()
	}
}

func (w *writer) str(s string) { w.b = jsonString(w.b, s) }

func (w *writer) key(k string) {
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
}

func (w *writer) kstr(k, v string) {
	w.key(k)
	w.str(v)
	w.b = append(w.b, ',')
}

func (w *writer) kname(k string, id tax.ID) {
	w.key(k)
	w.b = append(w.b, '"')
	start := len(w.b)
	w.b = w.names.appendName(w.b, id)
	if needsEscape(w.b[start:]) {
		name := string(w.b[start:])
		w.b = jsonString(w.b[:start-1], name)
	} else {
		w.b = append(w.b, '"')
	}
	w.b = append(w.b, ',')
}

func needsEscape(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			return true
		}
	}
	return false
}

func (w *writer) kdec(k string, d tax.Dec) {
	w.key(k)
	w.b = append(w.b, '"')
	w.b = d.Append(w.b)
	w.b = append(w.b, '"', ',')
}

func (w *writer) kint(k string, n int64) {
	w.key(k)
	w.b = strconv.AppendInt(w.b, n, 10)
	w.b = append(w.b, ',')
}

func (w *writer) ktime(k string, t tax.Instant) {
	w.key(k)
	w.b = append(w.b, '"')
	w.b = appendInstant(w.b, t)
	w.b = append(w.b, '"', ',')
}

func (w *writer) end() {
	if n := len(w.b); n > 0 && w.b[n-1] == ',' {
		w.b = w.b[:n-1]
	}
}

func (w *writer) flags(pairs ...any) {
	w.key("flags")
	w.b = append(w.b, '[')
	first := true
	for i := 0; i < len(pairs); i += 2 {
		if pairs[i+1].(bool) {
			if !first {
				w.b = append(w.b, ',')
			}
			first = false
			w.str(pairs[i].(string))
		}
	}
	w.b = append(w.b, ']', ',')
}

func part(b tax.Box) string {
	switch b.Part() {
	case 1:
		return "I"
	case 2:
		return "II"
	}
	return ""
}

// WriteJSON writes the result as one JSON object, one record per line, deterministically.
func WriteJSON(out io.Writer, o *Output) error {
	w := newWriter(out, o)
	w.jsonHeader()
	adj := o.Result.Adjustments
	for i := range o.Result.Disposals {
		x := &o.Result.Disposals[i]
		var a tax.Dec
		if len(adj) > 0 && adj[0].Piece == i {
			a, adj = adj[0].Denied, adj[1:]
		}
		w.jsonDisposal(x, o.Result.Assets[x.Asset], o.Result.Accounts[x.Account], i == 0, a)
	}
	return w.jsonTail()
}

func newWriter(out io.Writer, o *Output) *writer {
	w := &writer{w: bufio.NewWriterSize(out, 1<<16), o: o, b: make([]byte, 0, 80<<10)}
	if o.File != nil {
		w.names = o.File.names
	}
	return w
}

func (w *writer) jsonHeader() {
	s := &w.o.Settings
	w.b = append(w.b, "{\n\"settings\":{"...)
	w.key("methods")
	w.b = append(w.b, '[')
	for i, mc := range s.Methods {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `{"fromYear":`...)
		w.b = strconv.AppendInt(w.b, int64(mc.FromYear), 10)
		w.b = append(w.b, `,"method":`...)
		w.str(mc.Method.String())
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, ']', ',')
	switch {
	case s.Rules().WalletLots:
		w.kstr("perWalletFrom", "always") // the rules keep lots per wallet from the first transaction
	case s.PerWalletFrom.IsZero():
		w.kstr("perWalletFrom", "never")
	default:
		w.kstr("perWalletFrom", s.PerWalletFrom.UTC().Format(time.RFC3339Nano))
	}
	loc := "UTC"
	if s.Location != nil {
		loc = s.Location.String()
	}
	w.kstr("timezone", loc)
	w.kstr("fiscalYearStart", s.Rules().TaxYearStartOf(tax.MonthDay{Month: s.FiscalYearStartMonth, Day: s.FiscalYearStartDay}).String())
	w.end()
	w.b = append(w.b, "},\n\"disposals\":["...)
}

func (w *writer) jsonDisposal(x *tax.Disposal, asset, account string, first bool, adj tax.Dec) {
	if !first {
		w.b = append(w.b, ',')
	}
	w.b = append(w.b, "\n{"...)
	w.kname("transfer", x.TransferID)
	w.kstr("kind", x.Kind.String())
	w.kstr("asset", asset)
	w.kstr("account", account)
	if x.Uncovered {
		w.b = append(w.b, `"lot":null,"lotTransfer":null,"acquired":null,`...)
	} else {
		w.kint("lot", int64(x.LotID))
		w.kname("lotTransfer", x.LotSource)
		w.ktime("acquired", x.AcquiredAt)
	}
	w.ktime("disposed", x.DisposedAt)
	w.kdec("quantity", x.Quantity)
	w.kdec("proceeds", x.Proceeds)
	w.kdec("basis", x.Basis)
	w.kdec("gain", x.Gain())
	w.kstr("term", x.Term.String())
	w.kstr("part", part(x.Box))
	w.kstr("box", x.Box.String())
	w.kint("taxYear", int64(x.TaxYear))
	w.flags("uncovered", x.Uncovered, "missingBasis", x.MissingBasis, "missingProceeds", x.MissingProceeds)
	if j := w.o.Settings.Jurisdiction; j.Rules().Matcher.Pooled() {
		w.kstr("match", tax.MatchOf(j, x).String())
		if !adj.IsZero() {
			w.kdec("adjustment", adj)
		}
	}
	w.end()
	w.b = append(w.b, '}')
	w.maybeFlush()
}

func (w *writer) jsonTail() error {
	r := &w.o.Result
	w.b = append(w.b, "],\n\"income\":["...)
	for i := range r.Income {
		x := &r.Income[i]
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, "\n{"...)
		w.kname("transfer", x.TransferID)
		w.kstr("type", x.Type.String())
		w.kstr("asset", r.Assets[x.Asset])
		w.kstr("account", r.Accounts[x.Account])
		w.ktime("at", x.At)
		w.kdec("quantity", x.Quantity)
		w.kdec("value", x.Value)
		w.kint("taxYear", int64(x.TaxYear))
		w.flags("missingValue", x.MissingValue)
		w.end()
		w.b = append(w.b, '}')
		w.maybeFlush()
	}
	w.b = append(w.b, "],\n\"lots\":["...)
	for i := range r.Lots {
		x := &r.Lots[i]
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, "\n{"...)
		w.kint("lot", int64(x.ID))
		w.kstr("account", r.Accounts[x.Account])
		w.kstr("asset", r.Assets[x.Asset])
		w.kdec("quantity", x.Quantity)
		w.kdec("basis", x.Basis)
		w.ktime("acquired", x.AcquiredAt)
		w.kname("source", x.SourceTransfer)
		w.flags("missingBasis", x.MissingBasis)
		w.end()
		w.b = append(w.b, '}')
		w.maybeFlush()
	}
	w.b = append(w.b, "],\n\"years\":["...)
	for i := range r.Years {
		y := &r.Years[i]
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, "\n{"...)
		w.kint("year", int64(y.Year))
		w.kstr("method", y.Method.String())
		w.kdec("shortProceeds", y.ShortProceeds)
		w.kdec("shortBasis", y.ShortBasis)
		w.kdec("shortGain", y.ShortGain)
		w.kdec("longProceeds", y.LongProceeds)
		w.kdec("longBasis", y.LongBasis)
		w.kdec("longGain", y.LongGain)
		rules := w.o.Settings.Rules()
		if rules.Matcher.Pooled() || rules.TaxableGain() {
			w.kstr("jurisdiction", w.o.Settings.Jurisdiction.String())
			w.kdec("gains", y.Gains)
			w.kdec("losses", y.Losses)
			if rules.SuperficialLosses {
				w.kdec("deniedLosses", y.Denied)
			}
			if rules.DiscountPercent != 0 {
				w.kdec("discountGains", y.LongGains)
				w.kdec("lossesBroughtForward", y.LossesBroughtForward)
				w.kdec("discount", y.Discount)
				w.kdec("lossesCarriedForward", y.LossesCarriedForward)
			}
			if th, ok := tax.ThresholdIn(rules.GainThresholds, y.Year); ok {
				w.kdec("threshold", th)
			}
			if rules.TaxableGain() {
				w.kdec("taxableGain", y.TaxableGain)
			}
		}
		w.key("income")
		w.b = append(w.b, '{')
		for j, it := range y.Income {
			if j > 0 {
				w.b = append(w.b, ',')
			}
			w.key(it.Type.String())
			w.b = append(w.b, '"')
			w.b = it.Value.Append(w.b)
			w.b = append(w.b, '"')
		}
		w.b = append(w.b, '}', ',')
		w.kdec("incomeTotal", y.IncomeTotal)
		if th, ok := tax.ThresholdIn(rules.IncomeThresholds, y.Year); ok {
			w.kdec("incomeThreshold", th)
			w.kdec("taxableIncome", y.TaxableIncome)
		}
		w.kdec("futuresPnl", y.FuturesPnL)
		w.kint("disposals", int64(y.Disposals))
		w.kint("nonTaxable", int64(y.NonTaxable))
		w.kint("incomeEvents", int64(y.IncomeEvents))
		w.kint("warnings", int64(y.Warnings))
		w.end()
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, "],\n\"warnings\":["...)
	for i := range r.Warnings {
		x := &r.Warnings[i]
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, "\n{"...)
		w.kstr("code", x.Code.String())
		if x.TransferID != (tax.ID{}) {
			w.kname("transfer", x.TransferID)
		}
		w.ktime("at", x.At)
		w.kstr("asset", r.Assets[x.Asset])
		if x.Account != 0 {
			w.kstr("account", r.Accounts[x.Account])
		}
		if !x.Quantity.IsZero() {
			w.kdec("quantity", x.Quantity)
		}
		if !x.Value.IsZero() {
			w.kdec("value", x.Value)
		}
		w.end()
		w.b = append(w.b, '}')
		w.maybeFlush()
	}
	w.b = append(w.b, "]\n}\n"...)
	return w.close()
}

func (w *writer) close() error {
	w.flush()
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// CSVHeader is the header of the disposals CSV.
const CSVHeader = "transfer,kind,asset,account,lot,lot_transfer,acquired,disposed,quantity,proceeds,basis,gain,term,part,box,tax_year,flags\n"

func csvField(b []byte, s string) []byte {
	if !csvSpecial(s) {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// CSVJurisHeader is the header under GB and CA: the same columns, then the superficial loss denied
// (CA; gain is after it, basis is the adjusted cost base less it) and the matching rule.
const CSVJurisHeader = "transfer,kind,asset,account,lot,lot_transfer,acquired,disposed,quantity,proceeds,basis,gain,term,part,box,tax_year,flags,adjustment,match\n"

func (w *writer) csvHeader() string {
	if w.o.Settings.Rules().Matcher.Pooled() {
		return CSVJurisHeader
	}
	return CSVHeader
}

// WriteCSV writes the disposals (one row per piece, Form 8949 style).
func WriteCSV(out io.Writer, o *Output) error {
	w := newWriter(out, o)
	w.b = append(w.b, w.csvHeader()...)
	adj := o.Result.Adjustments
	for i := range o.Result.Disposals {
		x := &o.Result.Disposals[i]
		var a tax.Dec
		if len(adj) > 0 && adj[0].Piece == i {
			a, adj = adj[0].Denied, adj[1:]
		}
		w.csvDisposal(x, o.Result.Assets[x.Asset], o.Result.Accounts[x.Account], a)
	}
	return w.close()
}

func (w *writer) csvDisposal(x *tax.Disposal, asset, account string, adj tax.Dec) {
	f := &w.names
	b := w.b
	start := len(b)
	b = f.appendName(b, x.TransferID)
	if f.quoted {
		b = csvFix(b, start)
	}
	b = append(b, ',')
	b = append(b, x.Kind.String()...)
	b = append(b, ',')
	b = w.asset.append(b, asset)
	b = append(b, ',')
	b = w.account.append(b, account)
	b = append(b, ',')
	rules := w.o.Settings.Rules()
	lots := rules.Matcher == tax.MatcherLots
	if !x.Uncovered {
		if x.LotID != 0 || lots {
			b = strconv.AppendUint(b, uint64(x.LotID), 10)
		}
		b = append(b, ',')
		start = len(b)
		b = f.appendName(b, x.LotSource)
		if f.quoted {
			b = csvFix(b, start)
		}
		b = append(b, ',')
		if x.AcquiredAt != 0 || lots {
			b = w.acquired.append(b, x.AcquiredAt)
		}
	} else {
		b = append(b, ",,"...)
	}
	b = append(b, ',')
	b = w.disposed.append(b, x.DisposedAt)
	b = append(b, ',')
	b = x.Quantity.Append(b)
	b = append(b, ',')
	b = x.Proceeds.Append(b)
	b = append(b, ',')
	b = x.Basis.Append(b)
	b = append(b, ',')
	b = x.Gain().Append(b)
	b = append(b, ',')
	if rules.HoldingTerms {
		b = append(b, x.Term.String()...)
	}
	b = append(b, ',')
	b = append(b, part(x.Box)...)
	b = append(b, ',')
	b = append(b, x.Box.String()...)
	b = append(b, ',')
	if y := x.TaxYear; y >= 1000 && y <= 9999 { // every year of a real ledger: four digits in place
		b = append(b, "0000"...)
		put4(b[len(b)-4:], uint(y))
	} else {
		b = strconv.AppendInt(b, int64(y), 10)
	}
	b = append(b, ',')
	sep := false
	for _, fl := range [...]struct {
		n string
		v bool
	}{{"uncovered", x.Uncovered}, {"missing_basis", x.MissingBasis}, {"missing_proceeds", x.MissingProceeds}} {
		if fl.v {
			if sep {
				b = append(b, ';')
			}
			b = append(b, fl.n...)
			sep = true
		}
	}
	if rules.Matcher.Pooled() {
		b = append(b, ',')
		if !adj.IsZero() {
			b = adj.Append(b)
		}
		b = append(b, ',')
		b = append(b, tax.MatchOf(w.o.Settings.Jurisdiction, x).String()...)
	}
	b = append(b, '\n')
	w.b = b
	w.maybeFlush()
}

// csvSpecial reports whether s needs CSV quoting.
func csvSpecial(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ',' || c == '"' || c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

// csvFix quotes b[start:] in place if it needs CSV quoting.
func csvFix(b []byte, start int) []byte {
	for _, c := range b[start:] {
		if c == ',' || c == '"' || c == '\n' || c == '\r' {
			s := string(b[start:])
			return csvField(b[:start], s)
		}
	}
	return b
}
