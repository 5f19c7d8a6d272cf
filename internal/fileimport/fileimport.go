// Package fileimport imports a transaction file (CSV) into a file account of a client, in one
// streaming pass of bounded memory: each row is parsed, validated and staged (COPY) as it is read,
// then the staged rows are written into the ledger set-wise (ledger.Importer), all in one database
// transaction. A file with any bad row is rejected whole (every bad row reported with its line
// number) and leaves nothing behind. The import is recorded as a sync of the account, created
// before the import starts so that its progress (percentage and rows read) can be followed while
// it runs.
package fileimport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/store"
)

// Request describes one file import.
type Request struct {
	ClientID  uuid.UUID
	AccountID *uuid.UUID // nil: a new file account named Name
	Name      string
	Format    string // imports.CSVFormats()
	File      io.Reader
	Size      int64 // the file's size in bytes when known (0: unknown), for the percentage
	Actor     string
	Prices    ledger.PriceFunc // nil: values missing from the file stay missing
	Progress  func(Progress)   // optional; called often: keep it cheap
}

// Phases of an import, in order.
const (
	PhaseRead  = "parse+validate" // rows are parsed, validated and staged as the file is read (and earlier chunks written, see ledger.Importer)
	PhaseWrite = "write"          // the staged rows not yet written go into the ledger
	PhaseDone  = "done"
)

// Progress is where an import is.
type Progress struct {
	Phase     string
	Rows      int   // transactions read so far
	Bytes     int64 // bytes of the file read so far
	Size      int64 // Request.Size
	Added     int   // PhaseDone: transactions added
	PhaseTime time.Duration
}

// Result is a finished import.
type Result struct {
	SyncID    uuid.UUID
	AccountID uuid.UUID
	Rows      int // transactions in the file
	Added     int // new ones (the rest were imported before)
}

// recordEvery is how often the sync record's progress is updated while a file is read.
const recordEvery = time.Second

// Import runs req. A file with bad rows is an Invalid error whose message lists them.
func Import(ctx context.Context, pool *pgxpool.Pool, req Request) (Result, error) {
	format := strings.ToLower(strings.TrimSpace(req.Format))
	if !slices.Contains(imports.CSVFormats(), format) {
		return Result{}, apperr.InvalidField("importType", "unknown file format %q (one of %s)", req.Format, strings.Join(imports.CSVFormats(), ", "))
	}
	res, created, err := start(ctx, pool, req, format)
	if err != nil {
		return Result{}, err
	}
	err = run(ctx, pool, req, format, &res)
	if err != nil {
		// Nothing of the file was written (the ledger transaction rolled back); drop what start
		// created for it, or record the failure on an account the client already had.
		cleanup, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if cerr := abandon(cleanup, pool, req.ClientID, res, created, err); cerr != nil {
			err = errors.Join(err, cerr)
		}
		return Result{}, err
	}
	return res, nil
}

// start checks or creates the file account and records the import as a running sync of it.
func start(ctx context.Context, pool *pgxpool.Pool, req Request, format string) (res Result, created bool, err error) {
	err = store.InTx(ctx, pool, func(tx pgx.Tx) error {
		res, created, err = startTx(ctx, tx, req, format, "syncing", "reading the file")
		return err
	})
	return res, created, err
}

