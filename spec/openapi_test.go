package spec

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// contractSigningSecret is the report-signing secret the contract tests run the server with; the
// signed-download examples are signed with it.
const contractSigningSecret = "contract-test-signing-secret"

// The 20 operations of the partner REST seed, and the webhook operations added since (docs: ../shared/seeds/partner-rest-api.md).
var wantOperations = map[string]string{
	"createAccessToken":          "POST /access-tokens",
	"createLink":                 "POST /links",
	"emailLink":                  "POST /links/email",
	"createUser":                 "POST /users",
	"getUser":                    "GET /users/{referenceId}/user",
	"listAccounts":               "GET /users/{referenceId}/accounts",
	"createAccounts":             "POST /users/{referenceId}/accounts",
	"listAccountSyncs":           "GET /users/{referenceId}/account_syncs",
	"createAccountSyncs":         "POST /users/{referenceId}/account_syncs",
	"getAccountSync":             "GET /users/{referenceId}/account_syncs/{syncId}",
	"getTaxPreview":              "GET /users/{referenceId}/preview",
	"refreshTaxes":               "POST /users/{referenceId}/refresh",
	"getActiveRecalculateJob":    "GET /users/{referenceId}/active-recalculate-job",
	"listReports":                "GET /users/{referenceId}/reports",
	"createReport":               "POST /users/{referenceId}/reports",
	"downloadReport":             "GET /users/{referenceId}/reports/{reportId}/download",
	"downloadReportSigned":       "POST /users/{referenceId}/reports/{reportId}/download",
	"downloadReportSignedBase64": "POST /reports/{reportId}/download",
	"crunch":                     "POST /crunch",
	"createDiscountCode":         "POST /discount-codes",
	// Partner webhooks (issue 17).
	"listWebhookEndpoints":  "GET /webhook-endpoints",
	"createWebhookEndpoint": "POST /webhook-endpoints",
	"deleteWebhookEndpoint": "DELETE /webhook-endpoints/{endpointId}",
	"listWebhookDeliveries": "GET /webhook-endpoints/{endpointId}/deliveries",
	// Signed upload URLs for transaction files (issue 13).
	"createUploadUrl": "POST /users/{referenceId}/uploads",
	// One job read by its id (partner round 2): a report, a recalculation's outcome.
	"getReport":        "GET /users/{referenceId}/reports/{reportId}",
	"getRecalculation": "GET /users/{referenceId}/recalculations/{jobId}",
}

// Values of the example extensions the contract runner understands.
var (
	contractAuths         = []string{"pair", "apiKey", "none", "wrongSecret", "accessToken", "otherAccessToken"}
	contractRequestFields = []string{"body", "rawBody", "path", "query", "method", "bodyBytes"}
)

// loadOpenAPI loads and validates spec/openapi.yaml the way the server does, with every example
// checked against its schema (uuid and email formats included).
func loadOpenAPI(t *testing.T) *openapi3.T {
	t.Helper()
	RegisterFormats()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(OpenAPI)
	if err != nil {
		t.Fatalf("load openapi.yaml: %v", err)
	}
	if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation()); err != nil {
		t.Fatalf("openapi.yaml does not validate: %v", err)
	}
	return doc
}

type operation struct {
	method, path string
	item         *openapi3.PathItem
	op           *openapi3.Operation
}

func operations(doc *openapi3.T) []operation {
	var ops []operation
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, operation{method: method, path: path, item: item, op: op})
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		return ops[i].path+ops[i].method < ops[j].path+ops[j].method
	})
	return ops
}

func (o operation) name() string { return o.method + " " + o.path }

// parameters returns the operation's parameters, path-item parameters included.
func (o operation) parameters() []*openapi3.Parameter {
	var ps []*openapi3.Parameter
	for _, p := range append(slices.Clone(o.item.Parameters), o.op.Parameters...) {
		ps = append(ps, p.Value)
	}
	return ps
}

func (o operation) security(doc *openapi3.T) openapi3.SecurityRequirements {
	if o.op.Security != nil {
		return *o.op.Security
	}
	return doc.Security
}

func (o operation) requestExamples() map[string]*openapi3.ExampleRef {
	if o.op.RequestBody == nil {
		return nil
	}
	if mt := o.op.RequestBody.Value.Content.Get("application/json"); mt != nil {
		return mt.Examples
	}
	return nil
}

