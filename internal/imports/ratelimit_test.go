package imports

import (
	"context"
	"errors"
	"testing"
	"time"
)

// frozenLimiter is a limiter whose clock stands still at a fixed instant, so the waits it hands
// out are exact and no test measures wall time.
func frozenLimiter(rps float64, burst int) *Limiter {
	l := NewLimiter(rps, burst)
	at := time.Unix(1000, 0)
	l.now = func() time.Time { return at }
	return l
}

func TestLimiterSpacesRequests(t *testing.T) {
	t.Parallel()
	l := frozenLimiter(20, 1) // one request per 50 ms
	// The first is immediate, each next one waits 50 ms more than the one before.
	for i, want := range []time.Duration{0, 50, 100, 150, 200} {
		if d := l.reserve(); d != want*time.Millisecond {
			t.Errorf("request %d at 20/s waits %v, want %v", i+1, d, want*time.Millisecond)
		}
	}
}

func TestLimiterBurst(t *testing.T) {
	t.Parallel()
	l := frozenLimiter(1, 3)
	for i := 0; i < 3; i++ {
		if d := l.reserve(); d != 0 {
			t.Errorf("request %d of a burst of 3 waits %v", i+1, d)
		}
	}
	// The bucket is empty now: the next wait needs a second; a short deadline gives up and gives
	// the reservation back.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if err := l.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait = %v, want deadline exceeded", err)
	}
	if d := l.reserve(); d != time.Second {
		t.Errorf("after a given-back reservation the next waits %v, want 1s", d)
	}
}

func TestLimiterRefillsWithFakeClock(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	l := NewLimiter(2, 2)
	l.now = func() time.Time { return now }
	if d := l.reserve(); d != 0 {
		t.Fatalf("first: %v", d)
	}
	if d := l.reserve(); d != 0 {
		t.Fatalf("second: %v", d)
	}
	if d := l.reserve(); d != 500*time.Millisecond {
		t.Fatalf("third: wait %v, want 500ms", d)
	}
	now = now.Add(10 * time.Second) // refills up to the burst only
	for i := 0; i < 2; i++ {
		if d := l.reserve(); d != 0 {
			t.Fatalf("after refill %d: %v", i, d)
		}
	}
	if d := l.reserve(); d != 500*time.Millisecond {
		t.Fatalf("burst cap: wait %v", d)
	}
}

func TestNilLimiterNeverWaits(t *testing.T) {
	t.Parallel()
	if l := NewLimiter(0, 1); l != nil {
		t.Fatal("rps 0 should be unlimited (nil)")
	}
	var l *Limiter
	if err := l.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestProviderUsesLimiter(t *testing.T) {
	t.Parallel()
	f, srv := newFakeEtherscan(t)
	lim := frozenLimiter(1000, 1) // 1 ms per request on a clock that stands still
	p, _ := NewEVM("ethereum", EtherscanConfig{BaseURL: srv.URL, APIKey: "test-key", PageSize: 1000}, nil, lim)
	for range 2 { // the lists, the receipts, the transactions the account's txlist does not hold
		if _, err := p.Fetch(context.Background(), evmMe, ""); err != nil {
			t.Fatal(err)
		}
	}
	// Every request went through the limiter: the next would wait for one more token.
	n := len(f.queries)
	if d := lim.reserve(); n < 10 || d != time.Duration(n)*time.Millisecond {
		t.Errorf("after two fetches (%d requests) the next request waits %v, want %d ms", n, d, n)
	}
}
