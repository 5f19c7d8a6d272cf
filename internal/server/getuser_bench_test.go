package server_test

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/logctx"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/server"
	"taxd/internal/store"
	"taxd/internal/testwait"
)

// statements counts the statements a pool sends to Postgres: each is one round trip.
type statements struct{ n atomic.Int64 }

func (s *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	s.n.Add(1)
	return ctx
}

func (s *statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// BenchmarkGetUser is the handler chain of `taxd bench rest`'s request (GET
// /api/users/{referenceId}/user with a client id and secret) from the outermost middleware to the
// JSON answer, without the network: its allocations per request (-benchmem) and the statements it
// sends to Postgres per request (statements/op), the costs taxd adds to a bare net/http + pgx server.
func BenchmarkGetUser(b *testing.B) {
	f := newGetUserFixture(b)
	// the request log as `taxd serve` writes it (cmd/taxd), to nowhere
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(logctx.Handler{Handler: slog.NewJSONHandler(io.Discard, nil)}))
	if w := f.get(f.creds.APISecret); w.Code != http.StatusOK {
		b.Fatalf("GET user: %d %s", w.Code, w.Body)
	}
	b.ReportAllocs()
	f.sent.n.Store(0)
	before := processCPU(b)
	b.ResetTimer()
	for range b.N {
		if w := f.get(f.creds.APISecret); w.Code != http.StatusOK {
			b.Fatalf("GET user: %d %s", w.Code, w.Body)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(f.sent.n.Load())/float64(b.N), "statements/op")
	// CPU time rather than wall time: on a shared machine it counts this process's work only
	// (Postgres' is not in it).
	b.ReportMetric(float64((processCPU(b)-before).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the CPU time (user and system) this process has used so far.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A partner's credential is answered from the credential cache once verified, and yet the request
// after its revocation has been notified is refused, and the fifth wrong secret from an address
// locks the credential there, so that the right secret is refused too (429) while the lock lasts.
func TestGetUserRevocationAndLockout(t *testing.T) {
	f := newGetUserFixture(t)
	ctx := context.Background()
	if w := f.get(f.creds.APISecret); w.Code != http.StatusOK {
		t.Fatalf("GET user: %d %s", w.Code, w.Body)
	}
	for i := range 5 {
		if w := f.get("sk_wrong"); w.Code != http.StatusUnauthorized {
			t.Fatalf("wrong secret %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := f.get(f.creds.APISecret); w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" {
		t.Fatalf("right secret while locked: %d %s (Retry-After %q)", w.Code, w.Body, w.Header().Get("Retry-After"))
	}
	if _, err := f.pool.Exec(ctx, `DELETE FROM login_failures`); err != nil { // the lock over
		t.Fatal(err)
	}
	if w := f.get(f.creds.APISecret); w.Code != http.StatusOK {
		t.Fatalf("after the lock: %d %s", w.Code, w.Body)
	}
	testwait.For(t, "the credential answered from the cache", 10*time.Second, func() bool {
		before := f.sent.n.Load()
		if w := f.get(f.creds.APISecret); w.Code != http.StatusOK {
			t.Fatalf("GET user: %d %s", w.Code, w.Body)
		}
		return f.sent.n.Load()-before == 1 // the user's read only
	})
	if _, err := f.pool.Exec(ctx, `UPDATE partner_credentials SET revoked_at = now() WHERE public_id = $1`, f.creds.ClientID); err != nil {
		t.Fatal(err)
	}
	testwait.For(t, "the revocation's notification", 10*time.Second, func() bool { return f.credentials.Len() == 0 })
	if w := f.get(f.creds.APISecret); w.Code != http.StatusUnauthorized {
		t.Fatalf("the request after the revocation: %d %s", w.Code, w.Body)
	}
}

// getUserFixture is taxd's whole handler on a fresh database with one partner and its user
// bench-user, on a pool that counts the statements it sends.
type getUserFixture struct {
	h     http.Handler
	pool  *pgxpool.Pool
	creds auth.PartnerCredentials
	sent  *statements
	// credentials is the handler's credential cache.
	credentials *auth.CredentialCache
}

func newGetUserFixture(tb testing.TB) *getUserFixture {
	ctx := context.Background()
	url := pgtest.URL(tb)
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		tb.Fatal(err)
	}
	sent := &statements{}
	pcfg.ConnConfig.Tracer = sent
	pcfg.AfterConnect = func(_ context.Context, conn *pgx.Conn) error { // as store.Open's
		pgxdecimal.Register(conn.TypeMap())
		store.RegisterUUID(conn.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(pool.Close)
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Bench Partner", PortalURL: "https://portal.example"})
	if err != nil {
		tb.Fatal(err)
	}
	ref, email := "bench-user", "bench@example.com"
	if _, err := db.New(pool).CreateClient(ctx, db.CreateClientParams{ID: uuid.Must(uuid.NewV7()), PartnerID: &p.ID, ReferenceID: &ref, Name: ref, Email: &email}); err != nil {
		tb.Fatal(err)
	}
	cfg := &config.Config{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.Register(fs)
	if err := fs.Parse([]string{"--database-url", url, "--data-dir", tb.TempDir(), "--offline", "--workers", "0"}); err != nil {
		tb.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		tb.Fatal(err)
	}
	// the credential cache as `taxd serve` runs it
	credentials := auth.DefaultCredentialCache(time.Now)
	listen, stop := context.WithCancel(ctx)
	listened := make(chan struct{})
	go func() { defer close(listened); credentials.Listen(listen, server.ListenerConnection(pool)) }()
	tb.Cleanup(func() { stop(); <-listened })
	testwait.For(tb, "the credential cache's listener", 10*time.Second, credentials.Listening)
	h, err := server.NewHandler(server.Deps{Config: cfg, Pool: pool, Credentials: credentials})
	if err != nil {
		tb.Fatal(err)
	}
	return &getUserFixture{h: h, pool: pool, creds: creds, sent: sent, credentials: credentials}
}

// get is GET /api/users/bench-user/user with the partner's client id and secret.
func (f *getUserFixture) get(secret string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, "/api/users/bench-user/user", nil)
	r.RemoteAddr = "127.0.0.1:40000"
	r.Header.Set("x-client-id", f.creds.ClientID)
	r.Header.Set("x-api-secret", secret)
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	return w
}
