package fileimport

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/store"
	"taxd/internal/syncs"
)

// KindImport is the job kind of an uploaded file's import.
const KindImport = jobs.KindImport

// ImportArgs is the river job that imports one uploaded file into a file account. The import is
// recorded as a sync of the account (kind file_import) from the moment it is queued.
type ImportArgs struct {
	SyncID    uuid.UUID `json:"sync_id"`
	AccountID uuid.UUID `json:"account_id"`
	ClientID  uuid.UUID `json:"client_id"`
	Key       string    `json:"key"`
	Format    string    `json:"format"`
	Actor     string    `json:"actor"`
}

func (ImportArgs) Kind() string { return KindImport }

// InsertOpts puts file imports on their own queue. A failed attempt wrote nothing (one database
// transaction), so a retry starts the file again.
func (ImportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueImport, MaxAttempts: 5}
}

// WithJobs lets the service queue imports (ImportUpload).
func (s *Service) WithJobs(jc *jobs.Client) *Service {
	s.jobs = jc
	return s
}

// ImportUpload queues the import of the uploaded file at u.Key into the scope's client and
// returns the import's sync and account at once: the file account (created now when u.AccountID
// is nil) shows as syncing and the import as queued until a worker has imported the file, all
// rows or none (getTransactionImportJobs, getJobsForAccount). Only the client's own uploads
// (keys under uploads/<clientId>/) can be imported.
func (s *Service) ImportUpload(ctx context.Context, scope auth.ClientScope, u Upload) (Result, error) {
	if err := scope.CheckWrite(); err != nil {
		return Result{}, err
	}
	cid := scope.ClientID()
	if !strings.HasPrefix(u.Key, "uploads/"+cid.String()+"/") {
		return Result{}, apperr.InvalidField("fileObjectKey", "must be an upload of this client (uploads/%s/...)", cid)
	}
	format := strings.ToLower(strings.TrimSpace(u.Format))
	if !slices.Contains(imports.CSVFormats(), format) {
		return Result{}, apperr.InvalidField("importType", "unknown file format %q (one of %s)", u.Format, strings.Join(imports.CSVFormats(), ", "))
	}
	if s.bucket == nil || s.jobs == nil {
		return Result{}, apperr.NotImplementedOp("uploadManualTransactions (no upload bucket configured)")
	}
	ok, err := s.bucket.Exists(ctx, u.Key)
	if err != nil {
		return Result{}, err
	}
	if !ok {
		return Result{}, apperr.InvalidField("fileObjectKey", "no uploaded file at this key")
	}
	var res Result
	err = store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if res, _, err = startTx(ctx, tx, Request{ClientID: cid, AccountID: u.AccountID, Name: u.Name}, format, "queued", "waiting for a worker"); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, ImportArgs{SyncID: res.SyncID, AccountID: res.AccountID, ClientID: cid, Key: u.Key,
			Format: format, Actor: scope.Actor()}, nil)
		return err
	})
	return res, err
}

// Worker imports uploaded files (ImportArgs).
type Worker struct {
	river.WorkerDefaults[ImportArgs]
	Pool   *pgxpool.Pool
	Bucket *blob.Bucket
	Prices ledger.PriceFunc // nil: values missing from the file stay missing
}

func (w *Worker) Work(ctx context.Context, job *river.Job[ImportArgs]) error {
	a := job.Args
	item, err := db.New(w.Pool).GetAccountSyncItem(ctx, db.GetAccountSyncItemParams{SyncID: a.SyncID, AccountID: a.AccountID})
	if errors.Is(err, pgx.ErrNoRows) || err == nil && (item.Status == "synced" || item.Status == "failed") {
		w.discard(ctx, a.Key)
		return nil // imported before (a retry after the commit), or gone with its account
	}
	if err != nil {
		return err
	}
	res := Result{SyncID: a.SyncID, AccountID: a.AccountID}
	rd, err := w.Bucket.NewReader(ctx, a.Key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return w.fail(ctx, res, "the uploaded file is gone")
	}
	if err != nil {
		return err
	}
	err = run(ctx, w.Pool, Request{ClientID: a.ClientID, AccountID: &a.AccountID, Format: a.Format, File: rd, Size: rd.Size(),
		Actor: a.Actor, Prices: w.Prices}, a.Format, &res)
	_ = rd.Close()
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Kind != apperr.Internal {
		// The file's own fault (bad rows, an unreadable file): trying again changes nothing.
		err = w.fail(ctx, res, "import failed: "+ae.Message)
	}
	if err == nil {
		w.discard(ctx, a.Key)
	}
	return err // nil, or retried by river; the item shows the attempt (syncs.TrackItem)
}

// discard deletes an uploaded file once its import has ended (imported, or refused for good): a
// client's transactions are kept in the ledger, not in the bucket, and an upload URL takes one
// file, so nothing reads it again. A failed delete is logged; the import stands.
func (w *Worker) discard(ctx context.Context, key string) {
	if err := w.Bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		slog.WarnContext(ctx, "uploaded file not deleted after its import", "key", key, "err", err)
	}
}

func (w *Worker) fail(ctx context.Context, res Result, reason string) error {
	if len(reason) > 2000 {
		reason = reason[:2000] + "..."
	}
	return store.InTx(ctx, w.Pool, func(tx pgx.Tx) error {
		return record(ctx, db.New(tx), res, "failed", 100, &reason, 0)
	})
}

// startTx checks or creates the file account and records the import as a sync of it in status
// (syncing for an import run now, queued for a queued one), inside tx.
func startTx(ctx context.Context, tx pgx.Tx, req Request, format, status, msg string) (res Result, created bool, err error) {
	q := db.New(tx)
	if req.AccountID != nil {
		a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: req.ClientID, ID: *req.AccountID})
		if err != nil {
			return res, false, store.Err(err, "account")
		}
		if a.Type != "file" {
			return res, false, apperr.InvalidField("accountId", "is not a file account")
		}
		res.AccountID = a.ID
	} else {
		name := strings.TrimSpace(req.Name)
		if name == "" {
			name = format + " import"
		}
		a, err := q.CreateAccount(ctx, db.CreateAccountParams{ID: uuid.Must(uuid.NewV7()), ClientID: req.ClientID, Type: "file",
			Provider: format, Name: name, Status: status})
		if err != nil {
			return res, false, store.Err(err, "account")
		}
		res.AccountID, created = a.ID, true
	}
	if err := q.LockClientSyncs(ctx, req.ClientID); err != nil {
		return res, false, err
	}
	if active, err := q.ListActiveSyncItems(ctx, []uuid.UUID{res.AccountID}); err != nil {
		return res, false, err
	} else if len(active) > 0 {
		return res, false, apperr.New(apperr.Conflict, "a file is being imported into this account; import the next one when it has finished")
	}
	s, err := q.InsertAccountSync(ctx, db.InsertAccountSyncParams{ID: uuid.Must(uuid.NewV7()), ClientID: req.ClientID})
	if err != nil {
		return res, false, store.Err(err, "client")
	}
	res.SyncID = s.ID
	// Recorded as a file import whichever API asked (getJobsForAccount shows the kind).
	if err := q.SetAccountSyncKind(ctx, db.SetAccountSyncKindParams{ID: s.ID, Kind: syncs.KindFileImport}); err != nil {
		return res, false, err
	}
	if _, err := q.InsertAccountSyncItem(ctx, db.InsertAccountSyncItemParams{SyncID: s.ID, AccountID: res.AccountID}); err != nil {
		return res, false, err
	}
	return res, created, record(ctx, q, res, status, 0, &msg, 0)
}
