package taxforms

import (
	"cmp"
	"crypto/sha1"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/tax"
)

// BrokerRow is one row of a broker's form as the broker printed it.
type BrokerRow struct {
	ID           uuid.UUID
	Position     int
	AssetSymbol  string
	AssetID      *uuid.UUID
	Quantity     decimal.Decimal
	DateAcquired *time.Time
	DateSold     time.Time
	Proceeds     decimal.Decimal
	// CostBasis is nil when the broker reported no basis (boxes B/E, H/K).
	CostBasis *decimal.Decimal
	// TransactionID and TransferID name the ledger disposal the row was given for: a pairing made
	// by the caller, honoured while that disposal exists.
	TransactionID *uuid.UUID
	TransferID    *uuid.UUID
	// Corrections for the reconciled Form 8949.
	Include        bool
	Box            tax.Box // 0: the computed box
	AdjustmentCode *string
	Adjustment     decimal.Decimal
}

// LedgerUnit is one settled taxable disposal of the ledger: the pieces of one transfer with one
// holding period, summed.
type LedgerUnit struct {
	TransferID    uuid.UUID
	TransactionID uuid.UUID
	AssetID       uuid.UUID
	Symbol        string
	Long          bool
	DisposedAt    time.Time
	// AcquiredAt is nil when the pieces were acquired on several dates (VARIOUS) or the date is
	// unknown (an uncovered disposal).
	AcquiredAt *time.Time
	Quantity   decimal.Decimal
	Proceeds   decimal.Decimal
	Basis      decimal.Decimal
	Seq        int
}

// Status is the outcome of comparing a broker row with the ledger.
type Status string

const (
	Matched         Status = "MATCHED"
	Mismatched      Status = "MISMATCHED"
	MissingInLedger Status = "MISSING_IN_LEDGER"
	MissingOnForm   Status = "MISSING_ON_FORM"
)

// Matching tolerances (docs/tax-forms.md). A broker row and a ledger disposal pair when they have
// the same asset, dates sold at most one calendar day apart (brokers date trades in their own time
// zone), quantities within QuantityTolerance (brokers print at most 8 decimals) and proceeds within
// the larger of ProceedsToleranceAbs and ProceedsToleranceRel of the ledger's proceeds (brokers
// net fees differently). A pair is MATCHED when proceeds, and basis when the broker reported one,
// agree within EqualTolerance (one cent); otherwise MISMATCHED.
var (
	QuantityTolerance    = decimal.New(1, -8)
	ProceedsToleranceAbs = decimal.NewFromInt(1)
	ProceedsToleranceRel = decimal.New(5, -2)
	EqualTolerance       = decimal.New(1, -2)
)

// Row is one compared row: a broker row, a ledger disposal, or both.
type Row struct {
	// ID is stable across calls: the broker row's id, or one derived from the form and the
	// ledger disposal for a disposal the form does not list.
	ID     uuid.UUID
	Status Status
	Broker *BrokerRow
	Ledger *LedgerUnit
}

// Reconciliation is a broker form compared with the ledger.
type Reconciliation struct {
	// Rows, those needing attention first (MISMATCHED, MISSING_IN_LEDGER, MISSING_ON_FORM, then
	// MATCHED), broker rows in the form's order and ledger disposals in the engine's.
	Rows             []Row
	BrokerProceeds   decimal.Decimal
	ComputedProceeds decimal.Decimal
	// BrokerBasis is nil when no row of the form reports a basis.
	BrokerBasis   *decimal.Decimal
	ComputedBasis decimal.Decimal
	// PairedProceeds and PairedBasis sum the ledger disposals paired with a broker row.
	PairedProceeds decimal.Decimal
	PairedBasis    decimal.Decimal
	Counts         map[Status]int
}

