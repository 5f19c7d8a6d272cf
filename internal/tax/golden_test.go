package tax_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/taxfile"
)

// Golden scenarios: testdata/NAME.csv is a ledger in the taxd compute CSV format; each
// testdata/NAME[.VARIANT].want holds the expected result, computed by hand (the "#" comments show the
// arithmetic). Its first line "# args: ..." gives the settings. Lines:
//
//	D transfer kind account asset lot=ID|- acq=DATE q= p= b= g= term box [flags]   a disposal piece
//	  (non-taxable pieces have no p=, g= or box)
//	I transfer type account asset q= v= [missing_value]                           an income event
//	L lot account asset q= b= acq=DATE src=transfer [missing_basis]               a remaining lot
//	Y year method st=proceeds/basis/gain lt=proceeds/basis/gain inc=total fut=pnl  a tax year
//	  [gains= losses= [long=] [bf= cf= disc=] taxable=] [taxinc=]   under rules with a taxable gain / income threshold
//	W code transfer account asset q=                                              a warning
//
// go test -run Golden -update rewrites the .want bodies from the engine (keeping the comment lines at
// the top); review the diff by hand before committing.
var update = flag.Bool("update", false, "rewrite testdata/*.want from the engine output")

func TestGolden(t *testing.T) {
	wants, err := filepath.Glob("testdata/*.want")
	if err != nil || len(wants) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, wf := range wants {
		name := strings.TrimSuffix(filepath.Base(wf), ".want")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(wf)
			if err != nil {
				t.Fatal(err)
			}
			text := string(raw)
			base, _, _ := strings.Cut(name, ".")
			in, err := os.Open(filepath.Join("testdata", base+".csv"))
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			f, err := taxfile.Parse(in, "csv")
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(text, "\n")
			args, ok := strings.CutPrefix(first, "# args:")
			if !ok {
				t.Fatalf("%s: first line must be '# args: ...'", wf)
			}
			fs, err := parseArgs(strings.Fields(args))
			if err != nil {
				t.Fatal(err)
			}
			settings, err := taxfile.ResolveSettings(fs)
			if err != nil {
				t.Fatal(err)
			}
			f.Input.Settings = settings
			res, err := tax.Compute(f.Input)
			if err != nil {
				t.Fatal(err)
			}
			got := render(f, &res, settings)
			want := body(text)
			if *update {
				head := header(text)
				if err := os.WriteFile(wf, []byte(head+got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != want {
				t.Errorf("%s mismatch\n--- got\n%s--- want\n%s", wf, got, want)
			}
		})
	}
}

func parseArgs(args []string) (taxfile.FileSettings, error) {
	var fs taxfile.FileSettings
	for i := 0; i+1 < len(args); i += 2 {
		v := args[i+1]
		switch args[i] {
		case "--method":
			fs.Method = v
		case "--per-wallet-from":
			fs.PerWalletFrom = v
		case "--timezone":
			fs.Timezone = v
		case "--fiscal-year-start":
			fs.FiscalYearStart = v
		case "--jurisdiction":
			fs.Jurisdiction = v
		default:
			return fs, fmt.Errorf("unknown arg %q", args[i])
		}
	}
	return fs, nil
}

// header keeps the leading comment block; body is every non-comment, non-blank line.
func header(text string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		b.WriteString(l)
	}
	return b.String()
}

