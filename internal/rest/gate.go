package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/metrics"
	"taxd/spec"
)

// Gate is the middleware in front of every /api operation. It reads everything it enforces from
// spec/openapi.yaml: it finds the operation, authenticates the caller against the operation's
// security requirements (401 when credentials are missing or invalid, 403 when the credential kind
// is not one the operation accepts), then validates the request (400 naming the field).
type Gate struct {
	router routers.Router
	auth   *auth.PartnerAuthenticator
	rules  map[*openapi3.Operation]operationRules // every operation of the spec
	// Throttle, when set, slows down credential guessing (429 + Retry-After).
	Throttle *auth.LoginThrottle
}

// operationRules is what the gate enforces on one operation, read from the spec once.
type operationRules struct {
	public bool // no security requirements
	// allowed are the credential kinds its security requirements accept.
	allowed map[auth.Method]bool
	// validated is the operation as the request validator sees it: without its security
	// requirements, which the gate has enforced itself before validation.
	validated *openapi3.Operation
}

func rulesOf(doc *openapi3.T, op *openapi3.Operation) operationRules {
	reqs := doc.Security
	if op.Security != nil {
		reqs = *op.Security
	}
	allowed := map[auth.Method]bool{}
	for _, req := range reqs {
		for name := range req {
			allowed[schemeMethods[name]] = true
		}
	}
	validated := *op
	validated.Security = &openapi3.SecurityRequirements{}
	return operationRules{public: len(reqs) == 0, allowed: allowed, validated: &validated}
}

// Security scheme names in spec/openapi.yaml and the method each stands for.
var schemeMethods = map[string]auth.Method{
	"partnerClientId":   auth.MethodSecretPair,
	"partnerApiSecret":  auth.MethodSecretPair,
	"partnerApiKey":     auth.MethodAPIKey,
	"portalAccessToken": auth.MethodAccessToken,
}

// LoadSpec parses and validates the embedded OpenAPI document.
func LoadSpec() (*openapi3.T, error) {
	spec.RegisterFormats()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(spec.OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return doc, nil
}

// NewGate builds the gate for doc; routes are matched under /api on any host.
func NewGate(doc *openapi3.T, a *auth.PartnerAuthenticator) (*Gate, error) {
	r, err := RouterFor(doc)
	if err != nil {
		return nil, err
	}
	rules := map[*openapi3.Operation]operationRules{}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			rules[op] = rulesOf(doc, op)
		}
	}
	return &Gate{router: r, auth: a, rules: rules}, nil
}

// Wrap returns next behind the gate.
func (g *Gate) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route, params, err := g.router.FindRoute(r)
		if err == nil {
			metrics.SetRoute(r.Context(), "/api"+route.Path)
		}
		if err != nil {
			if errors.Is(err, routers.ErrMethodNotAllowed) {
				allow := g.allowed(r)
				w.Header().Set("Allow", strings.Join(allow, ", "))
				WriteError(w, r, apperr.New(apperr.MethodNotAllowed,
					"method %s is not allowed on this path; the Allow header lists the methods it accepts", r.Method))
				return
			}
			WriteError(w, r, apperr.NotFoundf("no operation at %s %s", r.Method, r.URL.Path))
			return
		}
		if err := checkText(r, params); err != nil {
			WriteError(w, r, err)
			return
		}
		rules, ok := g.rules[route.Operation]
		if !ok {
			rules = rulesOf(route.Spec, route.Operation)
		}
		ctx, err := g.authenticate(r, rules)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		r = r.WithContext(ctx)
		if err := checkBodyText(r, route); err != nil {
			WriteError(w, r, err)
			return
		}
		validated := *route
		validated.Operation = rules.validated
		in := &openapi3filter.RequestValidationInput{
			Request:    r,
			PathParams: params,
			Route:      &validated,
			Options: &openapi3filter.Options{
				AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
				MultiError:         false,
			},
		}
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			WriteError(w, r, validationError(err))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate checks the caller's credential against the operation's security requirements.
func (g *Gate) authenticate(r *http.Request, rules operationRules) (context.Context, error) {
	ctx := r.Context()
	if rules.public {
		return ctx, nil // signed downloads carry their own signature
	}
	allowed := rules.allowed
	presented := auth.Presented(r.Header)
	if presented == auth.MethodNone {
		return nil, apperr.New(apperr.Unauthenticated, "authentication required: send x-client-id and x-api-secret, or x-api-key")
	}
	keys := g.Throttle.KeysOf(r)
	p, recorded, err := g.auth.AuthenticateThrottled(ctx, r.Header, g.Throttle, keys)
	if err != nil {
		if apperr.KindOf(err) == apperr.Unauthenticated {
			g.Throttle.Failed(ctx, keys)
		}
		return nil, err
	}
	if recorded {
		g.Throttle.Succeeded(ctx, keys)
	}
	if !allowed[p.Method] {
		return nil, apperr.New(apperr.Forbidden, "%s cannot be used for this operation; it needs %s", p.Method, describe(allowed))
	}
	return auth.WithPartner(ctx, p), nil
}

