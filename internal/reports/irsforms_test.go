package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

// poppler returns the path of a poppler tool (pdftoppm, pdftotext); without it the test is
// skipped, unless TAXD_REQUIRE_POPPLER=1 (make test installs poppler-utils and sets it).
func poppler(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("TAXD_REQUIRE_POPPLER") == "1" {
			t.Fatalf("%s is missing: apt-get install poppler-utils", tool)
		}
		t.Skipf("%s is missing (apt-get install poppler-utils; TAXD_REQUIRE_POPPLER=1 makes this a failure)", tool)
	}
	return p
}

// formData is a 2024 year with 20 short-term sales not reported on a 1099 (box C: two pages of
// 14 and 6 lines) and 3 long-term ones (box F), one of them a loss.
func formData() Data {
	d := Data{ReferenceID: "u-1", Name: "Jane Q. Taxpayer", Year: 2024}
	for i := range 20 {
		acq := time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC)
		p := decimal.New(int64(100000+i*12345), -2) // 1,000.00 + 123.45 i
		b := decimal.New(int64(90000+i*10001), -2)
		d.Disposals = append(d.Disposals, db.ListYearDisposalsRow{FormBox: "C", Term: "short", Symbol: "ETH", Quantity: decimal.New(int64(i+1), -1),
			Proceeds: p, Basis: b, AcquiredAt: &acq, DisposedAt: time.Date(2024, 6, 1+i, 0, 0, 0, 0, time.UTC)})
	}
	for i, pb := range [][2]string{{"50000.00", "20000.00"}, {"1234.56", "2000.00"}, {"7000.10", "3000.05"}} {
		acq := time.Date(2021, 3, 1+i, 0, 0, 0, 0, time.UTC)
		d.Disposals = append(d.Disposals, db.ListYearDisposalsRow{FormBox: "F", Term: "long", Symbol: "BTC", Quantity: decimal.RequireFromString("0.5"),
			Proceeds: decimal.RequireFromString(pb[0]), Basis: decimal.RequireFromString(pb[1]), AcquiredAt: &acq, DisposedAt: time.Date(2024, 9, 1+i, 0, 0, 0, 0, time.UTC)})
	}
	return d
}

// render writes the report's PDF, renders every page to PNG with pdftoppm (checking each is a
// portrait page with ink on it) and returns each page's text (pdftotext).
func render(t *testing.T, kind string, d Data, wantPages int) []string {
	t.Helper()
	pdftoppm, pdftotext := poppler(t, "pdftoppm"), poppler(t, "pdftotext")
	f, err := Render(kind, d)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdfPath := filepath.Join(dir, kind+".pdf")
	if err := os.WriteFile(pdfPath, f.Body, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pdftoppm, "-r", "100", "-png", pdfPath, filepath.Join(dir, kind)).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, kind+"-*.png"))
	if len(pngs) != wantPages {
		t.Fatalf("%s: %d pages rendered, want %d", kind, len(pngs), wantPages)
	}
	var texts []string
	for i, p := range pngs {
		r, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(r)
		r.Close()
		if err != nil {
			t.Fatalf("page %d: %v", i+1, err)
		}
		if b := img.Bounds(); b.Dx() >= b.Dy() || ink(img) < 0.005 {
			t.Errorf("page %d: %dx%d with %.1f%% ink; want a portrait page with a form on it", i+1, b.Dx(), b.Dy(), 100*ink(img))
		}
		if shots := os.Getenv("TAXD_FORM_SHOTS"); shots != "" { // screenshots for review
			b, _ := os.ReadFile(p)
			_ = os.WriteFile(filepath.Join(shots, filepath.Base(p)), b, 0o644)
		}
		out, err := exec.Command(pdftotext, "-f", fmt.Sprint(i+1), "-l", fmt.Sprint(i+1), pdfPath, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(out))
	}
	return texts
}

// ink is the share of dark pixels.
func ink(img image.Image) float64 {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0x8000 {
				dark++
			}
		}
	}
	return float64(dark) / float64((b.Dx()/2)*(b.Dy()/2))
}

// inOrder reports whether text holds each of parts, in that order.
func inOrder(text string, parts ...string) bool {
	for _, p := range parts {
		i := strings.Index(text, p)
		if i < 0 {
			return false
		}
		text = text[i+len(p):]
	}
	return true
}

