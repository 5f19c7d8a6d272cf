package syncs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/classify"
	"taxd/internal/exchanges"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
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
	// PricesIn, when set, gives the price look-up of a client whose figures are in another
	// currency than USD (Prices stays the USD one).
	PricesIn func(currency string) ledger.PriceFunc
	// PricesForPage, when set, prices a whole page at once (one request per coin for the page's
	// days, prices.Source.ForSync) in the client's currency, instead of a request per day.
	PricesForPage func(ctx context.Context, currency string, txs []imports.Tx) (ledger.PriceFunc, error)
	// Exchanges and Sealer import exchange accounts (nil: exchange accounts fail with a reason).
	Exchanges *exchanges.Registry
	Sealer    *exchanges.Sealer
	// Classifier turns a page's chain transactions into the wallet's labelled transactions (nil:
	// classify.Default()).
	Classifier classify.Classifier
}

// ReasonAccountDeleted ends the sync of an account deleted meanwhile (GraphQL: a CANCELED job).
const ReasonAccountDeleted = "the account was deleted"

// ReasonCredentials is the failure message of an exchange account whose credentials the exchange
// rejected (GraphQL shows such an account as NEEDS_REAUTHENTICATION).
const ReasonCredentials = "the exchange rejected the API credentials: replace them with refreshApiKey"

// fetcher returns the page-fetching function of an account: its chain provider by address, or
// its exchange connector with the account's decrypted credentials. A non-empty reason means the
// account cannot be synced.
func (w *Worker) fetcher(ctx context.Context, q *db.Queries, acct db.Account) (func(cursor string) (imports.Page, error), string, error) {
	if acct.Type == "exchange" {
		var conn exchanges.Connector
		ok := false
		if w.Exchanges != nil {
			conn, ok = w.Exchanges.Connector(acct.Provider)
		}
		if !ok || w.Sealer == nil {
			return nil, fmt.Sprintf("no importer for %q accounts", acct.Provider), nil
		}
		sealed, err := q.GetExchangeCredentials(ctx, acct.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, "no API credentials stored: add them with refreshApiKey", nil
		}
		if err != nil {
			return nil, "", err
		}
		creds, err := w.Sealer.Open(acct.ID, sealed)
		if err != nil {
			slog.ErrorContext(ctx, "exchange credentials do not open", "account_id", acct.ID, "err", err)
			return nil, "the stored API credentials cannot be read: add them again with refreshApiKey", nil
		}
		return func(cursor string) (imports.Page, error) { return conn.Fetch(ctx, creds, cursor) }, "", nil
	}
	provider, ok := w.Providers.Provider(acct.Provider)
	if !ok || acct.Address == nil {
		return nil, fmt.Sprintf("no importer for %q accounts", acct.Provider), nil
	}
	address := *acct.Address
	return func(cursor string) (imports.Page, error) { return provider.Fetch(ctx, address, cursor) }, "", nil
}

