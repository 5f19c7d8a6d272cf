package taxfile

import (
	"bytes"
	"flag"
	"reflect"
	"strings"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// TestFlagsGiveTheSettings: the flags Flags writes make RunCompute's flag parsing resolve the same
// engine settings (AsOf aside, which no flag carries).
func TestFlagsGiveTheSettings(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []tax.Settings{
		{Methods: []tax.MethodChange{{Method: tax.FIFO}}, Location: time.UTC, PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Methods: []tax.MethodChange{{Method: tax.HIFO}, {FromYear: 2024, Method: tax.LIFO}}, Location: ny,
			PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, ny), FiscalYearStartMonth: time.July, FiscalYearStartDay: 1},
		{Methods: []tax.MethodChange{{Method: tax.AverageCost}}, Location: time.UTC},
		{Jurisdiction: tax.GB, Location: mustLoc(t, "Europe/London")},
		{Jurisdiction: tax.DE, Location: mustLoc(t, "Europe/Berlin")},
		{Jurisdiction: tax.AU, Location: mustLoc(t, "Australia/Sydney")},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var f FileSettings
		fs.StringVar(&f.Jurisdiction, "jurisdiction", "", "")
		fs.StringVar(&f.Timezone, "timezone", "", "")
		fs.StringVar(&f.Method, "method", "", "")
		fs.StringVar(&f.PerWalletFrom, "per-wallet-from", "", "")
		fs.StringVar(&f.FiscalYearStart, "fiscal-year-start", "", "")
		args := Flags(s)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		got, err := ResolveSettings(f)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if !s.Rules().ClientLots {
			s.Methods = []tax.MethodChange{{Method: tax.FIFO}} // ResolveSettings' value; the rules fix the lots
		}
		if !got.PerWalletFrom.Equal(s.PerWalletFrom) {
			t.Errorf("%v: per-wallet from %v, want %v", args, got.PerWalletFrom, s.PerWalletFrom)
		}
		got.PerWalletFrom, s.PerWalletFrom = time.Time{}, time.Time{}
		if got.Location.String() != s.Location.String() {
			t.Errorf("%v: location %v, want %v", args, got.Location, s.Location)
		}
		got.Location, s.Location = nil, nil
		if !reflect.DeepEqual(got, s) {
			t.Errorf("%v: resolved %+v, want %+v", args, got, s)
		}
	}
}

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestWriteInputCSVRoundTrip: every transfer field the CSV format has survives a write and a read
// (a bridge's destination asset, a gift's acquisition date, the 1099-DA flags).
func TestWriteInputCSVRoundTrip(t *testing.T) {
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	in := tax.Input{Transactions: []tax.Transaction{
		{Time: at, Transfers: []tax.Transfer{{Label: tax.LabelGiftReceived, Asset: "ETH (base)", Quantity: tax.MustDec("1.5"), To: "Main, wallet",
			FiatValue: tax.MustDec("3000"), HasFiatValue: true, AcquiredAt: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)}}},
		{Time: at.Add(time.Hour), Transfers: []tax.Transfer{
			{Label: tax.LabelInternal, Asset: "ETH (base)", ToAsset: "ETH (arbitrum)", Quantity: tax.MustDec("1"), From: "Main, wallet", To: "L2"},
			{Label: tax.LabelFee, IsFee: true, Asset: "ETH (base)", Quantity: tax.MustDec("0.001"), From: "Main, wallet", FiatValue: tax.MustDec("2"), HasFiatValue: true}}},
		{Time: at.Add(2 * time.Hour), Transfers: []tax.Transfer{{Asset: "ETH (arbitrum)", Quantity: tax.MustDec("1"), From: "L2",
			FiatValue: tax.MustDec("2500"), HasFiatValue: true, FeeFiat: tax.MustDec("1.25"), ReportedOn1099DA: true, BasisReported: true}}},
	}}
	var buf bytes.Buffer
	if err := WriteInputCSV(&buf, in); err != nil {
		t.Fatal(err)
	}
	f, err := Parse(strings.NewReader(buf.String()), "csv")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	sameTransactions(t, f.Input.Transactions, in.Transactions)
}

// sameTransactions fails t unless got, read back from a written file, are want: the same times and
// transfers (the ids the reader assigns aside, acquisition times compared as instants).
func sameTransactions(t *testing.T, got, want []tax.Transaction) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d transactions read back, want %d", len(got), len(want))
	}
	for i := range got {
		if !got[i].Time.Equal(want[i].Time) || len(got[i].Transfers) != len(want[i].Transfers) {
			t.Fatalf("transaction %d: %+v, want %+v", i, got[i], want[i])
		}
		for j := range got[i].Transfers {
			g, w := got[i].Transfers[j], want[i].Transfers[j]
			g.ID = w.ID
			if !g.AcquiredAt.Equal(w.AcquiredAt) {
				t.Fatalf("transfer %d.%d acquired %v, want %v", i, j, g.AcquiredAt, w.AcquiredAt)
			}
			g.AcquiredAt = w.AcquiredAt
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("transfer %d.%d read back as %+v, want %+v", i, j, g, w)
			}
		}
	}
}

// TestGeneratedLedgerRoundTrip: a generated ledger of many multi-row transactions, much longer
// than the CSV reader's slack (keepSlack) and its read buffer, reads back as the input it was
// written from, transfer by transfer.
func TestGeneratedLedgerRoundTrip(t *testing.T) {
	in := taxgen.Generate(taxgen.Config{Transactions: 3000, Assets: 6, Wallets: 4, Seed: 21})
	var buf bytes.Buffer
	if err := WriteInputCSV(&buf, in); err != nil {
		t.Fatal(err)
	}
	if buf.Len() < 8*keepSlack {
		t.Fatalf("only %d bytes", buf.Len())
	}
	f, err := Parse(bytes.NewReader(buf.Bytes()), "csv")
	if err != nil {
		t.Fatal(err)
	}
	sameTransactions(t, f.Input.Transactions, in.Transactions)
	multi := 0
	for _, tx := range f.Input.Transactions {
		if len(tx.Transfers) > 1 {
			multi++
		}
	}
	if multi < 100 {
		t.Fatalf("only %d transactions of several rows", multi)
	}
}
