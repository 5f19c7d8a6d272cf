package recalc

import (
	"context"
	"math/bits"
	"sort"
	"time"

	"taxd/gen/db"
	"taxd/internal/tax"
)

// Month figures (tax_month_disposals, tax_month_income) are a result set's taxable pieces and
// income added up per UTC month and tax year, as the readers of a year's figures need them: the
// pieces' proceeds and basis as the reports print them (each rounded to cents, half away from
// zero, as money.Line), the pieces, and the distinct transactions. A run writes the months from
// its first month on, from every piece and income of the run in that range: a full run all of
// them; a run resumed from a checkpoint the months from the checkpoint's on, from its own rows
// (the pieces it keeps are the ones it computed again, row for row, see unchangedPrefix) plus, for
// a checkpoint within a month, the figures of that month before it kept with the checkpoint
// (monthToDate), while the months before are the stored ones, from rows it leaves as they are. A
// transaction lies in one month (its pieces are disposed of, and its income received, at its
// time), so the counts add up across months.

// monthOf numbers the UTC month of t.
func monthOf(t time.Time) int32 { return int32(t.Year())*12 + int32(t.Month()) - 1 }

func monthStart(m int32) time.Time {
	return time.Date(int(m/12), time.Month(m%12+1), 1, 0, 0, 0, 0, time.UTC)
}

type monthYear struct{ month, year int32 }

type monthDisposals struct {
	pieces, transactions      int32
	shortProceeds, shortBasis tax.Dec
	longProceeds, longBasis   tax.Dec
}

type monthIncomeKey struct {
	monthYear
	typ tax.Label
}

type monthIncome struct {
	transactions int32
	value        tax.Dec
}

// monthFigures are the month figures of a run.
type monthFigures struct {
	from     time.Time // the first month written (zero: every month)
	disposal map[monthYear]*monthDisposals
	income   map[monthIncomeKey]*monthIncome
}

// addTo adds b to *a, reporting an overflow (the engine's own totals of the same pieces did not
// overflow; the rounded ones differ from them by at most half a cent a piece).
func addTo(a *tax.Dec, b tax.Dec) error {
	s, err := a.Add(b)
	*a = s
	return err
}

// computeMonthFigures adds up the pieces and income of res disposed of or received at or after
// from (zero: all of them); own are their transactions.
func computeMonthFigures(res *tax.Result, own owners, from time.Time) (monthFigures, error) {
	f := monthFigures{from: from, disposal: map[monthYear]*monthDisposals{}, income: map[monthIncomeKey]*monthIncome{}}
	start := tax.InstantOf(from)
	if from.IsZero() {
		start = -1 << 63
	}
	err := f.add(res, own, 0, len(res.Disposals), 0, len(res.Income), start, 1<<63-1)
	return f, err
}

// addBefore adds to f the pieces among res.Disposals[:pieces] and the income among
// res.Income[:income] disposed of or received in [start, until), of a run over txs without
// lookahead: its pieces and income are in time order, at their transactions' times, so only those
// back to the first one before start are read, and their transactions are found among those in
// [start, until).
func (f *monthFigures) addBefore(res *tax.Result, txs []tax.Transaction, pieces, income int, start, until time.Time) error {
	from, to := tax.InstantOf(start), tax.InstantOf(until)
	p, i := pieces, income
	for p > 0 && res.Disposals[p-1].DisposedAt >= from {
		p--
	}
	for i > 0 && res.Income[i-1].At >= from {
		i--
	}
	lo := sort.Search(len(txs), func(k int) bool { return !txs[k].Time.Before(start) })
	hi := sort.Search(len(txs), func(k int) bool { return !txs[k].Time.Before(until) })
	find := transactionFinder{txs: txs[lo:hi]}
	own := owners{make([]int32, pieces-p), make([]int32, income-i), hi - lo}
	for k := range own.pieces {
		own.pieces[k] = find.of(res.Disposals[p+k].TransferID)
	}
	find.hint = 0
	for k := range own.income {
		own.income[k] = find.of(res.Income[i+k].TransferID)
	}
	return f.add(res, own, p, pieces, i, income, from, to)
}

