package contracttests

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"taxd/internal/rest"
)

// The request fuzzer of both APIs (issue 11). It derives requests from the spec (every operation:
// malformed JSON, wrong types, limits +-1, NUL, invalid UTF-8, huge strings, percent-encoded paths,
// wrong methods and content types, credentials) and from the GraphQL examples (an abuse set and
// random mutations), sends them to a real server on a real database and asserts: no 5xx, every
// REST 4xx a JSON body with `message`, every GraphQL error a documented `extensions.code` (never
// INTERNAL_SERVER_ERROR), no response over maxResponse, and the process's RSS (server included)
// bounded. The slowest request is reported, not asserted: latency goals are benchmarks (make bench),
// and a wall-clock bound fails on a busy machine for reasons that are not the server's.
//
// FUZZ_REQUESTS sets the number of requests per API (default 1500: a few seconds in make test;
// make fuzz sends 20,000), FUZZ_SEED the random seed (default: fixed, so failures reproduce).

const (
	maxResponse    = 2 << 20
	maxRSSGrowthMB = 400
	requestsPerEnv = 1000 // a fresh server and database now and then (login-throttle state, clutter)
)

type fuzzStats struct {
	requests   int
	statuses   map[int]int
	maxLatency time.Duration
	slowest    string
	maxRSSMB   int
}

func (s *fuzzStats) record(status int, d time.Duration, what string) {
	s.requests++
	s.statuses[status]++
	if d > s.maxLatency {
		s.maxLatency, s.slowest = d, what
	}
	if rss := rssMB(); rss > s.maxRSSMB {
		s.maxRSSMB = rss
	}
}

func (s *fuzzStats) String() string {
	codes := make([]int, 0, len(s.statuses))
	for c := range s.statuses {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d:%d", c, s.statuses[c]))
	}
	return fmt.Sprintf("%d requests, statuses {%s}, max latency %s (%s), max RSS %d MB",
		s.requests, strings.Join(parts, " "), s.maxLatency.Round(time.Millisecond), s.slowest, s.maxRSSMB)
}

// rssMB is the resident set of this process (the server runs in it), from /proc.
func rssMB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return kb / 1024
		}
	}
	return 0
}

func fuzzSettings(t *testing.T) (int, *rand.Rand) {
	n := 1500
	if v, err := strconv.Atoi(os.Getenv("FUZZ_REQUESTS")); err == nil && v > 0 {
		n = v
	}
	seed := uint64(11)
	if v, err := strconv.ParseUint(os.Getenv("FUZZ_SEED"), 10, 64); err == nil {
		seed = v
	}
	t.Logf("seed %d (FUZZ_SEED), %d requests (FUZZ_REQUESTS)", seed, n)
	return n, rand.New(rand.NewPCG(seed, seed))
}

// fuzzReq is one generated request.
type fuzzReq struct {
	method, path string // path is sent verbatim (it may hold invalid escapes)
	query        string
	body         []byte
	contentType  string
	auth         string
	what         string
}

