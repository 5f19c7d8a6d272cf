package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
)

// CredentialCache remembers the partner credentials this process has verified, so that a request
// with a credential verified before is authenticated without a round trip to Postgres. It keeps
// what reading the credential on every request guarantees:
//
//   - Revocation and rotation. Any change of a partner credential (an UPDATE, DELETE or TRUNCATE of
//     partner_credentials, a partner's deletion included) notifies every taxd process from the
//     transaction that makes it, at its commit (Postgres NOTIFY, migration 00250); the listener
//     (Listen) empties the cache when it hears it. A request that arrives after the notification
//     reaches the process reads the credential from Postgres and is refused.
//   - The login throttle. An entry is per credential and client address (the throttle's key,
//     LoginKeys.Credential) and is only made from a verification that found no failure on record
//     for that key; a failure recorded for the key (by any process) is notified the same way and
//     drops the entry, and a wrong secret presented with the key drops it in this process before
//     the failure is counted. Failures, locks and their answers therefore come from Postgres
//     exactly as without the cache: a credential locked at an address has a failure on record there
//     and so is never answered from the cache there.
//   - Nothing stale is kept while notifications could be missed: the cache is used only while the
//     listener's connection is established; when it is lost the cache is emptied and bypassed
//     until a new connection listens again (and is emptied once more then, for what was missed).
//     A verification that started before a notification or a change of the listener's state does
//     not fill the cache, so a credential read just before its revocation is not remembered after
//     it.
//   - A hit compares the presented secret with the verified one in constant time (a hit is the
//     same secret, not merely the same credential), and an entry lives at most TTL on the
//     injected clock; the cache holds at most Size entries (a full cache drops an arbitrary entry).
//
// A nil *CredentialCache is valid and caches nothing.
type CredentialCache struct {
	Now  func() time.Time
	TTL  time.Duration
	Size int // at least 1

	mu      sync.RWMutex
	entries map[cacheKey]verified
	// byThrottleKey finds the entry of a throttle key (one credential at one address) when a
	// failure is recorded for it.
	byThrottleKey map[string]cacheKey
	listening     bool
	// changes counts the notifications handled and the listener's state changes: a verification
	// fills the cache only if it is unchanged since the verification began.
	changes uint64
}

// DefaultCredentialCache keeps up to 10,000 verified credentials for a minute each.
func DefaultCredentialCache(now func() time.Time) *CredentialCache {
	return &CredentialCache{Now: now, TTL: time.Minute, Size: 10000}
}

// cacheKey is a credential (its kind and public part) presented with a throttle key ("" without a
// throttle).
type cacheKey struct{ kind, publicID, throttleKey string }

type verified struct {
	partnerID uuid.UUID
	secret    [sha256.Size]byte // the verified secret's hash
	until     time.Time
}

// The notification channels of migration 00250.
const (
	channelCredentialsChanged   = "partner_credentials_changed"
	channelLoginFailureRecorded = "login_failure_recorded"
)

// lookup is the partner of k when k was verified with this secret hash and the cache is in use.
// An entry of k with another secret is dropped: that attempt fails and is counted.
func (c *CredentialCache) lookup(k cacheKey, secret *[sha256.Size]byte) (uuid.UUID, bool) {
	if c == nil {
		return uuid.Nil, false
	}
	c.mu.RLock()
	e, ok := c.entries[k]
	listening := c.listening
	c.mu.RUnlock()
	if !ok || !listening {
		return uuid.Nil, false
	}
	if subtle.ConstantTimeCompare(e.secret[:], secret[:]) != 1 || !c.Now().Before(e.until) {
		c.mu.Lock()
		c.drop(k)
		c.mu.Unlock()
		return uuid.Nil, false
	}
	return e.partnerID, true
}

// begin returns the state a verification starts from, for add.
func (c *CredentialCache) begin() uint64 {
	if c == nil {
		return 0
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.changes
}

// add remembers k's verification, begun at since, unless the listener has heard of a change (or
// changed state) in the meantime or is not established.
func (c *CredentialCache) add(since uint64, k cacheKey, partnerID uuid.UUID, secret *[sha256.Size]byte) {
	if c == nil {
		return
	}
	until := c.Now().Add(c.TTL)
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.listening || c.changes != since {
		return
	}
	if c.entries == nil {
		c.entries = map[cacheKey]verified{}
		c.byThrottleKey = map[string]cacheKey{}
	}
	if _, ok := c.entries[k]; !ok && len(c.entries) >= c.Size {
		for old := range c.entries {
			c.drop(old)
			break
		}
	}
	c.entries[k] = verified{partnerID: partnerID, secret: *secret, until: until}
	if k.throttleKey != "" {
		c.byThrottleKey[k.throttleKey] = k
	}
}

// drop removes k's entry; c.mu is held.
func (c *CredentialCache) drop(k cacheKey) {
	delete(c.entries, k)
	if k.throttleKey != "" {
		delete(c.byThrottleKey, k.throttleKey)
	}
}

// forgetThrottleKey drops the entry of a throttle key that a failure was recorded for.
func (c *CredentialCache) forgetThrottleKey(key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.byThrottleKey[key]; ok {
		c.drop(k)
	}
	c.changes++
}

// reset empties the cache and sets whether it is in use.
func (c *CredentialCache) reset(listening bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.entries)
	clear(c.byThrottleKey)
	c.listening = listening
	c.changes++
}

// Len is the number of credentials the cache holds.
func (c *CredentialCache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

// Listening reports whether the listener is established, that is whether the cache is in use.
func (c *CredentialCache) Listening() bool {
	if c == nil {
		return false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.listening
}

// listenerKeepalive is how long the listener waits for a notification before it checks that its
// connection is still there (a connection lost without an error would otherwise keep the cache in
// use while notifications are missed).
const listenerKeepalive = 15 * time.Second

// listenerRetry is how long the listener waits before it connects again after losing its
// connection.
const listenerRetry = time.Second

// Listen keeps the cache's listener on a connection of its own (connect) until ctx ends, connecting
// again whenever the connection is lost; the cache is in use only while it listens. The connection
// must be a session of the database itself (LISTEN through a transaction-pooling proxy hears
// nothing).
func (c *CredentialCache) Listen(ctx context.Context, connect func(context.Context) (*pgx.Conn, error)) {
	for {
		err := c.listen(ctx, connect)
		c.reset(false)
		if ctx.Err() != nil {
			return
		}
		slog.WarnContext(ctx, "credential cache: not listening; every request reads its credential until it listens again", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(listenerRetry):
		}
	}
}

// listen runs one connection of the listener until it fails or ctx ends.
func (c *CredentialCache) listen(ctx context.Context, connect func(context.Context) (*pgx.Conn, error)) error {
	conn, err := connect(ctx)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	q := db.New(conn)
	if err := q.ListenPartnerCredentialsChanged(ctx); err != nil {
		return err
	}
	if err := q.ListenLoginFailureRecorded(ctx); err != nil {
		return err
	}
	// From here every change is heard; what was changed before is read again.
	c.reset(true)
	for {
		wait, cancel := context.WithTimeout(ctx, listenerKeepalive)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case err == nil:
			switch n.Channel {
			case channelLoginFailureRecorded:
				c.forgetThrottleKey(n.Payload)
			case channelCredentialsChanged:
				c.reset(true)
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			if err := conn.Ping(ctx); err != nil {
				return err
			}
		default:
			return err
		}
	}
}
