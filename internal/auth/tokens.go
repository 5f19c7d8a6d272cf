package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"taxd/internal/apperr"
)

// Access tokens are HS256 JWTs (the algorithm is pinned on verification) whose header carries
// the key id, so signing keys can rotate: new tokens use the current key, older keys stay listed
// for verification until their tokens expire.
const (
	tokenIssuer   = "taxd"
	tokenAudience = "taxd-portal"
	// DefaultTokenLifetime applies when /access-tokens gets no expiresInSeconds.
	DefaultTokenLifetime = time.Hour
	// MaxTokenLifetime is the upper bound of expiresInSeconds.
	MaxTokenLifetime = 24 * time.Hour
)

// SigningKey is one HMAC key with its id.
type SigningKey struct {
	ID     string
	Secret []byte
}

// Tokens issues and verifies portal access tokens.
type Tokens struct {
	current SigningKey
	byID    map[string][]byte
}

// NewTokens uses current for signing and accepts current and previous for verification.
func NewTokens(current SigningKey, previous ...SigningKey) (*Tokens, error) {
	if current.ID == "" || len(current.Secret) < 32 {
		return nil, errors.New("auth: access-token signing key needs an id and at least 32 bytes of secret")
	}
	t := &Tokens{current: current, byID: map[string][]byte{current.ID: current.Secret}}
	for _, k := range previous {
		t.byID[k.ID] = k.Secret
	}
	return t, nil
}

// AccessClaims are the claims of a portal access token.
type AccessClaims struct {
	PartnerID   string `json:"pid"`
	ReferenceID string `json:"ref"`
	jwt.RegisteredClaims
}

// Issued is a minted token.
type Issued struct {
	Token     string
	ExpiresAt time.Time
}

// Issue mints a token for the client (embedded user) of a partner.
func (t *Tokens) Issue(partnerID, clientID uuid.UUID, referenceID string, now time.Time, lifetime time.Duration) (Issued, error) {
	exp := now.Add(lifetime).Truncate(time.Millisecond)
	claims := AccessClaims{
		PartnerID:   partnerID.String(),
		ReferenceID: referenceID,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   clientID.String(),
			Audience:  jwt.ClaimStrings{tokenAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now.Add(-time.Minute)),
			ExpiresAt: jwt.NewNumericDate(exp),
			ID:        uuid.NewString(),
		},
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	tok.Header["kid"] = t.current.ID
	s, err := tok.SignedString(t.current.Secret)
	if err != nil {
		return Issued{}, fmt.Errorf("auth: sign token: %w", err)
	}
	return Issued{Token: s, ExpiresAt: exp}, nil
}

// Verify checks a token's signature, algorithm, issuer, audience and expiry.
func (t *Tokens) Verify(raw string, now time.Time) (*AccessClaims, error) {
	var claims AccessClaims
	_, err := jwt.ParseWithClaims(raw, &claims, func(tok *jwt.Token) (any, error) {
		kid, _ := tok.Header["kid"].(string)
		key, ok := t.byID[kid]
		if !ok {
			return nil, errors.New("unknown key id")
		}
		return key, nil
	},
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return nil, &apperr.Error{Kind: apperr.Unauthenticated, Message: "access token is invalid or expired", Err: err}
	}
	return &claims, nil
}

// ClaimedPartnerOf returns the partner a token names, its signature unchecked: the portal page
// brands a link whose token is invalid as that partner's (as it brands an address naming a partner
// with ?partner=), so that a damaged link looks like an expired one; nothing signs in with it.
func ClaimedPartnerOf(raw string) (uuid.UUID, error) {
	var claims AccessClaims
	if _, _, err := jwt.NewParser().ParseUnverified(raw, &claims); err != nil {
		return uuid.Nil, err
	}
	return uuid.Parse(claims.PartnerID)
}

// PartnerOf returns the partner of a token whose signature is valid, expired or not: the portal
// page uses it only to choose which of the partner's origins may frame it, so that an expired
// token still shows its sign-in-again page inside the partner's iframe.
func (t *Tokens) PartnerOf(raw string) (uuid.UUID, error) {
	var claims AccessClaims
	_, err := jwt.ParseWithClaims(raw, &claims, func(tok *jwt.Token) (any, error) {
		kid, _ := tok.Header["kid"].(string)
		key, ok := t.byID[kid]
		if !ok {
			return nil, errors.New("unknown key id")
		}
		return key, nil
	}, jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithoutClaimsValidation())
	if err != nil {
		return uuid.Nil, err
	}
	return uuid.Parse(claims.PartnerID)
}
