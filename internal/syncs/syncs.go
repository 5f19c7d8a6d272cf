// Package syncs runs account syncs: a sync request records one sync with one item per account
// and queues one river job per account; the job pages through the account's provider, imports
// into the ledger (which marks the client dirty), and reports progress (0-100) and per-account
// status (queued, syncing, synced, failed with a message) for the APIs.
package syncs

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/page"
	"taxd/internal/store"
)

// AccountArgs is the river job that syncs one account of one sync.
type AccountArgs struct {
	SyncID    uuid.UUID `json:"sync_id"`
	AccountID uuid.UUID `json:"account_id"`
}

func (AccountArgs) Kind() string { return jobs.KindSync }

// InsertOpts puts the job on the sync queue. No river uniqueness: one active sync per account is
// kept by our own table (a unique index on active items), which also covers the moment when an
// item has finished but its river job has not returned yet.
func (AccountArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueSync, MaxAttempts: 8}
}

// Fairness across partners. river works a queue in (priority, scheduled time) order and has no
// notion of whose job it is, so one partner's flood of syncs would hold back everyone queued after
// it. Each new job therefore gets a priority from its owner's backlog at insert time (the owner is
// the client's partner, or the client itself without one): the first jobs of an owner's backlog
// go first (priority 1), deeper ones later (2, 3, 4). An owner with a short backlog always
// overtakes a flood, which still drains at full speed whenever nobody else waits. One sync per
// account at a time (see Start) keeps a single client from stacking the same work.
var priorityTiers = []int{10, 100, 1000} // backlog positions below which priority is 1, 2, 3; 4 beyond

// priorityFor is the river priority of the job at position pos of its owner's backlog.
func priorityFor(pos int) int {
	for i, limit := range priorityTiers {
		if pos < limit {
			return i + 1
		}
	}
	return len(priorityTiers) + 1
}

// Sync is a sync of some of a client's accounts: its state and one item per account.
type Sync struct {
	ID          uuid.UUID
	ClientID    uuid.UUID
	Status      string
	Progress    int32
	Error       *string
	CreatedAt   time.Time
	StartedAt   *time.Time
	FinishedAt  *time.Time
	Kind        string
	Recalculate bool
	Items       []Item
}

// Item is one account's part of a sync.
type Item struct {
	SyncID        uuid.UUID
	AccountID     uuid.UUID
	Status        string
	Progress      int32
	Message       *string
	Imported      int32
	Attempt       int32
	MaxAttempts   int32
	NextAttemptAt *time.Time
	ClientID      uuid.UUID
}

// syncOf is the sync of a stored row and its item rows (Item has the fields of the item row).
func syncOf(s db.AccountSync, items []db.AccountSyncItem) Sync {
	out := Sync{ID: s.ID, ClientID: s.ClientID, Status: s.Status, Progress: s.Progress, Error: s.Error, CreatedAt: s.CreatedAt,
		StartedAt: s.StartedAt, FinishedAt: s.FinishedAt, Kind: s.Kind, Recalculate: s.Recalculate, Items: make([]Item, len(items))}
	for i, it := range items {
		out.Items[i] = Item(it)
	}
	return out
}

// Service reads and starts syncs.
type Service struct {
	pool *pgxpool.Pool
	jobs *jobs.Client
}

// NewService returns a Service.
func NewService(pool *pgxpool.Pool, jc *jobs.Client) *Service { return &Service{pool: pool, jobs: jc} }

// Start records a sync of the given accounts (nil: every account of the client) and queues one
// job per account, inside tx. field names the id list in errors. An account whose sync is already
// queued or running is not synced twice: when every requested account has one, Start returns the
// newest of those syncs; otherwise the new sync covers only the accounts that had none.
func Start(ctx context.Context, tx pgx.Tx, jc *jobs.Client, clientID uuid.UUID, accountIDs []uuid.UUID, field string) (Sync, error) {
	return StartWith(ctx, tx, jc, clientID, accountIDs, field, Options{})
}

