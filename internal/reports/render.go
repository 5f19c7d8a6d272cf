package reports

import (
	"archive/zip"
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/gen/db"
	taxmoney "taxd/internal/money"
	"taxd/internal/tax"
)

// Types of reports (spec ReportType).
const (
	TypeTaxForms           = "tax-forms"
	TypeForm8949CSV        = "form-8949-csv"
	TypeScheduleDCSV       = "schedule-d-csv"
	TypeCapitalGainsCSV    = "capital-gains-csv"
	TypeIncomeCSV          = "income-csv"
	TypeTransactionHistory = "transaction-history-csv"
	TypeTurboTaxCSV        = "turbotax-csv"
	TypeTaxActCSV          = "taxact-csv"
	TypeHRBlockCSV         = "hrblock-csv"
)

// Types of GraphQL getReportExportV2 only (REST's ReportType enum does not list them).
const (
	TypeForm8949PDF  = "form-8949-pdf"
	TypeScheduleDPDF = "schedule-d-pdf"
	TypeSchedule1PDF = "schedule-1-pdf"
	TypeHoldingsCSV  = "holdings-csv"
)

// Types lists every report type of the REST API.
var Types = []string{TypeTaxForms, TypeForm8949CSV, TypeScheduleDCSV, TypeCapitalGainsCSV, TypeIncomeCSV, TypeTransactionHistory, TypeTurboTaxCSV, TypeTaxActCSV, TypeHRBlockCSV}

// ExportTypes lists every report type getReportExportV2 can produce.
var ExportTypes = append(slices.Clone(Types), TypeForm8949PDF, TypeScheduleDPDF, TypeSchedule1PDF, TypeHoldingsCSV,
	TypeUKCapitalGainsPDF, TypeUKCapitalGainsCSV, TypeCASchedule3PDF, TypeCASchedule3CSV, TypeDEAnlageSOPDF, TypeDEAnlageSOCSV,
	TypeAUCGTSchedulePDF, TypeAUCGTScheduleCSV)

// Data is what a report is rendered from: one period of a client's stored results.
type Data struct {
	ReferenceID  string
	Name         string
	Year         int    // the tax year; for other periods the year the period ends in (file names, fixed stamps)
	Period       string // how documents name the period: "2024", "2024-01-01 to 2024-07-01", "all time"
	Disposals    []db.ListYearDisposalsRow
	Income       []db.ListYearIncomeRow
	Transactions []HistoryRow
	Holdings     []db.ListReportHoldingsRow // END_OF_YEAR_HOLDINGS_CSV: lots held at the end of the period
	Currency     string                     // the client's currency ("" reads USD)
	Jurisdiction string                     // the rule set of the results (tax.Rules.Code)
	Location     *time.Location             // the client's timezone (the days of disposals and income)
	// Summary is the stored year of the results when the period is one tax year (nil otherwise, or
	// before any results): the figures a year carries from earlier ones (net capital losses).
	Summary *db.TaxYearSummary
}

// rules is the rules the report's figures were computed under.
func (d Data) rules() *tax.Rules {
	j, _ := tax.ParseJurisdiction(d.Jurisdiction)
	return j.Rules()
}

// period is Data.Period, defaulting to the tax year as the rules name it ("2024", "2024/25", "2024-25").
func (d Data) period() string {
	if d.Period != "" {
		return d.Period
	}
	return d.rules().TaxYearLabel(d.Year)
}

// HistoryRow is one transfer of the transaction history.
type HistoryRow struct {
	Time          time.Time
	TransactionID string
	Hash          string
	Label         string
	Asset         string
	Quantity      decimal.Decimal
	From, To      string
	FiatValue     *decimal.Decimal
}

// File is a rendered report.
type File struct {
	Name        string
	ContentType string
	Body        []byte
}

