package imports

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// CSV formats ParseCSV reads.
const (
	CSVGeneric  = "generic"
	CSVCoinbase = "coinbase"
	CSVKraken   = "kraken"
)

// CSVFormats lists the formats ParseCSV reads.
func CSVFormats() []string { return []string{CSVGeneric, CSVCoinbase, CSVKraken} }

// ErrUnknownCSVFormat is returned (wrapped) by ParseCSV for a format it does not read.
var ErrUnknownCSVFormat = errors.New("unknown CSV format")

// MaxCSVErrors caps the rows a CSVError lists; a last entry says that more were left out.
const MaxCSVErrors = 1000

// ParseCSV reads a CSV file in the given format (see CSVFormats and CSV.md). Either every row is
// valid and the transactions are returned in file order, or a *CSVError lists every failing row
// with its line number and no transaction is returned, so nothing is half-imported. ExternalIDs
// are stable: importing the same file again yields the same ids (the database deduplicates).
// It holds the whole file's transactions: big files go through ReadCSV.
func ParseCSV(r io.Reader, format string) ([]Tx, error) {
	var txs []Tx
	if _, err := ReadCSV(r, format, func(t *Tx) error {
		txs = append(txs, *t)
		return nil
	}); err != nil {
		return nil, err
	}
	return txs, nil
}

// ReadCSV reads a CSV file in the given format one record at a time and calls fn with each
// transaction, in file order, while every row so far was valid. After the first bad row fn is no
// longer called, but the rest of the file is still read so that the *CSVError it returns lists
// every failing row (up to MaxCSVErrors, then a count of the others): a caller that writes what fn
// gives it must throw that away when ReadCSV fails. An error of fn stops the reading and is
// returned as it is. ReadCSV returns the number of transactions read. Memory does not grow with the
// file, apart from a few bytes a row to number identical rows (and the rows of a Kraken file, whose
// ledger entries are grouped by refid across the file).
func ReadCSV(r io.Reader, format string, fn func(*Tx) error) (int, error) {
	return ReadCSVIn(r, format, "USD", fn)
}

// ReadCSVIn is ReadCSV for a client whose figures are in currency (ISO 4217): the generic format's
// fiat_value and fee_fiat are in it, a leg in it values the row, and its _usd columns are refused
// unless currency is USD. A value in another currency is never stored as one in the client's: a
// Coinbase row priced in another currency is refused (Coinbase exports in the account's currency,
// so the user exports again in the client's), and Kraken's amountusd is read for USD clients only
// (a Kraken row is otherwise valued by a leg in the client's currency, else left to the prices).
func ReadCSVIn(r io.Reader, format, currency string, fn func(*Tx) error) (int, error) {
	var p rowParser
	currency = strings.ToUpper(strings.TrimSpace(currency))
	if currency == "" {
		currency = "USD"
	}
	switch strings.ToLower(strings.TrimSpace(format)) {
	case CSVGeneric:
		p = &genericParser{seen: rowSeen{}, currency: currency}
	case CSVCoinbase:
		p = &coinbaseParser{seen: rowSeen{}, currency: currency}
	case CSVKraken:
		p = &krakenParser{groups: map[string][]krakenRow{}, currency: currency}
	default:
		return 0, fmt.Errorf("%w: %q (supported: %s)", ErrUnknownCSVFormat, format, strings.Join(CSVFormats(), ", "))
	}
	br := bufio.NewReaderSize(r, 1<<16)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true // parsers keep no field slice beyond the call
	var errs errorList
	n := 0
	emit := func(t *Tx) error {
		if errs.total > 0 {
			return nil
		}
		n++
		return fn(t)
	}
	for {
		fields, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				errs.add(RowError{Line: pe.StartLine, Message: "malformed CSV: " + pe.Err.Error()})
				continue
			}
			return n, fmt.Errorf("reading CSV: %w", err)
		}
		line, _ := cr.FieldPos(0)
		if msg := unstorableText(fields); msg != "" {
			errs.add(RowError{Line: line, Message: msg})
			continue
		}
		rec := record{line: line, fields: fields}
		rerrs, fatal := p.record(rec, emit)
		if fatal != nil {
			return n, fatal
		}
		for _, e := range rerrs {
			errs.add(e)
		}
		if p.headerFailed() {
			break // the rows cannot be read without a valid header
		}
	}
	if !p.headerFailed() {
		rerrs, err := p.end(emit)
		if err != nil {
			return n, err
		}
		for _, e := range rerrs {
			errs.add(e)
		}
	}
	if errs.total > 0 {
		return 0, errs.csvError()
	}
	return n, nil
}

