package reports

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// Report types of the DE rule set (GraphQL getReportExportV2).
const (
	TypeDEAnlageSOPDF = "de-anlage-so-pdf"
	TypeDEAnlageSOCSV = "de-anlage-so-csv"
)

// anlageSO is what the Anlage SO asks of a calendar year: the private disposals of coins held a year
// or less (§ 23 Abs. 1 Satz 1 Nr. 2 EStG), one row per piece with its own acquisition date, and the
// other income (§ 22 Nr. 3 EStG: staking, lending and other rewards). Amounts are the printed cents;
// the totals are the rows' sums and the Freigrenzen are tested on them (tax.Rules.Taxable), so the
// page adds up as printed.
type anlageSO struct {
	disposals                  []soDisposal
	income                     []soIncome
	proceeds, cost, gain       decimal.Decimal // the taxable pieces' totals
	taxFree                    int             // pieces held more than a year
	taxFreeGain                decimal.Decimal
	incomeTotal                decimal.Decimal
	taxableGain, taxableIncome decimal.Decimal
	threshold, incomeThreshold decimal.Decimal
	tested                     bool // the period is one tax year: the Freigrenzen apply
}

type soDisposal struct {
	description, acquired, disposed string
	proceeds, cost, gain            decimal.Decimal
	missingBasis                    bool
	transfer                        string
}

type soIncome struct {
	date, description, kind string
	value                   decimal.Decimal
	transfer                string
}

// cents is d as printed (money): rounded to cents, half away from zero.
func cents(d decimal.Decimal) decimal.Decimal { return d.Round(2) }

// translated is cells in the PDF's core-font encoding (§, ä and € are in it).
func translated(tr func(string) string, cells ...string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = tr(c)
	}
	return out
}

// location is the client's timezone, whose days the reports print.
func (d Data) location() *time.Location {
	if d.Location == nil {
		return time.UTC
	}
	return d.Location
}

func (d Data) anlageSO() (anlageSO, error) {
	loc := d.location()
	var a anlageSO
	for _, x := range d.Disposals {
		if x.Term == tax.LongTerm.String() {
			a.taxFree++
			a.taxFreeGain = a.taxFreeGain.Add(cents(x.Gain))
			continue
		}
		acq := "unknown"
		if x.AcquiredAt != nil {
			acq = x.AcquiredAt.In(loc).Format(time.DateOnly)
		}
		r := soDisposal{description: x.Quantity.String() + " " + x.Symbol, acquired: acq, disposed: x.DisposedAt.In(loc).Format(time.DateOnly),
			proceeds: cents(x.Proceeds), cost: cents(x.Basis), missingBasis: x.MissingBasis || x.Uncovered, transfer: x.TransferID.String()}
		r.gain = r.proceeds.Sub(r.cost)
		a.disposals = append(a.disposals, r)
		a.proceeds, a.cost, a.gain = a.proceeds.Add(r.proceeds), a.cost.Add(r.cost), a.gain.Add(r.gain)
	}
	for _, x := range d.Income {
		r := soIncome{date: x.ReceivedAt.In(loc).Format(time.DateOnly), description: x.Quantity.String() + " " + x.Symbol, kind: x.IncomeType,
			value: cents(x.Value), transfer: x.TransferID.String()}
		a.income = append(a.income, r)
		a.incomeTotal = a.incomeTotal.Add(r.value)
	}
	rules := d.rules()
	th, ok := tax.ThresholdIn(rules.GainThresholds, d.Year)
	ith, _ := tax.ThresholdIn(rules.IncomeThresholds, d.Year)
	a.threshold, a.incomeThreshold = th.Decimal(), ith.Decimal()
	a.tested = ok && d.Period == ""
	if !a.tested {
		return a, nil
	}
	ys := tax.YearSummary{Year: d.Year}
	var err error
	if ys.ShortGain, err = tax.DecFromDecimal(a.gain); err != nil {
		return a, err
	}
	if ys.IncomeTotal, err = tax.DecFromDecimal(a.incomeTotal); err != nil {
		return a, err
	}
	if !rules.Taxable(&ys) {
		return a, fmt.Errorf("reports: the Anlage SO totals overflow")
	}
	a.taxableGain, a.taxableIncome = ys.TaxableGain.Decimal(), ys.TaxableIncome.Decimal()
	return a, nil
}

