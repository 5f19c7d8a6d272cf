package taxforms

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

var (
	formID = uuid.MustParse("0190a1b2-0000-7000-8000-000000110001")
	ethID  = uuid.MustParse("0190a1b2-0000-7000-8000-0000000e0001")
	btcID  = uuid.MustParse("0190a1b2-0000-7000-8000-0000000e0002")
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func at(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 14, 30, 0, 0, time.UTC) }

func unit(seq int, asset uuid.UUID, symbol, qty, proceeds, basis string, sold time.Time, long bool) LedgerUnit {
	acquired := sold.AddDate(0, -2, 0)
	if long {
		acquired = sold.AddDate(-2, 0, 0)
	}
	return LedgerUnit{
		TransferID: uuid.NewSHA1(uuid.Nil, []byte{byte(seq)}), TransactionID: uuid.NewSHA1(uuid.Nil, []byte{byte(seq), 1}),
		AssetID: asset, Symbol: symbol, Long: long, DisposedAt: sold, AcquiredAt: &acquired,
		Quantity: dec(qty), Proceeds: dec(proceeds), Basis: dec(basis), Seq: seq,
	}
}

func row(pos int, symbol, qty, proceeds string, sold time.Time) BrokerRow {
	return BrokerRow{ID: uuid.NewSHA1(formID, []byte{byte(pos)}), Position: pos, AssetSymbol: symbol, Quantity: dec(qty),
		DateSold: sold, Proceeds: dec(proceeds), Include: true}
}

func statuses(rec Reconciliation) []Status {
	var out []Status
	for _, r := range rec.Rows {
		out = append(out, r.Status)
	}
	return out
}

