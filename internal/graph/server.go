// Package graph is the GraphQL adapter: gqlgen resolvers that parse arguments, call one domain
// function and map the result. This file builds the HTTP handler and its policies.
package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"taxd/internal/apperr"
	"taxd/internal/store"
)

// NewHandler serves es over POST with one root field per operation, under DefaultLimits (checked
// before gqlgen parses and validates: tokens, nesting, depth, aliases, directives and a memoised
// complexity walk; errors capped). Introspection is on only in development.
func NewHandler(es graphql.ExecutableSchema, introspection bool) *handler.Server {
	srv := handler.New(es)
	srv.AddTransport(postTransport{})
	srv.SetParserTokenLimit(DefaultLimits.MaxTokens)
	srv.Use(limitsExtension{limits: DefaultLimits, introspection: introspection})
	if introspection {
		srv.Use(extension.Introspection{})
	}
	srv.Use(OneRootField{})
	srv.SetErrorPresenter(presentError)
	srv.AroundFields(resolverFailure)
	srv.SetRecoverFunc(func(ctx context.Context, v any) error {
		slog.ErrorContext(ctx, "graphql panic", "panic", v)
		return &apperr.Error{Kind: apperr.Internal, Message: "internal server error", Err: fmt.Errorf("panic: %v", v)}
	})
	return srv
}

// resolverFailure marks a resolver's error that no layer classified (neither an *apperr.Error nor a
// *gqlerror.Error) as our failure, apperr.Internal. gqlgen hands the presenter a resolver's error
// and an argument's failed coercion alike, each wrapped in a *gqlerror.Error; unmarked, presentError
// took such a failure (a statement that did not compile, a panic) for the caller's input and showed
// its text as BAD_USER_INPUT.
func resolverFailure(ctx context.Context, next graphql.Resolver) (any, error) {
	res, err := next(ctx)
	if err == nil {
		return res, nil
	}
	var gqlErr *gqlerror.Error
	if _, ok := apperr.As(err); ok || errors.As(err, &gqlErr) {
		return res, err
	}
	return res, &apperr.Error{Kind: apperr.Internal, Message: "internal server error", Err: err}
}

// OneRootField rejects operations that select more than one root field (fragments expand;
// __typename is a meta field and does not count).
type OneRootField struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = OneRootField{}

func (OneRootField) ExtensionName() string                   { return "OneRootField" }
func (OneRootField) Validate(graphql.ExecutableSchema) error { return nil }
func (OneRootField) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	n := 0
	for _, f := range graphql.CollectFields(oc, oc.Operation.SelectionSet, nil) {
		if f.Name != "__typename" {
			n++
		}
	}
	if n > 1 {
		return &gqlerror.Error{
			Message:    "an operation must select exactly one root field",
			Extensions: map[string]any{"code": CodeRootSelectionLimitExceeded},
		}
	}
	return nil
}

// postTransport is gqlgen's POST transport, with the errors about argument values that the
// operation's validation finds coded BAD_USER_INPUT (malformed arguments) before the HTTP status is
// chosen: gqlgen codes every validation error GRAPHQL_VALIDATION_FAILED (HTTP 422). Nothing is
// executed either way.
type postTransport struct{ transport.POST }

func (t postTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	t.POST.Do(w, r, argumentErrors{exec})
}

type argumentErrors struct{ graphql.GraphExecutor }

func (e argumentErrors) CreateOperationContext(ctx context.Context, params *graphql.RawParams) (*graphql.OperationContext, gqlerror.List) {
	oc, errs := e.GraphExecutor.CreateOperationContext(ctx, params)
	for _, err := range errs {
		if malformedArgument(err) {
			err.Extensions["code"] = CodeBadUserInput
		}
	}
	return oc, errs
}

// argumentRules are the validation rules about the arguments of a field: values of the wrong
// type (a bad enum value, a string for an Int), a variable of another type than its argument's, a
// required argument left out, an unknown or repeated argument or input field.
var argumentRules = map[string]bool{
	"ValuesOfCorrectType": true, "ValuesOfCorrectTypeWithoutSuggestions": true, "VariablesInAllowedPosition": true,
	"ProvidedRequiredArguments": true, "KnownArgumentNames": true, "KnownArgumentNamesWithoutSuggestions": true,
	"UniqueArgumentNames": true, "UniqueInputFieldNames": true,
}

// malformedArgument reports whether a validation error is about argument values: one of the
// argumentRules, or a variable's value that does not coerce to its type (path "variable", name).
func malformedArgument(err *gqlerror.Error) bool {
	if code, _ := err.Extensions["code"].(string); code != CodeValidationFailed {
		return false
	}
	return argumentRules[err.Rule] || len(err.Path) > 0 && err.Path[0] == ast.PathName("variable")
}

