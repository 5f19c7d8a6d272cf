package accounts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/exchanges"
	"taxd/internal/fileimport"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/store"
	"taxd/internal/syncs"
)

// Limits of the client-facing account operations.
const (
	MaxBatchWallets   = 100  // createBatchWallets
	MaxNameLength     = 200  // account names
	MaxCredentialSize = 4096 // each of an exchange's API key, secret and passphrase
)

// ChainProviders finds the indexer of a chain (*imports.Registry).
type ChainProviders interface {
	Provider(chain string) (imports.Provider, bool)
}

// Deps are what the Service needs.
type Deps struct {
	Pool      *pgxpool.Pool
	Jobs      *jobs.Client
	Sealer    *exchanges.Sealer
	Providers ChainProviders
	Files     *fileimport.Service
	Now       func() time.Time
}

// Service is the accounts of a client as the GraphQL API manages them: listing, adding wallets,
// exchanges and files, syncing, re-importing, retiring, renaming and deleting.
type Service struct {
	d        Deps
	asks     singleflight.Group // getUsedChains' background asks, one per address and chain
	indexers indexerBreaker     // getUsedChains' indexers that are down
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}

// List returns the client's accounts by name; virtual (staking position) accounts when asked.
func (s *Service) List(ctx context.Context, scope auth.ClientScope, includeVirtual bool) ([]ledger.Account, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(s.d.Pool).ListAccountsByName(ctx, db.ListAccountsByNameParams{ClientID: scope.ClientID(), IncludeVirtual: includeVirtual})
	return ledger.AccountsOf(rows), err
}

// Get returns one live account of the client.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (ledger.Account, error) {
	if err := scope.Check(); err != nil {
		return ledger.Account{}, err
	}
	a, err := db.New(s.d.Pool).GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: id})
	return ledger.AccountOf(a), store.Err(err, "account")
}

// Job is one job of an account (an item of a sync, file import, hard refresh or deletion).
type Job struct {
	JobState
	AccountID uuid.UUID
}

// JobState is the state of an account's job as its row records it (JobState(row) converts one).
type JobState struct {
	ID            uuid.UUID
	Kind          string
	CreatedAt     time.Time
	StartedAt     *time.Time
	FinishedAt    *time.Time
	Status        string
	Progress      int32
	Message       *string
	Imported      int32
	Attempt       int32
	MaxAttempts   int32
	NextAttemptAt *time.Time
}

// Jobs returns the account's newest jobs (at most 50).
func (s *Service) Jobs(ctx context.Context, scope auth.ClientScope, accountID uuid.UUID) ([]Job, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(s.d.Pool).ListAccountJobs(ctx, db.ListAccountJobsParams{AccountID: accountID, ClientID: scope.ClientID()})
	if err != nil {
		return nil, err
	}
	out := make([]Job, len(rows))
	for i, r := range rows {
		out[i] = Job{JobState: JobState(r), AccountID: accountID}
	}
	return out, nil
}

// NewAccount is createAccount's input.
type NewAccount struct {
	Type, ImportType, Provider string   // AccountTypeEnum, ImportTypeEnum, provider id
	Providers                  []string // several chains for one address
	Address, Label             *string
	APIKey, Secret, Passphrase *string
	FileObjectKey              *string
	AllEVM                     bool // add the address on every EVM chain where it was used
	SkipRecalculate            bool
	Options                    ImportOptions
}

