package store

import (
	"context"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"taxd/sql/migrations"
)

// MigrateUp applies our goose migrations and river's own tables.
func MigrateUp(ctx context.Context, pool *pgxpool.Pool, log io.Writer) error {
	p, err := gooseProvider(pool)
	if err != nil {
		return err
	}
	res, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate up: %w", err)
	}
	for _, r := range res {
		fmt.Fprintf(log, "applied %s (%s)\n", r.Source.Path, r.Duration)
	}
	rm, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	rres, err := rm.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("river migrate up: %w", err)
	}
	for _, v := range rres.Versions {
		fmt.Fprintf(log, "applied river migration %d\n", v.Version)
	}
	return nil
}

// MigrateDown rolls back our latest goose migration (river's tables stay).
func MigrateDown(ctx context.Context, pool *pgxpool.Pool, log io.Writer) error {
	p, err := gooseProvider(pool)
	if err != nil {
		return err
	}
	r, err := p.Down(ctx)
	if err != nil {
		return fmt.Errorf("migrate down: %w", err)
	}
	if r != nil {
		fmt.Fprintf(log, "rolled back %s\n", r.Source.Path)
	}
	return nil
}

// MigrateStatus prints each migration and whether it is applied.
func MigrateStatus(ctx context.Context, pool *pgxpool.Pool, out io.Writer) error {
	p, err := gooseProvider(pool)
	if err != nil {
		return err
	}
	st, err := p.Status(ctx)
	if err != nil {
		return err
	}
	for _, s := range st {
		applied := "pending"
		if s.State == goose.StateApplied {
			applied = "applied " + s.AppliedAt.UTC().Format("2006-01-02 15:04:05Z")
		}
		fmt.Fprintf(out, "%-40s %s\n", s.Source.Path, applied)
	}
	return nil
}

func gooseProvider(pool *pgxpool.Pool) (*goose.Provider, error) {
	return goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(pool), migrations.FS)
}
