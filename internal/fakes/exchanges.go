package fakes

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// ExchangeRecordings is the folder of recorded exchange answers, relative to the module root.
const ExchangeRecordings = "internal/exchanges/testdata"

// Exchange is a fake exchange API serving recorded answers. It checks every request's signature
// as the exchange documents it (a request signed wrongly gets the exchange's 401 answer), and can
// answer a rate limit first to exercise the client's backoff.
type Exchange struct {
	*httptest.Server
	mu        sync.Mutex
	Requests  int      // requests received
	Rejected  int      // requests whose signature did not verify
	Limited   int      // rate-limit answers given
	limitNext []string // request paths (with query) to answer with one rate limit first
}

// LimitOnce makes the first request whose path and query contain part answer a rate limit.
func (e *Exchange) LimitOnce(part string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.limitNext = append(e.limitNext, part)
}

func (e *Exchange) takeLimit(s string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Requests++
	for i, p := range e.limitNext {
		if strings.Contains(s, p) {
			e.limitNext = append(e.limitNext[:i], e.limitNext[i+1:]...)
			e.Limited++
			return true
		}
	}
	return false
}

func (e *Exchange) reject() {
	e.mu.Lock()
	e.Rejected++
	e.mu.Unlock()
}

func serveFile(t testing.TB, w http.ResponseWriter, path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("fake exchange: %v", err)
		http.Error(w, "no recording", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(raw)
}

// Coinbase serves the recordings of dir/coinbase for the API key and secret given: two pages of
// wallets (BTC, ETH), two pages of BTC transactions and one of ETH.
func Coinbase(t testing.TB, dir, apiKey, secret string) *Exchange {
	e := &Exchange{}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e.takeLimit(r.URL.RequestURI()) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"errors":[{"id":"rate_limit_exceeded","message":"Too many requests"}]}`))
			return
		}
		ts := r.Header.Get("CB-ACCESS-TIMESTAMP")
		body, _ := io.ReadAll(r.Body)
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(ts + r.Method + r.URL.RequestURI() + string(body)))
		want := hex.EncodeToString(mac.Sum(nil))
		sec, _ := strconv.ParseInt(ts, 10, 64)
		if r.Header.Get("CB-ACCESS-KEY") != apiKey || !hmac.Equal([]byte(r.Header.Get("CB-ACCESS-SIGN")), []byte(want)) ||
			time.Since(time.Unix(sec, 0)).Abs() > 30*time.Second || r.Header.Get("CB-VERSION") == "" {
			e.reject()
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"errors":[{"id":"authentication_error","message":"invalid signature"}]}`))
			return
		}
		q := r.URL.Query()
		after := q.Get("starting_after")
		switch {
		case r.URL.Path == "/v2/accounts" && after == "":
			serveFile(t, w, filepath.Join(dir, "coinbase", "accounts_1.json"))
		case r.URL.Path == "/v2/accounts" && after == "58542935-67b5-56e1-a3f9-42686e07fa40":
			serveFile(t, w, filepath.Join(dir, "coinbase", "accounts_2.json"))
		case r.URL.Path == "/v2/accounts/58542935-67b5-56e1-a3f9-42686e07fa40/transactions" && q.Get("order") == "asc":
			switch after {
			case "":
				serveFile(t, w, filepath.Join(dir, "coinbase", "btc_transactions_1.json"))
			case "4117f7d6-5694-5b36-bc8f-847509850ea4":
				serveFile(t, w, filepath.Join(dir, "coinbase", "btc_transactions_2.json"))
			default: // after the last one: nothing new
				_, _ = w.Write([]byte(`{"pagination":{"next_starting_after":null},"data":[]}`))
			}
		case r.URL.Path == "/v2/accounts/d2c8a5a6-1b2e-5c2f-9d4b-6f1f0a9e7c11/transactions" && q.Get("order") == "asc":
			if after == "" {
				serveFile(t, w, filepath.Join(dir, "coinbase", "eth_transactions_1.json"))
			} else {
				_, _ = w.Write([]byte(`{"pagination":{"next_starting_after":null},"data":[]}`))
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(e.Close)
	return e
}

// Kraken serves the recordings of dir/kraken for the API key and (base64) secret given: the
// Ledgers endpoint at offsets 0 and 2 (three entries in all).
func Kraken(t testing.TB, dir, apiKey, secret string) *Exchange {
	e := &Exchange{}
	var lastNonce int64
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		w.Header().Set("Content-Type", "application/json")
		if e.takeLimit(r.URL.Path + "?" + string(body)) {
			_, _ = w.Write([]byte(`{"error":["EAPI:Rate limit exceeded"]}`))
			return
		}
		key, _ := base64.StdEncoding.DecodeString(secret)
		sum := sha256.Sum256([]byte(form.Get("nonce") + string(body)))
		mac := hmac.New(sha512.New, key)
		mac.Write([]byte(r.URL.Path))
		mac.Write(sum[:])
		want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
		if r.Header.Get("API-Key") != apiKey || !hmac.Equal([]byte(r.Header.Get("API-Sign")), []byte(want)) {
			e.reject()
			_, _ = w.Write([]byte(`{"error":["EAPI:Invalid signature"]}`))
			return
		}
		nonce, _ := strconv.ParseInt(form.Get("nonce"), 10, 64)
		e.mu.Lock()
		stale := nonce <= lastNonce
		if !stale {
			lastNonce = nonce
		}
		e.mu.Unlock()
		if stale {
			_, _ = w.Write([]byte(`{"error":["EAPI:Invalid nonce"]}`))
			return
		}
		if r.Method != http.MethodPost || r.URL.Path != "/0/private/Ledgers" {
			http.NotFound(w, r)
			return
		}
		switch {
		case form.Get("start") != "": // a later sync: nothing after the newest entry
			_, _ = w.Write([]byte(`{"error":[],"result":{"count":0,"ledger":{}}}`))
		case form.Get("ofs") == "0":
			serveFile(t, w, filepath.Join(dir, "kraken", "ledgers_0.json"))
		case form.Get("ofs") == "2":
			serveFile(t, w, filepath.Join(dir, "kraken", "ledgers_2.json"))
		default:
			_, _ = w.Write([]byte(`{"error":[],"result":{"count":3,"ledger":{}}}`))
		}
	}))
	t.Cleanup(e.Close)
	return e
}
