package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/clients"
)

func (r *queryResolver) GetClientAPIKeys(ctx context.Context, clientID string) ([]model.ClientAPIKey, error) {
	id, _, err := r.client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	ks, err := db.New(r.pool).ListClientAPIKeys(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]model.ClientAPIKey, len(ks))
	for i, k := range ks {
		out[i] = keyOut(k, r.now())
	}
	return out, nil
}

func (r *mutationResolver) CreateClientAPIKey(ctx context.Context, clientID string, expiresAt *time.Time, name *string, permissionLevel model.ClientAPIKeyPermissionLevelEnum) (*model.CreateClientAPIKeyResponse, error) {
	id, v, err := r.client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	in := clients.NewKey{ClientID: id, ReadWrite: permissionLevel == model.ClientAPIKeyPermissionLevelEnumReadWrite, ExpiresAt: expiresAt}
	if name != nil {
		in.Name = *name
	}
	if v.UserID != uuid.Nil {
		in.CreatedBy = &v.UserID
	}
	k, raw, err := clients.CreateKey(ctx, db.New(r.pool), in, r.now())
	if err != nil {
		return nil, err
	}
	out := keyOut(k, r.now())
	return &model.CreateClientAPIKeyResponse{RawKey: raw, APIKey: &out}, nil
}

func (r *mutationResolver) RevokeClientAPIKey(ctx context.Context, clientID string, id string) (*model.ClientAPIKey, error) {
	cid, _, err := r.client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	kid, err := uuid.Parse(id)
	if err != nil {
		return nil, apperr.InvalidField("id", "must be a UUID")
	}
	k, err := clients.RevokeKey(ctx, db.New(r.pool), cid, kid)
	if err != nil {
		return nil, err
	}
	out := keyOut(k, r.now())
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
