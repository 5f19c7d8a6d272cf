package clients

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
)

// Service manages a client's API keys on behalf of an authorised scope.
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewService returns the clients service.
func NewService(pool *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, now: now}
}

// Now is the service's clock (key statuses depend on it).
func (s *Service) Now() time.Time { return s.now() }

// APIKey is one of a client's API keys, without its secret (only its hash is stored; the raw key
// is shown once, by CreateKey).
type APIKey struct {
	ID              uuid.UUID
	ClientID        uuid.UUID
	Name            string
	PermissionLevel string
	Prefix          string
	CreatedBy       *uuid.UUID
	CreatedAt       time.Time
	ExpiresAt       time.Time
	RevokedAt       *time.Time
	LastUsedAt      *time.Time
}

func keyOf(k db.ClientApiKey) APIKey {
	return APIKey{ID: k.ID, ClientID: k.ClientID, Name: k.Name, PermissionLevel: k.PermissionLevel, Prefix: k.Prefix,
		CreatedBy: k.CreatedBy, CreatedAt: k.CreatedAt, ExpiresAt: k.ExpiresAt, RevokedAt: k.RevokedAt, LastUsedAt: k.LastUsedAt}
}

// Keys lists the scope's client's API keys.
func (s *Service) Keys(ctx context.Context, scope auth.ClientScope) ([]APIKey, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(s.pool).ListClientAPIKeys(ctx, scope.ClientID())
	out := make([]APIKey, len(rows))
	for i, k := range rows {
		out[i] = keyOf(k)
	}
	return out, err
}

// NewKeyRequest is a key to create for the scope's client.
type NewKeyRequest struct {
	Name      string
	ReadWrite bool
	ExpiresAt *time.Time
	CreatedBy *uuid.UUID
}

// CreateKey mints a key for the scope's client and returns it with the raw key (shown once).
func (s *Service) CreateKey(ctx context.Context, scope auth.ClientScope, in NewKeyRequest) (APIKey, string, error) {
	if err := scope.CheckMintCredential(); err != nil {
		return APIKey{}, "", err
	}
	k, raw, err := CreateKey(ctx, db.New(s.pool), NewKey{ClientID: scope.ClientID(), Name: in.Name, ReadWrite: in.ReadWrite,
		ExpiresAt: in.ExpiresAt, CreatedBy: in.CreatedBy}, s.now())
	return keyOf(k), raw, err
}

// RevokeKey revokes one of the scope's client's keys.
func (s *Service) RevokeKey(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (APIKey, error) {
	if err := scope.CheckWrite(); err != nil {
		return APIKey{}, err
	}
	k, err := RevokeKey(ctx, db.New(s.pool), scope.ClientID(), id)
	return keyOf(k), err
}