// Create adds accounts and queues their first import; it returns every account created.
func (s *Service) Create(ctx context.Context, scope auth.ClientScope, in NewAccount) ([]ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return nil, err
	}
	if err := checkWindow(in.Options); err != nil {
		return nil, err
	}
	if in.Label != nil && len(strings.TrimSpace(*in.Label)) > MaxNameLength {
		return nil, apperr.InvalidField("label", "must be at most %d characters", MaxNameLength)
	}
	want := map[string]string{"ADDRESS": "WALLET", "API_KEY": "EXCHANGE", "FILE_UPLOAD": "FILE"}
	if in.Type == "VIRTUAL" {
		return nil, apperr.InvalidField("type", "VIRTUAL accounts are created by the service for staking positions")
	}
	typ, ok := want[in.ImportType]
	if !ok {
		return nil, apperr.InvalidField("importType", "%s is not supported; use ADDRESS (wallets), API_KEY (Coinbase, Kraken) or FILE_UPLOAD", in.ImportType)
	}
	if in.Type != typ {
		return nil, apperr.InvalidField("type", "must be %s for importType %s", typ, in.ImportType)
	}
	switch in.ImportType {
	case "ADDRESS":
		return s.createWallets(ctx, scope, in)
	case "API_KEY":
		return s.createExchange(ctx, scope, in)
	}
	return s.createFile(ctx, scope, in)
}

func checkWindow(o ImportOptions) error {
	if o.StartImportingAt != nil && o.StopImportingAt != nil && !o.StopImportingAt.After(*o.StartImportingAt) {
		return apperr.InvalidField("stopImportingAt", "must be after startImportingAt")
	}
	return nil
}

func (s *Service) createWallets(ctx context.Context, scope auth.ClientScope, in NewAccount) ([]ledger.Account, error) {
	if in.Address == nil || strings.TrimSpace(*in.Address) == "" {
		return nil, apperr.InvalidField("address", "is required for importType ADDRESS")
	}
	chains := in.Providers
	if len(chains) == 0 {
		chains = []string{in.Provider}
	}
	if in.AllEVM && len(imports.DetectChains(*in.Address)) > 1 {
		used, err := s.UsedChains(ctx, *in.Address)
		if err != nil {
			return nil, err
		}
		for _, c := range used.Used { // chains that could not be checked are not added
			if !slices.Contains(chains, c) {
				chains = append(chains, c)
			}
		}
	}
	if len(chains) > MaxBatchWallets {
		return nil, apperr.InvalidField("providers", "must list at most %d chains", MaxBatchWallets)
	}
	wallets := make([]Wallet, len(chains))
	for i, c := range chains {
		wallets[i] = Wallet{Address: *in.Address, Chain: c, Name: in.Label, Options: in.Options}
	}
	return s.addWallets(ctx, scope, wallets, "providers", !in.SkipRecalculate)
}

// BatchWallet is one wallet of createBatchWallets.
type BatchWallet struct {
	Address, Provider string
	Label             *string
	Options           ImportOptions
}

// CreateBatch adds 1 to MaxBatchWallets wallets and queues their imports; accounts come back in
// input order.
func (s *Service) CreateBatch(ctx context.Context, scope auth.ClientScope, in []BatchWallet, skipRecalculate bool) ([]ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return nil, err
	}
	if len(in) == 0 || len(in) > MaxBatchWallets {
		return nil, apperr.InvalidField("wallets", "must hold 1 to %d wallets", MaxBatchWallets)
	}
	wallets := make([]Wallet, len(in))
	for i, w := range in {
		if err := checkWindow(w.Options); err != nil {
			return nil, err
		}
		if w.Label != nil && len(strings.TrimSpace(*w.Label)) > MaxNameLength {
			return nil, apperr.InvalidField(fmt.Sprintf("wallets.%d.label", i), "must be at most %d characters", MaxNameLength)
		}
		wallets[i] = Wallet{Address: w.Address, Chain: w.Provider, Name: w.Label, Options: w.Options}
	}
	return s.addWallets(ctx, scope, wallets, "wallets", !skipRecalculate)
}

