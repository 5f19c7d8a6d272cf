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
	DE                     // lots per wallet, first in first out; tax-free after a year's holding; the Freigrenze
	AU                     // lots first in first out across accounts; the 12-month CGT discount; income year from 1 July
)

// Rules is what varies between jurisdictions: the tax year, how a disposal is matched with cost,
// which outflows are disposals, the holding-period rule, the reports and forms that exist and the
// words a person reads. Everything outside this file asks a Rules value (RulesFor) instead of
// naming a jurisdiction, so a new country is one more entry in rulesTable (plus its goldens and,
// where its returns differ, its report renderer); a rule no field expresses becomes a field here
// that the next country sets, never a test of the country.
//
// Invariants of every entry:
//   - ClientLots implies Matcher == MatcherLots: the client's cost-basis methods and per-wallet
//     switch choose among lots (the pooled matchers average the cost).
//   - WalletLots implies Matcher == MatcherLots and not ClientLots.
//   - HoldingTerms implies Matcher == MatcherLots: only lots carry their own acquisition date into
//     a disposal. HoldingExempt and DiscountPercent imply HoldingTerms (they act on long-term
//     pieces); at most one of them is set.
//   - CarryLosses implies Matcher == MatcherLots: a year's figures are final when the next begins
//     (a pooled matcher settles them at the end).
//   - SuperficialLosses implies Matcher == MatcherAdjustedCostBase.
//   - TaxYearStart is zero (the client chooses) exactly where ClientLots.
//   - TaxableGain() holds where InclusionRate, HoldingExempt, DiscountPercent or GainThresholds
//     make the taxable figure differ from the net gain; Words.TaxableGain names it then.
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
	// SplitYearSeparator, when set, names a tax year by both calendar years it spans joined by it
	// ("2024/25", "2024-25"); "" names it by the year it starts in ("2024").
	SplitYearSeparator string
	// TimeZone is the zone whose local days count (the tax year, the same-day rule, the holding
	// period) when the client sets none; "" is UTC.
	TimeZone string
	// Currency is the currency (ISO 4217) the rules' returns are made in.
	Currency string
	Matcher  Matcher
	// ClientLots: the client's cost-basis methods (Settings.Methods) and per-wallet switch
	// (Settings.PerWalletFrom) choose the lots. Without it a lots matcher takes the earliest
	// acquired lot first (FIFO) and WalletLots says where lots are kept.
	ClientLots bool
	// WalletLots keeps each own account's lots apart from the first transaction (the lots of a
	// wallet serve only its own disposals; a move between own wallets takes the lots with it).
	WalletLots bool
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
	// HoldingTerms splits gains into short and long term (held more than one year: the day after
	// the anniversary of the acquisition, see LongTermFrom).
	HoldingTerms bool
	// HoldingExempt: a long-term piece is tax-free. Its economic gain is still reported (LongGain);
	// the taxable gain is the short-term pieces' alone.
	HoldingExempt bool
	// DiscountPercent is the part of a long-term gain left after losses that is not taxed (a
	// discount capital gain). Losses (the year's, then those brought forward) reduce the short-term
	// gains first and the long-term gains after; the discount applies to what is left.
	DiscountPercent int
	// CarryLosses carries a year's net capital loss (its losses beyond its gains, after what was
	// brought forward) into the next year's taxable gain.
	CarryLosses bool
	// GainThresholds is an all-or-nothing threshold (a Freigrenze) on the year's taxable gain: a
	// gain below the threshold in force is not taxed at all, a gain at or above it is taxed whole,
	// a loss stays a loss. Ordered by FromYear.
	GainThresholds []Threshold
	// IncomeThresholds is the same kind of threshold on the year's income (TaxableIncome).
	IncomeThresholds []Threshold
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
	// Rates are the rate schedules an estimate of a year's tax is made from (taxrates.go), by tax
	// year; empty where the rates are not known (no estimate is made then).
	Rates []RateSchedule
}

// Threshold is an amount in force from tax year FromYear (until the next entry).
type Threshold struct {
	FromYear int
	Amount   Dec
}

// ThresholdIn is the amount of thresholds in force in tax year y, and false when none is.
func ThresholdIn(thresholds []Threshold, y int) (Dec, bool) {
	var amt Dec
	ok := false
	for _, t := range thresholds {
		if t.FromYear <= y {
			amt, ok = t.Amount, true
		}
	}
	return amt, ok
}

// TaxableGain reports whether the rules make a taxable gain that differs from the net gain (an
// inclusion rate, a holding exemption, a discount or a threshold): YearSummary.TaxableGain.
func (r *Rules) TaxableGain() bool {
	return r.InclusionRate != 0 || r.HoldingExempt || r.DiscountPercent != 0 || len(r.GainThresholds) > 0
}

