package graph

// Resolvers of spec/graphql/clients.graphqls.

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"

	"taxd/gen/graph/model"
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
	kid, err := parseID("id", id)
	if err != nil {
		return nil, err
	}
	k, err := r.Clients.RevokeKey(ctx, scope, kid)
	if err != nil {
		return nil, err
	}
	out := keyOut(k, r.Clients.Now())
	return &out, nil
}

func keyOut(k clients.APIKey, now time.Time) model.ClientAPIKey {
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

// --- Audit log ---

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
	case "portal": // the client's end user, signed in to a partner's portal with its access token
		m.ActorType = model.AuditActorTypeEnumUser
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

// --- clients operations (getClientById, getMyClients, getMyActiveClient, getClientInsights,
// updateClient, updateClientCostBasisAlgorithm)

func (r *queryResolver) GetClientByID(ctx context.Context, clientID string) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	c, err := r.Clients.Get(ctx, scope)
	if err != nil {
		return nil, err
	}
	// A signed-in user opening a client selects it (getMyActiveClient); only a member's choice
	// is kept (staff looking at a client do not change their own active client).
	if v, err := auth.ViewerFrom(ctx); err == nil && v.UserID != uuid.Nil && !v.IsStaff {
		if err := r.Clients.SelectActive(ctx, scope, v.UserID); err != nil {
			return nil, err
		}
	}
	return clientOut(c), nil
}

func (r *queryResolver) GetMyClients(ctx context.Context) ([]model.Client, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return nil, err
	}
	scopes, err := r.Auth.MyScopes(ctx, v)
	if err != nil {
		return nil, err
	}
	cs, err := r.Clients.GetMany(ctx, scopes)
	if err != nil {
		return nil, err
	}
	out := make([]model.Client, len(cs))
	for i, c := range cs {
		out[i] = *clientOut(c)
	}
	return out, nil
}

