package tax

import (
	"time"

	"github.com/shopspring/decimal"
)

// RateSchedule is what an estimate of a tax year's tax on its gains and income is made from under
// a jurisdiction's rules (Rules.Rates): the rates a person may pick from (their bracket or band),
// the amount of gains free of tax each year and what the estimate leaves out. The rates are data,
// one schedule per run of tax years; a year no schedule covers has no estimate.
//
// Invariants of every schedule:
//   - Brackets is not empty and DefaultBracket is the Key of one of them; the same holds for
//     LongBrackets and DefaultLongBracket when LongBrackets is not empty.
//   - LongBrackets is set only under rules with HoldingTerms (they tax long-term gains).
//   - Within one schedule every bracket's Change, when set, has the same From day (a rate change
//     during the year splits the year's disposals in two, the same way for every bracket), and
//     Change is set only under the section 104 matcher, whose Gains count a token's disposals of a
//     day as one disposal (YearFigures.GainsFrom counts them so).
type RateSchedule struct {
	FromYear, ThroughYear int // the tax years it covers (ThroughYear 0: every later year)
	// AnnualExempt is the part of the year's net gains free of tax (GB's annual exempt amount);
	// zero where there is none.
	AnnualExempt decimal.Decimal
	// Brackets are the rates a person picks from, lowest first: the rate of gains (short-term ones
	// where LongBrackets is set) and of income.
	Brackets       []Bracket
	DefaultBracket string
	// LongBrackets are the rates of long-term gains, picked separately; empty where long-term gains
	// (if any) are taxed as the rest.
	LongBrackets       []Bracket
	DefaultLongBracket string
	// Assumptions say in plain words what the estimate takes for granted and leaves out.
	Assumptions []string
}

// Bracket is one rate a person may pick.
type Bracket struct {
	Key  string // stable name in the API: "22", "basic"
	Name string // as a person reads it: "22% federal bracket", "Basic rate taxpayer"
	// GainPercent is the rate on taxable gains and IncomePercent the rate on income, in percent.
	GainPercent, IncomePercent decimal.Decimal
	// Change, when set, is a new gain rate for disposals from a day inside the tax year.
	Change *RateChange
}

// RateChange is a gain rate in force for disposals on or after From (a day in the rules' time zone).
type RateChange struct {
	From        time.Time
	GainPercent decimal.Decimal
}

