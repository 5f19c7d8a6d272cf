package reports

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

func disposal(box, term, qty, proceeds, basis string) db.ListYearDisposalsRow {
	acq := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	p, b := decimal.RequireFromString(proceeds), decimal.RequireFromString(basis)
	return db.ListYearDisposalsRow{FormBox: box, Term: term, Symbol: "BTC", Quantity: decimal.RequireFromString(qty), Proceeds: p, Basis: b,
		Gain: p.Sub(b), AcquiredAt: &acq, DisposedAt: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC), TransferID: uuid.MustParse("00000000-0000-0000-0000-0000000000aa")}
}

func TestTaxFormsZIPIsCompleteAndDeterministic(t *testing.T) {
	d := Data{ReferenceID: "u-1", Name: "Jane", Year: 2024, Disposals: []db.ListYearDisposalsRow{
		disposal("C", "short", "0.5", "30000.004", "20000"),
		disposal("F", "long", "0.1", "5000", "6000.5"),
		disposal("C", "short", "0.2", "100", "50"),
	}}
	f1, err := Render(TypeTaxForms, d)
	if err != nil {
		t.Fatal(err)
	}
	f2, _ := Render(TypeTaxForms, d)
	if !bytes.Equal(f1.Body, f2.Body) {
		t.Fatal("the same data rendered two different ZIPs")
	}
	if f1.Name != "taxd-tax-forms-2024-u-1.zip" || f1.ContentType != "application/zip" {
		t.Fatalf("file %q %q", f1.Name, f1.ContentType)
	}
	zr, err := zip.NewReader(bytes.NewReader(f1.Body), int64(len(f1.Body)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		r, _ := f.Open()
		files[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	if pdf := files["form-8949-2024.pdf"]; !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("Box C")) || !bytes.Contains(pdf, []byte("Box F")) {
		t.Fatalf("the Form 8949 PDF lacks its header or a box section (%d bytes)", len(pdf))
	}
	// Nothing in the files depends on when they were rendered: every stamp is the fixed one (1
	// January after the tax year), none is today's, so a render at another time gives these bytes.
	today := []byte(time.Now().UTC().Format("20060102"))
	for name, body := range files {
		if bytes.Contains(body, today) {
			t.Errorf("%s carries today's date: a render on another day would differ", name)
		}
	}
	for _, f := range zr.File {
		if !f.Modified.Equal(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("%s is stamped %s, want the fixed 2025-01-01", f.Name, f.Modified)
		}
	}
	if pdf := files["form-8949-2024.pdf"]; !bytes.Contains(pdf, []byte("/CreationDate (D:20250101")) {
		t.Errorf("the Form 8949 PDF does not carry the fixed creation date")
	}
	rows, err := csv.NewReader(bytes.NewReader(files["schedule-d-2024.csv"])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"C":              {"3", "C", "30100.00", "20050.00", "0.00", "10050.00"},
		"F":              {"10", "F", "5000.00", "6000.50", "0.00", "-1000.50"},
		"net short-term": {"7", "net short-term", "30100.00", "20050.00", "0.00", "10050.00"},
		"net long-term":  {"15", "net long-term", "5000.00", "6000.50", "0.00", "-1000.50"},
	}
	for _, r := range rows[1:] {
		w, ok := want[r[1]]
		if !ok {
			t.Errorf("unexpected Schedule D row %v", r)
			continue
		}
		for i := range w {
			if r[i] != w[i] {
				t.Errorf("Schedule D %s: %v, want %v", r[1], r, w)
				break
			}
		}
		delete(want, r[1])
	}
	if len(want) > 0 {
		t.Errorf("missing Schedule D rows: %v", want)
	}
}

// Every CSV a report or export writes has the header docs/report-formats.md gives it (a USD
// client's), so the documented formats stay the written ones.
func TestCSVHeadersAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/report-formats.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, l := range strings.Split(string(doc), "\n") {
		documented[l] = true
	}
	d := Data{ReferenceID: "u", Year: 2024, Location: time.UTC}
	for _, kind := range ExportTypes {
		if !strings.HasSuffix(kind, "-csv") {
			continue
		}
		f, err := Render(kind, d)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		header, _, _ := strings.Cut(string(f.Body), "\n")
		if !documented[strings.TrimSuffix(header, "\r")] {
			t.Errorf("%s writes the header %q, which docs/report-formats.md does not give", kind, header)
		}
	}
	if h := strings.Join(historyHeader, ","); !documented[h] {
		t.Errorf("the transaction-history export writes the header %q, which docs/report-formats.md does not give", h)
	}
}

// A bucket that cannot be opened names the setting to fix.
func TestOpenBucketNamesTheSetting(t *testing.T) {
	_, err := OpenBucket(context.Background(), "file:///no/such/taxd/folder", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), `TAXD_BLOB_URL "file:///no/such/taxd/folder"`) {
		t.Fatalf("%v; want an error naming TAXD_BLOB_URL and the URL", err)
	}
}
