package pgtest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Explain returns the plan Postgres picks for sql with args, with sequential scans priced out (a
// test ledger is small enough that a scan would win where an index must at scale) and settings (SET
// LOCAL statements, "" for none) applied in the same transaction, which is rolled back.
func Explain(t testing.TB, pool interface {
	Begin(context.Context) (pgx.Tx, error)
}, settings, sql string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	if settings != "" {
		if _, err := tx.Exec(ctx, settings); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := tx.Query(ctx, "EXPLAIN "+sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// ExplainSent returns the plan (as Explain, with settings) of the one query that send sends through the
// recorder it is given, for example `func(r *pgtest.Recorder) error { _, err := db.New(r).Read(ctx, p); return err }`:
// the query is recorded as the code sends it, never run, and then explained. A send that does not reach
// the database fails the test.
func ExplainSent(t testing.TB, pool interface {
	Begin(context.Context) (pgx.Tx, error)
}, settings string, send func(*Recorder) error) string {
	t.Helper()
	var r Recorder
	if err := send(&r); !errors.Is(err, errRecorded) {
		t.Fatalf("the query was not recorded: %v", err)
	}
	return Explain(t, pool, settings, r.sql, r.args...)
}

// Recorder is a db.DBTX that keeps the SQL and arguments of the query sent to it instead of running it
// (see ExplainSent).
type Recorder struct {
	sql  string
	args []any
}

var errRecorded = errors.New("recorded, not run")

func (r *Recorder) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	r.sql, r.args = sql, args
	return pgconn.CommandTag{}, errRecorded
}

func (r *Recorder) Query(_ context.Context, sql string, args ...any) (pgx.Rows, error) {
	r.sql, r.args = sql, args
	return nil, errRecorded
}

func (r *Recorder) QueryRow(_ context.Context, sql string, args ...any) pgx.Row {
	r.sql, r.args = sql, args
	return errRow{}
}

func (r *Recorder) CopyFrom(context.Context, pgx.Identifier, []string, pgx.CopyFromSource) (int64, error) {
	return 0, errRecorded
}

type errRow struct{}

func (errRow) Scan(...any) error { return errRecorded }