func pct(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// usOrdinary are the federal ordinary income brackets of IRC §1(j) (tax years from 2018), the rate of
// short-term gains and of income. Source: IRS, Topic no. 409 Capital gains and losses
// (https://www.irs.gov/taxtopics/tc409: short-term gains are taxed as ordinary income) and the tax
// rate schedules of the Form 1040 instructions (10, 12, 22, 24, 32, 35 and 37 percent).
func usOrdinary() []Bracket {
	var out []Bracket
	for _, p := range []string{"10", "12", "22", "24", "32", "35", "37"} {
		out = append(out, Bracket{Key: p, Name: p + "% federal bracket", GainPercent: pct(p), IncomePercent: pct(p)})
	}
	return out
}

// usLong are the rates of long-term capital gains: 0, 15 and 20 percent by taxable income.
// Source: IRS, Topic no. 409 (https://www.irs.gov/taxtopics/tc409).
var usLong = []Bracket{
	{Key: "0", Name: "0% long-term rate", GainPercent: pct("0"), IncomePercent: pct("0")},
	{Key: "15", Name: "15% long-term rate", GainPercent: pct("15"), IncomePercent: pct("0")},
	{Key: "20", Name: "20% long-term rate", GainPercent: pct("20"), IncomePercent: pct("0")},
}

var usRates = []RateSchedule{{
	FromYear: 2018, Brackets: usOrdinary(), DefaultBracket: "22", LongBrackets: usLong, DefaultLongBracket: "15",
	Assumptions: []string{
		"Federal income tax only: state and local taxes and the 3.8% net investment income tax are not included.",
		"Short-term gains and income are taxed at the one bracket you pick, long-term gains at the one long-term rate you pick; a gain large enough to cross into the next bracket would be taxed more.",
		"A net loss gives no tax here; up to $3,000 of it may reduce your other income, which this estimate does not count.",
	},
}}

// gbBands are the capital gains rates of a basic, a higher and an additional rate taxpayer (who pays
// the higher rate on gains) on assets other than residential property and carried interest, before
// and from 30 October 2024, with the income tax rates of the bands (England, Wales and Northern
// Ireland). Sources: GOV.UK, Capital Gains Tax
// rates (https://www.gov.uk/capital-gains-tax/rates); HMRC Capital Gains Manual CG10245 (rates from
// 30 October 2024: 18 and 24 percent); Finance Act 2025 s.7(3) (disposals made on or after 30
// October 2024); GOV.UK policy paper "Capital Gains Tax — rates of tax" (10 and 20 percent before).
// Income tax: GOV.UK, Income Tax rates and Personal Allowances (https://www.gov.uk/income-tax-rates).
func gbBands(basic, higher string, change *[2]string) []Bracket {
	out := []Bracket{
		{Key: "basic", Name: "Basic rate taxpayer", GainPercent: pct(basic), IncomePercent: pct("20")},
		{Key: "higher", Name: "Higher rate taxpayer", GainPercent: pct(higher), IncomePercent: pct("40")},
		{Key: "additional", Name: "Additional rate taxpayer", GainPercent: pct(higher), IncomePercent: pct("45")},
	}
	if change != nil {
		from := time.Date(2024, time.October, 30, 0, 0, 0, 0, time.UTC)
		out[0].Change = &RateChange{From: from, GainPercent: pct(change[0])}
		out[1].Change = &RateChange{From: from, GainPercent: pct(change[1])}
		out[2].Change = &RateChange{From: from, GainPercent: pct(change[1])}
	}
	return out
}

var gbAssumptions = []string{
	"Capital Gains Tax at the rate of the band you pick; a basic rate taxpayer whose gains go beyond the basic rate band pays the higher rate on that part.",
	"The year's losses, then the annual exempt amount, are set against the gains taxed at the highest rate first.",
	"Income from your cryptoassets is taxed at the income tax rate of your band (England, Wales and Northern Ireland), with your Personal Allowance used by other income.",
	"Losses brought forward from earlier years are not included.",
}

// gbRates: the annual exempt amount of an individual is £12,300 for 2022/23, £6,000 for 2023/24 and
// £3,000 from 2024/25. Source: GOV.UK, Capital Gains Tax allowances
// (https://www.gov.uk/capital-gains-tax/allowances, with its table of previous years).
var gbRates = []RateSchedule{
	{FromYear: 2022, ThroughYear: 2022, AnnualExempt: pct("12300"), Brackets: gbBands("10", "20", nil), DefaultBracket: "basic", Assumptions: gbAssumptions},
	{FromYear: 2023, ThroughYear: 2023, AnnualExempt: pct("6000"), Brackets: gbBands("10", "20", nil), DefaultBracket: "basic", Assumptions: gbAssumptions},
	{FromYear: 2024, ThroughYear: 2024, AnnualExempt: pct("3000"), Brackets: gbBands("10", "20", &[2]string{"18", "24"}), DefaultBracket: "basic",
		Assumptions: append([]string{"Disposals before 30 October 2024 are taxed at 10% or 20%, those from 30 October 2024 at 18% or 24%."}, gbAssumptions...)},
	{FromYear: 2025, AnnualExempt: pct("3000"), Brackets: gbBands("18", "24", nil), DefaultBracket: "basic", Assumptions: gbAssumptions},
}

// caRates are the federal income tax rates (15, 20.5, 26, 29 and 33 percent) at which the taxable
// half of a capital gain (Rules.InclusionRate) and income are taxed. Source: Canada Revenue Agency,
// Tax rates and income brackets for individuals
// (https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html).
// From 2025 the lowest rate changed during the year; those years have no schedule yet.
var caRates = []RateSchedule{{
	FromYear: 2016, ThroughYear: 2024, DefaultBracket: "20.5",
	Brackets: []Bracket{
		{Key: "15", Name: "15% federal bracket", GainPercent: pct("15"), IncomePercent: pct("15")},
		{Key: "20.5", Name: "20.5% federal bracket", GainPercent: pct("20.5"), IncomePercent: pct("20.5")},
		{Key: "26", Name: "26% federal bracket", GainPercent: pct("26"), IncomePercent: pct("26")},
		{Key: "29", Name: "29% federal bracket", GainPercent: pct("29"), IncomePercent: pct("29")},
		{Key: "33", Name: "33% federal bracket", GainPercent: pct("33"), IncomePercent: pct("33")},
	},
	Assumptions: []string{
		"Half of the net capital gain is taxable, at the federal bracket you pick; income is taxed in full at the same rate.",
		"Federal tax only: your province's or territory's tax is added to it.",
		"Net capital losses of other years are not included.",
	},
}}

// RatesIn is the rate schedule of tax year y, and false where the rules have none for it.
func (r *Rules) RatesIn(y int) (*RateSchedule, bool) {
	for i := range r.Rates {
		s := &r.Rates[i]
		if s.FromYear <= y && (s.ThroughYear == 0 || y <= s.ThroughYear) {
			return s, true
		}
	}
	return nil, false
}

// pick is the bracket named key in brackets ("": the one named def), and false when none is.
func pick(brackets []Bracket, key, def string) (*Bracket, bool) {
	if key == "" {
		key = def
	}
	for i := range brackets {
		if brackets[i].Key == key {
			return &brackets[i], true
		}
	}
	return nil, false
}

// YearFigures are the figures of a tax year an estimate reads (the tax engine's YearSummary as stored).
type YearFigures struct {
	// ShortGain and LongGain are the net gains of the year's short-term and long-term pieces (every
	// piece is short-term under rules without holding terms).
	ShortGain, LongGain decimal.Decimal
	// Gains and Losses are the year's disposals with a gain and with a loss (Losses negative);
	// GainsFrom are the gains among Gains of disposals on or after the schedule's rate change
	// (zero without one).
	Gains, Losses, GainsFrom decimal.Decimal
	Income                   decimal.Decimal
}

// EstimatePart is an amount taxed at one rate.
type EstimatePart struct {
	What    string          // "Short-term gains", "Gains on disposals from 30 October 2024", "Income"
	Amount  decimal.Decimal // the taxable amount
	Percent decimal.Decimal
	Tax     decimal.Decimal
}

// Estimate is the estimated tax of a year: the parts taxed at each rate and their sum.
type Estimate struct {
	Bracket, LongBracket *Bracket // LongBracket nil without long-term rates
	// NetGain is the year's gains less its losses; AllowanceApplied the part of the annual exempt
	// amount used; TaxableGain what is left to tax (after the inclusion rate where the rules have one).
	NetGain, AllowanceApplied, TaxableGain decimal.Decimal
	Income                                 decimal.Decimal
	Parts                                  []EstimatePart
	Tax                                    decimal.Decimal
	Assumptions                            []string
}

// ErrUnknownBracket is returned by EstimateTax for a bracket key the schedule does not offer.
type ErrUnknownBracket struct{ Field, Key string }

func (e ErrUnknownBracket) Error() string {
	return e.Field + ": no bracket " + e.Key + " in this tax year"
}

// EstimateTax estimates the tax of a year with figures f under schedule s of rules r, at the
// brackets named bracket and longBracket ("" picks the schedule's default). The net loss of one
// class of gains reduces the other; the year's losses and then the annual exempt amount are set
// against the gains taxed at the highest rate first (as HMRC allows, and as US netting of short
// and long term gives); the inclusion rate applies to what is left; tax is exact, not rounded.
func (r *Rules) EstimateTax(s *RateSchedule, f YearFigures, bracket, longBracket string) (Estimate, error) {
	b, ok := pick(s.Brackets, bracket, s.DefaultBracket)
	if !ok {
		return Estimate{}, ErrUnknownBracket{Field: "bracket", Key: bracket}
	}
	out := Estimate{Bracket: b, Income: f.Income, Assumptions: s.Assumptions}
	type bucket struct {
		what    string
		amount  decimal.Decimal
		percent decimal.Decimal
	}
	var buckets []bucket
	var deduct decimal.Decimal // losses and allowance to set against the buckets, positive
	if len(s.LongBrackets) > 0 {
		lb, ok := pick(s.LongBrackets, longBracket, s.DefaultLongBracket)
		if !ok {
			return Estimate{}, ErrUnknownBracket{Field: "longTermBracket", Key: longBracket}
		}
		out.LongBracket = lb
		out.NetGain = f.ShortGain.Add(f.LongGain)
		buckets = []bucket{{r.Words.ShortTerm + " gains", f.ShortGain, b.GainPercent}, {r.Words.LongTerm + " gains", f.LongGain, lb.GainPercent}}
	} else {
		if longBracket != "" {
			return Estimate{}, ErrUnknownBracket{Field: "longTermBracket", Key: longBracket}
		}
		out.NetGain = f.Gains.Add(f.Losses)
		deduct = f.Losses.Neg()
		if b.Change != nil {
			day := b.Change.From.Format("2 January 2006")
			buckets = []bucket{{"Gains on disposals before " + day, f.Gains.Sub(f.GainsFrom), b.GainPercent},
				{"Gains on disposals from " + day, f.GainsFrom, b.Change.GainPercent}}
		} else {
			buckets = []bucket{{"Gains", f.Gains, b.GainPercent}}
		}
	}
	// a negative bucket (a class's net loss) is one more deduction
	for i := range buckets {
		if buckets[i].amount.IsNegative() {
			deduct = deduct.Sub(buckets[i].amount)
			buckets[i].amount = decimal.Zero
		}
	}
	// the highest rate first (a stable order keeps equal rates in the order above)
	order := make([]int, len(buckets))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && buckets[order[j]].percent.GreaterThan(buckets[order[j-1]].percent); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	setAgainst := func(amount decimal.Decimal) decimal.Decimal { // returns what was used
		used := decimal.Zero
		for _, i := range order {
			take := decimal.Min(amount.Sub(used), buckets[i].amount)
			buckets[i].amount = buckets[i].amount.Sub(take)
			used = used.Add(take)
		}
		return used
	}
	setAgainst(deduct)
	out.AllowanceApplied = setAgainst(s.AnnualExempt)
	for _, bk := range buckets {
		amount := bk.amount
		if r.InclusionRate != 0 {
			amount = amount.Mul(decimal.NewFromInt(int64(r.InclusionRate))).Div(decimal.NewFromInt(100))
		}
		out.TaxableGain = out.TaxableGain.Add(amount)
		if amount.IsZero() {
			continue
		}
		out.Parts = append(out.Parts, EstimatePart{What: bk.what, Amount: amount, Percent: bk.percent, Tax: amount.Mul(bk.percent).Div(decimal.NewFromInt(100))})
	}
	if f.Income.IsPositive() {
		out.Parts = append(out.Parts, EstimatePart{What: "Income", Amount: f.Income, Percent: b.IncomePercent, Tax: f.Income.Mul(b.IncomePercent).Div(decimal.NewFromInt(100))})
	}
	for _, p := range out.Parts {
		out.Tax = out.Tax.Add(p.Tax)
	}
	return out, nil
}
