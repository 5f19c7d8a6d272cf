package auth_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/testwait"
)

// counted is a connection that counts the statements sent through it.
type counted struct {
	db.DBTX
	n atomic.Int64
}

func (c *counted) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	c.n.Add(1)
	return c.DBTX.Exec(ctx, sql, args...)
}

func (c *counted) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	c.n.Add(1)
	return c.DBTX.Query(ctx, sql, args...)
}

func (c *counted) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	c.n.Add(1)
	return c.DBTX.QueryRow(ctx, sql, args...)
}

// process is one taxd process's partner authentication: its own pool, throttle and cache, and the
// cache's listener on a connection of its own.
type process struct {
	auth     *auth.PartnerAuthenticator
	throttle *auth.LoginThrottle
	cache    *auth.CredentialCache
	sent     *counted
}

func startProcess(t *testing.T, pool *pgxpool.Pool, now func() time.Time) *process {
	t.Helper()
	sent := &counted{DBTX: pool}
	cache := auth.DefaultCredentialCache(now)
	p := &process{auth: &auth.PartnerAuthenticator{DB: sent, Now: now, Cache: cache},
		throttle: auth.DefaultLoginThrottle(sent, now), cache: cache, sent: sent}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		cache.Listen(ctx, func(ctx context.Context) (*pgx.Conn, error) { return pgx.ConnectConfig(ctx, pool.Config().ConnConfig) })
	}()
	t.Cleanup(func() { stop(); <-done })
	testwait.For(t, "the credential cache's listener", 10*time.Second, cache.Listening)
	return p
}

const address = "198.51.100.7:4000"

// do authenticates h from address as the gate does (a failure is counted), and returns the partner,
// how many statements it sent and the error.
func (p *process) do(t *testing.T, h http.Header) (*auth.Partner, int64, error) {
	t.Helper()
	return p.doFrom(t, h, address)
}

// doFrom is do from another address.
func (p *process) doFrom(t *testing.T, h http.Header, from string) (*auth.Partner, int64, error) {
	t.Helper()
	ctx := context.Background()
	k := p.throttle.KeysOf(&http.Request{RemoteAddr: from, Header: h})
	before := p.sent.n.Load()
	got, recorded, err := p.auth.AuthenticateThrottled(ctx, h, p.throttle, k)
	if apperr.KindOf(err) == apperr.Unauthenticated {
		p.throttle.Failed(ctx, k)
	}
	if err == nil && recorded {
		p.throttle.Succeeded(ctx, k)
	}
	return got, p.sent.n.Load() - before, err
}

