package reports

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-pdf/fpdf"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// Form 8949 and Schedule D as substitute statements in the IRS layout (portrait Letter): the
// header, the name line, Part I (short term) and Part II (long term) with their check boxes,
// columns (a)-(h), line 2 totals per page, and Schedule D's lines fed by the 8949 boxes. Every box
// in use gets its own set of 8949 pages; each page totals its own rows (line 2), and Schedule D
// carries each box's total over all its pages.

// RowsPer8949Page is the number of transaction lines on one Form 8949 page.
const RowsPer8949Page = 14

const (
	pageW, marginX = 215.9, 10.0
	tableW         = pageW - 2*marginX
)

// Form 8949 columns (a)-(h), in mm; they add up to tableW.
var f8949Widths = []float64{42, 19, 19, 24, 24, 14, 22, 31.9}

// Part I boxes and Part II boxes, each with its description on the form.
var shortBoxes = []string{"A", "B", "C", "G", "H", "I"}
var longBoxes = []string{"D", "E", "F", "J", "K", "L"}

var boxText = map[string]string{
	"A": "Short-term transactions reported on Form(s) 1099-B showing basis was reported to the IRS (see Note above)",
	"B": "Short-term transactions reported on Form(s) 1099-B showing basis wasn't reported to the IRS",
	"C": "Short-term transactions not reported to you on Form 1099-B",
	"G": "Short-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS",
	"H": "Short-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
	"I": "Short-term transactions not reported to you on Form 1099-DA",
	"D": "Long-term transactions reported on Form(s) 1099-B showing basis was reported to the IRS (see Note above)",
	"E": "Long-term transactions reported on Form(s) 1099-B showing basis wasn't reported to the IRS",
	"F": "Long-term transactions not reported to you on Form 1099-B",
	"J": "Long-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS",
	"K": "Long-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
	"L": "Long-term transactions not reported to you on Form 1099-DA",
}

func isLongBox(box string) bool { return strings.Contains("DEFJKL", box) && box != "" }

// boxesOnForm are the check boxes a year's form shows: the 1099-DA boxes (G-L) exist from 2025.
func boxesOnForm(long bool, year int, used map[string]bool) []string {
	all := shortBoxes
	if long {
		all = longBoxes
	}
	if year >= 2025 {
		return all
	}
	out := all[:3]
	for _, b := range all[3:] {
		if used[b] {
			out = append(out, b)
		}
	}
	return out
}

// Form8949Page is one page of a box's set: its rows and their totals (line 2).
type Form8949Page struct {
	Box         string
	Page, Pages int // 1-based page of the box's set, and the set's length
	Rows        []db.ListYearDisposalsRow
	Proceeds    decimal.Decimal
	Basis       decimal.Decimal
	Gain        decimal.Decimal
}

// Form8949Pages lays the disposals out as the form's pages: by box (A-L), each box's rows by
// date sold, RowsPer8949Page to a page, each page with its totals.
func Form8949Pages(ds []db.ListYearDisposalsRow) []Form8949Page {
	byBox := map[string][]db.ListYearDisposalsRow{}
	for _, x := range ds {
		byBox[x.FormBox] = append(byBox[x.FormBox], x)
	}
	boxes := make([]string, 0, len(byBox))
	for b := range byBox {
		boxes = append(boxes, b)
	}
	// Part I's boxes first, then Part II's, each in letter order.
	sort.Slice(boxes, func(i, j int) bool {
		if li, lj := isLongBox(boxes[i]), isLongBox(boxes[j]); li != lj {
			return !li
		}
		return boxes[i] < boxes[j]
	})
	var out []Form8949Page
	for _, b := range boxes {
		rows := byBox[b]
		sort.SliceStable(rows, func(i, j int) bool { return rows[i].DisposedAt.Before(rows[j].DisposedAt) })
		pages := (len(rows) + RowsPer8949Page - 1) / RowsPer8949Page
		for p := range pages {
			pg := Form8949Page{Box: b, Page: p + 1, Pages: pages, Rows: rows[p*RowsPer8949Page : min(len(rows), (p+1)*RowsPer8949Page)]}
			for _, x := range pg.Rows {
				p, b, g := printed(x)
				pg.Proceeds, pg.Basis, pg.Gain = pg.Proceeds.Add(p), pg.Basis.Add(b), pg.Gain.Add(g)
			}
			out = append(out, pg)
		}
	}
	return out
}

