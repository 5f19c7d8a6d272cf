package contracttests

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// A PUT to an upload URL whose signature is wrong is refused before its body is read: a client
// that announces 100,000 bytes and sends one gets its 403 at once, and the connection is closed
// rather than waited on.
func TestUploadRefusedBeforeItsBody(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	u, err := url.Parse(e.url)
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{
		"/uploads/x.csv?expires=1&signature=bad",
		"/uploads/uploads/" + user123ID.String() + "/x.csv?expires=4102444800&signature=" + strings.Repeat("0", 64),
	} {
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "PUT %s HTTP/1.1\r\nHost: %s\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nd", target, u.Host)
		// A server that waited for the body would answer only when its read timeout ends (minutes):
		// the deadline here only stops the test from hanging that long.
		_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: no answer while the body is incomplete: %v", target, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("%s: status %d %s: %s", target, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
		restError(t, b)
		if !resp.Close {
			t.Errorf("%s: the connection is kept open for a body that will not be read", target)
		}
	}
}

// A portal access token lives a minute to a day; the client API key it could mint would live 90
// days. Portal tokens cannot create keys, and nothing is created.
func TestPortalTokenCannotMintAPIKey(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	iss, err := e.tokens.Issue(acmeID, user123ID, "user-123", time.Now(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	gql := func(query string) (int, gqlResponse, []byte) {
		body, _ := json.Marshal(map[string]any{"query": query})
		status, _, b := sendFrom(t, http.DefaultClient, http.MethodPost, e.url+"/graphql", body,
			map[string]string{"Authorization": "Bearer " + iss.Token})
		var g gqlResponse
		_ = json.Unmarshal(b, &g)
		return status, g, b
	}
	for _, level := range []string{"ReadWrite", "Read"} {
		_, g, raw := gql(fmt.Sprintf(`mutation{createClientApiKey(clientId:%q, name:"from the portal", permissionLevel:%s){rawKey apiKey{expiresAt}}}`, user123ID, level))
		if g.code() != "FORBIDDEN" {
			t.Fatalf("createClientApiKey(%s) with a one-minute portal token: %s", level, truncate(raw))
		}
	}
	_, g, raw := gql(fmt.Sprintf(`query{getClientApiKeys(clientId:%q){id}}`, user123ID))
	if g.code() != "" || string(g.Data) != `{"getClientApiKeys":[]}` {
		t.Fatalf("keys after the attempts: %s", raw)
	}
}

// Every response carries nosniff and a Referrer-Policy; every error, redirect, 404 and 405 has a
// JSON body; /docs runs no inline script that its CSP does not name by hash.
func TestSecurityHeadersAndJSONBodies(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	pair := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret}
	for _, c := range []struct {
		method, path string
		hdr          map[string]string
		body         string
		status       int
	}{
		{"GET", "/api/users/user-123/user", pair, "", 200},
		{"GET", "/api/users/user-123/user", nil, "", 401},
		{"GET", "/api/users/nobody/user", pair, "", 404},
		{"DELETE", "/api/users", pair, "", 405},
		{"GET", "/api/nothing-here", pair, "", 404},
		{"POST", "/graphql", map[string]string{"x-api-key": gqlKeyRW}, `{"query":"{getMyClients{id}}"}`, 200},
		{"POST", "/graphql", nil, `{"query":"{getMyClients{id}}"}`, 401},
		{"GET", "/graphql", nil, "", 405},
		{"GET", "/healthz", nil, "", 200},
		{"GET", "/readyz", nil, "", 200},
		{"GET", "/openapi.yaml", nil, "", 200},
		{"GET", "/openapi.json", nil, "", 200},
		{"GET", "/graphql/schema.graphqls", nil, "", 200},
		{"GET", "/docs", nil, "", 200},
		{"GET", "/portal", nil, "", 200},
		{"GET", "/portal/assets/portal.js", nil, "", 200},
		{"GET", "/portal/assets/nothing.js", nil, "", 404},
		{"GET", "/graphql/examples/", nil, "", 200},
		{"GET", "/graphql/examples/nothing.graphql", nil, "", 404},
		{"GET", "/graphql/examples/../examples/x", nil, "", 0},
		{"GET", "/downloads/reports/" + uuid.NewString() + "?expires=1&signature=x", nil, "", 401},
		{"PUT", "/uploads/x.csv?expires=1&signature=bad", nil, "", 403},
		{"GET", "/metrics", nil, "", 200},
		{"GET", "/nothing-here", nil, "", 404},
		{"GET", "/", nil, "", 0},
		{"GET", "/api", pair, "", 0},
		{"GET", "/api//users/user-123/user", pair, "", 0},
		{"GET", "/api/users/../users/user-123/user", pair, "", 0},
		{"POST", "/api/./users", pair, `{"userId":"x"}`, 0},
	} {
		name := c.method + " " + c.path
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		status, hdr, b := sendFrom(t, noRedirect, c.method, e.url+c.path, body, c.hdr)
		if c.status != 0 && status != c.status {
			t.Errorf("%s: status %d, want %d: %s", name, status, c.status, truncate(b))
		}
		if c.status == 0 && (status < 300 || status >= 400 || hdr.Get("Location") == "") {
			t.Errorf("%s: status %d, Location %q, want a redirect", name, status, hdr.Get("Location"))
		}
		if hdr.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", name, hdr.Get("X-Content-Type-Options"))
		}
		if hdr.Get("Referrer-Policy") == "" {
			t.Errorf("%s: no Referrer-Policy", name)
		}
		if status >= 300 {
			var m struct {
				Message string `json:"message"`
			}
			var g gqlResponse
			if !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") ||
				(json.Unmarshal(b, &m) != nil || m.Message == "") && (json.Unmarshal(b, &g) != nil || g.code() == "") {
				t.Errorf("%s: status %d with a %q body that is not a JSON error: %s", name, status, hdr.Get("Content-Type"), truncate(b))
			}
		}
		if c.path == "/docs" {
			csp := hdr.Get("Content-Security-Policy")
			script := ""
			for _, d := range strings.Split(csp, ";") {
				if f := strings.Fields(d); len(f) > 0 && f[0] == "script-src" {
					script = d
				}
			}
			if script == "" || strings.Contains(script, "'unsafe-inline'") || strings.Contains(script, "'unsafe-eval'") {
				t.Errorf("/docs: script-src %q in CSP %q", script, csp)
			}
		}
	}
}