// Taxable works out a year's taxable figures under r from its other figures: TaxableGain (the
// counted pieces' gain less the holding exemption, losses, discount or inclusion, and zero when a
// gain threshold is not reached), Discount and LossesCarriedForward (under a discount or a carry,
// from Gains, LongGains, Losses and LossesBroughtForward), TaxableIncome (IncomeTotal against the
// income threshold). Reports that total their own rows call it with those totals, so a year's
// figures have one definition. It is false when a figure overflows a Dec.
func (r *Rules) Taxable(ys *YearSummary) bool {
	ok := true
	sub := func(a, b Dec) Dec { d, o := sub(a, b); ok = ok && o; return d }
	add := func(a, b Dec) Dec { d, o := add(a, b); ok = ok && o; return d }
	pct := func(a Dec, p int) Dec {
		d, o := mulDiv(a, DecFromInt(int64(p)), DecFromInt(100))
		ok = ok && o
		return d
	}
	ys.TaxableIncome = Dec{}
	if th, has := ThresholdIn(r.IncomeThresholds, ys.Year); has && ys.IncomeTotal.Cmp(th) >= 0 {
		ys.TaxableIncome = ys.IncomeTotal
	}
	if !r.TaxableGain() {
		return ok
	}
	var gain Dec
	switch {
	case r.DiscountPercent != 0 || r.CarryLosses:
		// losses (the year's, then those brought forward) reduce the gains without the discount
		// first, then the discount gains; the discount applies to what is left of those
		losses := sub(ys.LossesBroughtForward, ys.Losses)
		short, long := sub(ys.Gains, ys.LongGains), ys.LongGains
		use := minDec(losses, short)
		short, losses = sub(short, use), sub(losses, use)
		use = minDec(losses, long)
		long, losses = sub(long, use), sub(losses, use)
		ys.Discount = pct(long, r.DiscountPercent)
		gain = sub(add(short, long), ys.Discount)
		ys.LossesCarriedForward = Dec{}
		if r.CarryLosses {
			ys.LossesCarriedForward = losses
		} else {
			gain = sub(gain, losses)
		}
	case r.InclusionRate != 0:
		gain = pct(ys.ShortGain, r.InclusionRate)
	case r.HoldingExempt:
		gain = ys.ShortGain
	default:
		gain = add(ys.ShortGain, ys.LongGain)
	}
	if th, has := ThresholdIn(r.GainThresholds, ys.Year); has && gain.Sign() >= 0 && gain.Cmp(th) < 0 {
		gain = Dec{}
	}
	ys.TaxableGain = gain
	return ok
}

