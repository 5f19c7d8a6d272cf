// Package store opens the Postgres pool, runs migrations and transactions, and turns database
// errors into apperr kinds in one place (constraint names map to messages).
package store

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/apperr"
)

// Open connects a pool to url with the decimal and uuid types registered on every connection.
func Open(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: parse DATABASE_URL: %w", err)
	}
	cfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error {
		RegisterDecimal(conn.TypeMap())
		RegisterUUID(conn.TypeMap())
		return nil
	}
	SizePool(cfg, url)
	if cfg.ConnConfig.RuntimeParams == nil {
		cfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	cfg.ConnConfig.RuntimeParams["timezone"] = "UTC"
	if _, ok := cfg.ConnConfig.RuntimeParams["jit"]; !ok {
		// Compiling a plan costs hundreds of ms on the large reads of a big client, more than
		// it saves on queries that answer a page: the API's statements run interpreted.
		cfg.ConnConfig.RuntimeParams["jit"] = "off"
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		// A database that does not answer (a host down, packets dropped) fails the connection
		// attempt after this, so requests get a 503 (Outage) instead of waiting for TCP to give up.
		cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	return pool, nil
}

// SizePool sets the pool's size unless url sets pool_max_conns: 4 per CPU, at least 8. pgx's
// default (the number of CPUs, at least 4) has requests queue for a connection while the ones
// holding them wait on a network round trip (hundreds of waits a second under 32 concurrent
// requests on 2 CPUs), and the river workers draw on the same pool.
func SizePool(cfg *pgxpool.Config, url string) {
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = int32(max(8, 4*runtime.GOMAXPROCS(0)))
	}
}

// InTx runs fn in one transaction; it commits when fn returns nil and rolls back otherwise.
func InTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, fn)
}

// constraintMessages turns a unique or foreign-key violation into what the caller did wrong.
var constraintMessages = map[string]struct {
	kind apperr.Kind
	msg  string
}{
	"clients_partner_reference_key":        {apperr.Conflict, "a user with this userId already exists"},
	"accounts_client_provider_address_key": {apperr.Conflict, "this wallet is already connected"},
	"accounts_client_staking_key":          {apperr.Conflict, "a staking position with this identifier already exists"},
	"assets_client_key_key":                {apperr.Conflict, "an asset with this key already exists"},
	"recalc_jobs_active_key":               {apperr.Conflict, "a recalculation is already queued or running"},
	"discount_codes_client_year_key":       {apperr.Conflict, "a discount code for this user and year already exists"},
	"links_partner_wallets_key":            {apperr.Conflict, "a link for these wallets already exists"},
	"client_api_keys_prefix_key":           {apperr.Conflict, "API key prefix collision; try again"},
	"partner_credentials_public_id_key":    {apperr.Conflict, "credential already exists"},
}

// Err maps a database error: no rows becomes NotFound(what), known constraint violations their
// kind, invalid text representations Invalid; anything else stays internal (wrapped).
func Err(err error, what string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFoundf("%s not found", what)
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		if m, ok := constraintMessages[pgErr.ConstraintName]; ok {
			return &apperr.Error{Kind: m.kind, Message: m.msg, Err: err}
		}
		switch pgErr.Code {
		case "23505":
			return &apperr.Error{Kind: apperr.Conflict, Message: what + " already exists", Err: err}
		case "23503":
			return MissingReference(err)
		case "22P02", "22003", "22007", "22008":
			return &apperr.Error{Kind: apperr.Invalid, Message: "invalid value: " + pgErr.Message, Err: err}
		case "23514":
			return &apperr.Error{Kind: apperr.Invalid, Message: "value out of the allowed range", Err: err}
		}
	}
	return fmt.Errorf("%s: %w", what, err)
}

// MissingReference is the error of a write naming a record that does not exist (or is another
// client's): a foreign key's violation, or a writer's own proof of its parents failing.
func MissingReference(err error) error {
	return &apperr.Error{Kind: apperr.NotFound, Message: "a referenced record does not exist", Err: err}
}

// IsUniqueViolation reports whether err is a unique violation of the named constraint.
func IsUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == constraint
}
