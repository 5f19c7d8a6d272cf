package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// gqlExamplesDir holds one `<operationName>.graphql` document and one `<operationName>.json`
// expectation per example (see graphql/examples/README.md).
const gqlExamplesDir = "graphql/examples"

// gqlDomainFiles are the SDL files, one per domain.
var gqlDomainFiles = []string{
	"accounts.graphqls", "clients.graphqls", "portfolio.graphqls",
	"scalars.graphqls", "tax.graphqls", "transactions.graphqls",
}

// gqlErrorCodes are the values allowed in errors[].extensions.code.
var gqlErrorCodes = []string{
	"UNAUTHENTICATED", "FORBIDDEN", "BAD_USER_INPUT", "NOT_FOUND", "CONFLICT",
	"TAXES_LOCKED", "NOT_IMPLEMENTED", "ROOT_SELECTION_LIMIT_EXCEEDED", "INTERNAL_SERVER_ERROR",
	"REQUEST_TOO_LARGE", // createUploadUrl with a size over the upload limit
}

// gqlLoadSchema parses and validates every embedded SDL file.
func gqlLoadSchema(t *testing.T) *ast.Schema {
	t.Helper()
	var sources []*ast.Source
	err := fs.WalkDir(GraphQL, "graphql", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".graphqls") {
			return err
		}
		b, err := fs.ReadFile(GraphQL, p)
		if err != nil {
			return err
		}
		sources = append(sources, &ast.Source{Name: p, Input: string(b)})
		return nil
	})
	if err != nil {
		t.Fatalf("reading embedded SDL: %v", err)
	}
	if len(sources) == 0 {
		t.Fatal("no SDL files embedded under graphql/")
	}
	schema, gerr := gqlparser.LoadSchema(sources...)
	if gerr != nil {
		t.Fatalf("SDL does not load: %v", gerr)
	}
	return schema
}

// gqlUserTypes returns the schema's own (not built-in, not introspection) types, by name.
func gqlUserTypes(schema *ast.Schema) []*ast.Definition {
	var out []*ast.Definition
	for name, def := range schema.Types {
		if def.BuiltIn || strings.HasPrefix(name, "__") {
			continue
		}
		out = append(out, def)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func TestGraphQLSchemaLoads(t *testing.T) {
	schema := gqlLoadSchema(t)
	for _, f := range gqlDomainFiles {
		if _, err := fs.Stat(GraphQL, path.Join("graphql", f)); err != nil {
			t.Errorf("domain file %s is missing", f)
		}
	}
	if schema.Query == nil || schema.Query.Name != "Query" {
		t.Fatal("the query root must be the type Query")
	}
	if schema.Mutation == nil || schema.Mutation.Name != "Mutation" {
		t.Fatal("the mutation root must be the type Mutation")
	}
	if schema.Subscription != nil {
		t.Errorf("the schema must have no subscription root, has %s", schema.Subscription.Name)
	}
	if def := schema.Types["Subscription"]; def == nil || def.Kind != ast.Object {
		t.Error("Subscription must be an ordinary object type (the billing entity)")
	}
	for _, s := range []string{"Date", "JSON", "Cents"} {
		if def := schema.Types[s]; def == nil || def.Kind != ast.Scalar {
			t.Errorf("scalar %s is missing", s)
		}
	}
	var n int
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation} {
		for _, f := range root.Fields {
			if !strings.HasPrefix(f.Name, "__") {
				n++
			}
		}
	}
	// the seed's 76, createUploadUrl (files in by upload), and the portal's getTransferPairSuggestions
	// and getForm8949PreviewForYear
	if want := SeedOperations + len(OperationsBeyondSeed); n != want {
		t.Errorf("Query and Mutation have %d fields together, want %d: the seed's and OperationsBeyondSeed", n, want)
	}
	for _, name := range OperationsBeyondSeed {
		if schema.Query.Fields.ForName(name) == nil && schema.Mutation.Fields.ForName(name) == nil {
			t.Errorf("OperationsBeyondSeed names %s, which the schema lacks", name)
		}
	}
	if f := schema.Mutation.Fields.ForName("splitTransaction"); f == nil || f.Directives.ForName("deprecated") == nil {
		t.Error("Mutation.splitTransaction must carry @deprecated")
	}
	perm := schema.Types["ClientApiKeyPermissionLevelEnum"]
	if perm == nil || perm.EnumValues.ForName("Read") == nil || perm.EnumValues.ForName("ReadWrite") == nil {
		t.Error("ClientApiKeyPermissionLevelEnum must have the values Read and ReadWrite")
	}
}

func TestGraphQLDescriptions(t *testing.T) {
	schema := gqlLoadSchema(t)
	for _, def := range gqlUserTypes(schema) {
		if strings.TrimSpace(def.Description) == "" {
			t.Errorf("type %s has no description", def.Name)
		}
		for _, f := range def.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			if strings.TrimSpace(f.Description) == "" {
				t.Errorf("field %s.%s has no description", def.Name, f.Name)
			}
			for _, a := range f.Arguments {
				if strings.TrimSpace(a.Description) == "" {
					t.Errorf("argument %s.%s(%s) has no description", def.Name, f.Name, a.Name)
				}
			}
		}
		for _, v := range def.EnumValues {
			if strings.TrimSpace(v.Description) == "" {
				t.Errorf("enum value %s.%s has no description", def.Name, v.Name)
			}
		}
	}
	// The error vocabulary is documented on Query and mirrored by the enum ErrorCode.
	codes := schema.Types["ErrorCode"]
	if codes == nil {
		t.Fatal("enum ErrorCode is missing")
	}
	for _, c := range gqlErrorCodes {
		if codes.EnumValues.ForName(c) == nil {
			t.Errorf("ErrorCode lacks %s", c)
		}
		if !strings.Contains(schema.Query.Description, c) {
			t.Errorf("the Query description does not document %s", c)
		}
	}
}

