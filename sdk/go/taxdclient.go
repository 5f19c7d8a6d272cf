// Package taxdclient is the Go SDK of the taxd partner REST API.
//
//	import taxdclient "github.com/taxd-dev/taxd/sdk/go"
//
// client.gen.go is generated from spec/openapi.yaml by oapi-codegen (`make generate` rewrites it):
// one method per operation, with typed requests and answers. This file is the thin layer a partner
// needs around it:
//
//   - New authenticates every request with the partner's credentials;
//   - an answer that is not 2xx comes back as an error, an *APIError with the status, the error's
//     code and message, its field errors and the request id (errors.As gets it);
//   - 429 and 503 answers (and network errors) are retried with exponential backoff, honouring
//     Retry-After; every POST carries an Idempotency-Key (a random one unless the call sets its
//     own), so a retried POST never runs twice;
//   - WaitForSync, WaitForReport and Recalculate poll until a sync finishes, a report is ready and a
//     recalculation settles; a failed report or recalculation is an error that says why.
//
// Example:
//
//	c, err := taxdclient.New("https://taxd.example/api", taxdclient.Credentials{ClientID: id, APISecret: secret})
//	user, err := c.GetUserWithResponse(ctx, "user-123")
//	var apiErr *taxdclient.APIError
//	if errors.As(err, &apiErr) && apiErr.StatusCode == 404 { ... }
//	fmt.Println(user.JSON200.Data.ClientId)
package taxdclient

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// Credentials are the partner's: the client id and API secret pair, or an API key.
type Credentials struct {
	ClientID  string
	APISecret string
	APIKey    string
}

// PartnerClient is the generated client (every operation as <Operation>WithResponse) behind the
// layer described in the package comment.
type PartnerClient struct {
	*ClientWithResponses
	// PollInterval is how often the Wait helpers look (default 1 s).
	PollInterval time.Duration
}

// Option configures New.
type Option func(*settings)

type settings struct {
	http       HttpRequestDoer
	retries    int
	minBackoff time.Duration
	maxBackoff time.Duration
	extra      []ClientOption
}

// WithDoer sends the requests with hc (default: an http.Client with a 30 s timeout).
func WithDoer(hc HttpRequestDoer) Option { return func(s *settings) { s.http = hc } }

// WithRetries sets how many times a request is retried after a 429, a 503 or a network error
// (default 4; 0 turns retries off).
func WithRetries(n int) Option { return func(s *settings) { s.retries = n } }

// WithBackoff sets the first wait between attempts and its cap (defaults 500 ms and 30 s); the
// wait doubles per attempt, with jitter, unless the answer's Retry-After says how long.
func WithBackoff(first, max time.Duration) Option {
	return func(s *settings) { s.minBackoff, s.maxBackoff = first, max }
}

// WithClientOptions passes options to the generated client (request editors, say; not its
// WithHTTPClient, which would replace the layer: use WithDoer).
func WithClientOptions(opts ...ClientOption) Option {
	return func(s *settings) { s.extra = append(s.extra, opts...) }
}

// New returns a client of the API at baseURL (ending in /api, e.g. https://taxd.example/api).
func New(baseURL string, creds Credentials, opts ...Option) (*PartnerClient, error) {
	s := settings{http: &http.Client{Timeout: 30 * time.Second}, retries: 4, minBackoff: 500 * time.Millisecond, maxBackoff: 30 * time.Second}
	for _, o := range opts {
		o(&s)
	}
	if creds.APIKey == "" && (creds.ClientID == "" || creds.APISecret == "") {
		return nil, fmt.Errorf("taxdclient: credentials need an API key, or a client id and an API secret")
	}
	t := &transport{next: s.http, creds: creds, retries: s.retries, first: s.minBackoff, max: s.maxBackoff}
	c, err := NewClientWithResponses(baseURL, append([]ClientOption{WithHTTPClient(t)}, s.extra...)...)
	if err != nil {
		return nil, err
	}
	return &PartnerClient{ClientWithResponses: c, PollInterval: time.Second}, nil
}

// APIError is an answer that was not 2xx: the API's error body and where it came from.
type APIError struct {
	StatusCode int
	// Code is the machine-readable class (ErrorCodeNotFound, ErrorCodeInvalidRequest, ...); a code
	// this version does not list is kept as it came (the API may add codes), "" when the answer
	// had no taxd error body.
	Code       ErrorCode
	Message    string
	Fields     []FieldError // the offending input fields, when the error is about fields
	RequestID  string       // X-Request-Id of the answer: quote it to support
	RetryAfter time.Duration
	Body       []byte // the raw answer
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("taxd: %d %s: %s", e.StatusCode, e.Code, e.Message)
	if e.RequestID != "" {
		s += " (request " + e.RequestID + ")"
	}
	return s
}

// transport is the HttpRequestDoer under the generated client: credentials, idempotency keys,
// retries, and errors for answers that are not 2xx.
type transport struct {
	next       HttpRequestDoer
	creds      Credentials
	retries    int
	first, max time.Duration
}

func (t *transport) Do(req *http.Request) (*http.Response, error) {
	if t.creds.APIKey != "" {
		req.Header.Set("x-api-key", t.creds.APIKey)
	} else {
		req.Header.Set("x-client-id", t.creds.ClientID)
		req.Header.Set("x-api-secret", t.creds.APISecret)
	}
	if req.Method == http.MethodPost && req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", newKey())
	}
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
	}
	for attempt := 0; ; attempt++ {
		r := req.Clone(req.Context())
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
		}
		resp, err := t.next.Do(r)
		if err != nil {
			if attempt >= t.retries || req.Context().Err() != nil {
				return nil, err
			}
			if werr := sleep(req.Context(), t.backoff(attempt, 0)); werr != nil {
				return nil, err
			}
			continue
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		apiErr := readError(resp)
		retryable := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable
		if !retryable || attempt >= t.retries {
			return nil, apiErr
		}
		if werr := sleep(req.Context(), t.backoff(attempt, apiErr.RetryAfter)); werr != nil {
			return nil, apiErr
		}
	}
}

