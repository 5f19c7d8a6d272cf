package reports

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/jobs"
)

// errResultsMoving is returned when recalculations kept committing while a report was read.
var errResultsMoving = jobs.WithReason(errors.New("the client's results changed while the report was rendered"),
	"the tax results changed while the report was rendered; it is rendered again")

// consistently runs render, which reads the client's results in several statements, until no
// recalculation committed while it ran (a run replaces or drops the results a later statement
// would read): the file then holds one set of results, old or new, never a mix. After three tries
// the job is retried later.
func (s *Service) consistently(ctx context.Context, client uuid.UUID, render func() error) error {
	q := db.New(s.pool)
	for range 3 {
		before, err := q.ResultsVersion(ctx, client)
		if err != nil {
			return err
		}
		if err := render(); err != nil {
			return err
		}
		after, err := q.ResultsVersion(ctx, client)
		if err != nil || after == before {
			return err
		}
	}
	return errResultsMoving
}
