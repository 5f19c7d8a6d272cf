package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// LoginThrottle slows down credential guessing. Failed logins are counted per presented credential
// (the client id, API key or token) and per client IP in a sliding window; past a threshold the key
// is locked with a backoff that doubles with each further failure, and every attempt with a locked
// key gets LimitExceeded (429 + Retry-After) without its secret being checked. A successful login
// clears the credential's count. The state is in Postgres so every API node sees it.
type LoginThrottle struct {
	DB  db.DBTX
	Now func() time.Time
	// Per credential and per IP: failures allowed in Window before the key locks.
	CredentialFailures, IPFailures int
	Window                         time.Duration
	// The first lock lasts MinBackoff; each further failure doubles it up to MaxBackoff.
	MinBackoff, MaxBackoff time.Duration
}

// DefaultLoginThrottle is the documented policy (README "Limits"): 5 failures of one credential or
// 50 from one IP within 15 minutes lock it for 1 s, doubling per further failure up to 15 minutes.
func DefaultLoginThrottle(d db.DBTX, now func() time.Time) *LoginThrottle {
	return &LoginThrottle{DB: d, Now: now, CredentialFailures: 5, IPFailures: 50, Window: 15 * time.Minute,
		MinBackoff: time.Second, MaxBackoff: 15 * time.Minute}
}

// LoginKeys are the throttle keys of one request: its credential (when one is presented) and its IP.
type LoginKeys struct{ Credential, IP string }

// KeysOf derives the keys of r. The credential key is a hash, so no secret is stored.
func KeysOf(r *http.Request) LoginKeys {
	var k LoginKeys
	id := r.Header.Get("x-client-id")
	if id == "" {
		id = r.Header.Get("x-api-key")
	}
	if id == "" {
		id = bearer(r.Header)
	}
	if id == "" {
		id, _ = strings.CutPrefix(r.Header.Get("Authorization"), "ApiKey ")
	}
	if id != "" {
		sum := sha256.Sum256([]byte(id))
		k.Credential = "cred:" + hex.EncodeToString(sum[:16])
	}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		k.IP = "ip:" + host
	}
	return k
}

func (k LoginKeys) list() []string {
	var out []string
	for _, s := range []string{k.Credential, k.IP} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Check returns LimitExceeded while a key of k is locked; recorded tells whether k has failures on
// record (only then does a success need to clear them).
func (t *LoginThrottle) Check(ctx context.Context, k LoginKeys) (recorded bool, err error) {
	if t == nil || len(k.list()) == 0 {
		return false, nil
	}
	now := t.Now()
	st, err := db.New(t.DB).LoginLockState(ctx, db.LoginLockStateParams{Keys: k.list(), Now: now})
	if err != nil {
		return false, err
	}
	if !st.LockedUntil.After(now) {
		return st.HasFailures, nil
	}
	e := apperr.New(apperr.LimitExceeded, "too many failed logins; try again later")
	e.RetryAfter = st.LockedUntil.Sub(now)
	return st.HasFailures, e
}

// Failed counts a failed login for k's keys and locks those past their threshold.
func (t *LoginThrottle) Failed(ctx context.Context, k LoginKeys) {
	if t == nil {
		return
	}
	now := t.Now()
	q := db.New(t.DB)
	for _, key := range k.list() {
		limit := t.IPFailures
		if key == k.Credential {
			limit = t.CredentialFailures
		}
		n, err := q.RecordLoginFailure(ctx, db.RecordLoginFailureParams{Key: key, Now: now, WindowSeconds: int32(t.Window / time.Second)})
		if err != nil {
			slog.WarnContext(ctx, "login throttle", "err", err)
			return
		}
		if int(n) < limit {
			continue
		}
		if err := q.LockLogin(ctx, db.LockLoginParams{Key: key, LockedUntil: now.Add(t.backoff(int(n) - limit))}); err != nil {
			slog.WarnContext(ctx, "login throttle", "err", err)
		}
	}
}

// Succeeded clears the failures of k's credential (not of its IP).
func (t *LoginThrottle) Succeeded(ctx context.Context, k LoginKeys) {
	if t == nil || k.Credential == "" {
		return
	}
	if err := db.New(t.DB).ClearLoginFailures(ctx, k.Credential); err != nil {
		slog.WarnContext(ctx, "login throttle", "err", err)
	}
}

// backoff is MinBackoff doubled extra times, at most MaxBackoff.
func (t *LoginThrottle) backoff(extra int) time.Duration {
	d := t.MinBackoff
	for i := 0; i < extra && d < t.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, t.MaxBackoff)
}