// amount formats dollars and cents with thousands separators, a loss in parentheses as on the
// IRS forms.
func amount(d decimal.Decimal) string {
	s := d.Abs().StringFixed(2)
	whole, cents, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := b.String() + "." + cents
	if d.Round(2).IsNegative() {
		return "(" + out + ")"
	}
	return out
}

// irsHeader draws a form's top block: the form name at the left, the title in the middle, the
// OMB number, year and attachment sequence at the right.
func irsHeader(pdf *fpdf.Fpdf, form, dept, title, subtitle, year, seq string) {
	x, y := marginX, 10.0
	pdf.SetLineWidth(0.5)
	pdf.Line(x, y, x+tableW, y)
	pdf.SetLineWidth(0.2)
	pdf.SetXY(x, y+1)
	pdf.SetFont("Helvetica", "B", 13)
	pdf.MultiCell(38, 6, form, "", "L", false)
	pdf.SetXY(x, y+15)
	pdf.SetFont("Helvetica", "", 5.5)
	pdf.MultiCell(38, 2.6, dept, "", "L", false)
	pdf.Line(x+38, y, x+38, y+22)
	pdf.SetXY(x+38, y+2)
	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(tableW-38-36, 6, title, "", 2, "C", false, 0, "")
	pdf.SetFont("Helvetica", "", 6.5)
	pdf.SetX(x + 38)
	pdf.MultiCell(tableW-38-36, 3, subtitle, "", "C", false)
	pdf.Line(x+tableW-36, y, x+tableW-36, y+22)
	pdf.SetXY(x+tableW-36, y+1)
	pdf.SetFont("Helvetica", "", 6)
	pdf.CellFormat(36, 3, "OMB No. 1545-0074", "B", 2, "C", false, 0, "")
	pdf.SetFont("Helvetica", "B", 16)
	pdf.CellFormat(36, 9, year, "B", 2, "C", false, 0, "")
	pdf.SetFont("Helvetica", "", 6)
	pdf.CellFormat(36, 4, "Attachment", "", 2, "L", false, 0, "")
	pdf.CellFormat(36, 3, "Sequence No. "+seq, "", 2, "L", false, 0, "")
	pdf.Line(x, y+22, x+tableW, y+22)
	pdf.SetY(y + 22)
}

// nameLine draws "Name(s) shown on return" with the taxpayer's name (empty when unknown: the
// taxpayer writes it) and the identifying number, which taxd never holds.
func nameLine(pdf *fpdf.Fpdf, name, nameLabel string) {
	y := pdf.GetY()
	w := tableW - 62
	pdf.SetFont("Helvetica", "", 6)
	pdf.SetXY(marginX, y+0.5)
	pdf.CellFormat(w, 3, nameLabel, "", 0, "L", false, 0, "")
	pdf.CellFormat(62, 3, "Social security number or taxpayer identification number", "L", 0, "L", false, 0, "")
	pdf.SetXY(marginX, y+3.5)
	pdf.SetFont("Helvetica", "", 9)
	pdf.CellFormat(w, 5.5, name, "", 0, "L", false, 0, "")
	pdf.CellFormat(62, 5.5, "", "L", 0, "L", false, 0, "")
	pdf.Line(marginX, y+9.5, marginX+tableW, y+9.5)
	pdf.SetY(y + 9.5)
}

// partBar draws "Part I"/"Part II" in a black label and the part's heading beside it.
func partBar(pdf *fpdf.Fpdf, part, heading string) {
	y := pdf.GetY() + 1
	pdf.SetFillColor(0, 0, 0)
	pdf.SetTextColor(255, 255, 255)
	pdf.SetXY(marginX, y)
	pdf.SetFont("Helvetica", "B", 9)
	pdf.CellFormat(14, 5, part, "", 0, "C", true, 0, "")
	pdf.SetTextColor(0, 0, 0)
	pdf.SetXY(marginX+16, y)
	pdf.SetFont("Helvetica", "", 7.5)
	pdf.MultiCell(tableW-16, 3.4, heading, "", "L", false)
	pdf.SetY(max(pdf.GetY(), y+5) + 0.5)
	pdf.Line(marginX, pdf.GetY(), marginX+tableW, pdf.GetY())
}

