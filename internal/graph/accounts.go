package graph

// Resolvers of spec/graphql/accounts.graphqls: thin adapters over accounts.Service.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/google/uuid"

	gen "taxd/gen/graph"
	"taxd/gen/graph/model"
	"taxd/internal/accounts"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/money"
	"taxd/internal/syncs"
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

// BalanceFiatValueCents is the account's holdings at current prices in the client's currency
// (portfolio.AccountValues), through the request's loader: one computation for every account of
// the request.
func (r *accountResolver) BalanceFiatValueCents(ctx context.Context, obj *model.Account) (*int64, error) {
	v, err := load(ctx, loadersFrom(ctx).accountValues, obj.ClientID, obj.ID)
	if err != nil || v == nil {
		return nil, err
	}
	return &v.Cents, nil
}

func (r *accountResolver) BalanceFiatValueFormatted(ctx context.Context, obj *model.Account) (*string, error) {
	v, err := load(ctx, loadersFrom(ctx).accountValues, obj.ClientID, obj.ID)
	if err != nil || v == nil {
		return nil, err
	}
	return money.FormatPtrIn(&v.Cents, v.Currency), nil
}

func accountOut(a ledger.Account) model.Account {
	typ, imp := accounts.ClientType(a.Type)
	out := model.Account{
		ID: a.ID.String(), ClientID: a.ClientID.String(), Name: a.Name, Type: model.AccountTypeEnum(typ), ImportType: model.ImportTypeEnum(imp),
		Provider: a.Provider, Address: a.Address, Status: model.AccountStatusEnum(accounts.ClientStatusOf(a)),
		IsVirtual: a.Type == "virtual", StakingAccountIdentifier: a.StakingAccountIdentifier, StartImportingAt: a.StartImportingAt,
		StopImportingAt: a.StopImportingAt, LastSyncedAt: a.LastSyncedAt, CreatedAt: a.CreatedAt, HasAPICredentials: a.Type == "exchange",
		IncludeStakingRewards: a.IncludeStakingRewards, IncludeOrdinals: a.IncludeOrdinals, IsLargeAccount: a.IsLargeAccount,
		IsContinuousSyncEnabled: a.IsContinuousSync,
	}
	if a.Status == accounts.StatusFailed || a.Status == accounts.StatusSyncing {
		out.LastSyncError = a.StatusMessage // syncing: why the attempt being retried failed
	}
	if a.Status == accounts.StatusRetired {
		out.RetiredAt = a.RetiredAt
	}
	return out
}

func accountsOut(as []ledger.Account) []model.Account {
	out := make([]model.Account, len(as))
	for i, a := range as {
		out[i] = accountOut(a)
	}
	return out
}

var jobTypes = map[string]model.JobTypeEnum{
	syncs.KindSync: model.JobTypeEnumSync, syncs.KindHardRefresh: model.JobTypeEnumHardRefresh,
	syncs.KindFileImport: model.JobTypeEnumFileImport, syncs.KindDeleteAccount: model.JobTypeEnumDeleteAccount,
}

func jobOut(clientID uuid.UUID, j accounts.Job) model.Job {
	acct := j.AccountID.String()
	out := itemJob(j.Status, j.NextAttemptAt, j.Message, j.Attempt, j.MaxAttempts)
	out.ID, out.ClientID, out.AccountID, out.Type = j.ID.String(), clientID.String(), &acct, jobTypes[j.Kind]
	out.Progress, out.ImportedTransactionCount = int(j.Progress), int(j.Imported)
	out.CreatedAt, out.StartedAt, out.FinishedAt = j.CreatedAt, j.StartedAt, j.FinishedAt
	return out
}

// jobStates are the JobStatusEnum values of the job states (jobs.State*).
var jobStates = map[string]model.JobStatusEnum{
	jobs.StateQueued: model.JobStatusEnumQueued, jobs.StateRunning: model.JobStatusEnumRunning,
	jobs.StateRetrying: model.JobStatusEnumRetrying, jobs.StateSucceeded: model.JobStatusEnumSucceeded,
	jobs.StateFailed: model.JobStatusEnumFailed, jobs.StateCancelled: model.JobStatusEnumCanceled,
}

// itemJob is the state part of the Job of a sync item (getJobsForAccount, getTransactionImportJobs):
// its status, attempts and the reason shown with them.
func itemJob(status string, next *time.Time, msg *string, attempt, maxAttempts int32) model.Job {
	st := jobStates[syncs.State(status, next, msg)]
	out := model.Job{Status: st, Attempt: int(attempt), MaxAttempts: int(maxAttempts)}
	switch st {
	case model.JobStatusEnumRetrying:
		out.NextAttemptAt, out.Error = next, msg
	case model.JobStatusEnumFailed, model.JobStatusEnumCanceled, model.JobStatusEnumQueued:
		out.Error = msg
	}
	if st == model.JobStatusEnumQueued && attempt == 0 {
		out.Error = nil // "waiting for a worker" is what QUEUED says
	}
	return out
}

