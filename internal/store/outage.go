package store

import (
	"context"
	"errors"
	"io"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"taxd/internal/apperr"
)

// OutageRetryAfter is the Retry-After of an outage answer: about what a Postgres restart takes.
const OutageRetryAfter = 5 * time.Second

// AppErr returns the apperr.Error that err stands for in an API answer: the one in its chain, or,
// when err (or the cause of an internal error) is an outage, apperr.Unavailable. The REST and
// GraphQL error mappers start from it.
func AppErr(err error) (*apperr.Error, bool) {
	e, ok := apperr.As(err)
	if ok && e.Kind != apperr.Internal {
		return e, true
	}
	if outage, is := Outage(err); is {
		return outage, true
	}
	return e, ok
}

// Outage tells whether err means that the database (or the disk under it) is out of service rather
// than that the request or our code is wrong, and returns the apperr.Unavailable error to answer it
// with. This is the one place that recognises outages; both API adapters map what it returns
// (REST 503, GraphQL SERVICE_UNAVAILABLE) through AppErr, so a stopped database is never a 500.
//
// Outages are: a connection that cannot be made (refused, timed out, the server starting or shutting
// down: pgconn.ConnectError, which pool acquires return too); a connection that broke under a
// statement (pgconn's own network errors, a closed or reset connection); the server terminating sessions
// (admin or crash shutdown); and exhausted server resources (disk full, out of memory, too many
// connections, I/O error). A request's own deadline or cancellation is not an outage.
func Outage(err error) (*apperr.Error, bool) {
	if err == nil || !isOutage(err) {
		return nil, false
	}
	what := "its database cannot be reached"
	var pg *pgconn.PgError
	if errors.Is(err, syscall.ENOSPC) || errors.As(err, &pg) && pg.Code == "53100" {
		what = "its storage is full"
	} else if pg != nil && strings.HasPrefix(pg.Code, "53") {
		what = "its database is out of resources"
	}
	return &apperr.Error{Kind: apperr.Unavailable, RetryAfter: OutageRetryAfter,
		Message: "the service is temporarily unavailable (" + what + "); retry later", Err: err}, true
}

func isOutage(err error) bool {
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"): // connection exception
			return true
		}
		switch pg.Code {
		case "57P01", "57P02", "57P03", // admin shutdown, crash shutdown, cannot connect now
			"53100", "53200", "53300", // disk full, out of memory, too many connections
			"58030": // I/O error
			return true
		}
		return false
	}
	// pgconn's errors about the connection itself (a failed read or write, a closed connection)
	// tell whether a retry is safe; errors about a statement do not. A busy connection is our bug.
	var conn interface{ SafeToRetry() bool }
	if errors.Is(err, pgconn.ErrConnClosed) || errors.As(err, &conn) && !strings.Contains(err.Error(), "conn busy") {
		return true
	}
	// A connection the server dropped under a statement can also surface as the bare network error
	// (a backend killed by Postgres's crash restart resets its socket).
	for _, cause := range []error{syscall.ECONNRESET, syscall.ECONNREFUSED, syscall.EPIPE, io.ErrUnexpectedEOF} {
		if errors.Is(err, cause) {
			return true
		}
	}
	return errors.Is(err, syscall.ENOSPC) // the bucket's disk (file:// buckets) is full
}
