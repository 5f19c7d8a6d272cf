// Package prices gives historical USD prices of assets from a CoinGecko-compatible API, read
// through a cache (Postgres in production, memory in tests). A price the API does not have is
// reported as not found, never made up.
package prices

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/imports"
)

// DefaultBaseURL is CoinGecko's public (demo key) API.
const DefaultBaseURL = "https://api.coingecko.com/api/v3"

// DefaultRPS keeps under the demo plan's 30 calls per minute.
const DefaultRPS = 0.5

// Config configures the CoinGecko client. Zero values take the defaults.
type Config struct {
	BaseURL      string // default DefaultBaseURL; "https://pro-api.coingecko.com/api/v3" for a paid key
	APIKey       string
	APIKeyHeader string  // default x-cg-pro-api-key for pro-api hosts, else x-cg-demo-api-key
	RPS          float64 // requests per second; default DefaultRPS; negative = unlimited
	HTTPClient   *http.Client
}

// Client calls a CoinGecko-compatible API.
type Client struct {
	base    string
	key     string
	header  string
	client  *http.Client
	limiter *imports.Limiter
}

// NewClient returns a client for cfg.
func NewClient(cfg Config) *Client {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if cfg.APIKeyHeader == "" {
		cfg.APIKeyHeader = "x-cg-demo-api-key"
		if strings.Contains(cfg.BaseURL, "pro-api.") {
			cfg.APIKeyHeader = "x-cg-pro-api-key"
		}
	}
	if cfg.RPS == 0 {
		cfg.RPS = DefaultRPS
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{base: strings.TrimRight(cfg.BaseURL, "/"), key: cfg.APIKey, header: cfg.APIKeyHeader,
		client: cfg.HTTPClient, limiter: imports.NewLimiter(cfg.RPS, 1)}
}

const provider = "coingecko"

// errNotFound is a 404: unknown coin or contract.
var errNotFound = errors.New("not found")

func (c *Client) get(ctx context.Context, op, path string, q url.Values, out any) error {
	if err := c.limiter.Wait(ctx); err != nil {
		return err
	}
	u := c.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &imports.ProviderError{Provider: provider, Op: op, Message: "bad request"}
	}
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set(c.header, c.key)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = fmt.Errorf("%s: %w", ue.Op, ue.Err) // no URL in messages
		}
		return &imports.ProviderError{Provider: provider, Op: op, Temporary: true, Err: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return &imports.ProviderError{Provider: provider, Op: op, Status: resp.StatusCode, Temporary: true, Err: err}
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return &imports.RateLimitError{Provider: provider, RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	case resp.StatusCode == http.StatusNotFound:
		return errNotFound
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return &imports.ProviderError{Provider: provider, Op: op, Status: resp.StatusCode,
			Temporary: resp.StatusCode >= 500 || resp.StatusCode == http.StatusRequestTimeout, Message: snippet(body)}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(out); err != nil {
		return &imports.ProviderError{Provider: provider, Op: op, Message: "malformed response: " + snippet(body), Err: err}
	}
	return nil
}

func retryAfter(h string) time.Duration {
	if n, err := strconv.ParseFloat(strings.TrimSpace(h), 64); err == nil && n >= 0 {
		return time.Duration(n * float64(time.Second))
	}
	if t, err := http.ParseTime(h); err == nil && time.Until(t) > 0 {
		return time.Until(t)
	}
	return time.Minute // CoinGecko's limits are per minute
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// Day returns the UTC day of t (midnight UTC).
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// History returns the USD price of coinID at 00:00 UTC of day's UTC date
// (GET /coins/{id}/history?date=dd-mm-yyyy). found is false when the API has no price.
func (c *Client) History(ctx context.Context, coinID string, day time.Time) (usd decimal.Decimal, found bool, err error) {
	return c.HistoryIn(ctx, coinID, day, "usd")
}

// HistoryIn is History in another currency (a CoinGecko vs_currency such as "gbp" or "cad").
func (c *Client) HistoryIn(ctx context.Context, coinID string, day time.Time, currency string) (price decimal.Decimal, found bool, err error) {
	var out struct {
		MarketData *struct {
			CurrentPrice map[string]json.Number `json:"current_price"`
		} `json:"market_data"`
	}
	q := url.Values{"date": {Day(day).Format("02-01-2006")}, "localization": {"false"}}
	err = c.get(ctx, "history", "/coins/"+url.PathEscape(coinID)+"/history", q, &out)
	if errors.Is(err, errNotFound) {
		return decimal.Zero, false, nil
	}
	if err != nil {
		return decimal.Zero, false, err
	}
	if out.MarketData == nil {
		return decimal.Zero, false, nil
	}
	n, ok := out.MarketData.CurrentPrice[strings.ToLower(currency)]
	if !ok || n == "" {
		return decimal.Zero, false, nil
	}
	d, err := decimal.NewFromString(n.String())
	if err != nil {
		return decimal.Zero, false, &imports.ProviderError{Provider: provider, Op: "history", Message: "bad price " + n.String()}
	}
	return d, true, nil
}

// DayPrice is one day's USD price.
type DayPrice struct {
	Day time.Time // midnight UTC
	USD decimal.Decimal
}

// Range returns one USD price per UTC day between from and to
// (GET /coins/{id}/market_chart/range?vs_currency=usd&from=&to=): for each day the first point
// of that day (CoinGecko gives daily points at 00:00 UTC for ranges over 90 days, hourly ones
// for shorter ranges). Days without a point are absent. An unknown coin gives no prices.
func (c *Client) Range(ctx context.Context, coinID string, from, to time.Time) ([]DayPrice, error) {
	return c.RangeIn(ctx, coinID, from, to, "usd")
}

// RangeIn is Range in another vs_currency (lower case ISO 4217, e.g. "gbp"); DayPrice.USD then
// holds the price in that currency.
func (c *Client) RangeIn(ctx context.Context, coinID string, from, to time.Time, currency string) ([]DayPrice, error) {
	var out struct {
		Prices [][]json.Number `json:"prices"`
	}
	q := url.Values{"vs_currency": {strings.ToLower(currency)}, "from": {strconv.FormatInt(from.Unix(), 10)}, "to": {strconv.FormatInt(to.Unix(), 10)}}
	err := c.get(ctx, "market_chart/range", "/coins/"+url.PathEscape(coinID)+"/market_chart/range", q, &out)
	if errors.Is(err, errNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	type point struct {
		ms  int64
		usd decimal.Decimal
	}
	first := map[time.Time]point{}
	for _, p := range out.Prices {
		if len(p) != 2 {
			return nil, &imports.ProviderError{Provider: provider, Op: "market_chart/range", Message: "bad price point"}
		}
		ms, err1 := p[0].Int64()
		if err1 != nil { // some servers send 1.7040672e12
			f, err := p[0].Float64()
			if err != nil {
				return nil, &imports.ProviderError{Provider: provider, Op: "market_chart/range", Message: "bad timestamp " + p[0].String()}
			}
			ms = int64(f)
		}
		usd, err := decimal.NewFromString(p[1].String())
		if err != nil {
			return nil, &imports.ProviderError{Provider: provider, Op: "market_chart/range", Message: "bad price " + p[1].String()}
		}
		day := Day(time.UnixMilli(ms))
		if cur, ok := first[day]; !ok || ms < cur.ms {
			first[day] = point{ms, usd}
		}
	}
	res := make([]DayPrice, 0, len(first))
	for d, p := range first {
		res = append(res, DayPrice{Day: d, USD: p.usd})
	}
	sort.Slice(res, func(i, j int) bool { return res[i].Day.Before(res[j].Day) })
	return res, nil
}

// ContractCoinID looks a token up by contract (GET /coins/{platform}/contract/{address}).
// found is false when CoinGecko does not know the contract.
func (c *Client) ContractCoinID(ctx context.Context, platform, contract string) (string, bool, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := c.get(ctx, "contract", "/coins/"+url.PathEscape(platform)+"/contract/"+url.PathEscape(contract), nil, &out)
	if errors.Is(err, errNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return out.ID, out.ID != "", nil
}
