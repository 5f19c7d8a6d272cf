package reports

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	taxmoney "taxd/internal/money"
	"taxd/internal/store"
	"taxd/internal/tax"
	"taxd/internal/taxsettings"
)

// Report types of the GB and CA rule sets (GraphQL getReportExportV2).
const (
	TypeUKCapitalGainsPDF = "uk-capital-gains-pdf"
	TypeUKCapitalGainsCSV = "uk-capital-gains-csv"
	TypeCASchedule3PDF    = "ca-schedule-3-pdf"
	TypeCASchedule3CSV    = "ca-schedule-3-csv"
)

// checkJurisdiction refuses a report of another jurisdiction's rules than the client's (a Form 8949
// for a GB client, the UK summary for a US one): its figures would not be computed under those
// rules. A report every jurisdiction has (tax.ReportsEveryone) fits every client.
func (s *Service) checkJurisdiction(ctx context.Context, clientID uuid.UUID, field, kind string) error {
	want, own := tax.ReportRules(kind)
	if !own {
		return nil
	}
	c, err := db.New(s.pool).GetClient(ctx, clientID)
	if err != nil {
		return store.Err(err, "client")
	}
	if got := taxsettings.JurisdictionOf(c.Country).Rules(); !slices.Contains(got.Reports, kind) {
		return apperr.InvalidField(field, "%s is a report of %s rules; the client's country is %s (its reports: %s)", kind, want.Jurisdiction, c.Country,
			strings.Join(got.OwnReports(), ", "))
	}
	return nil
}

// jurisDisposal is one disposal as the jurisdiction counts it: under GB all of one token's disposals of a
// day (HMRC's same-day rule makes them one), under CA one transfer. Its pieces' matches add up.
type jurisDisposal struct {
	date                   time.Time
	asset                  string
	quantity               decimal.Decimal
	proceeds, basis, gain  decimal.Decimal
	denied                 decimal.Decimal // CA
	sameDay, thirtyDay     decimal.Decimal // GB: quantities by rule
	pool, uncovered        decimal.Decimal
	missingBasis, transfer string
}

// disposals groups d's pieces into the jurisdiction's disposals, in date order.
func (d Data) disposals() []jurisDisposal {
	loc := d.Location
	if loc == nil {
		loc = time.UTC
	}
	idx := map[string]int{}
	var out []jurisDisposal
	for _, x := range d.Disposals {
		y, m, dd := x.DisposedAt.In(loc).Date()
		day := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
		key := x.AssetKey + "|" + day.Format(time.DateOnly)
		if d.rules().Matcher == tax.MatcherAdjustedCostBase {
			key = x.TransferID.String() // an ACB disposal is one transfer; a section 104 disposal one token's day
		}
		i, ok := idx[key]
		if !ok {
			i = len(out)
			idx[key] = i
			out = append(out, jurisDisposal{date: day, asset: x.Symbol, transfer: x.TransferID.String(), missingBasis: "false"})
		}
		p := &out[i]
		p.quantity = p.quantity.Add(x.Quantity)
		p.proceeds = p.proceeds.Add(x.Proceeds)
		p.basis = p.basis.Add(x.Basis)
		p.gain = p.gain.Add(x.Gain)
		if x.DeniedLoss.Valid {
			p.denied = p.denied.Add(x.DeniedLoss.Decimal)
		}
		if x.MissingBasis || x.Uncovered {
			p.missingBasis = "true"
		}
		switch deref(x.Match) {
		case "same_day":
			p.sameDay = p.sameDay.Add(x.Quantity)
		case "thirty_day":
			p.thirtyDay = p.thirtyDay.Add(x.Quantity)
		case "uncovered":
			p.uncovered = p.uncovered.Add(x.Quantity)
		default:
			p.pool = p.pool.Add(x.Quantity)
		}
	}
	for i := range out { // each line in the cents it prints, so the totals add up (money.Line)
		p := &out[i]
		p.proceeds, p.basis, _, p.gain = taxmoney.Line(p.proceeds, p.basis, decimal.Decimal{})
		p.denied = p.denied.Round(2)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].date.Before(out[j].date) })
	return out
}

