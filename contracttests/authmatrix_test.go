package contracttests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"taxd/internal/rest"
)

var credentialKinds = []string{"none", "wrongSecret", "otherPartner", "apiKey", "pair", "accessToken", "otherAccessToken"}

// Every operation × every kind of credential answers as the spec's security requirements and the
// tenancy rules say: no or bad credentials 401; a credential the operation does not accept 403;
// another partner's credentials, or another user's token, never see user-123's data (404); the
// signed downloads ignore credentials (the signature is the credential).
func TestAuthMatrix(t *testing.T) {
	doc, err := rest.LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := restCases(t, doc)
	success := map[string]restCase{} // per operation: its default success example
	for _, c := range cases {
		if c.status >= 200 && c.status < 300 && (c.auth == "pair" || c.auth == "none") {
			if prev, ok := success[c.opID]; !ok || c.name == "default" && prev.name != "default" {
				success[c.opID] = c
			}
		}
	}
	ops := make([]string, 0, len(success))
	for op := range success {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	if len(ops) != 27 {
		t.Fatalf("%d operations have a success example, want 27", len(ops))
	}
	for _, opID := range ops {
		base := success[opID]
		op := operation(doc, opID)
		for _, cred := range credentialKinds {
			want := expectedStatus(doc, op, base, cred)
			t.Run(opID+"/"+cred, func(t *testing.T) {
				t.Parallel()
				e := newEnv(t)
				c := base
				c.auth = cred
				_, resp, body := send(t, e, c)
				status := resp.StatusCode
				if !want(status) {
					t.Errorf("%s with %s: status %d: %s", opID, cred, status, truncate(body))
				}
				if status >= 400 {
					var eb struct{ Message string }
					if json.Unmarshal(body, &eb) != nil || eb.Message == "" {
						t.Errorf("error without {message}: %s", truncate(body))
					}
				}
			})
		}
	}
}

func operation(doc *openapi3.T, id string) *openapi3.Operation {
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.OperationID == id {
				return op
			}
		}
	}
	return nil
}

func expectedStatus(doc *openapi3.T, op *openapi3.Operation, c restCase, cred string) func(int) bool {
	reqs := doc.Security
	if op.Security != nil {
		reqs = *op.Security
	}
	allowed := map[string]bool{}
	for _, r := range reqs {
		for name := range r {
			allowed[name] = true
		}
	}
	ok := func(s int) bool { return s == c.status }
	is := func(code int) func(int) bool { return func(s int) bool { return s == code } }
	if len(reqs) == 0 {
		return ok // public: credentials are ignored
	}
	ownsUser123 := strings.Contains(c.path, "/users/user-123") || bytes.Contains(c.body, []byte(`"referenceId":"user-123"`)) ||
		strings.Contains(c.path, "/webhook-endpoints/") // acme's endpoint
	switch cred {
	case "none", "wrongSecret":
		return is(http.StatusUnauthorized)
	case "pair":
		return ok
	case "apiKey":
		if allowed["partnerApiKey"] {
			return ok
		}
		return is(http.StatusForbidden)
	case "otherPartner":
		if ownsUser123 {
			return is(http.StatusNotFound)
		}
		return ok
	case "accessToken":
		if allowed["portalAccessToken"] {
			return ok
		}
		return is(http.StatusForbidden)
	case "otherAccessToken":
		if allowed["portalAccessToken"] {
			return is(http.StatusNotFound)
		}
		return is(http.StatusForbidden)
	}
	panic(fmt.Sprint("unknown credential ", cred))
}

// send sends one case's request with its credentials and returns the request, the response and
// its body.
func send(t *testing.T, e *env, c restCase) (*http.Request, *http.Response, []byte) {
	t.Helper()
	u := e.url + c.path
	if len(c.query) > 0 {
		u += "?" + c.query.Encode()
	}
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(strings.ToUpper(c.method), u, body)
	if err != nil {
		t.Fatal(err)
	}
	if c.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	e.authenticate(t, req, c.auth)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return req, resp, b
}