// Form 8949 in the IRS layout, rendered to PNG: one set of pages per box (box C on two pages,
// box F on one), the box checked, columns (a)-(h), and line 2 on every page totalling that
// page's rows (summed here from the input, 14 rows to a page in date order).
func TestForm8949PagesAndTotals(t *testing.T) {
	d := formData()
	pages := render(t, TypeForm8949PDF, d, 3)
	type want struct {
		box, of           string
		rows              []db.ListYearDisposalsRow
		part, name        string
		checked, unchcked string
	}
	c := d.Disposals[:20] // already in date order
	for i, w := range []want{
		{"C", "page 1 of 2", c[:14], "Part I", "Jane Q. Taxpayer", "C", "A"},
		{"C", "page 2 of 2", c[14:], "Part I", "Jane Q. Taxpayer", "C", "B"},
		{"F", "page 1 of 1", d.Disposals[20:], "Part II", "Jane Q. Taxpayer", "F", "D"},
	} {
		text := pages[i]
		var p, b, g decimal.Decimal
		for _, x := range w.rows {
			p, b, g = p.Add(x.Proceeds), b.Add(x.Basis), g.Add(x.Proceeds.Sub(x.Basis))
			if !strings.Contains(text, description(x.Quantity, x.Symbol)) {
				t.Errorf("page %d lacks the row %s", i+1, description(x.Quantity, x.Symbol))
			}
		}
		for _, s := range []string{"Form 8949", "Sales and Other Dispositions of Capital Assets", w.part, w.name, "(a)", "(b)", "(c)", "(d)", "(e)", "(f)", "(g)", "(h)",
			fmt.Sprintf("Form 8949 (2024) Box %s, %s", w.box, w.of)} {
			if !strings.Contains(strings.Join(strings.Fields(text), " "), s) {
				t.Errorf("page %d lacks %q", i+1, s)
			}
		}
		if !regexp.MustCompile(`X\s*\(`+w.checked+`\)`).MatchString(text) || regexp.MustCompile(`X\s*\(`+w.unchcked+`\)`).MatchString(text) {
			t.Errorf("page %d: box %s is not the one checked", i+1, w.checked)
		}
		if !inOrder(text, "Totals.", amount(p), amount(b), amount(g)) {
			t.Errorf("page %d: line 2 totals are not %s %s %s:\n%s", i+1, amount(p), amount(b), amount(g), text)
		}
	}
	if strings.Contains(pages[0], description(c[14].Quantity, c[14].Symbol)) {
		t.Error("the 15th box C row is on the first page")
	}
	// Hand figures of the long-term page: 50,000.00 + 1,234.56 + 7,000.10 and the loss in parentheses.
	if !inOrder(pages[2], "(765.44)", "Totals.", "58,234.66", "25,000.05", "33,234.61") {
		t.Errorf("box F page: want the loss (765.44) and totals 58,234.66 / 25,000.05 / 33,234.61:\n%s", pages[2])
	}
}

// Schedule D in the IRS layout: line 3 carries box C's total over both its 8949 pages, line 10
// box F's, lines 7, 15 and 16 the nets.
func TestScheduleDLines(t *testing.T) {
	d := formData()
	pages := render(t, TypeScheduleDPDF, d, 2)
	var cp, cb, cg decimal.Decimal
	for _, x := range d.Disposals[:20] {
		cp, cb, cg = cp.Add(x.Proceeds), cb.Add(x.Basis), cg.Add(x.Proceeds.Sub(x.Basis))
	}
	lg := decimal.RequireFromString("33234.61")
	if !inOrder(pages[0], "Box C checked", amount(cp), amount(cb), amount(cg)) {
		t.Errorf("line 3 is not box C's total %s %s %s:\n%s", amount(cp), amount(cb), amount(cg), pages[0])
	}
	if !inOrder(pages[0], "Box F checked", "58,234.66", "25,000.05", "33,234.61") {
		t.Errorf("line 10 is not box F's total:\n%s", pages[0])
	}
	if !inOrder(pages[0], "Net short-term capital gain", amount(cg), "Net long-term capital gain", amount(lg)) {
		t.Errorf("lines 7 and 15:\n%s", pages[0])
	}
	if !inOrder(pages[1], "Part III", "Combine lines 7 and 15", amount(cg.Add(lg))) {
		t.Errorf("line 16 is not %s:\n%s", amount(cg.Add(lg)), pages[1])
	}
	if !strings.Contains(pages[0], "Jane Q. Taxpayer") {
		t.Error("Schedule D lacks the taxpayer's name")
	}
}