func para(pdf *fpdf.Fpdf, size float64, text string) {
	pdf.SetFont("Helvetica", "", size)
	pdf.SetX(marginX)
	pdf.MultiCell(tableW, size*0.45, text, "", "L", false)
	pdf.SetY(pdf.GetY() + 0.8)
}

// checkBox draws a form check box, marked with an X when checked, and its text.
func checkBox(pdf *fpdf.Fpdf, box string, checked bool) {
	y := pdf.GetY()
	pdf.Rect(marginX+2, y+0.6, 3, 3, "D")
	if checked {
		pdf.SetFont("Helvetica", "B", 8)
		pdf.SetXY(marginX+2, y+0.6)
		pdf.CellFormat(3, 3, "X", "", 0, "C", false, 0, "")
	}
	pdf.SetXY(marginX+7, y)
	pdf.SetFont("Helvetica", "", 7)
	pdf.CellFormat(tableW-7, 4.2, fmt.Sprintf("(%s)  %s", box, boxText[box]), "", 1, "L", false, 0, "")
}

// form8949PDF renders the Form 8949 pages of the period: one set of pages per box in use.
func form8949PDF(d Data) ([]byte, error) {
	pdf := newPDF(d, "P")
	pdf.SetMargins(marginX, 10, marginX)
	pdf.SetAutoPageBreak(false, 0)
	year := fmt.Sprint(d.Year)
	used := map[string]bool{}
	for _, x := range d.Disposals {
		used[x.FormBox] = true
	}
	pages := Form8949Pages(d.Disposals)
	if len(pages) == 0 { // no disposals: one empty Part I page states it
		pages = []Form8949Page{{Page: 1, Pages: 1}}
	}
	for _, pg := range pages {
		long := isLongBox(pg.Box)
		pdf.AddPage()
		irsHeader(pdf, "Form 8949", "Department of the Treasury\nInternal Revenue Service",
			"Sales and Other Dispositions of Capital Assets",
			"Go to www.irs.gov/Form8949 for instructions and the latest information.\nFile with your Schedule D to list your transactions for lines 1b, 2, 3, 8b, 9, and 10 of Schedule D.",
			year, "12A")
		label := "Name(s) shown on return"
		if long {
			label = "Name(s) shown on return. Name and SSN or taxpayer identification no. not required if shown on other side"
		}
		nameLine(pdf, d.Name, label)
		pdf.SetY(pdf.GetY() + 1)
		para(pdf, 6.5, "Before you check a box below, see whether you received any Form(s) 1099-B or 1099-DA or substitute statement(s) from your broker. "+
			"A substitute statement will have the same information as the form. Either will show whether your basis (usually your cost) was reported to the IRS by your broker and may even tell you which box to check.")
		boxes := boxesOnForm(long, d.Year, used)
		or := func(i int) string { // "A", or "A or G" where the form has the 1099-DA boxes
			if i+3 < len(boxes) {
				return boxes[i] + " or " + boxes[i+3]
			}
			return boxes[i]
		}
		part, heading, which := "Part I", "Short-Term. Transactions involving capital assets you held 1 year or less are generally short term (see instructions). For long-term transactions, see page 2.", "short-term"
		lines := []string{"1b", "2", "3"}
		if long {
			part, heading, which = "Part II", "Long-Term. Transactions involving capital assets you held more than 1 year are generally long term (see instructions). For short-term transactions, see page 1.", "long-term"
			lines = []string{"8b", "9", "10"}
		}
		line2 := fmt.Sprintf("%s (if Box %s above is checked), line %s (if Box %s above is checked), or line %s (if Box %s above is checked)", lines[0], or(0), lines[1], or(1), lines[2], or(2))
		partBar(pdf, part, heading)
		para(pdf, 6.5, fmt.Sprintf("You must check one box below. Check only one box. If more than one box applies for your %s transactions, complete a separate Form 8949, page %d, for each applicable box. "+
			"If you have more %s transactions than will fit on this page for one or more of the boxes, complete as many forms with the same box checked as you need.", which, map[bool]int{false: 1, true: 2}[long], which))
		for _, b := range boxes {
			checkBox(pdf, b, b == pg.Box)
		}
		pdf.SetY(pdf.GetY() + 1)
		table8949(pdf, pg, line2)
		para(pdf, 6, "Note: If you checked a box above but the basis reported to the IRS was incorrect, enter in column (e) the basis as reported to the IRS, and enter an adjustment in column (g) to correct the basis. "+
			"See Column (g) in the separate instructions for how to figure the amount of the adjustment.")
		footer := fmt.Sprintf("Form 8949 (%s)", year)
		if pg.Box != "" {
			footer = fmt.Sprintf("Form 8949 (%s)  Box %s, page %d of %d", year, pg.Box, pg.Page, pg.Pages)
		}
		formFooter(pdf, "Cat. No. 37768Z", footer, d.period())
	}
	return pdfBytes(pdf)
}