// jurisTotals are the figures a return asks for: the number of disposals, proceeds, allowable
// costs (ACB), gains before losses, losses, and (CA) superficial losses denied.
type jurisTotals struct {
	count                          int
	proceeds, basis, gains, losses decimal.Decimal
	denied                         decimal.Decimal
}

func totalsOf(ds []jurisDisposal) jurisTotals {
	var t jurisTotals
	for _, x := range ds {
		t.count++
		t.proceeds = t.proceeds.Add(x.proceeds)
		t.basis = t.basis.Add(x.basis)
		t.denied = t.denied.Add(x.denied)
		if x.gain.Sign() > 0 {
			t.gains = t.gains.Add(x.gain)
		} else {
			t.losses = t.losses.Add(x.gain)
		}
	}
	return t
}

func (d Data) currency() string {
	if d.Currency == "" {
		return "USD"
	}
	return d.Currency
}

// ukCapitalGainsCSV lists the year's disposals as HMRC counts them (one per token and day), with
// the quantities each matching rule took.
func ukCapitalGainsCSV(d Data) ([]byte, error) {
	c := strings.ToLower(d.currency())
	rows := [][]string{{"date", "asset", "quantity", "proceeds_" + c, "allowable_costs_" + c, "gain_" + c, "same_day_quantity", "thirty_day_quantity",
		"section_104_pool_quantity", "uncovered_quantity", "missing_basis"}}
	for _, x := range d.disposals() {
		rows = append(rows, []string{x.date.Format(time.DateOnly), x.asset, x.quantity.String(), money(x.proceeds), money(x.basis), money(x.gain),
			x.sameDay.String(), x.thirtyDay.String(), x.pool.String(), x.uncovered.String(), x.missingBasis})
	}
	return writeCSV(rows)
}

// caSchedule3CSV lists the year's dispositions for Schedule 3 (crypto-assets): proceeds, adjusted
// cost base, the superficial loss denied and the gain or loss.
func caSchedule3CSV(d Data) ([]byte, error) {
	c := strings.ToLower(d.currency())
	rows := [][]string{{"date", "description", "proceeds_of_disposition_" + c, "adjusted_cost_base_" + c, "superficial_loss_denied_" + c,
		"gain_or_loss_" + c, "missing_basis", "transfer_id"}}
	for _, x := range d.disposals() {
		rows = append(rows, []string{x.date.Format(time.DateOnly), x.quantity.String() + " " + x.asset, money(x.proceeds), money(x.basis.Add(x.denied)),
			money(x.denied), money(x.gain), x.missingBasis, x.transfer})
	}
	return writeCSV(rows)
}