// Reconcile pairs the broker rows of form formID with the ledger's disposals (those in the form's
// scope: its tax year, and its account when linked). Pairing runs in three passes so that a loose
// match never takes a disposal a closer one needs: rows the caller paired with a disposal, then
// rows equal to a disposal within one cent, then rows within the tolerances. Within a pass rows go
// in form order and take the candidate with the closest proceeds (then the closest date, then the
// engine's order). The result is deterministic.
func Reconcile(formID uuid.UUID, broker []BrokerRow, ledger []LedgerUnit) Reconciliation {
	taken := make([]bool, len(ledger))
	pair := make([]int, len(broker)) // ledger index, -1 when unpaired
	for i := range pair {
		pair[i] = -1
	}
	idx := newUnitIndex(ledger)
	// Pass 1: the caller's pairing, while the disposal still exists.
	for i := range broker {
		b := &broker[i]
		if b.TransferID == nil {
			continue
		}
		best := -1
		for _, j := range idx.byTransfer[*b.TransferID] {
			if !taken[j] && (best < 0 || closer(b, &ledger[j], &ledger[best])) {
				best = j
			}
		}
		if best >= 0 {
			pair[i], taken[best] = best, true
		}
	}
	// Passes 2 and 3: equal within a cent, then within the tolerances.
	for _, exact := range []bool{true, false} {
		for i := range broker {
			if pair[i] >= 0 {
				continue
			}
			b := &broker[i]
			best := -1
			idx.candidates(b, func(j int) {
				l := &ledger[j]
				if !taken[j] && candidate(b, l, exact) && (best < 0 || closer(b, l, &ledger[best])) {
					best = j
				}
			})
			if best >= 0 {
				pair[i], taken[best] = best, true
			}
		}
	}

	rec := Reconciliation{Counts: map[Status]int{}}
	for i := range broker {
		b := &broker[i]
		rec.BrokerProceeds = rec.BrokerProceeds.Add(b.Proceeds)
		if b.CostBasis != nil {
			sum := b.CostBasis.Copy()
			if rec.BrokerBasis != nil {
				sum = rec.BrokerBasis.Add(*b.CostBasis)
			}
			rec.BrokerBasis = &sum
		}
		r := Row{ID: b.ID, Broker: b, Status: MissingInLedger}
		if j := pair[i]; j >= 0 {
			r.Ledger = &ledger[j]
			rec.PairedProceeds = rec.PairedProceeds.Add(r.Ledger.Proceeds)
			rec.PairedBasis = rec.PairedBasis.Add(r.Ledger.Basis)
			r.Status = Matched
			if !within(b.Proceeds, r.Ledger.Proceeds, EqualTolerance) || (b.CostBasis != nil && !within(*b.CostBasis, r.Ledger.Basis, EqualTolerance)) {
				r.Status = Mismatched
			}
		}
		rec.Rows = append(rec.Rows, r)
	}
	for j := range ledger {
		l := &ledger[j]
		rec.ComputedProceeds = rec.ComputedProceeds.Add(l.Proceeds)
		rec.ComputedBasis = rec.ComputedBasis.Add(l.Basis)
		if !taken[j] {
			rec.Rows = append(rec.Rows, Row{ID: ledgerRowID(formID, l), Status: MissingOnForm, Ledger: l})
		}
	}
	rank := map[Status]int{Mismatched: 0, MissingInLedger: 1, MissingOnForm: 2, Matched: 3}
	slices.SortStableFunc(rec.Rows, func(a, b Row) int { return cmp.Compare(rank[a.Status], rank[b.Status]) })
	for _, r := range rec.Rows {
		rec.Counts[r.Status]++
	}
	return rec
}

// ledgerRowID names a ledger disposal the form does not list, stably: a name-based (version 5)
// UUID of the form, the transfer and the holding period.
func ledgerRowID(formID uuid.UUID, l *LedgerUnit) uuid.UUID {
	var name [33]byte
	copy(name[:16], formID[:])
	copy(name[16:32], l.TransferID[:])
	if l.Long {
		name[32] = 1
	}
	sum := sha1.Sum(name[:])
	var id uuid.UUID
	copy(id[:], sum[:16])
	id[6] = id[6]&0x0f | 0x50 // version 5
	id[8] = id[8]&0x3f | 0x80 // RFC 4122 variant
	return id
}

