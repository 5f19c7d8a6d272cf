package contracttests

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"taxd/internal/testwait"
)

// TestForm8949PDFAddsUpAsPrinted drives a year's Form 8949 as a user does: a ledger whose sale spans
// two lots (pieces with fractions of a cent), the PDF requested with getReportExportV2 and
// downloaded, read back with pdftotext. Every row's (h) is (d) - (e) in the printed cents and line 2
// is the sum of the printed rows; getIncomeAndCapGains and getForm8949PreviewForYear say the same
// totals. By hand (FIFO): 1 ETH bought for $5.00, 9 for $90.01; 3 sold for $100.00: 1 from the first
// lot (proceeds 33.33, basis 5.00, gain 28.33) and 2 from the second (proceeds 66.67, basis 20.00,
// gain 46.67: the unrounded 46.664 would print 46.66); totals 100.00 / 25.00 / 75.00.
func TestForm8949PDFAddsUpAsPrinted(t *testing.T) {
	t.Parallel()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext is missing (apt-get install poppler-utils)")
	}
	e := newWorkingGraphQLEnv(t)
	c := gqlClient1.String()
	e.importFile(t, "Odd cents", "date,type,sent_quantity,sent_asset,received_quantity,received_asset,fiat_value_usd\n"+
		"2023-01-01T12:00:00Z,buy,,,1,ETH,5.00\n"+
		"2023-01-02T12:00:00Z,buy,,,9,ETH,90.01\n"+
		"2023-03-01T12:00:00Z,sell,3,ETH,,,100.00\n")
	e.recalculate(t)
	var x struct {
		DownloadURL *string
		Report      struct{ ID, Status string }
	}
	q := `query($c: ID!) { getReportExportV2(clientId: $c, type: FORM_8949_PDF, dateQueryType: TAX_YEAR, year: "2023", shouldDownload: true) { downloadUrl report { id status } } }`
	testwait.For(t, "the Form 8949 PDF", 60*time.Second, func() bool {
		mustGQL(t, e, "getReportExportV2", q, map[string]any{"c": c}, &x)
		if x.Report.Status == "FAILED" {
			t.Fatalf("report %s failed", x.Report.ID)
		}
		return x.Report.Status == "READY" && x.DownloadURL != nil
	})
	u := *x.DownloadURL
	resp, err := http.Get(e.url + u[strings.Index(u, "/downloads/"):])
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("download: %d %s", resp.StatusCode, body)
	}
	path := filepath.Join(t.TempDir(), "8949.pdf")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	nums := regexp.MustCompile(`\(?[0-9][0-9,]*\.[0-9]{2}\)?`)
	var rows []string
	totals := ""
	inTotals := false
	for _, line := range strings.Split(text, "\n") {
		n := nums.FindAllString(line, -1)
		inTotals = inTotals || strings.Contains(line, "Totals.")
		switch {
		case !inTotals && strings.Contains(line, " ETH") && len(n) == 3:
			rows = append(rows, strings.Join(n, " "))
		case inTotals && len(n) == 3 && totals == "":
			totals = strings.Join(n, " ")
		}
	}
	if strings.Join(rows, "; ") != "33.33 5.00 28.33; 66.67 20.00 46.67" || totals != "100.00 25.00 75.00" {
		t.Errorf("the PDF prints rows %q and line 2 %q; want 33.33 5.00 28.33; 66.67 20.00 46.67 and 100.00 25.00 75.00:\n%s", rows, totals, text)
	}
	var y struct{ ProceedsCents, CostBasisCents, CapGainsCents int64 }
	mustGQL(t, e, "getIncomeAndCapGains", `query($c: ID!) { getIncomeAndCapGains(clientId: $c, year: "2023") { proceedsCents costBasisCents capGainsCents } }`,
		map[string]any{"c": c}, &y)
	if y.ProceedsCents != 10000 || y.CostBasisCents != 2500 || y.CapGainsCents != 7500 {
		t.Errorf("getIncomeAndCapGains 2023: %+v, want 10000 / 2500 / 7500", y)
	}
	var p struct {
		Boxes []struct{ ProceedsCents, CostBasisCents, GainOrLossCents int64 }
		Rows  []struct{ ProceedsCents, CostBasisCents, GainOrLossCents int64 }
	}
	mustGQL(t, e, "getForm8949PreviewForYear", `query($c: ID!) { getForm8949PreviewForYear(clientId: $c, year: 2023) {
		boxes { proceedsCents costBasisCents gainOrLossCents } rows { proceedsCents costBasisCents gainOrLossCents } } }`, map[string]any{"c": c}, &p)
	if len(p.Boxes) != 1 || p.Boxes[0].ProceedsCents != 10000 || p.Boxes[0].CostBasisCents != 2500 || p.Boxes[0].GainOrLossCents != 7500 || len(p.Rows) != 2 {
		t.Errorf("the 2023 preview: %+v, want one box of 10000 / 2500 / 7500 and 2 rows", p)
	}
}
