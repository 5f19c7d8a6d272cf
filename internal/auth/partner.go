package auth

import (
	"context"
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
}

// Presented reports which credential the headers carry (without checking it). A half pair counts
// as a pair, so that it fails as invalid rather than as missing.
func Presented(h http.Header) Method {
	switch {
	case h.Get("x-client-id") != "" || h.Get("x-api-secret") != "":
		return MethodSecretPair
	case h.Get("x-api-key") != "":
		return MethodAPIKey
	case bearer(h) != "":
		return MethodAccessToken
	}
	return MethodNone
}

// Authenticate checks the credentials in h. It returns (nil, nil) when none are presented and an
// Unauthenticated error when they are invalid.
func (a *PartnerAuthenticator) Authenticate(ctx context.Context, h http.Header) (*Partner, error) {
	q := db.New(a.DB)
	switch Presented(h) {
	case MethodSecretPair:
		id, secret := h.Get("x-client-id"), h.Get("x-api-secret")
		if id == "" || secret == "" {
			return nil, apperr.New(apperr.Unauthenticated, "x-client-id and x-api-secret must be sent together")
		}
		cred, err := q.GetPartnerCredential(ctx, db.GetPartnerCredentialParams{Kind: "secret", PublicID: id})
		if err != nil {
			Equal(secret, make([]byte, 32)) // same work whether or not the id exists
			return nil, invalidCredentials(err)
		}
		if !Equal(secret, cred.SecretHash) {
			return nil, apperr.New(apperr.Unauthenticated, "invalid partner credentials")
		}
		return &Partner{PartnerID: cred.PartnerID, Method: MethodSecretPair}, nil
	case MethodAPIKey:
		key := h.Get("x-api-key")
		prefix, ok := APIKeyPrefix(key)
		if !ok {
			return nil, apperr.New(apperr.Unauthenticated, "invalid partner credentials")
		}
		cred, err := q.GetPartnerCredential(ctx, db.GetPartnerCredentialParams{Kind: "api_key", PublicID: prefix})
		if err != nil {
			Equal(key, make([]byte, 32))
			return nil, invalidCredentials(err)
		}
		if !Equal(key, cred.SecretHash) {
			return nil, apperr.New(apperr.Unauthenticated, "invalid partner credentials")
		}
		return &Partner{PartnerID: cred.PartnerID, Method: MethodAPIKey}, nil
	case MethodAccessToken:
		claims, err := a.Tokens.Verify(bearer(h), a.Now())
		if err != nil {
			return nil, err
		}
		pid, err1 := uuid.Parse(claims.PartnerID)
		cid, err2 := uuid.Parse(claims.Subject)
		if err1 != nil || err2 != nil {
			return nil, apperr.New(apperr.Unauthenticated, "access token is invalid or expired")
		}
		return &Partner{PartnerID: pid, Method: MethodAccessToken, ClientID: cid, ReferenceID: claims.ReferenceID}, nil
	}
	return nil, nil
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
