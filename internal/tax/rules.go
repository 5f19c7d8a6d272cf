package tax

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Jurisdiction names a rule set: an index into rulesTable.
type Jurisdiction uint8

// Jurisdictions.
const (
	US Jurisdiction = iota // specific lots by Methods, per wallet from PerWalletFrom, short/long term, Form 8949 boxes
	GB                     // HMRC: same day, the following 30 days, the section 104 pool; tax year from 6 April
	CA                     // adjusted cost base per property across accounts; superficial losses; calendar year
)

// Rules is what varies between jurisdictions: the tax year, how a disposal is matched with cost,
// which outflows are disposals, the holding-period rule, the reports and forms that exist and the
// words a person reads. Everything outside this file asks a Rules value (RulesFor) instead of
// naming a jurisdiction, so a new country is one more entry in rulesTable (plus its goldens and,
// where its returns differ, its report renderer).
//
// Invariants of every entry:
//   - Matcher == MatcherLots exactly when the client's cost-basis methods, the per-wallet switch
//     and its own fiscal-year start apply (the pooled matchers fix the year and average the cost).
//   - HoldingTerms implies Matcher == MatcherLots: only lots carry their own acquisition date into
//     a disposal.
//   - SuperficialLosses implies Matcher == MatcherAdjustedCostBase.
//   - TaxYearStart is zero (the client chooses) only where Matcher == MatcherLots.
//   - Reports contains every one of ReportsEveryone.
type Rules struct {
	Jurisdiction Jurisdiction
	Code         string   // the jurisdiction's name in the API and in stored results: "US"
	Aliases      []string // other names ParseJurisdiction accepts
	Name         string   // the rules' country, as a person names it
	// Countries are the countries (ISO 3166-1 alpha-2, as CountryEnum spells them) whose clients
	// these rules serve; a country no entry lists gets the Generic rules.
	Countries []string
	// TaxYearStart is the first day of the tax year as the law fixes it; zero where the client
	// chooses its own fiscal year (1 January unless it says otherwise).
	TaxYearStart MonthDay
	// SplitYearLabel names a tax year by both calendar years it spans ("2024/25"), else by the
	// year it starts in ("2024").
	SplitYearLabel bool
	// TimeZone is the zone whose local days count (the tax year, the same-day rule) when the client
	// sets none; "" is UTC.
	TimeZone string
	Matcher  Matcher
	// GiftIsDisposal and DonationIsDisposal make a gift sent (a donation) a disposal at market
	// value; otherwise it leaves the holdings at its cost without a gain.
	GiftIsDisposal, DonationIsDisposal bool
	// CostIsValueGiven: in a swap, what comes in costs the value of what went out (the
	// consideration given, TCGA 1992 s.38), as what went out is disposed of for the value of what
	// came in; otherwise both sides take what came in at its own value.
	CostIsValueGiven bool
	// SuperficialLosses denies a loss on a disposal whose property is bought back within 30 days
	// and still held, adding the denied part to the cost of the units held.
	SuperficialLosses bool
	// HoldingTerms splits gains into short and long term (held more than one year).
	HoldingTerms bool
	// InclusionRate is the taxable part of a net capital gain in percent (0: the whole gain, no
	// separate taxable figure).
	InclusionRate int
	// USForms: the disposals fill Form 8949 boxes and a broker's Form 1099-DA can be reconciled.
	USForms bool
	// Reports are the report types (the reports package's kinds) a client under these rules may
	// request, in the order a person is offered them; ReportsEveryone are in every list.
	Reports []string
	// Words are the names of the figures as the rules' own returns call them.
	Words Words
	// Text says in a sentence or two how the figures are made; "" where the figures need no note.
	Text string
	// MatchingText says how a disposal's cost is found, beside its pieces; "" where the pieces
	// (lots taken by the client's method) say it themselves.
	MatchingText string
}

// Words are the names a person reads for the figures of a tax year and a disposal.
type Words struct {
	Proceeds     string // what a disposal brought in
	Cost         string // what it cost
	Gains        string // the year's gains, before losses
	Losses       string // the year's losses
	NetGain      string // gains less losses
	TaxableGain  string // the taxable part of the net gain ("" without an InclusionRate)
	DeniedLosses string // losses denied as superficial ("" without SuperficialLosses)
	Holding      string // what a disposal's cost comes from, in "not covered by any ..."
}

// Matcher is how a jurisdiction matches a disposal with the cost of what was disposed of.
type Matcher uint8

// Matchers.
const (
	MatcherLots             Matcher = iota // specific lots chosen by the client's method (FIFO, LIFO, HIFO, LOFO, average)
	MatcherSection104                      // same day, the following 30 days, then the token's section 104 pool
	MatcherAdjustedCostBase                // one average cost per property across accounts
)

