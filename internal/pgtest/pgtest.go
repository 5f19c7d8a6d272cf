// Package pgtest gives every test its own Postgres database, cloned from a migrated template.
//
// The server is found in this order: TEST_DATABASE_URL; a testcontainers Postgres when a Docker
// engine answers; a throwaway cluster started from initdb/pg_ctl on PATH (as the postgres user when
// root, fsync off, unix socket); otherwise the test fails saying how to get one. Packages that use
// it call pgtest.Main from TestMain so that a cluster or container started here is stopped.
package pgtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"

	"taxd/internal/pgcluster"
	"taxd/internal/store"
	"taxd/sql/migrations"
)

var (
	once      sync.Once
	serverURL string // admin URL (database "postgres")
	setupErr  error
	stopFuncs []func()
	tplOnce   sync.Once
	tplName   string
	tplErr    error
)

// Main runs the tests and then stops whatever server this process started.
func Main(m *testing.M) {
	code := m.Run()
	for _, stop := range stopFuncs {
		stop()
	}
	os.Exit(code)
}

// URL returns the URL of a fresh database cloned from the migrated template; it is dropped when
// the test ends.
func URL(t testing.TB) string {
	t.Helper()
	url, drop := newDatabase(t)
	t.Cleanup(drop)
	return url
}

// ProcessPool returns a pool on a fresh database that lives as long as the test process (a
// throwaway cluster goes with pgtest.Main): for fixtures that several benchmarks share, which a
// benchmark's own cleanup would otherwise close under the next one.
func ProcessPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	url, _ := newDatabase(t)
	pool, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return pool
}

// KeptPool returns a pool on the database name+"_"+<migration set> of the test server, kept after
// the process ends: for benchmark fixtures that take minutes to build, reused by the next run on
// the same server (a persistent TEST_DATABASE_URL; a throwaway cluster goes with the process). A
// kept database of name made with an earlier migration set is migrated up and renamed (migrated
// reports it: rows that migrations cannot fill, such as tax results, are the caller's to rebuild).
// An existing database is reused when reuse says it can be; otherwise, and when there is none, it
// is made again from the migrated template.
//
// TAXD_KEPT_PREFIX, when set, is put before name: checkouts with different migration sets that
// share one test server (worktrees) each keep their own fixture instead of migrating or dropping
// each other's.
func KeptPool(t testing.TB, name string, reuse func(pool *pgxpool.Pool, migrated bool) bool) *pgxpool.Pool {
	t.Helper()
	if prefix := os.Getenv("TAXD_KEPT_PREFIX"); prefix != "" {
		name = prefix + "_" + name
	}
	admin := adminURL(t)
	tpl := template(t, admin)
	kept := name + "_" + strings.TrimPrefix(tpl, "taxd_tpl_")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("pgtest: connect: %v", err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname LIKE $1 || '\_%'`, name)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	existing, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	for _, db := range existing {
		migrated := false
		if db != kept && !slices.Contains(existing, kept) {
			if err := migrateKept(ctx, conn, admin, db, kept); err == nil {
				db, migrated = kept, true
			}
		}
		if db == kept {
			pool, err := store.Open(ctx, withDatabase(admin, kept))
			if err != nil {
				t.Fatalf("pgtest: %v", err)
			}
			if reuse(pool, migrated) {
				return pool
			}
			pool.Close()
		}
		if _, err := conn.Exec(ctx, fmt.Sprintf(`DROP DATABASE %q WITH (FORCE)`, db)); err != nil {
			t.Fatalf("pgtest: drop %s: %v", db, err)
		}
	}
	if _, err := conn.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q TEMPLATE %q`, kept, tpl)); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	pool, err := store.Open(ctx, withDatabase(admin, kept))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return pool
}

// migrateKept migrates the kept database from up and renames it to.
func migrateKept(ctx context.Context, conn *pgx.Conn, admin, from, to string) error {
	pool, err := store.Open(ctx, withDatabase(admin, from))
	if err != nil {
		return err
	}
	err = store.MigrateUp(ctx, pool, io.Discard)
	pool.Close()
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q RENAME TO %q`, from, to))
	return err
}

// newDatabase creates a database cloned from the migrated template and returns its URL and a
// function that drops it.
func newDatabase(t testing.TB) (string, func()) {
	t.Helper()
	admin := adminURL(t)
	tpl := template(t, admin)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("pgtest: connect: %v", err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("taxd_test_%d_%x", time.Now().UnixNano()%1e9, rand.Uint32())
	// CREATE DATABASE ... TEMPLATE fails while another session is connected to the template, and
	// templates are shared across test processes: retry briefly.
	for attempt := 0; ; attempt++ {
		_, err = conn.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q TEMPLATE %q`, name, tpl))
		if err == nil || attempt > 50 || !strings.Contains(err.Error(), "being accessed by other users") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	drop := func() {
		ctx := context.Background()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			return
		}
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name))
	}
	return withDatabase(admin, name), drop
}