// table8949 draws columns (a)-(h), the page's rows and line 2 with its totals.
func table8949(pdf *fpdf.Fpdf, pg Form8949Page, line2 string) {
	w := f8949Widths
	y := pdf.GetY()
	heads := []string{
		"(a)\nDescription of property\n(Example: 100 sh. XYZ Co.)",
		"(b)\nDate acquired\n(Mo., day, yr.)",
		"(c)\nDate sold or\ndisposed of\n(Mo., day, yr.)",
		"(d)\nProceeds\n(sales price)\n(see instructions)",
		"(e)\nCost or other basis.\nSee the Note below\nand see Column (e)\nin the separate\ninstructions",
		"(f)\nCode(s)\nfrom\ninstructions",
		"(g)\nAmount of\nadjustment",
		"(h)\nGain or (loss).\nSubtract column (e)\nfrom column (d) and\ncombine the result\nwith column (g)",
	}
	const headH = 24.0
	pdf.SetLineWidth(0.2)
	pdf.Rect(marginX, y, tableW, headH, "D")
	x := marginX
	pdf.SetXY(marginX+0.6, y+0.6)
	pdf.SetFont("Helvetica", "B", 7)
	pdf.CellFormat(3, 3, "1", "", 0, "L", false, 0, "") // line 1: the transactions
	pdf.SetFont("Helvetica", "", 6)
	for i, h := range heads {
		top := y + 1
		if i == 5 || i == 6 {
			top = y + 10 // under the spanning "Adjustment" heading
		}
		pdf.SetXY(x, top)
		pdf.MultiCell(w[i], 2.6, h, "", "C", false)
		if i > 0 && i != 6 { // the (f)/(g) line starts under the spanning heading, below
			pdf.Line(x, y, x, y+headH)
		}
		x += w[i]
	}
	// "Adjustment, if any, to gain or loss" spans (f) and (g).
	fx := marginX + w[0] + w[1] + w[2] + w[3] + w[4]
	pdf.SetXY(fx, y+0.6)
	pdf.SetFont("Helvetica", "", 5.2)
	pdf.MultiCell(w[5]+w[6], 2.1, "Adjustment, if any, to gain or loss. If you enter an amount in column (g), enter a code in column (f). See the separate instructions.", "", "C", false)
	pdf.Line(fx, y+9.5, fx+w[5]+w[6], y+9.5)
	pdf.Line(fx+w[5], y+9.5, fx+w[5], y+headH)
	pdf.SetXY(marginX, y+headH)
	const rowH = 6.6
	for r := range RowsPer8949Page {
		cells := make([]string, 8)
		if r < len(pg.Rows) {
			x := pg.Rows[r]
			p, b, g := printed(x)
			cells = []string{description(x.Quantity, x.Symbol), day(x.AcquiredAt), day(&x.DisposedAt), amount(p), amount(b), "", "", amount(g)}
		}
		pdf.SetFont("Helvetica", "", 7.5)
		for i, c := range cells {
			align := "R"
			switch i {
			case 0:
				align = "L"
			case 1, 2, 5:
				align = "C"
			}
			pdf.CellFormat(w[i], rowH, c, "1", 0, align, false, 0, "")
		}
		pdf.Ln(rowH)
	}

	// Line 2: the page's totals.
	y2 := pdf.GetY()
	lw := w[0] + w[1] + w[2]
	pdf.Rect(marginX, y2, lw, 13, "D")
	pdf.SetXY(marginX+0.5, y2+0.5)
	pdf.SetFont("Helvetica", "B", 6.5)
	pdf.CellFormat(4, 3, "2", "", 0, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 6)
	pdf.MultiCell(lw-5, 2.5, "Totals. Add the amounts in columns (d), (e), (g), and (h) (subtract negative amounts). Enter each total here and include on your Schedule D, line "+line2, "", "L", false)
	pdf.SetXY(marginX+lw, y2)
	totals := []string{"", "", "", "", ""}
	if len(pg.Rows) > 0 {
		totals = []string{amount(pg.Proceeds), amount(pg.Basis), "", "", amount(pg.Gain)}
	}
	pdf.SetFont("Helvetica", "B", 8)
	for i, c := range totals {
		pdf.CellFormat(w[3+i], 13, c, "1", 0, "R", false, 0, "")
	}
	pdf.SetY(y2 + 14)
}