func (r *queryResolver) GetMyActiveClient(ctx context.Context) (*model.Client, error) {
	v, err := auth.ViewerFrom(ctx)
	if err != nil {
		return nil, err
	}
	scope, err := r.Auth.ActiveScope(ctx, v)
	if err != nil {
		return nil, err
	}
	c, err := r.Clients.Get(ctx, scope)
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

func (r *queryResolver) GetClientReviewQueue(ctx context.Context, clientID string, patternID *string, limit *int, page *int) (*model.ReviewQueue, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	f := clients.ReviewQueueFilter{PatternID: patternID, Limit: 50}
	if limit != nil {
		f.Limit = *limit
	}
	if page != nil {
		f.Page = *page
	}
	q, err := r.Clients.ReviewQueue(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	out := &model.ReviewQueue{TotalCount: q.Total, Groups: make([]model.ReviewGroup, len(q.Groups)), Items: make([]model.ReviewItem, len(q.Items))}
	for i, g := range q.Groups {
		out.Groups[i] = model.ReviewGroup{PatternID: g.PatternID, Type: model.InsightTypeEnum(g.Type), Severity: model.InsightSeverityEnum(g.Severity),
			Title: g.Title, Count: g.Count}
		if g.AssetID != nil {
			s := g.AssetID.String()
			out.Groups[i].AssetID = &s
		}
	}
	for i, it := range q.Items {
		out.Items[i] = model.ReviewItem{TransactionID: it.TransactionID.String(), PatternID: it.PatternID, Type: model.InsightTypeEnum(it.Type),
			Problems: make([]model.InsightTypeEnum, len(it.Problems))}
		for j, p := range it.Problems {
			out.Items[i].Problems[j] = model.InsightTypeEnum(p)
		}
	}
	return out, nil
}

func (r *queryResolver) GetClientInsights(ctx context.Context, assetTypeFilter *string, clientID string, limit *int, page *int, status *model.InsightStatusEnum, typeArg *model.InsightTypeEnum) ([]model.Insight, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	f := clients.InsightFilter{AssetType: assetTypeFilter, Limit: 50}
	if limit != nil {
		f.Limit = *limit
	}
	if page != nil {
		f.Page = *page
	}
	if status != nil {
		s := string(*status)
		f.Status = &s
	}
	if typeArg != nil {
		t := string(*typeArg)
		f.Type = &t
	}
	ins, err := r.Clients.Insights(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	out := make([]model.Insight, len(ins))
	for i, in := range ins {
		out[i] = model.Insight{
			ID: in.ID.String(), ClientID: in.ClientID.String(), PatternID: in.PatternID, Type: model.InsightTypeEnum(in.Type),
			Status: model.InsightStatusEnum(in.Status), Severity: model.InsightSeverityEnum(in.Severity), Title: in.Title,
			Description: in.Description, TransactionCount: in.TransactionCount, TransactionIds: make([]string, len(in.TransactionIDs)),
			EstimatedImpactCents: in.EstimatedImpactCents, CreatedAt: in.CreatedAt, ResolvedAt: in.ResolvedAt,
		}
		for j, id := range in.TransactionIDs {
			out[i].TransactionIds[j] = id.String()
		}
		if in.AssetID != nil {
			s := in.AssetID.String()
			out[i].AssetID = &s
		}
		if in.AssetType != nil {
			t := model.AssetTypeEnum(*in.AssetType)
			out[i].AssetType = &t
		}
	}
	return out, nil
}

func (r *mutationResolver) UpdateClient(ctx context.Context, accountantNotes *string, accountantStatus *model.ClientAccountantStatusEnum, allowCustomerSupportAccess *bool, avatarImageURL *string, canUsePriority *bool, clientID string, country *model.CountryEnum, currency *model.CurrencyCodeEnum, deadline *time.Time, defaultAIModel *string, defaultToFloor *bool, fiscalYearEnd *string, fiscalYearStart *string, fullServiceNotes *string, fullServiceStatus *string, hasCustomFiscalYear *bool, isEnterprise *bool, isOnExtension *bool, lockTaxesUntil *time.Time, name *string, neededTaxYears *string, paymentAppUsername *string, portfolioProvider *string, solReferralAddress *string, messengerGroupURL *string, messengerUsername *string, timezone *string, typeArg *string, useSnapshots *bool) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	u := clients.Update{
		Name: name, Type: typeArg, Currency: enumString(currency), Country: enumString(country), Timezone: timezone,
		FiscalYearStart: fiscalYearStart, FiscalYearEnd: fiscalYearEnd, NeededTaxYears: neededTaxYears,
		HasCustomFiscalYear: hasCustomFiscalYear, IsOnExtension: isOnExtension, Deadline: deadline, LockTaxesUntil: lockTaxesUntil,
		AllowCustomerSupportAccess: allowCustomerSupportAccess, DefaultToFloor: defaultToFloor, UseSnapshots: useSnapshots,
		AvatarImageURL: avatarImageURL, DefaultAIModel: defaultAIModel, PortfolioProvider: portfolioProvider,
		PaymentAppUsername: paymentAppUsername, SolReferralAddress: solReferralAddress,
		MessengerGroupURL: messengerGroupURL, MessengerUsername: messengerUsername,
		AccountantStatus: enumString(accountantStatus), AccountantNotes: accountantNotes,
		FullServiceStatus: fullServiceStatus, FullServiceNotes: fullServiceNotes,
		CanUsePriority: canUsePriority, IsEnterprise: isEnterprise,
	}
	c, err := r.Clients.Update(ctx, scope, u)
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

func (r *mutationResolver) UpdateClientCostBasisAlgorithm(ctx context.Context, clientID string, costBasisAlgorithm model.CostBasisAlgorithmEnum) (*model.Client, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	c, err := r.Clients.Update(ctx, scope, clients.Update{CostBasisAlgorithm: enumString(&costBasisAlgorithm)})
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

func enumString[E ~string](e *E) *string {
	if e == nil {
		return nil
	}
	s := string(*e)
	return &s
}

// clientOut maps a client to the API type.
func clientOut(c clients.Client) *model.Client {
	out := &model.Client{
		ID: c.ID.String(), Name: c.Name, Email: c.Email, Type: c.TaxpayerType, Currency: model.CurrencyCodeEnum(c.Currency),
		Country: model.CountryEnum(c.Country), Timezone: c.Timezone, CostBasisAlgorithm: model.CostBasisAlgorithmEnum(c.CostBasisAlgorithm),
		HasCustomFiscalYear: c.HasCustomFiscalYear, FiscalYearStart: c.TaxYearStart(),
		FiscalYearEnd: c.FiscalYearEnd(), NeededTaxYears: c.NeededTaxYears, IsDirty: c.IsDirty, LastRecalculatedAt: c.LastRecalculatedAt,
		LockTaxesUntil: c.LockTaxesUntil, Deadline: c.Deadline, IsOnExtension: c.IsOnExtension, AccountantNotes: c.AccountantNotes,
		FullServiceStatus: c.FullServiceStatus, FullServiceNotes: c.FullServiceNotes, AllowCustomerSupportAccess: c.AllowCustomerSupportAccess,
		AvatarImageURL: c.AvatarImageUrl, CanUsePriority: c.CanUsePriority, IsEnterprise: c.IsEnterprise, DefaultAIModel: c.DefaultAiModel,
		DefaultToFloor: c.DefaultToFloor, UseSnapshots: c.UseSnapshots, PortfolioProvider: c.PortfolioProvider,
		PaymentAppUsername: c.PaymentAppUsername, SolReferralAddress: c.SolReferralAddress, MessengerGroupURL: c.MessengerGroupUrl,
		MessengerUsername: c.MessengerUsername, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
	if c.AccountantStatus != nil {
		s := model.ClientAccountantStatusEnum(*c.AccountantStatus)
		out.AccountantStatus = &s
	}
	if s := c.Subscription; s != nil {
		years := make([]int, len(s.TaxYears))
		for i, y := range s.TaxYears {
			years[i] = int(y)
		}
		out.Subscription = &model.Subscription{
			ID: s.ID.String(), ClientID: s.ClientID.String(), Plan: model.SubscriptionPlanEnum(s.Plan), Status: model.SubscriptionStatusEnum(s.Status),
			TaxYears: years, PriceCents: s.PriceCents, Currency: model.CurrencyCodeEnum(s.Currency), CurrentPeriodStart: s.CurrentPeriodStart,
			CurrentPeriodEnd: s.CurrentPeriodEnd, CancelAtPeriodEnd: s.CancelAtPeriodEnd, CreatedAt: s.CreatedAt,
		}
		if s.TransactionLimit != nil {
			n := int(*s.TransactionLimit)
			out.Subscription.TransactionLimit = &n
		}
	}
	return out
}

// --- accounts area (gql-accounts): exchange credentials ---

func (r *mutationResolver) RefreshAPIKey(ctx context.Context, accountID string, apiKey *string, clientID string, l1Address *string, passphrase *string, secretKey *string) (*string, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	id, err := parseID("accountId", accountID)
	if err != nil {
		return nil, err
	}
	syncID, err := r.Accounts.RefreshCredentials(ctx, scope, id, apiKey, secretKey, passphrase)
	if err != nil || syncID == uuid.Nil {
		return nil, err
	}
	s := syncID.String()
	return &s, nil
}
