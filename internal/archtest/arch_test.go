package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// root is the module root, two levels above this package.
const root = "../.."

// genDB is the import path of the code sqlc generates from sql/queries.
const genDB = "taxd/gen/db"

// adapters are the transport packages: they map domain types to API types and call services with a
// scope, so they have no reason to see a sqlc row.
var adapters = []string{"internal/rest", "internal/graph"}

// notDomain are the packages under internal/ whose exported methods are not services on a client's
// data, so the scope rule does not apply to them, each with its reason.
var notDomain = map[string]string{
	"internal/auth": "makes the scopes: its constructors take the bare ids they authorise",
}

// allowed are single methods of domain packages that take a bare client id on purpose, each with
// its reason. Keys are "package.Type.Method".
var allowed = map[string]string{}

func TestAdaptersDoNotImportGenDB(t *testing.T) {
	for _, dir := range adapters {
		bad, err := filesImporting(filepath.Join(root, dir), genDB)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range bad {
			t.Errorf("%s imports %s: return a domain type from the service and map that (docs/architecture.md, Adapters)", f, genDB)
		}
	}
}

func TestBoundaryCheckFindsABadImport(t *testing.T) {
	bad, err := filesImporting("testdata/adapter", genDB)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"testdata/adapter/bad.go"}; !slices.Equal(bad, want) {
		t.Fatalf("files importing %s in testdata/adapter = %v, want %v", genDB, bad, want)
	}
}

func TestServiceMethodsTakeAScope(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(root, "internal", "*"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		rel, _ := filepath.Rel(root, dir)
		rel = filepath.ToSlash(rel)
		if _, skip := notDomain[rel]; skip {
			continue
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		bad, n, err := bareClientMethods(dir)
		if err != nil {
			t.Fatal(err)
		}
		checked += n
		for _, b := range bad {
			if _, ok := allowed[b.key]; ok {
				continue
			}
			t.Errorf("%s: %s takes %s: take an auth.ClientScope and call scope.Check() or CheckWrite() first (internal/auth/scope.go)", b.pos, b.key, b.what)
		}
	}
	if checked < 100 {
		t.Fatalf("checked only %d exported methods: is the walk reading the domain packages?", checked)
	}
	for k := range allowed {
		if !strings.Contains(k, ".") {
			t.Errorf("allowed key %q is not package.Type.Method", k)
		}
	}
}

func TestScopeCheckFindsBareClientIDs(t *testing.T) {
	bad, _, err := bareClientMethods("testdata/service")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range bad {
		got = append(got, b.key+" "+b.what)
	}
	want := []string{
		"service.Service.ByClientRow a db.Client",
		"service.Service.ByClientRowPtr a db.Client",
		"service.Service.ListCamel clientId uuid.UUID",
		"service.Service.ListForClient clientID uuid.UUID",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("bare client methods in testdata/service:\n got %q\nwant %q", got, want)
	}
}

// filesImporting lists the non-test Go files of dir that import path.
func filesImporting(dir, path string) ([]string, error) {
	files, err := goFiles(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == path {
				out = append(out, filepath.ToSlash(name))
			}
		}
	}
	return out, nil
}

type bareMethod struct {
	key  string // package.Type.Method
	what string // the parameter that gives the client away
	pos  token.Position
}

// bareClientMethods finds the exported methods of exported types in dir (non-test files) that take
// a client by a bare id (a uuid.UUID named clientID or clientId) or as a sqlc row (db.Client, or a
// pointer to one). It also returns how many exported methods it read.
func bareClientMethods(dir string) ([]bareMethod, int, error) {
	files, err := goFiles(dir)
	if err != nil {
		return nil, 0, err
	}
	var out []bareMethod
	n := 0
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, 0, err
		}
		dbName := importName(f, genDB, "db")
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() {
				continue
			}
			recv := receiverType(fn.Recv.List[0].Type)
			if !ast.IsExported(recv) {
				continue
			}
			n++
			key := fmt.Sprintf("%s.%s.%s", f.Name.Name, recv, fn.Name.Name)
			for _, field := range fn.Type.Params.List {
				if what := clientParam(field, dbName); what != "" {
					out = append(out, bareMethod{key: key, what: what, pos: fset.Position(fn.Pos())})
					break
				}
			}
		}
	}
	return out, n, nil
}

// clientParam names the parameter of field that passes a client without a scope, or "".
func clientParam(field *ast.Field, dbName string) string {
	typ := field.Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	sel, ok := typ.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, _ := sel.X.(*ast.Ident)
	if pkg == nil {
		return ""
	}
	if dbName != "" && pkg.Name == dbName && sel.Sel.Name == "Client" {
		return "a db.Client"
	}
	if pkg.Name == "uuid" && sel.Sel.Name == "UUID" {
		for _, n := range field.Names {
			if n.Name == "clientID" || n.Name == "clientId" {
				return n.Name + " uuid.UUID"
			}
		}
	}
	return ""
}

func receiverType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// importName is the name under which f imports path ("" when it does not).
func importName(f *ast.File, path, def string) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return def
		}
	}
	return ""
}

func goFiles(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if !strings.HasSuffix(n, "_test.go") {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}
