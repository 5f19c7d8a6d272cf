// Package apperr is the one error vocabulary of taxd. Domain packages return *Error values with a
// Kind; the REST and GraphQL adapters map kinds to HTTP statuses and GraphQL extension codes in one
// place each. Anything that is not an *Error is an internal error and its text is never shown.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies an error for the API layers.
type Kind int

const (
	Internal Kind = iota
	Invalid
	NotFound
	Conflict
	Forbidden
	Unauthenticated
	LimitExceeded // a quota or rate limit: REST 429
	NotImplemented
	TooLarge         // the request body is over the documented limit: REST 413
	MethodNotAllowed // the path exists but not with this method: REST 405
	// TaxesLocked refuses a change to the period before the client's lockTaxesUntil (REST 409,
	// GraphQL TAXES_LOCKED): the figures of filed years stay fixed.
	TaxesLocked
	// Unavailable is an outage of what the request needs (the database down or restarting, a full
	// disk): REST 503 and GraphQL SERVICE_UNAVAILABLE (HTTP 503), both with Retry-After. The
	// request did nothing; the same request succeeds once the outage ends.
	Unavailable
)

func (k Kind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case NotFound:
		return "not_found"
	case Conflict:
		return "conflict"
	case Forbidden:
		return "forbidden"
	case Unauthenticated:
		return "unauthenticated"
	case LimitExceeded:
		return "limit_exceeded"
	case NotImplemented:
		return "not_implemented"
	case TooLarge:
		return "too_large"
	case MethodNotAllowed:
		return "method_not_allowed"
	case TaxesLocked:
		return "taxes_locked"
	case Unavailable:
		return "unavailable"
	default:
		return "internal"
	}
}

// FieldError names one offending input field.
type FieldError struct {
	Field   string
	Message string
}

// Error is a domain error that is safe to show to the caller.
type Error struct {
	Kind    Kind
	Message string
	Fields  []FieldError
	// RetryAfter, for LimitExceeded, is when the caller may try again.
	RetryAfter time.Duration
	Err        error // the cause, for logs; never shown
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// New makes an error of kind k with a formatted message.
func New(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...)}
}

// InvalidField is an Invalid error about one input field.
func InvalidField(field, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Kind: Invalid, Message: field + ": " + msg, Fields: []FieldError{{Field: field, Message: msg}}}
}

// NotFoundf is a NotFound error.
func NotFoundf(format string, args ...any) *Error { return New(NotFound, format, args...) }

// NotImplementedOp is the error of an operation that is not built yet.
func NotImplementedOp(op string) *Error {
	return New(NotImplemented, "%s is not implemented yet", op)
}

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// KindOf returns the kind of err: Internal unless an *Error is in its chain.
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return Internal
}
