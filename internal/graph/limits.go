package graph

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/lexer"
	"github.com/vektah/gqlparser/v2/parser"
)

// Limits bound what one GraphQL request may cost. They apply before gqlgen parses and validates
// the document, so an abusive document costs one linear pass over at most MaxTokens tokens.
type Limits struct {
	MaxTokens  int // lexical tokens in the document
	MaxNesting int // nesting of { [ ( in the document (selections and literal values)
	MaxDepth   int // selection depth with fragments expanded
	// MaxIntrospectionDepth is the depth allowed to an operation that selects only introspection
	// fields (__schema, __type) where introspection is on: the standard introspection query of
	// GraphiQL and codegen tools nests type references 14 levels deep.
	MaxIntrospectionDepth int
	MaxAliases            int           // aliased fields in the document
	MaxDirectives         int           // directives in the document
	MaxComplexity         int           // selected fields with fragments expanded (each field costs 1)
	MaxErrors             int           // errors in one response (the rest are dropped and counted)
	MaxMessage            int           // bytes of one error message
	Timeout               time.Duration // the whole request: parse, validation and execution
}

// DefaultLimits are the documented limits (README "Limits", SDL `Query` description).
var DefaultLimits = Limits{
	MaxTokens:             10000,
	MaxNesting:            32,
	MaxDepth:              12,
	MaxIntrospectionDepth: 16,
	MaxAliases:            30,
	MaxDirectives:         50,
	MaxComplexity:         5000,
	MaxErrors:             20,
	MaxMessage:            1000,
	Timeout:               10 * time.Second,
}

func init() {
	// Limit errors answer like parse and validation failures: HTTP 422 and no data.
	errcode.RegisterErrorType(CodeQueryTooComplex, errcode.KindProtocol)
}

// limitsExtension enforces Limits and the text rule on every operation.
type limitsExtension struct {
	limits        Limits
	introspection bool // introspection is on: introspection-only operations get MaxIntrospectionDepth
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
	graphql.OperationContextMutator
	graphql.ResponseInterceptor
} = limitsExtension{}

func (limitsExtension) ExtensionName() string                   { return "Limits" }
func (limitsExtension) Validate(graphql.ExecutableSchema) error { return nil }

func tooComplex(format string, args ...any) *gqlerror.Error {
	return &gqlerror.Error{Message: fmt.Sprintf(format, args...), Extensions: map[string]any{"code": CodeQueryTooComplex}}
}

func badText(field, msg string) *gqlerror.Error {
	return &gqlerror.Error{Message: field + ": " + msg, Extensions: map[string]any{"code": CodeBadUserInput, "field": field}}
}

// MutateOperationParameters runs before gqlgen parses the document: a lexer pass counts tokens and
// nesting, then the parsed document is walked once with fragments memoised.
func (x limitsExtension) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	l := x.limits
	if err := checkVariables(p.Variables); err != nil {
		return err
	}
	lex := lexer.New(&ast.Source{Input: p.Query})
	tokens, nesting, maxNesting := 0, 0, 0
	for {
		tok, err := lex.ReadToken()
		if err != nil {
			return nil // gqlgen's parser reports the syntax error (GRAPHQL_PARSE_FAILED)
		}
		if tok.Kind == lexer.EOF {
			break
		}
		if tokens++; tokens > l.MaxTokens {
			return tooComplex("the document has more than %d tokens", l.MaxTokens)
		}
		switch tok.Kind {
		case lexer.BraceL, lexer.BracketL, lexer.ParenL:
			if nesting++; nesting > maxNesting {
				maxNesting = nesting
			}
		case lexer.BraceR, lexer.BracketR, lexer.ParenR:
			nesting--
		}
		if maxNesting > l.MaxNesting {
			return tooComplex("the document nests more than %d levels of braces, brackets or parentheses", l.MaxNesting)
		}
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: p.Query})
	if err != nil {
		return nil // reported by gqlgen with its position
	}
	w := &docWalk{ctx: ctx, limits: l, introspection: x.introspection, frags: map[string]*fragCost{}, fragDefs: map[string]*ast.FragmentDefinition{}}
	for _, f := range doc.Fragments {
		w.fragDefs[f.Name] = f
	}
	return w.run(doc)
}

