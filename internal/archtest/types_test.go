package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAdaptersSeeNoSQLCTypes is the boundary test by types: not only does no adapter file import
// gen/db, no value an adapter handles has a sqlc type, directly or in an exported field of a
// domain type (a service result that embeds a row would pass the import check and still tie the
// API to the schema).
func TestAdaptersSeeNoSQLCTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the export data of the adapters' dependencies")
	}
	imp := exportImporter(t, "taxd/internal/rest", "taxd/internal/graph")
	for _, dir := range adapters {
		found, err := sqlcTypesUsed(filepath.Join(root, dir), imp)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{} // one report per file and type
		for _, f := range found {
			if k := f.pos.Filename + " " + f.what; !seen[k] {
				seen[k] = true
				t.Errorf("%s: the adapter handles %s: map a domain type of the service instead", f.pos, f.what)
			}
		}
	}
}

func TestTypeCheckFindsASQLCType(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the export data of gen/db")
	}
	imp := exportImporter(t, genDB)
	found, err := sqlcTypesUsed("testdata/typed", imp)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		got = append(got, filepath.Base(f.pos.Filename)+" "+f.what)
	}
	slices.Sort(got)
	got = slices.Compact(got)
	if want := []string{"bad.go taxd/gen/db.Client"}; !slices.Equal(got, want) {
		t.Fatalf("sqlc types found in testdata/typed = %q, want %q", got, want)
	}
}

// notRows are the gen/db types an adapter may hold without touching a row: the auth services it
// is given (auth.ViewerAuthenticator and the partner authenticator) keep the connection they read
// credentials with in an exported field.
var notRows = map[string]string{
	"DBTX": "the connection interface, held by auth's services",
}

type sqlcUse struct {
	pos  token.Position
	what string
}

// sqlcTypesUsed type-checks the non-test files of dir and lists the expressions whose type is or
// holds (through pointers, slices, maps, functions and the exported fields of taxd's own struct
// types) a type declared in gen/db.
func sqlcTypesUsed(dir string, imp types.Importer) ([]sqlcUse, error) {
	files, err := goFiles(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(dir, fset, parsed, info); err != nil {
		return nil, err
	}
	var out []sqlcUse
	memo := map[types.Type]string{}
	for expr, tv := range info.Types {
		if what := sqlcIn(tv.Type, memo); what != "" {
			out = append(out, sqlcUse{pos: fset.Position(expr.Pos()), what: what})
		}
	}
	slices.SortFunc(out, func(a, b sqlcUse) int {
		return strings.Compare(fmt.Sprint(a.pos), fmt.Sprint(b.pos))
	})
	return out, nil
}

// sqlcIn names the gen/db type that t is or holds, or "".
func sqlcIn(t types.Type, memo map[types.Type]string) string {
	if what, ok := memo[t]; ok {
		return what
	}
	memo[t] = "" // cycles end here
	what := ""
	switch x := t.(type) {
	case *types.Named:
		obj := x.Obj()
		switch {
		case obj.Pkg() == nil:
		case obj.Pkg().Path() == genDB:
			if _, ok := notRows[obj.Name()]; !ok {
				what = genDB + "." + obj.Name()
			}
		case strings.HasPrefix(obj.Pkg().Path(), "taxd/internal/"):
			if s, ok := x.Underlying().(*types.Struct); ok {
				for i := range s.NumFields() {
					if f := s.Field(i); f.Exported() {
						if what = sqlcIn(f.Type(), memo); what != "" {
							break
						}
					}
				}
			}
		}
	case *types.Pointer:
		what = sqlcIn(x.Elem(), memo)
	case *types.Slice:
		what = sqlcIn(x.Elem(), memo)
	case *types.Array:
		what = sqlcIn(x.Elem(), memo)
	case *types.Map:
		if what = sqlcIn(x.Key(), memo); what == "" {
			what = sqlcIn(x.Elem(), memo)
		}
	case *types.Chan:
		what = sqlcIn(x.Elem(), memo)
	case *types.Tuple:
		for i := range x.Len() {
			if what = sqlcIn(x.At(i).Type(), memo); what != "" {
				break
			}
		}
	case *types.Signature:
		if what = sqlcIn(x.Params(), memo); what == "" {
			what = sqlcIn(x.Results(), memo)
		}
	}
	memo[t] = what
	return what
}

// exportImporter imports packages from the export data that `go list -export` builds for pkgs
// and their dependencies.
func exportImporter(t *testing.T, pkgs ...string) types.Importer {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-json=ImportPath,Export"}, pkgs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
	}
	return importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
}
