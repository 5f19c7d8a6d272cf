package contracttests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// from is an HTTP client whose connections leave from the loopback address ip (all of 127.0.0.0/8
// is local on Linux), so that one test can act as callers at several addresses.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// sendFrom makes one request with hdr from client c and returns the status, headers and body.
func sendFrom(t *testing.T, c *http.Client, method, url string, body []byte, hdr map[string]string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, resp.Header, b
}

// An attacker who knows a partner's client id and guesses secrets from one address locks that
// credential at that address only: the partner's own servers elsewhere keep working, and the
// attacker's address does not lock out the valid keys used from it either.
func TestLockoutIsPerCredentialAndAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	attacker, partner := from("127.0.0.50"), from("127.0.0.60")
	link := []byte(`{"wallets":[{"address":"0x71C7656EC7ab88b098defB751B7401B5f6d8976F"}]}`)
	wrong := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": "sk_wrong_guess"}
	right := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret}
	var statuses []int
	for range 8 {
		status, hdr, b := sendFrom(t, attacker, http.MethodPost, e.url+"/api/links", link, wrong)
		statuses = append(statuses, status)
		if status == http.StatusTooManyRequests && hdr.Get("Retry-After") == "" {
			t.Fatalf("429 without Retry-After: %s", b)
		}
	}
	if fmt.Sprint(statuses) != "[401 401 401 401 401 429 429 429]" {
		t.Fatalf("8 wrong secrets from the attacker's address: %v, want 5 x 401 then 429", statuses)
	}
	// At the attacker's address the guessed credential is locked (for 1 s after the fifth failure,
	// doubling with each further one), the right secret included ...
	if status, _, b := sendFrom(t, attacker, http.MethodPost, e.url+"/api/links", link, right); status != http.StatusTooManyRequests {
		t.Fatalf("the right secret from the attacker's address: status %d, want 429: %s", status, b)
	}
	// ... and nowhere else.
	if status, _, b := sendFrom(t, partner, http.MethodPost, e.url+"/api/links", link, right); status != http.StatusOK && status != http.StatusCreated {
		t.Fatalf("the right secret from the partner's address after the attack: status %d: %s", status, b)
	}
	// The partner's own failures count for its own address only.
	if status, _, b := sendFrom(t, partner, http.MethodPost, e.url+"/api/links", link, wrong); status != http.StatusUnauthorized {
		t.Fatalf("a wrong secret from the partner's address: status %d, want 401: %s", status, b)
	}

	// 60 failures with made-up credentials from one address (a NAT shared with the partner, say).
	shared := from("127.0.0.70")
	for i := range 60 {
		hdr := map[string]string{"x-client-id": fmt.Sprintf("cli_guess_%04d", i), "x-api-secret": "sk_guess"}
		if i%2 == 1 {
			hdr = map[string]string{"x-api-key": fmt.Sprintf("pk_guess%04d_secret", i)}
		}
		if status, _, b := sendFrom(t, shared, http.MethodGet, e.url+"/api/users/user-123/user", nil, hdr); status != http.StatusUnauthorized && status != http.StatusTooManyRequests {
			t.Fatalf("guess %d: status %d: %s", i, status, b)
		}
	}
	// Every valid credential still works from that address, also one never used from it before.
	for name, hdr := range map[string]map[string]string{
		"pair":    right,
		"API key": {"x-api-key": acmeCreds.APIKey},
		"token":   {"Authorization": "Bearer " + e.token(t, user123ID, "user-123")},
	} {
		if status, _, b := sendFrom(t, shared, http.MethodGet, e.url+"/api/users/user-123/user", nil, hdr); status != http.StatusOK {
			t.Fatalf("%s from the address with 60 failures: status %d: %s", name, status, b)
		}
	}
	// ... but a guess from it is now refused at the first failure of each credential.
	guess := map[string]string{"x-client-id": otherCreds.ClientID, "x-api-secret": "sk_guess"}
	for i, want := range []int{http.StatusUnauthorized, http.StatusTooManyRequests} {
		status, _, b := sendFrom(t, shared, http.MethodGet, e.url+"/api/users/user-123/user", nil, guess)
		if status != want {
			t.Fatalf("guess %d at another partner from the throttled address: status %d, want %d: %s", i+1, status, want, b)
		}
	}
	// The other partner is not locked out anywhere else.
	other := map[string]string{"x-client-id": otherCreds.ClientID, "x-api-secret": otherCreds.APISecret}
	if status, _, b := sendFrom(t, partner, http.MethodGet, e.url+"/api/users/user-200/user", nil, other); status != http.StatusOK {
		t.Fatalf("the other partner from elsewhere: status %d: %s", status, b)
	}
}