// accountOp authorises the viewer for accountID's client and registers the scope for the field
// loaders.
func (r *Resolver) accountOp(ctx context.Context, accountID string) (auth.ClientScope, error) {
	scope, err := r.accountScope(ctx, accountID)
	if err == nil {
		registerScope(ctx, scope)
	}
	return scope, err
}

func (r *queryResolver) GetClientAccounts(ctx context.Context, clientID string, includeVirtual *bool) ([]*model.Account, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	registerScope(ctx, scope)
	as, err := r.Accounts.List(ctx, scope, includeVirtual != nil && *includeVirtual)
	if err != nil {
		return nil, err
	}
	out := make([]*model.Account, len(as))
	for i, a := range as {
		m := accountOut(a)
		out[i] = &m
	}
	return out, nil
}

func (r *queryResolver) GetJobsForAccount(ctx context.Context, accountID string) ([]model.Job, error) {
	scope, err := r.accountOp(ctx, accountID)
	if err != nil {
		return nil, err
	}
	jobs, err := r.Accounts.Jobs(ctx, scope, accountIDOf(accountID))
	if err != nil {
		return nil, err
	}
	out := make([]model.Job, len(jobs))
	for i, j := range jobs {
		out[i] = jobOut(scope.ClientID(), j)
	}
	return out, nil
}

// GetUsedChains answers the chains found used; when some could not be checked it says so with a
// PARTIAL_RESULT error beside the data (getUsedChainsV2 gives the same as data).
func (r *queryResolver) GetUsedChains(ctx context.Context, address string) ([]string, error) {
	if _, err := auth.ViewerFrom(ctx); err != nil {
		return nil, err
	}
	res, err := r.Accounts.UsedChains(ctx, address)
	if err != nil {
		return nil, err
	}
	if !res.Complete() {
		graphql.AddError(ctx, partialResult(ctx, fmt.Sprintf("partial answer: %d chains could not be checked (%s); whether the address was used there is unknown",
			len(res.Unchecked), strings.Join(res.Unchecked, ", ")), map[string]any{"uncheckedChains": res.Unchecked}))
	}
	return res.Used, nil
}

func (r *queryResolver) GetUsedChainsV2(ctx context.Context, address string) (*model.UsedChains, error) {
	if _, err := auth.ViewerFrom(ctx); err != nil {
		return nil, err
	}
	res, err := r.Accounts.UsedChains(ctx, address)
	if err != nil {
		return nil, err
	}
	return &model.UsedChains{Address: res.Address, UsedChains: res.Used, UncheckedChains: res.Unchecked,
		IsComplete: res.Complete(), CheckedAt: res.CheckedAt}, nil
}

func (r *mutationResolver) CreateAccount(ctx context.Context, address *string, apiKey *string, clientID *string, code *string, fileObjectKey *string, importType model.ImportTypeEnum, includeOrdinals *bool, includeStakingRewards *bool, isLargeAccount *bool, label *string, passphrase *string, bankLinkPublicToken *string, potentialAccountID *string, provider string, providers []string, redirectURL *string, secretKey *string, shouldUploadAllEvm *bool, skipRecalculate *bool, startImportingAt *time.Time, stopImportingAt *time.Time, txnHash *string, typeArg model.AccountTypeEnum) ([]model.Account, error) {
	scope, err := r.viewerScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	registerScope(ctx, scope)
	as, err := r.Accounts.Create(ctx, scope, accounts.NewAccount{
		Type: string(typeArg), ImportType: string(importType), Provider: provider, Providers: providers,
		Address: address, Label: label, APIKey: apiKey, Secret: secretKey, Passphrase: passphrase, FileObjectKey: fileObjectKey,
		AllEVM: isTrue(shouldUploadAllEvm), SkipRecalculate: isTrue(skipRecalculate),
		Options: importOptions(startImportingAt, stopImportingAt, includeStakingRewards, includeOrdinals, isLargeAccount),
	})
	if err != nil {
		return nil, err
	}
	return accountsOut(as), nil
}

func importOptions(start, stop *time.Time, stakingRewards, ordinals, large *bool) accounts.ImportOptions {
	return accounts.ImportOptions{
		StartImportingAt: start, StopImportingAt: stop, SkipStakingRewards: stakingRewards != nil && !*stakingRewards,
		IncludeOrdinals: isTrue(ordinals), IsLargeAccount: isTrue(large),
	}
}

func (r *mutationResolver) CreateBatchWallets(ctx context.Context, clientID string, skipRecalculate *bool, wallets []model.BatchWalletInputParams) ([]model.Account, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	registerScope(ctx, scope)
	if len(wallets) > accounts.MaxBatchWallets {
		return nil, apperr.InvalidField("wallets", "must hold 1 to %d wallets", accounts.MaxBatchWallets)
	}
	in := make([]accounts.BatchWallet, len(wallets))
	for i, w := range wallets {
		in[i] = accounts.BatchWallet{Address: w.Address, Provider: w.Provider, Label: w.Label,
			Options: importOptions(w.StartImportingAt, nil, w.IncludeStakingRewards, w.IncludeOrdinals, w.IsLargeAccount)}
	}
	as, err := r.Accounts.CreateBatch(ctx, scope, in, isTrue(skipRecalculate))
	if err != nil {
		return nil, err
	}
	return accountsOut(as), nil
}