// formFooter draws the bottom line of a form page.
func formFooter(pdf *fpdf.Fpdf, cat, form, period string) {
	y := 262.0
	pdf.SetLineWidth(0.5)
	pdf.Line(marginX, y, marginX+tableW, y)
	pdf.SetLineWidth(0.2)
	pdf.SetXY(marginX, y+0.5)
	pdf.SetFont("Helvetica", "B", 6.5)
	pdf.CellFormat(85, 3.5, "For Paperwork Reduction Act Notice, see your tax return instructions.", "", 0, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 6.5)
	pdf.CellFormat(30, 3.5, cat, "", 0, "C", false, 0, "")
	pdf.SetFont("Helvetica", "B", 7)
	pdf.CellFormat(tableW-115, 3.5, form, "", 1, "R", false, 0, "")
	pdf.SetFont("Helvetica", "I", 5.5)
	pdf.SetX(marginX)
	pdf.CellFormat(tableW, 3, "Substitute statement prepared by taxd from the taxpayer's ledger for "+period+"; amounts in U.S. dollars.", "", 1, "L", false, 0, "")
}

// Schedule D lines fed by each Form 8949 box.
var scheduleDLine = map[string]string{
	"A": "1b", "B": "2", "C": "3", "G": "1b", "H": "2", "I": "3",
	"D": "8b", "E": "9", "F": "10", "J": "8b", "K": "9", "L": "10",
}

// ScheduleDLines sums the disposals per Schedule D line (1b, 2, 3, 8b, 9, 10) over all their
// Form 8949 pages.
func ScheduleDLines(ds []db.ListYearDisposalsRow) map[string]BoxTotal {
	out := map[string]BoxTotal{}
	for _, x := range ds {
		l := scheduleDLine[x.FormBox]
		t := out[l]
		t.Box = l
		p, b, g := printed(x)
		t.Proceeds, t.Basis, t.Gain, t.Count = t.Proceeds.Add(p), t.Basis.Add(b), t.Gain.Add(g), t.Count+1
		out[l] = t
	}
	return out
}

