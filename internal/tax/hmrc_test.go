package tax_test

import (
	"os"
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/tax"
	"taxd/internal/taxfile"
)

// hmrcDisposal is one disposal as HMRC's Cryptoassets Manual prints it: a token's disposals of one
// day, their consideration, allowable costs and gain, in pounds and pence. Where the manual prints
// whole pounds (it rounds down), pounds is that figure and the pence are the exact arithmetic.
type hmrcDisposal struct {
	paragraph, token, day string
	proceeds, costs, gain string
	pounds                string // the manual's rounded gain, "" where it prints the pence
}

// The pooling examples CRYPTO22251-CRYPTO22257 (gov.uk, Open Government Licence v3.0) as facts:
// testdata/gb_hmrc.csv keys their transactions ("20XX" is 2023).
var hmrcDisposals = []hmrcDisposal{
	{"CRYPTO22251", "A", "2023-12-01", "300000.00", "42000.00", "258000.00", ""},
	{"CRYPTO22252", "B", "2023-06-23", "1400.00", "937.50", "462.50", "462"},
	{"CRYPTO22253", "C", "2023-03-31", "400.00", "235.00", "165.00", ""},
	{"CRYPTO22253", "C", "2023-04-20", "150.00", "130.00", "20.00", ""},
	{"CRYPTO22254", "D", "2024-01-31", "642.00", "562.50", "79.50", "79"},
	{"CRYPTO22255", "E", "2023-08-30", "160000.00", "67500.00", "92500.00", ""},
	{"CRYPTO22256", "F", "2023-07-31", "150000.00", "135000.00", "15000.00", ""},
	{"CRYPTO22256", "F", "2023-08-05", "100000.00", "90000.00", "10000.00", ""},
	{"CRYPTO22256", "F", "2023-08-07", "150000.00", "313636.36", "-163636.36", ""},
	{"CRYPTO22257", "G", "2023-08-31", "4850.00", "4570.00", "280.00", ""},
	{"CRYPTO22257", "H", "2023-08-31", "1920.00", "1653.33", "266.67", ""},
	{"CRYPTO22257", "H", "2023-09-04", "558.00", "540.00", "18.00", ""},
	{"CRYPTO22257", "G", "2023-09-16", "1080.00", "1200.00", "-120.00", ""},
	{"CRYPTO22257", "H", "2023-10-27", "2430.00", "3846.67", "-1416.67", ""},
}

// The section 104 pools the examples end with (quantity and allowable costs).
var hmrcPools = map[string][2]string{
	"A": {"100", "84000.00"}, "B": {"5100", "562.50"}, "C": {"2200", "1060.00"}, "D": {"7500", "937.50"},
	"E": {"10500", "150000.00"}, "F": {"10000", "31363.64"}, "G": {"99730", "298890.00"},
}

// TestHMRCPoolingExamples: under the GB rules every disposal of HMRC's pooling examples (a token's
// day) has the manual's consideration, allowable costs and gain to the penny, and every pool ends
// as the manual's does.
func TestHMRCPoolingExamples(t *testing.T) {
	in, err := os.Open("testdata/gb_hmrc.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	f, err := taxfile.Parse(in, "csv")
	if err != nil {
		t.Fatal(err)
	}
	settings, err := taxfile.ResolveSettings(taxfile.FileSettings{Jurisdiction: "GB"})
	if err != nil {
		t.Fatal(err)
	}
	f.Input.Settings = settings
	res, err := tax.Compute(f.Input)
	if err != nil {
		t.Fatal(err)
	}
	type sums struct{ p, b, g decimal.Decimal }
	days := map[[2]string]*sums{}
	for _, d := range res.Disposals {
		k := [2]string{res.Assets[d.Asset], d.DisposedAt.Time().In(settings.Location).Format("2006-01-02")}
		s := days[k]
		if s == nil {
			s = &sums{}
			days[k] = s
		}
		s.p, s.b, s.g = s.p.Add(d.Proceeds.Decimal()), s.b.Add(d.Basis.Decimal()), s.g.Add(d.Gain().Decimal())
	}
	if len(days) != len(hmrcDisposals) {
		t.Errorf("%d disposals (token days), the manual has %d", len(days), len(hmrcDisposals))
	}
	for _, w := range hmrcDisposals {
		s := days[[2]string{w.token, w.day}]
		if s == nil {
			t.Errorf("%s: no disposal of %s on %s", w.paragraph, w.token, w.day)
			continue
		}
		for _, c := range []struct {
			what      string
			got, want string
		}{{"consideration", s.p.StringFixed(2), w.proceeds}, {"allowable costs", s.b.StringFixed(2), w.costs}, {"gain", s.g.StringFixed(2), w.gain}} {
			if c.got != c.want {
				t.Errorf("%s %s %s: %s %s, the manual %s", w.paragraph, w.token, w.day, c.what, c.got, c.want)
			}
		}
		if w.pounds != "" && s.g.Truncate(0).String() != w.pounds {
			t.Errorf("%s %s %s: gain %s does not round down to the manual's £%s", w.paragraph, w.token, w.day, s.g.StringFixed(2), w.pounds)
		}
	}
	pools := map[string][2]decimal.Decimal{}
	for _, l := range res.Lots {
		a := res.Assets[l.Asset]
		p := pools[a]
		pools[a] = [2]decimal.Decimal{p[0].Add(l.Quantity.Decimal()), p[1].Add(l.Basis.Decimal())}
	}
	for token, w := range hmrcPools {
		if got := pools[token]; got[0].String() != w[0] || got[1].StringFixed(2) != w[1] {
			t.Errorf("pool %s: %s / %s, the manual %s / %s", token, got[0], got[1].StringFixed(2), w[0], w[1])
		}
	}
}
