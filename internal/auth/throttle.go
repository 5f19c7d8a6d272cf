package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// LoginThrottle slows down credential guessing without letting anyone lock out a credential they
// do not hold. Failed logins are counted per (credential, address): the credential's identity (a
// partner client id, the lookup prefix of an API key, a token) presented from one client IP. Past
// CredentialFailures in Window that pair is locked with a backoff that doubles with each further
// failure, and attempts with it from that address get LimitExceeded (429 + Retry-After) without
// their secret being checked. The same credential from any other address is not affected, so an
// attacker who knows a partner's client id cannot lock the partner out, and a partner's wrong
// secret locks only the partner's own address.
//
// Failures are also counted per address. An address with IPFailures failures in Window (one guessing
// many credentials) is throttled: from then on every failure locks the credential it tried at that
// address at once (a guess per credential per backoff). Valid credentials from that address still
// work: the address count throttles only wrong and unknown credentials, so valid keys used behind
// the same NAT as an attacker are not locked out, and the attacker learns nothing it could not
// learn from one guess per credential. A success clears the pair's count (not the address's).
// The state is in Postgres so every API node sees it.
type LoginThrottle struct {
	DB  db.DBTX
	Now func() time.Time
	// Failures allowed in Window per (credential, address) before the pair locks, and per address
	// before each failure from it locks at once.
	CredentialFailures, IPFailures int
	Window                         time.Duration
	// The first lock lasts MinBackoff; each further failure doubles it up to MaxBackoff.
	MinBackoff, MaxBackoff time.Duration
	// TrustedProxies are the addresses of the proxies in front of taxd: a request from one of them
	// counts for the client address its X-Forwarded-For names (ClientAddress).
	TrustedProxies []netip.Prefix
}

// DefaultLoginThrottle is the documented policy (README "Limits", the spec's 429 and the SDL):
// 5 failures of one credential from one address within 15 minutes lock it there for 1 s, doubling
// per further failure up to 15 minutes; after 50 failures from one address, each further failure
// locks its credential there at once.
func DefaultLoginThrottle(d db.DBTX, now func() time.Time) *LoginThrottle {
	return &LoginThrottle{DB: d, Now: now, CredentialFailures: 5, IPFailures: 50, Window: 15 * time.Minute,
		MinBackoff: time.Second, MaxBackoff: 15 * time.Minute}
}

// PurgeLoginFailures deletes the failure counts of the default policy that no longer change any
// answer (window over, lock ended), so the table holds only recent failures however many
// addresses and credentials an attacker rotates through. The janitor runs it.
func PurgeLoginFailures(ctx context.Context, q *db.Queries, now time.Time) (int64, error) {
	return q.PurgeLoginFailures(ctx, db.PurgeLoginFailuresParams{WindowBefore: now.Add(-DefaultLoginThrottle(nil, nil).Window), Now: now})
}

// LoginKeys are the throttle keys of one request: its credential at its address (when a credential
// is presented) and its address.
type LoginKeys struct{ Credential, IP string }

// KeysOf derives the keys of r. The credential key is a hash of the credential's identity, not of
// its secret: guesses at one API key's secret all count for that key. No secret is stored.
func (t *LoginThrottle) KeysOf(r *http.Request) LoginKeys {
	var k LoginKeys
	var trusted []netip.Prefix
	if t != nil {
		trusted = t.TrustedProxies
	}
	host := ClientAddress(r, trusted)
	if host != "" {
		k.IP = "ip:" + host
	}
	if id := credentialID(r.Header); id != "" {
		sum := sha256.Sum256([]byte(id))
		// "cred:" + hex(sum[:16]) + "@" + host, written into one allocation
		var b strings.Builder
		b.Grow(len("cred:") + hex.EncodedLen(16) + 1 + len(host))
		b.WriteString("cred:")
		var digest [32]byte
		hex.Encode(digest[:], sum[:16])
		b.Write(digest[:])
		b.WriteByte('@')
		b.WriteString(host)
		k.Credential = b.String()
	}
	return k
}

