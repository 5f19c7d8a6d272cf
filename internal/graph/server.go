// Package graph is the GraphQL adapter: gqlgen resolvers that parse arguments, call one domain
// function and map the result. This file builds the HTTP handler and its policies.
package graph

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"taxd/internal/apperr"
)

// ComplexityLimit bounds the cost of one operation (each field costs 1; lists multiply by limit
// where the schema says so).
const ComplexityLimit = 5000

// NewHandler serves es over POST with one root field per operation. Introspection is on only in
// development.
func NewHandler(es graphql.ExecutableSchema, introspection bool) *handler.Server {
	srv := handler.New(es)
	srv.AddTransport(transport.POST{})
	if introspection {
		srv.Use(extension.Introspection{})
	}
	srv.Use(OneRootField{})
	srv.Use(extension.FixedComplexityLimit(ComplexityLimit))
	srv.SetErrorPresenter(presentError)
	srv.SetRecoverFunc(func(ctx context.Context, v any) error {
		slog.ErrorContext(ctx, "graphql panic", "panic", v)
		return errors.New("internal server error")
	})
	return srv
}

// OneRootField rejects operations that select more than one root field (fragments expand;
// __typename counts).
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
	if n := len(graphql.CollectFields(oc, oc.Operation.SelectionSet, nil)); n != 1 {
		return &gqlerror.Error{
			Message:    "an operation must select exactly one root field",
			Extensions: map[string]any{"code": CodeRootSelectionLimitExceeded},
		}
	}
	return nil
}

// Error codes in extensions.code.
const (
	CodeUnauthenticated            = "UNAUTHENTICATED"
	CodeForbidden                  = "FORBIDDEN"
	CodeBadUserInput               = "BAD_USER_INPUT"
	CodeNotFound                   = "NOT_FOUND"
	CodeConflict                   = "CONFLICT"
	CodeRateLimited                = "RATE_LIMITED"
	CodeNotImplemented             = "NOT_IMPLEMENTED"
	CodeRootSelectionLimitExceeded = "ROOT_SELECTION_LIMIT_EXCEEDED"
	CodeInternal                   = "INTERNAL_SERVER_ERROR"
)

// Code maps an error kind to its GraphQL code: the one place that does.
func Code(k apperr.Kind) string {
	switch k {
	case apperr.Invalid:
		return CodeBadUserInput
	case apperr.NotFound:
		return CodeNotFound
	case apperr.Conflict:
		return CodeConflict
	case apperr.Forbidden:
		return CodeForbidden
	case apperr.Unauthenticated:
		return CodeUnauthenticated
	case apperr.LimitExceeded:
		return CodeRateLimited
	case apperr.NotImplemented:
		return CodeNotImplemented
	}
	return CodeInternal
}

// presentError sets extensions.code on every error and scrubs internal ones.
func presentError(ctx context.Context, err error) *gqlerror.Error {
	var gqlErr *gqlerror.Error
	if errors.As(err, &gqlErr) && gqlErr.Err == nil {
		// Parse, validation and coercion errors from gqlgen itself: the caller's input.
		if gqlErr.Extensions == nil {
			gqlErr.Extensions = map[string]any{}
		}
		if _, ok := gqlErr.Extensions["code"]; !ok {
			gqlErr.Extensions["code"] = CodeBadUserInput
		}
		return gqlErr
	}
	pres := graphql.DefaultErrorPresenter(ctx, err)
	if pres.Extensions == nil {
		pres.Extensions = map[string]any{}
	}
	if e, ok := apperr.As(err); ok && e.Kind != apperr.Internal {
		pres.Message = e.Message
		pres.Extensions["code"] = Code(e.Kind)
		if len(e.Fields) > 0 {
			pres.Extensions["field"] = e.Fields[0].Field
		}
		return pres
	}
	if code, ok := pres.Extensions["code"]; ok && code != nil && code != CodeInternal {
		return pres
	}
	slog.ErrorContext(ctx, "graphql internal error", "err", err, "path", pres.Path.String())
	pres.Message = "internal server error"
	pres.Extensions["code"] = CodeInternal
	return pres
}

// WriteHTTPError answers a request that failed before GraphQL execution (authentication).
func WriteHTTPError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"data":   nil,
		"errors": []any{map[string]any{"message": message, "extensions": map[string]any{"code": code}}},
	})
}
