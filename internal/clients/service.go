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

// Keys lists the scope's client's API keys.
func (s *Service) Keys(ctx context.Context, scope auth.ClientScope) ([]db.ClientApiKey, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	return db.New(s.pool).ListClientAPIKeys(ctx, scope.ClientID())
}

// NewKeyRequest is a key to create for the scope's client.
type NewKeyRequest struct {
	Name      string
	ReadWrite bool
	ExpiresAt *time.Time
	CreatedBy *uuid.UUID
}

// CreateKey mints a key for the scope's client and returns it with the raw key (shown once).
func (s *Service) CreateKey(ctx context.Context, scope auth.ClientScope, in NewKeyRequest) (db.ClientApiKey, string, error) {
	if err := scope.CheckMintCredential(); err != nil {
		return db.ClientApiKey{}, "", err
	}
	return CreateKey(ctx, db.New(s.pool), NewKey{ClientID: scope.ClientID(), Name: in.Name, ReadWrite: in.ReadWrite,
		ExpiresAt: in.ExpiresAt, CreatedBy: in.CreatedBy}, s.now())
}

// RevokeKey revokes one of the scope's client's keys.
func (s *Service) RevokeKey(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (db.ClientApiKey, error) {
	if err := scope.CheckWrite(); err != nil {
		return db.ClientApiKey{}, err
	}
	return RevokeKey(ctx, db.New(s.pool), scope.ClientID(), id)
}