// addWallets adds wallets with the rules of the partner API (Add): chain-validated addresses,
// the per-user limit. A wallet Add would skip is an error here: the caller asked for each one.
func (s *Service) addWallets(ctx context.Context, scope auth.ClientScope, wallets []Wallet, field string, recalculate bool) ([]ledger.Account, error) {
	var out []ledger.Account
	err := store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		created, skipped, err := Add(ctx, db.New(tx), scope.ClientID(), wallets, field)
		if err != nil {
			return err
		}
		if len(skipped) > 0 {
			sk := skipped[0]
			if sk.Reason == ReasonUnsupportedChain {
				return apperr.InvalidField(field, "%q is not a supported chain (supported: %s)", sk.Chain, strings.Join(imports.SupportedChains(), ", "))
			}
			return apperr.New(apperr.Conflict, "the client already has the %s wallet %s", sk.Chain, sk.Address)
		}
		ids := make([]uuid.UUID, len(created))
		for i, a := range created {
			ids[i] = a.ID
		}
		if _, err := syncs.StartWith(ctx, tx, s.d.Jobs, scope.ClientID(), ids, field, syncs.Options{Recalculate: recalculate}); err != nil {
			return err
		}
		out = created
		return nil
	})
	return out, err
}

func credentials(in NewAccount) (exchanges.Credentials, error) {
	val := func(p *string) string {
		if p == nil {
			return ""
		}
		return strings.TrimSpace(*p)
	}
	c := exchanges.Credentials{APIKey: val(in.APIKey), Secret: val(in.Secret), Passphrase: val(in.Passphrase)}
	for _, f := range []struct{ name, v string }{{"apiKey", c.APIKey}, {"secretKey", c.Secret}, {"passphrase", c.Passphrase}} {
		if len(f.v) > MaxCredentialSize {
			return c, apperr.InvalidField(f.name, "must be at most %d characters", MaxCredentialSize)
		}
	}
	if c.APIKey == "" {
		return c, apperr.InvalidField("apiKey", "is required for importType API_KEY")
	}
	if c.Secret == "" {
		return c, apperr.InvalidField("secretKey", "is required for importType API_KEY")
	}
	return c, nil
}

func (s *Service) createExchange(ctx context.Context, scope auth.ClientScope, in NewAccount) ([]ledger.Account, error) {
	provider := strings.ToLower(strings.TrimSpace(in.Provider))
	if !exchanges.IsSupported(provider) {
		return nil, apperr.InvalidField("provider", "%q has no API connector (supported: %s)", in.Provider, strings.Join(exchanges.Supported(), ", "))
	}
	creds, err := credentials(in)
	if err != nil {
		return nil, err
	}
	name := strings.ToUpper(provider[:1]) + provider[1:]
	if in.Label != nil && strings.TrimSpace(*in.Label) != "" {
		name = strings.TrimSpace(*in.Label)
	}
	var out ledger.Account
	err = store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.CountAccounts(ctx, scope.ClientID())
		if err != nil {
			return err
		}
		if err := checkLimit(ctx, q, scope.ClientID(), int(n), 1, "provider"); err != nil {
			return err
		}
		o := in.Options
		var row db.Account
		row, err = q.CreateAccountWithOptions(ctx, db.CreateAccountWithOptionsParams{
			ID: uuid.Must(uuid.NewV7()), ClientID: scope.ClientID(), Type: "exchange", Provider: provider, Name: name,
			StartImportingAt: o.StartImportingAt, StopImportingAt: o.StopImportingAt, IncludeStakingRewards: !o.SkipStakingRewards,
			IncludeOrdinals: o.IncludeOrdinals, IsLargeAccount: o.IsLargeAccount,
		})
		out = ledger.AccountOf(row)
		if err != nil {
			return store.Err(err, "account")
		}
		if err := s.storeCredentials(ctx, q, out, creds); err != nil {
			return err
		}
		_, err = syncs.StartWith(ctx, tx, s.d.Jobs, scope.ClientID(), []uuid.UUID{out.ID}, "accountId", syncs.Options{Recalculate: !in.SkipRecalculate})
		return err
	})
	if err != nil {
		return nil, err
	}
	return []ledger.Account{out}, nil
}