// scheduleDPDF renders Schedule D (Form 1040): Part I and Part II with the lines the Form 8949
// boxes feed and the net gains (lines 7 and 15), and Part III line 16.
func scheduleDPDF(d Data) ([]byte, error) {
	pdf := newPDF(d, "P")
	pdf.SetMargins(marginX, 10, marginX)
	pdf.SetAutoPageBreak(false, 0)
	year := fmt.Sprint(d.Year)
	or := func(a, b string) string {
		if d.Year >= 2025 {
			return a + " or " + b
		}
		return a
	}
	lines := ScheduleDLines(d.Disposals)
	_, short, long := Totals(d.Disposals)
	pdf.AddPage()
	irsHeader(pdf, "SCHEDULE D\n(Form 1040)", "Department of the Treasury\nInternal Revenue Service", "Capital Gains and Losses",
		"Attach to Form 1040, 1040-SR, or 1040-NR.\nGo to www.irs.gov/ScheduleD for instructions and the latest information.\nUse Form 8949 to list your transactions for lines 1b, 2, 3, 8b, 9, and 10.",
		year, "12")
	nameLine(pdf, d.Name, "Name(s) shown on return")
	pdf.SetY(pdf.GetY() + 1)
	para(pdf, 7, "Did you dispose of any investment(s) in a qualified opportunity fund during the tax year?  Yes / No. If \"Yes,\" attach Form 8949 and see its instructions for additional requirements for reporting your gain or loss.")
	partBar(pdf, "Part I", "Short-Term Capital Gains and Losses - Generally Assets Held One Year or Less (see instructions)")
	sdHeader(pdf, "I")
	sdRow(pdf, "1a", "Totals for all short-term transactions reported on Form 1099-B for which basis was reported to the IRS and for which you have no adjustments (see instructions). However, if you choose to report all these transactions on Form 8949, leave this line blank and go to line 1b.", BoxTotal{}, false)
	sdRow(pdf, "1b", "Totals for all transactions reported on Form(s) 8949 with Box "+or("A", "G")+" checked", lines["1b"], true)
	sdRow(pdf, "2", "Totals for all transactions reported on Form(s) 8949 with Box "+or("B", "H")+" checked", lines["2"], true)
	sdRow(pdf, "3", "Totals for all transactions reported on Form(s) 8949 with Box "+or("C", "I")+" checked", lines["3"], true)
	sdGainRow(pdf, "4", "Short-term gain from Form 6252 and short-term gain or (loss) from Forms 4684, 6781, and 8824", nil)
	sdGainRow(pdf, "5", "Net short-term gain or (loss) from partnerships, S corporations, estates, and trusts from Schedule(s) K-1", nil)
	sdGainRow(pdf, "6", "Short-term capital loss carryover. Enter the amount, if any, from line 8 of your Capital Loss Carryover Worksheet in the instructions", nil)
	sdGainRow(pdf, "7", "Net short-term capital gain or (loss). Combine lines 1a through 6 in column (h). If you have any long-term capital gains or losses, go to Part II below. Otherwise, go to Part III on the back", &short.Gain)
	partBar(pdf, "Part II", "Long-Term Capital Gains and Losses - Generally Assets Held More Than One Year (see instructions)")
	sdHeader(pdf, "II")
	sdRow(pdf, "8a", "Totals for all long-term transactions reported on Form 1099-B for which basis was reported to the IRS and for which you have no adjustments (see instructions). However, if you choose to report all these transactions on Form 8949, leave this line blank and go to line 8b.", BoxTotal{}, false)
	sdRow(pdf, "8b", "Totals for all transactions reported on Form(s) 8949 with Box "+or("D", "J")+" checked", lines["8b"], true)
	sdRow(pdf, "9", "Totals for all transactions reported on Form(s) 8949 with Box "+or("E", "K")+" checked", lines["9"], true)
	sdRow(pdf, "10", "Totals for all transactions reported on Form(s) 8949 with Box "+or("F", "L")+" checked", lines["10"], true)
	sdGainRow(pdf, "11", "Gain from Form 4797, Part I; long-term gain from Forms 2439 and 6252; and long-term gain or (loss) from Forms 4684, 6781, and 8824", nil)
	sdGainRow(pdf, "12", "Net long-term gain or (loss) from partnerships, S corporations, estates, and trusts from Schedule(s) K-1", nil)
	sdGainRow(pdf, "13", "Capital gain distributions. See the instructions", nil)
	sdGainRow(pdf, "14", "Long-term capital loss carryover. Enter the amount, if any, from line 13 of your Capital Loss Carryover Worksheet in the instructions", nil)
	sdGainRow(pdf, "15", "Net long-term capital gain or (loss). Combine lines 8a through 14 in column (h). Then, go to Part III on the back", &long.Gain)
	formFooter(pdf, "Cat. No. 11338H", fmt.Sprintf("Schedule D (Form 1040) %s", year), d.period())

	pdf.AddPage()
	pdf.SetY(10)
	pdf.SetFont("Helvetica", "", 7)
	pdf.CellFormat(tableW, 4, fmt.Sprintf("Schedule D (Form 1040) %s                                                                                                                                      Page 2", year), "B", 1, "L", false, 0, "")
	partBar(pdf, "Part III", "Summary")
	total := short.Gain.Add(long.Gain)
	sdGainRow(pdf, "16", "Combine lines 7 and 15 and enter the result. If line 16 is a gain, enter the amount from line 16 on Form 1040, 1040-SR, or 1040-NR, line 7a; then go to line 17 below. "+
		"If line 16 is a loss, skip lines 17 through 20 below; then go to line 21. Also be sure to complete line 22. If line 16 is zero, skip lines 17 through 21 below and enter -0- on Form 1040, 1040-SR, or 1040-NR, line 7a; then go to line 22.", &total)
	para(pdf, 6.5, "Lines 17 through 22 depend on the rest of the return (qualified dividends, the 28% rate and unrecaptured section 1250 gain worksheets, and the capital loss limit): "+
		"complete them with the Schedule D instructions. Digital assets are not collectibles for the 28% rate unless they represent collectibles.")
	formFooter(pdf, "", fmt.Sprintf("Schedule D (Form 1040) %s", year), d.period())
	return pdfBytes(pdf)
}

