package rest

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"taxd/internal/apperr"
	"taxd/internal/store"
)

// errorBody is the one error shape of the REST API: {message, code, errors[]}.
type errorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Errors  []errorBodyDetail `json:"errors,omitempty"`
}

type errorBodyDetail struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// status maps an error kind to its HTTP status: the one place that does.
func status(k apperr.Kind) (int, string) {
	switch k {
	case apperr.Invalid:
		return http.StatusBadRequest, "invalid_request"
	case apperr.Unauthenticated:
		return http.StatusUnauthorized, "unauthorized"
	case apperr.Forbidden:
		return http.StatusForbidden, "forbidden"
	case apperr.NotFound:
		return http.StatusNotFound, "not_found"
	case apperr.Conflict:
		return http.StatusConflict, "conflict"
	case apperr.TaxesLocked:
		return http.StatusConflict, "taxes_locked"
	case apperr.LimitExceeded:
		return http.StatusTooManyRequests, "rate_limited"
	case apperr.NotImplemented:
		return http.StatusNotImplemented, "not_implemented"
	case apperr.TooLarge:
		return http.StatusRequestEntityTooLarge, "payload_too_large"
	case apperr.MethodNotAllowed:
		return http.StatusMethodNotAllowed, "method_not_allowed"
	case apperr.Unprocessable:
		return http.StatusUnprocessableEntity, "unprocessable"
	case apperr.Unavailable:
		return http.StatusServiceUnavailable, "service_unavailable"
	}
	return http.StatusInternalServerError, "internal"
}

// WriteError writes err as {message, code, errors}; internal errors are logged, not shown.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := store.AppErr(err)
	if ok && e.Kind == apperr.Unavailable {
		slog.WarnContext(r.Context(), "unavailable", "err", err, "method", r.Method, "path", r.URL.Path)
	}
	gone := errors.Is(r.Context().Err(), context.Canceled) // the caller disconnected: not a server fault
	if !ok {
		e = &apperr.Error{Kind: apperr.Internal, Message: "internal server error"}
	}
	if e.Kind == apperr.Internal {
		if gone {
			slog.InfoContext(r.Context(), "request cut short: the client disconnected", "err", err, "method", r.Method, "path", r.URL.Path)
		} else {
			slog.ErrorContext(r.Context(), "internal error", "err", err, "method", r.Method, "path", r.URL.Path)
		}
	}
	code, name := status(e.Kind)
	if e.Code != "" {
		name = e.Code
	}
	body := errorBody{Message: e.Message, Code: name}
	for _, f := range e.Fields {
		body.Errors = append(body.Errors, errorBodyDetail{Field: f.Field, Message: f.Message})
	}
	w.Header().Set("Content-Type", "application/json")
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(body)
}