// unstorableText says why a record's text cannot be stored as it is ("" when it can): bytes that
// are not UTF-8 (a file saved in another encoding) and NUL characters, which Postgres text cannot
// hold. Such a row is refused with its line rather than stored altered.
func unstorableText(fields []string) string {
	for i, f := range fields {
		if !utf8.ValidString(f) {
			return fmt.Sprintf("field %d is not UTF-8 text: save the file as UTF-8", i+1)
		}
		if strings.IndexByte(f, 0) >= 0 {
			return fmt.Sprintf("field %d contains a NUL character", i+1)
		}
	}
	return ""
}

// rowParser reads the records of one format: the header (and any preamble) first, then rows.
type rowParser interface {
	// record reads one record and passes the transactions it completes to emit; it returns the
	// record's row errors, or an error of emit.
	record(rec record, emit func(*Tx) error) ([]RowError, error)
	// end is called at the end of the file (for a missing header, or transactions that span rows).
	end(emit func(*Tx) error) ([]RowError, error)
	// headerFailed reports a header so wrong that the rows are not worth reading.
	headerFailed() bool
}

// errorList keeps the first MaxCSVErrors row errors and counts the rest.
type errorList struct {
	rows  []RowError
	total int
	next  int // line of the first error left out
}

func (l *errorList) add(e RowError) {
	l.total++
	if len(l.rows) < MaxCSVErrors {
		l.rows = append(l.rows, e)
	} else if l.total == MaxCSVErrors+1 {
		l.next = e.Line
	}
}

func (l *errorList) csvError() *CSVError {
	rows := l.rows
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Line < rows[j].Line })
	if more := l.total - len(rows); more > 0 {
		rows = append(rows, RowError{Line: l.next, Message: fmt.Sprintf("%d more errors left out", more)})
	}
	return &CSVError{Rows: rows}
}

// record is one CSV record and the file line it starts on.
type record struct {
	line   int
	fields []string
}

func (r record) blank() bool {
	for _, f := range r.fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// columns maps header names (lower-case, trimmed) to field indexes.
type columns map[string]int

func headerColumns(fields []string) columns {
	c := columns{}
	for i, f := range fields {
		c[normHeader(f)] = i
	}
	return c
}

func normHeader(s string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimPrefix(s, "\ufeff")))
}

// get returns the trimmed value of column name in rec ("" when the column or cell is missing).
func (c columns) get(rec record, name string) string {
	i, ok := c[name]
	if !ok || i >= len(rec.fields) {
		return ""
	}
	return strings.TrimSpace(rec.fields[i])
}

// rowErrs collects the errors of one row.
type rowErrs struct {
	line int
	errs []RowError
}

func (e *rowErrs) add(column, format string, args ...any) {
	e.errs = append(e.errs, RowError{Line: e.line, Column: column, Message: fmt.Sprintf(format, args...)})
}

// parseAmount reads a decimal as exports write it: optional sign, optional currency sign ("$"),
// optional thousands separators (","). It returns the absolute value and whether it was negative.
func parseAmount(s string) (decimal.Decimal, bool, error) {
	s = strings.TrimSpace(s)
	neg := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		neg, s = true, s[1:len(s)-1]
	}
	if strings.HasPrefix(s, "-") {
		neg, s = !neg, s[1:]
	} else if strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	s = strings.TrimPrefix(strings.TrimSpace(s), "$")
	if strings.HasPrefix(s, "-") { // "$-1.00" is rare but seen
		neg, s = !neg, s[1:]
	}
	s = strings.ReplaceAll(s, ",", "")
	if !isPlainDecimal(s) {
		return decimal.Zero, false, fmt.Errorf("not a number: %q", s)
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, false, fmt.Errorf("not a number: %q", s)
	}
	if err := tax.CheckAmount(d); err != nil {
		return decimal.Zero, false, fmt.Errorf("too large: %w", err)
	}
	return d, neg && d.Sign() != 0, nil
}