// Error codes in extensions.code.
const (
	CodeUnauthenticated            = "UNAUTHENTICATED"
	CodeForbidden                  = "FORBIDDEN"
	CodeBadUserInput               = "BAD_USER_INPUT"
	CodeNotFound                   = "NOT_FOUND"
	CodeConflict                   = "CONFLICT"
	CodeTaxesLocked                = "TAXES_LOCKED"
	CodeRateLimited                = "RATE_LIMITED"
	CodeServiceUnavailable         = "SERVICE_UNAVAILABLE" // an outage (the database); HTTP 503 with Retry-After
	CodeNotImplemented             = "NOT_IMPLEMENTED"
	CodeRootSelectionLimitExceeded = "ROOT_SELECTION_LIMIT_EXCEEDED"
	CodeInternal                   = "INTERNAL_SERVER_ERROR"
	// CodePartialResult accompanies data that is returned incomplete (extensions say what is unknown).
	CodePartialResult = "PARTIAL_RESULT"
	// Outer errors (the request as a whole, before execution).
	CodeBadRequest       = "BAD_REQUEST"            // not a JSON POST body {query, operationName, variables}
	CodeRequestTooLarge  = "REQUEST_TOO_LARGE"      // body over the server's limit (HTTP 413)
	CodeQueryTooComplex  = "QUERY_TOO_COMPLEX"      // over a limit of Limits (tokens, depth, aliases, ...)
	CodeTimeout          = "TIMEOUT"                // the request ran past Limits.Timeout
	CodeParseFailed      = errcode.ParseFailed      // GRAPHQL_PARSE_FAILED (HTTP 422)
	CodeValidationFailed = errcode.ValidationFailed // GRAPHQL_VALIDATION_FAILED (HTTP 422)
)

// documentedCodes are the codes of the SDL's ErrorCode enum; anything else is presented as
// INTERNAL_SERVER_ERROR so that no undocumented code reaches a client.
var documentedCodes = map[string]bool{
	CodeUnauthenticated: true, CodeForbidden: true, CodeBadUserInput: true, CodeNotFound: true, CodeConflict: true, CodeTaxesLocked: true,
	CodeRateLimited: true, CodeServiceUnavailable: true, CodeNotImplemented: true, CodeRootSelectionLimitExceeded: true, CodeInternal: true,
	CodeBadRequest: true, CodeRequestTooLarge: true, CodeQueryTooComplex: true, CodeTimeout: true,
	CodeParseFailed: true, CodeValidationFailed: true, CodePartialResult: true,
}

// partialResult is the error that accompanies incomplete data: extensions say what is unknown.
func partialResult(ctx context.Context, message string, extensions map[string]any) *gqlerror.Error {
	ext := map[string]any{"code": CodePartialResult}
	for k, v := range extensions {
		ext[k] = v
	}
	return &gqlerror.Error{Message: message, Path: graphql.GetPath(ctx), Extensions: ext}
}

// Code maps an error kind to its GraphQL code: the one place that does.
func Code(k apperr.Kind) string {
	switch k {
	case apperr.Invalid, apperr.Unprocessable:
		return CodeBadUserInput
	case apperr.NotFound:
		return CodeNotFound
	case apperr.Conflict:
		return CodeConflict
	case apperr.TaxesLocked:
		return CodeTaxesLocked
	case apperr.Forbidden:
		return CodeForbidden
	case apperr.Unauthenticated:
		return CodeUnauthenticated
	case apperr.LimitExceeded:
		return CodeRateLimited
	case apperr.NotImplemented:
		return CodeNotImplemented
	case apperr.TooLarge:
		return CodeRequestTooLarge
	case apperr.MethodNotAllowed:
		return CodeBadRequest
	case apperr.Unavailable:
		return CodeServiceUnavailable
	}
	return CodeInternal
}

