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
	"regexp"
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

// Gate guards every /api operation. It reads everything it enforces from spec/openapi.yaml: the
// request is routed once, by net/http's ServeMux on the spec's path templates (NewRouter), to its
// operation; the gate then authenticates the caller against the operation's security requirements
// (401 when credentials are missing or invalid, 403 when the credential kind is not one the
// operation accepts) and validates the request (400 naming the field) before the handler runs.
type Gate struct {
	doc  *openapi3.T
	auth *auth.PartnerAuthenticator
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
	return &Gate{doc: doc, auth: a}, nil
}

// operation is one operation of the spec as the router and the gate use it, worked out once.
type operation struct {
	rules operationRules
	// validated is the route the request validator is given.
	validated routers.Route
	// params are the names of the path template's parameters.
	params []string
	// metricsRoute labels the operation's requests in the metrics: its path template.
	metricsRoute string
	// allow lists the methods its path has operations for (the Allow header of a 405).
	allow string
	// registered: the generated server has put its handler on the router.
	registered bool
}

// pathParam is a parameter of a path template, {name}.
var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// validationOptions are the request validator's: the gate has authenticated the caller itself.
var validationOptions = openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}

// Router is the /api router: a net/http ServeMux that the generated server (api.HandlerWithOptions)
// registers its operations on, each behind the gate and then behind wrap. A request matches one
// pattern, once; a path of the spec asked with a method it has no operation for is a 405 with an
// Allow header, anything else under /api a 404, both JSON.
type Router struct {
	gate *Gate
	wrap func(http.Handler) http.Handler
	mux  *http.ServeMux
	// ops are the spec's operations by the pattern the generated server registers them under,
	// "METHOD /api/path".
	ops map[string]*operation
}

// NewRouter returns the /api router of the gate's spec; wrap runs after the gate's checks and
// before the operation's handler.
func (g *Gate) NewRouter(wrap func(http.Handler) http.Handler) *Router {
	rt := &Router{gate: g, wrap: wrap, mux: http.NewServeMux(), ops: map[string]*operation{}}
	rt.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, apperr.NotFoundf("no operation at %s %s", r.Method, r.URL.Path))
	})
	for path, item := range g.doc.Paths.Map() {
		var methods []string
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			if item.GetOperation(m) != nil {
				methods = append(methods, m)
			}
		}
		allow := strings.Join(methods, ", ")
		var params []string
		for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
			params = append(params, m[1])
		}
		for method, op := range item.Operations() {
			rules := rulesOf(g.doc, op)
			rt.ops[method+" /api"+path] = &operation{
				rules:        rules,
				validated:    routers.Route{Spec: g.doc, Path: path, PathItem: item, Method: method, Operation: rules.validated},
				params:       params,
				metricsRoute: "/api" + path,
				allow:        allow,
			}
		}
		// Less specific than the path's operations: the other methods of the path.
		rt.mux.HandleFunc("/api"+path, func(w http.ResponseWriter, r *http.Request) {
			methodNotAllowed(w, r, allow)
		})
	}
	return rt
}

// HandleFunc puts the operation registered under pattern behind the gate; a pattern that is not
// one of the spec's operations is a programming error.
func (rt *Router) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	op, ok := rt.ops[pattern]
	if !ok {
		panic(fmt.Sprintf("rest: %q is not an operation of the spec", pattern))
	}
	op.registered = true
	rt.mux.Handle(pattern, rt.gate.guard(op, rt.wrap(http.HandlerFunc(handler))))
}

// unregistered lists the spec's operations no handler was registered for.
func (rt *Router) unregistered() []string {
	var out []string
	for pattern, op := range rt.ops {
		if !op.registered {
			out = append(out, pattern)
		}
	}
	sort.Strings(out)
	return out
}

func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) { rt.mux.ServeHTTP(w, r) }

func methodNotAllowed(w http.ResponseWriter, r *http.Request, allow string) {
	w.Header().Set("Allow", allow)
	WriteError(w, r, apperr.New(apperr.MethodNotAllowed,
		"method %s is not allowed on this path; the Allow header lists the methods it accepts", r.Method))
}

// guard runs the gate's checks of op on a request routed to it, then next.
func (g *Gate) guard(op *operation, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != op.validated.Method { // HEAD, which a GET pattern matches too
			methodNotAllowed(w, r, op.allow)
			return
		}
		metrics.SetRoute(r.Context(), op.metricsRoute)
		params := make(map[string]string, len(op.params))
		for _, name := range op.params {
			params[name] = r.PathValue(name)
		}
		if err := checkText(r, params); err != nil {
			WriteError(w, r, err)
			return
		}
		ctx, err := g.authenticate(r, op.rules)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		r = r.WithContext(ctx)
		if err := checkBodyText(r, op.validated.Operation); err != nil {
			WriteError(w, r, err)
			return
		}
		in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: &op.validated, Options: &validationOptions}
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
// Path parameters arrive decoded (ServeMux's PathValue), as the handler gets them.
func checkText(r *http.Request, params map[string]string) error {
	for name, v := range params {
		if err := checkString(name, v); err != nil {
			return err
		}
	}
	if r.URL.RawQuery == "" {
		return nil
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
func checkBodyText(r *http.Request, op *openapi3.Operation) error {
	if r.Body == nil || r.Body == http.NoBody || op.RequestBody == nil {
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
