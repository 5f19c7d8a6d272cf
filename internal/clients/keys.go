// Package clients owns client-level settings and access: client API keys (created with a
// permission level and an expiry, shown once, stored hashed, revocable).
package clients

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// Key lifetimes.
const (
	DefaultKeyLifetime = 90 * 24 * time.Hour
	MaxKeyLifetime     = 366 * 24 * time.Hour // "up to one year", inclusive of a leap day
)

// NewKey is a key to create.
type NewKey struct {
	ClientID  uuid.UUID
	Name      string
	ReadWrite bool
	ExpiresAt *time.Time // nil: DefaultKeyLifetime from now
	CreatedBy *uuid.UUID
}

// CreateKey mints a client API key and returns it with the raw key (shown only now).
func CreateKey(ctx context.Context, q *db.Queries, in NewKey, now time.Time) (db.ClientApiKey, string, error) {
	exp := now.Add(DefaultKeyLifetime)
	if in.ExpiresAt != nil {
		exp = *in.ExpiresAt
		if !exp.After(now) {
			return db.ClientApiKey{}, "", apperr.InvalidField("expiresAt", "must be in the future")
		}
		if exp.Sub(now) > MaxKeyLifetime {
			return db.ClientApiKey{}, "", apperr.InvalidField("expiresAt", "must be at most one year ahead")
		}
	}
	name := strings.TrimSpace(in.Name)
	if len(name) > 100 {
		return db.ClientApiKey{}, "", apperr.InvalidField("name", "must be at most 100 characters")
	}
	perm := "Read"
	if in.ReadWrite {
		perm = "ReadWrite"
	}
	raw, prefix := auth.NewClientAPIKey()
	k, err := q.CreateClientAPIKey(ctx, db.CreateClientAPIKeyParams{
		ID: uuid.Must(uuid.NewV7()), ClientID: in.ClientID, Name: name, PermissionLevel: perm, Prefix: prefix,
		SecretHash: auth.Hash(raw), CreatedBy: in.CreatedBy, ExpiresAt: exp.UTC(),
	})
	if err != nil {
		return db.ClientApiKey{}, "", store.Err(err, "API key")
	}
	return k, raw, nil
}

// StoreKey stores a key with a given raw value (fixtures).
func StoreKey(ctx context.Context, q *db.Queries, id uuid.UUID, in NewKey, raw string, now time.Time) (db.ClientApiKey, error) {
	prefix, ok := auth.ParseClientAPIKey(raw)
	if !ok {
		return db.ClientApiKey{}, apperr.InvalidField("key", "not a client API key")
	}
	perm := "Read"
	if in.ReadWrite {
		perm = "ReadWrite"
	}
	exp := now.Add(DefaultKeyLifetime)
	if in.ExpiresAt != nil {
		exp = *in.ExpiresAt
	}
	return q.CreateClientAPIKey(ctx, db.CreateClientAPIKeyParams{
		ID: id, ClientID: in.ClientID, Name: in.Name, PermissionLevel: perm, Prefix: prefix, SecretHash: auth.Hash(raw), ExpiresAt: exp,
	})
}

// Status of a key at now.
func Status(k APIKey, now time.Time) string {
	switch {
	case k.RevokedAt != nil:
		return "REVOKED"
	case !now.Before(k.ExpiresAt):
		return "EXPIRED"
	}
	return "ACTIVE"
}

// RevokeKey revokes one of the client's keys (idempotent).
func RevokeKey(ctx context.Context, q *db.Queries, clientID, id uuid.UUID) (db.ClientApiKey, error) {
	k, err := q.RevokeClientAPIKey(ctx, db.RevokeClientAPIKeyParams{ClientID: clientID, ID: id})
	return k, store.Err(err, "API key")
}