// presentError sets a documented extensions.code on every error and scrubs internal ones.
func presentError(ctx context.Context, err error) *gqlerror.Error {
	var gqlErr *gqlerror.Error
	if errors.As(err, &gqlErr) && gqlErr.Err == nil {
		// Parse, validation, coercion and limit errors from gqlgen or our extensions: the input.
		if gqlErr.Extensions == nil {
			gqlErr.Extensions = map[string]any{}
		}
		if msg, ok := strings.CutPrefix(gqlErr.Message, "json request body could not be decoded: "); ok {
			msg, _, _ = strings.Cut(msg, " body:") // gqlgen appends the whole body: never echo it
			gqlErr.Message = "the request body is not a JSON object {query, operationName, variables}: " + msg
			gqlErr.Extensions["code"] = CodeBadRequest
		}
		if code, _ := gqlErr.Extensions["code"].(string); !documentedCodes[code] {
			gqlErr.Extensions["code"] = CodeBadUserInput
		}
		return gqlErr
	}
	pres := graphql.DefaultErrorPresenter(ctx, err)
	if pres.Extensions == nil {
		pres.Extensions = map[string]any{}
	}
	e, ok := store.AppErr(err)
	if ok && e.Kind == apperr.Unavailable {
		slog.WarnContext(ctx, "unavailable", "err", err, "path", pres.Path.String())
	}
	if ok && e.Kind != apperr.Internal {
		pres.Message = e.Message
		pres.Extensions["code"] = Code(e.Kind)
		if len(e.Fields) > 0 {
			pres.Extensions["field"] = e.Fields[0].Field
		}
		if e.Kind == apperr.Unavailable {
			markOutage(ctx, e.RetryAfter)
		}
		return pres
	}
	if !ok && errors.As(err, &gqlErr) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		// A *gqlerror.Error wrapping an unclassified cause is gqlgen's argument coercion (a scalar
		// such as Cents that did not parse): the caller's input, not our failure (a resolver's
		// unclassified error is apperr.Internal by now, see resolverFailure).
		pres.Message = gqlErr.Message
		pres.Extensions["code"] = CodeBadUserInput
		return pres
	}
	if errors.Is(err, context.DeadlineExceeded) {
		pres.Message = fmt.Sprintf("the request ran longer than %s", DefaultLimits.Timeout)
		pres.Extensions["code"] = CodeTimeout
		return pres
	}
	if code, ok := pres.Extensions["code"].(string); ok && documentedCodes[code] && code != CodeInternal {
		return pres
	}
	slog.ErrorContext(ctx, "graphql internal error", "err", err, "path", pres.Path.String())
	pres.Message = "internal server error"
	pres.Extensions["code"] = CodeInternal
	return pres
}

// writeOuterError answers a request whose authentication failed on err: an outage is HTTP 503
// SERVICE_UNAVAILABLE with Retry-After, anything else an internal error (logged, not shown).
func writeOuterError(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := store.AppErr(err); ok && e.Kind == apperr.Unavailable {
		slog.WarnContext(r.Context(), "unavailable", "err", err)
		w.Header().Set("Retry-After", retryAfterSeconds(e.RetryAfter))
		WriteHTTPError(w, http.StatusServiceUnavailable, CodeServiceUnavailable, e.Message)
		return
	}
	slog.ErrorContext(r.Context(), "graphql authentication", "err", err)
	WriteHTTPError(w, http.StatusInternalServerError, CodeInternal, "internal server error")
}

func retryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// An outage met during execution makes the whole answer HTTP 503 with Retry-After (the body is the
// usual {data, errors}): the presenter marks the request, and outageStatus rewrites the status
// that gqlgen's transport writes after execution.
type outageKey struct{}

type outage struct{ retryAfter atomic.Int64 }

func withOutageStatus(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request) {
	o := &outage{}
	return &outageStatus{ResponseWriter: w, o: o}, r.WithContext(context.WithValue(r.Context(), outageKey{}, o))
}

func markOutage(ctx context.Context, retryAfter time.Duration) {
	if o, ok := ctx.Value(outageKey{}).(*outage); ok {
		o.retryAfter.Store(int64(max(retryAfter, time.Second)))
	}
}

type outageStatus struct {
	http.ResponseWriter
	o     *outage
	wrote bool
}

func (w *outageStatus) WriteHeader(code int) {
	if !w.wrote {
		w.wrote = true
		if ra := time.Duration(w.o.retryAfter.Load()); ra > 0 && code < 300 {
			w.Header().Set("Retry-After", retryAfterSeconds(ra))
			code = http.StatusServiceUnavailable
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *outageStatus) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

func (w *outageStatus) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// WriteHTTPError answers a request that failed before GraphQL execution (authentication).
func WriteHTTPError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"data":   nil,
		"errors": []any{map[string]any{"message": message, "extensions": map[string]any{"code": code}}},
	})
}

// MethodNotAllowed answers /graphql with any method but POST (405, Allow: POST).
func MethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", http.MethodPost)
	WriteHTTPError(w, http.StatusMethodNotAllowed, CodeBadRequest, "GraphQL is served over POST only")
}

// withRequestPolicy checks the transport before anything else: a JSON content type (415
// BAD_REQUEST otherwise), a body within the server's limit (413 REQUEST_TOO_LARGE; the server
// installs http.MaxBytesReader), and bounds the whole request by limits.Timeout.
func withRequestPolicy(limits Limits, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || media != "application/json" {
			WriteHTTPError(w, http.StatusUnsupportedMediaType, CodeBadRequest,
				"send the operation as a JSON body {query, operationName, variables} with Content-Type: application/json")
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				WriteHTTPError(w, http.StatusRequestEntityTooLarge, CodeRequestTooLarge,
					fmt.Sprintf("the request body is larger than the limit of %d bytes", tooLarge.Limit))
				return
			}
			WriteHTTPError(w, http.StatusBadRequest, CodeBadRequest, "the request body could not be read")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		ctx, cancel := context.WithTimeout(r.Context(), limits.Timeout)
		defer cancel()
		next(w, r.WithContext(ctx))
	})
}
