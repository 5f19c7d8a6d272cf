package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"taxd/internal/apperr"
)

// The errors of a database outage become apperr.Unavailable; the request's own deadline, a bug's
// error and a statement's error do not. TestDatabaseOutage (contracttests) meets the real ones.
func TestOutage(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"connect error", fmt.Errorf("acquire: %w", &pgconn.ConnectError{Config: &pgconn.Config{}}), true},
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"cannot connect now", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"disk full", fmt.Errorf("insert: %w", &pgconn.PgError{Code: "53100"}), true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"closed connection", fmt.Errorf("query: %w", pgconn.ErrConnClosed), true},
		{"bucket disk full", &fs.PathError{Op: "write", Path: "/r/x", Err: syscall.ENOSPC}, true},
		{"reset connection", fmt.Errorf("user: %w", &net.OpError{Op: "read", Net: "unix", Err: &os.SyscallError{Syscall: "read", Err: syscall.ECONNRESET}}), true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"statement timeout", &pgconn.PgError{Code: "57014"}, false},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), false},
		{"cancelled", context.Canceled, false},
		{"no rows", pgx.ErrNoRows, false},
		{"a bug", errors.New("index out of range"), false},
	} {
		e, ok := Outage(c.err)
		if ok != c.want || ok && (e.Kind != apperr.Unavailable || e.RetryAfter <= 0 || !errors.Is(e, c.err)) {
			t.Errorf("%s: Outage = %v, %v; want %v", c.name, e, ok, c.want)
		}
		if got, _ := AppErr(fmt.Errorf("wrapped: %w", c.err)); (got != nil && got.Kind == apperr.Unavailable) != c.want {
			t.Errorf("%s: AppErr = %v", c.name, got)
		}
	}
	// A domain error stays what it is, even when its cause was an outage; an internal error
	// caused by one is the outage.
	notFound := &apperr.Error{Kind: apperr.NotFound, Message: "x", Err: pgconn.ErrConnClosed}
	if e, _ := AppErr(notFound); e != notFound {
		t.Errorf("AppErr(not found) = %v", e)
	}
	internal := &apperr.Error{Kind: apperr.Internal, Message: "x", Err: &pgconn.PgError{Code: "57P01"}}
	if e, _ := AppErr(internal); e == nil || e.Kind != apperr.Unavailable {
		t.Errorf("AppErr(internal from an outage) = %v", e)
	}
}
