// Package taxfile is the offline calculator around the tax engine: it reads a ledger file (JSON or CSV,
// documented in docs/taxd-compute.md), runs internal/tax and writes the result as JSON or CSV.
// RunCompute implements `taxd compute`; RunGenerate writes large synthetic ledgers for benchmarks.
package taxfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"taxd/internal/tax"
)

// File is a parsed ledger file: the engine input plus the names of its ids.
type File struct {
	Input tax.Input
	// Settings as written in the file (JSON only); flags may override them.
	Settings FileSettings
	names                      // the names of the ids the parser assigned
	strs     map[string]string // interned asset, account and staking strings
	recent   [4]string         // the strings intern returned last, newest first
	// the labels label parsed last, newest first
	recentLabels [4]struct {
		name  string
		label tax.Label
	}
	arena    []tax.Transfer // transfers are carved from large blocks: no per-transaction allocation
	lastTime time.Time      // the last transaction's time (for the order check across batches)
	times    timeParser     // transaction times

	// Streaming (RunCompute): every batchSize transactions go to handOver with a snapshot of the
	// name tables, and handOver returns memory the parser may fill next (the batch's own once it is
	// done with it, or other), so a large ledger is never held whole. hold keeps everything for one
	// final batch (a JSON file whose settings may come after its transactions: the run cannot start
	// before them).
	handOver    func(batchMem) (batchMem, error)
	batchSize   int
	hold        bool
	sawSettings bool
	batchErr    error // handOver's error, returned as is (not as a parse error)
}

// names are the names of the ids the parser assigned. The parser only appends to them, so a copy
// of the slice headers (a snapshot) stays valid, and readable from another goroutine, while the
// parser goes on: it names every id assigned before it was taken.
type names struct {
	txNames  []byte   // transaction ids, concatenated (one slab: no allocation per transaction)
	txEnds   []uint32 // txEnds[i]: the end of transaction i's id in txNames
	explicit []string // explicit transfer ids (the "id" column)
	quoted   bool     // some id needs CSV quoting (csvSpecial): else the CSV writer need not check
}

// batchMem is one batch on its way from the parser to the engine: the transactions, the
// transfer block the parser carved from last (earlier blocks of a large batch are not reused) and
// the names of its ids.
type batchMem struct {
	txs   []tax.Transaction
	arena []tax.Transfer
	names names
}

// errBatch stops the parser when f.handOver failed.
var errBatch = errors.New("taxfile: batch failed")

// ID layout (tax.ID is 16 bytes): [0] kind, [1] 1 for a crypto-fee transfer derived from a row,
// [4:8] transaction index, [8:16] row number (kind idDefault) or explicit-name index (kind idExplicit).
const (
	idTx       = 3
	idDefault  = 1 // name "<tx>#<row>"
	idExplicit = 2 // name from the id column
)

// FileSettings is the optional "settings" object of a JSON ledger.
type FileSettings struct {
	// Jurisdiction is US (the default), GB or CA.
	Jurisdiction    string         `json:"jurisdiction,omitempty"`
	Method          string         `json:"method,omitempty"`
	MethodChanges   []MethodChange `json:"methodChanges,omitempty"`
	PerWalletFrom   string         `json:"perWalletFrom,omitempty"` // YYYY-MM-DD, RFC 3339 or "never"
	Timezone        string         `json:"timezone,omitempty"`
	FiscalYearStart string         `json:"fiscalYearStart,omitempty"` // MM-DD
}

// MethodChange is a JSON method change.
type MethodChange struct {
	FromYear int    `json:"fromYear"`
	Method   string `json:"method"`
}

// Name returns the file's name for an ID the parser assigned (IDs from elsewhere print as UUIDs, the
// zero ID as "").
func (f *File) Name(id tax.ID) string { return string(f.AppendName(nil, id)) }

// AppendName appends Name(id) to b.
func (f *File) AppendName(b []byte, id tax.ID) []byte { return f.names.appendName(b, id) }

