package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/pgtest"
)

// shardingExceptions are the constraints over all clients that a sharded deployment moves or
// drops (docs/operations.md, "Sharding by client").
var shardingExceptions = []string{
	"users.users_active_client_id_fkey",     // a user's current client; users are shared by clients
	"clients.clients_partner_reference_key", // a partner's reference ids, unique across its clients
}

// shardingProblems lists, from the migrated catalog, every key of client data that lacks the
// client: a primary key, unique constraint or unique index of a table with client_id that does
// not hold client_id; a foreign key between client tables that does not match client_id to
// client_id; and a foreign key from a table without client_id to a client table. A client table is
// a table of the public schema with a client_id column, and clients, whose id is the client.
func shardingProblems(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	rows, err := pool.Query(ctx, `
WITH client_tables AS (
    SELECT c.oid, CASE WHEN c.relname = 'clients' THEN 'id' ELSE 'client_id' END AS col
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND (c.relname = 'clients' OR EXISTS (
            SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped))),
client_col AS (
    SELECT t.oid, a.attnum FROM client_tables t JOIN pg_attribute a ON a.attrelid = t.oid AND a.attname = t.col),
keys AS (
    -- unique indexes cover primary keys and unique constraints too
    SELECT i.indrelid AS rel, coalesce(k.conname, ci.relname) AS name, i.indkey::int2[] AS cols
    FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
    LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u', 'x')
    WHERE i.indisunique AND i.indrelid IN (SELECT oid FROM client_tables))
SELECT format('%s.%s: a key without %s', k.rel::regclass, k.name, t.col)
FROM keys k JOIN client_tables t ON t.oid = k.rel JOIN client_col cc ON cc.oid = k.rel
WHERE NOT cc.attnum = ANY (k.cols)
UNION ALL
SELECT format('%s.%s: a foreign key to %s that does not match the client', f.conrelid::regclass, f.conname, f.confrelid::regclass)
FROM pg_constraint f
JOIN client_col child ON child.oid = f.conrelid
JOIN client_col parent ON parent.oid = f.confrelid
WHERE f.contype = 'f' AND NOT EXISTS (
    SELECT 1 FROM unnest(f.conkey, f.confkey) p (c, r) WHERE p.c = child.attnum AND p.r = parent.attnum)
UNION ALL
SELECT format('%s.%s: a foreign key to %s from a table without client_id', f.conrelid::regclass, f.conname, f.confrelid::regclass)
FROM pg_constraint f
WHERE f.contype = 'f' AND f.confrelid IN (SELECT oid FROM client_tables)
  AND f.conrelid NOT IN (SELECT oid FROM client_tables)
ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		name, _, _ := strings.Cut(p, ":")
		if !slices.Contains(shardingExceptions, name) {
			problems = append(problems, p)
		}
	}
	return problems, rows.Err()
}

// The migrated schema is ready to shard by client: every key of a client's data holds client_id.
func TestClientKeysHoldClientID(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	problems, err := shardingProblems(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// sharedTables hold no client's rows: every other table of the public schema has client_id
// (clients' own key is its id), so that the keys above cover every table of a client's data.
var sharedTables = map[string]string{
	"chain_transactions":  "public chain data per (chain, hash), shared by every client",
	"clients":             "the client itself (its id is the client)",
	"email_outbox":        "a partner's or the service's mail, by recipient",
	"goose_db_version":    "goose's migration record",
	"idempotency_keys":    "a partner's request keys",
	"job_heartbeats":      "attempts of river jobs, by job id",
	"links":               "a partner's wallet links, before a client exists",
	"login_failures":      "login throttling, by identity",
	"partner_credentials": "a partner's API credentials",
	"partners":            "the partners",
	"prices":              "market prices, shared by every client",
	"river_job":           "river's jobs (args name the client where one applies)",
	"river_leader":        "river's leader election",
	"river_migration":     "river's migration record",
	"river_notification":  "river's notifications",
	"river_queue":         "river's queues",
	"used_chain_checks":   "chain activity of an address, shared by every client",
	"users":               "people, who may act for several clients",
	"webhook_deliveries":  "a partner's webhook deliveries",
	"webhook_endpoints":   "a partner's webhook endpoints",
	"webhook_events":      "a partner's webhook events",
}

// Every table of the public schema either holds client_id or is a shared table: a new table of a
// client's rows (a result table, a child of a ledger table) cannot leave the client out.
func TestEveryClientTableHoldsClientID(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	rows, err := pool.Query(context.Background(), `SELECT c.relname FROM pg_class c
		WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		  AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped)
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	without, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range without {
		if _, ok := sharedTables[name]; !ok {
			t.Errorf("table %s has no client_id: add it (in its keys) or list it in sharedTables with the reason", name)
		}
	}
	for name := range sharedTables {
		if !slices.Contains(without, name) {
			t.Errorf("sharedTables lists %s, which holds client_id or no longer exists", name)
		}
	}
}

// The check finds each kind of key that lacks the client.
func TestShardingProblemsFindsKeysWithoutClient(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	ctx := context.Background()
	for _, q := range []string{
		`CREATE TABLE lint_parent (id uuid PRIMARY KEY, client_id uuid NOT NULL REFERENCES clients (id), code text UNIQUE)`,
		`CREATE UNIQUE INDEX lint_parent_code_client ON lint_parent (lower(code), client_id)`,
		`CREATE UNIQUE INDEX lint_parent_code_lower ON lint_parent (lower(code))`,
		`CREATE TABLE lint_child (client_id uuid NOT NULL, parent_id uuid REFERENCES lint_parent (id), PRIMARY KEY (parent_id, client_id))`,
		`CREATE TABLE lint_shared (parent_id uuid REFERENCES lint_parent (id))`,
	} {
		if _, err := pool.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	problems, err := shardingProblems(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"lint_child.lint_child_parent_id_fkey: a foreign key to lint_parent that does not match the client",
		"lint_parent.lint_parent_code_key: a key without client_id",
		"lint_parent.lint_parent_code_lower: a key without client_id",
		"lint_parent.lint_parent_pkey: a key without client_id",
		"lint_shared.lint_shared_parent_id_fkey: a foreign key to lint_parent from a table without client_id",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}
