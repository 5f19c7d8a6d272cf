package recalc

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
)

// A full run of a large ledger writes its disposal pieces into a table of its own ("own table"):
// tax_disposals is partitioned by range of result_set_id (migration 00310), every other set lives
// in its shared partition, and a set whose id is at or above ownTablesFloor has a partition of its
// own. The pieces are copied into the new table with no index, the parent's indexes are built
// afterwards on both connections, the table is analyzed and then attached, all before the switch.
// At a million transactions the pieces' index entries inserted row by row into the shared indexes
// cost 9-15 s of Postgres CPU, their sorted builds 7.3 s, split over two connections.
//
// Invariants:
//   - a set has its own table exactly when its id is at or above ownTablesFloor; the table is named
//     after the id's last eight bytes (ownTableName), so Cleanup finds it from the id;
//   - the table is attached before the switch makes the set current, and dropped (detached
//     concurrently first) before the stale set's row is deleted, so a current set's pieces are
//     always reachable through the parent, and a set row outlives its table;
//   - the own table holds exactly the rows one COPY into the parent would have written (nothing
//     fires on tax_disposals' inserts).
//
// An incremental run later writes into the set's partition through the parent, as into the shared
// one. tax_transaction_results is not partitioned: PostgreSQL 15 does not remove an unused LEFT
// JOIN to a partitioned table (see migration 00310).

// ownTablesFloor is the lowest id of a set with tables of its own: the partitions' bound in
// migration 00310. Every v7 id lies below it.
var ownTablesFloor = uuid.MustParse("ffffffff-ffff-ffff-0000-000000000000")

// ownTablesFrom is the size of a full run's result (pieces plus transactions) from which its
// pieces are written into a table of their own: a client with a smaller ledger adds no partition.
// At 200,000 transactions (233,000 pieces) loading a fresh table and building its indexes already
// took 2.6 s against 4.1-4.7 s for the same rows into the shared indexes.
var ownTablesFrom = 100_000

// partitionedResultTables are the result tables partitioned by set.
var partitionedResultTables = []string{"tax_disposals"}

// ownTablesSetID returns a new id for a set with tables of its own: ownTablesFloor's first eight
// bytes and eight random ones (never all 0xff, so the partition's upper bound, the id plus one,
// stays within its first eight bytes).
func ownTablesSetID() uuid.UUID {
	for {
		id := ownTablesFloor
		r := uuid.New()
		copy(id[8:], r[8:])
		if binary.BigEndian.Uint64(id[8:]) != ^uint64(0) {
			return id
		}
	}
}

// ownTablesUpperBound is the exclusive upper bound of set rs's partitions: rs plus one.
func ownTablesUpperBound(rs uuid.UUID) uuid.UUID {
	binary.BigEndian.PutUint64(rs[8:], binary.BigEndian.Uint64(rs[8:])+1)
	return rs
}

// ownTableName is the name of set rs's own partition of parent.
func ownTableName(parent string, rs uuid.UUID) string {
	return parent + "_" + hex.EncodeToString(rs[8:])
}

// createOwnTables creates set rs's tables: the parents' columns, defaults and checks, and a check
// that every row is the set's (which lets ATTACH PARTITION skip its scan). No index yet.
func createOwnTables(ctx context.Context, pool *pgxpool.Pool, rs uuid.UUID) error {
	upper := ownTablesUpperBound(rs)
	for _, parent := range partitionedResultTables {
		child := ownTableName(parent, rs)
		sql := fmt.Sprintf(`CREATE TABLE %s (LIKE %s INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMPRESSION,
    CONSTRAINT %s CHECK (result_set_id >= '%s' AND result_set_id < '%s'))`,
			ident(child), ident(parent), ident(child+"_set"), rs, upper)
		if _, err := pool.Exec(ctx, sql); err != nil {
			return fmt.Errorf("create %s: %w", child, err)
		}
	}
	return nil
}

// indexBuild is one statement that completes an own table after its load.
type indexBuild struct {
	sql    string
	weight int // builds start heaviest first
}

// indexDefinition splits pg_get_indexdef's text of a partitioned index into its kind and the rest.
var indexDefinition = regexp.MustCompile(`^CREATE (UNIQUE )?INDEX \S+ ON ONLY \S+ (USING .*)$`)

