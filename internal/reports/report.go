package reports

import (
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
)

// Report is one report of a client: what was asked (type, period, accounts, options), the state of
// its rendering job, and once available where its file is and how big it is. It has the fields of
// the stored row, so reportOf converts a row without copying field by field; a change of the row
// that the report does not follow stops the build here.
type Report struct {
	ID            uuid.UUID
	ClientID      uuid.UUID
	Year          int32
	ReportType    string
	Status        string
	Filename      *string
	ContentType   *string
	BlobKey       *string
	Email         *string
	Error         *string
	CreatedAt     time.Time
	CompletedAt   *time.Time
	DateQueryType string
	StartAt       *time.Time
	EndAt         *time.Time
	AccountIds    []uuid.UUID
	Exclude1099da bool
	Language      string
	FormBox       *string
	ResultSetID   *uuid.UUID
	Attempt       int32
	MaxAttempts   int32
	NextAttemptAt *time.Time
	SizeBytes     *int64
	// IncludeDefiPositions: a holdings report lists the lots held in positions (see ExportRequest).
	IncludeDefiPositions bool
}

func reportOf(r db.Report) Report { return Report(r) }

func reportsOf(rs []db.Report) []Report {
	out := make([]Report, len(rs))
	for i, r := range rs {
		out[i] = reportOf(r)
	}
	return out
}
