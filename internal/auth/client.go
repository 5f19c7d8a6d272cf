package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
)

// Permission of a GraphQL caller.
type Permission int

const (
	PermRead Permission = iota + 1
	PermReadWrite
)

// Viewer is an authenticated GraphQL caller: a client API key, a signed-in user (ID token) or a
// partner's end user (portal access token of REST /access-tokens).
type Viewer struct {
	KeyID        uuid.UUID // set for API keys
	KeyClient    uuid.UUID // the one client an API key may access
	UserID       uuid.UUID // set for users
	PortalClient uuid.UUID // set for portal access tokens: the one client (embedded user) the token is for
	PartnerID    uuid.UUID // the partner that issued the portal access token
	IsStaff      bool
	Permission   Permission
}

// OnlyClient is the one client an API key or a portal access token may access (ok false for users).
func (v *Viewer) OnlyClient() (uuid.UUID, bool) {
	switch {
	case v.KeyID != uuid.Nil:
		return v.KeyClient, true
	case v.PortalClient != uuid.Nil:
		return v.PortalClient, true
	}
	return uuid.Nil, false
}

// Actor names the viewer in audit logs.
func (v *Viewer) Actor() string {
	switch {
	case v.KeyID != uuid.Nil:
		return "apikey:" + v.KeyID.String()
	case v.PortalClient != uuid.Nil:
		// the end user in the partner's portal: its own edits, audited as the user's
		return "portal:" + v.PartnerID.String()
	}
	return "user:" + v.UserID.String()
}

// HasPartnerCredentials reports whether h carries partner credentials (a client id and secret pair,
// or a partner API key), which GraphQL does not take. GraphQL never checks them, so its answer is
// the same for a right and a wrong secret: such a request is no guess at a secret and does not
// count towards the login lockout.
func HasPartnerCredentials(h http.Header) bool {
	if Presented(h) == MethodSecretPair {
		return true
	}
	_, partnerKey := APIKeyPrefix(h.Get(headerAPIKey))
	return partnerKey
}

// ViewerAuthenticator resolves GraphQL credentials.
type ViewerAuthenticator struct {
	DB db.DBTX
	// IDTokens verifies identity-provider ID tokens (Authorization: Bearer); nil refuses them.
	IDTokens *IDTokenVerifier
	// PortalTokens verifies the portal access tokens of REST /access-tokens, accepted as
	// Authorization: Bearer for their own client only; nil refuses them.
	PortalTokens *Tokens
	Now          func() time.Time
}

// Authenticate returns the viewer, or an Unauthenticated error when credentials are missing,
// malformed, unknown, expired or revoked.
func (a *ViewerAuthenticator) Authenticate(ctx context.Context, h http.Header) (*Viewer, error) {
	if HasPartnerCredentials(h) {
		return nil, apperr.New(apperr.Unauthenticated, "these are partner credentials, for the partner REST API under /api: "+
			"GraphQL takes a client API key (x-api-key), a portal access token or an ID token (Authorization: Bearer)")
	}
	key := h.Get(headerAPIKey)
	if key == "" {
		if v := h.Get("Authorization"); len(v) > 7 && strings.EqualFold(v[:7], "apikey ") {
			key = strings.TrimSpace(v[7:])
		}
	}
	if key != "" {
		return a.apiKey(ctx, key)
	}
	if tok := bearer(h); tok != "" {
		if a.PortalTokens != nil && isPortalToken(tok) {
			return a.portalToken(ctx, tok)
		}
		return a.idToken(ctx, tok)
	}
	return nil, apperr.New(apperr.Unauthenticated, "authentication required: send x-api-key, Authorization: ApiKey <key>, or Authorization: Bearer <ID token>")
}

func (a *ViewerAuthenticator) apiKey(ctx context.Context, key string) (*Viewer, error) {
	invalid := apperr.New(apperr.Unauthenticated, "API key is invalid, expired or revoked")
	prefix, ok := ParseClientAPIKey(key)
	if !ok {
		return nil, invalid
	}
	q := db.New(a.DB)
	k, err := q.GetClientAPIKeyByPrefix(ctx, prefix)
	if errors.Is(err, pgx.ErrNoRows) {
		Equal(key, make([]byte, 32))
		return nil, invalid
	}
	if err != nil {
		return nil, err
	}
	if !Equal(key, k.SecretHash) || k.RevokedAt != nil || !a.Now().Before(k.ExpiresAt) {
		return nil, invalid
	}
	_ = q.TouchClientAPIKey(ctx, k.ID)
	perm := PermRead
	if k.PermissionLevel == "ReadWrite" {
		perm = PermReadWrite
	}
	return &Viewer{KeyID: k.ID, KeyClient: k.ClientID, Permission: perm}, nil
}

