package contracttests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"taxd/spec"
)

// One test per row of issue 11's table: each reproduction gets the expected answer.

// call sends one request to e with the acme pair (unless hdr says otherwise). rawPath is written
// to the wire verbatim, so that paths Go's URL parser would refuse (%zz) reach the server.
func call(t *testing.T, e *env, method, rawPath string, body []byte, hdr map[string]string) (int, http.Header, []byte) {
	t.Helper()
	u, err := url.Parse(e.url)
	if err != nil {
		t.Fatal(err)
	}
	u.Opaque = rawPath
	req := &http.Request{Method: method, URL: u, Header: http.Header{}, Host: u.Host}
	if body != nil {
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("x-client-id", acmeCreds.ClientID)
	req.Header.Set("x-api-secret", acmeCreds.APISecret)
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	return resp.StatusCode, resp.Header, b
}

// restError decodes a REST error body; it fails the test unless the body is JSON with a message.
func restError(t *testing.T, b []byte) errBody {
	t.Helper()
	var e errBody
	if err := json.Unmarshal(b, &e); err != nil || e.Message == "" {
		t.Fatalf("not a JSON error with a message: %q", truncate(b))
	}
	return e
}

type errBody struct {
	Message string `json:"message"`
	Code    string `json:"code"`
	Errors  []struct {
		Field string `json:"field"`
	} `json:"errors"`
}

func wantREST(t *testing.T, e *env, method, path, body string, status int, field string) {
	t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	got, _, resp := call(t, e, method, path, b, nil)
	if got != status {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, got, status, truncate(resp))
	}
	eb := restError(t, resp)
	if field != "" && (len(eb.Errors) == 0 || eb.Errors[0].Field != field) {
		t.Errorf("%s %s: error does not name %s: %s", method, path, field, resp)
	}
}

// gqlCall posts a GraphQL document with the fixture's ReadWrite key.
func gqlCall(t *testing.T, e *env, query string, vars map[string]any) (int, gqlResponse, []byte) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return gqlRaw(t, e, "application/json", body)
}

func gqlRaw(t *testing.T, e *env, contentType string, body []byte) (int, gqlResponse, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("x-api-key", gqlKeyRW)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 200<<20))
	var g gqlResponse
	_ = json.Unmarshal(raw, &g)
	return resp.StatusCode, g, raw
}

type gqlResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (g gqlResponse) code() string {
	if len(g.Errors) == 0 {
		return ""
	}
	c, _ := g.Errors[0].Extensions["code"].(string)
	return c
}

