package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/gen/db"
)

func piece(term, acquired, disposed, proceeds, basis string) db.ListYearDisposalsRow {
	acq, _ := time.Parse(time.DateOnly, acquired)
	dis, _ := time.Parse(time.DateOnly, disposed)
	p, b := decimal.RequireFromString(proceeds), decimal.RequireFromString(basis)
	return db.ListYearDisposalsRow{Term: term, Symbol: "BTC", Quantity: decimal.NewFromInt(1), Proceeds: p, Basis: b, Gain: p.Sub(b),
		AcquiredAt: &acq, DisposedAt: dis.Add(12 * time.Hour)}
}

// TestAnlageSO: the private disposals are the pieces held a year or less; their gain is taxed whole
// at the Freigrenze and not at all a cent below it (1,000 EUR from 2024); other income likewise from
// 256 EUR. Rows print in cents and the totals are their sums.
func TestAnlageSO(t *testing.T) {
	d := Data{Year: 2024, Currency: "EUR", Jurisdiction: "DE", Location: time.UTC, Disposals: []db.ListYearDisposalsRow{
		piece("short", "2023-03-15", "2024-03-15", "5000", "2500"),        // held to the anniversary: taxable 2,500
		piece("long", "2023-03-15", "2024-03-16", "5000", "2500"),         // a day more: tax-free
		piece("short", "2024-06-01", "2024-07-01", "500", "3000.014"),     // -2,500.01 as printed
		piece("short", "2024-01-01", "2024-02-01", "1000.004", "1000.00"), // 0.00 as printed
	}, Income: []db.ListYearIncomeRow{{Symbol: "ETH", Quantity: decimal.RequireFromString("0.1"), IncomeType: "staking_reward",
		Value: decimal.RequireFromString("255.99"), ReceivedAt: time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)}}}
	a, err := d.anlageSO()
	if err != nil {
		t.Fatal(err)
	}
	// 2,500 - 2,500.01 + 0 = -0.01: a loss stays a loss
	if a.gain.String() != "-0.01" || a.taxableGain.String() != "-0.01" || a.taxFree != 1 || a.taxFreeGain.String() != "2500" ||
		a.incomeTotal.String() != "255.99" || !a.taxableIncome.IsZero() || a.threshold.String() != "1000" || len(a.disposals) != 3 {
		t.Fatalf("anlage SO %+v", a)
	}
	d.Disposals[2] = piece("short", "2024-06-01", "2024-07-01", "500", "2000.01") // 2,500 - 1,500.01 = 999.99
	if a, _ = d.anlageSO(); a.gain.String() != "999.99" || !a.taxableGain.IsZero() {
		t.Fatalf("999.99: taxable %s", a.taxableGain)
	}
	d.Disposals[2] = piece("short", "2024-06-01", "2024-07-01", "500", "2000") // 1,000.00: taxed whole
	d.Income[0].Value = decimal.NewFromInt(256)
	if a, _ = d.anlageSO(); a.taxableGain.String() != "1000" || a.taxableIncome.String() != "256" {
		t.Fatalf("1,000.00: taxable %s, income %s", a.taxableGain, a.taxableIncome)
	}
	d.Year = 2023 // 600 up to 2023
	if a, _ = d.anlageSO(); a.threshold.String() != "600" || a.taxableGain.String() != "1000" {
		t.Fatalf("2023: threshold %s taxable %s", a.threshold, a.taxableGain)
	}
	f, err := Render(TypeDEAnlageSOCSV, d)
	if err != nil {
		t.Fatal(err)
	}
	want := "section,description,acquired,disposed_or_received,proceeds_eur,acquisition_cost_eur,gain_or_income_eur,missing_basis,transfer_id\n" +
		"private_disposal,1 BTC,2023-03-15,2024-03-15,5000.00,2500.00,2500.00,false,00000000-0000-0000-0000-000000000000\n"
	if !strings.HasPrefix(string(f.Body), want) || !strings.Contains(string(f.Body), "other_income,0.1 ETH (staking_reward),,2024-02-01,,,256.00,false,") ||
		strings.Contains(string(f.Body), "2024-03-16") {
		t.Fatalf("CSV:\n%s", f.Body)
	}
	p, err := Render(TypeDEAnlageSOPDF, d)
	if err != nil || !bytes.HasPrefix(p.Body, []byte("%PDF-")) || !bytes.Contains(p.Body, []byte("Freigrenze 600.00")) || bytes.Contains(p.Body, []byte("is made in")) {
		t.Fatalf("PDF: %v (%d bytes)", err, len(p.Body))
	}
	// a client keeping its ledger in another currency is told the return's
	d.Currency = "USD"
	if p, err = Render(TypeDEAnlageSOPDF, d); err != nil || !bytes.Contains(p.Body, []byte("is made in EUR, these figures are in USD")) {
		t.Fatalf("PDF in USD: %v", err)
	}
}

// TestCGTSchedule: the ATO's Guide to capital gains tax example (Kathleen): a $520 non-discount gain,
// a $3,000 discount gain, a $600 current-year loss and $400 of prior-year net capital losses give a
// net capital gain of $1,260 (label A), the discount $1,260 and nothing carried forward.
func TestCGTSchedule(t *testing.T) {
	d := Data{Year: 2023, Currency: "AUD", Jurisdiction: "AU", Location: time.UTC, Disposals: []db.ListYearDisposalsRow{
		piece("long", "2022-10-01", "2024-01-15", "8000", "5000"),
		piece("short", "2023-09-01", "2024-02-01", "1520", "1000"),
		piece("short", "2023-08-01", "2024-03-01", "1400", "2000"),
	}, Summary: &db.TaxYearSummary{LossesBroughtForward: decimal.NewNullDecimal(decimal.NewFromInt(400))}}
	s, err := d.cgtSchedule()
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]decimal.Decimal{"gains (H)": s.gains, "discount gains": s.discountGains, "losses": s.losses,
		"current applied": s.currentApplied, "prior applied": s.priorApplied, "discount": s.discount, "net capital gain (A)": s.netCapitalGain,
		"carried forward (V)": s.carriedForward} {
		want := map[string]string{"gains (H)": "3520", "discount gains": "3000", "losses": "600", "current applied": "600", "prior applied": "400",
			"discount": "1260", "net capital gain (A)": "1260", "carried forward (V)": "0"}[name]
		if got.String() != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	// a year whose losses exceed its gains carries the rest: 400 + 600 + 5,000 against 3,520
	d.Disposals = append(d.Disposals, piece("short", "2023-08-01", "2024-03-02", "0", "5000"))
	if s, _ = d.cgtSchedule(); !s.netCapitalGain.IsZero() || s.carriedForward.String() != "2480" || s.priorApplied.String() != "0" ||
		s.currentApplied.String() != "3520" {
		t.Fatalf("losses beyond gains: %+v", s)
	}
	f, err := Render(TypeAUCGTScheduleCSV, d)
	if err != nil || !strings.Contains(string(f.Body), "2022-10-01,2024-01-15,1 BTC,8000.00,5000.00,3000.00,true,false,") {
		t.Fatalf("CSV %v:\n%s", err, f.Body)
	}
	p, err := Render(TypeAUCGTSchedulePDF, d)
	if err != nil || !bytes.Contains(p.Body, []byte(`2023-24 \(1 July 2023 to 30 June 2024\)`)) {
		t.Fatalf("PDF %v", err)
	}
}
