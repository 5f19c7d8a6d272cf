package reports

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
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
	time.Sleep(1100 * time.Millisecond) // a render in another second must not differ
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