// Render produces the report of type kind. It is deterministic for the same data.
func Render(kind string, d Data) (File, error) {
	// the tax year as the rules name it, fit for a file name: 2024, 2024-25
	base := fmt.Sprintf("taxd-%s-%s-%s", kind, strings.ReplaceAll(d.rules().TaxYearLabel(d.Year), "/", "-"), safe(d.ReferenceID))
	csvFile := func(b []byte, err error) (File, error) {
		return File{Name: base + ".csv", ContentType: "text/csv", Body: b}, err
	}
	switch kind {
	case TypeCapitalGainsCSV:
		return csvFile(capitalGainsCSV(d))
	case TypeIncomeCSV:
		return csvFile(incomeCSV(d))
	case TypeForm8949CSV:
		return csvFile(form8949CSV(d))
	case TypeScheduleDCSV:
		return csvFile(scheduleDCSV(d))
	case TypeTurboTaxCSV:
		return csvFile(turboTaxCSV(d))
	case TypeTransactionHistory:
		return csvFile(historyCSV(d))
	case TypeTaxForms:
		b, err := taxFormsZIP(d)
		return File{Name: base + ".zip", ContentType: "application/zip", Body: b}, err
	case TypeForm8949PDF:
		b, err := form8949PDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeScheduleDPDF:
		b, err := scheduleDPDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeSchedule1PDF:
		b, err := schedule1PDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeTaxActCSV:
		return csvFile(taxActCSV(d))
	case TypeHRBlockCSV:
		return csvFile(hrBlockCSV(d))
	case TypeHoldingsCSV:
		return csvFile(holdingsCSV(d))
	case TypeUKCapitalGainsCSV:
		return csvFile(ukCapitalGainsCSV(d))
	case TypeCASchedule3CSV:
		return csvFile(caSchedule3CSV(d))
	case TypeDEAnlageSOCSV:
		return csvFile(deAnlageSOCSV(d))
	case TypeAUCGTScheduleCSV:
		return csvFile(auCGTScheduleCSV(d))
	case TypeDEAnlageSOPDF:
		b, err := deAnlageSOPDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeAUCGTSchedulePDF:
		b, err := auCGTSchedulePDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeUKCapitalGainsPDF:
		b, err := ukCapitalGainsPDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	case TypeCASchedule3PDF:
		b, err := caSchedule3PDF(d)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Body: b}, err
	}
	return File{}, fmt.Errorf("unknown report type %q", kind)
}

func safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			return r
		}
		return '_'
	}, s)
}

func writeCSV(rows [][]string) ([]byte, error) {
	var buf bytes.Buffer
	w := newCSVWriter(&buf)
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// money rounds to cents for display (half away from zero, as on tax forms).
func money(d decimal.Decimal) string { return d.StringFixed(2) }

// printed is a disposal piece's line as every report prints it (money.Line): proceeds, basis and
// gain in cents, the gain the difference of the printed proceeds and basis (a piece's gain is its
// proceeds less its basis). Totals add these, so a report's totals are the sums of its printed lines.
func printed(x db.ListYearDisposalsRow) (proceeds, basis, gain decimal.Decimal) {
	p, b, _, g := taxmoney.Line(x.Proceeds, x.Basis, decimal.Decimal{})
	return p, b, g
}

func day(t *time.Time) string {
	if t == nil {
		return "VARIOUS"
	}
	return t.UTC().Format("01/02/2006")
}

func capitalGainsCSV(d Data) ([]byte, error) {
	c := strings.ToLower(d.currency())
	rows := [][]string{{"asset", "quantity", "date_acquired", "date_sold", "proceeds_" + c, "cost_basis_" + c, "gain_" + c, "term", "form_8949_box", "missing_basis", "transfer_id", "lot_id"}}
	for _, x := range d.Disposals {
		p, b, g := printed(x)
		rows = append(rows, []string{x.Symbol, x.Quantity.String(), day(x.AcquiredAt), day(&x.DisposedAt), money(p), money(b),
			money(g), x.Term, x.FormBox, fmt.Sprint(x.MissingBasis || x.Uncovered), x.TransferID.String(), deref(x.LotID)})
	}
	return writeCSV(rows)
}

func incomeCSV(d Data) ([]byte, error) {
	rows := [][]string{{"date", "asset", "quantity", "income_type", "value_" + strings.ToLower(d.currency()), "transfer_id"}}
	for _, x := range d.Income {
		rows = append(rows, []string{x.ReceivedAt.UTC().Format(time.RFC3339), x.Symbol, x.Quantity.String(), x.IncomeType, money(x.Value), x.TransferID.String()})
	}
	return writeCSV(rows)
}

// Form 8949 columns (a) to (h); one block per box.
func form8949CSV(d Data) ([]byte, error) {
	rows := [][]string{{"box", "(a) description", "(b) date acquired", "(c) date sold", "(d) proceeds", "(e) cost basis", "(f) code", "(g) adjustment", "(h) gain or loss"}}
	for _, x := range sortedByBox(d.Disposals) {
		p, b, g := printed(x)
		rows = append(rows, []string{x.FormBox, x.Quantity.String() + " " + x.Symbol, day(x.AcquiredAt), day(&x.DisposedAt),
			money(p), money(b), "", "0.00", money(g)})
	}
	return writeCSV(rows)
}

func sortedByBox(in []db.ListYearDisposalsRow) []db.ListYearDisposalsRow {
	out := append([]db.ListYearDisposalsRow(nil), in...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].FormBox < out[j].FormBox })
	return out
}

