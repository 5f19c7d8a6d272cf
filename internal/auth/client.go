package auth

import (
	"context"
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

// Viewer is an authenticated GraphQL caller: a client API key or a signed-in user.
type Viewer struct {
	KeyID      uuid.UUID // set for API keys
	KeyClient  uuid.UUID // the one client an API key may access
	UserID     uuid.UUID // set for users
	IsStaff    bool
	Permission Permission
}

// Actor names the viewer in audit logs.
func (v *Viewer) Actor() string {
	if v.KeyID != uuid.Nil {
		return "apikey:" + v.KeyID.String()
	}
	return "user:" + v.UserID.String()
}

// ViewerAuthenticator resolves GraphQL credentials.
type ViewerAuthenticator struct {
	DB db.DBTX
	// IDTokenSecret verifies identity-provider ID tokens (HS256). Empty disables bearer tokens.
	IDTokenSecret []byte
	IDTokenIssuer string
	Now           func() time.Time
}

// Authenticate returns the viewer, or an Unauthenticated error when credentials are missing,
// malformed, unknown, expired or revoked.
func (a *ViewerAuthenticator) Authenticate(ctx context.Context, h http.Header) (*Viewer, error) {
	key := h.Get("x-api-key")
	if key == "" {
		if v := h.Get("Authorization"); len(v) > 7 && strings.EqualFold(v[:7], "apikey ") {
			key = strings.TrimSpace(v[7:])
		}
	}
	if key != "" {
		return a.apiKey(ctx, key)
	}
	if tok := bearer(h); tok != "" {
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
	if len(a.IDTokenSecret) == 0 {
		return nil, invalid
	}
	var claims jwt.RegisteredClaims
	opts := []jwt.ParserOption{jwt.WithValidMethods([]string{"HS256"}), jwt.WithExpirationRequired(), jwt.WithTimeFunc(a.Now)}
	if a.IDTokenIssuer != "" {
		opts = append(opts, jwt.WithIssuer(a.IDTokenIssuer))
	}
	if _, err := jwt.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return a.IDTokenSecret, nil }, opts...); err != nil {
		return nil, invalid
	}
	u, err := db.New(a.DB).GetUserBySubject(ctx, claims.Subject)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, invalid
	}
	if err != nil {
		return nil, err
	}
	return &Viewer{UserID: u.ID, IsStaff: u.IsStaff, Permission: PermReadWrite}, nil
}

// CanAccess checks that the viewer may act on clientID: an API key only on its own client, a user
// on clients it is a member of (staff on all). Otherwise Forbidden.
func (a *ViewerAuthenticator) CanAccess(ctx context.Context, v *Viewer, clientID uuid.UUID) error {
	if v.KeyID != uuid.Nil {
		if v.KeyClient != clientID {
			return apperr.New(apperr.Forbidden, "this API key is not valid for client %s", clientID)
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