// run reads, validates and writes the file in one ledger transaction.
func run(ctx context.Context, pool *pgxpool.Pool, req Request, format string, res *Result) error {
	counter := &countingReader{r: req.File}
	report := func(p Progress) {
		if req.Progress != nil {
			p.Bytes, p.Size = counter.n, req.Size
			req.Progress(p)
		}
	}
	meta := ledger.Meta{Actor: req.Actor, Source: ptr("file-import")}
	c, err := db.New(pool).GetClient(ctx, req.ClientID)
	if err != nil {
		return store.Err(err, "client")
	}
	return ledger.New(pool).Update(ctx, auth.JobWriteScope(req.ClientID, "import"), meta, func(e *ledger.Editor) error {
		im, err := e.NewImporter(res.AccountID, req.Prices)
		if err != nil {
			return err
		}
		phaseStart := time.Now()
		lastRecord := phaseStart
		var writeErr error // the database's or the price source's, not the file's
		rows, err := imports.ReadCSVIn(counter, format, c.Currency, func(t *imports.Tx) error {
			if err := im.Add(t); err != nil {
				writeErr = err
				return err
			}
			n := im.Staged()
			if n%1024 == 0 {
				report(Progress{Phase: PhaseRead, Rows: n, PhaseTime: time.Since(phaseStart)})
				if time.Since(lastRecord) >= recordEvery {
					lastRecord = time.Now()
					// On its own connection, committed at once, so that readers see it now.
					msg := fmt.Sprintf("read %d rows", n)
					if err := record(ctx, db.New(pool), *res, "syncing", percent(counter.n, req.Size), &msg, 0); err != nil {
						writeErr = err
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			im.Abort()
			if writeErr != nil {
				return writeErr
			}
			return fileError(err, req.Format)
		}
		res.Rows = rows
		report(Progress{Phase: PhaseRead, Rows: rows, PhaseTime: time.Since(phaseStart)})
		phaseStart = time.Now()
		report(Progress{Phase: PhaseWrite, Rows: rows})
		res.Added, err = im.Finish()
		if err != nil {
			return err
		}
		report(Progress{Phase: PhaseDone, Rows: rows, Added: res.Added, PhaseTime: time.Since(phaseStart)})
		msg := fmt.Sprintf("imported %d of %d transactions from a file", res.Added, res.Rows)
		return record(ctx, db.New(e.Tx()), *res, "synced", 100, &msg, res.Added)
	})
}

// abandon undoes start after a failed import: a file account created for it goes (with its sync
// item), and so does the sync; an existing account keeps a failed sync saying why.
func abandon(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID, res Result, created bool, cause error) error {
	return store.InTx(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if created {
			// trigger accounts_unlink_ledger clears the ledger's references (docs/database.md)
			if err := q.DeleteImportAccount(ctx, db.DeleteImportAccountParams{ID: res.AccountID, ClientID: clientID}); err != nil {
				return err
			}
			return q.DeleteImportSync(ctx, res.SyncID)
		}
		msg := "import failed: " + cause.Error()
		if len(msg) > 2000 {
			msg = msg[:2000] + "..."
		}
		return record(ctx, q, res, "failed", 100, &msg, 0)
	})
}

// record writes the import's state on its sync item, the account and the sync's roll-up.
func record(ctx context.Context, q *db.Queries, res Result, status string, progress int32, msg *string, added int) error {
	if err := q.UpdateAccountSyncItem(ctx, db.UpdateAccountSyncItemParams{SyncID: res.SyncID, AccountID: res.AccountID, Status: status,
		Progress: progress, Message: msg, Added: int32(added)}); err != nil {
		return err
	}
	var accountMsg *string
	if status == "failed" {
		accountMsg = msg
	}
	if err := q.SetAccountSyncState(ctx, db.SetAccountSyncStateParams{ID: res.AccountID, Status: status, StatusMessage: accountMsg}); err != nil {
		return err
	}
	return q.RollupAccountSync(ctx, res.SyncID)
}

// percent of the file read, kept at 95 at most until the write is committed (0 while the size is
// unknown; the message still gives the rows read).
func percent(done, size int64) int32 {
	if size <= 0 {
		return 0
	}
	return int32(min(95, done*95/size))
}

func fileError(err error, format string) error {
	var csvErr *imports.CSVError
	switch {
	case errors.As(err, &csvErr):
		lines := make([]string, 0, len(csvErr.Rows))
		for _, r := range csvErr.Rows {
			lines = append(lines, r.String())
		}
		return apperr.New(apperr.Invalid, "%d rows failed validation; nothing was imported: %s", len(csvErr.Rows), strings.Join(lines, "; "))
	case errors.Is(err, imports.ErrUnknownCSVFormat):
		return apperr.InvalidField("importType", "unknown file format %q (one of %s)", format, strings.Join(imports.CSVFormats(), ", "))
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err
	default:
		return apperr.New(apperr.Invalid, "the file could not be read: %v", err)
	}
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func ptr[T any](v T) *T { return &v }
