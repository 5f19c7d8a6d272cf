// Package testwait is how tests wait: for a condition, or for a session to block on a lock. It is
// the only place in the tests that pauses; a test never sleeps to "let something happen" or to prove
// that something did not (a second boundary is crossed by an injected clock, not by waiting).
//
// Contract:
//   - For polls a condition until it holds and fails the test with what it waited for when the
//     timeout passes. The timeout is an upper bound for a machine under load, never a latency goal:
//     speed goals are benchmarks (make bench).
//   - BlockedOnLock waits until a session running a statement that contains a given text is waiting
//     on a lock (pg_stat_activity), which is the event a "let it reach the lock" sleep guessed at.
//   - A test that must show something does NOT happen waits for the event that would have caused
//     it (a job finished, a statement blocked) and then checks, instead of sleeping a while.
package testwait

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Poll is how often a condition is checked.
const Poll = 20 * time.Millisecond

// For polls cond until it holds, failing the test after timeout; it returns how long that took.
func For(t testing.TB, what string, timeout time.Duration, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	if err := Within(what, timeout, func() (bool, error) { return cond(), nil }); err != nil {
		t.Fatal(err)
	}
	return time.Since(start)
}

// ForErr polls cond until it returns true or an error, failing the test on the error or after
// timeout.
func ForErr(t testing.TB, what string, timeout time.Duration, cond func() (bool, error)) {
	t.Helper()
	if err := Within(what, timeout, cond); err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// BlockedOnLock waits until a session of the pool's database whose current statement contains
// fragment waits on a lock.
func BlockedOnLock(t testing.TB, pool *pgxpool.Pool, fragment string, timeout time.Duration) {
	t.Helper()
	ForErr(t, "a statement containing "+fragment+" to wait on a lock", timeout, func() (bool, error) {
		var n int
		err := pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
			  AND strpos(query, $1) > 0`, fragment).Scan(&n)
		return n > 0, err
	})
}

// Within polls cond until it returns true (nil) or an error (that error), or timeout passes (an
// error naming what): for helpers that report a failure instead of ending the test, such as the
// model-based test's steps, which must be shrunk.
func Within(what string, timeout time.Duration, cond func() (bool, error)) error {
	start := time.Now()
	tick := time.NewTicker(Poll)
	defer tick.Stop()
	for {
		ok, err := cond()
		if err != nil || ok {
			return err
		}
		if time.Since(start) > timeout {
			return fmt.Errorf("%s did not happen within %s", what, timeout)
		}
		<-tick.C
	}
}