// BoxTotal sums one Form 8949 box.
type BoxTotal struct {
	Box                   string
	Proceeds, Basis, Gain decimal.Decimal
	Count                 int
}

// Totals returns the per-box totals in box order, and the short- and long-term sums.
func Totals(ds []db.ListYearDisposalsRow) (boxes []BoxTotal, short, long BoxTotal) {
	m := map[string]*BoxTotal{}
	for _, x := range ds {
		t, ok := m[x.FormBox]
		if !ok {
			t = &BoxTotal{Box: x.FormBox}
			m[x.FormBox] = t
		}
		p, b, gain := printed(x)
		t.Proceeds, t.Basis, t.Gain, t.Count = t.Proceeds.Add(p), t.Basis.Add(b), t.Gain.Add(gain), t.Count+1
		sum := &short
		if x.Term == "long" {
			sum = &long
		}
		sum.Proceeds, sum.Basis, sum.Gain, sum.Count = sum.Proceeds.Add(p), sum.Basis.Add(b), sum.Gain.Add(gain), sum.Count+1
	}
	for _, t := range m {
		boxes = append(boxes, *t)
	}
	sort.Slice(boxes, func(i, j int) bool { return boxes[i].Box < boxes[j].Box })
	short.Box, long.Box = "short-term", "long-term"
	return boxes, short, long
}

func scheduleDCSV(d Data) ([]byte, error) {
	boxes, short, long := Totals(d.Disposals)
	rows := [][]string{{"schedule_d_line", "form_8949_box", "proceeds", "cost_basis", "adjustments", "gain_or_loss"}}
	for _, b := range boxes {
		rows = append(rows, []string{scheduleDLine[b.Box], b.Box, money(b.Proceeds), money(b.Basis), "0.00", money(b.Gain)})
	}
	rows = append(rows,
		[]string{"7", "net short-term", money(short.Proceeds), money(short.Basis), "0.00", money(short.Gain)},
		[]string{"15", "net long-term", money(long.Proceeds), money(long.Basis), "0.00", money(long.Gain)})
	return writeCSV(rows)
}

func historyCSV(d Data) ([]byte, error) {
	rows := [][]string{{"date", "transaction_id", "hash", "label", "asset", "quantity", "from", "to", "fiat_value_usd"}}
	for _, x := range d.Transactions {
		fv := ""
		if x.FiatValue != nil {
			fv = x.FiatValue.String()
		}
		rows = append(rows, []string{x.Time.UTC().Format(time.RFC3339), x.TransactionID, x.Hash, x.Label, x.Asset, x.Quantity.String(), x.From, x.To, fv})
	}
	return writeCSV(rows)
}

// taxFormsZIP bundles the Form 8949 PDF, the Schedule D summary and the gains and income CSVs.
func taxFormsZIP(d Data) ([]byte, error) {
	pdf, err := form8949PDF(d)
	if err != nil {
		return nil, err
	}
	sched, err := scheduleDCSV(d)
	if err != nil {
		return nil, err
	}
	gains, err := capitalGainsCSV(d)
	if err != nil {
		return nil, err
	}
	income, err := incomeCSV(d)
	if err != nil {
		return nil, err
	}
	f8949, err := form8949CSV(d)
	if err != nil {
		return nil, err
	}
	schedPDF, err := scheduleDPDF(d)
	if err != nil {
		return nil, err
	}
	sched1, err := schedule1PDF(d)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	stamp := time.Date(d.Year+1, 1, 1, 0, 0, 0, 0, time.UTC) // fixed: the same data gives the same bytes
	for _, f := range []struct {
		name string
		body []byte
	}{
		{fmt.Sprintf("form-8949-%d.pdf", d.Year), pdf},
		{fmt.Sprintf("form-8949-%d.csv", d.Year), f8949},
		{fmt.Sprintf("schedule-d-%d.pdf", d.Year), schedPDF},
		{fmt.Sprintf("schedule-1-%d.pdf", d.Year), sched1},
		{fmt.Sprintf("schedule-d-%d.csv", d.Year), sched},
		{fmt.Sprintf("capital-gains-%d.csv", d.Year), gains},
		{fmt.Sprintf("income-%d.csv", d.Year), income},
	} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.body); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
