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
// written in Go) is allowed in two places only:
//
//   - rawSQLBulkFiles: the one file of a package where its hand-written COPY, temp-table and
//     binary-stream code lives. Their sites are not counted: bulk loading is what they are for.
//   - rawSQLAllowed: every other site, by file and function, with the reason sqlc cannot run its
//     statement. Their sum is capped by maxRawSQLSites.
//
// The ratchet only goes down: a new site fails, and a function with fewer sites than listed fails
// until its allowance is lowered.
var rawSQLBulkFiles = map[string]string{
	"internal/ledger/import.go":  "the import: COPY into a temp table and the set-wise statements over it",
	"internal/recalc/bulksql.go": "the ledger read as binary-format streams over an imported snapshot; the result write as binary COPY and a batch of the engine's decimals at full scale",
}

var rawSQLAllowed = map[string]struct {
	sites  int
	reason string
}{
	"internal/auth/scope.go scopeForRow":             {1, "runs the owner lookup its caller passes (one static query per row kind)"},
	"internal/clients/insights.go countAndIDs":       {1, "an insight's capped count and first ids over its pattern's query (the patterns share ledger's SQL, as getClientTransactions' insightPatternId filter)"},
	"internal/clients/insights.go members":           {1, "an insight's transactions in time order over its pattern's query (as countAndIDs): its first ids, the review queue's items"},
	"internal/ledger/fields.go updateTransactions":   {1, "bulk update from arrays with NULL elements (sqlc's array parameters cannot carry NULLs)"},
	"internal/ledger/pairsuggest.go PairSuggestions": {1, "pair suggestions over the transaction filter (squirrel)"},
	"internal/ledger/query.go filterCtx":             {1, "the search pre-read: an ARRAY() over a recursive CTE (the label skip scan), which sqlc cannot analyse"},
	"internal/ledger/query.go page":                  {1, "a page of the transaction filter, stretch by stretch (squirrel)"},
	"internal/ledger/query.go count":                 {1, "the transaction filter's count (squirrel)"},
	"internal/ledger/query.go queryRowWith":          {1, "a row of the transaction filter under planner settings (squirrel)"},
	"internal/ledger/query.go readOnlyWith":          {1, "the transaction filter's planner settings (SET LOCAL of a per-plan string)"},
	"internal/ledger/query.go BalancesAfter":         {1, "balances after transactions: a LATERAL VALUES list, whose column sqlc cannot resolve"},
	"internal/ledger/query.go collect":               {1, "rows of the transaction filter (squirrel)"},
	"internal/ledger/summary.go summaryFrom":         {1, "the summary over the transaction filter (squirrel)"},
	"internal/server/database.go Database":           {1, "CREATE DATABASE of the local development database (a name, not a parameter)"},
	"internal/store/snapshot.go WithSharedSnapshot":  {1, "SET TRANSACTION SNAPSHOT of an exported snapshot (a literal, not a parameter); the one place both two-connection reads join it"},
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

// maxRawSQLSites caps the sum of rawSQLAllowed; it only goes down.
const maxRawSQLSites = 15

func TestRawSQLRatchet(t *testing.T) {
	root := "../.."
	bulkDirs := map[string]string{}
	for file := range rawSQLBulkFiles {
		dir := filepath.Dir(file)
		if other, ok := bulkDirs[dir]; ok {
			t.Errorf("%s and %s are both bulk files of %s: a package has one", other, file, dir)
		}
		bulkDirs[dir] = file
	}
	found := map[string][]string{} // "file function" -> lines
	bulk := map[string]int{}       // bulk file -> sites
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
			for _, s := range sites {
				if _, ok := rawSQLBulkFiles[rel]; ok {
					bulk[rel]++
					continue
				}
				key := rel + " " + s.function
				found[key] = append(found[key], strconv.Itoa(s.line))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for key, lines := range found {
		total += len(lines)
		allowed, ok := rawSQLAllowed[key]
		switch {
		case !ok:
			t.Errorf("%s: %d raw SQL call sites (lines %s): move the SQL to sqlc (sql/queries/<package>.sql), or bulk code to its package's bulk file", key, len(lines), strings.Join(lines, ", "))
		case len(lines) > allowed.sites:
			t.Errorf("%s: %d raw SQL call sites, %d allowed (%s): move the new SQL to sqlc", key, len(lines), allowed.sites, allowed.reason)
		case len(lines) < allowed.sites:
			t.Errorf("%s: %d raw SQL call sites, fewer than the %d allowed: lower its allowance in rawSQLAllowed", key, len(lines), allowed.sites)
		}
	}
	sum := 0
	for key, a := range rawSQLAllowed {
		sum += a.sites
		if _, ok := found[key]; !ok {
			t.Errorf("%s is allowed %d raw SQL call sites but has none: remove it from rawSQLAllowed", key, a.sites)
		}
	}
	if sum > maxRawSQLSites {
		t.Errorf("the allowances add up to %d raw SQL call sites, more than %d", sum, maxRawSQLSites)
	}
	for file := range rawSQLBulkFiles {
		if bulk[file] == 0 {
			t.Errorf("%s is a bulk file without raw SQL call sites: remove it from rawSQLBulkFiles", file)
		}
	}
	t.Logf("%d counted raw SQL call sites (cap %d), %d in bulk files %v", total, maxRawSQLSites, sumOf(bulk), bulk)
}

func sumOf(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// rawSQLSite is a raw SQL call: its line and the function it is in (the method's name without
// its receiver; "" at package level).
type rawSQLSite struct {
	line     int
	function string
}

// rawSQLSites are the positions of the raw SQL calls of a Go file: a method call Query, QueryRow
// or Exec with a context and SQL, SendBatch, CopyFrom, or Queue with SQL (calls on a package, such
// as mail.Queue, and url.Values' Query() are not SQL).
func rawSQLSites(path string) ([]rawSQLSite, error) {
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
	var out []rawSQLSite
	for _, decl := range f.Decls {
		function := ""
		if fd, ok := decl.(*ast.FuncDecl); ok {
			function = fd.Name.Name
		}
		ast.Inspect(decl, func(n ast.Node) bool {
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
			out = append(out, rawSQLSite{line: fset.Position(call.Pos()).Line, function: function})
			return true
		})
	}
	return out, nil
}
