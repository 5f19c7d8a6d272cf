package imports

import (
	"context"
	"sync"
	"time"
)

// Limiter is a token bucket: at most Burst calls at once, refilled at RPS tokens per second.
// A nil *Limiter (or one made with rps <= 0) never waits. It is safe for concurrent use; share one
// per provider (API key) so that every job using the provider stays under its limit together.
type Limiter struct {
	mu     sync.Mutex
	rps    float64
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

// NewLimiter returns a limiter allowing rps requests per second with bursts of burst (at least 1).
// rps <= 0 means unlimited.
func NewLimiter(rps float64, burst int) *Limiter {
	if rps <= 0 {
		return nil
	}
	if burst < 1 {
		burst = 1
	}
	return &Limiter{rps: rps, burst: float64(burst), tokens: float64(burst), now: time.Now}
}

// Wait blocks until a request may be sent or ctx is done.
func (l *Limiter) Wait(ctx context.Context) error {
	if l == nil {
		return ctx.Err()
	}
	d := l.reserve()
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		l.mu.Lock()
		l.tokens++ // give the reservation back
		l.mu.Unlock()
		return ctx.Err()
	}
}

// reserve takes one token (possibly going into debt) and returns how long to wait for it.
func (l *Limiter) reserve() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if !l.last.IsZero() {
		l.tokens += now.Sub(l.last).Seconds() * l.rps
		if l.tokens > l.burst {
			l.tokens = l.burst
		}
	}
	l.last = now
	l.tokens--
	if l.tokens >= 0 {
		return 0
	}
	return time.Duration(-l.tokens / l.rps * float64(time.Second))
}