func (s *Service) storeCredentials(ctx context.Context, q *db.Queries, a ledger.Account, creds exchanges.Credentials) error {
	if s.d.Sealer == nil {
		return apperr.New(apperr.NotImplemented, "exchange credentials cannot be stored: no credentials key configured")
	}
	sealed, err := s.d.Sealer.Seal(a.ID, creds)
	if err != nil {
		return err
	}
	return q.UpsertExchangeCredentials(ctx, db.UpsertExchangeCredentialsParams{AccountID: a.ID, ClientID: a.ClientID, Sealed: sealed})
}

func (s *Service) createFile(ctx context.Context, scope auth.ClientScope, in NewAccount) ([]ledger.Account, error) {
	if in.FileObjectKey == nil || *in.FileObjectKey == "" {
		return nil, apperr.InvalidField("fileObjectKey", "is required for importType FILE_UPLOAD")
	}
	format := strings.ToLower(strings.TrimSpace(in.Provider))
	if !slices.Contains(imports.CSVFormats(), format) {
		return nil, apperr.InvalidField("provider", "must be a file format: %s", strings.Join(imports.CSVFormats(), ", "))
	}
	name := "File import"
	if in.Label != nil && strings.TrimSpace(*in.Label) != "" {
		name = strings.TrimSpace(*in.Label)
	}
	res, err := s.d.Files.ImportUpload(ctx, scope, fileimport.Upload{Key: *in.FileObjectKey, Format: format, Name: name})
	if err != nil {
		return nil, err
	}
	q := db.New(s.d.Pool)
	a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: res.AccountID})
	if err != nil {
		return nil, store.Err(err, "account")
	}
	return []ledger.Account{ledger.AccountOf(a)}, nil
}

// Delete deletes an account with its transactions (see ledger.Editor.RemoveAccount) and marks the
// client dirty. An account already deleted is returned as it is; nil when there is none.
func (s *Service) Delete(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (*ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return nil, err
	}
	var out *ledger.Account
	err := ledger.New(s.d.Pool).Update(ctx, scope, ledger.Meta{Actor: scope.Actor()}, func(e *ledger.Editor) error {
		q := db.New(e.Tx())
		a, err := q.GetAccountAny(ctx, db.GetAccountAnyParams{ClientID: scope.ClientID(), ID: id})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if a.DeletedAt != nil {
			acc := ledger.AccountOf(a)
			out = &acc
			return nil
		}
		if _, err := e.RemoveAccount(id); err != nil {
			return err
		}
		if a, err = q.MarkAccountDeleted(ctx, db.MarkAccountDeletedParams{ClientID: scope.ClientID(), ID: id}); err != nil {
			return err
		}
		if _, err := q.InsertFinishedAccountJob(ctx, db.InsertFinishedAccountJobParams{
			ID: uuid.Must(uuid.NewV7()), ClientID: scope.ClientID(), AccountID: id, Kind: syncs.KindDeleteAccount,
		}); err != nil {
			return err
		}
		acc := ledger.AccountOf(a)
		out = &acc
		return nil
	})
	return out, err
}

// Refresh is hardRefreshAccount's input.
type Refresh struct {
	StartImportingAt, StopImportingAt *time.Time
	IncludeStakingRewards             *bool
	IncludeOrdinals                   *bool
	SkipRecalculate                   bool
	ApplyCurrentEdits                 bool
}

