package taxsettings

import (
	"fmt"
	"testing"
	"time"

	"taxd/internal/apperr"
	"taxd/internal/tax"
)

func day(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }

func ptr[T any](v T) *T { return &v }

func defaults() Settings {
	d := DefaultSwitch
	return Settings{Method: "FIFO", PerWalletFrom: &d, Timezone: "America/New_York", FiscalYearStart: "01-01"}
}

// The settings reach the engine: per-year methods, the switch at local midnight, the fiscal year.
func TestEngineSettings(t *testing.T) {
	s := defaults()
	s.FiscalYearStart = "04-06"
	s.Stored.MethodChanges = []MethodChange{{From: day("2024-04-06"), Method: "HIFO"}}
	es, err := s.Engine(time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(es.Methods) != 2 || es.Methods[0].Method != tax.FIFO || es.Methods[1] != (tax.MethodChange{FromYear: 2024, Method: tax.HIFO}) {
		t.Errorf("methods %+v", es.Methods)
	}
	ny, _ := time.LoadLocation("America/New_York")
	if !es.PerWalletFrom.Equal(time.Date(2025, 1, 1, 0, 0, 0, 0, ny)) || es.FiscalYearStartMonth != time.April || es.FiscalYearStartDay != 6 {
		t.Errorf("switch %s, fiscal year %s %d", es.PerWalletFrom, es.FiscalYearStartMonth, es.FiscalYearStartDay)
	}
	if s.Key() != "FIFO|America/New_York|04-06|2025-01-01|2024-04-06:HIFO" {
		t.Errorf("key %q", s.Key())
	}
	if defaults().Key() != "FIFO|America/New_York|01-01|2025-01-01" {
		t.Errorf("the key of default settings changed: existing results could not be resumed")
	}
}

func TestApply(t *testing.T) {
	s := defaults()
	next, figures, err := s.Apply(Update{MethodChanges: &[]MethodChange{{From: day("2026-01-01"), Method: "HIFO"}, {From: day("2024-01-01"), Method: "LIFO"}}})
	if err != nil || !figures || len(next.Stored.MethodChanges) != 2 || next.Stored.MethodChanges[0].Method != "LIFO" {
		t.Fatalf("%+v %v %v", next.Stored, figures, err)
	}
	if _, figures, _ := s.Apply(Update{ApplyWashSaleRule: ptr(true)}); figures {
		t.Error("a stored-only switch marked the figures dirty")
	}
	for name, u := range map[string]Update{
		"off the year start":  {MethodChanges: &[]MethodChange{{From: day("2026-02-01"), Method: "HIFO"}}},
		"twice the same day":  {MethodChanges: &[]MethodChange{{From: day("2026-01-01"), Method: "HIFO"}, {From: day("2026-01-01"), Method: "LIFO"}}},
		"unknown method":      {MethodChanges: &[]MethodChange{{From: day("2026-01-01"), Method: "XIFO"}}},
		"switch on UNIVERSAL": {BasisMethod: ptr(Universal), SwitchDate: ptr(day("2025-01-01"))},
		"lock and unlock":     {LockUntil: ptr(day("2025-01-01")), RemoveLock: true},
	} {
		if _, _, err := s.Apply(u); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%s: %v, want Invalid", name, err)
		}
	}
	if n, _, _ := s.Apply(Update{BasisMethod: ptr(Universal)}); n.BasisMethod() != Universal || n.PerWalletFrom != nil {
		t.Errorf("UNIVERSAL: %v", n.PerWalletFrom)
	}
	if n, _, _ := s.Apply(Update{BasisMethod: ptr(PerWallet)}); n.BasisMethod() != PerWallet || n.SwitchDate() != nil {
		t.Errorf("PER_WALLET: %v", n.PerWalletFrom)
	}
}

