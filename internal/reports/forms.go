package reports

import (
	"bytes"
	"fmt"
	"sort"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"
)

// newPDF starts a deterministic PDF (fixed dates, sorted catalog): the same data gives the same bytes.
func newPDF(d Data, orientation string) *fpdf.Fpdf {
	pdf := fpdf.New(orientation, "mm", "Letter", "")
	stamp := time.Date(d.Year+1, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(stamp)
	pdf.SetModificationDate(stamp)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(false)
	return pdf
}

func pdfBytes(pdf *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// line writes one "label ... amount" row.
func line(pdf *fpdf.Fpdf, label, amount string) {
	pdf.CellFormat(150, 7, label, "1", 0, "L", false, 0, "")
	pdf.CellFormat(40, 7, amount, "1", 1, "R", false, 0, "")
}

// scheduleDPDF lays out the Schedule D (Capital Gains and Losses) lines fed by Form 8949: the
// per-box lines 1b/2/3 and 8b/9/10 and the net short- and long-term gains (lines 7 and 15).
func scheduleDPDF(d Data) ([]byte, error) {
	pdf := newPDF(d, "P")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.CellFormat(0, 8, fmt.Sprintf("Schedule D (Form 1040) - %s", d.period()), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 6, "Name: "+d.Name, "", 1, "L", false, 0, "")
	pdf.Ln(2)
	boxes, short, long := Totals(d.Disposals)
	for _, b := range boxes {
		line(pdf, fmt.Sprintf("Line %s (Form 8949 box %s): proceeds %s, cost %s", scheduleDLine[b.Box], b.Box, money(b.Proceeds), money(b.Basis)), money(b.Gain))
	}
	line(pdf, "Line 7: net short-term capital gain or (loss)", money(short.Gain))
	line(pdf, "Line 15: net long-term capital gain or (loss)", money(long.Gain))
	line(pdf, "Line 16: total", money(short.Gain.Add(long.Gain)))
	return pdfBytes(pdf)
}

// schedule1PDF lays out the Schedule 1 income of digital assets received as ordinary income (line
// 8v), with its split by income type.
func schedule1PDF(d Data) ([]byte, error) {
	pdf := newPDF(d, "P")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.CellFormat(0, 8, fmt.Sprintf("Schedule 1 (Form 1040) - %s", d.period()), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 6, "Name: "+d.Name, "", 1, "L", false, 0, "")
	pdf.Ln(2)
	byType := map[string]decimal.Decimal{}
	var total decimal.Decimal
	for _, x := range d.Income {
		byType[x.IncomeType] = byType[x.IncomeType].Add(x.Value)
		total = total.Add(x.Value)
	}
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		line(pdf, "Digital assets received as "+t, money(byType[t]))
	}
	line(pdf, "Line 8v: digital assets received as ordinary income", money(total))
	return pdfBytes(pdf)
}

// taxActCSV is the disposals in TaxAct's capital-gains import format.
func taxActCSV(d Data) ([]byte, error) {
	rows := [][]string{{"Description", "Date Acquired", "Date Sold", "Sales Proceeds", "Cost Basis", "Term"}}
	for _, x := range d.Disposals {
		term := "Short"
		if x.Term == "long" {
			term = "Long"
		}
		rows = append(rows, []string{x.Quantity.String() + " " + x.Symbol, day(x.AcquiredAt), day(&x.DisposedAt), money(x.Proceeds), money(x.Basis), term})
	}
	return writeCSV(rows)
}

// holdingsCSV is the lots held at the end of the period, per asset.
func holdingsCSV(d Data) ([]byte, error) {
	rows := [][]string{{"asset", "account", "quantity", "cost_basis_usd", "date_acquired"}}
	for _, x := range d.Holdings {
		acq := x.AcquiredAt
		rows = append(rows, []string{x.Symbol, x.AccountKey, x.Quantity.String(), money(x.Basis), day(&acq)})
	}
	return writeCSV(rows)
}
