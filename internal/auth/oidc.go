package auth

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	jose "github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"
)

// OIDCConfig says which identity provider's ID tokens sign web-application users in.
type OIDCConfig struct {
	Issuer   string // the provider's issuer URL (the tokens' iss)
	Audience string // the application's client id (the tokens' aud)
	// JWKSURL, when set, is where the signing keys are; otherwise they are found by OpenID
	// discovery (<issuer>/.well-known/openid-configuration) on the first token.
	JWKSURL string
	// Keys, when set, are the only signing keys (the development issuer; no HTTP).
	Keys []crypto.PublicKey
	Now  func() time.Time
}

// IDTokenVerifier checks identity-provider ID tokens: signature (RS256 or ES256, the key chosen by
// kid; an unknown kid refetches the provider's key set, so rotated keys are picked up), issuer,
// audience and expiry. It wraps coreos/go-oidc.
type IDTokenVerifier struct {
	cfg OIDCConfig

	mu       sync.Mutex
	verifier *oidc.IDTokenVerifier
	failedAt time.Time // the last failed discovery: retried after discoveryRetry
	failure  error
}

// ErrProviderUnavailable is a failed OpenID discovery: the provider, not the token, is at fault
// (the request fails as unavailable, 503, not as a failed sign-in).
var ErrProviderUnavailable = errors.New("auth: identity provider unavailable")

// discoveryRetry spaces discovery attempts while the provider is unreachable, so requests fail
// fast instead of each waiting for the provider.
const discoveryRetry = 30 * time.Second

// NewIDTokenVerifier returns a verifier for cfg. Discovery, when needed, happens on first use
// and is retried until it succeeds, so the server starts while the provider is unreachable.
func NewIDTokenVerifier(cfg OIDCConfig) (*IDTokenVerifier, error) {
	if cfg.Issuer == "" || cfg.Audience == "" {
		return nil, errors.New("auth: OIDC needs an issuer URL and an audience")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	v := &IDTokenVerifier{cfg: cfg}
	switch {
	case len(cfg.Keys) > 0:
		v.verifier = oidc.NewVerifier(cfg.Issuer, &oidc.StaticKeySet{PublicKeys: cfg.Keys}, v.oidcConfig())
	case cfg.JWKSURL != "":
		// The key set's context is the process's: it outlives requests (keys are cached).
		v.verifier = oidc.NewVerifier(cfg.Issuer, oidc.NewRemoteKeySet(context.Background(), cfg.JWKSURL), v.oidcConfig())
	}
	return v, nil
}

func (v *IDTokenVerifier) oidcConfig() *oidc.Config {
	return &oidc.Config{ClientID: v.cfg.Audience, SupportedSigningAlgs: []string{oidc.RS256, oidc.ES256}, Now: v.cfg.Now}
}

func (v *IDTokenVerifier) get(ctx context.Context) (*oidc.IDTokenVerifier, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.verifier != nil {
		return v.verifier, nil
	}
	if v.failure != nil && v.cfg.Now().Sub(v.failedAt) < discoveryRetry {
		return nil, v.failure
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(dctx, v.cfg.Issuer)
	if err != nil {
		v.failedAt, v.failure = v.cfg.Now(), fmt.Errorf("%w: OIDC discovery of %s: %v", ErrProviderUnavailable, v.cfg.Issuer, err)
		return nil, v.failure
	}
	// The provider's key set fetches with the context given here: keep it alive past this request.
	v.verifier = p.VerifierContext(context.Background(), v.oidcConfig())
	return v.verifier, nil
}

// Verify returns the subject of a valid ID token.
func (v *IDTokenVerifier) Verify(ctx context.Context, raw string) (string, error) {
	ver, err := v.get(ctx)
	if err != nil {
		return "", err
	}
	tok, err := ver.Verify(ctx, raw)
	if err != nil {
		return "", err
	}
	if tok.Subject == "" {
		return "", errors.New("auth: ID token without a subject")
	}
	return tok.Subject, nil
}

// The development issuer: a local ES256 key under the data folder signs tokens for `taxd
// dev-token`, and a development server trusts exactly that key. It is never used in production.
const (
	DevIssuer   = "taxd-dev"
	DevAudience = "taxd-dev"
	devKeyFile  = "dev-oidc-key.pem"
)

// DevSigningKey loads (or creates, once) the development issuer's key under dataDir.
func DevSigningKey(dataDir string) (*ecdsa.PrivateKey, error) {
	path := filepath.Join(dataDir, devKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		blk, _ := pem.Decode(b)
		if blk == nil {
			return nil, fmt.Errorf("auth: %s is not a PEM key", path)
		}
		return x509.ParseECPrivateKey(blk.Bytes)
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return nil, err
	}
	return key, nil
}

// KeyID is a stable kid for a public key (a SHA-256 of its DER form).
func KeyID(pub crypto.PublicKey) string {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(der)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// SignIDToken signs an ID token for subject with an ES256 or RS256 key (the development issuer
// and tests).
func SignIDToken(key crypto.Signer, kid, issuer, audience, subject string, now time.Time, lifetime time.Duration) (string, error) {
	method := jwt.SigningMethod(jwt.SigningMethodES256)
	if _, ok := key.Public().(*ecdsa.PublicKey); !ok {
		method = jwt.SigningMethodRS256
	}
	tok := jwt.NewWithClaims(method, jwt.RegisteredClaims{
		Issuer: issuer, Subject: subject, Audience: jwt.ClaimStrings{audience},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(lifetime)),
	})
	tok.Header["kid"] = kid
	return tok.SignedString(key)
}

// JWKS is the JSON Web Key Set of public keys by kid (tests and the development issuer).
func JWKS(keys map[string]crypto.PublicKey) ([]byte, error) {
	set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{}}
	for kid, k := range keys {
		alg := "RS256"
		if _, ok := k.(*ecdsa.PublicKey); ok {
			alg = "ES256"
		}
		set.Keys = append(set.Keys, jose.JSONWebKey{Key: k, KeyID: kid, Algorithm: alg, Use: "sig"})
	}
	return json.Marshal(set)
}