func (r *mutationResolver) DeleteAccount(ctx context.Context, accountID string) (*model.Account, error) {
	scope, err := r.accountOp(ctx, accountID)
	if apperr.KindOf(err) == apperr.NotFound {
		return nil, nil // no such account for the caller, or deleted before: null, as the SDL says
	}
	if err != nil {
		return nil, err
	}
	a, err := r.Accounts.Delete(ctx, scope, accountIDOf(accountID))
	if err != nil || a == nil {
		return nil, err
	}
	out := accountOut(*a)
	return &out, nil
}

func (r *mutationResolver) HardRefreshAccount(ctx context.Context, accountID string, options *model.HardRefreshAccountOptions, shouldApplyCurrentEdits *bool) (*model.Account, error) {
	scope, err := r.accountOp(ctx, accountID)
	if err != nil {
		return nil, err
	}
	in := accounts.Refresh{ApplyCurrentEdits: shouldApplyCurrentEdits == nil || *shouldApplyCurrentEdits}
	if options != nil {
		in.StartImportingAt, in.StopImportingAt = options.StartImportingAt, options.StopImportingAt
		in.IncludeStakingRewards, in.IncludeOrdinals = options.IncludeStakingRewards, options.IncludeOrdinals
		in.SkipRecalculate = isTrue(options.SkipRecalculate)
	}
	a, err := r.Accounts.HardRefresh(ctx, scope, accountIDOf(accountID), in)
	if err != nil {
		return nil, err
	}
	out := accountOut(a)
	return &out, nil
}

func (r *mutationResolver) RenameAccount(ctx context.Context, accountID string, newName string) (*model.Account, error) {
	scope, err := r.accountOp(ctx, accountID)
	if err != nil {
		return nil, err
	}
	a, err := r.Accounts.Rename(ctx, scope, accountIDOf(accountID), newName)
	if err != nil {
		return nil, err
	}
	out := accountOut(a)
	return &out, nil
}

func (r *mutationResolver) RetireAccount(ctx context.Context, accountID string, stopImportingAt *time.Time) (*model.Account, error) {
	scope, err := r.accountOp(ctx, accountID)
	if err != nil {
		return nil, err
	}
	a, err := r.Accounts.Retire(ctx, scope, accountIDOf(accountID), stopImportingAt)
	if err != nil {
		return nil, err
	}
	out := accountOut(a)
	return &out, nil
}

func (r *mutationResolver) SyncAccount(ctx context.Context, accountID string, isProgressiveSync *bool, onlyStakingRewards *bool, shouldGetLastImportedAt *bool, skipRecalculate *bool) (*model.Account, error) {
	scope, err := r.accountOp(ctx, accountID)
	if err != nil {
		return nil, err
	}
	a, err := r.Accounts.Sync(ctx, scope, accountIDOf(accountID), accounts.SyncOptions{
		FullHistory: isProgressiveSync != nil && !*isProgressiveSync, SkipRecalculate: isTrue(skipRecalculate),
	})
	if err != nil {
		return nil, err
	}
	out := accountOut(a)
	return &out, nil
}

func (r *mutationResolver) SyncAllClientAccounts(ctx context.Context, clientID string, isContinuousSync bool) (*model.SyncAllClientAccountsResponse, error) {
	scope, err := r.scope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	res, err := r.Accounts.SyncAll(ctx, scope, isContinuousSync)
	if err != nil {
		return nil, err
	}
	ids := func(us []uuid.UUID) []string {
		out := make([]string, len(us))
		for i, u := range us {
			out[i] = u.String()
		}
		return out
	}
	out := &model.SyncAllClientAccountsResponse{
		QueuedAccountIds: ids(res.Queued), SkippedAccountIds: ids(res.Skipped), IsContinuousSync: res.Continuous,
		Jobs: make([]model.Job, len(res.Jobs)), SkippedAccounts: make([]model.SkippedAccount, len(res.Skipped)),
	}
	for i, id := range res.Skipped {
		out.SkippedAccounts[i] = model.SkippedAccount{AccountID: id.String(), Reason: model.SkipReasonEnum(res.Reasons[i].Code),
			Message: res.Reasons[i].Message}
	}
	for i, j := range res.Jobs {
		out.Jobs[i] = jobOut(scope.ClientID(), j)
	}
	return out, nil
}

// accountIDOf parses an account id argument that accountScope has checked already.
func accountIDOf(s string) uuid.UUID { id, _ := parseID("accountId", s); return id }
