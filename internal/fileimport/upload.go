package fileimport

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"gocloud.dev/blob"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/jobs"
)

// Service imports files that a client uploaded to the bucket, on behalf of an authorised scope.
type Service struct {
	pool    *pgxpool.Pool
	bucket  *blob.Bucket
	uploads *UploadSettings // nil: no signed upload URLs (signed.go)
	jobs    *jobs.Client    // nil: imports cannot be queued (job.go)
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

// Imports are the scope's client's file imports, newest first (at most 50).
func (s *Service) Imports(ctx context.Context, scope auth.ClientScope) ([]db.ListFileImportsRow, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	return db.New(s.pool).ListFileImports(ctx, scope.ClientID())
}
