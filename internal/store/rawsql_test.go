package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// SQL of the application lives in sqlc (sql/queries/<package>.sql, one file per package that runs
// it). A raw call site (Query, QueryRow, Exec, SendBatch, CopyFrom, or a batch's Queue, with SQL
// written in Go) is allowed only where sqlc cannot express the statement; each one is listed here
// by file with the reason. The ratchet only goes down: a new site fails, and a file with fewer
// sites than listed fails until its allowance is lowered.
var rawSQLAllowed = map[string]struct {
	sites  int
	reason string
}{
	"internal/auth/scope.go":          {1, "scopeForRow runs the owner lookup its caller passes (one per row kind)"},
	"internal/clients/insights.go":    {3, "an insight's count and ids over its pattern's filter (dynamic filter)"},
	"internal/ledger/fields.go":       {1, "bulk update from arrays with NULL elements (sqlc's array parameters cannot carry NULLs)"},
	"internal/ledger/import.go":       {14, "the import: COPY into a temp table and the set-wise statements over it"},
	"internal/ledger/pairsuggest.go":  {1, "pair suggestions over the transaction filter (squirrel: dynamic filter)"},
	"internal/ledger/query.go":        {8, "the transaction filter (squirrel, where.go), its session settings and EXPLAIN; the search pre-read and BalancesAfter use ARRAY() and VALUES columns sqlc cannot type"},
	"internal/ledger/summary.go":      {2, "the summary over the transaction filter (squirrel) and its ARRAY() pre-read"},
	"internal/recalc/copybin.go":      {4, "the result write: binary COPY of the result rows, and the year summaries and checkpoints in one round trip (a pgx batch of the engine's decimals at full scale)"},
	"internal/recalc/ledgerjoin.go":   {4, "the ledger read: an imported snapshot and binary-format streams"},
	"internal/server/database.go":     {2, "CREATE DATABASE of the local development database"},
}

// rawSQLExcludedDirs hold tooling, not the application: their raw SQL is not counted.
var rawSQLExcludedDirs = map[string]string{
	"internal/pgtest":      "test database tooling (templates, clones, EXPLAIN)",
	"internal/testfactory": "test fixtures",
	"internal/testwait":    "test waits (the lock probe reads pg_stat_activity)",
	"internal/fakes":       "fake providers for tests",
	"internal/bench":       "benchmark fixtures (COPY of generated ledgers)",
	"cmd/taxd-bare":        "make bench's yardstick: net/http and pgx alone, on purpose",
}

// rawSQLExcludedFiles are tooling files in application directories.
var rawSQLExcludedFiles = map[string]string{
	"cmd/taxd/bench.go":        "the bench command's fixture handling",
	"cmd/taxd/bench_import.go": "the bench command's fixture handling",
}

// maxRawSQLSites caps the sum of the allowances; it only goes down.
const maxRawSQLSites = 40

func TestRawSQLRatchet(t *testing.T) {
	root := "../.."
	found := map[string][]string{} // file -> positions
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if _, ok := rawSQLExcludedDirs[rel]; ok {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
				return nil
			}
			if _, ok := rawSQLExcludedFiles[rel]; ok {
				return nil
			}
			sites, err := rawSQLSites(path)
			if err != nil {
				return err
			}
			if len(sites) > 0 {
				found[rel] = sites
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for file, sites := range found {
		total += len(sites)
		allowed, ok := rawSQLAllowed[file]
		switch {
		case !ok:
			t.Errorf("%s: %d raw SQL call sites (%s): move the SQL to sqlc (sql/queries/<package>.sql)", file, len(sites), strings.Join(sites, ", "))
		case len(sites) > allowed.sites:
			t.Errorf("%s: %d raw SQL call sites, %d allowed (%s): move the new SQL to sqlc", file, len(sites), allowed.sites, allowed.reason)
		case len(sites) < allowed.sites:
			t.Errorf("%s: %d raw SQL call sites, fewer than the %d allowed: lower its allowance in rawSQLAllowed", file, len(sites), allowed.sites)
		}
	}
	sum := 0
	for file, a := range rawSQLAllowed {
		sum += a.sites
		if _, ok := found[file]; !ok {
			t.Errorf("%s is allowed %d raw SQL call sites but has none: remove it from rawSQLAllowed", file, a.sites)
		}
	}
	if sum > maxRawSQLSites {
		t.Errorf("the allowances add up to %d raw SQL call sites, more than %d", sum, maxRawSQLSites)
	}
	t.Logf("%d raw SQL call sites in %d files", total, len(found))
}

// rawSQLSites are the positions of the raw SQL calls of a Go file: a method call Query, QueryRow
// or Exec with a context and SQL, SendBatch, CopyFrom, or Queue with SQL (calls on a package, such
// as mail.Queue, and url.Values' Query() are not SQL).
func rawSQLSites(path string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	pkgs := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		pkgs[name] = true
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && pkgs[id.Name] {
			return true
		}
		min := map[string]int{"Query": 2, "QueryRow": 2, "Exec": 2, "SendBatch": 2, "CopyFrom": 3, "Queue": 1}[sel.Sel.Name]
		if min == 0 || len(call.Args) < min {
			return true
		}
		if sel.Sel.Name == "Queue" && slices.ContainsFunc(call.Args[:1], func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "ctx" }) {
			return true
		}
		out = append(out, strconv.Itoa(fset.Position(call.Pos()).Line))
		return true
	})
	return out, nil
}
