package webui

import (
	"bytes"
	"compress/gzip"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"taxd/spec"
	"taxd/web"
)

// portalBudget is the most the portal's script and styles may weigh, gzipped: the portal opens
// inside partners' apps, often on phones.
const portalBudget = 150 * 1024

// TestPortalBundleBudget keeps the built portal (web/dist, what taxd serves) within its budget.
func TestPortalBundleBudget(t *testing.T) {
	total := 0
	for _, name := range []string{"dist/portal/portal.js", "dist/portal/portal.css"} {
		b, err := web.Dist.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		_, _ = w.Write(b)
		_ = w.Close()
		t.Logf("%s: %d bytes, %d gzipped", name, len(b), z.Len())
		total += z.Len()
	}
	if total > portalBudget {
		t.Fatalf("the portal weighs %d bytes gzipped, over its budget of %d", total, portalBudget)
	}
}

var graphqlLiteral = regexp.MustCompile("/\\* GraphQL \\*/ `([^`]*)`")
var fragmentSpread = regexp.MustCompile(`\.\.\.([A-Za-z_][A-Za-z0-9_]*)`)

// TestPortalOperationsValidate checks every GraphQL operation of the portal (web/portal/gql.ts)
// against the public schema: the portal uses nothing a partner's own frontend could not.
func TestPortalOperationsValidate(t *testing.T) {
	src, err := os.ReadFile("../../web/portal/gql.ts")
	if err != nil {
		t.Fatal(err)
	}
	sdl, err := spec.SDL()
	if err != nil {
		t.Fatal(err)
	}
	schema, gerr := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphqls", Input: sdl})
	if gerr != nil {
		t.Fatal(gerr)
	}
	fragments := map[string]string{}
	var ops []string
	for _, m := range graphqlLiteral.FindAllStringSubmatch(string(src), -1) {
		doc := strings.TrimSpace(m[1])
		if name, ok := strings.CutPrefix(doc, "fragment "); ok {
			fragments[strings.Fields(name)[0]] = doc
			continue
		}
		ops = append(ops, doc)
	}
	if len(ops) < 30 {
		t.Fatalf("found %d operations in gql.ts; the extraction is broken", len(ops))
	}
	names := map[string]bool{}
	for _, op := range ops {
		full := op
		for _, s := range fragmentSpread.FindAllStringSubmatch(op, -1) {
			f, ok := fragments[s[1]]
			if !ok {
				t.Errorf("fragment %s is not defined in gql.ts", s[1])
				continue
			}
			full += "\n" + f
		}
		doc, errs := gqlparser.LoadQueryWithRules(schema, full, nil)
		if errs != nil {
			t.Errorf("%s\n%v", firstLine(op), errs)
			continue
		}
		if len(doc.Operations) != 1 || len(doc.Operations[0].SelectionSet) != 1 {
			t.Errorf("%s: one operation with one root field expected", firstLine(op))
			continue
		}
		name := doc.Operations[0].Name
		if !strings.HasPrefix(name, "Portal") || names[name] {
			t.Errorf("operation %q: names start with Portal and are unique", name)
		}
		names[name] = true
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }
