package rest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

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
}

// Security scheme names in spec/openapi.yaml and the method each stands for.
var schemeMethods = map[string]auth.Method{
	"partnerClientId":  auth.MethodSecretPair,
	"partnerApiSecret": auth.MethodSecretPair,
	"partnerApiKey":    auth.MethodAPIKey,
	"accessToken":      auth.MethodAccessToken,
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
	return &Gate{router: r, auth: a}, nil
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
				WriteError(w, r, apperr.New(apperr.Invalid, "method %s is not allowed on %s", r.Method, r.URL.Path))
				return
			}
			WriteError(w, r, apperr.NotFoundf("no operation at %s %s", r.Method, r.URL.Path))
			return
		}
		ctx, err := g.authenticate(r, route)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		r = r.WithContext(ctx)
		in := &openapi3filter.RequestValidationInput{
			Request:    r,
			PathParams: params,
			Route:      route,
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

func (g *Gate) authenticate(r *http.Request, route *routers.Route) (context.Context, error) {
	reqs := route.Spec.Security
	if route.Operation.Security != nil {
		reqs = *route.Operation.Security
	}
	ctx := r.Context()
	if len(reqs) == 0 {
		return ctx, nil // public operation (signed downloads carry their own signature)
	}
	allowed := map[auth.Method]bool{}
	for _, req := range reqs {
		for name := range req {
			allowed[schemeMethods[name]] = true
		}
	}
	presented := auth.Presented(r.Header)
	if presented == auth.MethodNone {
		return nil, apperr.New(apperr.Unauthenticated, "authentication required: send x-client-id and x-api-secret, or x-api-key")
	}
	p, err := g.auth.Authenticate(ctx, r.Header)
	if err != nil {
		return nil, err
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
