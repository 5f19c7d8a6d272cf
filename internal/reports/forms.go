package reports

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"

	"taxd/internal/ledger"
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
	pdf.MultiCell(0, 5, "Crypto you received as pay, rewards or gifts of a platform is ordinary income, taxed at its value in "+
		"dollars on the day it arrived (which is also its cost basis when you later sell it). The total goes on Schedule 1 "+
		"(Form 1040), Part I, line 8v, \"Digital assets received as ordinary income not reported elsewhere\". Income you "+
		"report elsewhere (a business's mining on Schedule C, wages) does not belong on line 8v.", "", "L", false)
	pdf.Ln(2)
	for _, t := range types {
		line(pdf, incomeWords(t), money(byType[t]))
	}
	line(pdf, "Line 8v: digital assets received as ordinary income", money(total))
	return pdfBytes(pdf)
}

// incomeWords names an income type as a person reads it ("Staking rewards" for staking_reward),
// by the label catalog's name.
func incomeWords(incomeType string) string {
	if o, ok := ledger.Label(incomeType); ok {
		return o.Name
	}
	return strings.ReplaceAll(incomeType, "_", " ")
}

// The tax-software imports (docs/tax-forms.md cites each format). Each row is one disposal piece
// as Form 8949 reports it: proceeds and basis in dollars and cents, never negative.

// turboTaxCSV is TurboTax's crypto gains-and-losses upload: Currency Name, Purchase Date, Cost
// Basis, Date Sold, Proceeds, the headers in the first row.
func turboTaxCSV(d Data) ([]byte, error) {
	rows := [][]string{{"Currency Name", "Purchase Date", "Cost Basis", "Date Sold", "Proceeds"}}
	for _, x := range d.Disposals {
		rows = append(rows, []string{x.Symbol, day(x.AcquiredAt), money(x.Basis), day(&x.DisposedAt), money(x.Proceeds)})
	}
	return writeCSV(rows)
}

// taxActCSV is TaxAct's Form 1099-B spreadsheet import: the required Description, Date Acquired,
// Date Sold, Sales Proceeds and Cost or Other Basis, with the optional Reporting Category (the
// Form 8949 box) and Long/Short.
func taxActCSV(d Data) ([]byte, error) {
	rows := [][]string{{"Description", "Date Acquired", "Date Sold", "Sales Proceeds", "Cost or Other Basis", "Reporting Category", "Long/Short"}}
	for _, x := range d.Disposals {
		rows = append(rows, []string{description(x.Quantity, x.Symbol), day(x.AcquiredAt), day(&x.DisposedAt), money(x.Proceeds), money(x.Basis), x.FormBox, termWord(x.Term)})
	}
	return writeCSV(rows)
}

// hrBlockCSV is the Form 8949 lines in the fields of H&R Block's Form 1099-B entry: description,
// dates, proceeds, basis, adjustment code and amount, gain or loss, term and the 8949 box.
func hrBlockCSV(d Data) ([]byte, error) {
	rows := [][]string{{"Description of Property", "Date Acquired", "Date Sold", "Proceeds", "Cost Basis", "Adjustment Code", "Adjustment Amount", "Gain or Loss", "Term", "Form 8949 Box"}}
	for _, x := range sortedByBox(d.Disposals) {
		p, b, g := printed(x)
		rows = append(rows, []string{description(x.Quantity, x.Symbol), day(x.AcquiredAt), day(&x.DisposedAt), money(p), money(b),
			"", "", money(g), termWord(x.Term), x.FormBox})
	}
	return writeCSV(rows)
}

// description is Form 8949's column (a) for a quantity of a digital asset ("0.5 BTC"), the
// quantity with at most 8 decimal places as the imports accept.
func description(qty decimal.Decimal, symbol string) string {
	q := qty
	if q.Exponent() < -8 {
		q = q.Round(8)
	}
	return q.String() + " " + symbol
}

func termWord(term string) string {
	if term == "long" {
		return "Long"
	}
	return "Short"
}

// holdingsCSV is the lots held at the end of the period, per asset.
func holdingsCSV(d Data) ([]byte, error) {
	rows := [][]string{{"asset", "account", "quantity", "cost_basis_usd", "date_acquired"}}
	for _, x := range d.Holdings {
		acq := x.AcquiredAt
		rows = append(rows, []string{x.Symbol, x.AccountName, x.Quantity.String(), money(x.Basis), day(&acq)})
	}
	return writeCSV(rows)
}