// A user without a known name gets an empty name line (never the referenceId).
func TestFormsLeaveAnUnknownNameEmpty(t *testing.T) {
	d := formData()
	d.Name, d.ReferenceID = "", "user-xyz-123"
	for _, kind := range []string{TypeForm8949PDF, TypeScheduleDPDF} {
		f, err := Render(kind, d)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(f.Body), "user-xyz-123") {
			t.Errorf("%s prints the referenceId", kind)
		}
	}
	ref := "user-xyz-123"
	if n := TaxpayerName(db.Client{Name: ref, ReferenceID: &ref}); n != nil {
		t.Errorf("TaxpayerName of a user named by its referenceId: %q", *n)
	}
	if n := TaxpayerName(db.Client{Name: "Jane Doe", ReferenceID: &ref}); n == nil || *n != "Jane Doe" {
		t.Errorf("TaxpayerName of Jane Doe: %v", n)
	}
}

func TestAmountFormat(t *testing.T) {
	for in, want := range map[string]string{"0": "0.00", "1234567.891": "1,234,567.89", "-765.444": "(765.44)", "-0.001": "0.00", "999.995": "1,000.00"} {
		if got := amount(decimal.RequireFromString(in)); got != want {
			t.Errorf("amount(%s) = %s, want %s", in, got, want)
		}
	}
}

// The tax-software files carry the documented headers (docs/tax-forms.md) and one row per
// disposal with proceeds and basis in dollars and cents (never negative), the box and term where the
// format has them.
func TestTaxSoftwareCSVs(t *testing.T) {
	d := formData()
	for kind, want := range map[string]struct {
		header []string
		row    []string // the long-term loss (the 22nd disposal)
	}{
		TypeTurboTaxCSV: {[]string{"Currency Name", "Purchase Date", "Cost Basis", "Date Sold", "Proceeds"},
			[]string{"BTC", "03/02/2021", "2000.00", "09/02/2024", "1234.56"}},
		TypeTaxActCSV: {[]string{"Description", "Date Acquired", "Date Sold", "Sales Proceeds", "Cost or Other Basis", "Reporting Category", "Long/Short"},
			[]string{"0.5 BTC", "03/02/2021", "09/02/2024", "1234.56", "2000.00", "F", "Long"}},
		TypeHRBlockCSV: {[]string{"Description of Property", "Date Acquired", "Date Sold", "Proceeds", "Cost Basis", "Adjustment Code", "Adjustment Amount", "Gain or Loss", "Term", "Form 8949 Box"},
			[]string{"0.5 BTC", "03/02/2021", "09/02/2024", "1234.56", "2000.00", "", "", "-765.44", "Long", "F"}},
	} {
		f, err := Render(kind, d)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(f.Body)).ReadAll()
		if err != nil || len(rows) != 1+len(d.Disposals) {
			t.Fatalf("%s: %d rows (%v), want a header and %d", kind, len(rows), err, len(d.Disposals))
		}
		if strings.Join(rows[0], "|") != strings.Join(want.header, "|") {
			t.Errorf("%s header %v, want %v", kind, rows[0], want.header)
		}
		found := false
		for _, r := range rows[1:] {
			found = found || strings.Join(r, "|") == strings.Join(want.row, "|")
		}
		if !found {
			t.Errorf("%s lacks the row %v:\n%s", kind, want.row, f.Body)
		}
	}
}

// Schedule 1 says in plain words what goes on line 8v and names each kind of income as a person
// does, never by its code.
func TestSchedule1InPlainWords(t *testing.T) {
	d := Data{ReferenceID: "u-1", Name: "Jane Q. Taxpayer", Year: 2024, Income: []db.ListYearIncomeRow{
		{IncomeType: "staking_reward", Value: decimal.RequireFromString("75.40"), ReceivedAt: time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), Symbol: "SOL"},
		{IncomeType: "airdrop", Value: decimal.RequireFromString("10.00"), ReceivedAt: time.Date(2024, 4, 1, 0, 0, 0, 0, time.UTC), Symbol: "ARB"},
	}}
	text := strings.Join(render(t, TypeSchedule1PDF, d, 1), "\n")
	for _, want := range []string{"Staking reward", "Airdrop", "line 8v", "Line 8v: digital assets received as ordinary income", "85.40"} {
		if !strings.Contains(text, want) {
			t.Errorf("Schedule 1 lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "staking_reward") {
		t.Errorf("Schedule 1 prints the code staking_reward:\n%s", text)
	}
}