// Schedule D's columns (d), (e), (g), (h) right of the line text.
var sdWidths = []float64{tableW - 4*27, 27, 27, 27, 27}

func sdHeader(pdf *fpdf.Fpdf, part string) {
	y := pdf.GetY()
	pdf.SetFont("Helvetica", "", 6)
	pdf.SetXY(marginX, y+0.5)
	pdf.MultiCell(sdWidths[0], 2.6, "See instructions for how to figure the amounts to enter on the lines below.\nThis form may be easier to complete if you round off cents to whole dollars.", "", "L", false)
	x := marginX + sdWidths[0]
	for i, h := range []string{"(d)\nProceeds\n(sales price)", "(e)\nCost\n(or other basis)", "(g)\nAdjustments\nto gain or loss from\nForm(s) 8949, Part " + part + ",\nline 2, column (g)", "(h) Gain or (loss)\nSubtract column (e)\nfrom column (d) and\ncombine the result\nwith column (g)"} {
		pdf.SetXY(x, y+0.5)
		pdf.MultiCell(sdWidths[i+1], 2.5, h, "", "C", false)
		pdf.Line(x, y, x, y+14)
		x += sdWidths[i+1]
	}
	pdf.Line(marginX, y+14, marginX+tableW, y+14)
	pdf.SetY(y + 14)
}

// sdRow is a line with columns (d), (e), (g) and (h); filled shows its totals (zeros when no
// disposal fed it), else the columns stay empty.
func sdRow(pdf *fpdf.Fpdf, line, text string, t BoxTotal, filled bool) {
	cells := []string{"", "", "", ""}
	if filled && t.Count > 0 {
		cells = []string{amount(t.Proceeds), amount(t.Basis), "", amount(t.Gain)}
	}
	sdLine(pdf, line, text, cells)
}

// sdGainRow is a line with an amount in column (h) only (nil: empty).
func sdGainRow(pdf *fpdf.Fpdf, line, text string, gain *decimal.Decimal) {
	h := ""
	if gain != nil {
		h = amount(*gain)
	}
	sdLine(pdf, line, text, []string{"\x00", "\x00", "\x00", h})
}

// sdLine draws one Schedule D line; a "\x00" cell is shaded (the form has no entry there).
func sdLine(pdf *fpdf.Fpdf, line, text string, cells []string) {
	y := pdf.GetY()
	pdf.SetXY(marginX+7, y+0.6)
	pdf.SetFont("Helvetica", "", 6.5)
	pdf.MultiCell(sdWidths[0]-8, 2.7, text, "", "L", false)
	h := max(pdf.GetY()-y+0.6, 7)
	pdf.SetXY(marginX, y+0.6)
	pdf.SetFont("Helvetica", "B", 7)
	pdf.CellFormat(7, 3, line, "", 0, "L", false, 0, "")
	x := marginX + sdWidths[0]
	pdf.SetFillColor(200, 200, 200)
	for i, c := range cells {
		if c == "\x00" {
			pdf.Rect(x, y, sdWidths[i+1], h, "FD")
		} else {
			pdf.SetXY(x, y)
			pdf.SetFont("Helvetica", "B", 8)
			pdf.CellFormat(sdWidths[i+1], h, c, "1", 0, "R", false, 0, "")
		}
		x += sdWidths[i+1]
	}
	pdf.Line(marginX, y+h, marginX+tableW, y+h)
	pdf.SetY(y + h)
}