// Options vary a sync that Start records.
type Options struct {
	Kind        string // what the job does (KindSync when empty; KindHardRefresh after the account was cleared)
	Recalculate bool   // recalculate the client when the sync ends (GraphQL syncs, unless skipRecalculate)
}

// Job kinds (account_syncs.kind; the GraphQL JobTypeEnum).
const (
	KindSync          = "sync"
	KindHardRefresh   = "hard_refresh"
	KindFileImport    = "file_import"
	KindDeleteAccount = "delete_account"
)

// Syncable reports whether accounts of this type are synced from a provider (wallets and
// exchanges); file and virtual accounts are not.
func Syncable(accountType string) bool { return accountType == "wallet" || accountType == "exchange" }

// notSynced says why an account of a type that is not synced cannot be.
var notSynced = map[string]string{
	"file":    "is a file account: it is imported from its files (uploads), not synced",
	"virtual": "is a position account: its transactions come with its wallets' syncs",
}

// StartWith is Start with options. A sync already queued or running that Start answers with keeps
// its own options.
func StartWith(ctx context.Context, tx pgx.Tx, jc *jobs.Client, clientID uuid.UUID, accountIDs []uuid.UUID, field string, opts Options) (Sync, error) {
	q := db.New(tx)
	if err := q.LockClientSyncs(ctx, clientID); err != nil {
		return Sync{}, err
	}
	accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID, IncludeVirtual: true})
	if err != nil {
		return Sync{}, err
	}
	typeOf := make(map[uuid.UUID]string, len(accts))
	for _, a := range accts {
		typeOf[a.ID] = a.Type
	}
	if accountIDs == nil {
		// Every account a provider imports: wallets and exchanges that are not retired. A file
		// account is imported from its files (uploads), never synced.
		for _, a := range accts {
			if Syncable(a.Type) && a.Status != "retired" {
				accountIDs = append(accountIDs, a.ID)
			}
		}
		if len(accountIDs) == 0 {
			return Sync{}, apperr.New(apperr.Invalid, "the user has no wallet or exchange account to sync")
		}
	}
	for i, id := range accountIDs {
		if t, ok := typeOf[id]; ok && !Syncable(t) {
			return Sync{}, apperr.InvalidField(fmt.Sprintf("%s.%d", field, i), "%s", notSynced[t])
		}
	}
	seen := make(map[uuid.UUID]bool, len(accountIDs))
	for i, id := range accountIDs {
		if seen[id] {
			return Sync{}, apperr.InvalidField(fmt.Sprintf("%s.%d", field, i), "is listed twice")
		}
		seen[id] = true
		if _, ok := typeOf[id]; !ok {
			return Sync{}, apperr.InvalidField(fmt.Sprintf("%s.%d", field, i), "not an account of this user")
		}
	}
	active, err := q.ListActiveSyncItems(ctx, accountIDs)
	if err != nil {
		return Sync{}, err
	}
	busy := map[uuid.UUID]bool{}
	for _, a := range active {
		busy[a.AccountID] = true
	}
	todo := make([]uuid.UUID, 0, len(accountIDs))
	for _, id := range accountIDs {
		if !busy[id] {
			todo = append(todo, id)
		}
	}
	if len(todo) == 0 { // all of them are being synced: answer with the newest of those syncs
		row, err := q.GetAccountSync(ctx, db.GetAccountSyncParams{ClientID: clientID, ID: active[0].SyncID})
		if err != nil {
			return Sync{}, err
		}
		out, err := withItems(ctx, q, []db.AccountSync{row})
		if err != nil {
			return Sync{}, err
		}
		return out[0], nil
	}

	owner, err := q.SyncOwner(ctx, clientID)
	if err != nil {
		return Sync{}, err
	}
	backlog, err := q.SyncBacklog(ctx, db.SyncBacklogParams{OwnerID: owner, Cap: int32(priorityTiers[len(priorityTiers)-1])})
	if err != nil {
		return Sync{}, err
	}
	s, err := q.InsertAccountSync(ctx, db.InsertAccountSyncParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID})
	if err != nil {
		return Sync{}, err
	}
	if opts.Kind != "" && opts.Kind != KindSync || opts.Recalculate {
		kind := cmp.Or(opts.Kind, KindSync)
		if err := q.SetAccountSyncKind(ctx, db.SetAccountSyncKindParams{ID: s.ID, Kind: kind, Recalculate: opts.Recalculate}); err != nil {
			return Sync{}, err
		}
		s.Kind, s.Recalculate = kind, opts.Recalculate
	}
	items, err := q.InsertAccountSyncItems(ctx, db.InsertAccountSyncItemsParams{SyncID: s.ID, AccountIds: todo})
	if err != nil {
		return Sync{}, err
	}
	out := syncOf(s, items)
	params := make([]river.InsertManyParams, len(todo))
	for i, id := range todo {
		params[i] = river.InsertManyParams{
			Args:       AccountArgs{SyncID: s.ID, AccountID: id},
			InsertOpts: &river.InsertOpts{Priority: priorityFor(int(backlog) + i)},
		}
	}
	if _, err := jc.InsertManyTx(ctx, tx, params); err != nil {
		return Sync{}, err
	}
	return out, nil
}

