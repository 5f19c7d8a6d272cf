package graph

// Resolvers of spec/graphql/clients.graphqls (the operations not built yet are in pending.go).

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/gen/graph/model"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/ledger"
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

// --- Audit log (issue 13, gql-edits) ---

func (r *queryResolver) GetClientAuditLogs(ctx context.Context, clientID string, field *string, includeCompetitorEdits *bool, limit int, page int, transactionIds []string, transactionSearch *string, userID *string) (*model.GetClientAuditLogsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	f := ledger.AuditFilter{Field: field, TransactionSearch: transactionSearch, UserSubject: userID,
		IncludeImported: includeCompetitorEdits != nil && *includeCompetitorEdits}
	if transactionIds != nil {
		if f.TransactionIDs, err = parseIDs("transactionIds", transactionIds); err != nil {
			return nil, err
		}
	}
	rows, total, err := r.Ledger.AuditLogs(ctx, scope, f, limit, page)
	if err != nil {
		return nil, err
	}
	out := &model.GetClientAuditLogsResponse{AuditLogs: make([]model.AuditLog, len(rows)), Total: total, Page: page, Limit: limit}
	for i, a := range rows {
		out.AuditLogs[i] = auditLogOut(scope.ClientID().String(), a)
	}
	return out, nil
}

func auditLogOut(client string, a ledger.AuditEntry) model.AuditLog {
	m := model.AuditLog{ID: a.ID.String(), ClientID: client, CreatedAt: a.CreatedAt, Action: a.DisplayAction(), EntityType: a.Entity,
		EntityID: a.EntityID.String(), SessionID: a.SessionID, Source: a.Source, UndoneAt: a.UndoneAt, CanUndo: a.CanUndo()}
	kind, id, _ := strings.Cut(a.Actor, ":")
	switch kind {
	case "user":
		m.ActorType, m.UserID = model.AuditActorTypeEnumUser, a.UserSubject
		if a.IsStaff {
			m.ActorType = model.AuditActorTypeEnumStaff
		}
	case "apikey":
		m.ActorType, m.APIKeyID = model.AuditActorTypeEnumAPIKey, &id
	default: // system:* (syncs, imports, rules) and partner:* (the partner API acting for its user)
		m.ActorType = model.AuditActorTypeEnumSystem
	}
	if a.TransactionID != nil {
		s := a.TransactionID.String()
		m.TransactionID = &s
	}
	if a.Field != "" {
		f := a.Field
		m.Field = &f
	}
	var v any
	if json.Unmarshal(a.OldValue, &v) == nil {
		m.OldValue = v
	}
	v = nil
	if json.Unmarshal(a.NewValue, &v) == nil {
		m.NewValue = v
	}
	return m
}
