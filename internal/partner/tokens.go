package partner

import (
	"context"
	"net/url"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// AccessToken is the result of minting a portal access token.
type AccessToken struct {
	Token       string
	ReferenceID string
	ClientID    uuid.UUID // the user's id on the GraphQL API
	ExpiresIn   int
	ExpiresAt   time.Time
	PortalURL   string
}

// IssueAccessToken mints a portal access token for the partner's user referenceID. Only partner
// credentials may mint (an access token cannot mint another: Forbidden).
func (s *Service) IssueAccessToken(ctx context.Context, p *auth.Partner, referenceID string, expiresIn *int, email *string) (AccessToken, error) {
	if p.Method == auth.MethodAccessToken {
		return AccessToken{}, apperr.New(apperr.Forbidden, "an access token cannot mint another access token; use partner credentials")
	}
	lifetime := auth.DefaultTokenLifetime
	if expiresIn != nil {
		if *expiresIn < 1 || time.Duration(*expiresIn)*time.Second > auth.MaxTokenLifetime {
			return AccessToken{}, apperr.InvalidField("expiresInSeconds", "must be between 1 and 86400")
		}
		lifetime = time.Duration(*expiresIn) * time.Second
	}
	q := db.New(s.pool)
	c, err := userFor(ctx, q, p, referenceID)
	if err != nil {
		return AccessToken{}, err
	}
	partner, err := q.GetPartner(ctx, p.PartnerID)
	if err != nil {
		return AccessToken{}, err
	}
	issued, err := s.tokens.Issue(p.PartnerID, c.ID, referenceID, s.now(), lifetime)
	if err != nil {
		return AccessToken{}, err
	}
	return AccessToken{
		Token:       issued.Token,
		ReferenceID: referenceID,
		ClientID:    c.ID,
		ExpiresIn:   int(lifetime / time.Second),
		ExpiresAt:   issued.ExpiresAt,
		PortalURL:   portalURL(partner.PortalUrl, referenceID, issued.Token, email),
	}, nil
}

// portalURL adds code, token and (when given) email to the partner's portal address.
func portalURL(base, referenceID, token string, email *string) string {
	u, err := url.Parse(base)
	if err != nil {
		u = &url.URL{Path: base}
	}
	q := u.Query()
	q.Set("code", referenceID)
	q.Set("token", token)
	if email != nil && *email != "" {
		q.Set("email", *email)
	}
	u.RawQuery = q.Encode()
	return u.String()
}
