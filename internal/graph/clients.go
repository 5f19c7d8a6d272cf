package graph

// Resolvers of spec/graphql/clients.graphqls (the operations not built yet are in pending.go).

import (
	"context"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/clients"
)

func (r *queryResolver) GetClientAPIKeys(ctx context.Context, clientID string) ([]model.ClientAPIKey, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ks, err := r.Clients.Keys(ctx, scope)
	if err != nil {
		return nil, err
	}
	out := make([]model.ClientAPIKey, len(ks))
	for i, k := range ks {
		out[i] = keyOut(k, r.Clients.Now())
	}
	return out, nil
}

func (r *mutationResolver) CreateClientAPIKey(ctx context.Context, clientID string, expiresAt *time.Time, name *string, permissionLevel model.ClientAPIKeyPermissionLevelEnum) (*model.CreateClientAPIKeyResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	in := clients.NewKeyRequest{ReadWrite: permissionLevel == model.ClientAPIKeyPermissionLevelEnumReadWrite, ExpiresAt: expiresAt}
	if name != nil {
		in.Name = *name
	}
	if v, err := auth.ViewerFrom(ctx); err == nil && v.UserID != uuid.Nil {
		in.CreatedBy = &v.UserID
	}
	k, raw, err := r.Clients.CreateKey(ctx, scope, in)
	if err != nil {
		return nil, err
	}
	out := keyOut(k, r.Clients.Now())
	return &model.CreateClientAPIKeyResponse{RawKey: raw, APIKey: &out}, nil
}

func (r *mutationResolver) RevokeClientAPIKey(ctx context.Context, clientID string, id string) (*model.ClientAPIKey, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	kid, err := uuid.Parse(id)
	if err != nil {
		return nil, apperr.InvalidField("id", "must be a UUID")
	}
	k, err := r.Clients.RevokeKey(ctx, scope, kid)
	if err != nil {
		return nil, err
	}
	out := keyOut(k, r.Clients.Now())
	return &out, nil
}

func keyOut(k db.ClientApiKey, now time.Time) model.ClientAPIKey {
	out := model.ClientAPIKey{
		ID: k.ID.String(), ClientID: k.ClientID.String(), Name: k.Name, PermissionLevel: model.ClientAPIKeyPermissionLevelEnum(k.PermissionLevel),
		Prefix: k.Prefix, Status: model.ClientAPIKeyStatusEnum(clients.Status(k, now)), CreatedAt: k.CreatedAt, ExpiresAt: k.ExpiresAt,
		RevokedAt: k.RevokedAt, LastUsedAt: k.LastUsedAt,
	}
	if k.CreatedBy != nil {
		s := k.CreatedBy.String()
		out.CreatedByUserID = &s
	}
	return out
}

// --- accounts area (gql-accounts): exchange credentials ---

func (r *mutationResolver) RefreshAPIKey(ctx context.Context, accountID string, apiKey *string, clientID string, l1Address *string, passphrase *string, secretKey *string) (*string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := uuid.Parse(accountID)
	if err != nil {
		return nil, apperr.InvalidField("accountId", "must be a UUID")
	}
	syncID, err := r.Accounts.RefreshCredentials(ctx, scope, id, apiKey, secretKey, passphrase)
	if err != nil || syncID == uuid.Nil {
		return nil, err
	}
	s := syncID.String()
	return &s, nil
}
