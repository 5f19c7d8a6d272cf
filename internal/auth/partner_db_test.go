package auth_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A partner request's credential and its login lock are read together: a locked credential is
// refused with the right secret too, until the lock expires; a wrong secret is refused; a revoked
// credential is refused on the next request; both the secret pair and the API key.
func TestAuthenticateThrottled(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "P", PortalURL: "https://portal.example"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	th := auth.DefaultLoginThrottle(pool, func() time.Time { return now })
	a := &auth.PartnerAuthenticator{DB: pool}
	pair := http.Header{"X-Client-Id": {creds.ClientID}, "X-Api-Secret": {creds.APISecret}}
	key := http.Header{"X-Api-Key": {creds.APIKey}}
	keysOf := func(h http.Header) auth.LoginKeys {
		return th.KeysOf(&http.Request{RemoteAddr: "198.51.100.1:4000", Header: h})
	}
	for _, h := range []http.Header{pair, key} {
		got, recorded, err := a.AuthenticateThrottled(ctx, h, th, keysOf(h))
		if err != nil || got.PartnerID != p.ID || recorded {
			t.Fatalf("%v: %+v, recorded %v, %v; want partner %s", h, got, recorded, err, p.ID)
		}
	}

	wrong := http.Header{"X-Client-Id": {creds.ClientID}, "X-Api-Secret": {"sk_wrong"}}
	k := keysOf(wrong)
	for range 5 { // the default policy: the fifth failure locks the credential at this address
		if _, _, err := a.AuthenticateThrottled(ctx, wrong, th, k); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("wrong secret: %v, want Unauthenticated", err)
		}
		th.Failed(ctx, k)
	}
	_, recorded, err := a.AuthenticateThrottled(ctx, pair, th, keysOf(pair))
	if apperr.KindOf(err) != apperr.LimitExceeded || !recorded {
		t.Fatalf("right secret while locked: recorded %v, %v; want LimitExceeded", recorded, err)
	}
	if _, _, err := a.AuthenticateThrottled(ctx, key, th, keysOf(key)); err != nil {
		t.Fatalf("the API key is another credential, not locked: %v", err)
	}
	now = now.Add(2 * time.Second) // past the first lock (1 s)
	got, recorded, err := a.AuthenticateThrottled(ctx, pair, th, keysOf(pair))
	if err != nil || got.PartnerID != p.ID || !recorded {
		t.Fatalf("after the lock: %+v, recorded %v, %v", got, recorded, err)
	}

	if _, err := pool.Exec(ctx, `UPDATE partner_credentials SET revoked_at = now() WHERE partner_id = $1`, p.ID); err != nil {
		t.Fatal(err)
	}
	for _, h := range []http.Header{pair, key} {
		if _, _, err := a.AuthenticateThrottled(ctx, h, th, keysOf(h)); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Errorf("revoked %v: %v, want Unauthenticated", h, err)
		}
		if _, err := a.Authenticate(ctx, h); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Errorf("revoked, no throttle %v: %v, want Unauthenticated", h, err)
		}
	}
}
