// Package taxsettings owns a client's tax settings: the cost-basis algorithm and its changes by tax
// year, how lots are kept across accounts (universal, per wallet, or universal then per wallet from
// a switch date), the tax lock, and the stored-only switches of AdvancedTaxFeaturesInput. It is the
// one place that turns them into the engine's tax.Settings (the recalculation reads them through
// Engine), and it enforces the lock on settings changes: a change that would alter the figures of a
// locked period is refused.
package taxsettings

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"taxd/internal/apperr"
	"taxd/internal/tax"
)

// Basis methods (BasisMethodEnum).
const (
	Universal              = "UNIVERSAL"
	PerWallet              = "PER_WALLET"
	UniversalThenPerWallet = "UNIVERSAL_THEN_PER_WALLET"
)

// DefaultSwitch is the default per-wallet switch date (the US rule, Rev. Proc. 2024-28).
var DefaultSwitch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// perWalletAlways is the stored switch date of PER_WALLET: before any ledger.
var perWalletAlways = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)

// MaxMethodChanges bounds costBasisAlgorithmChanges.
const MaxMethodChanges = 20

// MethodChange is a change of algorithm from the tax year starting on From (a calendar day).
type MethodChange struct {
	From   time.Time `json:"from"` // midnight UTC of the local day
	Method string    `json:"method"`
}

// Stored is the part of the settings kept in clients.settings (jsonb).
type Stored struct {
	BasisMethod       string         `json:"basisMethod,omitempty"`
	MethodChanges     []MethodChange `json:"methodChanges,omitempty"`
	ApplyWashSaleRule bool           `json:"applyWashSaleRule,omitempty"`
}

// Settings are a client's tax settings as stored on its row.
type Settings struct {
	Method          string     // clients.cost_basis_algorithm: before the first change
	PerWalletFrom   *time.Time // clients.per_wallet_from: nil = never (UNIVERSAL)
	Timezone        string
	FiscalYearStart string     // MM-DD
	LockUntil       *time.Time // clients.lock_taxes_until (a calendar day)
	Stored          Stored
	// Country is clients.country: it picks the rules (tax.JurisdictionOfCountry).
	Country string
}

// Jurisdiction is the engine's rule set for the client's country.
func (s Settings) Jurisdiction() tax.Jurisdiction {
	return JurisdictionOf(s.Country)
}

// JurisdictionOf is the rule set of a country (CountryEnum): its own where it has one, else the
// generic treatment.
func JurisdictionOf(country string) tax.Jurisdiction { return tax.JurisdictionOfCountry(country) }

// Rules is the rules of the client's jurisdiction.
func (s Settings) Rules() *tax.Rules { return tax.RulesFor(s.Jurisdiction()) }

// Parse reads the settings of a client row; raw is clients.settings.
func Parse(method string, perWalletFrom *time.Time, tz, fyStart, country string, lock *time.Time, raw []byte) (Settings, error) {
	s := Settings{Method: method, PerWalletFrom: perWalletFrom, Timezone: tz, FiscalYearStart: fyStart, Country: country, LockUntil: lock}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s.Stored); err != nil {
			return Settings{}, fmt.Errorf("clients.settings: %w", err)
		}
	}
	return s, nil
}