// Pool returns a pool on a fresh database (see URL), closed when the test ends.
func Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return PoolFor(t, URL(t))
}

// PoolFor returns a pool on the database at url, closed when the test ends.
func PoolFor(t testing.TB, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func adminURL(t testing.TB) string {
	t.Helper()
	once.Do(func() { serverURL, setupErr = findServer() })
	if setupErr != nil {
		t.Fatalf("pgtest: no Postgres for tests: %v\nSet TEST_DATABASE_URL to a Postgres 14+ server you can create databases on, start a Docker engine, or put the PostgreSQL server binaries (initdb, pg_ctl) on PATH.", setupErr)
	}
	return serverURL
}

func findServer() (string, error) {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if dockerAnswers(ctx) {
		return startContainer(ctx)
	}
	if pgcluster.Available() {
		dir, err := os.MkdirTemp("", "taxd-pg-")
		if err != nil {
			return "", err
		}
		c, err := pgcluster.Start(ctx, pgcluster.Options{Dir: dir, Fast: true})
		if err != nil {
			os.RemoveAll(dir)
			return "", err
		}
		stopFuncs = append(stopFuncs, func() { _ = c.Stop(); _ = os.RemoveAll(dir) })
		return c.URL("postgres"), nil
	}
	return "", fmt.Errorf("TEST_DATABASE_URL is unset, no Docker engine answers, and initdb/pg_ctl are not on PATH")
}

func dockerAnswers(ctx context.Context) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	if _, err := os.Stat("/var/run/docker.sock"); err != nil && os.Getenv("DOCKER_HOST") == "" {
		return false
	}
	p, err := testcontainers.ProviderDefault.GetProvider()
	if err != nil {
		return false
	}
	defer p.Close()
	return p.Health(ctx) == nil
}

func startContainer(ctx context.Context) (string, error) {
	c, err := testcontainers.Run(ctx, "postgres:16-alpine",
		testcontainers.WithEnv(map[string]string{"POSTGRES_PASSWORD": "postgres", "POSTGRES_HOST_AUTH_METHOD": "trust"}),
		testcontainers.WithExposedPorts("5432/tcp"),
		testcontainers.WithCmdArgs("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "max_connections=200"),
		testcontainers.WithWaitStrategy(wait.ForLog("database system is ready to accept connections").WithOccurrence(2)),
	)
	if err != nil {
		return "", fmt.Errorf("testcontainers: %w", err)
	}
	stopFuncs = append(stopFuncs, func() { _ = c.Terminate(context.Background()) })
	host, err := c.Host(ctx)
	if err != nil {
		return "", err
	}
	port, err := c.MappedPort(ctx, "5432/tcp")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("postgres://postgres:postgres@%s:%d/postgres?sslmode=disable", host, port.Num()), nil
}

// template makes (once per server and migration set) a database with every migration applied.
func template(t testing.TB, admin string) string {
	t.Helper()
	tplOnce.Do(func() { tplName, tplErr = makeTemplate(admin) })
	if tplErr != nil {
		t.Fatalf("pgtest: template: %v", tplErr)
	}
	return tplName
}

func makeTemplate(admin string) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		h.Write([]byte(path))
		h.Write(b)
		return err
	})
	if err != nil {
		return "", err
	}
	name := "taxd_tpl_" + hex.EncodeToString(h.Sum(nil))[:16]
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	// Test processes of several packages may share one server: one of them builds the template.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(7411001)`); err != nil {
		return "", err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(7411001)`) //nolint:errcheck
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	_, _ = conn.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q`, name))
	if _, err := conn.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		return "", err
	}
	pool, err := store.Open(ctx, withDatabase(admin, name))
	if err != nil {
		return "", err
	}
	err = store.MigrateUp(ctx, pool, io.Discard)
	pool.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q WITH is_template = true ALLOW_CONNECTIONS = false`, name)); err != nil {
		return "", err
	}
	return name, nil
}

func withDatabase(raw, database string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Path = "/" + database
	return u.String()
}
