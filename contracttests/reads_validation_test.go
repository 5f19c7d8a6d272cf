package contracttests

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestMalformedArgumentsAreBadUserInput: an argument value of the wrong type (a bad enum value in
// the document or in a variable, a string for an Int, a variable declared with another type, a
// required argument left out, an unknown argument) is BAD_USER_INPUT, the code of malformed
// arguments, with data null and nothing executed; a document that asks for a field the schema
// does not have stays GRAPHQL_VALIDATION_FAILED (422). A root-level __typename is not a root field.
func TestMalformedArgumentsAreBadUserInput(t *testing.T) {
	t.Parallel()
	codes := documentedCodes(t)
	e := newEnvWith(t, seedGraphQL)
	c := gqlClient1.String()
	for _, tc := range []struct {
		name  string
		query string
		vars  map[string]any
	}{
		{"enum literal", `query($c: ID!) { getChart(clientId: $c, interval: FORTNIGHT) { endValueCents } }`, map[string]any{"c": c}},
		{"enum variable", `query($c: ID!, $i: HistoricalBalanceIntervalEnum!) { getChart(clientId: $c, interval: $i) { endValueCents } }`,
			map[string]any{"c": c, "i": "FORTNIGHT"}},
		{"word for an Int variable", `query($c: ID!, $y: Int!) { getTaxFormStatuses(clientId: $c, year: $y) { year } }`,
			map[string]any{"c": c, "y": "twenty"}},
		{"Boolean for an Int variable", `query($c: ID!, $y: Int!) { getTaxFormStatuses(clientId: $c, year: $y) { year } }`,
			map[string]any{"c": c, "y": true}},
		{"string literal for an Int", `query($c: ID!) { getTaxFormStatuses(clientId: $c, year: "2025") { year } }`, map[string]any{"c": c}},
		{"variable of another type", `query($c: ID!, $y: String!) { getTaxFormStatuses(clientId: $c, year: $y) { year } }`,
			map[string]any{"c": c, "y": "2025"}},
		{"missing variable", `query($c: ID!, $y: Int!) { getTaxFormStatuses(clientId: $c, year: $y) { year } }`, map[string]any{"c": c}},
		{"required argument left out", `query($c: ID!) { getTaxFormStatuses(clientId: $c) { year } }`, map[string]any{"c": c}},
		{"unknown argument", `query($c: ID!) { countDirty(clientId: $c, since: 3) }`, map[string]any{"c": c}},
		{"object for a list of IDs", `mutation($c: ID!) { hideMultipleTransactions(clientId: $c, transactionIds: {id: "x"}) }`, map[string]any{"c": c}},
	} {
		status, g, raw := gqlCall(t, e, tc.query, tc.vars)
		if status != http.StatusOK || g.code() != "BAD_USER_INPUT" || !codes[g.code()] || string(g.Data) != "null" && len(g.Data) != 0 {
			t.Errorf("%s: status %d code %q: %s", tc.name, status, g.code(), truncate(raw))
		}
	}
	if status, g, raw := gqlCall(t, e, `query($c: ID!) { countDirty(clientId: $c) { nothing } }`, map[string]any{"c": c}); status != http.StatusUnprocessableEntity || g.code() != "GRAPHQL_VALIDATION_FAILED" {
		t.Errorf("a subselection of a scalar: status %d code %q: %s", status, g.code(), truncate(raw))
	}

	// __typename beside the one root field is a meta field, not a second root field
	status, g, raw := gqlCall(t, e, `query($c: ID!) { __typename countDirty(clientId: $c) }`, map[string]any{"c": c})
	var data struct {
		Typename   string `json:"__typename"`
		CountDirty *int   `json:"countDirty"`
	}
	if err := json.Unmarshal(g.Data, &data); status != http.StatusOK || len(g.Errors) > 0 || err != nil || data.Typename != "Query" || data.CountDirty == nil {
		t.Errorf("__typename with countDirty: status %d: %s", status, truncate(raw))
	}
	if status, g, raw := gqlCall(t, e, `{ __typename }`, nil); status != http.StatusOK || len(g.Errors) > 0 {
		t.Errorf("__typename alone: status %d: %s", status, truncate(raw))
	}
	if _, g, raw := gqlCall(t, e, `query($c: ID!) { __typename countDirty(clientId: $c) getTaxYears(clientId: $c) }`, map[string]any{"c": c}); g.code() != "ROOT_SELECTION_LIMIT_EXCEEDED" {
		t.Errorf("two root fields and __typename: %s", truncate(raw))
	}
}