func (f *names) appendName(b []byte, id tax.ID) []byte {
	txi := binary.BigEndian.Uint32(id[4:8])
	n := binary.BigEndian.Uint64(id[8:])
	switch {
	case id[0] == idDefault && int(txi) < len(f.txEnds):
		b = append(b, f.txName(int(txi))...)
		b = append(b, '#')
		b = strconv.AppendUint(b, n, 10)
	case id[0] == idExplicit && n < uint64(len(f.explicit)):
		b = append(b, f.explicit[n]...)
	case id[0] == idTx && int(txi) < len(f.txEnds):
		return append(b, f.txName(int(txi))...)
	case id == tax.ID{}:
		return b
	default:
		return append(b, id.String()...)
	}
	if id[1] == 1 {
		b = append(b, ".fee"...)
	}
	return b
}

// txName is transaction i's id.
func (f *names) txName(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = f.txEnds[i-1]
	}
	return f.txNames[start:f.txEnds[i]]
}

// setTransferID sets *id (zero before) to the ID of row n (1-based) of transaction txi, or of its
// fee transfer. (In place: an ID assembled from byte stores and then copied whole stalls the copy's
// load on the stores, once per row.)
func (f *File) setTransferID(id *tax.ID, txi int, n int, explicit string, fee bool) {
	binary.BigEndian.PutUint32(id[4:8], uint32(txi))
	if explicit != "" {
		id[0] = idExplicit
		binary.BigEndian.PutUint64(id[8:], uint64(len(f.explicit)))
		f.explicit = append(f.explicit, strings.Clone(explicit))
		f.quoted = f.quoted || csvSpecial(explicit)
	} else {
		id[0] = idDefault
		binary.BigEndian.PutUint64(id[8:], uint64(n))
	}
	if fee {
		id[1] = 1
	}
}

// bytesPerRow is a low estimate of a ledger row's size, for presizing from the file size.
const bytesPerRow = 48

// presize reserves the transaction list and the first transfer arena for a regular file of known
// size, so that a million-row ledger is not copied from one grown slice into the next.
func (f *File) presize(r io.Reader) {
	if rows := estimateRows(r); rows > 0 {
		// a high estimate: capacity never touched costs no memory, and these grow by copying
		f.txEnds = make([]uint32, 0, rows)
		f.txNames = make([]byte, 0, 8*rows)
	}
	if f.handOver != nil {
		f.Input.Transactions = make([]tax.Transaction, 0, f.batchSize)
		f.arena = make([]tax.Transfer, 0, 2*f.batchSize)
		return
	}
	rows := estimateRows(r)
	if rows == 0 {
		return
	}
	f.Input.Transactions = make([]tax.Transaction, 0, rows)
	f.arena = make([]tax.Transfer, 0, max(rows, 4096))
}

// estimateRows is a high estimate of the rows of a regular file (from its size), 0 if unknown.
func estimateRows(r io.Reader) int {
	st, ok := r.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return 0
	}
	fi, err := st.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	return int(min(fi.Size()/bytesPerRow, 50_000_000))
}

// flushBatch hands the transactions parsed so far to f.handOver and goes on in the memory it
// returns (fresh memory when it returns none).
func (f *File) flushBatch() error {
	if len(f.Input.Transactions) == 0 {
		return nil
	}
	next, err := f.handOver(batchMem{txs: f.Input.Transactions, arena: f.arena, names: f.names})
	if err != nil {
		f.batchErr = err
		return errBatch
	}
	if next.txs == nil {
		next.txs = make([]tax.Transaction, 0, f.batchSize)
	}
	if next.arena == nil {
		next.arena = make([]tax.Transfer, 0, 2*f.batchSize)
	}
	f.Input.Transactions, f.arena = next.txs[:0], next.arena[:0]
	return nil
}

func (f *File) alloc(n int) []tax.Transfer {
	if cap(f.arena)-len(f.arena) < n {
		f.arena = make([]tax.Transfer, 0, max(n, 4096))
	}
	l := len(f.arena)
	f.arena = f.arena[:l+n]
	return f.arena[l : l+n : l+n]
}

// label parses a label column (any case), remembering the last few labels written as the label's
// own name (the usual spelling; remembering others would mean copying them).
func (f *File) label(s string) (tax.Label, error) {
	for _, l := range f.recentLabels {
		if l.name == s && s != "" {
			return l.label, nil
		}
	}
	l, err := tax.ParseLabel(strings.ToLower(s))
	if err != nil {
		return l, err
	}
	if name := l.String(); name == s {
		copy(f.recentLabels[1:], f.recentLabels[:])
		f.recentLabels[0].name, f.recentLabels[0].label = name, l
	}
	return l, nil
}