// Two processes on one database, each with a credential cache: a credential verified once is
// answered without a statement; a failure recorded by one process drops the other's entry, so that
// the lockout holds in both; a revocation and then a rotation, one after the other, are refused by
// both processes' next requests once the change's notification has reached them (the cache
// empties), and so is the deletion of the partner.
func TestCredentialCacheAcrossProcesses(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "P", PortalURL: "https://portal.example"})
	if err != nil {
		t.Fatal(err)
	}
	var clock atomic.Int64
	clock.Store(time.Now().UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	one, two := startProcess(t, pool, now), startProcess(t, pool, now)
	procs := []*process{one, two}
	pair := http.Header{"X-Client-Id": {creds.ClientID}, "X-Api-Secret": {creds.APISecret}}
	key := http.Header{"X-Api-Key": {creds.APIKey}}

	accepted := func(what string, pr *process, h http.Header) {
		t.Helper()
		if got, _, err := pr.do(t, h); err != nil || got.PartnerID != p.ID {
			t.Fatalf("%s: %+v, %v; want partner %s", what, got, err, p.ID)
		}
	}
	refused := func(what string, pr *process, h http.Header, kind apperr.Kind) {
		t.Helper()
		if _, _, err := pr.do(t, h); apperr.KindOf(err) != kind {
			t.Fatalf("%s: %v, want %v", what, err, kind)
		}
	}
	// cachedAt waits until h from an address is answered from the cache (a notification of an earlier change still
	// on its way keeps a verification from filling it).
	cachedAt := func(pr *process, h http.Header, from string) {
		t.Helper()
		testwait.For(t, "a credential answered from the cache", 10*time.Second, func() bool {
			got, sent, err := pr.doFrom(t, h, from)
			if err != nil || got.PartnerID != p.ID {
				t.Fatalf("verified before: %+v, %v", got, err)
			}
			return sent == 0
		})
	}
	cached := func(pr *process, h http.Header) { t.Helper(); cachedAt(pr, h, address) }
	// heard waits until the processes' caches hold n credentials each: the notification of a
	// change has reached them.
	heard := func(what string, n int) {
		t.Helper()
		testwait.For(t, what+" to reach both processes", 10*time.Second, func() bool {
			return one.cache.Len() == n && two.cache.Len() == n
		})
	}
	for _, pr := range procs {
		for _, h := range []http.Header{pair, key} {
			if got, sent, err := pr.do(t, h); err != nil || got.PartnerID != p.ID || sent != 1 {
				t.Fatalf("first use: %+v, %v after %d statements; want the partner after 1", got, err, sent)
			}
			cached(pr, h)
		}
	}

	// The lockout: five wrong secrets in process one lock the pair at this address in both.
	wrong := http.Header{"X-Client-Id": {creds.ClientID}, "X-Api-Secret": {"sk_wrong"}}
	for range 5 {
		refused("wrong secret", one, wrong, apperr.Unauthenticated)
	}
	heard("the failures", 1)
	for _, pr := range procs {
		refused("right secret while locked", pr, pair, apperr.LimitExceeded)
		accepted("the API key, another credential", pr, key)
	}
	clock.Add(int64(2 * time.Second)) // past the first lock (1 s)
	for _, pr := range procs {
		accepted("after the lock", pr, pair)
		cached(pr, pair)
	}
	// An entry lives a minute on the injected clock.
	clock.Add(int64(time.Minute))
	for _, pr := range procs {
		if got, sent, err := pr.do(t, pair); err != nil || got.PartnerID != p.ID || sent != 1 {
			t.Fatalf("a minute later: %+v, %v after %d statements; want the credential read again", got, err, sent)
		}
		cached(pr, pair)
		cached(pr, key) // read again too
	}

	// A revocation, then a rotation.
	if _, err := pool.Exec(ctx, `UPDATE partner_credentials SET revoked_at = now() WHERE kind = 'secret' AND partner_id = $1`, p.ID); err != nil {
		t.Fatal(err)
	}
	heard("the revocation", 0)
	for _, pr := range procs {
		refused("revoked", pr, pair, apperr.Unauthenticated)
		accepted("the API key, not revoked", pr, key)
		cached(pr, key)
	}
	rotated := auth.NewPartnerCredentials().APIKey
	prefix, _ := auth.APIKeyPrefix(creds.APIKey)
	rotated = "pk_" + prefix + rotated[len("pk_")+len(prefix):]
	if _, err := pool.Exec(ctx, `UPDATE partner_credentials SET secret_hash = $1 WHERE kind = 'api_key' AND partner_id = $2`, auth.Hash(rotated), p.ID); err != nil {
		t.Fatal(err)
	}
	heard("the rotation", 0)
	rotatedKey := http.Header{"X-Api-Key": {rotated}}
	for _, pr := range procs {
		refused("the key before its rotation", pr, key, apperr.Unauthenticated)
		accepted("the rotated key", pr, rotatedKey)
	}

	// The partner's deletion takes its credentials with it (a cascade): refused too. (From another
	// address, whose entry the failures above cannot drop.)
	const elsewhere = "203.0.113.9:5000"
	for _, pr := range procs {
		cachedAt(pr, rotatedKey, elsewhere)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM partners WHERE id = $1`, p.ID); err != nil {
		t.Fatal(err)
	}
	testwait.For(t, "the partner's deletion to reach both processes", 10*time.Second, func() bool {
		return one.cache.Len() == 0 && two.cache.Len() == 0
	})
	for _, pr := range procs {
		if _, _, err := pr.doFrom(t, rotatedKey, elsewhere); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("the deleted partner's key: %v, want Unauthenticated", err)
		}
	}
}

// Without its listener the cache is not used: entries go when the listener's connection does, and
// every request reads its credential until the listener is back.
func TestCredentialCacheWithoutListener(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "P", PortalURL: "https://portal.example"})
	if err != nil {
		t.Fatal(err)
	}
	pair := http.Header{"X-Client-Id": {creds.ClientID}, "X-Api-Secret": {creds.APISecret}}

	idle := &process{sent: &counted{DBTX: pool}, cache: auth.DefaultCredentialCache(time.Now)}
	idle.auth = &auth.PartnerAuthenticator{DB: idle.sent, Cache: idle.cache}
	idle.throttle = auth.DefaultLoginThrottle(idle.sent, time.Now)
	for range 2 {
		if got, sent, err := idle.do(t, pair); err != nil || got.PartnerID != p.ID || sent != 1 {
			t.Fatalf("never listening: %+v, %v, %d statements; want the partner after 1", got, err, sent)
		}
	}

	pr := startProcess(t, pool, time.Now)
	if _, _, err := pr.do(t, pair); err != nil || pr.cache.Len() != 1 {
		t.Fatalf("listening: %v, %d entries", err, pr.cache.Len())
	}
	var terminated bool
	if err := pool.QueryRow(ctx, `SELECT bool_or(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%LISTEN login_failure_recorded%'`).Scan(&terminated); err != nil || !terminated {
		t.Fatalf("terminating the listener: %v %v", terminated, err)
	}
	testwait.For(t, "the cache to stop", 10*time.Second, func() bool { return !pr.cache.Listening() })
	if n := pr.cache.Len(); n != 0 {
		t.Fatalf("%d entries kept without the listener", n)
	}
	testwait.For(t, "the listener to come back", 10*time.Second, pr.cache.Listening)
	if _, sent, err := pr.do(t, pair); err != nil || sent != 1 {
		t.Fatalf("after the listener came back: %v, %d statements; want the credential read again", err, sent)
	}
}
