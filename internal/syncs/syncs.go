// Package syncs runs account syncs: a sync request records one sync with one item per account
// and queues one river job per account; the job pages through the account's provider, imports
// into the ledger (which marks the client dirty), and reports progress (0-100) and per-account
// status (queued, syncing, synced, failed with a message) for the APIs.
package syncs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/jobs"
	"taxd/internal/store"
)

// AccountArgs is the river job that syncs one account of one sync.
type AccountArgs struct {
	SyncID    uuid.UUID `json:"sync_id"`
	AccountID uuid.UUID `json:"account_id"`
}

func (AccountArgs) Kind() string { return "syncs.account" }

// Sync is a sync with its per-account items.
type Sync struct {
	db.AccountSync
	Items []db.AccountSyncItem
}

// Service reads and starts syncs.
type Service struct {
	pool *pgxpool.Pool
	jobs *jobs.Client
}

// NewService returns a Service.
func NewService(pool *pgxpool.Pool, jc *jobs.Client) *Service { return &Service{pool: pool, jobs: jc} }

// Start records a sync of the given accounts (nil: every account of the client) and queues one
// job per account, inside tx. field names the id list in errors.
func Start(ctx context.Context, tx pgx.Tx, jc *jobs.Client, clientID uuid.UUID, accountIDs []uuid.UUID, field string) (Sync, error) {
	q := db.New(tx)
	if accountIDs == nil {
		accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID})
		if err != nil {
			return Sync{}, err
		}
		for _, a := range accts {
			accountIDs = append(accountIDs, a.ID)
		}
		if len(accountIDs) == 0 {
			return Sync{}, apperr.New(apperr.Invalid, "the user has no accounts to sync")
		}
	}
	seen := map[uuid.UUID]bool{}
	for i, id := range accountIDs {
		if seen[id] {
			return Sync{}, apperr.InvalidField(fmt.Sprintf("%s.%d", field, i), "is listed twice")
		}
		seen[id] = true
		if _, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: clientID, ID: id}); err != nil {
			if apperr.KindOf(store.Err(err, "account")) == apperr.NotFound {
				return Sync{}, apperr.InvalidField(fmt.Sprintf("%s.%d", field, i), "not an account of this user")
			}
			return Sync{}, err
		}
	}
	s, err := q.InsertAccountSync(ctx, db.InsertAccountSyncParams{ID: uuid.Must(uuid.NewV7()), ClientID: clientID})
	if err != nil {
		return Sync{}, err
	}
	out := Sync{AccountSync: s}
	for _, id := range accountIDs {
		it, err := q.InsertAccountSyncItem(ctx, db.InsertAccountSyncItemParams{SyncID: s.ID, AccountID: id})
		if err != nil {
			return Sync{}, err
		}
		out.Items = append(out.Items, it)
		if _, err := jc.InsertTx(ctx, tx, AccountArgs{SyncID: s.ID, AccountID: id}, &river.InsertOpts{MaxAttempts: 8}); err != nil {
			return Sync{}, err
		}
	}
	return out, nil
}

// Create starts a sync in its own transaction.
func (s *Service) Create(ctx context.Context, clientID uuid.UUID, accountIDs []uuid.UUID, field string) (Sync, error) {
	var out Sync
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = Start(ctx, tx, s.jobs, clientID, accountIDs, field)
		return err
	})
	return out, err
}

// List returns the client's newest syncs (20) with their items, and the client's accounts.
func (s *Service) List(ctx context.Context, clientID uuid.UUID) ([]Sync, []db.Account, error) {
	q := db.New(s.pool)
	rows, err := q.ListAccountSyncs(ctx, clientID)
	if err != nil {
		return nil, nil, err
	}
	out, err := withItems(ctx, q, rows)
	if err != nil {
		return nil, nil, err
	}
	accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID})
	return out, accts, err
}

// Get returns one of the client's syncs.
func (s *Service) Get(ctx context.Context, clientID, id uuid.UUID) (Sync, error) {
	q := db.New(s.pool)
	row, err := q.GetAccountSync(ctx, db.GetAccountSyncParams{ClientID: clientID, ID: id})
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
		out[i] = Sync{AccountSync: r, Items: by[r.ID]}
		if out[i].Items == nil {
			out[i].Items = []db.AccountSyncItem{}
		}
	}
	return out, nil
}