func sendRaw(t *testing.T, e *env, r fuzzReq) (int, http.Header, []byte, time.Duration) {
	t.Helper()
	u, _ := url.Parse(e.url)
	u.Opaque = r.path
	if r.query != "" {
		u.Opaque += "?" + r.query
	}
	req := &http.Request{Method: r.method, URL: u, Header: http.Header{}, Host: u.Host}
	if r.body != nil {
		req.Body = io.NopCloser(bytes.NewReader(r.body))
		req.ContentLength = int64(len(r.body))
	}
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	switch r.auth {
	case "gqlRW":
		req.Header.Set("x-api-key", gqlKeyRW)
	case "gqlRead":
		req.Header.Set("x-api-key", gqlKeyRead)
	case "wrongPartner":
		req.Header.Set("x-client-id", "cli_fuzz_unknown")
		req.Header.Set("x-api-secret", "sk_wrong")
	default:
		e.authenticate(t, req, r.auth)
	}
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	// A server that answers before reading all of a large body (an unparseable path, a
	// refused size) closes the connection, and the peer's reset can reach the client before the
	// answer does: HTTP/1.1's race, not the server's fault. Send again to read the answer.
	for try := 0; err != nil && len(r.body) > 0 && (errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)) && try < 5; try++ {
		if r.body != nil {
			req.Body = io.NopCloser(bytes.NewReader(r.body))
		}
		start = time.Now()
		resp, err = http.DefaultClient.Do(req)
	}
	if err != nil {
		t.Fatalf("%s: %v", r.what, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	return resp.StatusCode, resp.Header, b, time.Since(start)
}

func TestFuzzREST(t *testing.T) {
	n, rng := fuzzSettings(t)
	doc, err := rest.LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	g := newRESTFuzzer(t, doc, rng)
	if len(g.ops) != 27 {
		t.Fatalf("%d operations in the spec, want 27", len(g.ops))
	}
	stats := &fuzzStats{statuses: map[int]int{}}
	startRSS := rssMB()
	var e *env
	perOp := map[string]int{}
	for i := range n {
		if i%requestsPerEnv == 0 {
			e = newEnv(t)
		}
		op := g.ops[i%len(g.ops)]
		perOp[op.id]++
		r := g.request(op)
		status, hdr, body, d := sendRaw(t, e, r)
		stats.record(status, d, r.what)
		checkREST(t, r, status, hdr, body, d)
		if t.Failed() && stats.requests > 50 {
			break // the first failures tell; do not drown them
		}
	}
	if growth := stats.maxRSSMB - startRSS; growth > maxRSSGrowthMB {
		t.Errorf("RSS grew by %d MB (from %d MB)", growth, startRSS)
	}
	fmt.Printf("fuzz REST: %s; %d operations\n", stats, len(perOp))
}

func checkREST(t *testing.T, r fuzzReq, status int, hdr http.Header, body []byte, d time.Duration) {
	t.Helper()
	if status >= 500 {
		t.Errorf("%s: status %d: %s", r.what, status, truncate(body))
	}
	if len(body) > maxResponse {
		t.Errorf("%s: response over %d bytes", r.what, maxResponse)
	}
	if status >= 400 {
		var eb struct {
			Message string `json:"message"`
		}
		if !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") || json.Unmarshal(body, &eb) != nil || eb.Message == "" {
			t.Errorf("%s: status %d without a JSON message: %s", r.what, status, truncate(body))
		}
	}
}

type fuzzOp struct {
	id, method, path string
	params           openapi3.Parameters
	body             *openapi3.Schema
	example          map[string]any
}

type restFuzzer struct {
	t   *testing.T
	rng *rand.Rand
	ops []fuzzOp
}

func newRESTFuzzer(t *testing.T, doc *openapi3.T, rng *rand.Rand) *restFuzzer {
	g := &restFuzzer{t: t, rng: rng}
	paths := doc.Paths.InMatchingOrder()
	sort.Strings(paths)
	for _, p := range paths {
		item := doc.Paths.Value(p)
		methods := make([]string, 0)
		for m := range item.Operations() {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		for _, m := range methods {
			op := item.Operations()[m]
			fo := fuzzOp{id: op.OperationID, method: m, path: p}
			fo.params = append(append(fo.params, item.Parameters...), op.Parameters...)
			if op.RequestBody != nil {
				if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
					fo.body = mt.Schema.Value
					if ex, ok := mt.Examples["default"]; ok {
						fo.example, _ = ex.Value.Value.(map[string]any)
					}
				}
			}
			g.ops = append(g.ops, fo)
		}
	}
	return g
}

// Hostile strings for text fields and parameters.
var nastyStrings = []string{"", " ", "a\x00b", "\x00", "\xff\xfe", "  spaced  ", "tab\there", "line\nbreak", "%00", "%zz",
	"../../etc/passwd", "' OR 1=1 --", "<script>", "\u202eevil", "😀", strings.Repeat("x", 129), strings.Repeat("y", 100_000),
	"0x", "-1", "1e309", "null", "{}", "user-123"}

// Raw path segments (percent-encoded on purpose).
var nastySegments = []string{"%zz", "%", "%0", "a%00b", "%ff%fe", "%2F", "%2e%2e", "..", "%20user-123", "user-123%0A", "%C0%AF",
	strings.Repeat("a", 5000), "user-123", "user-unknown", "0190a1b2-0000-7000-8000-000000000201", "not-a-uuid", "%u0041"}