// isPlainDecimal reports whether s matches ^([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$ (digits,
// an optional point and fraction, an optional exponent), without a regexp: this runs for every
// amount of a million-row file.
func isPlainDecimal(s string) bool {
	i, n := 0, len(s)
	digits := func() int {
		j := i
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	intDigits := digits()
	if i < n && s[i] == '.' {
		i++
		if digits() == 0 && intDigits == 0 {
			return false
		}
	} else if intDigits == 0 {
		return false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == n
}

var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04",
	"2006-01-02",
}

// parseTime reads the date formats of CSV.md; times without a zone are UTC.
// FirstBlock is Bitcoin's genesis block: no crypto asset moved before it, so an earlier date in a
// file is a typo (year 0000, 1924 for 2024), refused with its row.
var FirstBlock = time.Date(2009, time.January, 3, 0, 0, 0, 0, time.UTC)

func parseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	u := strings.TrimSuffix(strings.TrimSuffix(s, " UTC"), " GMT") // "2024-01-02 10:00:00 UTC"
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, u); err == nil {
			if t.Before(FirstBlock) {
				return time.Time{}, fmt.Errorf("%q is before the first blockchain block (3 January 2009): a mistyped year?", s)
			}
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("not a date: %q (use RFC 3339, e.g. 2024-03-01T14:30:00Z)", s)
}

// rowSeen counts the rows of a file by content hash, to number identical rows: 16 bytes a row.
type rowSeen map[[12]byte]uint32

// rowID makes a stable ExternalID from a row's content; seen numbers identical rows in a file.
func rowID(prefix string, seen rowSeen, parts ...string) string {
	// The hash of the parts joined by 0x1f, built in one buffer (no allocation for usual rows).
	var stack [512]byte
	b := stack[:0]
	for i, p := range parts {
		if i > 0 {
			b = append(b, 0x1f)
		}
		b = append(b, p...)
	}
	sum := sha256.Sum256(b)
	key := [12]byte(sum[:12])
	seen[key]++
	id := make([]byte, 0, len(prefix)+2*len(key)+11)
	id = append(id, prefix...)
	id = hex.AppendEncode(id, key[:])
	if n := seen[key]; n > 1 {
		id = append(id, '-')
		id = strconv.AppendUint(id, uint64(n), 10)
	}
	return string(id)
}

// csvAsset reads an asset cell: a symbol ("BTC", "usd") or an asset key of a supported chain
// ("ethereum:native", "ethereum:0xA0b8...", "solana:EPjF...").
func csvAsset(s string) (AssetRef, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return AssetRef{}, errors.New("missing")
	}
	if chain, rest, ok := strings.Cut(s, ":"); ok {
		chain = strings.ToLower(chain)
		if !IsSupported(chain) {
			return AssetRef{}, fmt.Errorf("unsupported chain %q", chain)
		}
		if rest == "native" || rest == "" {
			a, _ := NativeAsset(chain)
			return a, nil
		}
		contract := rest
		switch {
		case IsEVM(chain):
			if _, ok := ChecksumEVM(strings.ToLower(contract)); !ok {
				return AssetRef{}, fmt.Errorf("bad contract address %q", contract)
			}
			contract = strings.ToLower(contract)
		case chain == ChainSolana:
			if _, r := validateSolana(contract); r != "" {
				return AssetRef{}, fmt.Errorf("bad mint address %q: %s", contract, r)
			}
		default:
			return AssetRef{}, fmt.Errorf("%s has no tokens", chain)
		}
		return AssetRef{Chain: chain, Contract: contract}, nil
	}
	if !isSymbol(s) {
		return AssetRef{}, fmt.Errorf("not an asset symbol: %q", s)
	}
	return AssetRef{Symbol: strings.ToUpper(s)}, nil
}

// isSymbol reports whether s matches ^[A-Za-z0-9][A-Za-z0-9._\-$]{0,19}$ (without a regexp, as
// isPlainDecimal).
func isSymbol(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || (c != '.' && c != '_' && c != '-' && c != '$')) {
			return false
		}
	}
	return true
}

func isFiatAsset(a AssetRef) bool { return a.Chain == "" && IsFiat(a.Symbol) }

// isCurrency reports whether a is the fiat currency code cur.
func isCurrency(a AssetRef, cur string) bool {
	return a.Chain == "" && strings.EqualFold(a.Symbol, cur)
}

func ptr(d decimal.Decimal) *decimal.Decimal { return &d }