// add adds to f the pieces among res.Disposals[pieceFrom:pieceTo] and the income among
// res.Income[incomeFrom:incomeTo] disposed of or received in [start, until); own.pieces and
// own.income are the transactions of those ranges, from their first.
func (f *monthFigures) add(res *tax.Result, own owners, pieceFrom, pieceTo, incomeFrom, incomeTo int, start, until tax.Instant) error {
	var months monthCache
	counted := make([]bool, own.transactions) // a transaction lies in one month and year
	var k monthYear
	var m *monthDisposals
	for i := pieceFrom; i < pieceTo; i++ {
		d := &res.Disposals[i]
		if !d.Kind.Taxable() || d.DisposedAt < start || d.DisposedAt >= until {
			continue
		}
		if key := (monthYear{months.of(d.DisposedAt), int32(d.TaxYear)}); m == nil || key != k {
			k, m = key, entry(f.disposal, key)
		}
		m.pieces++
		if t := own.pieces[i-pieceFrom]; t >= 0 && !counted[t] {
			counted[t] = true
			m.transactions++
		}
		p, b := &m.shortProceeds, &m.shortBasis
		if d.Term == tax.LongTerm {
			p, b = &m.longProceeds, &m.longBasis
		}
		if err := addTo(p, roundCents(d.Proceeds)); err != nil {
			return err
		}
		if err := addTo(b, roundCents(d.Basis)); err != nil {
			return err
		}
	}
	seen := map[monthIncomeKey]map[int32]bool{}
	for i := incomeFrom; i < incomeTo; i++ {
		x := &res.Income[i]
		if x.At < start || x.At >= until {
			continue
		}
		k := monthIncomeKey{monthYear{months.of(x.At), x.TaxYear}, x.Type}
		m := entry(f.income, k)
		if seen[k] == nil {
			seen[k] = map[int32]bool{}
		}
		if t := own.income[i-incomeFrom]; t >= 0 && !seen[k][t] {
			seen[k][t] = true
			m.transactions++
		}
		if err := addTo(&m.value, x.Value); err != nil {
			return err
		}
	}
	return nil
}

// entry is m's figures at k, added as zeros when m has none yet.
func entry[K comparable, V any](m map[K]*V, k K) *V {
	v := m[k]
	if v == nil {
		v = new(V)
		m[k] = v
	}
	return v
}

// merge adds the figures of g, which hold transactions of their own (a stretch of time apart from
// f's: a transaction lies at one instant), to f.
func (f *monthFigures) merge(g monthFigures) error {
	for k, d := range g.disposal {
		m := entry(f.disposal, k)
		m.pieces += d.pieces
		m.transactions += d.transactions
		for _, p := range [][2]*tax.Dec{{&m.shortProceeds, &d.shortProceeds}, {&m.shortBasis, &d.shortBasis},
			{&m.longProceeds, &d.longProceeds}, {&m.longBasis, &d.longBasis}} {
			if err := addTo(p[0], *p[1]); err != nil {
				return err
			}
		}
	}
	for k, x := range g.income {
		m := entry(f.income, k)
		m.transactions += x.transactions
		if err := addTo(&m.value, x.value); err != nil {
			return err
		}
	}
	return nil
}

// monthToDate is the month figures of a checkpoint's month before the checkpoint, kept with a
// checkpoint that is not at a month start: a run resumed from it adds them to its own figures of
// that month, which it writes in full.
type monthToDate struct {
	Disposals []monthToDateDisposals `json:"disposals,omitempty"`
	Income    []monthToDateIncome    `json:"income,omitempty"`
}

type monthToDateDisposals struct {
	Month, TaxYear, Pieces, Transactions               int32
	ShortProceeds, ShortBasis, LongProceeds, LongBasis tax.Dec
}

type monthToDateIncome struct {
	Month, TaxYear, Transactions int32
	Type                         tax.Label
	Value                        tax.Dec
}

func (f monthFigures) monthToDate() *monthToDate {
	out := &monthToDate{}
	for k, d := range f.disposal {
		out.Disposals = append(out.Disposals, monthToDateDisposals{k.month, k.year, d.pieces, d.transactions,
			d.shortProceeds, d.shortBasis, d.longProceeds, d.longBasis})
	}
	sort.Slice(out.Disposals, func(i, j int) bool { return out.Disposals[i].TaxYear < out.Disposals[j].TaxYear })
	for k, x := range f.income {
		out.Income = append(out.Income, monthToDateIncome{k.month, k.year, x.transactions, k.typ, x.value})
	}
	sort.Slice(out.Income, func(i, j int) bool {
		a, b := out.Income[i], out.Income[j]
		return a.TaxYear < b.TaxYear || a.TaxYear == b.TaxYear && a.Type < b.Type
	})
	return out
}

