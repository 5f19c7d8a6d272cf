package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// Method is how a partner-API caller authenticated.
type Method int

const (
	MethodNone        Method = iota
	MethodSecretPair         // x-client-id + x-api-secret
	MethodAPIKey             // x-api-key
	MethodAccessToken        // Authorization: Bearer <portal access token>
)

func (m Method) String() string {
	switch m {
	case MethodSecretPair:
		return "client id and secret"
	case MethodAPIKey:
		return "API key"
	case MethodAccessToken:
		return "access token"
	}
	return "none"
}

// Partner is an authenticated partner-API caller.
type Partner struct {
	PartnerID uuid.UUID
	Method    Method
	// For MethodAccessToken: the one embedded user the token is for.
	ClientID    uuid.UUID
	ReferenceID string
}

// PartnerAuthenticator resolves partner credentials from request headers.
type PartnerAuthenticator struct {
	DB     db.DBTX
	Tokens *Tokens
	Now    func() time.Time
	// Cache, when set, answers a credential this process verified before without reading it
	// again (CredentialCache says what it keeps).
	Cache *CredentialCache
}

// The partner credential headers, spelled as net/http keeps header names (canonical), so that a
// lookup finds them without converting the name first.
const (
	headerClientID  = "X-Client-Id"
	headerAPISecret = "X-Api-Secret"
	headerAPIKey    = "X-Api-Key"
)

// Presented reports which credential the headers carry (without checking it). A half pair counts
// as a pair, so that it fails as invalid rather than as missing.
func Presented(h http.Header) Method {
	switch {
	case h.Get(headerClientID) != "" || h.Get(headerAPISecret) != "":
		return MethodSecretPair
	case h.Get(headerAPIKey) != "":
		return MethodAPIKey
	case bearer(h) != "":
		return MethodAccessToken
	}
	return MethodNone
}

// Authenticate checks the credentials in h. It returns (nil, nil) when none are presented and an
// Unauthenticated error when they are invalid.
func (a *PartnerAuthenticator) Authenticate(ctx context.Context, h http.Header) (*Partner, error) {
	p, _, err := a.AuthenticateThrottled(ctx, h, nil, LoginKeys{})
	return p, err
}

// AuthenticateThrottled is Authenticate behind t (nil: no throttle): a credential locked at k
// answers LimitExceeded whatever the secret, and recorded reports whether k has failures on record
// (for t.Succeeded). A client id's or API key's credential and k's lock state are read in one
// round trip: this is the work of every authenticated partner request that a.Cache does not
// answer.
func (a *PartnerAuthenticator) AuthenticateThrottled(ctx context.Context, h http.Header, t *LoginThrottle, k LoginKeys) (p *Partner, recorded bool, err error) {
	q := db.New(a.DB)
	// credential finds a credential in force and reads the lock state with it.
	credential := func(kind, publicID string) (partnerID uuid.UUID, hash []byte, err error) {
		if t == nil || k.Credential == "" {
			cred, err := q.GetPartnerCredential(ctx, db.GetPartnerCredentialParams{Kind: kind, PublicID: publicID})
			return cred.PartnerID, cred.SecretHash, err
		}
		now := t.Now()
		row, err := q.GetPartnerCredentialLocked(ctx, db.GetPartnerCredentialLockedParams{
			Now: now, Key: k.Credential, Kind: kind, PublicID: publicID,
		})
		if err != nil {
			return uuid.Nil, nil, err
		}
		recorded = row.HasFailures
		if err := lockedError(row.LockedUntil, now); err != nil {
			return uuid.Nil, nil, err
		}
		if !row.Found {
			return uuid.Nil, nil, pgx.ErrNoRows
		}
		return row.PartnerID, row.SecretHash, nil
	}
	// verify compares secret with the credential's hash (the same work when there is none).
	verify := func(kind, publicID, secret string, m Method) (*Partner, bool, error) {
		ck := cacheKey{kind: kind, publicID: publicID, throttleKey: k.Credential}
		sum := sha256.Sum256([]byte(secret))
		if partnerID, ok := a.Cache.lookup(ck, &sum); ok {
			return &Partner{PartnerID: partnerID, Method: m}, false, nil
		}
		since := a.Cache.begin()
		partnerID, hash, err := credential(kind, publicID)
		if err != nil {
			if apperr.KindOf(err) == apperr.LimitExceeded {
				return nil, recorded, err
			}
			subtle.ConstantTimeCompare(sum[:], make([]byte, sha256.Size))
			return nil, recorded, invalidCredentials(err)
		}
		if subtle.ConstantTimeCompare(sum[:], hash) != 1 {
			return nil, recorded, apperr.New(apperr.Unauthenticated, "invalid partner credentials")
		}
		if !recorded {
			a.Cache.add(since, ck, partnerID, &sum)
		}
		return &Partner{PartnerID: partnerID, Method: m}, recorded, nil
	}
	switch Presented(h) {
	case MethodSecretPair:
		if id, secret := h.Get(headerClientID), h.Get(headerAPISecret); id != "" && secret != "" {
			return verify("secret", id, secret, MethodSecretPair)
		}
	case MethodAPIKey:
		key := h.Get(headerAPIKey)
		if prefix, ok := APIKeyPrefix(key); ok {
			return verify("api_key", prefix, key, MethodAPIKey)
		}
	}
	// No credential to look up: the lock state on its own, then what is wrong with the headers.
	if recorded, err = t.Check(ctx, k); err != nil {
		return nil, recorded, err
	}
	switch Presented(h) {
	case MethodSecretPair:
		return nil, recorded, apperr.New(apperr.Unauthenticated, "x-client-id and x-api-secret must be sent together")
	case MethodAPIKey:
		return nil, recorded, apperr.New(apperr.Unauthenticated, "invalid partner credentials")
	case MethodAccessToken:
		claims, err := a.Tokens.Verify(bearer(h), a.Now())
		if err != nil {
			return nil, recorded, err
		}
		pid, err1 := uuid.Parse(claims.PartnerID)
		cid, err2 := uuid.Parse(claims.Subject)
		if err1 != nil || err2 != nil {
			return nil, recorded, apperr.New(apperr.Unauthenticated, "access token is invalid or expired")
		}
		return &Partner{PartnerID: pid, Method: MethodAccessToken, ClientID: cid, ReferenceID: claims.ReferenceID}, recorded, nil
	}
	return nil, recorded, nil
}

func invalidCredentials(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.New(apperr.Unauthenticated, "invalid partner credentials")
	}
	return err
}

func bearer(h http.Header) string {
	v := h.Get("Authorization")
	if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
		return strings.TrimSpace(v[7:])
	}
	return ""
}

type partnerKey struct{}

// WithPartner stores the authenticated partner in ctx.
func WithPartner(ctx context.Context, p *Partner) context.Context {
	return context.WithValue(ctx, partnerKey{}, p)
}

// PartnerFrom returns the authenticated partner, or an Unauthenticated error.
func PartnerFrom(ctx context.Context) (*Partner, error) {
	if p, ok := ctx.Value(partnerKey{}).(*Partner); ok && p != nil {
		return p, nil
	}
	return nil, apperr.New(apperr.Unauthenticated, "partner credentials are required")
}
