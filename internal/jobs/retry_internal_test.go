package jobs

import (
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"
)

// A sync's waits between attempts are capped (river counts the attempt by the errors before
// it), so its attempts end within the documented bound;
// other queues keep river's growing waits.
func TestRetryWaitIsCappedForSyncs(t *testing.T) {
	p := &RetryPolicy{}
	var total time.Duration
	for attempt := 1; attempt < 8; attempt++ { // the waits after attempts 1-7 of a sync's 8
		now := time.Now()
		wait := p.nextRetry(&rivertype.JobRow{ID: int64(attempt), Queue: QueueSync, Attempt: attempt, AttemptedAt: &now, Errors: make([]rivertype.AttemptError, attempt-1)}).Sub(now)
		if wait > 2*time.Minute+time.Second {
			t.Fatalf("attempt %d of a sync waits %s, more than the 2 minute cap", attempt, wait)
		}
		total += wait
	}
	if total > 10*time.Minute {
		t.Fatalf("a sync's attempts wait %s in all, want at most 10 minutes", total)
	}
	now := time.Now()
	if wait := p.nextRetry(&rivertype.JobRow{ID: 99, Queue: QueueRecalc, Attempt: 7, AttemptedAt: &now, Errors: make([]rivertype.AttemptError, 6)}).Sub(now); wait < 30*time.Minute {
		t.Fatalf("a recalculation's 7th attempt waits %s: the cap must apply to syncs only", wait)
	}
}