// ownIndexBuilds returns the statements that build set rs's tables' indexes, the parents' own
// (PartitionedIndexes), each under "<table>_<the parent index's name after the parent's>", and
// then analyze the tables. A unique index for a primary key is made a constraint when the tables
// are attached (attachOwnTables), as ATTACH PARTITION matches a primary key only to one.
func ownIndexBuilds(ctx context.Context, q *db.Queries, rs uuid.UUID) (queue *indexQueue, primary map[string]string, err error) {
	var builds []indexBuild
	primary = map[string]string{}
	for _, parent := range partitionedResultTables {
		child := ownTableName(parent, rs)
		indexes, err := q.PartitionedIndexes(ctx, parent)
		if err != nil {
			return nil, nil, err
		}
		for _, ix := range indexes {
			m := indexDefinition.FindStringSubmatch(ix.Definition)
			if m == nil {
				return nil, nil, fmt.Errorf("index %s: unexpected definition %q", ix.Name, ix.Definition)
			}
			name := child + ix.Name[len(parent):]
			weight := 2 // a partial index holds some of the rows
			if !strings.Contains(m[2], " WHERE ") {
				weight = 3
			}
			if ix.PrimaryKey {
				primary[child] = name
			}
			builds = append(builds, indexBuild{sql: fmt.Sprintf("CREATE %sINDEX %s ON %s %s", m[1], ident(name), ident(child), m[2]), weight: weight})
		}
	}
	for _, parent := range partitionedResultTables {
		builds = append(builds, indexBuild{sql: "ANALYZE " + ident(ownTableName(parent, rs)), weight: 0})
	}
	sort.SliceStable(builds, func(i, j int) bool { return builds[i].weight > builds[j].weight })
	return &indexQueue{builds: builds}, primary, nil
}

// indexQueue hands set rs's index builds, heaviest first, to the store's connections as each
// finishes writing: the pieces' writer starts building while the other still writes the rest.
type indexQueue struct {
	mu     sync.Mutex
	builds []indexBuild
	next   int
}

func (q *indexQueue) take() (indexBuild, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.next == len(q.builds) {
		return indexBuild{}, false
	}
	q.next++
	return q.builds[q.next-1], true
}

// run takes builds until none is left, each in a transaction of its own with memory enough to
// sort in memory and no parallel workers (the two connections already use both cores). ANALYZE
// waits for the builds of its table (its lock conflicts with theirs), so it comes last.
func (q *indexQueue) run(ctx context.Context, pool *pgxpool.Pool) error {
	for b, ok := q.take(); ok; b, ok = q.take() {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SET LOCAL maintenance_work_mem = '256MB'; SET LOCAL max_parallel_maintenance_workers = 0"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, b.sql)
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: %w", b.sql, err)
		}
	}
	return nil
}

// attachOwnTables makes set rs's tables partitions of the parents, in one transaction. A table's primary key index becomes its constraint first; the bound
// check makes the attach a catalog change (no scan). Attaching takes SHARE UPDATE EXCLUSIVE on a
// parent: readers and writers of other sets go on.
func attachOwnTables(ctx context.Context, pool *pgxpool.Pool, rs uuid.UUID, primary map[string]string) error {
	upper := ownTablesUpperBound(rs)
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, parent := range partitionedResultTables {
			child := ownTableName(parent, rs)
			if key, ok := primary[child]; ok {
				if _, err := tx.Exec(ctx, fmt.Sprintf("ALTER TABLE %s ADD CONSTRAINT %s PRIMARY KEY USING INDEX %s", ident(child), ident(key), ident(key))); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, fmt.Sprintf("ALTER TABLE %s ATTACH PARTITION %s FOR VALUES FROM ('%s') TO ('%s')",
				ident(parent), ident(child), rs, upper)); err != nil {
				return fmt.Errorf("attach %s: %w", child, err)
			}
		}
		return nil
	})
}

// dropOwnTables drops set rs's tables: an attached one is detached concurrently first (readers of
// other sets never wait for it), and a detach an earlier cleanup left pending is finished. It
// holds no transaction open (DETACH ... CONCURRENTLY cannot run in one).
func dropOwnTables(ctx context.Context, pool *pgxpool.Pool, rs uuid.UUID) error {
	q := db.New(pool)
	for _, parent := range partitionedResultTables {
		child := ownTableName(parent, rs)
		st, err := q.PartitionState(ctx, child)
		if err != nil {
			return err
		}
		if !st.Present {
			continue
		}
		if st.Attached {
			how := "CONCURRENTLY"
			if st.DetachPending {
				how = "FINALIZE"
			}
			if _, err := pool.Exec(ctx, fmt.Sprintf("ALTER TABLE %s DETACH PARTITION %s %s", ident(parent), ident(child), how)); err != nil {
				return fmt.Errorf("detach %s: %w", child, err)
			}
		}
		if _, err := pool.Exec(ctx, "DROP TABLE IF EXISTS "+ident(child)); err != nil {
			return err
		}
	}
	return nil
}

func ident(name string) string { return pgx.Identifier{name}.Sanitize() }
