package imports

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestLimiterSpacesRequests(t *testing.T) {
	t.Parallel()
	l := NewLimiter(20, 1) // one request per 50 ms
	start := time.Now()
	for i := 0; i < 5; i++ {
		if err := l.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	// The first is immediate, the next four wait 50 ms each.
	if d := time.Since(start); d < 195*time.Millisecond || d > 5*time.Second {
		t.Errorf("5 waits at 20/s took %v, want about 200ms", d)
	}
}

func TestLimiterBurst(t *testing.T) {
	t.Parallel()
	l := NewLimiter(1, 3)
	start := time.Now()
	for i := 0; i < 3; i++ {
		if err := l.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("a burst of 3 took %v", d)
	}
	// The bucket is empty now: the next wait needs a second; a short deadline gives up.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if err := l.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait = %v, want deadline exceeded", err)
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
	_, srv := newFakeEtherscan(t)
	lim := NewLimiter(20, 1)
	p, _ := NewEVM("ethereum", EtherscanConfig{BaseURL: srv.URL, APIKey: "test-key", PageSize: 1000}, nil, lim)
	start := time.Now()
	if _, err := p.Fetch(context.Background(), evmMe, ""); err != nil { // 3 requests
		t.Fatal(err)
	}
	if _, err := p.Fetch(context.Background(), evmMe, ""); err != nil { // 3 more
		t.Fatal(err)
	}
	if d := time.Since(start); d < 245*time.Millisecond {
		t.Errorf("6 requests at 20/s took %v, want >= 250ms", d)
	}
}