// HardRefresh deletes the account's imported transactions and queues their import from scratch.
// With ApplyCurrentEdits the client's edits of those transactions (label, notes, hidden, reviewed)
// are saved first and put back on the re-imported rows with the same external id.
func (s *Service) HardRefresh(ctx context.Context, scope auth.ClientScope, id uuid.UUID, in Refresh) (ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return ledger.Account{}, err
	}
	var out ledger.Account
	err := ledger.New(s.d.Pool).Update(ctx, scope, ledger.Meta{Actor: scope.Actor()}, func(e *ledger.Editor) error {
		q := db.New(e.Tx())
		a, err := s.syncable(ctx, q, scope.ClientID(), id)
		if err != nil {
			return err
		}
		if err := q.LockClientSyncs(ctx, scope.ClientID()); err != nil {
			return err
		}
		active, err := q.ListActiveSyncItems(ctx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		if len(active) > 0 {
			return apperr.New(apperr.Conflict, "the account is being synced; refresh it when the sync has finished")
		}
		o := ImportOptions{StartImportingAt: a.StartImportingAt, StopImportingAt: a.StopImportingAt,
			SkipStakingRewards: !a.IncludeStakingRewards, IncludeOrdinals: a.IncludeOrdinals, IsLargeAccount: a.IsLargeAccount}
		if in.StartImportingAt != nil {
			o.StartImportingAt = in.StartImportingAt
		}
		if in.StopImportingAt != nil {
			o.StopImportingAt = in.StopImportingAt
		}
		if in.IncludeStakingRewards != nil {
			o.SkipStakingRewards = !*in.IncludeStakingRewards
		}
		if in.IncludeOrdinals != nil {
			o.IncludeOrdinals = *in.IncludeOrdinals
		}
		if err := checkWindow(o); err != nil {
			return err
		}
		if in.ApplyCurrentEdits {
			if _, err := e.SaveAccountEdits(id); err != nil {
				return err
			}
		}
		if _, err := e.ClearAccount(id); err != nil {
			return err
		}
		if err := q.SetAccountImportOptions(ctx, db.SetAccountImportOptionsParams{
			ClientID: scope.ClientID(), ID: id, StartImportingAt: o.StartImportingAt, StopImportingAt: o.StopImportingAt,
			IncludeStakingRewards: !o.SkipStakingRewards, IncludeOrdinals: o.IncludeOrdinals, IsLargeAccount: o.IsLargeAccount,
		}); err != nil {
			return err
		}
		if err := q.ResetAccountCursor(ctx, db.ResetAccountCursorParams{ClientID: scope.ClientID(), ID: id}); err != nil {
			return err
		}
		if _, err := syncs.StartWith(ctx, e.Tx(), s.d.Jobs, scope.ClientID(), []uuid.UUID{id}, "accountId",
			syncs.Options{Kind: syncs.KindHardRefresh, Recalculate: !in.SkipRecalculate}); err != nil {
			return err
		}
		var row db.Account
		row, err = q.GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: id})
		out = ledger.AccountOf(row)
		return err
	})
	return out, err
}

// syncable is the live account id of the client, if it can be synced: not retired, not a file or
// virtual account (CONFLICT otherwise).
func (s *Service) syncable(ctx context.Context, q *db.Queries, clientID, id uuid.UUID) (ledger.Account, error) {
	a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: clientID, ID: id})
	if err != nil {
		return ledger.AccountOf(a), store.Err(err, "account")
	}
	if reason := unsyncable(ledger.AccountOf(a)); reason != "" {
		return ledger.AccountOf(a), apperr.New(apperr.Conflict, "the account cannot be synced: %s", reason)
	}
	return ledger.AccountOf(a), nil
}

func unsyncable(a ledger.Account) string {
	if why := skipReason(a, nil); why != nil {
		return why.Message
	}
	return ""
}

// Rename renames an account (1 to MaxNameLength characters).
func (s *Service) Rename(ctx context.Context, scope auth.ClientScope, id uuid.UUID, name string) (ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return ledger.Account{}, err
	}
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > MaxNameLength {
		return ledger.Account{}, apperr.InvalidField("newName", "must be 1 to %d characters", MaxNameLength)
	}
	a, err := db.New(s.d.Pool).RenameAccount(ctx, db.RenameAccountParams{ClientID: scope.ClientID(), ID: id, Name: name})
	return ledger.AccountOf(a), store.Err(err, "account")
}

