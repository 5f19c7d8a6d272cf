package syncs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/webhooks"
)

// Worker syncs one account of one sync. Each fetched page is imported in one transaction together
// with the account's new cursor and the item's progress, so a crash or a retry resumes after the
// last committed page and imports nothing twice.
type Worker struct {
	river.WorkerDefaults[AccountArgs]
	Pool      *pgxpool.Pool
	Providers Providers
	Prices    ledger.PriceFunc // nil: leave fiat values missing
}

// Providers finds the importer of a chain (*imports.Registry; tests pass their own).
type Providers interface {
	Provider(chain string) (imports.Provider, bool)
}

func (w *Worker) Work(ctx context.Context, job *river.Job[AccountArgs]) error {
	q := db.New(w.Pool)
	item, err := q.GetAccountSyncItem(ctx, db.GetAccountSyncItemParams{SyncID: job.Args.SyncID, AccountID: job.Args.AccountID})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && (item.Status == "synced" || item.Status == "failed")) {
		return nil
	}
	if err != nil {
		return err
	}
	acct, err := q.GetAccountByID(ctx, job.Args.AccountID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && acct.DeletedAt != nil) {
		return w.finish(ctx, item, "failed", "the account was deleted")
	}
	if err != nil {
		return err
	}
	provider, ok := w.Providers.Provider(acct.Provider)
	if !ok || acct.Address == nil {
		return w.finish(ctx, item, "failed", fmt.Sprintf("no importer for %q accounts", acct.Provider))
	}
	if err := w.progress(ctx, item, "syncing", max(item.Progress, 5), nil, 0, nil); err != nil {
		return err
	}
	progress := max(item.Progress, 5)
	cursor := ""
	if acct.SyncCursor != nil {
		cursor = *acct.SyncCursor
	}
	led := ledger.New(w.Pool)
	for {
		page, err := provider.Fetch(ctx, *acct.Address, cursor)
		if err != nil {
			return w.fetchFailed(ctx, job, item, err)
		}
		progress = min(95, progress+(95-progress)/3+1)
		err = led.Update(ctx, acct.ClientID, ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
			added, err := e.Import(acct.ID, page.Txs, w.Prices)
			if err != nil {
				return err
			}
			next := page.Cursor
			return w.progressTx(ctx, db.New(e.Tx()), item, "syncing", progress, nil, added, &next)
		})
		if err != nil {
			return err
		}
		cursor = page.Cursor
		if !page.More {
			break
		}
	}
	return w.finish(ctx, item, "synced", "")
}

// fetchFailed backs off on rate limits and temporary errors; on the last attempt, or on a
// permanent error, the account is marked failed with the reason.
func (w *Worker) fetchFailed(ctx context.Context, job *river.Job[AccountArgs], item db.AccountSyncItem, err error) error {
	if d, ok := imports.RetryAfter(err); ok && job.Attempt < job.MaxAttempts {
		return river.JobSnooze(d)
	}
	// Partners see a stable reason; the upstream text (hosts, provider messages) goes to the log.
	slog.WarnContext(ctx, "sync fetch failed", "sync_id", item.SyncID, "account_id", item.AccountID,
		"attempt", job.Attempt, "err", err)
	reason := imports.PartnerReason(err)
	if imports.IsTemporary(err) && job.Attempt < job.MaxAttempts {
		// Say why it is waiting; the item stays syncing and river retries with backoff.
		msg := fmt.Sprintf("retrying (attempt %d of %d): %s", job.Attempt, job.MaxAttempts, reason)
		if perr := w.progress(ctx, item, "syncing", max(item.Progress, 5), &msg, 0, nil); perr != nil {
			return errors.Join(err, perr)
		}
		return err
	}
	return w.finish(ctx, item, "failed", "import failed: "+reason)
}

// finish ends an item as synced or failed (with a message), at 100%.
func (w *Worker) finish(ctx context.Context, item db.AccountSyncItem, status, message string) error {
	var msg *string
	if message != "" {
		msg = &message
	}
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := w.progressTx(ctx, db.New(tx), item, status, 100, msg, 0, nil); err != nil {
			return err
		}
		return announceIfEnded(ctx, tx, item.SyncID)
	})
}

// announceIfEnded emits the sync's webhook event once its last account has finished.
func announceIfEnded(ctx context.Context, tx pgx.Tx, syncID uuid.UUID) error {
	s, err := db.New(tx).GetAccountSyncByID(ctx, syncID)
	if err != nil {
		return err
	}
	if s.Status != "completed" && s.Status != "failed" {
		return nil
	}
	return webhooks.SyncFinished(ctx, tx, s)
}

func (w *Worker) progress(ctx context.Context, item db.AccountSyncItem, status string, progress int32, msg *string, added int, cursor *string) error {
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		return w.progressTx(ctx, db.New(tx), item, status, progress, msg, added, cursor)
	})
}

// progressTx records an item's state, the account's state and the sync's roll-up.
func (w *Worker) progressTx(ctx context.Context, q *db.Queries, item db.AccountSyncItem, status string, progress int32, msg *string, added int, cursor *string) error {
	if err := q.UpdateAccountSyncItem(ctx, db.UpdateAccountSyncItemParams{
		SyncID: item.SyncID, AccountID: item.AccountID, Status: status, Progress: progress, Message: msg, Added: int32(added),
	}); err != nil {
		return err
	}
	if err := q.SetAccountSyncState(ctx, db.SetAccountSyncStateParams{ID: item.AccountID, Status: status, StatusMessage: msg, Cursor: cursor}); err != nil {
		return err
	}
	return q.RollupAccountSync(ctx, item.SyncID)
}
