package syncs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/jobs"
)

// itemArgs are the fields of a job's args that name its sync item (AccountArgs, and the file
// import's args).
type itemArgs struct {
	SyncID    uuid.UUID `json:"sync_id"`
	AccountID uuid.UUID `json:"account_id"`
}

// TrackItem is the jobs.Tracker of the jobs that work one sync item (account syncs and file
// imports): the item, its account and the sync's roll-up mirror the river job's attempt.
//
//   - running: the item is syncing (attempt n of m);
//   - retrying (a failed attempt; river tries again at NextAttemptAt) and snoozed (rate limited):
//     still syncing, with the attempt, the next attempt's time and the reason as its message,
//     which the account shows as its last sync error;
//   - queued again (its worker stopped and another takes it over): queued, saying so;
//   - failed or cancelled: failed with the reason (the sync ends when it was its last item).
func TrackItem(ctx context.Context, tx pgx.Tx, j jobs.Job, ev jobs.Event) error {
	var a itemArgs
	if err := json.Unmarshal(j.Args, &a); err != nil {
		return err
	}
	q := db.New(tx)
	item, err := q.GetAccountSyncItem(ctx, db.GetAccountSyncItemParams{SyncID: a.SyncID, AccountID: a.AccountID})
	if errors.Is(err, pgx.ErrNoRows) || err == nil && (item.Status == "synced" || item.Status == "failed") {
		return nil // gone with its account, or already finished by the worker
	}
	if err != nil {
		return err
	}
	status, progress, msg := item.Status, item.Progress, item.Message
	switch ev.State {
	case jobs.StateRunning:
		status = "syncing"
	case jobs.StateRetrying:
		status, msg = "syncing", retryMessage(ev)
	case jobs.StateQueued:
		if ev.NextAttemptAt != nil { // snoozed: the attempt continues later
			if ev.Reason != "" {
				msg = retryMessage(ev)
			}
		} else {
			status, msg = "queued", &ev.Reason
		}
	case jobs.StateFailed, jobs.StateCancelled:
		status, progress, msg = "failed", 100, &ev.Reason
	default:
		return fmt.Errorf("sync item: unknown job state %q", ev.State)
	}
	if err := q.TrackAccountSyncItem(ctx, db.TrackAccountSyncItemParams{SyncID: a.SyncID, AccountID: a.AccountID,
		Status: status, Progress: progress, Message: msg, Attempt: int32(ev.Attempt), MaxAttempts: int32(ev.MaxAttempts),
		NextAttemptAt: ev.NextAttemptAt}); err != nil {
		return err
	}
	if err := q.SetAccountSyncState(ctx, db.SetAccountSyncStateParams{ID: a.AccountID, Status: status, StatusMessage: msg}); err != nil {
		return err
	}
	if err := q.RollupAccountSync(ctx, a.SyncID); err != nil {
		return err
	}
	if status == "failed" {
		return announceIfEnded(ctx, tx, a.SyncID)
	}
	return nil
}

// retryMessage says which attempt failed, why, and when the next one starts.
func retryMessage(ev jobs.Event) *string {
	m := fmt.Sprintf("attempt %d of %d failed: %s", ev.Attempt, ev.MaxAttempts, ev.Reason)
	if ev.State == jobs.StateQueued {
		m = ev.Reason
	}
	if ev.NextAttemptAt != nil {
		m += "; next attempt at " + ev.NextAttemptAt.UTC().Format(time.RFC3339)
	}
	return &m
}

// retryReason is the reason inside a message retryMessage wrote: what failed, without the
// attempt count and the next attempt's time (which the item keeps in fields of their own).
func retryReason(msg string) string {
	if _, rest, ok := strings.Cut(msg, " failed: "); ok && strings.HasPrefix(msg, "attempt ") {
		msg = rest
	}
	if i := strings.LastIndex(msg, "; next attempt at "); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// Retry is an item of a sync whose last attempt failed and waits for its next one.
type Retry struct {
	AccountID     uuid.UUID
	Attempt       int32
	MaxAttempts   int32
	NextAttemptAt time.Time
	LastError     string
}

// Retrying is the item of a running sync whose next attempt comes soonest among those waiting
// after a failed attempt, or nil when none waits.
func (s Sync) Retrying() *Retry {
	var out *Retry
	for _, it := range s.Items {
		if State(it.Status, it.NextAttemptAt, it.Message) != jobs.StateRetrying || it.Message == nil {
			continue
		}
		if out == nil || it.NextAttemptAt.Before(out.NextAttemptAt) {
			out = &Retry{AccountID: it.AccountID, Attempt: it.Attempt, MaxAttempts: it.MaxAttempts,
				NextAttemptAt: *it.NextAttemptAt, LastError: retryReason(*it.Message)}
		}
	}
	return out
}

// ItemState is the state an item shows (jobs.State*), from its stored status and attempt.
func ItemState(it db.AccountSyncItem) string {
	return State(it.Status, it.NextAttemptAt, it.Message)
}

// State is the state (jobs.State*) of a sync item with this stored status, next attempt and
// message.
func State(status string, next *time.Time, msg *string) string {
	switch status {
	case "queued":
		return jobs.StateQueued
	case "synced":
		return jobs.StateSucceeded
	case "failed":
		if msg != nil && *msg == ReasonAccountDeleted {
			return jobs.StateCancelled
		}
		return jobs.StateFailed
	}
	if next != nil {
		return jobs.StateRetrying
	}
	return jobs.StateRunning
}
