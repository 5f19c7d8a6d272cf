package imports

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrUnsupportedChain is returned (wrapped) for a chain taxd has no importer for. The REST layer
// reports such wallets as skipped, not as malformed.
var ErrUnsupportedChain = errors.New("unsupported chain")

// InvalidAddressError is a malformed address of a supported chain (a 400 for the REST layer).
type InvalidAddressError struct {
	Chain  string
	Reason string
}

func (e *InvalidAddressError) Error() string {
	if e.Chain == "" {
		return "invalid address: " + e.Reason
	}
	return "invalid " + e.Chain + " address: " + e.Reason
}

// RateLimitError is a provider's "slow down" answer (HTTP 429 or a rate-limit message in the body).
// RetryAfter is the provider's Retry-After when it sent one, else the provider family's default.
type RateLimitError struct {
	Provider   string
	RetryAfter time.Duration
}

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("%s: rate limited, retry after %s", e.Provider, e.RetryAfter)
}

// ProviderError is any other failure of a provider call. Temporary errors (5xx, timeouts, network
// errors, "try again" answers) are worth retrying with backoff; the others are not. The message
// never contains the request URL (it may carry an API key).
type ProviderError struct {
	Provider  string
	Op        string // e.g. "txlist", "getTransaction"
	Status    int    // HTTP status, 0 when the request did not get one
	Temporary bool
	Message   string
	Err       error
}

func (e *ProviderError) Error() string {
	var b strings.Builder
	b.WriteString(e.Provider)
	if e.Op != "" {
		b.WriteString(" " + e.Op)
	}
	if e.Status != 0 {
		fmt.Fprintf(&b, ": HTTP %d", e.Status)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	return b.String()
}

func (e *ProviderError) Unwrap() error { return e.Err }

// IsTemporary reports whether err is worth retrying later: a rate limit, a temporary provider
// error, or a timeout.
func IsTemporary(err error) bool {
	var rl *RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	var pe *ProviderError
	if errors.As(err, &pe) {
		return pe.Temporary
	}
	return false
}

// RetryAfter returns how long a rate-limited caller should wait, when err is a rate limit.
func RetryAfter(err error) (time.Duration, bool) {
	var rl *RateLimitError
	if errors.As(err, &rl) {
		return rl.RetryAfter, true
	}
	return 0, false
}

// RowError is one failing CSV row. Line is the 1-based line number in the file (the header is
// line 1). Column is the header name of the offending column, "" when the row as a whole is wrong.
type RowError struct {
	Line    int
	Column  string
	Message string
}

func (e RowError) String() string {
	if e.Column == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Column, e.Message)
}

// CSVError lists every failing row of a CSV file (or one row with Line 0 or 1 for a file-level
// problem such as a missing column). When it is returned no transaction is.
type CSVError struct {
	Rows []RowError
}

func (e *CSVError) Error() string {
	if len(e.Rows) == 0 {
		return "invalid CSV file"
	}
	parts := make([]string, 0, min(len(e.Rows), 5))
	for i, r := range e.Rows {
		if i == 5 {
			break
		}
		parts = append(parts, r.String())
	}
	s := fmt.Sprintf("invalid CSV file: %d error(s): %s", len(e.Rows), strings.Join(parts, "; "))
	if len(e.Rows) > 5 {
		s += "; ..."
	}
	return s
}

// PartnerReason is the stable, partner-safe wording of a sync failure: what kind of problem it is,
// never the upstream text (which carries hosts, addresses and provider messages; it goes to logs).
func PartnerReason(err error) string {
	var rl *RateLimitError
	var pe *ProviderError
	var ia *InvalidAddressError
	switch {
	case errors.As(err, &ia):
		return ia.Error() // our own wording of what is wrong with the address
	case errors.As(err, &rl):
		return "the blockchain data provider is rate limiting requests"
	case errors.As(err, &pe):
		switch {
		case pe.Status == 401 || pe.Status == 403:
			return "the blockchain data provider refused the request"
		case pe.Status == 404:
			return "the blockchain data provider does not know this account"
		case pe.Status >= 500:
			return "the blockchain data provider is failing"
		case pe.Status == 0 && pe.Temporary:
			return "the blockchain data provider could not be reached"
		}
		return "the blockchain data provider answered with an error"
	case errors.Is(err, ErrUnsupportedChain):
		return "this chain is not supported"
	}
	return "an unexpected error stopped the import"
}