// ClientAddress is the address r came from: its TCP peer, or, when the peer is one of the trusted
// proxies, the last address of X-Forwarded-For that is not a trusted proxy (what a proxy appends
// is trustworthy; what the client sent before it is not). "" when there is none.
func ClientAddress(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return ""
	}
	isTrusted := func(s string) bool {
		a, err := netip.ParseAddr(strings.TrimSpace(s))
		if err != nil {
			return false
		}
		for _, p := range trusted {
			if p.Contains(a.Unmap()) {
				return true
			}
		}
		return false
	}
	if !isTrusted(host) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := host
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // not an address: what comes before it cannot be trusted either
		}
		client = a.Unmap().String()
		if !isTrusted(client) {
			break
		}
	}
	return client
}

// credentialID is the identity of the credential in h: a partner's client id, the lookup prefix of
// a partner or client API key, or a bearer token as a whole.
func credentialID(h http.Header) string {
	if id := h.Get(headerClientID); id != "" {
		return "client-id:" + id
	}
	key := h.Get(headerAPIKey)
	if key == "" {
		key, _ = strings.CutPrefix(h.Get("Authorization"), "ApiKey ")
	}
	if key != "" {
		if prefix, ok := ParseClientAPIKey(key); ok {
			return "key:" + prefix
		}
		if prefix, ok := APIKeyPrefix(key); ok {
			return "key:pk_" + prefix
		}
		return "key:" + key
	}
	if tok := bearer(h); tok != "" {
		return "token:" + tok
	}
	return ""
}

// Check returns LimitExceeded while k's credential is locked at k's address; recorded tells
// whether it has failures on record there (only then does a success need to clear them).
func (t *LoginThrottle) Check(ctx context.Context, k LoginKeys) (recorded bool, err error) {
	if t == nil || k.Credential == "" {
		return false, nil
	}
	now := t.Now()
	st, err := db.New(t.DB).LoginLockState(ctx, db.LoginLockStateParams{Keys: []string{k.Credential}, Now: now})
	if err != nil {
		return false, err
	}
	return st.HasFailures, lockedError(st.LockedUntil, now)
}

// lockedError is the 429 of a credential locked until lockedUntil (nil when that is past).
func lockedError(lockedUntil, now time.Time) error {
	if !lockedUntil.After(now) {
		return nil
	}
	e := apperr.New(apperr.LimitExceeded, "too many failed logins with this credential from this address; try again later")
	e.RetryAfter = lockedUntil.Sub(now)
	return e
}

// Failed counts a failed login for k and locks k's credential at k's address when it is past its
// threshold (1 on an address past IPFailures).
func (t *LoginThrottle) Failed(ctx context.Context, k LoginKeys) {
	if t == nil || k.Credential == "" {
		return
	}
	now := t.Now()
	q := db.New(t.DB)
	window := int32(t.Window / time.Second)
	limit := t.CredentialFailures
	if k.IP != "" {
		n, err := q.RecordLoginFailure(ctx, db.RecordLoginFailureParams{Key: k.IP, Now: now, WindowSeconds: window})
		if err != nil {
			slog.WarnContext(ctx, "login throttle", "err", err)
			return
		}
		if int(n) > t.IPFailures {
			limit = 1
		}
	}
	n, err := q.RecordLoginFailure(ctx, db.RecordLoginFailureParams{Key: k.Credential, Now: now, WindowSeconds: window})
	if err != nil {
		slog.WarnContext(ctx, "login throttle", "err", err)
		return
	}
	if int(n) < limit {
		return
	}
	if err := q.LockLogin(ctx, db.LockLoginParams{Key: k.Credential, LockedUntil: now.Add(t.backoff(int(n) - limit))}); err != nil {
		slog.WarnContext(ctx, "login throttle", "err", err)
	}
}

// Succeeded clears the failures of k's credential at k's address (not those of the address).
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
