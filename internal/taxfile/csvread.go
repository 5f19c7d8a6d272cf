package taxfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"io"
	"math/bits"
	"unsafe"
)

// csvReader reads records as encoding/csv does with Comment '#', FieldsPerRecord -1 and no lazy
// quotes, without allocating per record: encoding/csv makes a new string of every record, which for
// a million-row ledger is 100+ MB of garbage that a batch run (collector off) would page in fresh.
// A line without a quote is split in place; a record with quotes (it may span lines) goes to
// encoding/csv itself, so quoting rules and errors are the standard library's.
//
// The fields returned alias the reader's storage: they stay valid until keepLast, which the caller
// calls when it needs only the last record read (parseCSV: when a transaction is complete).
type csvReader struct {
	br     *bufio.Reader
	lines  int    // physical lines consumed
	store  []byte // bytes of the records read since keepLast last reused it
	long   []byte // a line longer than the read buffer
	fields []string
	// the last record, when it was split in place: store[last:]
	last     int
	lastFast bool
}

func newCSVReader(br *bufio.Reader) *csvReader {
	// room for keepSlack bytes of released records and the records after them: the storage is
	// not grown (copied into fresh memory) in the usual case
	return &csvReader{br: br, store: make([]byte, 0, keepSlack+4<<10)}
}

// keepLast releases the records read before the last one and returns the last one's fields. The
// storage is only written at its end, so released records stay where they are until they fill
// keepSlack bytes; then the last record moves to the front and the storage is reused. moved says
// whether it moved: until then the strings read returned for it stay valid.
func (r *csvReader) keepLast() (fields []string, moved bool) {
	if !r.lastFast {
		r.store = r.store[:0]
		return r.fields, false
	}
	if r.last < keepSlack {
		return r.fields, false
	}
	base := unsafe.Pointer(unsafe.SliceData(r.store))
	from := uintptr(base) + uintptr(r.last)
	n := copy(r.store, r.store[r.last:])
	r.store = r.store[:n]
	r.last = 0
	for i, f := range r.fields {
		if len(f) > 0 { // the fields of the last record alias store[last:]: the same offsets from the front
			off := uintptr(unsafe.Pointer(unsafe.StringData(f))) - from
			r.fields[i] = unsafe.String((*byte)(unsafe.Add(base, off)), len(f))
		}
	}
	return r.fields, true
}

// keepSlack is how many bytes of released records csvReader keeps before it reuses their storage.
const keepSlack = 16 << 10

// split splits b at commas into r.fields; ok is false if b has a quote. One pass, eight bytes a
// step: ledger fields are a few bytes each, shorter than bytes.IndexByte's vector loop pays off at.
func (r *csvReader) split(b []byte) (fields []string, ok bool) {
	const commas, quotes = 0x2c2c2c2c2c2c2c2c, 0x2222222222222222
	r.fields = r.fields[:0]
	start, i := 0, 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if zeroBytes(w^quotes) != 0 {
			return nil, false
		}
		for m := zeroBytes(w ^ commas); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)>>3
			r.fields = append(r.fields, unsafe.String(unsafe.SliceData(b[start:]), j-start))
			start = j + 1
		}
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',':
			r.fields = append(r.fields, unsafe.String(unsafe.SliceData(b[start:]), i-start))
			start = i + 1
		case '"':
			return nil, false
		}
	}
	r.fields = append(r.fields, unsafe.String(unsafe.SliceData(b[start:]), len(b)-start))
	return r.fields, true
}

// zeroBytes has the high bit of each zero byte of w set, and no other bit.
func zeroBytes(w uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	// a byte's high bit is set by its own high bit or, without a carry into the next byte, by
	// adding 0x7f to its low seven bits: set for every byte but zero
	return ^((w&low7 + low7) | w | low7)
}

// readLine returns the next physical line with its newline, valid until the next read.
func (r *csvReader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.long = append(r.long[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = r.br.ReadSlice('\n')
			r.long = append(r.long, line...)
		}
		line = r.long
	}
	if len(line) > 0 && err == io.EOF {
		err = nil // a last line without a newline
	}
	if err == nil {
		r.lines++
	}
	return line, err
}

// read returns the next record, io.EOF at the end.
func (r *csvReader) read() ([]string, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if line[0] == '#' {
			continue
		}
		raw := line
		// normalise the line ending as encoding/csv does: "\r\n" -> "\n", then drop it
		n := len(line)
		if line[n-1] == '\n' {
			n--
			if n > 0 && line[n-1] == '\r' {
				n--
			}
		} else if line[n-1] == '\r' { // at the end of the input
			n--
		}
		if n == 0 {
			continue // blank line
		}
		line = line[:n]
		last := len(r.store)
		r.store = append(r.store, line...)
		if rec, ok := r.split(r.store[last:]); ok {
			r.last, r.lastFast = last, true
			return rec, nil
		}
		r.store = r.store[:last]
		r.lastFast = false
		rec, err := r.readQuoted(raw)
		r.fields = rec
		return rec, err
	}
}

// readQuoted reads the rest of a record that contains quotes (lines follow while a quote is open)
// and parses it with encoding/csv, reporting errors at the file's line numbers.
func (r *csvReader) readQuoted(first []byte) ([]string, error) {
	startLine := r.lines
	rec := append([]byte(nil), first...)
	quotes := bytes.Count(first, []byte{'"'})
	for quotes%2 == 1 { // a quote is open: the record goes on
		line, err := r.readLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		rec = append(rec, line...)
		quotes += bytes.Count(line, []byte{'"'})
	}
	cr := csv.NewReader(bytes.NewReader(rec))
	cr.FieldsPerRecord = -1
	fields, err := cr.Read()
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		pe.StartLine += startLine - 1
		pe.Line += startLine - 1
	}
	return fields, err
}
