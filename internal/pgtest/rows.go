package pgtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Strings runs sql, which selects one text column, and returns its rows in order; any error fails
// the test. Tests compare such lists against an independent account of what should be there.
func Strings(t testing.TB, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, sql string, args ...any) []string {
	t.Helper()
	rows, err := q.Query(context.Background(), sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}
