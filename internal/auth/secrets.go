// Package auth authenticates callers: partner credentials (client id + secret pair, or API key),
// portal access tokens (JWT), and client API keys. Secrets are random, shown once, and stored as
// SHA-256 hashes; comparisons are constant time.
//
// A partner credential is read from Postgres with its login-throttle state on each request, unless
// the process keeps a CredentialCache: then a credential it verified before is answered from
// memory for as long as every process is told of the credential's changes and of the failures
// recorded for it (Postgres notifications sent by the transactions that make them), which is what
// keeps revocation, rotation and the lockout as they are without the cache.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// Hash is what we store for a secret. The secrets are 256-bit random values, so a fast hash is
// enough (no password stretching needed).
func Hash(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// Equal compares a presented secret with a stored hash in constant time.
func Equal(secret string, hash []byte) bool {
	return subtle.ConstantTimeCompare(Hash(secret), hash) == 1
}

// RandomToken returns n random bytes, base64url encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// PartnerCredentials are freshly minted partner credentials, shown to the operator once.
type PartnerCredentials struct {
	ClientID  string // x-client-id
	APISecret string // x-api-secret
	APIKey    string // x-api-key
}

// NewPartnerCredentials mints a client id + secret pair and an API key.
func NewPartnerCredentials() PartnerCredentials {
	prefix := randomHex(8)
	return PartnerCredentials{
		ClientID:  "cli_" + randomHex(12),
		APISecret: "sk_" + RandomToken(32),
		APIKey:    "pk_" + prefix + "_" + RandomToken(32),
	}
}

// APIKeyPrefix returns the lookup part of a partner API key ("pk_<prefix>_<secret>").
func APIKeyPrefix(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "pk_")
	if !ok {
		return "", false
	}
	prefix, secret, ok := strings.Cut(rest, "_")
	if !ok || prefix == "" || secret == "" {
		return "", false
	}
	return prefix, true
}

// ClientAPIKeyPrefix is the fixed service prefix of client API keys (GraphQL).
const ClientAPIKeyPrefix = "svc_"

// clientKeyLookup is how many characters of a client API key (after "svc_") identify it.
const clientKeyLookup = 8

const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewClientAPIKey mints a client API key "svc_" + 32 letters and digits (190 bits) and returns it
// with its display prefix ("svc_" + the first 8), which is also its lookup key.
func NewClientAPIKey() (key, prefix string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	for i := range b {
		b[i] = alnum[int(b[i])%len(alnum)]
	}
	key = ClientAPIKeyPrefix + string(b)
	return key, key[:len(ClientAPIKeyPrefix)+clientKeyLookup]
}

// ParseClientAPIKey returns the lookup prefix of a client API key.
func ParseClientAPIKey(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, ClientAPIKeyPrefix)
	if !ok || len(rest) < clientKeyLookup+16 {
		return "", false
	}
	return key[:len(ClientAPIKeyPrefix)+clientKeyLookup], true
}