// Location is the client's timezone (UTC when unknown).
func (s Settings) Location() *time.Location {
	loc, err := time.LoadLocation(s.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// BasisMethod is the BasisMethodEnum value.
func (s Settings) BasisMethod() string {
	switch {
	case s.PerWalletFrom == nil:
		return Universal
	case s.Stored.BasisMethod == PerWallet || s.PerWalletFrom.Equal(perWalletAlways):
		return PerWallet
	}
	return UniversalThenPerWallet
}

// SwitchDate is the per-wallet switch date of UNIVERSAL_THEN_PER_WALLET, else nil.
func (s Settings) SwitchDate() *time.Time {
	if s.BasisMethod() != UniversalThenPerWallet {
		return nil
	}
	return s.PerWalletFrom
}

// fiscalStart returns the month and day the client's own fiscal year starts on.
func (s Settings) fiscalStart() (time.Month, int) {
	if md, ok := tax.ParseMonthDay(s.FiscalYearStart); ok {
		return md.Month, md.Day
	}
	return time.January, 1
}

// TaxYearStartDay is the first day of the client's tax year: the one its rules fix, else its own
// fiscal-year start.
func (s Settings) TaxYearStartDay() tax.MonthDay {
	m, d := s.fiscalStart()
	return s.Rules().TaxYearStartOf(tax.MonthDay{Month: m, Day: d})
}

// TaxYearStart is the first instant of tax year y in the client's timezone; tax year y is
// [TaxYearStart(y), TaxYearStart(y+1)).
func (s Settings) TaxYearStart(y int) time.Time {
	return tax.TaxYearStartIn(s.TaxYearStartDay(), y, s.Location())
}

// TaxYearOf is the tax year containing t.
func (s Settings) TaxYearOf(t time.Time) int {
	return tax.TaxYearIn(s.TaxYearStartDay(), t, s.Location())
}

// local is midnight of day's calendar date in the client's timezone.
func (s Settings) local(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, s.Location())
}

// LockedUntil is the instant before which the figures are locked (midnight of lockTaxesUntil in the
// client's timezone), or the zero time without a lock.
func (s Settings) LockedUntil() time.Time {
	if s.LockUntil == nil {
		return time.Time{}
	}
	return s.local(*s.LockUntil)
}

// Engine returns the engine settings: the per-year methods, the per-wallet switch, timezone and
// fiscal year. now is the instant the remaining lots describe.
func (s Settings) Engine(now time.Time) (tax.Settings, error) {
	m, err := tax.ParseMethod(s.Method)
	if err != nil {
		return tax.Settings{}, err
	}
	loc := s.Location()
	st := tax.Settings{Methods: []tax.MethodChange{{FromYear: 0, Method: m}}, Location: loc, AsOf: now, Jurisdiction: s.Jurisdiction()}
	for _, c := range s.Stored.MethodChanges {
		cm, err := tax.ParseMethod(c.Method)
		if err != nil {
			return tax.Settings{}, err
		}
		st.Methods = append(st.Methods, tax.MethodChange{FromYear: c.From.Year(), Method: cm})
	}
	if s.PerWalletFrom != nil {
		st.PerWalletFrom = s.local(*s.PerWalletFrom)
	}
	if mo, d := s.fiscalStart(); mo != time.January || d != 1 {
		st.FiscalYearStartMonth, st.FiscalYearStartDay = mo, d
	}
	return st, nil
}

// Key names every setting the results depend on: results computed under another key cannot be
// resumed by an incremental run.
func (s Settings) Key() string {
	pw := "never"
	if s.PerWalletFrom != nil {
		pw = s.PerWalletFrom.Format(time.DateOnly)
	}
	parts := []string{s.Method, s.Timezone, s.FiscalYearStart, pw}
	for _, c := range s.Stored.MethodChanges {
		parts = append(parts, c.From.Format(time.DateOnly)+":"+c.Method)
	}
	if j := s.Jurisdiction(); j != tax.Generic { // the generic rules' key predates jurisdictions
		parts = append(parts, "jurisdiction:"+j.String())
	}
	return strings.Join(parts, "|")
}

// Update is a change of AdvancedTaxFeaturesInput; nil fields stay as they are.
type Update struct {
	BasisMethod       *string
	SwitchDate        *time.Time
	MethodChanges     *[]MethodChange // replaces the list when set
	LockUntil         *time.Time
	RemoveLock        bool
	ApplyWashSaleRule *bool
}

// Apply returns the settings after u, and whether the figures depend on what changed (the client
// must then be recalculated). It refuses invalid values and changes that take effect before the
// lock (the lock in force before the update, or the one it sets).
func (s Settings) Apply(u Update) (Settings, bool, error) {
	next := s
	next.Stored.MethodChanges = slices.Clone(s.Stored.MethodChanges)
	if u.RemoveLock {
		if u.LockUntil != nil {
			return s, false, apperr.InvalidField("taxSettings.removeTaxLock", "cannot be set together with lockTaxesUntil")
		}
		next.LockUntil = nil
	}
	if u.LockUntil != nil {
		d := dateOf(*u.LockUntil)
		next.LockUntil = &d
	}
	if u.ApplyWashSaleRule != nil {
		next.Stored.ApplyWashSaleRule = *u.ApplyWashSaleRule
	}
	if u.BasisMethod != nil || u.SwitchDate != nil {
		method := s.BasisMethod()
		if u.BasisMethod != nil {
			method = *u.BasisMethod
		}
		switch method {
		case Universal:
			if u.SwitchDate != nil {
				return s, false, apperr.InvalidField("taxSettings.perWalletSwitchDate", "applies to UNIVERSAL_THEN_PER_WALLET only")
			}
			next.PerWalletFrom, next.Stored.BasisMethod = nil, Universal
		case PerWallet:
			if u.SwitchDate != nil {
				return s, false, apperr.InvalidField("taxSettings.perWalletSwitchDate", "applies to UNIVERSAL_THEN_PER_WALLET only")
			}
			d := perWalletAlways
			next.PerWalletFrom, next.Stored.BasisMethod = &d, PerWallet
		case UniversalThenPerWallet:
			d := DefaultSwitch
			if cur := s.SwitchDate(); cur != nil {
				d = *cur
			}
			if u.SwitchDate != nil {
				d = dateOf(*u.SwitchDate)
				if d.Year() < 2000 || d.Year() > 2100 {
					return s, false, apperr.InvalidField("taxSettings.perWalletSwitchDate", "must be between 2000-01-01 and 2100-12-31")
				}
			}
			next.PerWalletFrom, next.Stored.BasisMethod = &d, UniversalThenPerWallet
		default:
			return s, false, apperr.InvalidField("taxSettings.basisMethod", "unknown basis method %q", method)
		}
	}
	if u.MethodChanges != nil {
		cs := slices.Clone(*u.MethodChanges)
		if len(cs) > MaxMethodChanges {
			return s, false, apperr.InvalidField("taxSettings.costBasisAlgorithmChanges", "at most %d changes", MaxMethodChanges)
		}
		mo, day := s.fiscalStart()
		for i := range cs {
			cs[i].From = dateOf(cs[i].From)
			if _, err := tax.ParseMethod(cs[i].Method); err != nil {
				return s, false, apperr.InvalidField("taxSettings.costBasisAlgorithmChanges", "unknown algorithm %q", cs[i].Method)
			}
			if cs[i].From.Month() != mo || cs[i].From.Day() != day {
				return s, false, apperr.InvalidField("taxSettings.costBasisAlgorithmChanges",
					"effectiveFrom %s is not the first day of a tax year (the fiscal year starts on %02d-%02d)", cs[i].From.Format(time.DateOnly), mo, day)
			}
			if y := cs[i].From.Year(); y < 2000 || y > 2100 {
				return s, false, apperr.InvalidField("taxSettings.costBasisAlgorithmChanges", "effectiveFrom must be between 2000 and 2100")
			}
		}
		slices.SortFunc(cs, func(a, b MethodChange) int { return a.From.Compare(b.From) })
		for i := 1; i < len(cs); i++ {
			if cs[i].From.Equal(cs[i-1].From) {
				return s, false, apperr.InvalidField("taxSettings.costBasisAlgorithmChanges", "two changes on %s", cs[i].From.Format(time.DateOnly))
			}
		}
		next.Stored.MethodChanges = cs
	}
	figures := s.Key() != next.Key() || s.BasisMethod() != next.BasisMethod()
	if figures {
		if err := CheckLock(s, next); err != nil {
			return s, false, err
		}
	}
	return next, figures, nil
}

// CheckLock refuses (TaxesLocked) a settings change that alters figures before the lock (the
// stricter of the old and new lock): for every writer of the settings the figures depend on, such
// as updateClient's timezone and fiscal year or updateClientCostBasisAlgorithm (both change every
// year, so any lock refuses them).
func CheckLock(old, next Settings) error {
	lock := old.LockedUntil()
	if l := next.LockedUntil(); l.After(lock) {
		lock = l
	}
	if lock.IsZero() {
		return nil
	}
	if from := effectiveFrom(old, next); from.Before(lock) {
		return apperr.New(apperr.TaxesLocked, "taxes are locked until %s: this change would alter the figures from %s",
			lock.Format(time.DateOnly), from.Format(time.DateOnly))
	}
	return nil
}

// effectiveFrom is the first instant whose figures differ between two settings (a far-future time
// when none does). Method changes take effect at their day; a basis change at the earlier of the
// two switch instants (PER_WALLET: from the start; UNIVERSAL: never).
func effectiveFrom(a, b Settings) time.Time {
	never := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	from := never
	earlier := func(t time.Time) {
		if t.Before(from) {
			from = t
		}
	}
	if a.Method != b.Method {
		earlier(time.Time{})
	}
	// method changes: the first position where the lists differ
	ac, bc := a.Stored.MethodChanges, b.Stored.MethodChanges
	for i := 0; i < max(len(ac), len(bc)); i++ {
		switch {
		case i >= len(ac):
			earlier(b.local(bc[i].From))
		case i >= len(bc):
			earlier(a.local(ac[i].From))
		case !ac[i].From.Equal(bc[i].From) || ac[i].Method != bc[i].Method:
			earlier(a.local(ac[i].From))
			earlier(b.local(bc[i].From))
		}
		if from != never {
			break
		}
	}
	switchAt := func(s Settings) time.Time {
		if s.PerWalletFrom == nil {
			return never
		}
		return s.local(*s.PerWalletFrom)
	}
	if sa, sb := switchAt(a), switchAt(b); !sa.Equal(sb) {
		earlier(sa)
		earlier(sb)
	}
	if a.Timezone != b.Timezone || a.FiscalYearStart != b.FiscalYearStart {
		earlier(time.Time{})
	}
	return from
}

// dateOf is the calendar day of t (as given, in UTC).
func dateOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// MarshalStored is the clients.settings value of s.
func (s Settings) MarshalStored() ([]byte, error) { return json.Marshal(s.Stored) }

// CheckYearStarted is the one rule for future tax years of the tax preview and of reports: a
// year up to the client's current tax year (the one containing now; in progress) has figures, a
// later one has not started (Invalid, naming field).
func (s Settings) CheckYearStarted(field string, year int, now time.Time) error {
	if year > s.TaxYearOf(now) {
		return apperr.InvalidField(field, "tax year %d has not started", year)
	}
	return nil
}
