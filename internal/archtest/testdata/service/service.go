package service

import (
	"context"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
)

type Service struct{}

func (s *Service) ListForClient(ctx context.Context, clientID uuid.UUID) error { return nil }
func (s *Service) ListCamel(ctx context.Context, clientId uuid.UUID) error     { return nil }
func (s *Service) ByClientRow(ctx context.Context, c db.Client) error          { return nil }
func (s *Service) ByClientRowPtr(ctx context.Context, c *db.Client) error      { return nil }
func (s *Service) Scoped(ctx context.Context, scope auth.ClientScope) error    { return nil }
func (s *Service) ByOwnID(ctx context.Context, scope auth.ClientScope, id uuid.UUID) error {
	return nil
}
func (s *Service) unexported(ctx context.Context, clientID uuid.UUID) error { return nil }

type helper struct{}

func (helper) Exported(clientID uuid.UUID) {}