// TestReconcileMatchesDiffersAndMissingBothWays: a broker row equal to a disposal (dated a day
// later, in the broker's time zone), one whose proceeds differ within the tolerance, a row of an
// asset the ledger never sold, a row too far from any disposal, and a disposal the form lacks.
func TestReconcileMatchesDiffersAndMissingBothWays(t *testing.T) {
	ledger := []LedgerUnit{
		unit(1, ethID, "ETH", "0.5", "1900", "1250", at(2025, 6, 1), false),
		unit(2, ethID, "ETH", "0.25", "950", "625", at(2025, 6, 1), false),
		unit(3, btcID, "BTC", "0.1", "7000", "6000", at(2025, 7, 1), true),
	}
	broker := []BrokerRow{
		row(0, "ETH", "0.5", "1900", at(2025, 6, 2)),
		row(1, "eth", "0.25", "940", at(2025, 6, 1)),
		row(2, "SOL", "3", "300", at(2025, 8, 1)),
		row(3, "ETH", "0.25", "2000", at(2025, 6, 1)),
	}
	rec := Reconcile(formID, broker, ledger)
	want := []Status{Mismatched, MissingInLedger, MissingInLedger, MissingOnForm, Matched}
	if got := statuses(rec); !equalStatuses(got, want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
	r := rec.Rows
	if r[0].Broker.Position != 1 || r[0].Ledger.Seq != 2 || !r[0].Broker.Proceeds.Sub(r[0].Ledger.Proceeds).Equal(dec("-10")) {
		t.Errorf("mismatched row pairs broker %d with ledger %d", r[0].Broker.Position, r[0].Ledger.Seq)
	}
	if r[1].Broker.Position != 2 || r[2].Broker.Position != 3 || r[1].Ledger != nil || r[2].Ledger != nil {
		t.Errorf("missing in ledger: rows %+v, %+v", r[1], r[2])
	}
	if r[3].Broker != nil || r[3].Ledger.Seq != 3 || r[3].ID != ledgerRowID(formID, &ledger[2]) {
		t.Errorf("missing on form: %+v", r[3])
	}
	if r[4].Broker.Position != 0 || r[4].Ledger.Seq != 1 {
		t.Errorf("matched row pairs broker %d with ledger %d", r[4].Broker.Position, r[4].Ledger.Seq)
	}
	if !rec.BrokerProceeds.Equal(dec("5140")) || !rec.ComputedProceeds.Equal(dec("9850")) || !rec.ComputedBasis.Equal(dec("7875")) || rec.BrokerBasis != nil {
		t.Errorf("totals: broker %s computed %s basis %s broker basis %v", rec.BrokerProceeds, rec.ComputedProceeds, rec.ComputedBasis, rec.BrokerBasis)
	}
	if !rec.PairedProceeds.Equal(dec("2850")) || !rec.PairedBasis.Equal(dec("1875")) {
		t.Errorf("paired disposals: proceeds %s basis %s, want 2850 and 1875", rec.PairedProceeds, rec.PairedBasis)
	}
	if rec.Counts[Matched] != 1 || rec.Counts[Mismatched] != 1 || rec.Counts[MissingInLedger] != 2 || rec.Counts[MissingOnForm] != 1 {
		t.Errorf("counts %v", rec.Counts)
	}
	// Row ids are stable across calls.
	again := Reconcile(formID, broker, ledger)
	for i := range again.Rows {
		if again.Rows[i].ID != rec.Rows[i].ID {
			t.Fatalf("row %d id changed: %s, then %s", i, rec.Rows[i].ID, again.Rows[i].ID)
		}
	}
}

// TestReconcileExactBeforeLoose: a loose row earlier on the form does not take the disposal a later
// row equals; a row the caller paired with a disposal keeps it whatever its proceeds; a reported
// basis that differs makes a mismatch.
func TestReconcileExactBeforeLoose(t *testing.T) {
	ledger := []LedgerUnit{
		unit(1, ethID, "ETH", "1", "950", "500", at(2025, 3, 1), false),
		unit(2, ethID, "ETH", "1", "1000", "500", at(2025, 3, 1), false),
		unit(3, btcID, "BTC", "0.1", "7000", "6000", at(2025, 7, 1), false),
		unit(4, btcID, "BTC", "0.2", "9000", "8000", at(2025, 8, 1), false),
	}
	hinted := row(2, "BTC", "0.1", "100", at(2025, 7, 1))
	hinted.TransferID = &ledger[2].TransferID
	basis := row(3, "BTC", "0.2", "9000", at(2025, 8, 1))
	basis.CostBasis = ptr(dec("7999"))
	rec := Reconcile(formID, []BrokerRow{row(0, "ETH", "1", "990", at(2025, 3, 1)), row(1, "ETH", "1", "1000", at(2025, 3, 1)), hinted, basis}, ledger)
	byPos := map[int]Row{}
	for _, r := range rec.Rows {
		byPos[r.Broker.Position] = r
	}
	if r := byPos[1]; r.Status != Matched || r.Ledger.Seq != 2 {
		t.Errorf("exact row: %s with %d, want MATCHED with 2", r.Status, r.Ledger.Seq)
	}
	if r := byPos[0]; r.Status != Mismatched || r.Ledger.Seq != 1 {
		t.Errorf("loose row: %s, want MISMATCHED with 1", r.Status)
	}
	if r := byPos[2]; r.Status != Mismatched || r.Ledger.Seq != 3 {
		t.Errorf("paired row: %s, want MISMATCHED with 3", r.Status)
	}
	if r := byPos[3]; r.Status != Mismatched || r.Ledger.Seq != 4 || rec.BrokerBasis == nil || !rec.BrokerBasis.Equal(dec("7999")) {
		t.Errorf("basis row: %s, broker basis %v", r.Status, rec.BrokerBasis)
	}
	// Beyond the tolerance (5%, at least $1) a row is missing, not mismatched.
	far := Reconcile(formID, []BrokerRow{row(0, "ETH", "1", "1051", at(2025, 3, 1))}, ledger[1:2])
	if got := statuses(far); !equalStatuses(got, []Status{MissingInLedger, MissingOnForm}) {
		t.Errorf("far row: %v", got)
	}
	// A quantity off by more than 1e-8 or a date two days away does not pair either.
	for _, b := range []BrokerRow{row(0, "ETH", "1.00000002", "1000", at(2025, 3, 1)), row(0, "ETH", "1", "1000", at(2025, 3, 3))} {
		if got := statuses(Reconcile(formID, []BrokerRow{b}, ledger[1:2])); !equalStatuses(got, []Status{MissingInLedger, MissingOnForm}) {
			t.Errorf("row %s %s on %s: %v", b.Quantity, b.AssetSymbol, b.DateSold.Format(time.DateOnly), got)
		}
	}
}

func equalStatuses(a, b []Status) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// boxLedger is one disposal of each kind: short and long, reported with basis, without basis, not
// reported, plus a broker row the ledger lacks.
func boxCase(year int) ([]BrokerRow, []LedgerUnit) {
	ledger := []LedgerUnit{
		unit(1, ethID, "ETH", "1", "1000", "400", at(year, 3, 1), false), // reported with basis
		unit(2, ethID, "ETH", "2", "2000", "800", at(year, 4, 1), false), // reported without basis
		unit(3, ethID, "ETH", "3", "3000", "900", at(year, 5, 1), true),  // long, with basis
		unit(4, ethID, "ETH", "4", "4000", "999", at(year, 6, 1), true),  // long, without basis
		unit(5, btcID, "BTC", "0.1", "5000", "100", at(year, 7, 1), false),
		unit(6, btcID, "BTC", "0.2", "6000", "200", at(year, 8, 1), true),
	}
	withBasis := func(b BrokerRow, basis string) BrokerRow { b.CostBasis = ptr(dec(basis)); return b }
	acquired := at(year-3, 1, 1)
	only := withBasis(row(4, "SOL", "10", "700", at(year, 9, 1)), "300")
	only.DateAcquired = &acquired
	broker := []BrokerRow{
		withBasis(row(0, "ETH", "1", "1000.01", at(year, 3, 1)), "450"),
		row(1, "ETH", "2", "2000", at(year, 4, 1)),
		withBasis(row(2, "ETH", "3", "3000", at(year, 5, 1)), "950"),
		row(3, "ETH", "4", "4000", at(year, 6, 1)),
		only,
	}
	return broker, ledger
}

func boxes(rows []PreviewRow) string {
	s := ""
	for _, r := range rows {
		s += r.Box.String()
	}
	return s
}

// TestPreviewBoxesByYear: from tax year 2025 digital assets go in boxes G-L, before in A-F; the
// box says whether the form reported the sale and its basis.
func TestPreviewBoxesByYear(t *testing.T) {
	for _, tc := range []struct {
		year int
		want string
	}{{2024, "ABDECFD"}, {2025, "GHJKILJ"}} {
		broker, ledger := boxCase(tc.year)
		rows := Preview(TypeForm1099DA, tc.year, Reconcile(formID, broker, ledger), false)
		if got := boxes(rows); got != tc.want {
			t.Errorf("%d: boxes %s, want %s", tc.year, got, tc.want)
		}
		first := rows[0]
		if !first.Proceeds.Equal(dec("1000")) || !first.Basis.Equal(dec("400")) || first.UsesBrokerData || !first.BrokerReported {
			t.Errorf("%d: reported row takes the ledger's figures by default: %+v", tc.year, first)
		}
		if r := rows[4]; r.BrokerReported || r.TransferID == nil {
			t.Errorf("%d: a disposal the form lacks is not reported: %+v", tc.year, r)
		}
		if r := rows[6]; !r.UsesBrokerData || r.TransferID != nil || !r.Long || !r.Proceeds.Equal(dec("700")) || !r.Gain.Equal(dec("400")) {
			t.Errorf("%d: broker row without a disposal: %+v", tc.year, r)
		}
	}
	// A 1099-MISC does not report sales: every disposal is unreported.
	broker, ledger := boxCase(2025)
	if got := boxes(Preview(TypeForm1099MISC, 2025, Reconcile(formID, broker, ledger), false)); got != "IILLILL" {
		t.Errorf("1099-MISC boxes %s", got)
	}
}

// TestPreviewUseBrokerDataForBoxG: only box G rows take the broker's proceeds, basis and date
// acquired; corrections (box, adjustment, exclusion) apply.
func TestPreviewUseBrokerDataForBoxG(t *testing.T) {
	broker, ledger := boxCase(2025)
	rec := Reconcile(formID, broker, ledger)
	rows := Preview(TypeForm1099DA, 2025, rec, true)
	g := rows[0]
	if g.Box != 'G' || !g.UsesBrokerData || !g.Proceeds.Equal(dec("1000.01")) || !g.Basis.Equal(dec("450")) || !g.Gain.Equal(dec("550.01")) {
		t.Errorf("box G with broker data: %+v", g)
	}
	if j := rows[2]; j.Box != 'J' || j.UsesBrokerData || !j.Basis.Equal(dec("900")) {
		t.Errorf("box J keeps the ledger's figures: %+v", j)
	}
	if h := rows[1]; h.UsesBrokerData || !h.Proceeds.Equal(dec("2000")) {
		t.Errorf("box H keeps the ledger's figures: %+v", h)
	}
	// 2024: box A is not box G, the flag changes nothing.
	broker24, ledger24 := boxCase(2024)
	if a := Preview(TypeForm1099DA, 2024, Reconcile(formID, broker24, ledger24), true)[0]; a.Box != 'A' || a.UsesBrokerData {
		t.Errorf("2024 box A: %+v", a)
	}

	// Corrections: a box override, an adjustment, and a row left out with its disposal.
	broker[1].Box = tax.Box('I')
	broker[2].AdjustmentCode, broker[2].Adjustment = ptr("W"), dec("-100")
	broker[3].Include = false
	rows = Preview(TypeForm1099DA, 2025, Reconcile(formID, broker, ledger), false)
	if got := boxes(rows); got != "GIJILJ" {
		t.Fatalf("boxes with corrections %s, want GIJILJ", got)
	}
	if r := rows[2]; *r.AdjustmentCode != "W" || !r.Gain.Equal(dec("2000")) { // 3000 - 900 - 100
		t.Errorf("adjusted row: %+v", r)
	}
}

func TestTaxYearOf(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	for _, tc := range []struct {
		at   time.Time
		loc  *time.Location
		fy   string
		want int
	}{
		{time.Date(2025, 1, 1, 3, 0, 0, 0, time.UTC), ny, "01-01", 2024}, // still Dec 31 in New York
		{time.Date(2025, 1, 1, 6, 0, 0, 0, time.UTC), ny, "01-01", 2025},
		{time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), time.UTC, "04-01", 2024},
		{time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC), time.UTC, "04-01", 2025},
	} {
		if got := taxYearOf(tc.at, tc.loc, tc.fy, "US"); got != tc.want {
			t.Errorf("taxYearOf(%s, %s, %s) = %d, want %d", tc.at, tc.loc, tc.fy, got, tc.want)
		}
	}
}