func body(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		b.WriteString(strings.Join(strings.Fields(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func date(t tax.Instant, loc *time.Location) string { return t.Time().In(loc).Format("2006-01-02") }

func render(f *taxfile.File, r *tax.Result, s tax.Settings) string {
	if s.Rules().Matcher.Pooled() {
		return renderJuris(f, r, s)
	}
	loc := s.Location
	var b strings.Builder
	acc := func(i tax.Ref) string {
		if r.Accounts[i] == "" {
			return "universal"
		}
		return r.Accounts[i]
	}
	for _, d := range r.Disposals {
		lot, acq := "-", "-"
		if !d.Uncovered {
			lot, acq = fmt.Sprint(d.LotID), date(d.AcquiredAt, loc)
		}
		fmt.Fprintf(&b, "D %s %s %s %s lot=%s acq=%s q=%s", f.Name(d.TransferID), d.Kind, acc(d.Account), r.Assets[d.Asset], lot, acq, d.Quantity)
		if d.Kind.Taxable() {
			fmt.Fprintf(&b, " p=%s b=%s g=%s %s", d.Proceeds, d.Basis, d.Gain(), d.Term)
			if d.Box != 0 {
				fmt.Fprintf(&b, " %s", d.Box)
			}
		} else {
			fmt.Fprintf(&b, " b=%s %s", d.Basis, d.Term)
		}
		if d.Uncovered {
			b.WriteString(" uncovered")
		}
		if d.MissingBasis {
			b.WriteString(" missing_basis")
		}
		if d.MissingProceeds {
			b.WriteString(" missing_proceeds")
		}
		b.WriteByte('\n')
	}
	for _, in := range r.Income {
		fmt.Fprintf(&b, "I %s %s %s %s q=%s v=%s", f.Name(in.TransferID), in.Type, acc(in.Account), r.Assets[in.Asset], in.Quantity, in.Value)
		if in.MissingValue {
			b.WriteString(" missing_value")
		}
		b.WriteByte('\n')
	}
	for _, l := range r.Lots {
		fmt.Fprintf(&b, "L %d %s %s q=%s b=%s acq=%s src=%s", l.ID, acc(l.Account), r.Assets[l.Asset], l.Quantity, l.Basis, date(l.AcquiredAt, loc), f.Name(l.SourceTransfer))
		if l.MissingBasis {
			b.WriteString(" missing_basis")
		}
		b.WriteByte('\n')
	}
	rules := s.Rules()
	for _, y := range r.Years {
		fmt.Fprintf(&b, "Y %d %s st=%s/%s/%s lt=%s/%s/%s inc=%s fut=%s", y.Year, y.Method, y.ShortProceeds, y.ShortBasis, y.ShortGain,
			y.LongProceeds, y.LongBasis, y.LongGain, y.IncomeTotal, y.FuturesPnL)
		if rules.TaxableGain() {
			fmt.Fprintf(&b, " gains=%s losses=%s", y.Gains, y.Losses)
			if rules.DiscountPercent != 0 {
				fmt.Fprintf(&b, " long=%s bf=%s cf=%s disc=%s", y.LongGains, y.LossesBroughtForward, y.LossesCarriedForward, y.Discount)
			}
			fmt.Fprintf(&b, " taxable=%s", y.TaxableGain)
		}
		if len(rules.IncomeThresholds) > 0 {
			fmt.Fprintf(&b, " taxinc=%s", y.TaxableIncome)
		}
		b.WriteByte('\n')
	}
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "W %s %s %s %s q=%s\n", w.Code, dash(f.Name(w.TransferID)), dash(r.Accounts[w.Account]), r.Assets[w.Asset], w.Quantity)
	}
	return b.String()
}

// renderJuris is render under GB and CA: a piece shows its match (same_day, thirty_day, pool,
// acb, uncovered) and, for a CA superficial loss, adj=denied; "acq" is the matched acquisition's
// date (30-day) or "-"; a year shows its proceeds/costs/gain, gains, losses and denied losses.
//
//	D transfer kind account asset match acq=DATE|- q= p= b= g= [adj=] [flags]
//	L asset q= b=                                                   a pool (GB) or property (CA)
//	Y year p=/b=/g= gains= losses= [denied=] inc=
func renderJuris(f *taxfile.File, r *tax.Result, s tax.Settings) string {
	var b strings.Builder
	adj := map[int]tax.Dec{}
	for _, a := range r.Adjustments {
		adj[a.Piece] = a.Denied
	}
	for i, d := range r.Disposals {
		m := tax.MatchOf(s.Jurisdiction, &d)
		acq := "-"
		if m == tax.MatchThirtyDay {
			acq = date(d.AcquiredAt, s.Location)
		}
		fmt.Fprintf(&b, "D %s %s %s %s %s acq=%s q=%s", f.Name(d.TransferID), d.Kind, r.Accounts[d.Account], r.Assets[d.Asset], m, acq, d.Quantity)
		if d.Kind.Taxable() {
			fmt.Fprintf(&b, " p=%s b=%s g=%s", d.Proceeds, d.Basis, d.Gain())
		} else {
			fmt.Fprintf(&b, " b=%s", d.Basis)
		}
		if a, ok := adj[i]; ok {
			fmt.Fprintf(&b, " adj=%s", a)
		}
		if d.MissingBasis {
			b.WriteString(" missing_basis")
		}
		if d.MissingProceeds {
			b.WriteString(" missing_proceeds")
		}
		b.WriteByte('\n')
	}
	for _, in := range r.Income {
		fmt.Fprintf(&b, "I %s %s %s %s q=%s v=%s\n", f.Name(in.TransferID), in.Type, r.Accounts[in.Account], r.Assets[in.Asset], in.Quantity, in.Value)
	}
	for _, l := range r.Lots {
		fmt.Fprintf(&b, "L %s q=%s b=%s\n", r.Assets[l.Asset], l.Quantity, l.Basis)
	}
	for _, y := range r.Years {
		fmt.Fprintf(&b, "Y %d p=%s/b=%s/g=%s gains=%s losses=%s", y.Year, y.ShortProceeds, y.ShortBasis, y.ShortGain, y.Gains, y.Losses)
		if s.Jurisdiction == tax.CA {
			fmt.Fprintf(&b, " denied=%s", y.Denied)
		}
		fmt.Fprintf(&b, " inc=%s\n", y.IncomeTotal)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "W %s %s %s q=%s\n", w.Code, f.Name(w.TransferID), r.Assets[w.Asset], w.Quantity)
	}
	return b.String()
}

// TestAsOfSwitch: a ledger that ends before the per-wallet date keeps one universal pool, unless
// Settings.AsOf says the lots are wanted as of a later instant.
func TestAsOfSwitch(t *testing.T) {
	mk := func(ts string, from, to string, q string, v string) tax.Transaction {
		tm, _ := time.Parse(time.RFC3339, ts)
		val := tax.MustDec(v)
		return tax.Transaction{Time: tm, Transfers: []tax.Transfer{{Asset: "BTC", Quantity: tax.MustDec(q), From: from, To: to,
			FiatValue: val, HasFiatValue: true}}}
	}
	in := tax.Input{Settings: tax.Settings{PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		Transactions: []tax.Transaction{
			mk("2024-01-01T00:00:00Z", "", "a", "1", "100"),
			mk("2024-02-01T00:00:00Z", "", "b", "1", "300"),
			mk("2024-03-01T00:00:00Z", "b", "a", "0.5", "0"),
		}}
	r, err := tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Lots) != 2 || r.Accounts[r.Lots[0].Account] != "" {
		t.Fatalf("want 2 universal lots, got %+v", r.Lots)
	}
	in.Settings.AsOf = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r, err = tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	// a holds 1.5: lot 1 (1 @100) and 0.5 of lot 2 (150); b holds the other 0.5 of lot 2 (150).
	var got []string
	for _, l := range r.Lots {
		got = append(got, fmt.Sprintf("%s %s %s", r.Accounts[l.Account], l.Quantity, l.Basis))
	}
	if want := "a 1 100|a 0.5 150|b 0.5 150"; strings.Join(got, "|") != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

// TestSafeHarborOrderIsFirstAppearance: at the per-wallet switch the oldest lots fill the wallet
// the ledger named first, whatever the wallets are called: the same ledger with its two wallets'
// names swapped gives each wallet the same lots.
func TestSafeHarborOrderIsFirstAppearance(t *testing.T) {
	ledger := func(first, second string) tax.Input {
		mk := func(ts, from, to, q, v string) tax.Transaction {
			tm, _ := time.Parse(time.RFC3339, ts)
			return tax.Transaction{Time: tm, Transfers: []tax.Transfer{{Asset: "BTC", Quantity: tax.MustDec(q), From: from, To: to,
				FiatValue: tax.MustDec(v), HasFiatValue: true}}}
		}
		return tax.Input{Settings: tax.Settings{PerWalletFrom: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
			Transactions: []tax.Transaction{
				mk("2024-01-01T00:00:00Z", "", first, "1", "10000"),
				mk("2024-06-01T00:00:00Z", "", second, "1", "30000"),
				mk("2025-03-01T00:00:00Z", first, "", "1", "40000"),
			}}
	}
	for _, names := range [][2]string{{"zeta", "alpha"}, {"alpha", "zeta"}} {
		r, err := tax.Compute(ledger(names[0], names[1]))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Disposals) != 1 || !(r.Disposals[0].Basis.Cmp(tax.MustDec("10000")) == 0) {
			t.Fatalf("wallets %v: the first-named wallet's sale %+v, want the oldest lot's basis 10000", names, r.Disposals)
		}
		if len(r.Lots) != 1 || r.Accounts[r.Lots[0].Account] != names[1] || r.Lots[0].Basis.Cmp(tax.MustDec("30000")) != 0 {
			t.Fatalf("wallets %v: remaining lots %+v, want the 30000 lot in %s", names, r.Lots, names[1])
		}
	}
}

// TestDerivedAcquisitions: Result.Derived lists the acquisitions whose value or basis the engine
// worked out: a swap's received leg without a value (the sent side's value) and a purchase that a
// crypto fee adds to; a plain purchase is not listed.
func TestDerivedAcquisitions(t *testing.T) {
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	id := func(b byte) tax.ID { return tax.ID{15: b} }
	in := tax.Input{Transactions: []tax.Transaction{
		{ID: id(1), Time: at, Transfers: []tax.Transfer{
			{ID: id(11), Asset: "ETH", Quantity: tax.MustDec("2"), To: "w", FiatValue: tax.MustDec("4000"), HasFiatValue: true}}},
		{ID: id(2), Time: at.Add(time.Hour), Transfers: []tax.Transfer{
			{ID: id(21), Asset: "ETH", Quantity: tax.MustDec("1"), From: "w", FiatValue: tax.MustDec("2500"), HasFiatValue: true, Label: tax.LabelTrade},
			{ID: id(22), Asset: "UNI", Quantity: tax.MustDec("100"), To: "w", Label: tax.LabelTrade}}},
		{ID: id(3), Time: at.Add(2 * time.Hour), Transfers: []tax.Transfer{
			{ID: id(31), Asset: "BTC", Quantity: tax.MustDec("1"), To: "w", FiatValue: tax.MustDec("40000"), HasFiatValue: true, Label: tax.LabelBuy},
			{ID: id(32), Asset: "ETH", Quantity: tax.MustDec("0.01"), From: "w", FiatValue: tax.MustDec("25"), HasFiatValue: true, IsFee: true}}},
	}}
	r, err := tax.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range r.Derived {
		got = append(got, fmt.Sprintf("%s value=%s(%v) basis=%s", d.TransferID, d.Value, d.HasValue, d.Basis))
	}
	want := []string{id(22).String() + " value=2500(true) basis=2500", id(31).String() + " value=40000(true) basis=40025"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("derived %v, want %v", got, want)
	}
}
