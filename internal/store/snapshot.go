package store

import (
	"context"
	"fmt"
	"regexp"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
)

// SharedSnapshotMinConns is the pool size from which WithSharedSnapshot opens its second
// connection: below it, a read that holds two connections could take the last ones other requests
// wait for.
const SharedSnapshotMinConns = 3

// snapshotID is the form of pg_export_snapshot's answer; SET TRANSACTION SNAPSHOT takes no
// parameter, so the id is checked before it is written into the statement.
var snapshotID = regexp.MustCompile(`^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$`)

// WithSharedSnapshot calls fn with a second read-only transaction on another connection of pool
// that sees exactly what tx sees (tx's snapshot, exported with pg_export_snapshot and joined with
// SET TRANSACTION SNAPSHOT), so that one read can run two statements at once, one on each
// connection, over the same data: all of tx's statements when it is REPEATABLE READ or SERIALIZABLE,
// a READ COMMITTED tx's as of this call (rows it has not locked may change after). When the pool
// is smaller than SharedSnapshotMinConns, fn gets nil and runs everything on tx. tx and second may be
// used from two goroutines at once, each by one.
func WithSharedSnapshot(ctx context.Context, pool *pgxpool.Pool, tx pgx.Tx, fn func(second pgx.Tx) error) error {
	if pool.Config().MaxConns < SharedSnapshotMinConns {
		return fn(nil)
	}
	id, err := db.New(tx).ExportSnapshot(ctx)
	if err != nil {
		return err
	}
	if !snapshotID.MatchString(id) {
		return fmt.Errorf("store: unexpected snapshot id %q", id)
	}
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(second pgx.Tx) error {
		if _, err := second.Exec(ctx, `SET TRANSACTION SNAPSHOT '`+id+`'`); err != nil {
			return err
		}
		return fn(second)
	})
}
