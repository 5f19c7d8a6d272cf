package fileimport

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// Service imports files that a client uploaded to the bucket, on behalf of an authorised scope.
type Service struct {
	pool    *pgxpool.Pool
	bucket  *blob.Bucket
	uploads *UploadSettings // nil: no signed upload URLs (signed.go)
}

// NewService returns the file-import service; bucket holds the uploads (nil: uploads are off).
func NewService(pool *pgxpool.Pool, bucket *blob.Bucket) *Service {
	return &Service{pool: pool, bucket: bucket}
}

// Upload is a request to import an uploaded file.
type Upload struct {
	Key       string     // "uploads/<clientId>/..."
	Format    string     // imports.CSVFormats()
	AccountID *uuid.UUID // nil: a new file account named Name
	Name      string
}

// ImportUpload imports the uploaded file at u.Key into the scope's client: all rows or none.
// Only the client's own uploads (keys under uploads/<clientId>/) can be imported.
func (s *Service) ImportUpload(ctx context.Context, scope auth.ClientScope, u Upload) (Result, error) {
	if err := scope.CheckWrite(); err != nil {
		return Result{}, err
	}
	cid := scope.ClientID()
	if !strings.HasPrefix(u.Key, "uploads/"+cid.String()+"/") {
		return Result{}, apperr.InvalidField("fileObjectKey", "must be an upload of this client (uploads/%s/...)", cid)
	}
	if s.bucket == nil {
		return Result{}, apperr.NotImplementedOp("uploadManualTransactions (no upload bucket configured)")
	}
	rd, err := s.bucket.NewReader(ctx, u.Key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return Result{}, apperr.InvalidField("fileObjectKey", "no uploaded file at this key")
	}
	if err != nil {
		return Result{}, err
	}
	defer rd.Close()
	return Import(ctx, s.pool, Request{ClientID: cid, Format: u.Format, File: rd, Actor: scope.Actor(), AccountID: u.AccountID, Name: u.Name})
}

// Imports are the scope's client's file imports, newest first (at most 50).
func (s *Service) Imports(ctx context.Context, scope auth.ClientScope) ([]db.ListFileImportsRow, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	return db.New(s.pool).ListFileImports(ctx, scope.ClientID())
}
