package server_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"testing"

	"taxd/internal/apperr"
	"taxd/internal/graph"
	"taxd/internal/rest"
)

// Every apperr.Kind (each constant of apperr's Kind block, read from its source, so a new one is
// found) maps to its own status in REST and its own code in GraphQL: none falls through to the
// internal error's 500 and INTERNAL.
func TestEveryErrorKindMapsInBothTransports(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../apperr/apperr.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || len(g.Specs) == 0 {
			continue
		}
		if first := g.Specs[0].(*ast.ValueSpec); first.Type == nil || first.Type.(*ast.Ident).Name != "Kind" {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				names = append(names, n.Name)
			}
		}
	}
	if len(names) < 12 || names[0] != "Internal" {
		t.Fatalf("the Kind constants of apperr: %v", names)
	}
	for i, name := range names {
		k := apperr.Kind(i) // iota
		w := httptest.NewRecorder()
		rest.WriteError(w, httptest.NewRequest(http.MethodGet, "/api/x", nil), apperr.New(k, "x"))
		code := graph.Code(k)
		if name == "Internal" {
			if w.Code != http.StatusInternalServerError || code != graph.CodeInternal {
				t.Errorf("Internal: REST %d, GraphQL %s", w.Code, code)
			}
			continue
		}
		if k.String() == "internal" {
			t.Errorf("%s: String() is %q", name, k.String())
		}
		if w.Code == http.StatusInternalServerError {
			t.Errorf("%s: REST status %d", name, w.Code)
		}
		if code == graph.CodeInternal || code == "" {
			t.Errorf("%s: GraphQL code %q", name, code)
		}
	}
}
