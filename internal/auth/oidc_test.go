package auth

import (
	"taxd/internal/testwait"

	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeIdP serves an identity provider's discovery document and JWKS; its keys can be rotated.
type fakeIdP struct {
	srv       *httptest.Server
	mu        sync.Mutex
	keys      map[string]crypto.PublicKey
	jwksHits  atomic.Int32
	discovery atomic.Int32
	down      atomic.Bool // answer 503 to everything
}

func newFakeIdP(t *testing.T) *fakeIdP {
	p := &fakeIdP{keys: map[string]crypto.PublicKey{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		if p.down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		p.discovery.Add(1)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"issuer": p.srv.URL, "jwks_uri": p.srv.URL + "/keys", "authorization_endpoint": p.srv.URL + "/auth",
			"id_token_signing_alg_values_supported": []string{"RS256", "ES256"},
		})
	})
	mux.HandleFunc("GET /keys", func(w http.ResponseWriter, r *http.Request) {
		p.jwksHits.Add(1)
		p.mu.Lock()
		b, err := JWKS(p.keys)
		p.mu.Unlock()
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	})
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

// publish replaces the provider's key set.
func (p *fakeIdP) publish(keys map[string]crypto.Signer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.keys = map[string]crypto.PublicKey{}
	for kid, k := range keys {
		p.keys[kid] = k.Public()
	}
}

func rsaKey(t *testing.T) crypto.Signer {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func ecKey(t *testing.T) crypto.Signer {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

const testAudience = "taxd-web"

func TestIDTokenVerifier(t *testing.T) {
	idp := newFakeIdP(t)
	rs1, ec1, rs2, stranger := rsaKey(t), ecKey(t), rsaKey(t), rsaKey(t)
	idp.publish(map[string]crypto.Signer{"rs1": rs1, "ec1": ec1})
	now := time.Now()
	sign := func(key crypto.Signer, kid, aud string, at time.Time) string {
		t.Helper()
		tok, err := SignIDToken(key, kid, idp.srv.URL, aud, "user-jane", at, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	for _, mode := range []struct {
		name string
		cfg  OIDCConfig
	}{
		{"discovery", OIDCConfig{Issuer: idp.srv.URL, Audience: testAudience}},
		{"jwks-url", OIDCConfig{Issuer: idp.srv.URL, Audience: testAudience, JWKSURL: idp.srv.URL + "/keys"}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			idp.publish(map[string]crypto.Signer{"rs1": rs1, "ec1": ec1})
			v, err := NewIDTokenVerifier(mode.cfg)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			for _, c := range []struct {
				name  string
				token string
				ok    bool
			}{
				{"valid RS256", sign(rs1, "rs1", testAudience, now), true},
				{"valid ES256", sign(ec1, "ec1", testAudience, now), true},
				{"wrong audience", sign(rs1, "rs1", "another-app", now), false},
				{"expired", sign(rs1, "rs1", testAudience, now.Add(-2*time.Hour)), false},
				{"unknown kid", sign(stranger, "nobody", testAudience, now), false},
				{"known kid, wrong key", sign(stranger, "rs1", testAudience, now), false},
				{"malformed", "not-a-jwt", false},
			} {
				sub, err := v.Verify(ctx, c.token)
				if c.ok && (err != nil || sub != "user-jane") {
					t.Errorf("%s: %q, %v; want user-jane", c.name, sub, err)
				}
				if !c.ok && err == nil {
					t.Errorf("%s: accepted", c.name)
				}
			}
			// Rotation: the provider publishes a new key and retires rs1; a token with the new kid
			// makes the verifier refetch the key set, and rs1 tokens stop working.
			idp.publish(map[string]crypto.Signer{"rs2": rs2})
			// go-oidc may answer a verification with the key set of a refetch that began before the
			// rotation (waiters share one fetch): the new key is accepted within moments, then every
			// time from the refreshed cache.
			testwait.For(t, "the rotated key's token to be accepted", 5*time.Second, func() bool {
				sub, err := v.Verify(ctx, sign(rs2, "rs2", testAudience, now))
				return err == nil && sub == "user-jane"
			})
			for i := range 2 {
				if sub, err := v.Verify(ctx, sign(rs2, "rs2", testAudience, now)); err != nil || sub != "user-jane" {
					t.Fatalf("rotated key, from the cache, try %d: %q, %v", i+1, sub, err)
				}
			}
			// go-oidc answers the refetch's waiters before it stores the new key set, so the retired
			// key may verify for a moment longer; it must stop soon after.
			retired := sign(rs1, "rs1", testAudience, now)
			testwait.For(t, "a retired key's token to be refused after the rotation", 5*time.Second, func() bool {
				_, err := v.Verify(ctx, retired)
				return err != nil
			})
		})
	}
	if idp.discovery.Load() != 1 {
		t.Errorf("discovery ran %d times, want once (then cached)", idp.discovery.Load())
	}
}

func TestIDTokenVerifierWrongIssuer(t *testing.T) {
	key := ecKey(t)
	v, err := NewIDTokenVerifier(OIDCConfig{Issuer: DevIssuer, Audience: DevAudience, Keys: []crypto.PublicKey{key.Public()}})
	if err != nil {
		t.Fatal(err)
	}
	good, _ := SignIDToken(key, KeyID(key.Public()), DevIssuer, DevAudience, "dev-user", time.Now(), time.Hour)
	if sub, err := v.Verify(context.Background(), good); err != nil || sub != "dev-user" {
		t.Fatalf("development issuer: %q, %v", sub, err)
	}
	bad, _ := SignIDToken(key, KeyID(key.Public()), "https://evil.example", DevAudience, "dev-user", time.Now(), time.Hour)
	if _, err := v.Verify(context.Background(), bad); err == nil {
		t.Error("a token of another issuer is accepted")
	}
	// An HS256 token signed with the public key's bytes (algorithm confusion) is refused.
	if _, err := v.Verify(context.Background(), "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"); err == nil {
		t.Error("an HS256 token is accepted")
	}
}

func TestDevSigningKeyIsKept(t *testing.T) {
	dir := t.TempDir()
	a, err := DevSigningKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DevSigningKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Equal(b) {
		t.Error("the development key changed between loads: tokens would not survive a restart")
	}
}

// While discovery fails the verifier says the provider is unavailable (not that the token is
// bad) and waits before trying again; once the provider answers, tokens verify.
func TestIDTokenVerifierDiscoveryOutage(t *testing.T) {
	idp := newFakeIdP(t)
	key := ecKey(t)
	idp.publish(map[string]crypto.Signer{"ec": key})
	idp.down.Store(true)
	now := time.Now()
	clock := now
	v, err := NewIDTokenVerifier(OIDCConfig{Issuer: idp.srv.URL, Audience: testAudience, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := SignIDToken(key, "ec", idp.srv.URL, testAudience, "user-jane", now, time.Hour)
	if _, err := v.Verify(context.Background(), tok); !errors.Is(err, ErrProviderUnavailable) {
		t.Fatalf("provider down: %v, want ErrProviderUnavailable", err)
	}
	idp.down.Store(false)
	if _, err := v.Verify(context.Background(), tok); !errors.Is(err, ErrProviderUnavailable) {
		t.Errorf("retried before discoveryRetry: %v", err)
	}
	clock = clock.Add(discoveryRetry + time.Second)
	if sub, err := v.Verify(context.Background(), tok); err != nil || sub != "user-jane" {
		t.Errorf("provider back: %q, %v", sub, err)
	}
}
