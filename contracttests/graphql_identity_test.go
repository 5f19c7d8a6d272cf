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
	// A second membership: both clients by name; the active one is the client opened last.
	if _, err := e.pool.Exec(ctx(), `INSERT INTO client_members (client_id, user_id) SELECT $1, id FROM users WHERE idp_subject = 'user-jane'`, gqlClient2); err != nil {
		t.Fatal(err)
	}
	r = postGraphQL(t, e, jane, `{ getMyClients { name } }`, nil)
	if string(r.data["getMyClients"]) != `[{"name":"Jane Doe"},{"name":"John Roe"}]` {
		t.Errorf("two memberships: %s", r.raw)
	}
	for _, open := range []uuid.UUID{gqlClient2, gqlClient1, gqlClient2} {
		if r = postGraphQL(t, e, jane, `query($c: String!) { getClientById(clientId: $c) { id } }`, map[string]any{"c": open.String()}); r.code != "" {
			t.Fatalf("open %s: %s", open, r.raw)
		}
		if r = postGraphQL(t, e, jane, `{ getMyActiveClient { id } }`, nil); !bytes.Contains(r.data["getMyActiveClient"], []byte(open.String())) {
			t.Errorf("after opening %s the active client is %s", open, r.raw)
		}
	}
	if _, err := e.pool.Exec(ctx(), `DELETE FROM client_members WHERE client_id = $1`, gqlClient2); err != nil {
		t.Fatal(err)
	}
	if r = postGraphQL(t, e, jane, `{ getMyActiveClient { id } }`, nil); !bytes.Contains(r.data["getMyActiveClient"], []byte(gqlClient1.String())) {
		t.Errorf("the active client after leaving it: %s, want the remaining membership", r.raw)
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

// updateClient takes every argument of the SDL (staff here, so the staff-only ones too) and
// returns them; the tax inputs among them mark the client dirty.
func TestGraphQLUpdateClientEveryArgument(t *testing.T) {
	e := newEnvWith(t, seedGraphQLClients) // client 1 without a ledger: its currency may still change
	key, err := auth.DevSigningKey(e.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx(), `INSERT INTO users (id, idp_subject, name, is_staff) VALUES ($1, 'staff-sam', 'Sam', true)`, uuid.New()); err != nil {
		t.Fatal(err)
	}
	tok, err := auth.SignIDToken(key, auth.KeyID(key.Public()), auth.DevIssuer, auth.DevAudience, "staff-sam", time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	const fields = `name type currency country timezone fiscalYearStart fiscalYearEnd hasCustomFiscalYear neededTaxYears
		isDirty lockTaxesUntil deadline isOnExtension accountantStatus accountantNotes fullServiceStatus fullServiceNotes
		allowCustomerSupportAccess avatarImageUrl canUsePriority isEnterprise defaultAIModel defaultToFloor useSnapshots
		portfolioProvider paymentAppUsername solReferralAddress messengerGroupUrl messengerUsername`
	vars := map[string]any{
		"clientId": gqlClient1.String(), "name": "Jane Q. Doe", "type": "business", "currency": "CAD", "country": "CA",
		"timezone": "America/Toronto", "fiscalYearStart": "07-01", "fiscalYearEnd": "06-30", "hasCustomFiscalYear": true,
		"neededTaxYears": "2024,2025", "lockTaxesUntil": "2024-07-01T12:00:00.000Z", "deadline": "2026-04-30T00:00:00.000Z",
		"isOnExtension": true, "accountantStatus": "IN_REVIEW", "accountantNotes": "Check the Q3 swaps",
		"fullServiceStatus": "in_review", "fullServiceNotes": "Two wallets pending", "allowCustomerSupportAccess": true,
		"avatarImageUrl": "https://cdn.example/jane.png", "canUsePriority": true, "isEnterprise": true,
		"defaultAIModel": "reviewer-2", "defaultToFloor": true, "useSnapshots": true, "portfolioProvider": "coingecko",
		"paymentAppUsername": "jane-pays", "solReferralAddress": "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
		"messengerGroupUrl": "https://chat.example/g/jane", "messengerUsername": "janedoe",
	}
	query := `mutation($clientId: ID!, $name: String, $type: String, $currency: CurrencyCodeEnum, $country: CountryEnum,
		$timezone: String, $fiscalYearStart: String, $fiscalYearEnd: String, $hasCustomFiscalYear: Boolean, $neededTaxYears: String,
		$lockTaxesUntil: Date, $deadline: Date, $isOnExtension: Boolean, $accountantStatus: ClientAccountantStatusEnum,
		$accountantNotes: String, $fullServiceStatus: String, $fullServiceNotes: String, $allowCustomerSupportAccess: Boolean,
		$avatarImageUrl: String, $canUsePriority: Boolean, $isEnterprise: Boolean, $defaultAIModel: String, $defaultToFloor: Boolean,
		$useSnapshots: Boolean, $portfolioProvider: String, $paymentAppUsername: String, $solReferralAddress: String,
		$messengerGroupUrl: String, $messengerUsername: String) {
	  updateClient(clientId: $clientId, name: $name, type: $type, currency: $currency, country: $country, timezone: $timezone,
		fiscalYearStart: $fiscalYearStart, fiscalYearEnd: $fiscalYearEnd, hasCustomFiscalYear: $hasCustomFiscalYear,
		neededTaxYears: $neededTaxYears, lockTaxesUntil: $lockTaxesUntil, deadline: $deadline, isOnExtension: $isOnExtension,
		accountantStatus: $accountantStatus, accountantNotes: $accountantNotes, fullServiceStatus: $fullServiceStatus,
		fullServiceNotes: $fullServiceNotes, allowCustomerSupportAccess: $allowCustomerSupportAccess, avatarImageUrl: $avatarImageUrl,
		canUsePriority: $canUsePriority, isEnterprise: $isEnterprise, defaultAIModel: $defaultAIModel, defaultToFloor: $defaultToFloor,
		useSnapshots: $useSnapshots, portfolioProvider: $portfolioProvider, paymentAppUsername: $paymentAppUsername,
		solReferralAddress: $solReferralAddress, messengerGroupUrl: $messengerGroupUrl, messengerUsername: $messengerUsername) { ` + fields + ` }
	}`
	for i := range 2 { // the same update twice: the second changes nothing and the answer is the same
		r := postGraphQL(t, e, "Bearer "+tok, query, vars)
		if r.code != "" {
			t.Fatalf("try %d: %s", i+1, r.raw)
		}
		var got map[string]any
		if err := json.Unmarshal(r.data["updateClient"], &got); err != nil {
			t.Fatal(err)
		}
		for k, want := range vars {
			switch k {
			case "lockTaxesUntil":
				want = "2024-07-01T00:00:00.000Z" // kept as its day in the client's timezone (Toronto)
			case "fiscalYearStart", "fiscalYearEnd":
				// Canada's rules fix the tax year (the calendar year): the client's own 07-01 is
				// stored, and the answer is the year its figures follow.
				want = map[string]string{"fiscalYearStart": "01-01", "fiscalYearEnd": "12-31"}[k]
			}
			if k != "clientId" && got[k] != want {
				t.Errorf("try %d: %s = %v, want %v", i+1, k, got[k], want)
			}
		}
		if got["isDirty"] != true {
			t.Errorf("try %d: a new timezone, fiscal year, currency and country leave the client settled", i+1)
		}
	}
	// The same through getClientById (what was stored, not only what was answered).
	r := postGraphQL(t, e, "Bearer "+tok, `query($c: String!) { getClientById(clientId: $c) { name timezone fiscalYearStart accountantStatus } }`,
		map[string]any{"c": gqlClient1.String()})
	if string(r.data["getClientById"]) != `{"name":"Jane Q. Doe","timezone":"America/Toronto","fiscalYearStart":"01-01","accountantStatus":"IN_REVIEW"}` {
		t.Errorf("stored: %s", r.raw)
	}
}

// A report the end user exports through GraphQL in a format the partner API does not name (a
// Schedule 1 PDF) is left out of the partner's report list, which lists only its own types.
func TestRESTReportListKeepsToItsTypes(t *testing.T) {
	e := newEnv(t)
	tok := "Bearer " + e.token(t, user123ID, "user-123")
	r := postGraphQL(t, e, tok, `query($c: ID!) { getReportExportV2(clientId: $c, type: SCHEDULE_1_PDF, dateQueryType: TAX_YEAR, year: "2025") { report { id type } } }`,
		map[string]any{"c": user123ID.String()})
	if r.code != "" || !bytes.Contains(r.data["getReportExportV2"], []byte("SCHEDULE_1_PDF")) {
		t.Fatalf("export: %s", r.raw)
	}
	req, err := http.NewRequest("GET", e.url+"/api/users/user-123/reports", nil)
	if err != nil {
		t.Fatal(err)
	}
	e.authenticate(t, req, "pair")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Data struct {
			Reports []struct{ ReportType string } `json:"reports"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || resp.StatusCode != 200 {
		t.Fatalf("list: %d %v", resp.StatusCode, err)
	}
	var n int
	if err := e.pool.QueryRow(ctx(), `SELECT count(*) FROM reports WHERE client_id = $1 AND report_type = 'schedule-1-pdf'`, user123ID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the GraphQL export stored %d schedule-1-pdf reports (%v), want 1", n, err)
	}
	for _, x := range list.Data.Reports {
		if x.ReportType == "schedule-1-pdf" {
			t.Errorf("the partner list shows a type its API does not name: %+v", list.Data.Reports)
		}
	}
}