// Pooled reports whether a holding's units share one average cost (the section 104 pool, the
// adjusted cost base) instead of each lot keeping its own.
func (m Matcher) Pooled() bool { return m != MatcherLots }

// MonthDay is a day of the year: the first day of a tax year.
type MonthDay struct {
	Month time.Month
	Day   int
}

// IsZero reports whether d names no day.
func (d MonthDay) IsZero() bool { return d.Month == 0 }

// String is d as MM-DD.
func (d MonthDay) String() string { return fmt.Sprintf("%02d-%02d", int(d.Month), d.Day) }

// ReportsEveryone are the report types of every jurisdiction: lists of what the ledger holds.
var ReportsEveryone = []string{"capital-gains-csv", "income-csv", "transaction-history-csv", "holdings-csv"}

// ownReportsFirst is a jurisdiction's own report types followed by ReportsEveryone.
func ownReportsFirst(own ...string) []string { return append(own, ReportsEveryone...) }

// rulesTable holds the rules of every jurisdiction, indexed by Jurisdiction.
var rulesTable = [...]Rules{
	US: {
		Jurisdiction: US, Code: "US", Countries: []string{"US"}, Name: "United States", Matcher: MatcherLots, HoldingTerms: true, USForms: true,
		Reports: []string{"tax-forms", "form-8949-pdf", "form-8949-csv", "schedule-d-pdf", "schedule-d-csv", "schedule-1-pdf",
			"capital-gains-csv", "income-csv", "transaction-history-csv", "turbotax-csv", "taxact-csv", "hrblock-csv", "holdings-csv"},
		Words: Words{Proceeds: "Proceeds", Cost: "Cost basis", Gains: "Capital gains", Losses: "Capital losses", NetGain: "Net capital gains",
			Holding: "lot you held"},
	},
	GB: {
		Jurisdiction: GB, Code: "GB", Countries: []string{"GB"}, Aliases: []string{"UK"}, Name: "United Kingdom", TaxYearStart: MonthDay{time.April, 6}, SplitYearLabel: true, TimeZone: "Europe/London",
		Matcher: MatcherSection104, GiftIsDisposal: true, CostIsValueGiven: true,
		Reports: ownReportsFirst("uk-capital-gains-pdf", "uk-capital-gains-csv"),
		Words: Words{Proceeds: "Disposal proceeds", Cost: "Allowable costs", Gains: "Gains in the year, before losses", Losses: "Losses in the year",
			NetGain: "Net capital gains", Holding: "acquisition or pool"},
		Text: "Figures under HMRC’s rules: each disposal is matched with the same day’s acquisitions, then those of the next 30 days, " +
			"then the token’s section 104 pool at its average cost. The tax year runs from 6 April to 5 April.",
		MatchingText: "Under HMRC’s rules a disposal is matched first with the same day’s acquisitions of the token, then with those of the next " +
			"30 days, then with its section 104 pool at the pool’s average cost. Each piece below is one of these matches.",
	},
	CA: {
		Jurisdiction: CA, Code: "CA", Countries: []string{"CA"}, Name: "Canada", TaxYearStart: MonthDay{time.January, 1}, Matcher: MatcherAdjustedCostBase,
		GiftIsDisposal: true, DonationIsDisposal: true, SuperficialLosses: true, InclusionRate: 50,
		Reports: ownReportsFirst("ca-schedule-3-pdf", "ca-schedule-3-csv"),
		Words: Words{Proceeds: "Proceeds", Cost: "Adjusted cost base", Gains: "Capital gains", Losses: "Capital losses",
			NetGain: "Net capital gain or loss", TaxableGain: "Taxable capital gain (50%)", DeniedLosses: "Superficial losses denied",
			Holding: "lot you held"},
		Text: "Figures under Canada’s rules: the cost of a disposal is its adjusted cost base, one average cost across all your accounts. " +
			"Superficial losses are denied and added to the cost of the units you still hold; half of the net gain is taxable.",
		MatchingText: "Under Canada’s rules the cost is the adjusted cost base: one average cost per unit across all your accounts. A loss is " +
			"denied (superficial) when you bought the same property within 30 days before or after and still held it then; the denied part " +
			"is added to the cost of the units you hold.",
	},
}

// Generic is the jurisdiction of a country without rules of its own.
const Generic = US

func (j Jurisdiction) String() string {
	if j.Valid() {
		return rulesTable[j].Code
	}
	return fmt.Sprintf("jurisdiction(%d)", j)
}

