package reports

import (
	"encoding/csv"
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

// oddCents is a 2025 year whose pieces carry more than cents (as the engine's results do): rows
// whose rounded proceeds and basis differ by one cent from their rounded difference, in box L
// (long term, not reported on a 1099-DA) and box I.
func oddCents() Data {
	d := Data{ReferenceID: "u-1", Name: "Jane Q. Taxpayer", Year: 2025}
	for i, pb := range [][3]string{
		{"L", "513.7349", "90.6151"},     // 513.73 - 90.62 = 423.11 (the difference 423.1198 would print 423.12)
		{"L", "100.004", "0.0049"},       // 100.00 - 0.00
		{"L", "1587.7849", "264.4351"},   // 1,587.78 - 264.44 = 1,323.34 (not 1,323.35)
		{"L", "10785.0049", "9739.2049"}, // 10,785.00 - 9,739.20
		{"I", "20.125", "30.135"},        // 20.13 - 30.14 = (10.01), the difference -10.01 exactly
		{"I", "0.004", "7.333333"},       // 0.00 - 7.33
	} {
		acq := time.Date(2023, 3, 1+i, 0, 0, 0, 0, time.UTC)
		term := "long"
		if pb[0] == "I" {
			term = "short"
			acq = time.Date(2025, 1, 1+i, 0, 0, 0, 0, time.UTC)
		}
		p, b := decimal.RequireFromString(pb[1]), decimal.RequireFromString(pb[2])
		d.Disposals = append(d.Disposals, db.ListYearDisposalsRow{FormBox: pb[0], Term: term, Symbol: "ETH", Quantity: decimal.New(int64(i+1), -1),
			Proceeds: p, Basis: b, Gain: p.Sub(b), AcquiredAt: &acq, DisposedAt: time.Date(2025, 6, 1+i, 0, 0, 0, 0, time.UTC)})
	}
	return d
}

var moneyRe = regexp.MustCompile(`\(?[0-9][0-9,]*\.[0-9]{2}\)?`)

// dollars reads a printed amount: "1,234.56", "(10.01)" a loss.
func dollars(t *testing.T, s string) decimal.Decimal {
	t.Helper()
	neg := strings.HasPrefix(s, "(")
	d, err := decimal.NewFromString(strings.NewReplacer(",", "", "(", "", ")", "").Replace(s))
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	if neg {
		d = d.Neg()
	}
	return d
}

// Every figure Form 8949 prints adds up as printed (pdftotext -layout, line by line): each row's
// (h) is its (d) - (e) in the printed cents, and line 2 is the sum of the printed rows; Schedule D
// carries the same sums, and the CSVs print the same lines.
func TestPrintedFiguresAddUp(t *testing.T) {
	pdftotext := poppler(t, "pdftotext")
	d := oddCents()
	dir := t.TempDir()
	var pages []string
	for _, kind := range []string{TypeForm8949PDF, TypeScheduleDPDF} {
		f, err := Render(kind, d)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, kind+".pdf")
		if err := os.WriteFile(path, f.Body, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, "-layout", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, string(out))
	}
	// Form 8949: per page, the rows (a line with "ETH") and line 2 ("Totals.").
	totals := map[string][3]decimal.Decimal{} // by the page's box
	var sums [3]decimal.Decimal
	rows, boxes, inTotals := 0, 0, false
	for _, line := range strings.Split(pages[0], "\n") {
		nums := moneyRe.FindAllString(line, -1)
		inTotals = inTotals || strings.Contains(line, "Totals.")
		switch {
		case !inTotals && strings.Contains(line, " ETH") && len(nums) == 3:
			p, b, g := dollars(t, nums[0]), dollars(t, nums[1]), dollars(t, nums[2])
			if !p.Sub(b).Equal(g) {
				t.Errorf("row %q: (h) %s is not (d) %s - (e) %s", strings.TrimSpace(line), g, p, b)
			}
			sums = [3]decimal.Decimal{sums[0].Add(p), sums[1].Add(b), sums[2].Add(g)}
			rows++
		case inTotals && len(nums) == 3: // line 2 (its text wraps around the figures)
			inTotals = false
			for i := range 3 {
				if got := dollars(t, nums[i]); !got.Equal(sums[i]) {
					t.Errorf("line 2 column %d prints %s; its rows add up to %s", i, got, sums[i])
				}
			}
			totals[string(rune('A'+boxes))] = sums
			sums = [3]decimal.Decimal{}
			boxes++
		}
	}
	if rows != len(d.Disposals) || boxes != 2 {
		t.Fatalf("read %d rows and %d line-2 totals from the PDF, want %d and 2:\n%s", rows, boxes, len(d.Disposals), pages[0])
	}
	// The row: 513.73 - 90.62 = 423.11; box L's totals 12,986.51 / 10,094.26 / 2,892.25.
	if !inOrder(pages[0], "513.73", "90.62", "423.11") || !inOrder(pages[0], "1,587.78", "264.44", "1,323.34") {
		t.Errorf("the rows do not print 423.11 and 1,323.34:\n%s", pages[0])
	}
	if !inOrder(pages[0], "Totals.", "12,986.51", "10,094.26", "2,892.25") {
		t.Errorf("box L's line 2 is not 12,986.51 / 10,094.26 / 2,892.25:\n%s", pages[0])
	}
	// Schedule D line 3 (box I) and line 10 (box L) carry the printed sums, as do the nets.
	if !inOrder(pages[1], "12,986.51", "10,094.26", "2,892.25") || !inOrder(pages[1], "20.13", "37.47", "(17.34)") {
		t.Errorf("Schedule D does not carry the printed sums:\n%s", pages[1])
	}
	// The Form 8949 CSV prints the same lines, and the Schedule D CSV their sums.
	f, err := Render(TypeForm8949CSV, d)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(string(f.Body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	byBox := map[string][3]decimal.Decimal{}
	for _, r := range recs[1:] {
		p, b, g := dollars(t, r[4]), dollars(t, r[5]), dollars(t, r[8])
		if !p.Sub(b).Equal(g) {
			t.Errorf("CSV row %v: (h) is not (d) - (e)", r)
		}
		s := byBox[r[0]]
		byBox[r[0]] = [3]decimal.Decimal{s[0].Add(p), s[1].Add(b), s[2].Add(g)}
	}
	f, err = Render(TypeScheduleDCSV, d)
	if err != nil {
		t.Fatal(err)
	}
	recs, err = csv.NewReader(strings.NewReader(string(f.Body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] {
		s, ok := byBox[r[1]]
		if !ok {
			continue
		}
		if !dollars(t, r[2]).Equal(s[0]) || !dollars(t, r[3]).Equal(s[1]) || !dollars(t, r[5]).Equal(s[2]) {
			t.Errorf("Schedule D CSV box %s: %v, its rows add up to %v", r[1], r, s)
		}
	}
}

// The UK capital gains summary prints each token's day as one line in pence, and its SA108 figures
// (proceeds, allowable costs, gains, losses, net) are the sums of those lines as printed
// (pdftotext -layout). Two pieces of ETH on one day with fractions of a penny make one line.
func TestUKSummaryAddsUpAsPrinted(t *testing.T) {
	pdftotext := poppler(t, "pdftotext")
	d := Data{ReferenceID: "u-1", Name: "Victoria", Year: 2024, Jurisdiction: "GB", Currency: "GBP"}
	for i, x := range [][4]string{
		{"ETH", "2024-06-01", "33.3349", "5.0049"},  // one day: 33.3349 + 66.6651 = 100.00,
		{"ETH", "2024-06-01", "66.6651", "20.0051"}, // 5.0049 + 20.0051 = 25.01
		{"BTC", "2024-07-01", "10.005", "20.0149"},  // 10.01 - 20.01 = -10.00 (the difference -10.0099 would print -10.01)
		{"SOL", "2024-08-01", "7.3349", "3.3351"},   // 7.33 - 3.34 = 3.99 (the difference 3.9998 would print 4.00)
	} {
		p, b := decimal.RequireFromString(x[2]), decimal.RequireFromString(x[3])
		at, _ := time.Parse(time.DateOnly, x[1])
		d.Disposals = append(d.Disposals, db.ListYearDisposalsRow{FormBox: "", Term: "short", Symbol: x[0], AssetKey: x[0], Quantity: decimal.New(int64(i+1), 0),
			Proceeds: p, Basis: b, Gain: p.Sub(b), DisposedAt: at.Add(time.Duration(i) * time.Hour)})
	}
	f, err := Render(TypeUKCapitalGainsPDF, d)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "uk.pdf")
	if err := os.WriteFile(path, f.Body, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	num := regexp.MustCompile(`-?[0-9][0-9,]*\.[0-9]{2}`)
	figure := map[string]decimal.Decimal{}
	var p, b, gains, losses decimal.Decimal
	lines := 0
	for _, l := range strings.Split(string(out), "\n") {
		n := num.FindAllString(l, -1)
		switch {
		case regexp.MustCompile(`^\s*2024-\d\d-\d\d`).MatchString(l) && len(n) == 3:
			lp, lb, lg := dollars(t, n[0]), dollars(t, n[1]), dollars(t, n[2])
			if !lp.Sub(lb).Equal(lg) {
				t.Errorf("line %q: the gain is not proceeds - costs as printed", strings.TrimSpace(l))
			}
			p, b = p.Add(lp), b.Add(lb)
			if lg.Sign() > 0 {
				gains = gains.Add(lg)
			} else {
				losses = losses.Add(lg)
			}
			lines++
		case len(n) == 1:
			for _, k := range []string{"Disposal proceeds", "Allowable costs", "Gains in the year", "Losses in the year", "Net gain"} {
				if strings.Contains(l, k) {
					figure[k] = dollars(t, n[0])
				}
			}
		}
	}
	if lines != 3 {
		t.Fatalf("read %d disposal lines, want 3 (the two ETH pieces of one day are one):\n%s", lines, out)
	}
	for k, want := range map[string]decimal.Decimal{"Disposal proceeds": p, "Allowable costs": b, "Gains in the year": gains,
		"Losses in the year": losses.Neg(), "Net gain": gains.Add(losses)} {
		if got, ok := figure[k]; !ok || !got.Equal(want) {
			t.Errorf("%s prints %s; its lines add up to %s:\n%s", k, got, want, out)
		}
	}
	if !p.Equal(decimal.RequireFromString("117.34")) || !b.Equal(decimal.RequireFromString("48.36")) {
		t.Errorf("lines add up to %s / %s, want 117.34 / 48.36 (100.00 + 10.01 + 7.33; 25.01 + 20.01 + 3.34)", p, b)
	}
}
