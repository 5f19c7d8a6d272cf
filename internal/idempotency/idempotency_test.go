package idempotency_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/idempotency"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// An answer the middleware must not keep (a 5xx, a 429, a panic) releases the key: the retry
// runs the operation; a request whose first run died without an answer (its row still running
// after a minute) is taken over.
func TestKeysOfFailedRequestsAreReleased(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	p, _, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Acme", PortalURL: "https://portal.example"})
	if err != nil {
		t.Fatal(err)
	}
	svc := idempotency.NewService(pool, nil)
	svc.Wait = 300 * time.Millisecond
	var runs atomic.Int32
	var status atomic.Int32
	h := svc.Middleware(func(context.Context) (uuid.UUID, bool) { return p.ID, true }, func(w http.ResponseWriter, _ *http.Request, err error) {
		http.Error(w, err.Error(), http.StatusConflict)
	})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		runs.Add(1)
		if status.Load() == 0 {
			panic("the operation failed")
		}
		w.WriteHeader(int(status.Load()))
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	send := func(key string) int {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/users", strings.NewReader(`{"userId":"u"}`)).WithContext(ctx)
		req.Header.Set(idempotency.Header, key)
		func() {
			defer func() { _ = recover() }()
			h.ServeHTTP(rec, req)
		}()
		return rec.Code
	}
	for _, first := range []int32{0, 500, 503, 429} {
		key := uuid.NewString()
		runs.Store(0)
		status.Store(first)
		send(key)
		status.Store(201)
		if got := send(key); got != 201 || runs.Load() != 2 {
			t.Errorf("after a first answer %d: the retry answered %d after %d runs; want it run again (201, 2 runs)", first, got, runs.Load())
		}
		if got := send(key); got != 201 || runs.Load() != 2 {
			t.Errorf("after a first answer %d: the third request ran again (%d, %d runs)", first, got, runs.Load())
		}
	}
	// A key whose request still runs: a second request waits, then gets 409; after a minute
	// without an answer the key is taken over.
	key := uuid.NewString()
	if _, err := pool.Exec(ctx, `INSERT INTO idempotency_keys (partner_id, key, request_hash, created_at) VALUES ($1, $2, $3, now())`,
		p.ID, key, idempotency.RequestHash("POST", "/api/users", []byte(`{"userId":"u"}`))); err != nil {
		t.Fatal(err)
	}
	runs.Store(0)
	if got := send(key); got != http.StatusConflict || runs.Load() != 0 {
		t.Errorf("while the first request runs: %d after %d runs; want 409 and no run", got, runs.Load())
	}
	if _, err := pool.Exec(ctx, `UPDATE idempotency_keys SET created_at = now() - interval '2 minutes' WHERE key = $1`, key); err != nil {
		t.Fatal(err)
	}
	if got := send(key); got != 201 || runs.Load() != 1 {
		t.Errorf("an abandoned key: %d after %d runs; want it taken over (201, 1 run)", got, runs.Load())
	}
}

// A JSON body is the same request whatever its member order and white space; its values, numbers'
// text included, still tell requests apart; a body that is not JSON counts byte for byte.
func TestRequestHashReadsJSONByContent(t *testing.T) {
	h := func(body string) string { return string(idempotency.RequestHash("POST", "/api/users", []byte(body))) }
	same := [][2]string{
		{`{"userId":"u","name":"Ada"}`, `{ "name": "Ada",  "userId": "u" }`},
		{`{"wallets":[{"chain":"bitcoin","address":"bc1q"}]}`, "{\n  \"wallets\": [ {\"address\":\"bc1q\", \"chain\":\"bitcoin\"} ]\n}"},
	}
	for _, p := range same {
		if h(p[0]) != h(p[1]) {
			t.Errorf("%s and %s hash differently", p[0], p[1])
		}
	}
	differ := [][2]string{
		{`{"userId":"u"}`, `{"userId":"v"}`},
		{`{"year":2024}`, `{"year":2024.0}`},
		{`{"a":[1,2]}`, `{"a":[2,1]}`},
		{`not json {`, `not json  {`},
		{`{"a":1} {"a":1}`, `{"a":1}`},
	}
	for _, p := range differ {
		if h(p[0]) == h(p[1]) {
			t.Errorf("%s and %s hash the same", p[0], p[1])
		}
	}
	if idempotency.RequestHash("POST", "/api/users", nil) == nil {
		t.Fatal("an empty body has no hash")
	}
}