// Retire stops an account's imports after stop (default now): it keeps its history, syncs import
// nothing dated after stop, and it is no longer synced.
func (s *Service) Retire(ctx context.Context, scope auth.ClientScope, id uuid.UUID, stop *time.Time) (ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return ledger.Account{}, err
	}
	at := s.d.Now().UTC()
	if stop != nil {
		at = stop.UTC()
	}
	var out ledger.Account
	err := store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: id})
		if err != nil {
			return store.Err(err, "account")
		}
		if a.StartImportingAt != nil && !at.After(*a.StartImportingAt) {
			return apperr.InvalidField("stopImportingAt", "must be after the account's startImportingAt")
		}
		var row db.Account
		row, err = q.RetireAccount(ctx, db.RetireAccountParams{ClientID: scope.ClientID(), ID: id, StopImportingAt: &at})
		out = ledger.AccountOf(row)
		return store.Err(err, "account")
	})
	return out, err
}

// SyncOptions are syncAccount's options.
type SyncOptions struct {
	FullHistory     bool // isProgressiveSync false: read the whole history again
	SkipRecalculate bool
}

// Sync queues a sync of the account (syncs.Start: an account whose sync is already queued or
// running keeps that one) and returns the account.
func (s *Service) Sync(ctx context.Context, scope auth.ClientScope, id uuid.UUID, o SyncOptions) (ledger.Account, error) {
	if err := scope.CheckWrite(); err != nil {
		return ledger.Account{}, err
	}
	var out ledger.Account
	err := store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := s.syncable(ctx, q, scope.ClientID(), id); err != nil {
			return err
		}
		if err := q.LockClientSyncs(ctx, scope.ClientID()); err != nil {
			return err
		}
		active, err := q.ListActiveSyncItems(ctx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		if len(active) == 0 {
			if o.FullHistory { // re-reading is harmless: rows imported before are skipped by external id
				if err := q.ResetAccountCursor(ctx, db.ResetAccountCursorParams{ClientID: scope.ClientID(), ID: id}); err != nil {
					return err
				}
			}
			if _, err := syncs.StartWith(ctx, tx, s.d.Jobs, scope.ClientID(), []uuid.UUID{id}, "accountId", syncs.Options{Recalculate: !o.SkipRecalculate}); err != nil {
				return err
			}
			if err := q.SetAccountsQueued(ctx, []uuid.UUID{id}); err != nil {
				return err
			}
		}
		var row db.Account
		row, err = q.GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: id})
		out = ledger.AccountOf(row)
		return err
	})
	return out, err
}

// SyncAllResult is syncAllClientAccounts' answer.
type SyncAllResult struct {
	Queued, Skipped []uuid.UUID
	Reasons         []SkipReason // one per Skipped account, in the same order
	Jobs            []Job
	Continuous      bool
}

// SkipReason is why SyncAll skipped an account.
type SkipReason struct {
	Code    string // SkipRetired, SkipFile, SkipVirtual, SkipDeleting, SkipSyncing
	Message string
}

// Reasons for skipping an account (GraphQL SkipReasonEnum).
const (
	SkipRetired  = "RETIRED"
	SkipFile     = "FILE_ACCOUNT"
	SkipVirtual  = "VIRTUAL_ACCOUNT"
	SkipDeleting = "DELETING"
	SkipSyncing  = "ALREADY_SYNCING"
)

// skipReason is why account a cannot be synced now (busy: the state of its active sync item), or
// nil when it can.
func skipReason(a ledger.Account, busy *db.AccountSyncItem) *SkipReason {
	switch {
	case a.DeletedAt != nil:
		return &SkipReason{SkipDeleting, "it is being deleted"}
	case a.Status == StatusRetired:
		return &SkipReason{SkipRetired, "it is retired"}
	case a.Type == "file":
		return &SkipReason{SkipFile, "a file account is imported by uploading files"}
	case a.Type == "virtual":
		return &SkipReason{SkipVirtual, "a virtual position account has no source of its own"}
	case busy != nil:
		msg := "a sync of it is " + map[string]string{jobs.StateQueued: "queued", jobs.StateRunning: "running",
			jobs.StateRetrying: "retried after a failed attempt"}[syncs.ItemState(*busy)]
		if busy.Message != nil && *busy.Message != "" {
			msg += " (" + *busy.Message + ")"
		}
		return &SkipReason{SkipSyncing, msg}
	}
	return nil
}