func (a *ViewerAuthenticator) idToken(ctx context.Context, raw string) (*Viewer, error) {
	invalid := apperr.New(apperr.Unauthenticated, "ID token is invalid or expired")
	if a.IDTokens == nil {
		return nil, invalid
	}
	subject, err := a.IDTokens.Verify(ctx, raw)
	if errors.Is(err, ErrProviderUnavailable) {
		return nil, &apperr.Error{Kind: apperr.Unavailable, RetryAfter: discoveryRetry,
			Message: "the identity provider cannot be reached; retry later", Err: err}
	}
	if err != nil {
		return nil, &apperr.Error{Kind: apperr.Unauthenticated, Message: "ID token is invalid or expired", Err: err}
	}
	u, err := db.New(a.DB).GetUserBySubject(ctx, subject)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, apperr.New(apperr.Unauthenticated, "no user is registered for this ID token's subject")
	}
	if err != nil {
		return nil, err
	}
	return &Viewer{UserID: u.ID, IsStaff: u.IsStaff, Permission: PermReadWrite}, nil
}

// isPortalToken tells a portal access token (HS256, issued by taxd) from an identity provider's
// ID token (RS256/ES256) by its header, before any signature is checked.
func isPortalToken(raw string) bool {
	head, _, ok := strings.Cut(raw, ".")
	if !ok {
		return false
	}
	b, err := base64.RawURLEncoding.DecodeString(head)
	if err != nil {
		return false
	}
	var h struct {
		Alg string `json:"alg"`
	}
	return json.Unmarshal(b, &h) == nil && h.Alg == jwt.SigningMethodHS256.Alg()
}

// portalToken accepts a partner's portal access token: ReadWrite on its own client only, while
// that client is still the partner's embedded user.
func (a *ViewerAuthenticator) portalToken(ctx context.Context, raw string) (*Viewer, error) {
	claims, err := a.PortalTokens.Verify(raw, a.Now())
	if err != nil {
		return nil, err
	}
	pid, err1 := uuid.Parse(claims.PartnerID)
	cid, err2 := uuid.Parse(claims.Subject)
	if err1 != nil || err2 != nil {
		return nil, apperr.New(apperr.Unauthenticated, "access token is invalid or expired")
	}
	owner, err := db.New(a.DB).GetClientPartner(ctx, cid)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	if owner == nil || *owner != pid {
		return nil, apperr.New(apperr.Unauthenticated, "access token is invalid or expired")
	}
	return &Viewer{PortalClient: cid, PartnerID: pid, Permission: PermReadWrite}, nil
}

// CanAccess checks that the viewer may act on clientID: an API key only on its own client, a user
// on clients it is a member of (staff on all). Otherwise Forbidden.
func (a *ViewerAuthenticator) CanAccess(ctx context.Context, v *Viewer, clientID uuid.UUID) error {
	if only, ok := v.OnlyClient(); ok {
		if only != clientID {
			return apperr.New(apperr.Forbidden, "this credential is not valid for client %s", clientID)
		}
		return nil
	}
	if v.IsStaff {
		return nil
	}
	ok, err := db.New(a.DB).IsClientMember(ctx, db.IsClientMemberParams{ClientID: clientID, UserID: v.UserID})
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.Forbidden, "you are not a member of client %s", clientID)
	}
	return nil
}

type viewerKey struct{}

// WithViewer stores the viewer in ctx.
func WithViewer(ctx context.Context, v *Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

// ViewerFrom returns the viewer, or Unauthenticated.
func ViewerFrom(ctx context.Context) (*Viewer, error) {
	if v, ok := ctx.Value(viewerKey{}).(*Viewer); ok && v != nil {
		return v, nil
	}
	return nil, apperr.New(apperr.Unauthenticated, "authentication required")
}
