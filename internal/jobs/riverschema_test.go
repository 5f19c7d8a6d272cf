package jobs_test

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"taxd/internal/pgtest"
)

// sql/river/river_job.sql tells sqlc River's table, and sql/queries/river.sql holds every
// statement of taxd on it. Both were checked against one River migration version: when River
// ships a newer one (or the table's columns change), this fails so that someone reads River's
// migration, re-checks river.sql's statements (the takeover copies a job column by column) and
// updates the schema file and its version.
func TestRiverSchemaPinned(t *testing.T) {
	t.Parallel()
	ddl, err := os.ReadFile("../../sql/river/river_job.sql")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`at river migration version (\d+)`).FindSubmatch(ddl)
	if m == nil {
		t.Fatal("sql/river/river_job.sql does not name the river migration version it was checked against")
	}
	pinned, _ := strconv.Atoi(string(m[1]))

	migrator, err := rivermigrate.New(riverpgxv5.New(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	all := migrator.AllVersions()
	if latest := all[len(all)-1].Version; latest != pinned {
		t.Fatalf("River's latest migration is version %d; sql/river/river_job.sql and sql/queries/river.sql were checked against version %d", latest, pinned)
	}

	// The columns River's migrator created (pgtest's template ran it) are the file's.
	table := string(ddl[strings.Index(string(ddl), "CREATE TABLE river_job"):])
	var want []string
	for _, line := range strings.Split(table, "\n")[1:] {
		line = strings.TrimSpace(line)
		if line == ");" {
			break
		}
		want = append(want, strings.Fields(line)[0])
	}
	pool := pgtest.Pool(t)
	rows, err := pool.Query(context.Background(), `SELECT column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = 'river_job' ORDER BY ordinal_position`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("river_job's columns are %v; sql/river/river_job.sql has %v", got, want)
	}
}
