package contracttests

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
)

// gqlResult is a GraphQL answer: HTTP status, data and the first error's code.
type gqlResult struct {
	status int
	data   map[string]json.RawMessage
	code   string
	raw    string
}

func postGraphQL(t *testing.T, e *env, authorization, query string, vars map[string]any) gqlResult {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, e.url+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var got struct {
		Data   map[string]json.RawMessage `json:"data"`
		Errors []struct {
			Extensions map[string]any `json:"extensions"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("not JSON (%d): %s", resp.StatusCode, raw)
	}
	r := gqlResult{status: resp.StatusCode, data: got.Data, raw: string(raw)}
	if len(got.Errors) > 0 {
		r.code, _ = got.Errors[0].Extensions["code"].(string)
	}
	return r
}

// A partner's end user reaches GraphQL with the portal access token of REST /access-tokens: on
// its own client only, read and write, until the token expires.
func TestGraphQLPortalAccessToken(t *testing.T) {
	e := newEnv(t)
	issue := func(client uuid.UUID, ref string, at time.Time) string {
		iss, err := e.tokens.Issue(acmeID, client, ref, at, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + iss.Token
	}
	tok := issue(user123ID, "user-123", time.Now())
	for i := range 2 { // the same token twice: nothing about the first use changes the second
		r := postGraphQL(t, e, tok, `query($c: String!) { getClientById(clientId: $c) { id name } }`, map[string]any{"c": user123ID.String()})
		if r.code != "" || !bytes.Contains(r.data["getClientById"], []byte(user123ID.String())) {
			t.Fatalf("own client, try %d: %s", i+1, r.raw)
		}
	}
	r := postGraphQL(t, e, tok, `{ getMyClients { id } }`, nil)
	if r.code != "" || string(r.data["getMyClients"]) != `[{"id":"`+user123ID.String()+`"}]` {
		t.Errorf("getMyClients: %s", r.raw)
	}
	r = postGraphQL(t, e, tok, `mutation($c: ID!) { updateClient(clientId: $c, name: "Jane Portal") { name } }`, map[string]any{"c": user123ID.String()})
	if r.code != "" || string(r.data["updateClient"]) != `{"name":"Jane Portal"}` {
		t.Errorf("a portal token writes its own client: %s", r.raw)
	}
	for _, other := range []uuid.UUID{user200ID, gqlClient2} {
		r = postGraphQL(t, e, tok, `query($c: String!) { getClientById(clientId: $c) { id } }`, map[string]any{"c": other.String()})
		if r.code != "FORBIDDEN" {
			t.Errorf("another client %s: %s, want FORBIDDEN", other, r.raw)
		}
	}
	r = postGraphQL(t, e, issue(user123ID, "user-123", time.Now().Add(-2*time.Hour)), `{ getMyClients { id } }`, nil)
	if r.code != "UNAUTHENTICATED" || r.status != http.StatusUnauthorized {
		t.Errorf("expired token: %d %s, want 401 UNAUTHENTICATED", r.status, r.raw)
	}
	// A token naming a client that is not the partner's embedded user is refused.
	forged, err := e.tokens.Issue(otherID, user123ID, "user-123", time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if r = postGraphQL(t, e, "Bearer "+forged.Token, `{ getMyClients { id } }`, nil); r.code != "UNAUTHENTICATED" {
		t.Errorf("token of another partner for this client: %s, want UNAUTHENTICATED", r.raw)
	}
}

// Web-application users sign in with an ID token of the identity provider (here the development
// issuer, whose key the test server trusts); the subject maps to a user and its memberships.
func TestGraphQLIDTokenUsers(t *testing.T) {
	e := newEnvWith(t, seedGraphQL)
	key, err := auth.DevSigningKey(e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	bearer := func(subject string, at time.Time) string {
		tok, err := auth.SignIDToken(key, auth.KeyID(key.Public()), auth.DevIssuer, auth.DevAudience, subject, at, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + tok
	}
	jane := bearer("user-jane", time.Now())
	r := postGraphQL(t, e, jane, `{ getMyClients { id name } }`, nil)
	if r.code != "" || string(r.data["getMyClients"]) != `[{"id":"`+gqlClient1.String()+`","name":"Jane Doe"}]` {
		t.Errorf("getMyClients: %s", r.raw)
	}
	if r = postGraphQL(t, e, jane, `{ getMyActiveClient { id } }`, nil); r.code != "" || !bytes.Contains(r.data["getMyActiveClient"], []byte(gqlClient1.String())) {
		t.Errorf("getMyActiveClient: %s", r.raw)
	}
	if r = postGraphQL(t, e, jane, `query($c: String!) { getClientById(clientId: $c) { id } }`, map[string]any{"c": gqlClient2.String()}); r.code != "FORBIDDEN" {
		t.Errorf("a client Jane is not a member of: %s", r.raw)
	}
	// Staff-only settings: FORBIDDEN to a member, allowed to staff.
	staffOnly := `mutation($c: ID!) { updateClient(clientId: $c, accountantNotes: "check Q3", isEnterprise: true) { accountantNotes isEnterprise } }`
	if r = postGraphQL(t, e, jane, staffOnly, map[string]any{"c": gqlClient1.String()}); r.code != "FORBIDDEN" {
		t.Errorf("staff-only fields by a member: %s", r.raw)
	}
	if _, err := e.pool.Exec(ctx(), `INSERT INTO users (id, idp_subject, name, is_staff) VALUES ($1, 'staff-sam', 'Sam', true)`, uuid.New()); err != nil {
		t.Fatal(err)
	}
	staff := bearer("staff-sam", time.Now())
	if r = postGraphQL(t, e, staff, staffOnly, map[string]any{"c": gqlClient1.String()}); r.code != "" || string(r.data["updateClient"]) != `{"accountantNotes":"check Q3","isEnterprise":true}` {
		t.Errorf("staff-only fields by staff: %s", r.raw)
	}
	if r = postGraphQL(t, e, staff, `{ getMyActiveClient { id } }`, nil); r.code != "NOT_FOUND" {
		t.Errorf("getMyActiveClient of a user without clients: %s, want NOT_FOUND", r.raw)
	}
	for name, tok := range map[string]string{
		"unknown subject": bearer("nobody", time.Now()),
		"expired":         bearer("user-jane", time.Now().Add(-2*time.Hour)),
		"not a JWT":       "Bearer not-a-token",
	} {
		if r = postGraphQL(t, e, tok, `{ getMyClients { id } }`, nil); r.code != "UNAUTHENTICATED" || r.status != http.StatusUnauthorized {
			t.Errorf("%s: %d %s, want 401 UNAUTHENTICATED", name, r.status, r.raw)
		}
	}
}
