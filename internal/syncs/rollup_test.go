package syncs_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
	"taxd/internal/pgtest"
	"taxd/internal/syncs"
	"taxd/internal/testfactory"
)

// The accounts of a sync finishing at the same moment, each in its own transaction as the sync
// workers record them (the item, then the sync's roll-up), leave the sync completed, every round:
// no roll-up reads another item as it was before that item's transaction committed.
func TestSyncCompletesWhenItsAccountsFinishTogether(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client := uuid.New()
	testfactory.Client(t, pool, testfactory.ClientID(client), testfactory.ClientNamed("c"))
	const wallets = 6
	for range wallets {
		testfactory.Account(t, pool, client)
	}
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := syncs.NewService(pool, jc)
	for round := range 20 {
		s, err := svc.Create(ctx, auth.JobWriteScope(client, "test"), nil, "account_ids")
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Items) != wallets {
			t.Fatalf("round %d: %d items, want %d", round, len(s.Items), wallets)
		}
		var start, done sync.WaitGroup
		start.Add(1)
		errs := make(chan error, wallets)
		for _, it := range s.Items {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				errs <- pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
					q := db.New(tx)
					if err := q.UpdateAccountSyncItem(ctx, db.UpdateAccountSyncItemParams{SyncID: s.ID, AccountID: it.AccountID, Status: "synced", Progress: 100}); err != nil {
						return err
					}
					return q.RollupAccountSync(ctx, s.ID)
				})
			}()
		}
		start.Done()
		done.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := svc.Get(ctx, auth.JobScope(client, "test"), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != "completed" || got.Progress != 100 || got.FinishedAt == nil {
			t.Fatalf("round %d: the sync is %s at %d%% (finished %v) with every account synced", round, got.Status, got.Progress, got.FinishedAt)
		}
	}
}
