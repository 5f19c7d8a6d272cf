package graph

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"taxd/spec"
)

func fragmentBomb(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "query{...F%d} fragment F0 on Query{__typename}", n)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, " fragment F%d on Query{...F%d ...F%d}", i, i-1, i-1)
	}
	return b.String()
}

func limitsCode(query string, vars map[string]any) string {
	err := limitsExtension{limits: DefaultLimits}.MutateOperationParameters(context.Background(), &graphql.RawParams{Query: query, Variables: vars})
	if err == nil {
		return ""
	}
	return err.Extensions["code"].(string)
}

func TestLimitsWalk(t *testing.T) {
	cases := map[string]struct {
		query string
		vars  map[string]any
		want  string
	}{
		"fragment bomb":       {fragmentBomb(60), nil, CodeQueryTooComplex},
		"small bomb":          {fragmentBomb(8), nil, ""}, // 256 fields: under the limit
		"fragment cycle":      {"query{...A} fragment A on Query{...B} fragment B on Query{...A}", nil, ""},
		"aliases":             {"query{" + strings.Repeat("a: countDirty ", 31) + "}", nil, CodeQueryTooComplex},
		"depth":               {"query{" + strings.Repeat("a{", 13) + "b" + strings.Repeat("}", 13) + "}", nil, CodeQueryTooComplex},
		"depth via fragments": {"query{a{...F}} fragment F on X{b{c{d{e{f{g{h{i{j{k{l{m}}}}}}}}}}}}", nil, CodeQueryTooComplex},
		"nesting":             {"query{a(x:" + strings.Repeat("[", 40) + strings.Repeat("]", 40) + ")}", nil, CodeQueryTooComplex},
		"tokens":              {"query{" + strings.Repeat("a ", 10001) + "}", nil, CodeQueryTooComplex},
		"directives":          {"query{a" + strings.Repeat(" @skip(if:false)", 51) + "}", nil, CodeQueryTooComplex},
		"NUL literal":         {`query{a(x:"a\u0000b")}`, nil, CodeBadUserInput},
		"NUL variable":        {`query($x:String){a(x:$x)}`, map[string]any{"x": []any{map[string]any{"k": "a\x00"}}}, CodeBadUserInput},
		"bad UTF-8 var":       {`query($x:String){a(x:$x)}`, map[string]any{"x": "\xff"}, CodeBadUserInput},
		"syntax error":        {"query{", nil, ""}, // left to gqlgen's parser (GRAPHQL_PARSE_FAILED)
	}
	for name, c := range cases {
		if got := limitsCode(c.query, c.vars); got != c.want {
			t.Errorf("%s: code %q, want %q", name, got, c.want)
		}
	}
}

func TestCapErrors(t *testing.T) {
	resp := &graphql.Response{}
	for range 100 {
		resp.Errors = append(resp.Errors, &gqlerror.Error{Message: strings.Repeat("x", 5000), Extensions: map[string]any{"code": CodeValidationFailed}})
	}
	capErrors(resp, DefaultLimits)
	if len(resp.Errors) != DefaultLimits.MaxErrors {
		t.Fatalf("%d errors", len(resp.Errors))
	}
	for _, e := range resp.Errors {
		if len(e.Message) > DefaultLimits.MaxMessage+3 || e.Extensions["code"] != CodeValidationFailed {
			t.Fatalf("error not capped: %d bytes, %v", len(e.Message), e.Extensions)
		}
	}
}

// A fragment bomb through gqlgen's unmemoised complexity walk (n=20 took 0.6 s,
// n=24 5.9 s) and through this one.
func BenchmarkFragmentBomb(b *testing.B) {
	q := fragmentBomb(30)
	for b.Loop() {
		if limitsCode(q, nil) != CodeQueryTooComplex {
			b.Fatal("not refused")
		}
	}
}

// FuzzLimits: any document, including mutations of the spec's examples, is accepted or refused
// with a documented code; nothing panics.
func FuzzLimits(f *testing.F) {
	files, _ := filepath.Glob("../../spec/graphql/examples/*.graphql")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(fragmentBomb(12))
	f.Fuzz(func(t *testing.T, q string) {
		if code := limitsCode(q, nil); code != "" && !documentedCodes[code] {
			t.Fatalf("undocumented code %q", code)
		}
	})
}

// Every code the server can set is in the SDL's ErrorCode enum, and the other way round.
func TestDocumentedCodesMatchSDL(t *testing.T) {
	sdl, err := spec.SDL()
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(sdl, "enum ErrorCode {")
	body := sdl[i : i+strings.Index(sdl[i:], "\n}")]
	inSDL := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+([A-Z_]+)\s*$`).FindAllStringSubmatch(body, -1) {
		inSDL[m[1]] = true
	}
	for code := range documentedCodes {
		if !inSDL[code] {
			t.Errorf("%s is set by the server but not in the SDL's ErrorCode", code)
		}
	}
	for code := range inSDL {
		if !documentedCodes[code] {
			t.Errorf("%s is in the SDL's ErrorCode but not in documentedCodes", code)
		}
	}
}