// documentedCodes are the values of the SDL's ErrorCode enum.
func documentedCodes(t *testing.T) map[string]bool {
	t.Helper()
	sdl, err := spec.SDL()
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(sdl, "enum ErrorCode {")
	if i < 0 {
		t.Fatal("no enum ErrorCode in the SDL")
	}
	body := sdl[i : i+strings.Index(sdl[i:], "\n}")]
	codes := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+([A-Z_]+)\s*$`).FindAllStringSubmatch(body, -1) {
		codes[m[1]] = true
	}
	return codes
}

func fragmentBomb(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "query{...F%d} fragment F0 on Query{__typename}", n)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, " fragment F%d on Query{...F%d ...F%d}", i, i-1, i-1)
	}
	return b.String()
}

func TestHardenFragmentBomb(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	status, g, raw := gqlCall(t, e, fragmentBomb(30), nil)
	if g.code() != "QUERY_TOO_COMPLEX" || status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, %s", status, truncate(raw))
	}
}

func TestHardenGraphQLDocumentLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	var aliases strings.Builder
	aliases.WriteString("query{")
	for i := range 1000 {
		fmt.Fprintf(&aliases, "a%d: countDirty(clientId: \"%s\") ", i, gqlClient1)
	}
	aliases.WriteString("}")
	deepList := "query{countDirty(clientId: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + ")}"
	directives := "query{__typename" + strings.Repeat(" @skip(if: false)", 50000) + "}"
	deepSelection := "query{" + strings.Repeat("a{", 40) + strings.Repeat("}", 40) + "}"
	for name, doc := range map[string]string{"aliases": aliases.String(), "deepList": deepList, "directives": directives, "deepSelection": deepSelection} {
		status, g, raw := gqlCall(t, e, doc, nil)
		if g.code() != "QUERY_TOO_COMPLEX" {
			t.Errorf("%s: status %d, %s", name, status, truncate(raw))
		}
		if len(raw) > 2000 {
			t.Errorf("%s: %d-byte response", name, len(raw))
		}
	}
	// A body that is not JSON is never echoed back.
	junk := bytes.Repeat([]byte("not json "), 100000) // 900 KB, under the body limit
	status, g, raw := gqlRaw(t, e, "application/json", junk)
	if g.code() != "BAD_REQUEST" || len(raw) > 2000 || status != http.StatusBadRequest {
		t.Errorf("non-JSON body: status %d, %d bytes: %s", status, len(raw), truncate(raw))
	}
	// Ten megabytes: refused by size before it is read.
	status, g, raw = gqlRaw(t, e, "application/json", bytes.Repeat([]byte("x"), 10<<20))
	if status != http.StatusRequestEntityTooLarge || g.code() != "REQUEST_TOO_LARGE" || len(raw) > 2000 {
		t.Errorf("10 MB body: status %d: %s", status, truncate(raw))
	}
}

func TestHardenBodyLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	big := append([]byte(`{"userId":"`), bytes.Repeat([]byte("a"), 2<<20)...)
	big = append(big, `"}`...)
	status, _, b := call(t, e, http.MethodPost, "/api/users", big, nil)
	if status != http.StatusRequestEntityTooLarge || restError(t, b).Code != "payload_too_large" {
		t.Fatalf("2 MiB body: status %d: %s", status, truncate(b))
	}
	// Without a Content-Length (chunked), the limit cuts the body off while it is read.
	req, _ := http.NewRequest(http.MethodPost, e.url+"/api/users", io.MultiReader(bytes.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-client-id", acmeCreds.ClientID)
	req.Header.Set("x-api-secret", acmeCreds.APISecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || restError(t, b).Code != "payload_too_large" {
		t.Fatalf("chunked 2 MiB body: status %d: %s", resp.StatusCode, truncate(b))
	}
}

func TestHardenNULAndInvalidUTF8(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	wallet := `{"wallets":[{"address":"0x71C7656EC7ab88b098defB751B7401B5f6d8976F","name":"a\u0000b"}]%s}`
	for _, c := range []struct{ method, path, body, field string }{
		{"GET", "/api/users/a%00b/user", "", "referenceId"},
		{"GET", "/api/users/%ff%fe/user", "", "referenceId"},
		{"POST", "/api/users", `{"userId":"a\u0000b"}`, "userId"},
		{"POST", "/api/links", fmt.Sprintf(wallet, ""), "wallets.0.name"},
		{"POST", "/api/links/email", fmt.Sprintf(wallet, `,"email":"q@example.com"`), "wallets.0.name"},
		{"POST", "/api/crunch", `{"userId":"u-1","wallets":[{"address":"0x71C7656EC7ab88b098defB751B7401B5f6d8976F","name":"a\u0000b"}]}`, "wallets.0.name"},
		{"POST", "/api/discount-codes", `{"referenceId":"\u0000"}`, "referenceId"},
		{"POST", "/api/users", "{\"userId\":\"a\xffb\"}", "body"},
		{"GET", "/api/users/user-123/preview?year=20%0024", "", "year"},
	} {
		wantREST(t, e, c.method, c.path, c.body, http.StatusBadRequest, c.field)
	}
	for _, q := range []struct {
		doc  string
		vars map[string]any
	}{
		{`mutation{createClientApiKey(clientId:"` + gqlClient1.String() + `", name:"a\u0000b", permissionLevel: Read){rawKey}}`, nil},
		{`mutation($n:String!){createClientApiKey(clientId:"` + gqlClient1.String() + `", name:$n, permissionLevel: Read){rawKey}}`, map[string]any{"n": "a\u0000b"}},
	} {
		_, g, raw := gqlCall(t, e, q.doc, q.vars)
		if g.code() != "BAD_USER_INPUT" {
			t.Errorf("%s: %s", q.doc, truncate(raw))
		}
	}
}

func TestHardenUnparseablePathIsJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	status, hdr, b := call(t, e, http.MethodGet, "/api/users/%zz/user", nil, nil)
	if status != http.StatusBadRequest || !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d %s: %s", status, hdr.Get("Content-Type"), b)
	}
	restError(t, b)
}

func TestHardenPreviewYearBounds(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, y := range []string{"4294969320", "2101", "2019", "-1"} {
		wantREST(t, e, "GET", "/api/users/user-123/preview?year="+y, "", http.StatusBadRequest, "year")
	}
}

func TestHardenBadDateIsBadUserInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	_, g, raw := gqlCall(t, e, `mutation{createClientApiKey(clientId:"`+gqlClient1.String()+`", name:"k", permissionLevel: Read, expiresAt:"not-a-date"){rawKey}}`, nil)
	if g.code() != "BAD_USER_INPUT" {
		t.Fatalf("%s", raw)
	}
	_, g, raw = gqlCall(t, e, `mutation($d: Date){createClientApiKey(clientId:"`+gqlClient1.String()+`", name:"k", permissionLevel: Read, expiresAt:$d){rawKey}}`, map[string]any{"d": 12})
	if g.code() != "BAD_USER_INPUT" {
		t.Fatalf("%s", raw)
	}
}

func TestHardenEmailLimitPerPartner(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	body := []byte(`{"wallets":[{"address":"0x71C7656EC7ab88b098defB751B7401B5f6d8976F"}],"email":"q@example.com"}`)
	other := map[string]string{"x-client-id": otherCreds.ClientID, "x-api-secret": otherCreds.APISecret}
	for i := range 5 {
		if status, _, b := call(t, e, http.MethodPost, "/api/links/email", body, nil); status != http.StatusOK && status != http.StatusCreated {
			t.Fatalf("partner A e-mail %d: status %d: %s", i+1, status, b)
		}
	}
	if status, hdr, b := call(t, e, http.MethodPost, "/api/links/email", body, nil); status != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" {
		t.Fatalf("partner A's sixth e-mail: status %d: %s", status, b)
	}
	if status, _, b := call(t, e, http.MethodPost, "/api/links/email", body, other); status != http.StatusOK && status != http.StatusCreated {
		t.Fatalf("partner B's first e-mail to the same recipient: status %d: %s", status, b)
	}
}

