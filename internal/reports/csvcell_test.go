package reports

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// hostile is text a user or a token's deployer controls, written as a spreadsheet formula.
const hostile = `=HYPERLINK("http://evil.example","acct")`

// formulaStarts are the first characters a spreadsheet reads as the start of a formula.
var formulaStarts = []string{"=", "+", "-", "@", "\t", "\r"}

// TestEveryCSVExportNeutralisesFormulas renders every report type with formulas in every text a
// user or a token can set, and reads back every CSV cell of every file (the ZIP's members too): no
// cell may begin a formula, while the losses stay plain negative numbers.
func TestEveryCSVExportNeutralisesFormulas(t *testing.T) {
	acq := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	fv := decimal.RequireFromString("-12.5")
	d := Data{ReferenceID: "u-1", Name: hostile, Year: 2024, Currency: "USD", Jurisdiction: "US",
		Disposals: []db.ListYearDisposalsRow{{FormBox: "C", Term: "short", Symbol: hostile, Quantity: decimal.RequireFromString("1"),
			Proceeds: decimal.RequireFromString("10"), Basis: decimal.RequireFromString("1010.5"), Gain: decimal.RequireFromString("-1000.5"),
			AcquiredAt: &acq, DisposedAt: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC), TransferID: uuid.New(), LotID: ptr("@SUM(A1)")}},
		Income: []db.ListYearIncomeRow{{Symbol: "+cmd|' /C calc'!A0", IncomeType: "-2+3", Quantity: decimal.RequireFromString("2"),
			Value: decimal.RequireFromString("4"), ReceivedAt: acq, TransferID: uuid.New()}},
		Transactions: []HistoryRow{{Time: acq, TransactionID: "t1", Hash: "\t=1+1", Label: "@label", Asset: hostile,
			Quantity: decimal.RequireFromString("3"), From: hostile, To: "-acct", FiatValue: &fv}},
		Holdings: []db.ListReportHoldingsRow{{Symbol: hostile, AccountKey: "=acct", Quantity: decimal.RequireFromString("1"),
			Basis: decimal.RequireFromString("5"), AcquiredAt: acq}},
	}
	checked := 0
	for _, kind := range ExportTypes {
		for _, j := range []string{"US", "GB", "CA"} {
			d.Jurisdiction = j
			f, err := Render(kind, d)
			if err != nil {
				continue // a kind the jurisdiction does not have
			}
			for name, body := range csvFiles(t, f) {
				rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
				if err != nil {
					t.Fatalf("%s %s %s: %v", kind, j, name, err)
				}
				for _, row := range rows {
					for _, cell := range row {
						checked++
						if plainNumber.MatchString(cell) {
							continue
						}
						for _, s := range formulaStarts {
							if strings.HasPrefix(cell, s) {
								t.Errorf("%s (%s) %s: cell %q begins a formula", kind, j, name, cell)
							}
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d cells read: the test reads no export", checked)
	}
}

// csvFiles is the CSV content of a rendered report: the file itself, or a ZIP's CSV members.
func csvFiles(t *testing.T, f File) map[string][]byte {
	out := map[string][]byte{}
	switch {
	case strings.HasSuffix(f.Name, ".csv"):
		out[f.Name] = f.Body
	case strings.HasSuffix(f.Name, ".zip"):
		zr, err := zip.NewReader(bytes.NewReader(f.Body), int64(len(f.Body)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range zr.File {
			if !strings.HasSuffix(m.Name, ".csv") {
				continue
			}
			r, _ := m.Open()
			out[m.Name], _ = io.ReadAll(r)
			r.Close()
		}
	}
	return out
}

func TestNeutralCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1+1": "'+1+1", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"-1000.50": "-1000.50", "+5": "+5", "12": "12", "": "", "BTC": "BTC", "0xabc": "0xabc", "a=b": "a=b",
	} {
		if got := neutralCell(in); got != want {
			t.Errorf("neutralCell(%q) = %q, want %q", in, got, want)
		}
	}
}
