package taxforms

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	taxmoney "taxd/internal/money"
	"taxd/internal/reports"
	"taxd/internal/store"
)

// RenderReport renders the reconciled Form 8949 of the run that queued report r, from the form's
// rows and the client's settled results at the time it runs (the report worker calls it for
// ReportType with a job scope on the report's client; see reports.Service.Register).
func (s *Service) RenderReport(ctx context.Context, scope auth.ClientScope, r reports.Report) (reports.File, error) {
	if err := scope.Check(); err != nil {
		return reports.File{}, err
	}
	if r.ClientID != scope.ClientID() {
		return reports.File{}, apperr.NotFoundf("report not found")
	}
	var (
		f    Form
		rows []PreviewRow
	)
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		g, err := q.GetGenerationByReport(ctx, db.GetGenerationByReportParams{ClientID: r.ClientID, ReportID: &r.ID})
		if err != nil {
			return store.Err(err, "tax form generation")
		}
		if f, err = getForm(ctx, q, r.ClientID, g.TaxFormID); err != nil {
			return err
		}
		rec, err := reconcileForm(ctx, q, f)
		if err != nil {
			return err
		}
		rows = Preview(f.FormType, f.TaxYear, rec, g.UseBrokerDataForBoxG)
		return nil
	})
	if err != nil {
		return reports.File{}, err
	}
	body, err := renderPDF(f, rows)
	return reports.File{Name: fmt.Sprintf("reconciled-8949-%d-%s.pdf", f.TaxYear, f.ID), ContentType: "application/pdf", Body: body}, err
}

// renderPDF lays out Form 8949 with one section per box (columns (a)-(h) and the box totals).
// The same rows give the same bytes.
func renderPDF(f Form, rows []PreviewRow) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "Letter", "")
	stamp := time.Date(f.TaxYear+1, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(stamp)
	pdf.SetModificationDate(stamp)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(false)
	widths := []float64{62, 24, 24, 30, 30, 14, 26, 30, 16}
	heads := []string{"(a) Description", "(b) Acquired", "(c) Sold", "(d) Proceeds", "(e) Cost basis", "(f) Code", "(g) Adjust.", "(h) Gain/loss", "1099-DA"}
	var boxes []string
	for _, r := range rows {
		if b := r.Box.String(); !slices.Contains(boxes, b) {
			boxes = append(boxes, b)
		}
	}
	slices.Sort(boxes)
	if len(boxes) == 0 {
		boxes = []string{""}
	}
	money := func(d decimal.Decimal) string { return d.StringFixed(2) }
	for _, box := range boxes {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 14)
		part := "Part I - Short-Term"
		if len(box) == 1 && (box[0] >= 'D' && box[0] <= 'F' || box[0] >= 'J') {
			part = "Part II - Long-Term"
		}
		pdf.CellFormat(0, 8, fmt.Sprintf("Form 8949 (%d) - %s, reconciled with %s %s", f.TaxYear, part, f.BrokerName, f.FormType), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.CellFormat(0, 6, fmt.Sprintf("Box %s checked", box), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 8)
		for i, h := range heads {
			pdf.CellFormat(widths[i], 6, h, "1", 0, "C", false, 0, "")
		}
		pdf.Ln(-1)
		pdf.SetFont("Helvetica", "", 8)
		var proceeds, basis, adj, gain decimal.Decimal
		for _, r := range rows {
			if r.Box.String() != box {
				continue
			}
			acquired := "VARIOUS"
			if r.DateAcquired != nil {
				acquired = r.DateAcquired.UTC().Format("01/02/2006")
			}
			code, reported := "", ""
			if r.AdjustmentCode != nil {
				code = *r.AdjustmentCode
			}
			if r.BrokerReported {
				reported = "yes"
			}
			p, b, a, g := taxmoney.Line(r.Proceeds, r.Basis, r.Adjustment)
			cells := []string{r.Description, acquired, r.DateSold.UTC().Format("01/02/2006"), money(p), money(b), code, money(a), money(g), reported}
			for i, c := range cells {
				align := "R"
				if i == 0 {
					align = "L"
				}
				pdf.CellFormat(widths[i], 5, c, "1", 0, align, false, 0, "")
			}
			pdf.Ln(-1)
			proceeds, basis, adj, gain = proceeds.Add(p), basis.Add(b), adj.Add(a), gain.Add(g)
		}
		pdf.SetFont("Helvetica", "B", 8)
		pdf.CellFormat(widths[0]+widths[1]+widths[2], 6, fmt.Sprintf("Totals (box %s)", box), "1", 0, "L", false, 0, "")
		for i, c := range []string{money(proceeds), money(basis), "", money(adj), money(gain), ""} {
			pdf.CellFormat(widths[3+i], 6, c, "1", 0, "R", false, 0, "")
		}
		pdf.Ln(-1)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
