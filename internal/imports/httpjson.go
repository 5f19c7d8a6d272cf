package imports

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

const maxBody = 32 << 20 // a provider page is far below this

// caller is what every HTTP provider shares: an http.Client, a limiter and error classification.
type caller struct {
	provider   string // for error messages: "etherscan", "esplora", "solana-rpc"
	client     *http.Client
	limiter    *Limiter
	retryAfter time.Duration // used when a rate-limit answer has no Retry-After
}

func (c *caller) httpClient() *http.Client {
	if c.client != nil {
		return c.client
	}
	return http.DefaultClient
}

// do sends req (after waiting for the limiter) and returns the body of a 2xx answer. Non-2xx
// answers become *RateLimitError (429) or *ProviderError.
func (c *caller) do(ctx context.Context, op string, req *http.Request) ([]byte, error) {
	if err := c.limiter.Wait(ctx); err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	req.Header.Set("Accept", "application/json")
	resp, err := c.httpClient().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &ProviderError{Provider: c.provider, Op: op, Temporary: true, Err: stripURL(err)}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, &ProviderError{Provider: c.provider, Op: op, Status: resp.StatusCode, Temporary: true, Err: stripURL(err)}
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return nil, &RateLimitError{Provider: c.provider, RetryAfter: ParseRetryAfter(resp.Header.Get("Retry-After"), c.retryAfter)}
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return body, nil
	default:
		temp := resp.StatusCode >= 500 || resp.StatusCode == http.StatusRequestTimeout
		return nil, &ProviderError{Provider: c.provider, Op: op, Status: resp.StatusCode, Temporary: temp, Message: snippet(body)}
	}
}

func (c *caller) getJSON(ctx context.Context, op, u string, out any) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return &ProviderError{Provider: c.provider, Op: op, Err: stripURL(err)}
	}
	body, err := c.do(ctx, op, req)
	if err != nil {
		return err
	}
	return c.decode(op, body, out)
}

func (c *caller) postJSON(ctx context.Context, op, u string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return &ProviderError{Provider: c.provider, Op: op, Err: stripURL(err)}
	}
	req.Header.Set("Content-Type", "application/json")
	body, err := c.do(ctx, op, req)
	if err != nil {
		return err
	}
	return c.decode(op, body, out)
}

func (c *caller) decode(op string, body []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(out); err != nil {
		return &ProviderError{Provider: c.provider, Op: op, Message: "malformed response: " + snippet(body), Err: err}
	}
	return nil
}

// stripURL drops the URL (which may hold an API key) from a *url.Error.
func stripURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		var ne net.Error
		if errors.As(ue.Err, &ne) && ne.Timeout() {
			return fmt.Errorf("%s: timeout", ue.Op)
		}
		return fmt.Errorf("%s: %w", ue.Op, ue.Err)
	}
	return err
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// ParseRetryAfter reads a Retry-After header (seconds or an HTTP date); def when absent or unreadable.
func ParseRetryAfter(h string, def time.Duration) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return def
	}
	if n, err := strconv.ParseFloat(h, 64); err == nil && n >= 0 {
		return time.Duration(n * float64(time.Second))
	}
	if t, err := http.ParseTime(h); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
		return 0
	}
	return def
}

// looksRateLimited reports whether a provider's error text is a rate-limit answer.
func looksRateLimited(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "rate limit") || strings.Contains(s, "too many requests")
}