func describe(allowed map[auth.Method]bool) string {
	var names []string
	for m := range allowed {
		names = append(names, m.String())
	}
	sort.Strings(names)
	return strings.Join(names, " or ")
}

// allowed lists the methods that the path of r has operations for (the Allow header of a 405).
func (g *Gate) allowed(r *http.Request) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, _, err := g.router.FindRoute(probe); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// validationError turns a kin-openapi error into a 400 that names the offending field.
func validationError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return apperr.New(apperr.TooLarge, "the request body is larger than the limit of %d bytes", tooLarge.Limit)
	}
	var re *openapi3filter.RequestError
	if !errors.As(err, &re) {
		return apperr.New(apperr.Invalid, "invalid request: %v", err)
	}
	field := ""
	switch {
	case re.Parameter != nil:
		field = re.Parameter.Name
	case re.RequestBody != nil:
		field = "body"
	}
	var se *openapi3.SchemaError
	if errors.As(re.Err, &se) {
		if ptr := se.JSONPointer(); len(ptr) > 0 {
			field = strings.Join(ptr, ".")
		}
		return apperr.InvalidField(field, "%s", se.Reason)
	}
	msg := re.Reason
	if re.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += re.Err.Error()
	}
	if field == "" {
		return apperr.New(apperr.Invalid, "invalid request: %s", msg)
	}
	return apperr.InvalidField(field, "%s", msg)
}

// The text rule of the API (README "Limits"): text reaches the services as valid UTF-8 without NUL
// characters, which Postgres cannot store. Path and query parameters are checked here; JSON bodies
// below, before schema validation, because encoding/json would silently replace invalid UTF-8.
// Identifiers (userId, referenceId) also carry a pattern in the spec (no control characters, no
// surrounding whitespace).
//
// The router hands out path parameters as they appear in the URL (still percent-encoded); they are
// decoded here, in place, so that the schema validation after this (patterns, lengths) sees the
// value the handler will get.
func checkText(r *http.Request, params map[string]string) error {
	for name, v := range params {
		decoded, err := url.PathUnescape(v)
		if err != nil {
			return apperr.InvalidField(name, "is not correctly percent-encoded")
		}
		if err := checkString(name, decoded); err != nil {
			return err
		}
		params[name] = decoded
	}
	for name, vs := range r.URL.Query() {
		for _, v := range vs {
			if err := checkString(name, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkString(field, v string) error {
	if !utf8.ValidString(v) {
		return apperr.InvalidField(field, "must be valid UTF-8")
	}
	if strings.IndexByte(v, 0) >= 0 {
		return apperr.InvalidField(field, "must not contain NUL characters")
	}
	return nil
}

// checkBodyText reads a JSON request body (at most the server's body limit: 413 past it), refuses
// invalid UTF-8 and NUL characters in any key or string (naming the field), and puts the body back
// for the validator and the handler.
func checkBodyText(r *http.Request, route *routers.Route) error {
	if r.Body == nil || r.Body == http.NoBody || route.Operation.RequestBody == nil {
		return nil
	}
	body, err := io.ReadAll(r.Body)
	_ = r.Body.Close()
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return apperr.New(apperr.TooLarge, "the request body is larger than the limit of %d bytes", tooLarge.Limit)
		}
		return apperr.New(apperr.Invalid, "the request body could not be read")
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	if media, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); media != "application/json" {
		return nil // the validator answers unsupported media types
	}
	if !utf8.Valid(body) {
		return apperr.InvalidField("body", "must be valid UTF-8")
	}
	if jsonDepth(body) > maxJSONDepth {
		return apperr.InvalidField("body", "is nested deeper than %d levels", maxJSONDepth)
	}
	if bytes.IndexByte(body, 0) < 0 && !bytes.Contains(body, []byte(`\u0000`)) {
		return nil // fast path: no raw or escaped NUL anywhere
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil // malformed JSON: the validator names the problem
	}
	return walkText(v, "")
}

// maxJSONDepth bounds the nesting of a JSON body (no operation needs more than a few levels), so
// that a body of 10,000 brackets costs a byte scan instead of a deep decode and validation.
const maxJSONDepth = 32

// jsonDepth is the deepest nesting of arrays and objects in body (strings skipped).
func jsonDepth(body []byte) int {
	depth, deepest, inString, escaped := 0, 0, false, false
	for _, c := range body {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

func walkText(v any, path string) error {
	field := path
	if field == "" {
		field = "body"
	}
	switch t := v.(type) {
	case string:
		return checkString(field, t)
	case []any:
		for i, e := range t {
			if err := walkText(e, joinPath(path, strconv.Itoa(i))); err != nil {
				return err
			}
		}
	case map[string]any:
		for k, e := range t {
			if err := checkString(joinPath(path, "(key)"), k); err != nil {
				return err
			}
			if err := walkText(e, joinPath(path, k)); err != nil {
				return err
			}
		}
	}
	return nil
}

func joinPath(path, elem string) string {
	if path == "" {
		return elem
	}
	return path + "." + elem
}