// deAnlageSOCSV lists the rows of the Anlage SO: each private disposal piece held a year or less,
// then each income of § 22 Nr. 3 EStG, in euro cents as the PDF prints them.
func deAnlageSOCSV(d Data) ([]byte, error) {
	a, err := d.anlageSO()
	if err != nil {
		return nil, err
	}
	c := strings.ToLower(d.currency())
	rows := [][]string{{"section", "description", "acquired", "disposed_or_received", "proceeds_" + c, "acquisition_cost_" + c, "gain_or_income_" + c,
		"missing_basis", "transfer_id"}}
	for _, x := range a.disposals {
		rows = append(rows, []string{"private_disposal", x.description, x.acquired, x.disposed, money(x.proceeds), money(x.cost), money(x.gain),
			fmt.Sprint(x.missingBasis), x.transfer})
	}
	for _, x := range a.income {
		rows = append(rows, []string{"other_income", x.description + " (" + x.kind + ")", "", x.date, "", "", money(x.value), "false", x.transfer})
	}
	return writeCSV(rows)
}

// deAnlageSOPDF is the Anlage SO summary of a calendar year: other income (§ 22 Nr. 3 EStG) and
// private disposals (§ 23 EStG) with their totals and Freigrenzen, and the rows behind them.
func deAnlageSOPDF(d Data) ([]byte, error) {
	a, err := d.anlageSO()
	if err != nil {
		return nil, err
	}
	pdf := jurisPDF(d, "Anlage SO (crypto assets) - "+d.period())
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(0, 7, tr("Leistungen (§ 22 Nr. 3 EStG): staking, lending and other rewards"), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	line(pdf, tr("Einnahmen (income received, at its value when received)"), money(a.incomeTotal))
	if a.tested {
		line(pdf, tr(fmt.Sprintf("Freigrenze %s: taxable other income", money(a.incomeThreshold))), money(a.taxableIncome))
	}
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(0, 7, tr("Private Veräußerungsgeschäfte (§ 23 Abs. 1 Satz 1 Nr. 2 EStG): coins held a year or less"), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	line(pdf, tr("Veräußerungspreis (sale price)"), money(a.proceeds))
	line(pdf, tr("Anschaffungskosten (acquisition cost, fees included)"), money(a.cost))
	line(pdf, tr("Gewinn / Verlust"), money(a.gain))
	if a.tested {
		line(pdf, tr(fmt.Sprintf("Freigrenze %s: taxable gain (all of it from the Freigrenze on)", money(a.threshold))), money(a.taxableGain))
	}
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 8)
	note := fmt.Sprintf("Coins held more than a year are sold tax-free and are not entered (pieces: %d, gain %s). Lots are kept per "+
		"wallet, first in, first out; a move between own wallets keeps each coin's date and cost.", a.taxFree, money(a.taxFreeGain))
	if !a.tested {
		note += " The Freigrenzen apply to a calendar year: choose a tax year to see them applied."
	}
	pdf.MultiCell(0, 4, tr(note), "", "L", false)
	pdf.Ln(2)
	w := []float64{50, 22, 22, 32, 32, 32}
	table(pdf, translated(tr, "Bezeichnung", "Angeschafft", "Veräußert", "Preis", "Kosten", "Gewinn/Verlust"), w)
	for _, x := range a.disposals {
		tableRow(pdf, []string{x.description, x.acquired, x.disposed, money(x.proceeds), money(x.cost), money(x.gain)}, w)
	}
	pdf.Ln(2)
	w = []float64{72, 22, 64, 32}
	table(pdf, []string{"Einnahme", "Erhalten", "Art", "Wert"}, w)
	for _, x := range a.income {
		tableRow(pdf, []string{x.description, x.date, x.kind, money(x.value)}, w)
	}
	return pdfBytes(pdf)
}