// MutateOperationContext refuses introspection where it is disabled (production) with a clear
// FORBIDDEN instead of an execution failure. It reads the handler's setting rather than
// oc.DisableIntrospection, which gqlgen's Introspection extension clears only after this
// extension (registered first) has run.
func (x limitsExtension) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil || x.introspection {
		return nil
	}
	for _, f := range graphql.CollectFields(oc, oc.Operation.SelectionSet, nil) {
		if f.Name == "__schema" || f.Name == "__type" {
			return introspectionDisabled()
		}
	}
	return nil
}

func introspectionDisabled() *gqlerror.Error {
	return &gqlerror.Error{Message: "introspection is disabled on this deployment; the schema is published at /graphql/schema.graphqls",
		Extensions: map[string]any{"code": CodeForbidden}}
}

// selectsSchema reports whether set selects __schema or __type at its root.
func selectsSchema(set ast.SelectionSet) bool {
	for _, sel := range set {
		if f, ok := sel.(*ast.Field); ok && (f.Name == "__schema" || f.Name == "__type") {
			return true
		}
	}
	return false
}

// InterceptResponse caps the number and size of errors, so that no document can make the server
// build a response much larger than the document.
func (x limitsExtension) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil {
		return nil
	}
	capErrors(resp, x.limits)
	return resp
}

func capErrors(resp *graphql.Response, l Limits) {
	if n := len(resp.Errors); n > l.MaxErrors {
		first := resp.Errors[0]
		resp.Errors = append(resp.Errors[:l.MaxErrors-1:l.MaxErrors-1], &gqlerror.Error{
			Message:    fmt.Sprintf("%d more errors were left out", n-l.MaxErrors+1),
			Extensions: map[string]any{"code": first.Extensions["code"]},
		})
	}
	for _, e := range resp.Errors {
		if len(e.Message) > l.MaxMessage {
			e.Message = strings.ToValidUTF8(e.Message[:l.MaxMessage], "") + "..."
		}
		if len(e.Locations) > 5 {
			e.Locations = e.Locations[:5]
		}
	}
}

// fragCost is the memoised cost of one fragment: computed once however often it is spread.
type fragCost struct {
	fields, depth int
	state         int // 0 new, 1 in progress (a cycle, which validation reports), 2 done
}

type docWalk struct {
	ctx           context.Context
	limits        Limits
	introspection bool
	frags         map[string]*fragCost
	fragDefs      map[string]*ast.FragmentDefinition
	visited       int
	aliases       int
	dirs          int
	err           *gqlerror.Error
}

func (w *docWalk) run(doc *ast.QueryDocument) *gqlerror.Error {
	for _, op := range doc.Operations {
		w.directives(op.Directives)
		for _, v := range op.VariableDefinitions {
			w.value(v.DefaultValue, "$"+v.Variable)
			w.directives(v.Directives)
		}
		fields, depth := w.selections(op.SelectionSet)
		if w.err != nil {
			return w.err
		}
		if fields > w.limits.MaxComplexity {
			return tooComplex("the operation selects more than %d fields (fragments expanded)", w.limits.MaxComplexity)
		}
		maxDepth := w.limits.MaxDepth
		if introspectionOnly(op.SelectionSet) {
			if !w.introspection && selectsSchema(op.SelectionSet) {
				return introspectionDisabled() // whatever its depth: the answer is no
			}
			maxDepth = w.limits.MaxIntrospectionDepth
		}
		if depth > maxDepth {
			return tooComplex("the operation is nested more than %d levels deep", maxDepth)
		}
	}
	for _, f := range doc.Fragments {
		w.fragment(f.Name) // fragments no operation uses still cost validation
	}
	if w.err != nil {
		return w.err
	}
	if w.aliases > w.limits.MaxAliases {
		return tooComplex("the document has more than %d aliases", w.limits.MaxAliases)
	}
	if w.dirs > w.limits.MaxDirectives {
		return tooComplex("the document has more than %d directives", w.limits.MaxDirectives)
	}
	return nil
}

