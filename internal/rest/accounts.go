package rest

import (
	"context"

	"github.com/google/uuid"

	api "taxd/gen/rest"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/ledger"
	"taxd/internal/page"
	"taxd/internal/partner"
	"taxd/internal/syncs"
)

func (h *Handler) ListAccounts(ctx context.Context, req api.ListAccountsRequestObject) (api.ListAccountsResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	pr, err := page.Parse(partner.AccountsPageList, scope.ClientID(), req.Params.Limit, req.Params.Cursor, 10)
	if err != nil {
		return nil, err
	}
	as, next, err := h.partners.Accounts(ctx, scope, pr)
	if err != nil {
		return nil, err
	}
	return api.ListAccounts200JSONResponse{Type: api.Success, Message: "Accounts retrieved", Data: api.AccountList{Accounts: accountsOut(as)}, NextCursor: next}, nil
}

func (h *Handler) CreateAccounts(ctx context.Context, req api.CreateAccountsRequestObject) (api.CreateAccountsResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	ws := make([]accounts.Wallet, len(req.Body.Wallets))
	for i, w := range req.Body.Wallets {
		ws[i] = accounts.Wallet{Address: w.Address, Chain: w.Chain, Name: w.Name}
	}
	created, skipped, err := h.partners.AddAccounts(ctx, p, req.ReferenceId, ws)
	if err != nil {
		return nil, err
	}
	return api.CreateAccounts201JSONResponse{Type: api.Success, Message: "Accounts created", Data: api.AccountsCreated{
		Accounts: accountsOut(created), Skipped: skippedOut(skipped),
	}}, nil
}

func (h *Handler) Crunch(ctx context.Context, req api.CrunchRequestObject) (api.CrunchResponseObject, error) {
	p, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var ws []partner.CrunchWallet
	if req.Body.Wallets != nil {
		for _, w := range *req.Body.Wallets {
			ws = append(ws, partner.CrunchWallet{Address: w.Address, Provider: w.Provider, Name: w.Name})
		}
	}
	out, err := h.partners.Crunch(ctx, p, partner.NewUser{ReferenceID: req.Body.UserId, Email: (*string)(req.Body.Email), Name: req.Body.Name}, ws)
	if err != nil {
		return nil, err
	}
	branding, err := h.partners.Partner(ctx, p)
	if err != nil {
		return nil, err
	}
	return api.Crunch201JSONResponse{Type: api.Success, Message: "User and accounts created", Data: api.CrunchResult{
		User: embeddedUser(out.User, branding), Accounts: accountsOut(out.Accounts), Skipped: skippedOut(out.Skipped),
	}}, nil
}

func (h *Handler) ListAccountSyncs(ctx context.Context, req api.ListAccountSyncsRequestObject) (api.ListAccountSyncsResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	pr, err := page.Parse(syncs.PageList, scope.ClientID(), req.Params.Limit, req.Params.Cursor, 20)
	if err != nil {
		return nil, err
	}
	ss, accts, next, err := h.syncs.List(ctx, scope, pr)
	if err != nil {
		return nil, err
	}
	out := api.AccountSyncList{Syncs: make([]api.AccountSync, len(ss)), Accounts: make([]api.AccountStatusSummary, len(accts))}
	for i, s := range ss {
		out.Syncs[i] = syncOut(s)
	}
	for i, a := range accts {
		out.Accounts[i] = api.AccountStatusSummary{AccountId: a.ID, Address: deref(a.Address), Chain: api.Chain(a.Provider),
			Status: accountStatus(a.Status), LastSyncedAt: utc(a.LastSyncedAt)}
	}
	return api.ListAccountSyncs200JSONResponse{Type: api.Success, Message: "Account syncs retrieved", Data: out, NextCursor: next}, nil
}

func (h *Handler) CreateAccountSyncs(ctx context.Context, req api.CreateAccountSyncsRequestObject) (api.CreateAccountSyncsResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	var ids []uuid.UUID
	field := "account_ids"
	if req.Body != nil {
		switch {
		case req.Body.AccountIds != nil && req.Body.AccountIdsDeprecated != nil:
			return nil, apperr.InvalidField("accountIds", "send account_ids or the deprecated accountIds, not both")
		case req.Body.AccountIds != nil:
			ids = *req.Body.AccountIds
		case req.Body.AccountIdsDeprecated != nil:
			ids, field = *req.Body.AccountIdsDeprecated, "accountIds"
		}
	}
	s, err := h.syncs.Create(ctx, scope, ids, field)
	if err != nil {
		return nil, err
	}
	return api.CreateAccountSyncs202JSONResponse{Type: api.Success, Message: "Account sync accepted", Data: syncOut(s)}, nil
}

func (h *Handler) GetAccountSync(ctx context.Context, req api.GetAccountSyncRequestObject) (api.GetAccountSyncResponseObject, error) {
	scope, err := h.userScope(ctx, req.ReferenceId)
	if err != nil {
		return nil, err
	}
	s, err := h.syncs.Get(ctx, scope, req.SyncId)
	if err != nil {
		return nil, err
	}
	return api.GetAccountSync200JSONResponse{Type: api.Success, Message: "Account sync retrieved", Data: syncOut(s)}, nil
}

func syncOut(s syncs.Sync) api.AccountSync {
	items := make([]api.AccountSyncItem, len(s.Items))
	for i, it := range s.Items {
		attempt, maxAttempts := int(it.Attempt), int(it.MaxAttempts)
		items[i] = api.AccountSyncItem{AccountId: it.AccountID, Status: accountStatus(it.Status), Progress: int(it.Progress), Message: it.Message,
			Attempt: &attempt, MaxAttempts: &maxAttempts, NextAttemptAt: utc(it.NextAttemptAt)}
	}
	out := api.AccountSync{Id: s.ID, Status: api.SyncStatus(s.Status), Progress: int(s.Progress), Accounts: items,
		CreatedAt: s.CreatedAt.UTC(), StartedAt: utc(s.StartedAt), FinishedAt: utc(s.FinishedAt), Error: s.Error}
	if r := s.Retrying(); r != nil {
		out.Retrying = &api.SyncRetry{AccountId: r.AccountID, Attempt: int(r.Attempt), MaxAttempts: int(r.MaxAttempts),
			NextAttemptAt: r.NextAttemptAt.UTC(), LastError: r.LastError}
	}
	return out
}

func accountStatus(s string) api.AccountStatus { return api.AccountStatus(accounts.PartnerStatus(s)) }

func accountsOut(as []ledger.Account) []api.Account {
	out := make([]api.Account, len(as))
	for i, a := range as {
		name := a.Name
		out[i] = api.Account{Id: a.ID, Address: deref(a.Address), Chain: api.Chain(a.Provider), Name: &name,
			Status: accountStatus(a.Status), StatusMessage: a.StatusMessage, CreatedAt: a.CreatedAt.UTC(), LastSyncedAt: utc(a.LastSyncedAt)}
	}
	return out
}

func skippedOut(ss []accounts.Skipped) []api.SkippedWallet {
	out := make([]api.SkippedWallet, len(ss))
	for i, s := range ss {
		out[i] = api.SkippedWallet{Address: s.Address, Chain: s.Chain, Reason: api.SkippedWalletReason(s.Reason)}
	}
	return out
}