func TestHardenUserIDWhitespace(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, id := range []string{"  spaced  ", " lead", "trail ", "tab\there", "line\nbreak", "\t"} {
		body, _ := json.Marshal(map[string]string{"userId": id})
		wantREST(t, e, "POST", "/api/users", string(body), http.StatusBadRequest, "userId")
	}
	if status, _, b := call(t, e, http.MethodPost, "/api/users", []byte(`{"userId":"inner space ok"}`), nil); status != http.StatusCreated {
		t.Fatalf("inner space: status %d: %s", status, b)
	}
	wantREST(t, e, "GET", "/api/users/%20user-123/user", "", http.StatusBadRequest, "referenceId")
}

func TestHardenWrongMethod(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct{ method, path, allow string }{
		{"DELETE", "/api/users", "POST"},
		{"PUT", "/api/users/user-123/accounts", "GET, POST"},
	} {
		status, hdr, b := call(t, e, c.method, c.path, nil, nil)
		if status != http.StatusMethodNotAllowed || hdr.Get("Allow") != c.allow {
			t.Errorf("%s %s: status %d, Allow %q: %s", c.method, c.path, status, hdr.Get("Allow"), b)
		}
		restError(t, b)
	}
	status, hdr, b := call(t, e, http.MethodGet, "/graphql", nil, nil)
	var g gqlResponse
	_ = json.Unmarshal(b, &g)
	if status != http.StatusMethodNotAllowed || hdr.Get("Allow") != "POST" || g.code() != "BAD_REQUEST" {
		t.Errorf("GET /graphql: status %d, Allow %q: %s", status, hdr.Get("Allow"), b)
	}
}