// BenchmarkReconcile: a form at its row limit against a year of 100,000 disposals of five assets
// (every row as printed, so every row goes through the index).
func BenchmarkReconcile(b *testing.B) {
	symbols := []string{"ETH", "BTC", "SOL", "USDC", "UNI"}
	ids := make([]uuid.UUID, len(symbols))
	for i := range ids {
		ids[i] = uuid.NewSHA1(uuid.Nil, []byte(symbols[i]))
	}
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	ledger := make([]LedgerUnit, 100_000)
	for j := range ledger {
		a := j % len(symbols)
		q := decimal.New(int64(1+j%97), -2)
		ledger[j] = LedgerUnit{TransferID: uuid.NewSHA1(uuid.Nil, []byte{byte(j), byte(j >> 8), byte(j >> 16)}), AssetID: ids[a], Symbol: symbols[a],
			DisposedAt: start.Add(time.Duration(j) * 5 * time.Minute), Quantity: q, Proceeds: q.Mul(decimal.NewFromInt(3000)), Seq: j}
	}
	broker := make([]BrokerRow, MaxRows)
	for i := range broker {
		l := ledger[i*7]
		broker[i] = BrokerRow{ID: uuid.NewSHA1(formID, []byte{byte(i), byte(i >> 8)}), Position: i, AssetSymbol: l.Symbol, Quantity: l.Quantity,
			DateSold: l.DisposedAt, Proceeds: l.Proceeds.Add(decimal.New(int64(i%3), 0)), Include: true}
	}
	b.ResetTimer()
	for range b.N {
		rec := Reconcile(formID, broker, ledger)
		if rec.Counts[Matched]+rec.Counts[Mismatched] < MaxRows*99/100 {
			b.Fatalf("only %d of %d rows paired", rec.Counts[Matched]+rec.Counts[Mismatched], MaxRows)
		}
	}
}