// backoff is the wait before attempt+1: Retry-After when the answer gave one (capped), else
// first * 2^attempt with full jitter, capped.
func (t *transport) backoff(attempt int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, t.max)
	}
	d := time.Duration(float64(t.first) * math.Pow(2, float64(attempt)))
	if d <= 0 || d > t.max {
		d = t.max
	}
	return d/2 + time.Duration(mrand.Int64N(int64(d/2)+1))
}

func readError(resp *http.Response) *APIError {
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	e := &APIError{StatusCode: resp.StatusCode, Body: b, RequestID: resp.Header.Get("X-Request-Id"), Message: http.StatusText(resp.StatusCode)}
	var body Error
	if json.Unmarshal(b, &body) == nil && body.Message != "" {
		e.Message = body.Message
		e.Code = ErrorCode(body.Code)
		if body.Errors != nil {
			e.Fields = *body.Errors
		}
	}
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		if secs, err := strconv.Atoi(ra); err == nil && secs >= 0 {
			e.RetryAfter = time.Duration(secs) * time.Second
		} else if at, err := http.ParseTime(ra); err == nil {
			e.RetryAfter = max(time.Until(at), 0)
		}
	}
	return e
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func newKey() string {
	id, err := uuid.NewRandomFromReader(rand.Reader)
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}

// WaitForSync polls the sync until it has finished (completed or failed) and returns it. When ctx
// ends first it returns the last state it saw (its Retrying says why an account's attempts
// fail) with ctx's error.
func (c *PartnerClient) WaitForSync(ctx context.Context, referenceID string, syncID uuid.UUID) (AccountSync, error) {
	var last AccountSync
	for {
		s, err := c.GetAccountSyncWithResponse(ctx, referenceID, syncID)
		if err != nil {
			return last, err
		}
		last = s.JSON200.Data
		if st := last.Status; st == SyncStatusCompleted || st == SyncStatusFailed {
			return last, nil
		}
		if err := sleep(ctx, c.PollInterval); err != nil {
			return last, err
		}
	}
}

// WaitForRecalculation polls the user's active recalculation until there is none: the results
// then include every ledger change made before the call (a change made while a job ran queues a
// follow-up job, which this waits for too).
func (c *PartnerClient) WaitForRecalculation(ctx context.Context, referenceID string) error {
	for {
		j, err := c.GetActiveRecalculateJobWithResponse(ctx, referenceID)
		if err != nil {
			return err
		}
		if j.JSON200.Data == nil {
			return nil
		}
		if err := sleep(ctx, c.PollInterval); err != nil {
			return err
		}
	}
}

// Recalculate starts a recalculation of the user's ledger and waits until it has settled: the
// job it started (or joined) completed, and any follow-up job the ledger's changes meanwhile
// queued did too. A job that failed for good is an error (*RecalculationError) with its reason.
func (c *PartnerClient) Recalculate(ctx context.Context, referenceID string) error {
	started, err := c.RefreshTaxesWithResponse(ctx, referenceID, nil)
	if err != nil {
		return err
	}
	id := started.JSON200.Data.Id
	for {
		if err := c.waitForRecalculationJob(ctx, referenceID, id); err != nil {
			return err
		}
		active, err := c.GetActiveRecalculateJobWithResponse(ctx, referenceID)
		if err != nil {
			return err
		}
		if active.JSON200.Data == nil {
			return nil
		}
		id = active.JSON200.Data.Id // a follow-up: wait for its outcome too
	}
}

// RecalculationError is a recalculation that failed for good.
type RecalculationError struct {
	Recalculation Recalculation
}

func (e *RecalculationError) Error() string {
	msg := "taxd: recalculation " + e.Recalculation.Id.String() + " failed"
	if e.Recalculation.Error != nil {
		msg += ": " + *e.Recalculation.Error
	}
	return msg
}

// waitForRecalculationJob polls one recalculation until it completed (nil) or failed.
func (c *PartnerClient) waitForRecalculationJob(ctx context.Context, referenceID string, id uuid.UUID) error {
	for {
		r, err := c.GetRecalculationWithResponse(ctx, referenceID, id)
		if err != nil {
			return err
		}
		switch r.JSON200.Data.Status {
		case RecalculationStatusCompleted:
			return nil
		case RecalculationStatusFailed:
			return &RecalculationError{Recalculation: r.JSON200.Data}
		}
		if err := sleep(ctx, c.PollInterval); err != nil {
			return err
		}
	}
}

// WaitForReport polls the report (GET /users/{referenceId}/reports/{reportId}) until it is
// available (or failed: an error).
func (c *PartnerClient) WaitForReport(ctx context.Context, referenceID string, reportID uuid.UUID) (Report, error) {
	for {
		res, err := c.GetReportWithResponse(ctx, referenceID, reportID)
		if err != nil {
			return Report{}, err
		}
		r := res.JSON200.Data
		switch r.Status {
		case ReportStatusAvailable:
			return r, nil
		case ReportStatusFailed:
			msg := "report generation failed"
			if r.Error != nil {
				msg += ": " + *r.Error
			}
			return r, fmt.Errorf("taxd: %s", msg)
		}
		if err := sleep(ctx, c.PollInterval); err != nil {
			return Report{}, err
		}
	}
}