// Under a lock, changes that alter figures before it are refused; later ones pass.
func TestLockRefusesEarlierChanges(t *testing.T) {
	s := defaults()
	s.LockUntil = ptr(day("2026-01-01"))
	s.Stored.MethodChanges = []MethodChange{{From: day("2024-01-01"), Method: "LIFO"}}
	for name, u := range map[string]Update{
		"a change in a locked year":   {MethodChanges: &[]MethodChange{{From: day("2024-01-01"), Method: "LIFO"}, {From: day("2025-01-01"), Method: "HIFO"}}},
		"removing a locked change":    {MethodChanges: &[]MethodChange{}},
		"universal basis":             {BasisMethod: ptr(Universal)},
		"an earlier switch":           {SwitchDate: ptr(day("2024-06-01"))},
		"a later switch (2025 moves)": {SwitchDate: ptr(day("2026-06-01"))},
	} {
		if _, _, err := s.Apply(u); apperr.KindOf(err) != apperr.TaxesLocked {
			t.Errorf("%s: %v, want TaxesLocked", name, err)
		}
	}
	if _, _, err := s.Apply(Update{MethodChanges: &[]MethodChange{{From: day("2024-01-01"), Method: "LIFO"}, {From: day("2026-01-01"), Method: "HIFO"}}}); err != nil {
		t.Errorf("a change after the lock: %v", err)
	}
	// setting a lock checks the change against the new lock too
	if _, _, err := defaults().Apply(Update{LockUntil: ptr(day("2026-01-01")), MethodChanges: &[]MethodChange{{From: day("2025-01-01"), Method: "HIFO"}}}); apperr.KindOf(err) != apperr.TaxesLocked {
		t.Errorf("lock and an earlier change at once: %v", err)
	}
}

// Settings other writers change (default algorithm, timezone, fiscal year) alter every year.
func TestCheckLockOfOtherSettings(t *testing.T) {
	old := defaults()
	old.LockUntil = ptr(day("2025-01-01"))
	for name, change := range map[string]func(*Settings){
		"default algorithm": func(s *Settings) { s.Method = "HIFO" },
		"timezone":          func(s *Settings) { s.Timezone = "Europe/Berlin" },
		"fiscal year":       func(s *Settings) { s.FiscalYearStart = "04-06" },
	} {
		next := old
		change(&next)
		if err := CheckLock(old, next); apperr.KindOf(err) != apperr.TaxesLocked {
			t.Errorf("%s under a lock: %v", name, err)
		}
		old2, next2 := old, next
		old2.LockUntil, next2.LockUntil = nil, nil
		if err := CheckLock(old2, next2); err != nil {
			t.Errorf("%s without a lock: %v", name, err)
		}
	}
}

// The one future-year rule of the preview and of reports: years up to the tax year containing
// now (in the client's timezone and fiscal year) have started; a later one has not.
func TestCheckYearStarted(t *testing.T) {
	uk := Settings{Timezone: "Europe/London", FiscalYearStart: "04-06"}
	us := Settings{Timezone: "America/New_York", FiscalYearStart: "01-01"}
	for _, c := range []struct {
		s       Settings
		now     string
		current int
	}{
		{uk, "2026-04-05T22:59:00Z", 2025}, // 23:59 on 5 April in London: still the 2025/26 year
		{uk, "2026-04-05T23:00:00Z", 2026}, // midnight of 6 April in London (BST)
		{us, "2027-01-01T03:00:00Z", 2026}, // still 31 December in New York
		{us, "2027-01-01T06:00:00Z", 2027},
	} {
		now, _ := time.Parse(time.RFC3339, c.now)
		if got := c.s.TaxYearOf(now); got != c.current {
			t.Errorf("%s at %s: tax year %d, want %d", c.s.Timezone, c.now, got, c.current)
		}
		if err := c.s.CheckYearStarted("year", c.current, now); err != nil {
			t.Errorf("the current year %d: %v", c.current, err)
		}
		if err := c.s.CheckYearStarted("year", c.current+1, now); err == nil || err.Error() != fmt.Sprintf("year: tax year %d has not started", c.current+1) {
			t.Errorf("the next year %d: %v", c.current+1, err)
		}
	}
}
