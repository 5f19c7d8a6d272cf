// Package fileimport imports a transaction file (CSV) into a file account of a client: the file is
// parsed first and rejected whole when any row is bad (every bad row reported with its line
// number), then all rows are written in one database transaction, recorded as a completed sync of
// the account so the import shows up with the account's other jobs.
package fileimport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/apperr"
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
	Actor     string
	Prices    ledger.PriceFunc      // nil: values missing from the file stay missing
	Progress  func(done, total int) // optional
}

// Result is a finished import.
type Result struct {
	SyncID    uuid.UUID
	AccountID uuid.UUID
	Rows      int // transactions in the file
	Added     int // new ones (the rest were imported before)
}

// Import runs req. A file with bad rows is an Invalid error whose message lists them.
func Import(ctx context.Context, pool *pgxpool.Pool, req Request) (Result, error) {
	txs, err := imports.ParseCSV(req.File, req.Format)
	var csvErr *imports.CSVError
	switch {
	case errors.As(err, &csvErr):
		lines := make([]string, 0, len(csvErr.Rows))
		for _, r := range csvErr.Rows {
			lines = append(lines, r.String())
		}
		return Result{}, apperr.New(apperr.Invalid, "%d rows failed validation; nothing was imported: %s", len(csvErr.Rows), strings.Join(lines, "; "))
	case errors.Is(err, imports.ErrUnknownCSVFormat):
		return Result{}, apperr.InvalidField("importType", "unknown file format %q (one of %s)", req.Format, strings.Join(imports.CSVFormats(), ", "))
	case err != nil:
		return Result{}, apperr.New(apperr.Invalid, "the file could not be read: %v", err)
	}
	res := Result{Rows: len(txs)}
	meta := ledger.Meta{Actor: req.Actor, Source: ptr("file-import")}
	err = ledger.New(pool).Update(ctx, req.ClientID, meta, func(e *ledger.Editor) error {
		q := db.New(e.Tx())
		if req.AccountID != nil {
			a, err := q.GetAccount(ctx, db.GetAccountParams{ClientID: req.ClientID, ID: *req.AccountID})
			if err != nil {
				return store.Err(err, "account")
			}
			if a.Type != "file" {
				return apperr.InvalidField("accountId", "is not a file account")
			}
			res.AccountID = a.ID
		} else {
			name := strings.TrimSpace(req.Name)
			if name == "" {
				name = req.Format + " import"
			}
			a, err := q.CreateAccount(ctx, db.CreateAccountParams{ID: uuid.Must(uuid.NewV7()), ClientID: req.ClientID, Type: "file",
				Provider: req.Format, Name: name, Status: "synced"})
			if err != nil {
				return store.Err(err, "account")
			}
			res.AccountID = a.ID
		}
		const chunk = 200
		for i := 0; i < len(txs); i += chunk {
			n, err := e.Import(res.AccountID, txs[i:min(i+chunk, len(txs))], req.Prices)
			if err != nil {
				return err
			}
			res.Added += n
			if req.Progress != nil {
				req.Progress(min(i+chunk, len(txs)), len(txs))
			}
		}
		s, err := q.InsertAccountSync(ctx, db.InsertAccountSyncParams{ID: uuid.Must(uuid.NewV7()), ClientID: req.ClientID})
		if err != nil {
			return err
		}
		res.SyncID = s.ID
		if _, err := q.InsertAccountSyncItem(ctx, db.InsertAccountSyncItemParams{SyncID: s.ID, AccountID: res.AccountID}); err != nil {
			return err
		}
		msg := fmt.Sprintf("imported %d of %d transactions from a file", res.Added, res.Rows)
		if err := q.UpdateAccountSyncItem(ctx, db.UpdateAccountSyncItemParams{SyncID: s.ID, AccountID: res.AccountID, Status: "synced",
			Progress: 100, Message: &msg, Added: int32(res.Added)}); err != nil {
			return err
		}
		return q.RollupAccountSync(ctx, s.ID)
	})
	return res, err
}

func ptr[T any](v T) *T { return &v }