func TestHardenGraphQLOuterErrors(t *testing.T) {
	t.Parallel()
	codes := documentedCodes(t)
	e := newEnv(t)
	seedGraphQLClients(t, e)
	check := func(name string, wantStatus int, wantCode string, status int, g gqlResponse, raw []byte) {
		t.Helper()
		if status != wantStatus || g.code() != wantCode || !codes[wantCode] {
			t.Errorf("%s: status %d code %q (documented %v): %s", name, status, g.code(), codes[wantCode], truncate(raw))
		}
	}
	status, g, raw := gqlRaw(t, e, "text/plain", []byte(`{"query":"{__typename}"}`))
	check("text/plain", http.StatusUnsupportedMediaType, "BAD_REQUEST", status, g, raw)
	status, g, raw = gqlCall(t, e, "query{", nil)
	check("parse", http.StatusUnprocessableEntity, "GRAPHQL_PARSE_FAILED", status, g, raw)
	status, g, raw = gqlCall(t, e, "query{noSuchField}", nil)
	check("validation", http.StatusUnprocessableEntity, "GRAPHQL_VALIDATION_FAILED", status, g, raw)

	prod := newEnvWith(t, seed, func(c *envConfig) { c.production = true })
	seedGraphQLClients(t, prod)
	status, g, raw = gqlCall(t, prod, "query{__schema{types{name}}}", nil)
	check("introspection in production", http.StatusOK, "FORBIDDEN", status, g, raw)
}

func TestHardenLoginThrottle(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	wrong := map[string]string{"x-api-secret": "sk_wrong"}
	for i := 1; i <= 5; i++ {
		if status, _, b := call(t, e, http.MethodGet, "/api/users/user-123/user", nil, wrong); status != http.StatusUnauthorized {
			t.Fatalf("wrong secret %d: status %d: %s", i, status, b)
		}
	}
	status, hdr, b := call(t, e, http.MethodGet, "/api/users/user-123/user", nil, wrong)
	if status != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" {
		t.Fatalf("sixth wrong secret: status %d, Retry-After %q: %s", status, hdr.Get("Retry-After"), b)
	}
	if restError(t, b).Code != "rate_limited" {
		t.Errorf("code: %s", b)
	}
	// The locked credential is refused even with the right secret until the backoff ends; another
	// credential of the same partner is not affected.
	if status, _, b := call(t, e, http.MethodGet, "/api/users/user-123/user", nil, nil); status != http.StatusTooManyRequests {
		t.Fatalf("right secret while locked: status %d: %s", status, b)
	}
	apiKey := map[string]string{"x-client-id": "", "x-api-secret": "", "x-api-key": acmeCreds.APIKey}
	if status, _, b := call(t, e, http.MethodGet, "/api/users/user-123/user", nil, apiKey); status != http.StatusOK {
		t.Fatalf("API key while the pair is locked: status %d: %s", status, b)
	}
}

func TestHardenGraphQLLoginThrottle(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	send := func(key string) (int, http.Header, gqlResponse) {
		req, _ := http.NewRequest(http.MethodPost, e.url+"/graphql", strings.NewReader(`{"query":"query{getMyClients{id}}"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-api-key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var g gqlResponse
		_ = json.NewDecoder(resp.Body).Decode(&g)
		return resp.StatusCode, resp.Header, g
	}
	wrong := gqlKeyRW[:len(gqlKeyRW)-1] + "x"
	for i := 1; i <= 5; i++ {
		if status, _, g := send(wrong); status != http.StatusUnauthorized || g.code() != "UNAUTHENTICATED" {
			t.Fatalf("wrong key %d: status %d %q", i, status, g.code())
		}
	}
	status, hdr, g := send(wrong)
	if status != http.StatusTooManyRequests || g.code() != "RATE_LIMITED" || hdr.Get("Retry-After") == "" {
		t.Fatalf("sixth wrong key: status %d %q Retry-After %q", status, g.code(), hdr.Get("Retry-After"))
	}
	if status, _, g := send(gqlKeyRead); status != http.StatusOK {
		t.Fatalf("another key: status %d %q", status, g.code())
	}
}