// Create starts a sync of the scope's client's accounts (nil: all) in its own transaction.
func (s *Service) Create(ctx context.Context, scope auth.ClientScope, accountIDs []uuid.UUID, field string) (Sync, error) {
	if err := scope.CheckWrite(); err != nil {
		return Sync{}, err
	}
	clientID := scope.ClientID()
	var out Sync
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = Start(ctx, tx, s.jobs, clientID, accountIDs, field)
		return err
	})
	return out, err
}

// List returns one page of the scope's client's syncs, newest first, with their items, and the
// client's accounts.
func (s *Service) List(ctx context.Context, scope auth.ClientScope, r page.Request) ([]Sync, []ledger.Account, *string, error) {
	if err := scope.Check(); err != nil {
		return nil, nil, nil, err
	}
	clientID := scope.ClientID()
	q := db.New(s.pool)
	p := db.ListAccountSyncsPageParams{ClientID: clientID, PageLimit: int32(r.Limit + 1)}
	if r.After != nil {
		p.AfterAt, p.AfterID = &r.After.At, &r.After.ID
	}
	rows, err := q.ListAccountSyncsPage(ctx, p)
	if err != nil {
		return nil, nil, nil, err
	}
	rows, next := page.Next(PageList, clientID, r, rows, func(x db.AccountSync) page.Key { return page.Key{At: x.CreatedAt, ID: x.ID} })
	out, err := withItems(ctx, q, rows)
	if err != nil {
		return nil, nil, nil, err
	}
	accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID})
	return out, ledger.AccountsOf(accts), next, err
}

// PageList names the sync list in its cursors.
const PageList = "syncs"

// Get returns one of the scope's client's syncs.
func (s *Service) Get(ctx context.Context, scope auth.ClientScope, id uuid.UUID) (Sync, error) {
	if err := scope.Check(); err != nil {
		return Sync{}, err
	}
	q := db.New(s.pool)
	row, err := q.GetAccountSync(ctx, db.GetAccountSyncParams{ClientID: scope.ClientID(), ID: id})
	if err != nil {
		return Sync{}, store.Err(err, "account sync")
	}
	out, err := withItems(ctx, q, []db.AccountSync{row})
	if err != nil {
		return Sync{}, err
	}
	return out[0], nil
}

func withItems(ctx context.Context, q *db.Queries, rows []db.AccountSync) ([]Sync, error) {
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	items, err := q.ListAccountSyncItems(ctx, ids)
	if err != nil {
		return nil, err
	}
	by := map[uuid.UUID][]db.AccountSyncItem{}
	for _, it := range items {
		by[it.SyncID] = append(by[it.SyncID], it)
	}
	out := make([]Sync, len(rows))
	for i, r := range rows {
		out[i] = syncOf(r, by[r.ID])
	}
	return out, nil
}
