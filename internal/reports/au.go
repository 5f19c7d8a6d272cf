package reports

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// Report types of the AU rule set (GraphQL getReportExportV2).
const (
	TypeAUCGTSchedulePDF = "au-cgt-schedule-pdf"
	TypeAUCGTScheduleCSV = "au-cgt-schedule-csv"
)

// cgtSchedule is the CGT schedule summary of an income year: the year's CGT events (one per parcel,
// discount or not) and the figures the schedule and item 18 of the return ask for. The events'
// amounts are the printed cents; the figures are worked from their sums and the net capital losses
// brought forward (the stored year's) by the ATO's method statement (tax.Rules.Taxable), so the
// page adds up as printed.
type cgtSchedule struct {
	events                         []cgtEvent
	proceeds, cost                 decimal.Decimal
	gains, discountGains, losses   decimal.Decimal // losses positive
	broughtForward, carriedForward decimal.Decimal
	currentApplied, priorApplied   decimal.Decimal
	discount, netCapitalGain       decimal.Decimal
	year                           bool // the period is one income year: losses carry and the schedule's figures apply
}

type cgtEvent struct {
	description, acquired, disposed string
	proceeds, cost, gain            decimal.Decimal
	discount, missingBasis          bool
	transfer                        string
}

func (d Data) cgtSchedule() (cgtSchedule, error) {
	loc := d.location()
	var s cgtSchedule
	for _, x := range d.Disposals {
		acq := "unknown"
		if x.AcquiredAt != nil {
			acq = x.AcquiredAt.In(loc).Format(time.DateOnly)
		}
		e := cgtEvent{description: x.Quantity.String() + " " + x.Symbol, acquired: acq, disposed: x.DisposedAt.In(loc).Format(time.DateOnly),
			proceeds: cents(x.Proceeds), cost: cents(x.Basis), discount: x.Term == tax.LongTerm.String(), missingBasis: x.MissingBasis || x.Uncovered,
			transfer: x.TransferID.String()}
		e.gain = e.proceeds.Sub(e.cost)
		s.events = append(s.events, e)
		s.proceeds, s.cost = s.proceeds.Add(e.proceeds), s.cost.Add(e.cost)
		switch {
		case e.gain.Sign() < 0:
			s.losses = s.losses.Sub(e.gain)
		case e.discount:
			s.gains, s.discountGains = s.gains.Add(e.gain), s.discountGains.Add(e.gain)
		default:
			s.gains = s.gains.Add(e.gain)
		}
	}
	s.year = d.Period == ""
	if s.year && d.Summary != nil && d.Summary.LossesBroughtForward.Valid {
		s.broughtForward = cents(d.Summary.LossesBroughtForward.Decimal)
	}
	ys := tax.YearSummary{Year: d.Year}
	for _, f := range []struct {
		v   decimal.Decimal
		out *tax.Dec
	}{{s.gains, &ys.Gains}, {s.discountGains, &ys.LongGains}, {s.losses.Neg(), &ys.Losses}, {s.broughtForward, &ys.LossesBroughtForward}} {
		v, err := tax.DecFromDecimal(f.v)
		if err != nil {
			return s, err
		}
		*f.out = v
	}
	if !d.rules().Taxable(&ys) {
		return s, fmt.Errorf("reports: the CGT schedule totals overflow")
	}
	s.discount, s.netCapitalGain, s.carriedForward = ys.Discount.Decimal(), ys.TaxableGain.Decimal(), ys.LossesCarriedForward.Decimal()
	s.currentApplied = decimal.Min(s.losses, s.gains)
	s.priorApplied = s.broughtForward.Add(s.losses).Sub(s.carriedForward).Sub(s.currentApplied)
	return s, nil
}

// auIncomeYear names income year y as the ATO does: "2024-25 (1 July 2024 to 30 June 2025)".
func auIncomeYear(d Data) string {
	if d.Period != "" {
		return d.Period
	}
	return fmt.Sprintf("%s (1 July %d to 30 June %d)", d.rules().TaxYearLabel(d.Year), d.Year, d.Year+1)
}

// auCGTScheduleCSV lists the year's CGT events, one per parcel, in the cents the PDF prints.
func auCGTScheduleCSV(d Data) ([]byte, error) {
	s, err := d.cgtSchedule()
	if err != nil {
		return nil, err
	}
	c := strings.ToLower(d.currency())
	rows := [][]string{{"date_acquired", "date_disposed", "description", "capital_proceeds_" + c, "cost_base_" + c, "capital_gain_or_loss_" + c,
		"discount_method", "missing_basis", "transfer_id"}}
	for _, e := range s.events {
		rows = append(rows, []string{e.acquired, e.disposed, e.description, money(e.proceeds), money(e.cost), money(e.gain), fmt.Sprint(e.discount),
			fmt.Sprint(e.missingBasis), e.transfer})
	}
	return writeCSV(rows)
}

// auCGTSchedulePDF is the CGT schedule summary of an income year (crypto assets are "other CGT
// assets"): current year capital gains and losses, the losses applied and carried forward, the CGT
// discount and the net capital gain, then the events behind them.
func auCGTSchedulePDF(d Data) ([]byte, error) {
	s, err := d.cgtSchedule()
	if err != nil {
		return nil, err
	}
	pdf := jurisPDF(d, "CGT schedule summary (crypto assets) - "+auIncomeYear(d))
	line(pdf, "Number of CGT events", fmt.Sprint(len(s.events)))
	line(pdf, "Capital proceeds", money(s.proceeds))
	line(pdf, "Cost base", money(s.cost))
	line(pdf, "Total current year capital gains (label H)", money(s.gains))
	line(pdf, "   of which discount capital gains (assets held 12 months or more)", money(s.discountGains))
	line(pdf, "Total current year capital losses", money(s.losses))
	line(pdf, "Total current year capital losses applied", money(s.currentApplied))
	if s.year {
		line(pdf, "Total prior year net capital losses applied", money(s.priorApplied))
	}
	line(pdf, "Total CGT discount applied (50%)", money(s.discount))
	line(pdf, "Net capital gain (label A)", money(s.netCapitalGain))
	line(pdf, "Net capital losses carried forward to later income years (label V)", money(s.carriedForward))
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 8)
	note := "Losses reduce gains without the discount first, then discount gains; the 50% discount applies to what is left " +
		"(ITAA 1997 s 102-5). A discount gain is made on a parcel acquired at least 12 months before the disposal, not counting either day. " +
		"Parcels are matched first in, first out across your accounts."
	if !s.year {
		note += " Losses carried forward belong to an income year: choose one to see those brought forward applied."
	}
	pdf.MultiCell(0, 4, note, "", "L", false)
	pdf.Ln(2)
	w := []float64{46, 22, 22, 30, 30, 30, 10}
	table(pdf, []string{"Asset", "Acquired", "Disposed", "Proceeds", "Cost base", "Gain/(loss)", "Disc."}, w)
	for _, e := range s.events {
		disc := ""
		if e.discount {
			disc = "yes"
		}
		tableRow(pdf, []string{e.description, e.acquired, e.disposed, money(e.proceeds), money(e.cost), money(e.gain), disc}, w)
	}
	return pdfBytes(pdf)
}
