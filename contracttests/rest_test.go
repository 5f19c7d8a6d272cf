package contracttests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"taxd/internal/rest"
)

// pendingREST lists the operations whose examples are not replayed yet, with the reason. It is
// the one place to look for what is unfinished; the summary line shows it too.
var pendingREST = map[string]string{}

// restCase is one named response example of one operation, turned into a request.
type restCase struct {
	opID    string
	method  string
	route   string // the operation's method when x-contract-request sends another (a 405)
	path    string // with path parameters filled in
	status  int
	name    string
	auth    string
	query   url.Values
	body    []byte
	rawBody bool // the body is sent verbatim (x-contract-request.rawBody), not JSON on purpose
	example *openapi3.Example
	media   string
}

func TestRESTContract(t *testing.T) {
	doc, err := rest.LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	cases, ops := restCases(t, doc)
	router := newRouter(t, doc)
	var mu sync.Mutex
	failedOps := map[string]bool{}
	t.Run("replay", func(t *testing.T) {
		for _, c := range cases {
			if _, pending := pendingREST[c.opID]; pending {
				continue
			}
			t.Run(c.opID+"/"+strconv.Itoa(c.status)+"/"+c.name, func(t *testing.T) {
				t.Parallel() // every case has its own database and server
				if !replayREST(t, router, c) {
					mu.Lock()
					failedOps[c.opID] = true
					mu.Unlock()
				}
			})
		}
	})
	replayed := 0
	for _, op := range ops {
		if _, pending := pendingREST[op]; !pending && !failedOps[op] {
			replayed++
		}
	}
	line := fmt.Sprintf("contract: %d/%d operations replayed", replayed, len(ops))
	if len(pendingREST) > 0 {
		names := make([]string, 0, len(pendingREST))
		for op := range pendingREST {
			names = append(names, op)
		}
		sort.Strings(names)
		line += fmt.Sprintf(" (pending: %s)", strings.Join(names, ", "))
	}
	fmt.Println(line)
}

// restCases walks every operation and every named response example.
func restCases(t *testing.T, doc *openapi3.T) ([]restCase, []string) {
	var cases []restCase
	var ops []string
	paths := doc.Paths.InMatchingOrder()
	sort.Strings(paths)
	for _, p := range paths {
		item := doc.Paths.Value(p)
		for method, op := range item.Operations() {
			ops = append(ops, op.OperationID)
			params := append(openapi3.Parameters{}, item.Parameters...)
			params = append(params, op.Parameters...)
			n := 0
			for code, resp := range op.Responses.Map() {
				status, err := strconv.Atoi(code)
				if err != nil {
					continue // "default"
				}
				for media, mt := range resp.Value.Content {
					for name, ex := range mt.Examples {
						if skip, _ := ex.Value.Extensions["x-contract-skip"].(bool); skip {
							continue // documents a response that cannot be provoked (500)
						}
						c := restCase{opID: op.OperationID, method: method, status: status, name: name, example: ex.Value, media: media, auth: "pair"}
						if a, ok := ex.Value.Extensions["x-contract-auth"].(string); ok {
							c.auth = a
						}
						override, _ := ex.Value.Extensions["x-contract-request"].(map[string]any)
						c.path, c.query = fillParams(t, p, params, name, override)
						c.body = requestBody(t, op, name, override)
						_, c.rawBody = override["rawBody"]
						if m, ok := override["method"].(string); ok {
							c.route, c.method = c.method, m
						}
						cases = append(cases, c)
						n++
					}
				}
			}
			if n == 0 {
				t.Errorf("%s %s (%s) has no response example: every operation must have one", method, p, op.OperationID)
			}
		}
	}
	sort.Slice(cases, func(i, j int) bool {
		a, b := cases[i], cases[j]
		if a.opID != b.opID {
			return a.opID < b.opID
		}
		if a.status != b.status {
			return a.status < b.status
		}
		return a.name < b.name
	})
	sort.Strings(ops)
	return cases, ops
}