func TestOpenAPIValidates(t *testing.T) {
	doc := loadOpenAPI(t)
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("openapi is %q, want 3.0.3", doc.OpenAPI)
	}
	if doc.Info.Version != "1.0.0" {
		t.Errorf("info.version is %q, want 1.0.0", doc.Info.Version)
	}
	if len(doc.Servers) == 0 || !strings.HasSuffix(doc.Servers[0].URL, "/api") {
		t.Errorf("the first server URL must end in /api")
	}
}

func TestOpenAPIOperations(t *testing.T) {
	doc := loadOpenAPI(t)
	tags := map[string]bool{}
	for _, tag := range doc.Tags {
		tags[tag.Name] = true
	}
	seen := map[string]bool{}
	for _, o := range operations(doc) {
		t.Run(o.name(), func(t *testing.T) {
			op := o.op
			if op.OperationID == "" {
				t.Fatal("no operationId")
			}
			if seen[op.OperationID] {
				t.Errorf("operationId %s is used twice", op.OperationID)
			}
			seen[op.OperationID] = true
			if want, ok := wantOperations[op.OperationID]; !ok {
				t.Errorf("operationId %s is not one of the seed's operations", op.OperationID)
			} else if want != o.name() {
				t.Errorf("operationId %s is on %s, want %s", op.OperationID, o.name(), want)
			}
			if strings.TrimSpace(op.Summary) == "" {
				t.Error("no summary")
			}
			if strings.TrimSpace(op.Description) == "" {
				t.Error("no description")
			}
			if len(op.Tags) == 0 {
				t.Error("no tags")
			}
			for _, tag := range op.Tags {
				if !tags[tag] {
					t.Errorf("tag %q is not declared at the top level", tag)
				}
			}

			if op.RequestBody != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					if len(mt.Examples) == 0 {
						t.Errorf("request body %s has no named example", ct)
					}
				}
			}

			responses := op.Responses.Map()
			if responses["default"] == nil {
				t.Error("no default response")
			}
			for status, ref := range responses {
				n := 0
				for _, mt := range ref.Value.Content {
					n += len(mt.Examples)
				}
				if n == 0 {
					t.Errorf("response %s has no named example", status)
				}
			}
			// An outage is a 503 with Retry-After on every operation, never a 500.
			if r := responses["503"]; r == nil || r.Value.Headers["Retry-After"] == nil {
				t.Error("no 503 response with Retry-After (a database outage)")
			}
			if len(o.security(doc)) > 0 && responses["401"] == nil {
				t.Error("the operation requires authentication but does not document 401")
			}
			for _, p := range o.parameters() {
				if p.In == openapi3.ParameterInPath && p.Examples["default"] == nil {
					t.Errorf("path parameter %s has no default example", p.Name)
				}
			}
		})
	}
	for id := range wantOperations {
		if !seen[id] {
			t.Errorf("operation %s (%s) is missing", id, wantOperations[id])
		}
	}
}

// TestOpenAPIContractExamples checks the conventions the contract runner relies on: a response
// example named N is replayed with the request-body example N (else default) and the parameter
// examples N (else default); x-contract-* extensions carry known values; bodies sent through
// x-contract-request really are invalid (else they belong in the request examples).
func TestOpenAPIContractExamples(t *testing.T) {
	doc := loadOpenAPI(t)
	for _, o := range operations(doc) {
		t.Run(o.name(), func(t *testing.T) {
			reqExamples := o.requestExamples()
			for status, ref := range o.op.Responses.Map() {
				for _, mt := range ref.Value.Content {
					for name, ex := range mt.Examples {
						where := fmt.Sprintf("response %s example %s", status, name)
						override := checkExtensions(t, where, ex.Value)
						if _, raw := override["rawBody"]; raw {
							continue
						}
						if m, ok := override["method"]; ok { // a 405: a method the path does not have
							if ms, _ := m.(string); ms == "" || o.item.GetOperation(ms) != nil || status != "405" {
								t.Errorf("%s: x-contract-request.method %v must be a method %s does not have, on a 405", where, m, o.path)
							}
						}
						if n, ok := override["bodyBytes"]; ok { // a 413: a body over the 1 MiB limit
							if f, _ := n.(float64); f <= 1<<20 || status != "413" {
								t.Errorf("%s: x-contract-request.bodyBytes %v must exceed 1 MiB, on a 413", where, n)
							}
							continue
						}
						for _, in := range []string{"path", "query"} {
							values, _ := override[in].(map[string]any)
							for pname := range values {
								if !slices.ContainsFunc(o.parameters(), func(p *openapi3.Parameter) bool {
									return p.In == in && p.Name == pname
								}) {
									t.Errorf("%s: x-contract-request.%s.%s is not a %s parameter", where, in, pname, in)
								}
							}
						}
						if body, ok := override["body"]; ok {
							checkInvalidBody(t, where, o, body)
							continue
						}
						if o.op.RequestBody != nil && o.op.RequestBody.Value.Required &&
							reqExamples[name] == nil && reqExamples["default"] == nil {
							t.Errorf("%s: no request example %q or default to send", where, name)
						}
					}
				}
			}
			for _, p := range o.parameters() {
				for name, ex := range p.Examples {
					checkExtensions(t, "parameter "+p.Name+" example "+name, ex.Value)
				}
			}
		})
	}
}

