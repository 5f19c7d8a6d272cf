// Package partner owns the partner REST API's domain: partners and their credentials, embedded
// users, hosted links, access tokens, discount codes.
package partner

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// NewPartner describes a partner to create.
type NewPartner struct {
	ID           uuid.UUID // zero: a new v7 id
	Name         string
	LogoURL      *string
	PrimaryColor *string
	SupportEmail *string
	PortalURL    string
	// PortalOrigins are the sites (scheme://host[:port]) that may show the portal in an iframe.
	PortalOrigins []string
}

// CreatePartner stores a partner with fresh credentials and returns them; only their hashes are
// kept, so this is the one time they can be shown.
func CreatePartner(ctx context.Context, pool *pgxpool.Pool, in NewPartner) (db.Partner, auth.PartnerCredentials, error) {
	creds := auth.NewPartnerCredentials()
	p, err := CreatePartnerWith(ctx, pool, in, creds)
	return p, creds, err
}

// CreatePartnerWith stores a partner with the given credentials (tests and fixtures use fixed ones).
func CreatePartnerWith(ctx context.Context, pool *pgxpool.Pool, in NewPartner, creds auth.PartnerCredentials) (db.Partner, error) {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return db.Partner{}, apperr.InvalidField("name", "must not be empty")
	}
	if in.ID == uuid.Nil {
		in.ID = uuid.Must(uuid.NewV7())
	}
	prefix, ok := auth.APIKeyPrefix(creds.APIKey)
	if !ok {
		return db.Partner{}, apperr.InvalidField("apiKey", "must look like pk_<prefix>_<secret>")
	}
	var out db.Partner
	err := store.InTx(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		out, err = q.CreatePartner(ctx, db.CreatePartnerParams{
			ID: in.ID, Name: in.Name, LogoUrl: in.LogoURL, PrimaryColor: in.PrimaryColor,
			SupportEmail: in.SupportEmail, PortalUrl: in.PortalURL,
		})
		if err != nil {
			return store.Err(err, "partner")
		}
		if len(in.PortalOrigins) > 0 {
			if err := q.SetPartnerPortalOrigins(ctx, db.SetPartnerPortalOriginsParams{ID: out.ID, PortalOrigins: in.PortalOrigins}); err != nil {
				return err
			}
			out.PortalOrigins = in.PortalOrigins
		}
		if err := q.CreatePartnerCredential(ctx, db.CreatePartnerCredentialParams{
			ID: uuid.Must(uuid.NewV7()), PartnerID: out.ID, Kind: "secret", PublicID: creds.ClientID, SecretHash: auth.Hash(creds.APISecret),
		}); err != nil {
			return store.Err(err, "partner credential")
		}
		return store.Err(q.CreatePartnerCredential(ctx, db.CreatePartnerCredentialParams{
			ID: uuid.Must(uuid.NewV7()), PartnerID: out.ID, Kind: "api_key", PublicID: prefix, SecretHash: auth.Hash(creds.APIKey),
		}), "partner credential")
	})
	return out, err
}