// SyncAll queues a sync of every syncable account of the client (by name), skipping retired,
// file and virtual accounts and those already syncing, and turns continuous syncing on or off.
func (s *Service) SyncAll(ctx context.Context, scope auth.ClientScope, continuous bool) (SyncAllResult, error) {
	if err := scope.CheckWrite(); err != nil {
		return SyncAllResult{}, err
	}
	out := SyncAllResult{Queued: []uuid.UUID{}, Skipped: []uuid.UUID{}, Reasons: []SkipReason{}, Jobs: []Job{}, Continuous: continuous}
	err := store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.LockClientSyncs(ctx, scope.ClientID()); err != nil {
			return err
		}
		accts, err := q.ListAccountsByName(ctx, db.ListAccountsByNameParams{ClientID: scope.ClientID(), IncludeVirtual: true})
		if err != nil {
			return err
		}
		ids := make([]uuid.UUID, len(accts))
		for i, a := range accts {
			ids[i] = a.ID
		}
		active, err := q.ListActiveSyncItemStates(ctx, ids)
		if err != nil {
			return err
		}
		busy := map[uuid.UUID]*db.AccountSyncItem{}
		for i := range active {
			busy[active[i].AccountID] = &active[i]
		}
		for _, a := range accts {
			if why := skipReason(ledger.AccountOf(a), busy[a.ID]); why != nil {
				out.Skipped = append(out.Skipped, a.ID)
				out.Reasons = append(out.Reasons, *why)
			} else {
				out.Queued = append(out.Queued, a.ID)
			}
		}
		if err := q.SetContinuousSync(ctx, db.SetContinuousSyncParams{ClientID: scope.ClientID(), IsContinuousSync: continuous}); err != nil {
			return err
		}
		if len(out.Queued) == 0 {
			return nil
		}
		sy, err := syncs.StartWith(ctx, tx, s.d.Jobs, scope.ClientID(), out.Queued, "clientId", syncs.Options{Recalculate: true})
		if err != nil {
			return err
		}
		for _, id := range out.Queued {
			out.Jobs = append(out.Jobs, Job{AccountID: id, JobState: JobState{
				ID: sy.ID, Kind: sy.Kind, CreatedAt: sy.CreatedAt, Status: StatusQueued,
			}})
		}
		return q.SetAccountsQueued(ctx, out.Queued)
	})
	return out, err
}

// RefreshCredentials replaces an exchange account's API credentials and queues a sync with them;
// it returns the sync's id.
func (s *Service) RefreshCredentials(ctx context.Context, scope auth.ClientScope, id uuid.UUID, apiKey, secret, passphrase *string) (uuid.UUID, error) {
	if err := scope.CheckWrite(); err != nil {
		return uuid.Nil, err
	}
	creds, err := credentials(NewAccount{APIKey: apiKey, Secret: secret, Passphrase: passphrase})
	if err != nil {
		return uuid.Nil, err
	}
	var syncID uuid.UUID
	err = store.InTx(ctx, s.d.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: scope.ClientID(), ID: id})
		if err != nil {
			return store.Err(err, "account")
		}
		if a.Type != "exchange" {
			return apperr.InvalidField("accountId", "is not an exchange account")
		}
		if err := s.storeCredentials(ctx, q, ledger.AccountOf(a), creds); err != nil {
			return err
		}
		if a.Status == StatusRetired {
			return nil
		}
		sy, err := syncs.StartWith(ctx, tx, s.d.Jobs, scope.ClientID(), []uuid.UUID{id}, "accountId", syncs.Options{Recalculate: true})
		if err != nil {
			return err
		}
		syncID = sy.ID
		return q.SetAccountsQueued(ctx, []uuid.UUID{id})
	})
	return syncID, err
}