// The same policy on /graphql: a guessed client API key locks at the guesser's address only.
func TestGraphQLLockoutIsPerCredentialAndAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seedGraphQLClients(t, e)
	query := []byte(`{"query":"query{getMyClients{id}}"}`)
	gql := func(c *http.Client, key string) (int, http.Header, gqlResponse) {
		t.Helper()
		status, hdr, b := sendFrom(t, c, http.MethodPost, e.url+"/graphql", query, map[string]string{"x-api-key": key})
		var g gqlResponse
		_ = json.Unmarshal(b, &g)
		return status, hdr, g
	}
	attacker, owner := from("127.0.0.51"), from("127.0.0.61")
	wrong := gqlKeyRW[:len(gqlKeyRW)-4] + "xxxx" // the key's lookup prefix, a guessed secret
	var codes []string
	for range 7 {
		status, hdr, g := gql(attacker, wrong)
		codes = append(codes, fmt.Sprintf("%d %s", status, g.code()))
		if status == http.StatusTooManyRequests && hdr.Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}
	}
	if got := strings.Join(codes, ", "); got != strings.Repeat("401 UNAUTHENTICATED, ", 5)+"429 RATE_LIMITED, 429 RATE_LIMITED" {
		t.Fatalf("7 guesses: %s", got)
	}
	if status, _, g := gql(attacker, gqlKeyRW); status != http.StatusTooManyRequests {
		t.Fatalf("the right key from the attacker's address: status %d %q, want 429", status, g.code())
	}
	if status, _, g := gql(owner, gqlKeyRW); status != http.StatusOK || g.code() != "" {
		t.Fatalf("the right key from the owner's address: status %d %q", status, g.code())
	}
	shared := from("127.0.0.71")
	for i := range 55 {
		if status, _, g := gql(shared, fmt.Sprintf("svc_guess%03dAAAAAAAAAAAAAAAAAAAAAAAA", i)); status != http.StatusUnauthorized && status != http.StatusTooManyRequests {
			t.Fatalf("guess %d: status %d %q", i, status, g.code())
		}
	}
	for _, key := range []string{gqlKeyRW, gqlKeyRead} {
		if status, _, g := gql(shared, key); status != http.StatusOK || g.code() != "" {
			t.Fatalf("a valid key from the address with 55 failures: status %d %q", status, g.code())
		}
	}
}

// A partner's right credentials sent to GraphQL by mistake get a 401 that says where they belong,
// as often as they are sent, and never lock the partner out of REST at that address: GraphQL does
// not check partner secrets, so such a request is no guess.
func TestPartnerCredentialsOnGraphQLDoNotLock(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	query := []byte(`{"query":"query{getMyClients{id}}"}`)
	caller := from("127.0.0.81")
	for _, hdr := range []map[string]string{
		{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret},
		{"x-api-key": acmeCreds.APIKey},
	} {
		for i := range 8 {
			status, _, b := sendFrom(t, caller, http.MethodPost, e.url+"/graphql", query, hdr)
			var g gqlResponse
			_ = json.Unmarshal(b, &g)
			if status != http.StatusUnauthorized || g.code() != "UNAUTHENTICATED" || !strings.Contains(string(b), "partner REST API under /api") {
				t.Fatalf("partner credentials on GraphQL, try %d: %d %s", i+1, status, b)
			}
		}
		if status, _, b := sendFrom(t, caller, http.MethodGet, e.url+"/api/users/user-123/user", nil, hdr); status != http.StatusOK {
			t.Fatalf("the same credentials on REST from the same address after 8 GraphQL tries: %d %s", status, b)
		}
	}
	// A wrong partner secret on REST still counts and locks.
	wrong := map[string]string{"x-client-id": acmeCreds.ClientID, "x-api-secret": acmeCreds.APISecret + "x"}
	var last int
	for range 6 {
		last, _, _ = sendFrom(t, caller, http.MethodGet, e.url+"/api/users/user-123/user", nil, wrong)
	}
	if last != http.StatusTooManyRequests {
		t.Fatalf("6 wrong secrets on REST: last status %d, want 429", last)
	}
}
