package reports

import (
	"encoding/csv"
	"io"
	"regexp"
)

// Every CSV a client downloads goes through csvWriter, which neutralises formulas (OWASP "CSV
// injection"): a spreadsheet reads a cell that begins with = + - @, a tab or a carriage return as
// a formula, so such a cell is written with a leading single quote, which spreadsheets show as
// text and tax software reads as part of the text. Names, symbols, hashes and addresses come from
// users and from tokens anyone can deploy ("=HYPERLINK(...)" as an account name or a token symbol).
// A plain number ("-1000.50", a loss) is not a formula and stays as it is, so the figures keep
// their meaning in a spreadsheet and in tax-software imports.
type csvWriter struct{ w *csv.Writer }

func newCSVWriter(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

// plainNumber is a decimal number as the reports write figures and quantities.
var plainNumber = regexp.MustCompile(`^[-+]?[0-9]+(\.[0-9]+)?$`)

// neutralCell returns s as a cell no spreadsheet evaluates.
func neutralCell(s string) string {
	if s == "" || plainNumber.MatchString(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Write writes one record, every cell neutralised.
func (c csvWriter) Write(record []string) error {
	out := make([]string, len(record))
	for i, s := range record {
		out[i] = neutralCell(s)
	}
	return c.w.Write(out)
}

func (c csvWriter) Flush()       { c.w.Flush() }
func (c csvWriter) Error() error { return c.w.Error() }
