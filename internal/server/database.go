package server

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/pgcluster"
)

// LocalDatabaseName is the database taxd creates in its own local cluster.
const LocalDatabaseName = "taxd"

// Database resolves the Postgres URL: the configured one, or a local cluster in
// <dataDir>/postgres that is initialised on first use, reused afterwards, and stopped by the
// returned stop function (a no-op when the cluster was already running or the URL is external).
func Database(ctx context.Context, databaseURL, dataDir string) (url string, stop func(), err error) {
	if databaseURL != "" {
		return databaseURL, func() {}, nil
	}
	dir := filepath.Join(dataDir, "postgres")
	slog.Info("DATABASE_URL is unset: using a local Postgres", "dir", dir)
	c, err := pgcluster.Start(ctx, pgcluster.Options{Dir: dir, Port: 5432})
	if err != nil {
		return "", nil, err
	}
	stop = func() {
		if err := c.Stop(); err != nil {
			slog.Error("stopping local Postgres", "err", err)
		}
	}
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		stop()
		return "", nil, fmt.Errorf("local Postgres: %w", err)
	}
	defer conn.Close(ctx)
	exists, err := db.New(conn).DatabaseExists(ctx, LocalDatabaseName)
	if err != nil {
		stop()
		return "", nil, err
	}
	if !exists {
		if _, err := conn.Exec(ctx, `CREATE DATABASE `+LocalDatabaseName); err != nil {
			stop()
			return "", nil, err
		}
	}
	return c.URL(LocalDatabaseName), stop, nil
}