// inWindow keeps the transactions inside the account's import window (startImportingAt,
// stopImportingAt: a retired account imports nothing after its stop).
func inWindow(txs []imports.Tx, start, stop *time.Time) []imports.Tx {
	if start == nil && stop == nil {
		return txs
	}
	out := txs[:0:0]
	for _, t := range txs {
		if start != nil && t.Time.Before(*start) || stop != nil && t.Time.After(*stop) {
			continue
		}
		out = append(out, t)
	}
	return out
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
		return w.finish(ctx, item, "failed", ReasonAccountDeleted)
	}
	if err != nil {
		return err
	}
	fetch, reason, err := w.fetcher(ctx, q, acct)
	if err != nil {
		return err
	}
	if reason != "" {
		return w.finish(ctx, item, "failed", reason)
	}
	// A retry keeps the previous attempt's "retrying ..." message until it imports a page (each
	// page's progress clears it): until then the retry has not got further than the failure,
	// and clearing it here hid the notice from pollers that look once a second.
	if err := w.progress(ctx, item, "syncing", max(item.Progress, 5), item.Message, 0, nil); err != nil {
		return err
	}
	progress := max(item.Progress, 5)
	cursor := ""
	if acct.SyncCursor != nil {
		cursor = *acct.SyncCursor
	}
	led := ledger.New(w.Pool)
	client, err := q.GetClient(ctx, acct.ClientID)
	if err != nil {
		return err
	}
	priceFn := pricesIn(w.Prices, w.PricesIn, client.Currency)
	classifier := w.Classifier
	if classifier == nil {
		classifier = classify.Default()
	}
	var own classify.Own
	if acct.Address != nil {
		wallets, err := ownWallets(ctx, q, acct.ClientID)
		if err != nil {
			return err
		}
		own = classify.NewOwn(acct.Provider, *acct.Address, wallets)
	}
	for {
		page, err := fetch(cursor)
		if errors.Is(err, exchanges.ErrUnauthorized) {
			return w.finish(ctx, item, "failed", ReasonCredentials)
		}
		if err != nil {
			return w.fetchFailed(ctx, job, item, err)
		}
		progress = min(95, progress+(95-progress)/3+1)
		txs := stage(page, classifier, own)
		pagePrices := priceFn
		if w.PricesForPage != nil && priceFn != nil {
			if pagePrices, err = w.PricesForPage(ctx, client.Currency, txs); err != nil {
				return w.fetchFailed(ctx, job, item, err)
			}
		}
		err = led.Update(ctx, auth.JobWriteScope(acct.ClientID, "sync"), ledger.Meta{Actor: "system:sync"}, func(e *ledger.Editor) error {
			// The window as committed now (retireAccount may have moved its stop since the
			// sync started), held until this page commits.
			win, err := db.New(e.Tx()).LockAccountWindow(ctx, acct.ID)
			if err != nil {
				return err
			}
			if win.DeletedAt != nil {
				return errAccountDeleted
			}
			added, err := e.Import(acct.ID, inWindow(txs, win.StartImportingAt, win.StopImportingAt), pagePrices)
			if err != nil {
				return err
			}
			// A bridge side that arrived with this page may complete a pair already in the ledger.
			if hasBridge(txs) {
				if _, err := e.LinkBridges(); err != nil {
					return err
				}
			}
			// After a hard refresh: the client's edits go back on the rows imported again.
			if _, err := e.ApplyAccountEdits(acct.ID); err != nil {
				return err
			}
			next := page.Cursor
			return w.progressTx(ctx, db.New(e.Tx()), item, "syncing", progress, nil, added, &next)
		})
		if errors.Is(err, errAccountDeleted) {
			return w.finish(ctx, item, "failed", ReasonAccountDeleted)
		}
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

// fetchFailed backs off on rate limits; a temporary error is retried by river with backoff
// (the item shows the attempt, the next one's time and the reason: TrackItem); on a permanent
// error the account is marked failed with the reason.
func (w *Worker) fetchFailed(ctx context.Context, job *river.Job[AccountArgs], item db.AccountSyncItem, err error) error {
	// Partners see a stable reason; the upstream text (hosts, provider messages) goes to the log.
	reason := imports.PartnerReason(err)
	if d, ok := imports.RetryAfter(err); ok && job.Attempt < job.MaxAttempts {
		return jobs.WithReason(river.JobSnooze(d), reason)
	}
	slog.WarnContext(ctx, "sync fetch failed", "sync_id", item.SyncID, "account_id", item.AccountID,
		"attempt", job.Attempt, "err", err)
	if imports.IsTemporary(err) {
		return jobs.WithReason(err, "import failed: "+reason)
	}
	return w.finish(ctx, item, "failed", "import failed: "+reason)
}

var errAccountDeleted = errors.New("the account was deleted")

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

// announceIfEnded emits the sync's webhook event once its last account has finished, and asks
// for the client's recalculation when the sync wants one (GraphQL syncs without skipRecalculate).
func announceIfEnded(ctx context.Context, tx pgx.Tx, syncID uuid.UUID) error {
	s, err := db.New(tx).GetAccountSyncByID(ctx, syncID)
	if err != nil {
		return err
	}
	if s.Status != "completed" && s.Status != "failed" {
		return nil
	}
	if s.Recalculate && s.Status == "completed" {
		if jc, err := river.ClientFromContextSafely[pgx.Tx](ctx); err == nil {
			if _, err := recalc.RequestTx(ctx, tx, jc, s.ClientID); err != nil {
				return err
			}
		}
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

// pricesIn is the price look-up for a client's values in its currency: usd for a USD client, in's
// for another (nil when prices are off).
func pricesIn(usd ledger.PriceFunc, in func(string) ledger.PriceFunc, currency string) ledger.PriceFunc {
	if usd == nil || in == nil || currency == "USD" {
		return usd
	}
	return in(currency)
}