// intern returns one shared copy of s so that equal asset/account strings share memory.
func (f *File) intern(s string) string {
	if s == "" {
		return ""
	}
	// rows mostly repeat the strings of the row before: a comparison is cheaper than a lookup
	for _, v := range f.recent {
		if v == s {
			return v
		}
	}
	v, ok := f.strs[s]
	if !ok {
		v = strings.Clone(s)
		f.strs[v] = v
	}
	copy(f.recent[1:], f.recent[:])
	f.recent[0] = v
	return v
}

// decimal accepts a JSON string or number.
type decimal string

func (d *decimal) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*d = decimal(s)
		return nil
	}
	if string(b) == "null" {
		*d = ""
		return nil
	}
	*d = decimal(b)
	return nil
}

type jsonFee struct {
	Asset    string  `json:"asset"`
	Quantity decimal `json:"quantity"`
	Value    decimal `json:"value"`
	From     string  `json:"from"`
}

type jsonTransfer struct {
	ID            string   `json:"id"`
	Label         string   `json:"label"`
	Asset         string   `json:"asset"`
	Quantity      decimal  `json:"quantity"`
	From          string   `json:"from"`
	To            string   `json:"to"`
	Value         decimal  `json:"value"`
	FeeFiat       decimal  `json:"feeFiat"`
	Fee           *jsonFee `json:"fee"`
	IsFee         bool     `json:"isFee"`
	StakingID     string   `json:"stakingId"`
	ToAsset       string   `json:"toAsset"`
	Reported1099  bool     `json:"reported1099da"`
	BasisReported bool     `json:"basisReported"`
	AcquiredAt    string   `json:"acquiredAt"`
}

type jsonTx struct {
	ID        string         `json:"id"`
	Time      string         `json:"time"`
	Transfers []jsonTransfer `json:"transfers"`
}

// row is one transfer in either format before conversion.
type row struct {
	line                                   int
	id, label, asset, qty, from, to, value string
	feeFiat, feeAsset, feeQty, feeValue    string
	feeFrom                                string
	stakingID, acquiredAt, toAsset         string
	isFee, reported, basisReported         bool
}

// Parse reads a ledger in JSON or CSV; format is "json", "csv" or "" (detect from the first byte).
func Parse(r io.Reader, format string) (*File, error) {
	f := &File{strs: map[string]string{}}
	if err := f.parse(r, format); err != nil {
		return nil, err
	}
	return f, nil
}

// parseStream is Parse that hands the transactions to handOver, batchSize at a time, instead of
// keeping them in f.Input (which holds none when it returns).
// started receives f before parsing starts (handOver may need its settings).
func parseStream(r io.Reader, format string, batchSize int, handOver func(batchMem) (batchMem, error), started func(*File)) (*File, error) {
	f := &File{strs: map[string]string{}, handOver: handOver, batchSize: batchSize}
	started(f)
	err := f.parse(r, format)
	if err == nil {
		f.hold = false
		err = f.flushBatch()
	}
	if f.batchErr != nil {
		return nil, f.batchErr
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (f *File) parse(r io.Reader, format string) error {
	br := bufio.NewReaderSize(r, 64<<10)
	if format == "" {
		for {
			b, err := br.Peek(1)
			if err != nil {
				return fmt.Errorf("taxfile: empty input")
			}
			if b[0] == ' ' || b[0] == '\n' || b[0] == '\r' || b[0] == '\t' || b[0] == 0xEF || b[0] == 0xBB || b[0] == 0xBF {
				br.ReadByte()
				continue
			}
			if b[0] == '{' {
				format = "json"
			} else {
				format = "csv"
			}
			break
		}
	}
	f.presize(r)
	switch format {
	case "json":
		return f.parseJSON(br)
	case "csv":
		return f.parseCSV(br)
	}
	return fmt.Errorf("taxfile: unknown input format %q (json or csv)", format)
}

func (f *File) parseJSON(r io.Reader) error {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("taxfile: JSON input must be an object with \"transactions\"")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("taxfile: %w", err)
		}
		switch t {
		case "settings":
			if err := dec.Decode(&f.Settings); err != nil {
				return fmt.Errorf("taxfile: settings: %w", err)
			}
			f.sawSettings = true
		case "transactions":
			// a run needs the settings: unless they came first, keep the transactions until the end
			f.hold = f.hold || !f.sawSettings
			if t, err := dec.Token(); err != nil || t != json.Delim('[') {
				return fmt.Errorf("taxfile: \"transactions\" must be an array")
			}
			n := 0
			for dec.More() {
				n++
				var jt jsonTx // fresh each time: decoding into reused structs keeps absent fields
				if err := dec.Decode(&jt); err != nil {
					return fmt.Errorf("taxfile: transaction %d: %w", n, err)
				}
				if jt.ID == "" {
					jt.ID = "tx" + strconv.Itoa(n)
				}
				rows := make([]row, len(jt.Transfers))
				for i, t := range jt.Transfers {
					rw := row{line: n, id: t.ID, label: t.Label, asset: t.Asset, qty: string(t.Quantity), from: t.From, to: t.To,
						value: string(t.Value), feeFiat: string(t.FeeFiat), isFee: t.IsFee, stakingID: t.StakingID, toAsset: t.ToAsset,
						reported: t.Reported1099, basisReported: t.BasisReported, acquiredAt: t.AcquiredAt}
					if t.Fee != nil {
						rw.feeAsset, rw.feeQty, rw.feeValue, rw.feeFrom = t.Fee.Asset, string(t.Fee.Quantity), string(t.Fee.Value), t.Fee.From
					}
					rows[i] = rw
				}
				if err := f.addTx(jt.ID, jt.Time, rows); err != nil {
					return fmt.Errorf("taxfile: transaction %q: %w", jt.ID, err)
				}
			}
			if _, err := dec.Token(); err != nil {
				return fmt.Errorf("taxfile: %w", err)
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return fmt.Errorf("taxfile: %w", err)
			}
		}
	}
	return nil
}

