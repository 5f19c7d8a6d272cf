package fileimport

import (
	"context"
	"time"

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

// FileImport is a file import of a client: the sync that ran it and its one item, the file
// account's. It has the fields of the row ListFileImports reads.
type FileImport struct {
	ID            uuid.UUID
	ClientID      uuid.UUID
	Status        string
	Progress      int32
	Error         *string
	CreatedAt     time.Time
	StartedAt     *time.Time
	FinishedAt    *time.Time
	Kind          string
	Recalculate   bool
	AccountID     uuid.UUID
	Imported      int32
	ItemStatus    string
	Message       *string
	Attempt       int32
	MaxAttempts   int32
	NextAttemptAt *time.Time
}

// Imports are the scope's client's file imports, newest first (at most 50).
func (s *Service) Imports(ctx context.Context, scope auth.ClientScope) ([]FileImport, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(s.pool).ListFileImports(ctx, scope.ClientID())
	out := make([]FileImport, len(rows))
	for i, r := range rows {
		out[i] = FileImport(r)
	}
	return out, err
}