func (g *restFuzzer) pick(list []string) string { return list[g.rng.IntN(len(list))] }

func (g *restFuzzer) request(op fuzzOp) fuzzReq {
	r := fuzzReq{method: strings.ToUpper(op.method), auth: "pair", contentType: "application/json"}
	path := op.path
	mutatePath := g.rng.IntN(6) == 0
	for _, p := range op.params {
		if p.Value.In != "path" {
			continue
		}
		v := fmt.Sprint(exampleOf(p.Value))
		seg := url.PathEscape(v)
		if mutatePath {
			seg = g.pick(nastySegments)
		}
		path = strings.ReplaceAll(path, "{"+p.Value.Name+"}", seg)
	}
	r.path = "/api" + path
	q := url.Values{}
	for _, p := range op.params {
		if p.Value.In != "query" {
			continue
		}
		if v := exampleOf(p.Value); v != nil && g.rng.IntN(2) == 0 {
			q.Set(p.Value.Name, fmt.Sprint(v))
		}
		if g.rng.IntN(3) == 0 {
			q.Set(p.Value.Name, g.boundaryValue(p.Value.Schema.Value))
		}
	}
	r.query = q.Encode()
	if g.rng.IntN(10) == 0 {
		r.query += "&" + g.pick([]string{"year=%zz", "year=%00", "x=%ff", "year=4294969320", "year=2024&year=2025", "%=%"})
	}
	if op.body != nil {
		r.body = g.body(op)
	}
	kind := "spec"
	switch g.rng.IntN(20) {
	case 0:
		r.method = g.pick([]string{"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
		kind = "method"
	case 1:
		r.contentType = g.pick([]string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/json; charset=latin1", "application/xml"})
		kind = "content-type"
	case 2:
		r.auth = g.pick([]string{"none", "apiKey", "accessToken", "otherAccessToken", "otherPartner", "wrongPartner"})
		kind = "auth"
	case 3:
		if r.body == nil {
			r.body = []byte(`{"a":1}`)
		}
		r.body = append(r.body, g.pick([]string{"}", "garbage", "\x00", ","})...)
		kind = "trailing"
	}
	if mutatePath {
		kind += "+path"
	}
	r.what = fmt.Sprintf("%s %s %s?%s (%s, %s, body %s)", op.id, r.method, r.path, r.query, kind, r.contentType, truncate(r.body))
	return r
}

func exampleOf(p *openapi3.Parameter) any {
	if ex, ok := p.Examples["default"]; ok && ex.Value != nil {
		return ex.Value.Value
	}
	return p.Example
}

// boundaryValue is a value at or just past the schema's limits, or of a wrong type.
func (g *restFuzzer) boundaryValue(s *openapi3.Schema) string {
	var out []string
	if s.Min != nil {
		out = append(out, strconv.FormatFloat(*s.Min, 'f', -1, 64), strconv.FormatFloat(*s.Min-1, 'f', -1, 64))
	}
	if s.Max != nil {
		out = append(out, strconv.FormatFloat(*s.Max, 'f', -1, 64), strconv.FormatFloat(*s.Max+1, 'f', -1, 64))
	}
	out = append(out, "4294969320", "-9223372036854775809", "1.5", "abc", "", "2024\x00", "\xff")
	return g.pick(out)
}

// body is the operation's example body with one or more mutations.
func (g *restFuzzer) body(op fuzzOp) []byte {
	v := deepCopy(op.example)
	m, _ := v.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	switch g.rng.IntN(12) {
	case 0:
		return []byte(g.pick([]string{"", "{", "[]", "null", "\"x\"", "{\"a\":", "{\"userId\":\"a\\u0000b\"}", "\xff\xfe", strings.Repeat("[", 10000) + strings.Repeat("]", 10000), `{"a":1,"a":2}`}))
	case 1:
		b, _ := json.Marshal(m)
		return b[:g.rng.IntN(len(b)+1)] // truncated
	case 2:
		m["unexpected"] = "property"
	case 3:
		big := make([]any, 2000)
		for i := range big {
			big[i] = map[string]any{"address": "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"}
		}
		m["wallets"] = big
	}
	for range 1 + g.rng.IntN(3) {
		g.mutateField(m, op.body)
	}
	b, err := json.Marshal(m)
	if err != nil {
		g.t.Fatal(err)
	}
	if g.rng.IntN(8) == 0 { // a raw NUL or invalid UTF-8 byte inside a string
		if i := bytes.IndexByte(b, '"'); i >= 0 {
			b = append(b[:i+1:i+1], append([]byte(g.pick([]string{"\xff", "\xc3", "\x00", "\\u0000", "\\ud800"})), b[i+1:]...)...)
		}
	}
	return b
}

// mutateField replaces one property (or one nested array item's property) by a hostile value.
func (g *restFuzzer) mutateField(m map[string]any, s *openapi3.Schema) {
	if s == nil || len(s.Properties) == 0 {
		return
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	name := names[g.rng.IntN(len(names))]
	ps := s.Properties[name].Value
	if ps.Type.Is("array") && ps.Items != nil && ps.Items.Value != nil && len(ps.Items.Value.Properties) > 0 && g.rng.IntN(2) == 0 {
		item := map[string]any{}
		if arr, ok := m[name].([]any); ok && len(arr) > 0 {
			if first, ok := arr[0].(map[string]any); ok {
				item = first
			}
		}
		g.mutateField(item, ps.Items.Value)
		m[name] = []any{item}
		return
	}
	switch g.rng.IntN(4) {
	case 0: // wrong type
		m[name] = []any{1.5, "s", true, nil, []any{}, map[string]any{}, -1, 1e300}[g.rng.IntN(8)]
	case 1: // delete
		delete(m, name)
	case 2: // text
		m[name] = g.pick(nastyStrings)
	default: // limits +-1
		switch {
		case ps.Type.Is("string"):
			n := 0
			if ps.MaxLength != nil {
				n = int(*ps.MaxLength) + g.rng.IntN(2)
			} else if ps.MinLength > 0 {
				n = int(ps.MinLength) - 1
			}
			m[name] = strings.Repeat("a", n)
		case ps.Type.Is("integer") || ps.Type.Is("number"):
			m[name] = json.Number(g.boundaryValue(ps))
			if _, err := strconv.ParseFloat(string(m[name].(json.Number)), 64); err != nil {
				m[name] = 4294969320
			}
		case ps.Type.Is("array"):
			n := 0
			if ps.MaxItems != nil {
				n = int(*ps.MaxItems) + 1
			}
			arr := make([]any, n)
			for i := range arr {
				arr[i] = map[string]any{"address": fmt.Sprintf("0x%040x", i)}
			}
			m[name] = arr
		default:
			m[name] = nil
		}
	}
}

func deepCopy(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

// TestFuzzGraphQL sends the abuse set, then random mutations of spec/graphql/examples.
func TestFuzzGraphQL(t *testing.T) {
	n, rng := fuzzSettings(t)
	codes := documentedCodes(t)
	examples := loadGraphQLExamples(t)
	stats := &fuzzStats{statuses: map[int]int{}}
	startRSS := rssMB()
	var e *env
	send := func(i int, r fuzzReq) {
		if i%requestsPerEnv == 0 {
			e = newEnvWith(t, seedGraphQL)
		}
		status, _, body, d := sendRaw(t, e, r)
		stats.record(status, d, r.what)
		checkGraphQL(t, codes, r, status, body, d)
	}
	abuse := graphQLAbuse()
	for i := range n {
		var r fuzzReq
		if i < len(abuse) {
			r = abuse[i]
		} else {
			ex := examples[rng.IntN(len(examples))]
			r = mutateExample(rng, ex.query, ex.Variables)
			r.what = ex.name + ": " + r.what
		}
		if r.method == "" {
			r.method = http.MethodPost
		}
		if r.path == "" {
			r.path = "/graphql"
		}
		if r.auth == "" {
			r.auth = "gqlRW"
		}
		send(i, r)
		if t.Failed() && stats.requests > 50 {
			break
		}
	}
	if growth := stats.maxRSSMB - startRSS; growth > maxRSSGrowthMB {
		t.Errorf("RSS grew by %d MB (from %d MB)", growth, startRSS)
	}
	fmt.Printf("fuzz GraphQL: %s\n", stats)
}

func checkGraphQL(t *testing.T, codes map[string]bool, r fuzzReq, status int, body []byte, d time.Duration) {
	t.Helper()
	what := truncateString(r.what, 300)
	if status >= 500 {
		t.Errorf("%s: status %d: %s", what, status, truncate(body))
	}
	if len(body) > maxResponse {
		t.Errorf("%s: response over %d bytes", what, maxResponse)
	}
	var g gqlResponse
	if err := json.Unmarshal(body, &g); err != nil {
		t.Errorf("%s: status %d, body is not JSON: %s", what, status, truncate(body))
		return
	}
	if status >= 400 && len(g.Errors) == 0 {
		t.Errorf("%s: status %d without errors: %s", what, status, truncate(body))
	}
	for _, e := range g.Errors {
		code, _ := e.Extensions["code"].(string)
		if !codes[code] || code == "INTERNAL_SERVER_ERROR" {
			t.Errorf("%s: error code %q: %s", what, code, truncate(body))
			return
		}
	}
}

func truncateString(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func gqlBody(query string, vars any) []byte {
	b, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return b
}

// graphQLAbuse is the fixed abuse set: each once per run.
func graphQLAbuse() []fuzzReq {
	var out []fuzzReq
	add := func(what string, body []byte) {
		out = append(out, fuzzReq{body: body, contentType: "application/json", what: what})
	}
	for _, n := range []int{8, 12, 20, 24, 30, 60} {
		add(fmt.Sprintf("fragment bomb n=%d", n), gqlBody(fragmentBomb(n), nil))
	}
	for _, n := range []int{10, 31, 1000, 5000} {
		var b strings.Builder
		b.WriteString("query{")
		for i := range n {
			fmt.Fprintf(&b, "a%d: countDirty(clientId: \"%s\") ", i, gqlClient1)
		}
		b.WriteString("}")
		add(fmt.Sprintf("%d aliases", n), gqlBody(b.String(), nil))
	}
	for _, n := range []int{5, 13, 33, 1000, 100000} {
		add(fmt.Sprintf("list literal %d deep", n), gqlBody("query{countDirty(clientId: "+strings.Repeat("[", n)+strings.Repeat("]", n)+")}", nil))
		add(fmt.Sprintf("selection %d deep", n), gqlBody("query{"+strings.Repeat("getMyClients{", min(n, 20000))+"id"+strings.Repeat("}", min(n, 20000))+"}", nil))
	}
	for _, n := range []int{10, 51, 50000} {
		add(fmt.Sprintf("%d directives", n), gqlBody("query{__typename"+strings.Repeat(" @skip(if: false)", n)+"}", nil))
	}
	add("batch", []byte(`[`+string(gqlBody("query{__typename}", nil))+`,`+string(gqlBody("query{__typename}", nil))+`]`))
	add("introspection", gqlBody("query{__schema{types{name fields{name}}}}", nil))
	add("__type", gqlBody(`query{__type(name:"Query"){name}}`, nil))
	add("two roots", gqlBody("query{__typename countDirty(clientId:\""+gqlClient1.String()+"\") getTaxYears(clientId:\""+gqlClient1.String()+"\")}", nil))
	add("not JSON", bytes.Repeat([]byte("not json "), 50000))
	add("empty", nil)
	add("query not a string", []byte(`{"query": 12}`))
	add("variables not an object", []byte(`{"query":"query{__typename}","variables":[1]}`))
	add("unknown operationName", []byte(`{"query":"query A{__typename}","operationName":"B"}`))
	add("huge string", gqlBody(`mutation($n:String!){createClientApiKey(clientId:"`+gqlClient1.String()+`",name:$n,permissionLevel:Read){rawKey}}`, map[string]any{"n": strings.Repeat("n", 500000)}))
	add("NUL variable", gqlBody(`mutation($n:String!){createClientApiKey(clientId:"`+gqlClient1.String()+`",name:$n,permissionLevel:Read){rawKey}}`, map[string]any{"n": "a\x00b"}))
	add("bad Date", gqlBody(`mutation{createClientApiKey(clientId:"`+gqlClient1.String()+`",name:"k",permissionLevel:Read,expiresAt:"not-a-date"){rawKey}}`, nil))
	add("Cents as string", gqlBody(`query($c: Cents){__typename @include(if: true)}`, map[string]any{"c": "abc"}))
	add("over 1 MiB", gqlBody("query{__typename}", map[string]any{"x": strings.Repeat("z", 1<<20)}))
	out = append(out,
		fuzzReq{body: gqlBody("query{__typename}", nil), contentType: "text/plain", what: "text/plain"},
		fuzzReq{body: gqlBody("query{__typename}", nil), contentType: "application/graphql", what: "application/graphql"},
		fuzzReq{method: "GET", contentType: "application/json", what: "GET"},
		fuzzReq{method: "PUT", body: gqlBody("query{__typename}", nil), contentType: "application/json", what: "PUT"},
		fuzzReq{body: gqlBody("query{getMyClients{id}}", nil), contentType: "application/json", auth: "none", what: "no credentials"},
		fuzzReq{body: gqlBody(`mutation{rerunGraph(clientId:"`+gqlClient1.String()+`")}`, nil), contentType: "application/json", auth: "gqlRead", what: "read key mutation"},
	)
	return out
}

var gqlTokens = []string{"{", "}", "(", ")", "[", "]", ":", "$", "...", "@skip(if:true)", "@include(if:false)", "query", "mutation",
	"fragment", "on", "__typename", "null", "true", "\"\\u0000\"", "\"\"", "1e999", "-2147483649", "9007199254740993", "\"not-a-date\"",
	"\"0190a1b2-0000-7000-8000-0000000c0002\"", "\"" + strings.Repeat("x", 1000) + "\"", "#", "\"\"\"block\"\"\"", "ID", "String!", ",", "!", "=", "|", "&", "\xff"}

// mutateExample changes an example document or its variables at random.
func mutateExample(rng *rand.Rand, query string, vars map[string]any) fuzzReq {
	q := query
	v := deepCopy(vars)
	var what string
	switch rng.IntN(8) {
	case 0: // flip bytes
		b := []byte(q)
		for range 1 + rng.IntN(4) {
			if len(b) > 0 {
				b[rng.IntN(len(b))] = byte(rng.IntN(256))
			}
		}
		q, what = string(b), "byte flips"
	case 1: // insert a token
		i := rng.IntN(len(q) + 1)
		q, what = q[:i]+" "+gqlTokens[rng.IntN(len(gqlTokens))]+" "+q[i:], "token inserted"
	case 2: // delete a span
		i := rng.IntN(len(q) + 1)
		j := min(len(q), i+rng.IntN(20))
		q, what = q[:i]+q[j:], "span deleted"
	case 3: // duplicate a span (repeats selections, arguments)
		i := rng.IntN(len(q) + 1)
		j := min(len(q), i+rng.IntN(60))
		q, what = q[:j]+q[i:j]+q[j:], "span duplicated"
	case 4: // truncate
		q, what = q[:rng.IntN(len(q)+1)], "truncated"
	default: // variables of the wrong type or value
		m, _ := v.(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		vals := []any{nil, "", "a\x00b", "\xff", 1.5, -1, 1e300, 4294969320, true, []any{}, map[string]any{"x": 1}, "not-a-date",
			strings.Repeat("v", 10000), "0190a1b2-0000-7000-8000-0000000c0002", []any{nil, nil}, map[string]any{"": nil}}
		if len(keys) > 0 && rng.IntN(4) > 0 {
			k := keys[rng.IntN(len(keys))]
			m[k] = vals[rng.IntN(len(vals))]
			what = "variable " + k
		} else {
			m["extra"] = vals[rng.IntN(len(vals))]
			what = "extra variable"
		}
		v = m
	}
	body := gqlBody(q, v)
	return fuzzReq{body: body, contentType: "application/json", what: what + ": " + truncateString(string(body), 400)}
}