func paramExample(p *openapi3.Parameter, name string) (any, bool) {
	if ex, ok := p.Examples[name]; ok && ex.Value != nil {
		return ex.Value.Value, true
	}
	if ex, ok := p.Examples["default"]; ok && ex.Value != nil {
		return ex.Value.Value, true
	}
	if p.Example != nil {
		return p.Example, true
	}
	return nil, false
}

// fillParams fills path and query parameters from their examples; x-contract-request's path and
// query maps override them (for values the schema forbids on purpose).
func fillParams(t *testing.T, path string, params openapi3.Parameters, name string, override map[string]any) (string, url.Values) {
	q := url.Values{}
	for _, pr := range params {
		p := pr.Value
		v, ok := paramExample(p, name)
		if o, has := override[p.In].(map[string]any); has {
			if ov, has := o[p.Name]; has {
				v, ok = ov, true
			}
		}
		if !ok {
			if p.In == "path" {
				t.Errorf("%s: path parameter %s has no example %q or default", path, p.Name, name)
			}
			continue
		}
		s := fmt.Sprint(v)
		switch p.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(s))
		case "query":
			q.Set(p.Name, s)
		}
	}
	return "/api" + path, q
}

// requestBody is the request example named name (else default); x-contract-request's body (a
// JSON value) or rawBody (sent verbatim) override it.
func requestBody(t *testing.T, op *openapi3.Operation, name string, override map[string]any) []byte {
	if n, ok := override["bodyBytes"].(float64); ok { // a JSON body of exactly n bytes
		const frame = `{"pad":""}`
		return []byte(`{"pad":"` + strings.Repeat("a", max(0, int(n)-len(frame))) + `"}`)
	}
	if raw, ok := override["rawBody"].(string); ok {
		return []byte(raw)
	}
	if v, ok := override["body"]; ok {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil {
		return nil
	}
	ex, ok := mt.Examples[name]
	if !ok {
		ex, ok = mt.Examples["default"]
	}
	if !ok || ex.Value == nil {
		t.Errorf("%s: no request example %q or default", op.OperationID, name)
		return nil
	}
	b, err := json.Marshal(ex.Value.Value)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newRouter(t *testing.T, doc *openapi3.T) routers.Router {
	r, err := rest.RouterFor(doc)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// replayREST runs one case on a fresh fixture and checks status, body and schema.
func replayREST(t *testing.T, router routers.Router, c restCase) bool {
	t.Helper()
	env := newEnv(t)
	req, resp, got := send(t, env, c)
	ok := true
	if resp.StatusCode != c.status {
		t.Errorf("%s %s: status %d, want %d; body %s", c.method, req.URL, resp.StatusCode, c.status, truncate(got))
		return false
	}
	// The response must match the spec's schema for this status.
	routeReq := req
	if c.route != "" { // sent with another method on purpose: validate against the operation's
		routeReq = req.Clone(req.Context())
		routeReq.Method = strings.ToUpper(c.route)
	}
	route, params, err := router.FindRoute(routeReq)
	if err != nil {
		t.Fatalf("route: %v", err)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: routeReq, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: resp.StatusCode,
		Header: resp.Header,
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	in.SetBodyBytes(got)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("response does not match the spec: %v\nbody: %s", err, truncate(got))
		ok = false
	}
	if strings.HasPrefix(c.media, "application/json") {
		var actual any
		if err := json.Unmarshal(got, &actual); err != nil {
			t.Errorf("body is not JSON: %v", err)
			return false
		}
		for _, d := range match(c.example.Value, actual, "$", env.known, nil) {
			t.Errorf("body differs from example %q: %s", c.name, d)
			ok = false
		}
	} else if len(got) == 0 {
		t.Errorf("empty %s body", c.media)
		ok = false
	}
	return ok
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}