// TestGraphQLConventions checks the money conventions: every ...Cents field or argument is the
// 64-bit Cents scalar (GraphQL Int is 32-bit), and every ...Formatted field is a String.
func TestGraphQLConventions(t *testing.T) {
	schema := gqlLoadSchema(t)
	for _, def := range gqlUserTypes(schema) {
		for _, f := range def.Fields {
			if strings.HasSuffix(f.Name, "Cents") && f.Type.Name() != "Cents" {
				t.Errorf("%s.%s ends in Cents but is %s", def.Name, f.Name, f.Type)
			}
			if strings.HasSuffix(f.Name, "Formatted") && f.Type.Name() != "String" {
				t.Errorf("%s.%s ends in Formatted but is %s", def.Name, f.Name, f.Type)
			}
			for _, a := range f.Arguments {
				if strings.HasSuffix(a.Name, "Cents") && a.Type.Name() != "Cents" {
					t.Errorf("%s.%s(%s) ends in Cents but is %s", def.Name, f.Name, a.Name, a.Type)
				}
			}
		}
	}
	for _, tn := range []string{"Transaction", "Transfer"} {
		def := schema.Types[tn]
		if f := def.Fields.ForName("capGainsSumSigned"); f == nil || f.Type.String() != "String" {
			t.Errorf("%s.capGainsSumSigned must be String (signed cents)", tn)
		}
		if f := def.Fields.ForName("capGainsSum"); f == nil || f.Type.Name() != "Cents" {
			t.Errorf("%s.capGainsSum must be Cents", tn)
		}
	}
}

// gqlExample is the JSON file beside an example document.
type gqlExample struct {
	Description string         `json:"description"`
	Auth        string         `json:"auth"`
	Variables   map[string]any `json:"variables"`
	Expect      struct {
		Data   map[string]any `json:"data"`
		Errors []struct {
			Extensions struct {
				Code string `json:"code"`
			} `json:"extensions"`
		} `json:"errors"`
	} `json:"expect"`
	Volatile []string `json:"volatile"`
}

func TestGraphQLExamples(t *testing.T) {
	schema := gqlLoadSchema(t)
	docs, err := filepath.Glob(filepath.Join(gqlExamplesDir, "*.graphql"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no example documents in %s (%v)", gqlExamplesDir, err)
	}
	jsons, _ := filepath.Glob(filepath.Join(gqlExamplesDir, "*.json"))
	for _, j := range jsons {
		if _, err := os.Stat(strings.TrimSuffix(j, ".json") + ".graphql"); err != nil {
			t.Errorf("%s has no .graphql document beside it", j)
		}
	}

	covered := map[string]bool{} // "Query.getX" / "Mutation.createY"
	for _, docPath := range docs {
		name := strings.TrimSuffix(filepath.Base(docPath), ".graphql")
		t.Run(name, func(t *testing.T) {
			for _, root := range gqlCheckExample(t, schema, docPath, name) {
				covered[root] = true
			}
		})
	}

	for _, root := range []*ast.Definition{schema.Query, schema.Mutation} {
		for _, f := range root.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			if !covered[root.Name+"."+f.Name] {
				t.Errorf("%s.%s has no example in %s", root.Name, f.Name, gqlExamplesDir)
			}
		}
	}
}

