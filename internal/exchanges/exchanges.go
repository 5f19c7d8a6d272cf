// Package exchanges imports an exchange account's history through the exchange's documented REST
// API with the user's API key: Coinbase (v2 API, HMAC-SHA256 signed, cursor pagination) and
// Kraken (HMAC-SHA512 signed, offset pagination of Ledgers). Each connector turns the exchange's
// records into imports.Tx pages, like the chain providers, so the sync worker imports them the
// same way. Rate-limit answers are retried with backoff inside a call; what still fails comes
// back as the imports error types (rate limit, temporary, permanent) or ErrUnauthorized.
package exchanges

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"time"

	"taxd/internal/imports"
)

// Providers the connectors serve (accounts.provider).
const (
	Coinbase = "coinbase"
	Kraken   = "kraken"
)

// Supported lists the exchanges with an API connector.
func Supported() []string { return []string{Coinbase, Kraken} }

// IsSupported reports whether provider has a connector.
func IsSupported(provider string) bool { return slices.Contains(Supported(), provider) }

// Credentials are what the user gives for an exchange account. Never returned by any API.
type Credentials struct {
	APIKey     string `json:"k"`
	Secret     string `json:"s"`
	Passphrase string `json:"p,omitempty"`
}

// ErrUnauthorized is the exchange rejecting the credentials (the user must replace them).
var ErrUnauthorized = errors.New("the exchange rejected the API credentials")

// Config configures the connectors. Zero values take the defaults.
type Config struct {
	CoinbaseURL string // default https://api.coinbase.com
	KrakenURL   string // default https://api.kraken.com
	HTTPClient  *http.Client
	// Retries is how many times a rate-limited call is retried (default 4), waiting Backoff,
	// 2×Backoff, 4×Backoff ... (default 1 s) or the exchange's Retry-After when it sends one.
	Retries int
	Backoff time.Duration
	// Now is the clock of request timestamps and nonces (default time.Now).
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.CoinbaseURL == "" {
		c.CoinbaseURL = "https://api.coinbase.com"
	}
	if c.KrakenURL == "" {
		c.KrakenURL = "https://api.kraken.com"
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	if c.Retries == 0 {
		c.Retries = 4
	}
	if c.Backoff == 0 {
		c.Backoff = time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Connector lists an exchange account's transactions in pages from a stored cursor (same contract
// as imports.Provider, with the credentials in place of an address).
type Connector interface {
	Fetch(ctx context.Context, creds Credentials, cursor string) (imports.Page, error)
}

// Registry hands out the connector of each supported exchange.
type Registry struct {
	connectors map[string]Connector
}

// NewRegistry builds the connectors from cfg.
func NewRegistry(cfg Config) *Registry {
	cfg = cfg.withDefaults()
	return &Registry{connectors: map[string]Connector{
		Coinbase: &coinbase{cfg: cfg},
		Kraken:   &kraken{cfg: cfg},
	}}
}

// Connector returns the connector of provider.
func (r *Registry) Connector(provider string) (Connector, bool) {
	c, ok := r.connectors[provider]
	return c, ok
}

// call sends the request that build makes (a new one per attempt: signatures carry a timestamp or
// nonce) and retries rate-limit answers with exponential backoff. limited says whether a 2xx body
// is a rate-limit answer (Kraken answers 200 with EAPI:Rate limit exceeded).
func call(ctx context.Context, cfg Config, provider, op string, build func() (*http.Request, error), limited func(status int, body []byte) bool) ([]byte, error) {
	wait := cfg.Backoff
	for attempt := 0; ; attempt++ {
		req, err := build()
		if err != nil {
			return nil, err
		}
		req = req.WithContext(ctx)
		req.Header.Set("Accept", "application/json")
		resp, err := cfg.HTTPClient.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &imports.ProviderError{Provider: provider, Op: op, Temporary: true, Message: "request failed"}
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
		resp.Body.Close()
		if err != nil {
			return nil, &imports.ProviderError{Provider: provider, Op: op, Status: resp.StatusCode, Temporary: true, Err: err}
		}
		if resp.StatusCode == http.StatusTooManyRequests || limited(resp.StatusCode, body) {
			d := wait
			if ra := imports.ParseRetryAfter(resp.Header.Get("Retry-After"), wait); ra > 0 {
				d = ra
			}
			if attempt >= cfg.Retries {
				return nil, &imports.RateLimitError{Provider: provider, RetryAfter: d}
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(d):
			}
			wait *= 2
			continue
		}
		switch {
		case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
			return nil, ErrUnauthorized
		case resp.StatusCode >= 500:
			return nil, &imports.ProviderError{Provider: provider, Op: op, Status: resp.StatusCode, Temporary: true}
		case resp.StatusCode >= 300:
			return nil, &imports.ProviderError{Provider: provider, Op: op, Status: resp.StatusCode}
		}
		return body, nil
	}
}