// jurisPDF starts a summary page: title, name, period, currency.
func jurisPDF(d Data, title string) *fpdf.Fpdf {
	pdf := newPDF(d, "P")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.CellFormat(0, 8, title, "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 6, "Name: "+d.Name, "", 1, "L", false, 0, "")
	pdf.CellFormat(0, 6, "Period: "+d.period()+"    Amounts in "+d.currency(), "", 1, "L", false, 0, "")
	if r := d.rules(); r.Currency != d.currency() {
		// the client's values are in its own currency; the return asks for the rules'
		pdf.SetFont("Helvetica", "B", 10)
		pdf.MultiCell(0, 5, fmt.Sprintf("The return under %s rules is made in %s, these figures are in %s: a client filing there keeps its "+
			"ledger in %s (the currency is chosen before the first import).", r.Name, r.Currency, d.currency(), r.Currency), "", "L", false)
		pdf.SetFont("Helvetica", "", 10)
	}
	pdf.Ln(2)
	return pdf
}

// ukCapitalGainsPDF is the capital gains summary of a UK tax year: the SA108 figures for
// cryptoassets and the disposals behind them.
func ukCapitalGainsPDF(d Data) ([]byte, error) {
	label := d.period()
	if d.Period == "" {
		label = fmt.Sprintf("%d/%02d (6 April %d to 5 April %d)", d.Year, (d.Year+1)%100, d.Year, d.Year+1)
	}
	pdf := jurisPDF(d, "UK capital gains summary (SA108, cryptoassets) - "+label)
	ds := d.disposals()
	t := totalsOf(ds)
	line(pdf, "Number of disposals", fmt.Sprint(t.count))
	line(pdf, "Disposal proceeds", money(t.proceeds))
	line(pdf, "Allowable costs (including purchase price)", money(t.basis))
	line(pdf, "Gains in the year, before losses", money(t.gains))
	line(pdf, "Losses in the year", money(t.losses.Neg()))
	line(pdf, "Net gain or (loss)", money(t.gains.Add(t.losses)))
	pdf.Ln(3)
	pdf.SetFont("Helvetica", "", 8)
	pdf.MultiCell(0, 4, "Each token's disposals of one day are one disposal, matched with acquisitions of the same day, then of the "+
		"following 30 days, then with the section 104 pool (HMRC Cryptoassets Manual CRYPTO22200 onwards).", "", "L", false)
	pdf.Ln(2)
	table(pdf, []string{"Date", "Asset", "Quantity", "Proceeds", "Costs", "Gain/(loss)"}, []float64{24, 30, 46, 30, 30, 30})
	for _, x := range ds {
		tableRow(pdf, []string{x.date.Format(time.DateOnly), x.asset, x.quantity.String(), money(x.proceeds), money(x.basis), money(x.gain)},
			[]float64{24, 30, 46, 30, 30, 30})
	}
	return pdfBytes(pdf)
}

// caSchedule3PDF is the Schedule 3 summary of a Canadian tax year: dispositions of crypto-assets
// with proceeds, adjusted cost base and gain or loss, the superficial losses denied and the
// taxable capital gain at the 50% inclusion rate.
func caSchedule3PDF(d Data) ([]byte, error) {
	pdf := jurisPDF(d, "Schedule 3 summary (capital gains or losses, crypto-assets) - "+d.period())
	ds := d.disposals()
	t := totalsOf(ds)
	net := t.gains.Add(t.losses)
	line(pdf, "Number of dispositions", fmt.Sprint(t.count))
	line(pdf, "Proceeds of disposition", money(t.proceeds))
	line(pdf, "Adjusted cost base", money(t.basis.Add(t.denied)))
	line(pdf, "Superficial losses denied (added to the ACB of the units held)", money(t.denied))
	line(pdf, "Capital gains", money(t.gains))
	line(pdf, "Capital losses", money(t.losses.Neg()))
	line(pdf, "Net capital gain or (loss)", money(net))
	line(pdf, "Taxable capital gain or (allowable loss) at 50%", money(net.Div(decimal.NewFromInt(2))))
	pdf.Ln(3)
	w := []float64{22, 50, 28, 28, 28, 30}
	table(pdf, []string{"Date", "Description", "Proceeds", "ACB", "Denied", "Gain/(loss)"}, w)
	for _, x := range ds {
		tableRow(pdf, []string{x.date.Format(time.DateOnly), x.quantity.String() + " " + x.asset, money(x.proceeds), money(x.basis.Add(x.denied)),
			money(x.denied), money(x.gain)}, w)
	}
	return pdfBytes(pdf)
}

func table(pdf *fpdf.Fpdf, head []string, w []float64) {
	pdf.SetFont("Helvetica", "B", 8)
	tableRow(pdf, head, w)
	pdf.SetFont("Helvetica", "", 8)
}

func tableRow(pdf *fpdf.Fpdf, cells []string, w []float64) {
	for i, c := range cells {
		align := "R"
		if i < 2 {
			align = "L"
		}
		pdf.CellFormat(w[i], 5, c, "1", 0, align, false, 0, "")
	}
	pdf.Ln(-1)
}
