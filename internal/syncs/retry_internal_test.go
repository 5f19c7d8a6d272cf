package syncs

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// A running sync names the account waiting after a failed attempt, the soonest first, with the
// reason alone (the attempt and the time are fields of their own).
func TestSyncRetrying(t *testing.T) {
	soon, later := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC), time.Date(2026, 1, 1, 11, 0, 0, 0, time.UTC)
	msg := func(s string) *string { return &s }
	a, b, c := uuid.New(), uuid.New(), uuid.New()
	s := Sync{Status: "running", Items: []Item{
		{AccountID: a, Status: "syncing", Attempt: 2, MaxAttempts: 8, NextAttemptAt: &later, Message: msg("attempt 2 of 8 failed: import failed: the provider could not be reached; next attempt at 2026-01-01T11:00:00Z")},
		{AccountID: b, Status: "syncing", Attempt: 3, MaxAttempts: 8, NextAttemptAt: &soon, Message: msg("attempt 3 of 8 failed: import failed: the provider answered with an error; next attempt at 2026-01-01T10:00:00Z")},
		{AccountID: c, Status: "syncing"},
	}}
	r := s.Retrying()
	if r == nil || r.AccountID != b || r.Attempt != 3 || r.MaxAttempts != 8 || !r.NextAttemptAt.Equal(soon) ||
		r.LastError != "import failed: the provider answered with an error" {
		t.Fatalf("retrying %+v", r)
	}
	s.Items = s.Items[2:]
	if r := s.Retrying(); r != nil {
		t.Fatalf("a sync with no failed attempt says %+v", r)
	}
}