// Words are the names a person reads for the figures of a tax year and a disposal.
type Words struct {
	Proceeds     string // what a disposal brought in
	Cost         string // what it cost
	Gains        string // the year's gains, before losses
	Losses       string // the year's losses
	NetGain      string // gains less losses
	TaxableGain  string // the taxable part of the net gain ("" without Rules.TaxableGain)
	DeniedLosses string // losses denied as superficial ("" without SuperficialLosses)
	Holding      string // what a disposal's cost comes from, in "not covered by any ..."
	// ShortTerm and LongTerm name a piece's holding class ("" without HoldingTerms): "Short-term",
	// "Held over a year (tax-free)", "Discount gain".
	ShortTerm, LongTerm string
	TaxableIncome       string // income after IncomeThresholds ("" without them)
	Threshold           string // what GainThresholds is called ("" without them)
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
		Jurisdiction: US, Code: "US", Countries: []string{"US"}, Name: "United States", Currency: "USD", Matcher: MatcherLots, ClientLots: true,
		HoldingTerms: true, USForms: true,
		Reports: []string{"tax-forms", "form-8949-pdf", "form-8949-csv", "schedule-d-pdf", "schedule-d-csv", "schedule-1-pdf",
			"capital-gains-csv", "income-csv", "transaction-history-csv", "turbotax-csv", "taxact-csv", "hrblock-csv", "holdings-csv"},
		Words: Words{Proceeds: "Proceeds", Cost: "Cost basis", Gains: "Capital gains", Losses: "Capital losses", NetGain: "Net capital gains",
			Holding: "lot you held", ShortTerm: "Short-term", LongTerm: "Long-term"},
		Rates: usRates,
	},
	GB: {
		Jurisdiction: GB, Code: "GB", Countries: []string{"GB"}, Aliases: []string{"UK"}, Name: "United Kingdom", TaxYearStart: MonthDay{time.April, 6}, SplitYearSeparator: "/", TimeZone: "Europe/London",
		Currency: "GBP",
		Matcher:  MatcherSection104, GiftIsDisposal: true, CostIsValueGiven: true,
		Reports: ownReportsFirst("uk-capital-gains-pdf", "uk-capital-gains-csv"),
		Words: Words{Proceeds: "Disposal proceeds", Cost: "Allowable costs", Gains: "Gains in the year, before losses", Losses: "Losses in the year",
			NetGain: "Net capital gains", Holding: "acquisition or pool"},
		Text: "Figures under HMRC’s rules: each disposal is matched with the same day’s acquisitions, then those of the next 30 days, " +
			"then the token’s section 104 pool at its average cost. The tax year runs from 6 April to 5 April.",
		MatchingText: "Under HMRC’s rules a disposal is matched first with the same day’s acquisitions of the token, then with those of the next " +
			"30 days, then with its section 104 pool at the pool’s average cost. Each piece below is one of these matches.",
		Rates: gbRates,
	},
	CA: {
		Jurisdiction: CA, Code: "CA", Countries: []string{"CA"}, Name: "Canada", TaxYearStart: MonthDay{time.January, 1}, Currency: "CAD", Matcher: MatcherAdjustedCostBase,
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
		Rates: caRates,
	},
	DE: {
		Jurisdiction: DE, Code: "DE", Countries: []string{"DE"}, Name: "Germany", TaxYearStart: MonthDay{time.January, 1}, TimeZone: "Europe/Berlin",
		Currency: "EUR", Matcher: MatcherLots, WalletLots: true, HoldingTerms: true, HoldingExempt: true,
		GainThresholds:   []Threshold{{FromYear: 0, Amount: DecFromInt(600)}, {FromYear: 2024, Amount: DecFromInt(1000)}},
		IncomeThresholds: []Threshold{{FromYear: 0, Amount: DecFromInt(256)}},
		Reports:          ownReportsFirst("de-anlage-so-pdf", "de-anlage-so-csv"),
		Words: Words{Proceeds: "Sale price (Veräußerungspreis)", Cost: "Acquisition cost (Anschaffungskosten)", Gains: "Gains", Losses: "Losses",
			NetGain: "Gain from private disposals (§ 23 EStG)", TaxableGain: "Taxable gain (after the Freigrenze)",
			Holding: "coin in this wallet", ShortTerm: "Taxable (held up to a year)", LongTerm: "Tax-free (held over a year)",
			TaxableIncome: "Taxable other income (§ 22 Nr. 3 EStG, after the 256 € Freigrenze)", Threshold: "Freigrenze"},
		Text: "Figures under German rules (§ 23 EStG): coins held for more than a year are sold tax-free; the rest is matched first in, " +
			"first out within each wallet. The year’s taxable gain is tax-free in full while it stays below the Freigrenze " +
			"(600 € up to 2023, 1,000 € from 2024); other income (§ 22 Nr. 3 EStG) has its own 256 € Freigrenze.",
		MatchingText: "Under German rules each wallet keeps its own coins, sold first in, first out; a move between your wallets keeps " +
			"each coin’s date and cost. A piece held more than a year is tax-free (its gain is shown, not taxed).",
	},
	AU: {
		Jurisdiction: AU, Code: "AU", Countries: []string{"AU"}, Name: "Australia", TaxYearStart: MonthDay{time.July, 1}, SplitYearSeparator: "-",
		TimeZone: "Australia/Sydney", Currency: "AUD", Matcher: MatcherLots, HoldingTerms: true, DiscountPercent: 50, CarryLosses: true,
		GiftIsDisposal: true, DonationIsDisposal: true,
		Reports: ownReportsFirst("au-cgt-schedule-pdf", "au-cgt-schedule-csv"),
		Words: Words{Proceeds: "Capital proceeds", Cost: "Cost base", Gains: "Capital gains", Losses: "Capital losses",
			NetGain: "Capital gains less losses", TaxableGain: "Net capital gain", Holding: "parcel you held",
			ShortTerm: "Non-discount gain", LongTerm: "Discount gain (held 12 months)"},
		Text: "Figures under the ATO’s rules: parcels are matched first in, first out across your accounts. Capital losses (the year’s, " +
			"then those carried forward) reduce gains without the discount first; half of what is left of gains on assets held at " +
			"least 12 months is discounted. The income year runs from 1 July to 30 June.",
		MatchingText: "Under the ATO’s rules the parcels are matched first in, first out across all your accounts. A parcel acquired at " +
			"least 12 months before the disposal (not counting either day) gives a discount capital gain.",
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

// JurisdictionCodes are the codes of every jurisdiction, in table order.
func JurisdictionCodes() []string {
	codes := make([]string, len(rulesTable))
	for i := range rulesTable {
		codes[i] = rulesTable[i].Code
	}
	return codes
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

// TaxYearLabel is how the rules name tax year y: "2024/25" or "2024-25" where the year spans two
// calendar years, "2024" otherwise.
func (r *Rules) TaxYearLabel(y int) string {
	if r.SplitYearSeparator != "" {
		return fmt.Sprintf("%d%s%02d", y, r.SplitYearSeparator, (y+1)%100)
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
