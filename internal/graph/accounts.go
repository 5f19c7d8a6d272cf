package graph

// Resolvers of spec/graphql/accounts.graphqls (the operations not built yet are in pending.go).

import (
	"context"

	"taxd/gen/db"
	gen "taxd/gen/graph"
	"taxd/gen/graph/model"
	"taxd/internal/accounts"
)

func (r *Resolver) Account() gen.AccountResolver { return &accountResolver{r} }

type accountResolver struct{ *Resolver }

// TransactionCount counts the account's transactions through the request's loader (one query for
// every account of a page).
func (r *accountResolver) TransactionCount(ctx context.Context, obj *model.Account) (int, error) {
	n, err := load(ctx, loadersFrom(ctx).txCounts, obj.ClientID, obj.ID)
	if err != nil || n == nil {
		return 0, err
	}
	return int(*n), nil
}

func accountOut(a db.Account) model.Account {
	typ, imp := accounts.ClientType(a.Type)
	out := model.Account{
		ID: a.ID.String(), ClientID: a.ClientID.String(), Name: a.Name, Type: model.AccountTypeEnum(typ), ImportType: model.ImportTypeEnum(imp),
		Provider: a.Provider, Address: a.Address, Status: model.AccountStatusEnum(accounts.ClientStatus(a.Status, a.DeletedAt != nil)),
		IsVirtual: a.Type == "virtual", StakingAccountIdentifier: a.StakingAccountIdentifier, StartImportingAt: a.StartImportingAt,
		StopImportingAt: a.StopImportingAt, LastSyncedAt: a.LastSyncedAt, CreatedAt: a.CreatedAt, HasAPICredentials: a.Type == "exchange",
	}
	if a.Status == accounts.StatusFailed {
		out.LastSyncError = a.StatusMessage
	}
	if a.Status == accounts.StatusRetired {
		out.RetiredAt = a.StopImportingAt
	}
	return out
}