// unitIndex finds the units a broker row may pair with without scanning the ledger: units by
// transfer, and by asset (id and symbol) and UTC day, each day sorted by quantity. A row then looks
// at three days and, in each, the units near its quantity. The index orders by float64 quantities
// (cheap) and looks a little wider than QuantityTolerance; candidate then decides exactly.
type unitIndex struct {
	qty        []float64
	byTransfer map[uuid.UUID][]int
	byDay      map[dayKey][]int
}

// dayKey is an asset (its id, or its symbol when id is zero) and a UTC day.
type dayKey struct {
	id     uuid.UUID
	symbol string
	day    int64
}

var quantityToleranceFloat = QuantityTolerance.InexactFloat64()

func symbolKey(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

func utcDay(t time.Time) int64 {
	u := t.UTC()
	return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400
}

func newUnitIndex(units []LedgerUnit) *unitIndex {
	x := &unitIndex{qty: make([]float64, len(units)), byTransfer: map[uuid.UUID][]int{}, byDay: map[dayKey][]int{}}
	symbolKeys := map[string]string{}
	for j := range units {
		l := &units[j]
		x.qty[j] = l.Quantity.InexactFloat64()
		x.byTransfer[l.TransferID] = append(x.byTransfer[l.TransferID], j)
		d := utcDay(l.DisposedAt)
		sk, ok := symbolKeys[l.Symbol]
		if !ok {
			sk = symbolKey(l.Symbol)
			symbolKeys[l.Symbol] = sk
		}
		for _, k := range []dayKey{{id: l.AssetID, day: d}, {symbol: sk, day: d}} {
			x.byDay[k] = append(x.byDay[k], j)
		}
	}
	for _, list := range x.byDay {
		slices.SortFunc(list, func(a, b int) int { return cmp.Or(cmp.Compare(x.qty[a], x.qty[b]), cmp.Compare(a, b)) })
	}
	return x
}

// candidates calls fn with every unit of b's asset sold within a day of b whose quantity is within
// QuantityTolerance of b's.
func (x *unitIndex) candidates(b *BrokerRow, fn func(j int)) {
	key := dayKey{symbol: symbolKey(b.AssetSymbol)}
	if b.AssetID != nil {
		key = dayKey{id: *b.AssetID}
	}
	q := b.Quantity.InexactFloat64()
	margin := 2*quantityToleranceFloat + math.Abs(q)*1e-12 // float rounding of both sides
	lo, hi := q-margin, q+margin
	d := utcDay(b.DateSold)
	for day := d - 1; day <= d+1; day++ {
		key.day = day
		list := x.byDay[key]
		start, _ := slices.BinarySearchFunc(list, lo, func(j int, v float64) int { return cmp.Compare(x.qty[j], v) })
		for _, j := range list[start:] {
			if x.qty[j] > hi {
				break
			}
			fn(j)
		}
	}
}

// candidate: b and l may be the same sale.
func candidate(b *BrokerRow, l *LedgerUnit, exact bool) bool {
	if !sameAsset(b, l) || !within(b.Quantity, l.Quantity, QuantityTolerance) || dayDistance(b.DateSold, l.DisposedAt) > 1 {
		return false
	}
	if exact {
		return within(b.Proceeds, l.Proceeds, EqualTolerance)
	}
	return within(b.Proceeds, l.Proceeds, decimal.Max(ProceedsToleranceAbs, l.Proceeds.Abs().Mul(ProceedsToleranceRel)))
}

// closer: l is a better partner for b than m.
func closer(b *BrokerRow, l, m *LedgerUnit) bool {
	dl, dm := b.Proceeds.Sub(l.Proceeds).Abs(), b.Proceeds.Sub(m.Proceeds).Abs()
	if c := dl.Cmp(dm); c != 0 {
		return c < 0
	}
	if c := cmp.Compare(dayDistance(b.DateSold, l.DisposedAt), dayDistance(b.DateSold, m.DisposedAt)); c != 0 {
		return c < 0
	}
	return l.Seq < m.Seq
}

func sameAsset(b *BrokerRow, l *LedgerUnit) bool {
	if b.AssetID != nil {
		return *b.AssetID == l.AssetID
	}
	return strings.EqualFold(strings.TrimSpace(b.AssetSymbol), l.Symbol)
}

func within(a, b, tol decimal.Decimal) bool { return a.Sub(b).Abs().Cmp(tol) <= 0 }

// dayDistance is the number of calendar days (UTC dates) between a and b.
func dayDistance(a, b time.Time) int {
	da := time.Date(a.UTC().Year(), a.UTC().Month(), a.UTC().Day(), 0, 0, 0, 0, time.UTC)
	db := time.Date(b.UTC().Year(), b.UTC().Month(), b.UTC().Day(), 0, 0, 0, 0, time.UTC)
	d := int(da.Sub(db).Hours() / 24)
	if d < 0 {
		d = -d
	}
	return d
}

// PreviewRow is one row of the reconciled Form 8949.
type PreviewRow struct {
	TransactionID  *uuid.UUID
	TransferID     *uuid.UUID
	AssetID        *uuid.UUID
	Description    string
	DateAcquired   *time.Time // nil: VARIOUS or unknown
	DateSold       time.Time
	Proceeds       decimal.Decimal
	Basis          decimal.Decimal
	AdjustmentCode *string
	Adjustment     decimal.Decimal
	Gain           decimal.Decimal // Proceeds - Basis + Adjustment (column h)
	Long           bool
	Box            tax.Box
	BrokerReported bool
	UsesBrokerData bool
}

// Preview lays out the reconciled Form 8949 of a form of formType for taxYear: every disposal in
// the form's scope and every broker row without one, unless the broker row is excluded
// (include false, which also leaves out its disposal). A disposal the form reports is "reported"
// (with basis when the broker gave one); the box follows tax.BoxFor (A-F before 2025, G-L from it),
// or the row's box correction. Figures are the ledger's, except for box G rows with
// useBrokerDataForBoxG, which take the broker's proceeds, basis and date acquired, and broker rows
// without a disposal, which only have the broker's. Rows are ordered by date sold, then the
// engine's order, then the form's.
func Preview(formType string, taxYear int, rec Reconciliation, useBrokerDataForBoxG bool) []PreviewRow {
	order := previewOrder(rec.Rows)
	rows := make([]PreviewRow, len(order))
	for i, j := range order {
		rows[i] = previewRow(formType, taxYear, rec.Rows[j], useBrokerDataForBoxG)
	}
	return rows
}

// previewOrder lists the indexes of the rows the reconciled Form 8949 prints, in its order: by
// date sold, then the engine's order, then the form's. Neither depends on useBrokerDataForBoxG,
// so a form keeps one order for both layouts.
func previewOrder(rows []Row) []int {
	type keyed struct {
		sold          time.Time
		seq, pos, idx int
	}
	var out []keyed
	for i, r := range rows {
		b, l := r.Broker, r.Ledger
		if b != nil && !b.Include {
			continue
		}
		k := keyed{seq: 1<<31 - 1, pos: 1<<31 - 1, idx: i}
		if l != nil {
			k.sold, k.seq = l.DisposedAt, l.Seq
		} else {
			k.sold = b.DateSold
		}
		if b != nil {
			k.pos = b.Position
		}
		out = append(out, k)
	}
	slices.SortStableFunc(out, func(a, b keyed) int {
		return cmp.Or(a.sold.Compare(b.sold), cmp.Compare(a.seq, b.seq), cmp.Compare(a.pos, b.pos))
	})
	idx := make([]int, len(out))
	for i, k := range out {
		idx[i] = k.idx
	}
	return idx
}

// previewRow lays out one compared row as a row of the reconciled Form 8949 (see Preview).
func previewRow(formType string, taxYear int, r Row, useBrokerDataForBoxG bool) PreviewRow {
	reports := formType == TypeForm1099DA || formType == TypeForm1099B
	b, l := r.Broker, r.Ledger
	var p PreviewRow
	if l != nil {
		p = PreviewRow{
			TransactionID: ptr(l.TransactionID), TransferID: ptr(l.TransferID), AssetID: ptr(l.AssetID),
			Description: l.Quantity.String() + " " + l.Symbol, DateAcquired: l.AcquiredAt, DateSold: l.DisposedAt,
			Proceeds: l.Proceeds, Basis: l.Basis, Long: l.Long,
		}
	} else {
		p = PreviewRow{
			AssetID: b.AssetID, Description: b.Quantity.String() + " " + strings.TrimSpace(b.AssetSymbol),
			DateAcquired: b.DateAcquired, DateSold: b.DateSold, Proceeds: b.Proceeds, Long: longTerm(b.DateAcquired, b.DateSold),
			UsesBrokerData: true,
		}
		if b.CostBasis != nil {
			p.Basis = *b.CostBasis
		}
	}
	reported, basisReported := false, false
	if b != nil {
		reported = reports
		basisReported = reports && b.CostBasis != nil
		p.BrokerReported = true
		p.AdjustmentCode, p.Adjustment = b.AdjustmentCode, b.Adjustment
	}
	p.Box = tax.BoxFor(taxYear, p.Long, reported, basisReported)
	if b != nil && b.Box != 0 {
		p.Box = b.Box
	}
	if useBrokerDataForBoxG && p.Box == 'G' && b != nil && l != nil {
		p.Proceeds, p.UsesBrokerData = b.Proceeds, true
		if b.CostBasis != nil {
			p.Basis = *b.CostBasis
		}
		if b.DateAcquired != nil {
			p.DateAcquired = b.DateAcquired
		}
	}
	p.Gain = p.Proceeds.Sub(p.Basis).Add(p.Adjustment)
	return p
}

// longTerm is the engine's holding-period rule (tax.LongTermFrom) on a row only the broker
// printed: its dates are the broker's calendar dates, read in UTC. Unknown acquisition dates
// count as short-term.
func longTerm(acquired *time.Time, sold time.Time) bool {
	return acquired != nil && !sold.Before(tax.LongTermFrom(*acquired, time.UTC))
}

// AssetProceeds is one asset's proceeds on the form against the ledger.
type AssetProceeds struct {
	AssetID          *uuid.UUID
	Symbol           string
	BrokerProceeds   decimal.Decimal
	ComputedProceeds decimal.Decimal
	BrokerRows       int
	ComputedUnits    int
}

// ProceedsByAsset sums a reconciliation per asset (the ledger's asset id when either side knows
// it, else the symbol), the largest difference first, then by symbol.
func ProceedsByAsset(rec Reconciliation) []AssetProceeds {
	idx := map[string]int{}
	var out []AssetProceeds
	get := func(id *uuid.UUID, symbol string) *AssetProceeds {
		key := "symbol:" + strings.ToUpper(strings.TrimSpace(symbol))
		if id != nil {
			key = id.String()
		}
		i, ok := idx[key]
		if !ok {
			i = len(out)
			idx[key] = i
			out = append(out, AssetProceeds{AssetID: id, Symbol: strings.TrimSpace(symbol)})
		}
		return &out[i]
	}
	for _, r := range rec.Rows {
		var id *uuid.UUID
		symbol := ""
		if r.Ledger != nil {
			id, symbol = ptr(r.Ledger.AssetID), r.Ledger.Symbol
		} else {
			id, symbol = r.Broker.AssetID, r.Broker.AssetSymbol
		}
		a := get(id, symbol)
		if r.Broker != nil {
			a.BrokerProceeds = a.BrokerProceeds.Add(r.Broker.Proceeds)
			a.BrokerRows++
		}
		if r.Ledger != nil {
			a.ComputedProceeds = a.ComputedProceeds.Add(r.Ledger.Proceeds)
			a.ComputedUnits++
		}
	}
	slices.SortStableFunc(out, func(a, b AssetProceeds) int {
		da, db := a.BrokerProceeds.Sub(a.ComputedProceeds).Abs(), b.BrokerProceeds.Sub(b.ComputedProceeds).Abs()
		return cmp.Or(db.Cmp(da), cmp.Compare(a.Symbol, b.Symbol), cmp.Compare(idString(a.AssetID), idString(b.AssetID)))
	})
	return out
}

func idString(id *uuid.UUID) string {
	if id == nil {
		return ""
	}
	return id.String()
}

func ptr[T any](v T) *T { return &v }