// MarshalText implements encoding.TextMarshaler.
func (j Jurisdiction) MarshalText() ([]byte, error) { return []byte(j.String()), nil }

// ParseJurisdiction parses a jurisdiction's code or alias, in upper or lower case ("" is the
// generic rules).
func ParseJurisdiction(s string) (Jurisdiction, error) {
	if s == "" {
		return Generic, nil
	}
	var codes []string
	for i := range rulesTable {
		r := &rulesTable[i]
		for _, name := range append([]string{r.Code}, r.Aliases...) {
			if s == name || s == strings.ToLower(name) {
				return r.Jurisdiction, nil
			}
		}
		codes = append(codes, r.Code)
	}
	return 0, fmt.Errorf("tax: unknown jurisdiction %q (want one of %s)", s, strings.Join(codes, ", "))
}

// RulesFor is the rules of jurisdiction j (the generic rules for an unknown one).
func RulesFor(j Jurisdiction) *Rules {
	if int(j) < len(rulesTable) {
		return &rulesTable[j]
	}
	return &rulesTable[Generic]
}

// Rules is the rules of j.
func (j Jurisdiction) Rules() *Rules { return RulesFor(j) }

// JurisdictionOfCountry is the jurisdiction whose rules apply to a client of country: its own
// where it has them, else the generic (US) treatment.
func JurisdictionOfCountry(country string) Jurisdiction {
	for i := range rulesTable {
		if slices.Contains(rulesTable[i].Countries, country) {
			return rulesTable[i].Jurisdiction
		}
	}
	return Generic
}

// OwnReports are the report types of r that not every jurisdiction has, in r's order.
func (r *Rules) OwnReports() []string {
	var own []string
	for _, k := range r.Reports {
		if !slices.Contains(ReportsEveryone, k) {
			own = append(own, k)
		}
	}
	return own
}

// ReportRules is the first jurisdiction whose own reports include kind, and false when every
// jurisdiction has it (or none does).
func ReportRules(kind string) (*Rules, bool) {
	for i := range rulesTable {
		if slices.Contains(rulesTable[i].OwnReports(), kind) {
			return &rulesTable[i], true
		}
	}
	return nil, false
}

// Valid reports whether j names a jurisdiction with rules.
func (j Jurisdiction) Valid() bool { return int(j) < len(rulesTable) }

// TaxYearLabel is how the rules name tax year y: "2024/25" where the year spans two calendar
// years, "2024" otherwise.
func (r *Rules) TaxYearLabel(y int) string {
	if r.SplitYearLabel {
		return fmt.Sprintf("%d/%02d", y, (y+1)%100)
	}
	return strconv.Itoa(y)
}

// TaxYearLabel is how jurisdiction j names tax year y (see Rules.TaxYearLabel).
func (j Jurisdiction) TaxYearLabel(y int) string { return RulesFor(j).TaxYearLabel(y) }

// TaxYearStartOf is the first day of the tax year under r for a client whose own fiscal year
// starts on own (zero: 1 January): the law's day where it fixes one.
func (r *Rules) TaxYearStartOf(own MonthDay) MonthDay {
	switch {
	case !r.TaxYearStart.IsZero():
		return r.TaxYearStart
	case own.Month == 0:
		own.Month = time.January
	}
	if own.Day == 0 {
		own.Day = 1
	}
	return own
}

// TaxYearStartIn is the first instant of tax year y (named by the calendar year it starts in) for
// a year starting on start, in loc (nil: UTC). It is the one definition of a tax year's bounds:
// tax year y is [TaxYearStartIn(start, y, loc), TaxYearStartIn(start, y+1, loc)).
func TaxYearStartIn(start MonthDay, y int, loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	if start.IsZero() {
		start = MonthDay{time.January, 1}
	}
	return time.Date(y, start.Month, start.Day, 0, 0, 0, 0, loc)
}

// TaxYearIn is the tax year containing t for a year starting on start, in loc (nil: UTC).
func TaxYearIn(start MonthDay, t time.Time, loc *time.Location) int {
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	y := lt.Year()
	if lt.Before(TaxYearStartIn(start, y, loc)) {
		return y - 1
	}
	return y
}

// ParseMonthDay reads MM-DD (a zero MonthDay and false when s is not one).
func ParseMonthDay(s string) (MonthDay, bool) {
	mm, dd, ok := strings.Cut(s, "-")
	if !ok {
		return MonthDay{}, false
	}
	m, err1 := strconv.Atoi(mm)
	d, err2 := strconv.Atoi(dd)
	if err1 != nil || err2 != nil || m < 1 || m > 12 || d < 1 || d > 31 {
		return MonthDay{}, false
	}
	return MonthDay{time.Month(m), d}, true
}
