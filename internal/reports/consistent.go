package reports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
)

// consistently runs render, which reads the client's results in several statements, holding the
// client's results lock shared: a recalculation commits new results (switches the result set or
// rewrites part of it) only under that lock exclusively, so it waits until the report is
// rendered, and the file holds one set of results, old or new, never a mix. The lock is a session
// lock on a connection of its own: it goes with the connection if the process dies.
func (s *Service) consistently(ctx context.Context, client uuid.UUID, render func() error) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	q := db.New(conn)
	if err := q.LockClientResultsShared(ctx, client); err != nil {
		return err
	}
	defer func() {
		unlock, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if err := q.UnlockClientResultsShared(unlock, client); err != nil {
			conn.Conn().Close(unlock) // a connection that may still hold the lock is not reused
		}
	}()
	return render()
}