func (m *monthToDate) figures() monthFigures {
	f := monthFigures{disposal: map[monthYear]*monthDisposals{}, income: map[monthIncomeKey]*monthIncome{}}
	if m == nil {
		return f
	}
	for _, d := range m.Disposals {
		f.disposal[monthYear{d.Month, d.TaxYear}] = &monthDisposals{d.Pieces, d.Transactions, d.ShortProceeds, d.ShortBasis, d.LongProceeds, d.LongBasis}
	}
	for _, x := range m.Income {
		f.income[monthIncomeKey{monthYear{x.Month, x.TaxYear}, x.Type}] = &monthIncome{x.Transactions, x.Value}
	}
	return f
}

// monthCache numbers the UTC months of instants, mostly in order, converting an instant to a date
// only when it leaves the last month found.
type monthCache struct {
	lo, hi tax.Instant // the last month's bounds [lo, hi)
	month  int32
}

func (c *monthCache) of(at tax.Instant) int32 {
	if at >= c.lo && at < c.hi {
		return c.month
	}
	c.month = monthOf(at.Time())
	c.lo, c.hi = tax.InstantOf(monthStart(c.month)), tax.InstantOf(monthStart(c.month+1))
	return c.month
}

// write stores the figures into result set rk (the months from f.from on must hold none), the
// amounts of pieces in cents as they are (whole cents).
func (f monthFigures) write(ctx context.Context, q *db.Queries, rk resultKey) error {
	ds := db.InsertMonthDisposalsParams{ResultSetID: rk.set, ClientID: rk.client}
	keys := make([]monthYear, 0, len(f.disposal))
	for k := range f.disposal {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].month < keys[j].month || keys[i].month == keys[j].month && keys[i].year < keys[j].year
	})
	for _, k := range keys {
		m := f.disposal[k]
		ds.Months = append(ds.Months, monthStart(k.month))
		ds.TaxYears = append(ds.TaxYears, k.year)
		ds.Pieces = append(ds.Pieces, m.pieces)
		ds.Transactions = append(ds.Transactions, m.transactions)
		ds.ShortProceeds = append(ds.ShortProceeds, m.shortProceeds.Decimal().Round(2))
		ds.ShortBasis = append(ds.ShortBasis, m.shortBasis.Decimal().Round(2))
		ds.LongProceeds = append(ds.LongProceeds, m.longProceeds.Decimal().Round(2))
		ds.LongBasis = append(ds.LongBasis, m.longBasis.Decimal().Round(2))
	}
	if len(keys) > 0 {
		if err := q.InsertMonthDisposals(ctx, ds); err != nil {
			return err
		}
	}
	is := db.InsertMonthIncomeParams{ResultSetID: rk.set, ClientID: rk.client}
	for k, m := range f.income {
		is.Months = append(is.Months, monthStart(k.month))
		is.TaxYears = append(is.TaxYears, k.year)
		is.IncomeTypes = append(is.IncomeTypes, k.typ.String())
		is.Transactions = append(is.Transactions, m.transactions)
		is.Values = append(is.Values, m.value.Decimal())
	}
	if len(is.Months) == 0 {
		return nil
	}
	return q.InsertMonthIncome(ctx, is)
}

// centUnit is one cent of a Dec's scaled integer (10^(Scale-2)).
const centUnit uint64 = 10_000_000_000_000_000

// roundCents rounds d to cents, half away from zero (as PostgreSQL's round(numeric, 2) and
// decimal.Round(2), which money.Line uses).
func roundCents(d tax.Dec) tax.Dec {
	hi, lo := d.Raw()
	neg := int64(hi) < 0
	if neg {
		lo, hi = negate128(hi, lo)
	}
	q1, r := bits.Div64(0, hi, centUnit)
	q0, r := bits.Div64(r, lo, centUnit)
	if r >= centUnit/2 {
		var c uint64
		q0, c = bits.Add64(q0, 1, 0)
		q1 += c
	}
	h, l := bits.Mul64(q0, centUnit)
	h += q1 * centUnit
	if neg {
		l, h = negate128(h, l)
	}
	return tax.DecFromRaw(h, l)
}

// negate128 returns the two's complement of hi:lo as lo, hi.
func negate128(hi, lo uint64) (uint64, uint64) {
	l, c := bits.Sub64(0, lo, 0)
	h, _ := bits.Sub64(0, hi, c)
	return l, h
}