// gqlCheckExample validates one example and returns the root fields it exercises.
func gqlCheckExample(t *testing.T, schema *ast.Schema, docPath, name string) []string {
	src, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, perr := parser.ParseQuery(&ast.Source{Name: docPath, Input: string(src)})
	if perr != nil {
		t.Fatalf("does not parse: %v", perr)
	}
	if errs := validator.ValidateWithRules(schema, doc, nil); len(errs) > 0 {
		t.Fatalf("does not validate against the schema: %v", errs)
	}
	if len(doc.Operations) != 1 {
		t.Fatalf("holds %d operations, want exactly one", len(doc.Operations))
	}
	op := doc.Operations[0]
	if op.Name != name {
		t.Errorf("operation is named %q, want the file name %q", op.Name, name)
	}
	if op.Operation == ast.Subscription {
		t.Fatal("subscriptions do not exist in this API")
	}
	rootDef := schema.Query
	if op.Operation == ast.Mutation {
		rootDef = schema.Mutation
	}
	rootFields := gqlCollectFields(op.SelectionSet)

	raw, err := os.ReadFile(strings.TrimSuffix(docPath, ".graphql") + ".json")
	if err != nil {
		t.Fatalf("expectation file missing: %v", err)
	}
	var ex gqlExample
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ex); err != nil {
		t.Fatalf("expectation file does not decode: %v", err)
	}
	if !slices.Contains([]string{"readWrite", "read", "none"}, ex.Auth) {
		t.Errorf("auth is %q, want readWrite, read or none", ex.Auth)
	}
	if ex.Variables == nil {
		t.Error("variables must be present (an empty object when there are none)")
	}
	if _, err := validator.VariableValues(schema, op, ex.Variables); err != nil {
		t.Errorf("variables do not fit the operation: %v", err)
	}
	for k := range ex.Variables {
		if op.VariableDefinitions.ForName(k) == nil {
			t.Errorf("variable %q is not declared by the operation", k)
		}
	}

	hasData, hasErrors := ex.Expect.Data != nil, len(ex.Expect.Errors) > 0
	if hasData == hasErrors {
		t.Fatal("expect must hold exactly one of data and errors")
	}
	var codes []string
	for _, e := range ex.Expect.Errors {
		if !slices.Contains(gqlErrorCodes, e.Extensions.Code) {
			t.Errorf("unknown error code %q", e.Extensions.Code)
		}
		codes = append(codes, e.Extensions.Code)
	}

	// One root field per operation, except in the example that shows the limit.
	if slices.Contains(codes, "ROOT_SELECTION_LIMIT_EXCEEDED") {
		if len(rootFields) < 2 {
			t.Error("a ROOT_SELECTION_LIMIT_EXCEEDED example needs more than one root field")
		}
	} else if len(rootFields) != 1 {
		t.Errorf("selects %d root fields, exactly one is allowed", len(rootFields))
	}
	if ex.Auth == "none" && !slices.Equal(codes, []string{"UNAUTHENTICATED"}) {
		t.Error("a request without credentials must expect UNAUTHENTICATED")
	}
	if ex.Auth == "read" && op.Operation == ast.Mutation && !slices.Equal(codes, []string{"FORBIDDEN"}) {
		t.Error("a mutation with a Read key must expect FORBIDDEN")
	}

	if hasData {
		gqlShape{t: t, schema: schema}.object("data", rootDef, op.SelectionSet, ex.Expect.Data)
		for _, p := range ex.Volatile {
			if !gqlPathExists(ex.Expect.Data, p) {
				t.Errorf("volatile path %q is not in expect.data", p)
			}
		}
	} else if len(ex.Volatile) > 0 {
		t.Error("volatile paths make sense only with expect.data")
	}

	var roots []string
	for _, f := range rootFields {
		roots = append(roots, rootDef.Name+"."+f.Name)
	}
	return roots
}

// gqlCollectFields flattens fragment spreads and inline fragments of one selection set.
func gqlCollectFields(set ast.SelectionSet) []*ast.Field {
	var out []*ast.Field
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			out = append(out, s)
		case *ast.InlineFragment:
			out = append(out, gqlCollectFields(s.SelectionSet)...)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				out = append(out, gqlCollectFields(s.Definition.SelectionSet)...)
			}
		}
	}
	return out
}

// gqlShape checks expected response data against an operation's selection sets.
type gqlShape struct {
	t      *testing.T
	schema *ast.Schema
}