// introspectionOnly reports whether set selects only introspection fields at its root.
func introspectionOnly(set ast.SelectionSet) bool {
	for _, sel := range set {
		f, ok := sel.(*ast.Field)
		if !ok || (f.Name != "__schema" && f.Name != "__type" && f.Name != "__typename") {
			return false
		}
	}
	return len(set) > 0
}

// selections returns the fields selected by set (fragments expanded, saturating just above the
// complexity limit) and its depth.
func (w *docWalk) selections(set ast.SelectionSet) (fields, depth int) {
	for _, sel := range set {
		if w.err != nil {
			return fields, depth
		}
		if w.visited++; w.visited%1024 == 0 && w.ctx.Err() != nil {
			w.err = &gqlerror.Error{Message: "the request was cancelled or timed out", Extensions: map[string]any{"code": CodeTimeout}}
			return fields, depth
		}
		var f, d int
		switch s := sel.(type) {
		case *ast.Field:
			if s.Alias != "" && s.Alias != s.Name {
				w.aliases++
			}
			w.directives(s.Directives)
			for _, a := range s.Arguments {
				w.value(a.Value, a.Name)
			}
			f, d = w.selections(s.SelectionSet)
			f, d = f+1, d+1
		case *ast.InlineFragment:
			w.directives(s.Directives)
			f, d = w.selections(s.SelectionSet)
		case *ast.FragmentSpread:
			w.directives(s.Directives)
			c := w.fragment(s.Name)
			f, d = c.fields, c.depth
		}
		fields = min(fields+f, w.limits.MaxComplexity+1)
		depth = max(depth, d)
	}
	return fields, depth
}

func (w *docWalk) fragment(name string) *fragCost {
	c := w.frags[name]
	if c == nil {
		c = &fragCost{}
		w.frags[name] = c
	}
	if c.state != 0 {
		return c // done, or a cycle in progress (counted as empty; validation rejects cycles)
	}
	c.state = 1
	if def := w.fragDefs[name]; def != nil {
		w.directives(def.Directives)
		c.fields, c.depth = w.selections(def.SelectionSet)
	}
	c.state = 2
	return c
}

func (w *docWalk) directives(list ast.DirectiveList) {
	w.dirs += len(list)
	for _, d := range list {
		for _, a := range d.Arguments {
			w.value(a.Value, a.Name)
		}
	}
}

// value applies the text rule to literal strings: valid UTF-8 without NUL characters.
func (w *docWalk) value(v *ast.Value, field string) {
	if v == nil || w.err != nil {
		return
	}
	switch v.Kind {
	case ast.StringValue, ast.BlockValue, ast.EnumValue:
		w.err = checkText(field, v.Raw)
	case ast.ListValue, ast.ObjectValue:
		for _, c := range v.Children {
			name := field
			if c.Name != "" {
				name = field + "." + c.Name
			}
			w.value(c.Value, name)
		}
	}
}

func checkText(field, s string) *gqlerror.Error {
	if !utf8.ValidString(s) {
		return badText(field, "must be valid UTF-8")
	}
	if strings.IndexByte(s, 0) >= 0 {
		return badText(field, "must not contain NUL characters")
	}
	return nil
}

// checkVariables applies the text rule to every string (and key) in the variables.
func checkVariables(vars map[string]any) *gqlerror.Error {
	var walk func(v any, path string) *gqlerror.Error
	walk = func(v any, path string) *gqlerror.Error {
		switch t := v.(type) {
		case string:
			return checkText(path, t)
		case []any:
			for i, e := range t {
				if err := walk(e, fmt.Sprintf("%s.%d", path, i)); err != nil {
					return err
				}
			}
		case map[string]any:
			for k, e := range t {
				if err := checkText(path, k); err != nil {
					return err
				}
				if err := walk(e, path+"."+k); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for k, v := range vars {
		if err := checkText("$"+k, k); err != nil {
			return err
		}
		if err := walk(v, "$"+k); err != nil {
			return err
		}
	}
	return nil
}