// checkExtensions validates x-contract-auth and x-contract-request of an example and returns the
// x-contract-request object (nil when absent).
func checkExtensions(t *testing.T, where string, ex *openapi3.Example) map[string]any {
	t.Helper()
	for k, v := range ex.Extensions {
		switch k {
		case "x-contract-auth":
			if s, ok := v.(string); !ok || !slices.Contains(contractAuths, s) {
				t.Errorf("%s: x-contract-auth %v is not one of %v", where, v, contractAuths)
			}
		case "x-contract-request":
			m, ok := v.(map[string]any)
			if !ok || len(m) == 0 {
				t.Errorf("%s: x-contract-request must be a non-empty object", where)
				continue
			}
			for field := range m {
				if !slices.Contains(contractRequestFields, field) {
					t.Errorf("%s: x-contract-request.%s is not one of %v", where, field, contractRequestFields)
				}
			}
		case "x-contract-skip":
			if b, ok := v.(bool); !ok || !b {
				t.Errorf("%s: x-contract-skip must be true when present", where)
			}
		default:
			t.Errorf("%s: unknown example extension %s", where, k)
		}
	}
	m, _ := ex.Extensions["x-contract-request"].(map[string]any)
	return m
}

func checkInvalidBody(t *testing.T, where string, o operation, body any) {
	t.Helper()
	if o.op.RequestBody == nil {
		t.Errorf("%s: x-contract-request.body on an operation without a request body", where)
		return
	}
	mt := o.op.RequestBody.Value.Content.Get("application/json")
	if err := mt.Schema.Value.VisitJSON(body, openapi3.VisitAsRequest()); err == nil {
		t.Errorf("%s: x-contract-request.body is valid; make it a request example instead", where)
	}
}

// TestOpenAPISignedDownloads recomputes the HMAC of every signed-download request example: each
// is correctly signed for the reportId it is replayed with, except badSignature.
func TestOpenAPISignedDownloads(t *testing.T) {
	doc := loadOpenAPI(t)
	n := 0
	for _, o := range operations(doc) {
		if o.op.RequestBody == nil || o.op.RequestBody.Value.Content.Get("application/json") == nil ||
			o.op.RequestBody.Value.Content.Get("application/json").Schema.Ref != "#/components/schemas/SignedDownloadRequest" {
			continue
		}
		if o.op.Security == nil || len(*o.op.Security) != 0 {
			t.Errorf("%s: signed downloads must have security: []", o.name())
		}
		var reportID *openapi3.Parameter
		for _, p := range o.parameters() {
			if p.Name == "reportId" {
				reportID = p
			}
		}
		if reportID == nil {
			t.Fatalf("%s: no reportId parameter", o.name())
		}
		for name, ex := range o.requestExamples() {
			idEx := reportID.Examples[name]
			if idEx == nil {
				idEx = reportID.Examples["default"]
			}
			id, _ := idEx.Value.Value.(string)
			body, _ := ex.Value.Value.(map[string]any)
			expires, _ := body["expires"].(float64)
			sig, _ := body["signature"].(string)
			mac := hmac.New(sha256.New, []byte(contractSigningSecret))
			mac.Write([]byte(id + "." + strconv.FormatInt(int64(expires), 10)))
			want := hex.EncodeToString(mac.Sum(nil))
			if (sig == want) != (name != "badSignature") {
				t.Errorf("%s: request example %s: signature %s for %s.%d, correct one is %s",
					o.name(), name, sig, id, int64(expires), want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no signed-download examples found")
	}
}