// object checks that an expected object has exactly the selected response keys and that every
// value fits its field's type.
func (c gqlShape) object(where string, def *ast.Definition, set ast.SelectionSet, v any) {
	c.t.Helper()
	obj, ok := v.(map[string]any)
	if !ok {
		c.t.Errorf("%s: want an object of type %s, have %T", where, def.Name, v)
		return
	}
	fields := map[string]*ast.Field{}
	for _, f := range gqlCollectFields(set) {
		fields[f.Alias] = f
	}
	for k := range obj {
		if fields[k] == nil {
			c.t.Errorf("%s.%s: not selected by the operation", where, k)
		}
	}
	for key, f := range fields {
		val, present := obj[key]
		if !present {
			c.t.Errorf("%s.%s: selected but missing from the expected data", where, key)
			continue
		}
		if f.Name == "__typename" {
			if _, ok := val.(string); !ok {
				c.t.Errorf("%s.%s: want a string", where, key)
			}
			continue
		}
		fd := def.Fields.ForName(f.Name)
		if fd == nil {
			c.t.Errorf("%s.%s: %s has no field %s", where, key, def.Name, f.Name)
			continue
		}
		c.value(where+"."+key, fd.Type, f.SelectionSet, val)
	}
}

// value checks one expected value against a field type.
func (c gqlShape) value(where string, typ *ast.Type, set ast.SelectionSet, v any) {
	c.t.Helper()
	if v == nil {
		if typ.NonNull {
			c.t.Errorf("%s: null for non-null type %s", where, typ)
		}
		return
	}
	if typ.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			c.t.Errorf("%s: want a list for %s, have %T", where, typ, v)
			return
		}
		for i, e := range list {
			c.value(fmt.Sprintf("%s.%d", where, i), typ.Elem, set, e)
		}
		return
	}
	def := c.schema.Types[typ.NamedType]
	if def == nil {
		c.t.Errorf("%s: unknown type %s", where, typ.NamedType)
		return
	}
	switch def.Kind {
	case ast.Object:
		c.object(where, def, set, v)
	case ast.Enum:
		s, ok := v.(string)
		if !ok || def.EnumValues.ForName(s) == nil {
			c.t.Errorf("%s: %v is not a value of %s", where, v, def.Name)
		}
	case ast.Scalar:
		if msg := gqlCheckScalar(def.Name, v); msg != "" {
			c.t.Errorf("%s: %s", where, msg)
		}
	default:
		c.t.Errorf("%s: unexpected output kind %s", where, def.Kind)
	}
}

func gqlCheckScalar(name string, v any) string {
	switch name {
	case "String", "ID":
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("want a string for %s, have %T", name, v)
		}
	case "Boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("want a boolean, have %T", v)
		}
	case "Int", "Cents":
		n, ok := v.(json.Number)
		if !ok {
			return fmt.Sprintf("want an integer for %s, have %T", name, v)
		}
		i, err := strconv.ParseInt(n.String(), 10, 64)
		if err != nil {
			return fmt.Sprintf("want an integer for %s, have %s", name, n)
		}
		if name == "Int" && (i < math.MinInt32 || i > math.MaxInt32) {
			return fmt.Sprintf("%d overflows a 32-bit Int", i)
		}
		if name == "Cents" && (i > 1<<53-1 || i < -(1<<53-1)) {
			return fmt.Sprintf("%d is beyond the exact JSON range of Cents", i)
		}
	case "Float":
		n, ok := v.(json.Number)
		if !ok {
			return fmt.Sprintf("want a number, have %T", v)
		}
		if _, err := n.Float64(); err != nil {
			return fmt.Sprintf("want a number, have %s", n)
		}
	case "Date":
		s, ok := v.(string)
		if !ok {
			return fmt.Sprintf("want a Date string, have %T", v)
		}
		// Output form: RFC 3339, UTC, milliseconds.
		if _, err := time.Parse("2006-01-02T15:04:05.000Z", s); err != nil {
			return fmt.Sprintf("Date %q is not RFC 3339 UTC with milliseconds", s)
		}
	case "JSON":
	default:
		return "unknown scalar " + name
	}
	return ""
}

// gqlPathExists reports whether a dot path (object keys and list indexes) exists in v.
func gqlPathExists(v any, p string) bool {
	cur := v
	for _, part := range strings.Split(p, ".") {
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[part]
			if !ok {
				return false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(c) {
				return false
			}
			cur = c[i]
		default:
			return false
		}
	}
	return true
}