var csvColumns = []string{"tx", "time", "label", "asset", "quantity", "from", "to", "value", "fee_fiat",
	"fee_asset", "fee_quantity", "fee_value", "fee_from", "is_fee", "staking_id", "reported_1099da", "basis_reported",
	"acquired_at", "id", "to_asset"}

// CSV columns by position in csvColumns.
const (
	cTx = iota
	cTime
	cLabel
	cAsset
	cQuantity
	cFrom
	cTo
	cValue
	cFeeFiat
	cFeeAsset
	cFeeQuantity
	cFeeValue
	cFeeFrom
	cIsFee
	cStakingID
	cReported
	cBasisReported
	cAcquiredAt
	cID
	cToAsset
	numColumns
)

func (f *File) parseCSV(br *bufio.Reader) error {
	cr := newCSVReader(br)
	head, err := cr.read()
	if err != nil {
		return fmt.Errorf("taxfile: CSV header: %w", err)
	}
	var col [numColumns]int // position of each known column in a record, -1 if absent
	for i := range col {
		col[i] = -1
	}
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		known := false
		for c, name := range csvColumns {
			if name == h {
				known = true
				col[c] = i
			}
		}
		if !known {
			return fmt.Errorf("taxfile: unknown CSV column %q (known: %s)", h, strings.Join(csvColumns, ","))
		}
	}
	for _, req := range []int{cTime, cAsset, cQuantity} {
		if col[req] < 0 {
			return fmt.Errorf("taxfile: CSV column %q is required", csvColumns[req])
		}
	}
	if col[cFrom] < 0 && col[cTo] < 0 {
		return fmt.Errorf("taxfile: CSV needs a \"from\" or \"to\" column")
	}
	// pos is the known column at each position of a record (-1: none, or a column named again
	// further on, whose last position counts)
	pos := make([]int, len(head))
	for i := range pos {
		pos[i] = -1
	}
	for c, i := range col {
		if i >= 0 {
			pos[i] = c
		}
	}
	var vals [numColumns]string // the current record's trimmed fields by column ("" if absent)
	fill := func(rec []string) {
		n := min(len(rec), len(pos))
		for i, v := range rec[:n] {
			if c := pos[i]; c >= 0 {
				// strings.TrimSpace, unless the field starts and ends with printable ASCII (as
				// fields mostly do; a byte in ' '+1..RuneSelf-1 is one unsigned comparison)
				if n := len(v); n > 0 && (v[0]-'!' >= utf8.RuneSelf-'!' || v[n-1]-'!' >= utf8.RuneSelf-'!') {
					v = strings.TrimSpace(v)
				}
				vals[c] = v
			}
		}
		for _, c := range pos[n:] { // a short record; columns no position names stay ""
			if c >= 0 {
				vals[c] = ""
			}
		}
	}
	boolean := func(c int, line int) (bool, error) {
		switch v := vals[c]; v {
		case "", "0", "false", "no", "n":
			return false, nil
		case "1", "true", "yes", "y":
			return true, nil
		default:
			switch strings.ToLower(v) {
			case "false", "no", "n":
				return false, nil
			case "true", "yes", "y":
				return true, nil
			}
		}
		return false, fmt.Errorf("taxfile: line %d: %s must be true or false", line, csvColumns[c])
	}
	// Records alias the reader's storage until release: the rows of one transaction are kept
	// until it is complete, then released together.
	var cur []row
	var curTx, curTime string
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		err := f.addTx(curTx, curTime, cur)
		cur = cur[:0]
		return err
	}
	flags := col[cIsFee] >= 0 || col[cReported] >= 0 || col[cBasisReported] >= 0 // else every row's are false
	line := 1
	n := 0
	for {
		rec, err := cr.read()
		if err == io.EOF {
			break
		}
		line++
		if err != nil {
			return fmt.Errorf("taxfile: %w", err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		fill(rec)
		if tx := vals[cTx]; tx == "" || tx != curTx {
			if err := flush(); err != nil {
				return err
			}
			// the finished transaction's records are no longer needed, this one's are (read again
			// if that moved them)
			if rec, moved := cr.keepLast(); moved {
				fill(rec)
			}
			n++
			curTx, curTime = vals[cTx], vals[cTime]
			if curTx == "" {
				curTx = "row" + strconv.Itoa(line)
			}
		}
		cur = append(cur, row{line: line, id: vals[cID], label: vals[cLabel], asset: vals[cAsset], qty: vals[cQuantity],
			from: vals[cFrom], to: vals[cTo], value: vals[cValue], feeFiat: vals[cFeeFiat],
			feeAsset: vals[cFeeAsset], feeQty: vals[cFeeQuantity], feeValue: vals[cFeeValue],
			feeFrom: vals[cFeeFrom], stakingID: vals[cStakingID], acquiredAt: vals[cAcquiredAt],
			toAsset: vals[cToAsset]})
		if !flags {
			continue // the row's flags stay false
		}
		rw := &cur[len(cur)-1]
		if rw.isFee, err = boolean(cIsFee, line); err != nil {
			return err
		}
		if rw.reported, err = boolean(cReported, line); err != nil {
			return err
		}
		if rw.basisReported, err = boolean(cBasisReported, line); err != nil {
			return err
		}
	}
	return flush()
}

// parseTime is ParseTime with the file's timeParser (transaction times: consecutive rows mostly
// share a date).
func (f *File) parseTime(s string) (time.Time, error) {
	if t, ok := f.times.wholeSecondUTC(s); ok {
		return t, nil
	}
	return ParseTime(s)
}

// ParseTime accepts RFC 3339 or "YYYY-MM-DD" / "YYYY-MM-DD HH:MM:SS" (UTC).
func ParseTime(s string) (time.Time, error) {
	if t, ok := parseWholeSecondUTC(s); ok {
		return t, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("invalid time %q (want RFC 3339 or YYYY-MM-DD)", s)
}

func (f *File) dec(s string, name func() string, field string, rounded *bool) (tax.Dec, error) {
	d, inexact, err := tax.ParseDecRound(s)
	if err != nil {
		return tax.Dec{}, fmt.Errorf("%s: %s: %w", name(), field, err)
	}
	if inexact {
		*rounded = true
	}
	return d, nil
}

func (f *File) addTx(id, ts string, rows []row) error {
	if ts == "" {
		return errors.New("time is required")
	}
	t, err := f.parseTime(ts)
	if err != nil {
		return err
	}
	txs := &f.Input.Transactions
	if len(f.txEnds) > 0 && t.Before(f.lastTime) {
		return fmt.Errorf("transactions must be in time order (%s is before the previous transaction)", ts)
	}
	f.lastTime = t
	txi := len(f.txEnds)
	if txi > math.MaxUint32 {
		return errors.New("too many transactions")
	}
	if len(f.txNames)+len(id) > math.MaxUint32 {
		return errors.New("transaction ids longer than 4 GiB in total")
	}
	f.txNames = append(f.txNames, id...)
	f.quoted = f.quoted || csvSpecial(id)
	f.txEnds = append(f.txEnds, uint32(len(f.txNames)))
	n := len(rows)
	for i := range rows {
		if rows[i].feeAsset != "" || rows[i].feeQty != "" {
			n++
		}
	}
	trs := f.alloc(n)[:0]
	for i := range rows {
		rw := &rows[i]
		explicit := rw.id
		// the row's name in error messages, built only for an error (not once per row)
		name := func() string {
			if explicit != "" {
				return explicit
			}
			return id + "#" + strconv.Itoa(i+1)
		}
		// built in place: trs has room for every transfer of the transaction (n)
		trs = append(trs, tax.Transfer{})
		tr := &trs[len(trs)-1]
		f.setTransferID(&tr.ID, txi, i+1, explicit, false)
		if tr.Label, err = f.label(rw.label); err != nil {
			return fmt.Errorf("%s: %w", name(), err)
		}
		if rw.asset == "" {
			return fmt.Errorf("%s: asset is required", name())
		}
		tr.Asset = f.intern(rw.asset)
		if rw.qty == "" {
			return fmt.Errorf("%s: quantity is required", name())
		}
		if tr.Quantity, err = f.dec(rw.qty, name, "quantity", &tr.Rounded); err != nil {
			return err
		}
		tr.From, tr.To = f.intern(rw.from), f.intern(rw.to)
		if rw.value != "" {
			if tr.FiatValue, err = f.dec(rw.value, name, "value", &tr.Rounded); err != nil {
				return err
			}
			tr.HasFiatValue = true
		}
		if rw.feeFiat != "" {
			if tr.FeeFiat, err = f.dec(rw.feeFiat, name, "fee_fiat", &tr.Rounded); err != nil {
				return err
			}
		}
		tr.IsFee = rw.isFee
		tr.StakingAccountIdentifier = f.intern(rw.stakingID)
		tr.ToAsset = f.intern(rw.toAsset)
		tr.ReportedOn1099DA, tr.BasisReported = rw.reported, rw.basisReported
		if rw.acquiredAt != "" {
			if tr.AcquiredAt, err = f.parseTime(rw.acquiredAt); err != nil {
				return fmt.Errorf("%s: acquired_at: %w", name(), err)
			}
		}
		if rw.feeAsset != "" || rw.feeQty != "" {
			// a crypto fee paid with this row: its own fee transfer right after it
			if rw.feeAsset == "" || rw.feeQty == "" {
				return fmt.Errorf("%s: fee_asset and fee_quantity go together", name())
			}
			trs = append(trs, tax.Transfer{})
			ft := &trs[len(trs)-1]
			if explicit != "" {
				ft.ID = tr.ID
				ft.ID[1] = 1
			} else {
				f.setTransferID(&ft.ID, txi, i+1, "", true)
			}
			ft.Label, ft.IsFee = tax.LabelFee, true
			ft.Asset = f.intern(rw.feeAsset)
			if ft.Quantity, err = f.dec(rw.feeQty, name, "fee_quantity", &ft.Rounded); err != nil {
				return err
			}
			from := rw.feeFrom
			if from == "" {
				from = rw.from
			}
			if from == "" {
				from = rw.to // a fee on an inbound row is paid from the receiving account
			}
			ft.From = f.intern(from)
			if rw.feeValue != "" {
				if ft.FiatValue, err = f.dec(rw.feeValue, name, "fee_value", &ft.Rounded); err != nil {
					return err
				}
				ft.HasFiatValue = true
			}
		}
	}
	*txs = append(*txs, tax.Transaction{Time: t, Transfers: trs})
	tx := &(*txs)[len(*txs)-1]
	tx.ID[0] = idTx
	binary.BigEndian.PutUint32(tx.ID[4:8], uint32(txi))
	if f.handOver != nil && !f.hold && len(*txs) >= f.batchSize {
		return f.flushBatch()
	}
	return nil
}

// jsonString appends s as a JSON string.
func jsonString(b []byte, s string) []byte {
	simple := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			simple = false
			break
		}
	}
	if simple {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...)
}
