package server_test

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	pgxdecimal "github.com/jackc/pgx-shopspring-decimal"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/config"
	"taxd/internal/logctx"
	"taxd/internal/partner"
	"taxd/internal/pgtest"
	"taxd/internal/server"
	"taxd/internal/store"
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
	ctx := context.Background()
	url := pgtest.URL(b)
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		b.Fatal(err)
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
		b.Fatal(err)
	}
	b.Cleanup(pool.Close)
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Bench Partner", PortalURL: "https://portal.example"})
	if err != nil {
		b.Fatal(err)
	}
	ref, email := "bench-user", "bench@example.com"
	if _, err := db.New(pool).CreateClient(ctx, db.CreateClientParams{ID: uuid.Must(uuid.NewV7()), PartnerID: &p.ID, ReferenceID: &ref, Name: ref, Email: &email}); err != nil {
		b.Fatal(err)
	}
	cfg := &config.Config{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.Register(fs)
	if err := fs.Parse([]string{"--database-url", url, "--data-dir", b.TempDir(), "--offline", "--workers", "0"}); err != nil {
		b.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		b.Fatal(err)
	}
	h, err := server.NewHandler(server.Deps{Config: cfg, Pool: pool})
	if err != nil {
		b.Fatal(err)
	}
	// the request log as `taxd serve` writes it (cmd/taxd), to nowhere
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(logctx.Handler{Handler: slog.NewJSONHandler(io.Discard, nil)}))
	get := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/users/bench-user/user", nil)
		r.RemoteAddr = "127.0.0.1:40000"
		r.Header.Set("x-client-id", creds.ClientID)
		r.Header.Set("x-api-secret", creds.APISecret)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	if w := get(); w.Code != http.StatusOK {
		b.Fatalf("GET user: %d %s", w.Code, w.Body)
	}
	b.ReportAllocs()
	sent.n.Store(0)
	b.ResetTimer()
	for range b.N {
		if w := get(); w.Code != http.StatusOK {
			b.Fatalf("GET user: %d %s", w.Code, w.Body)
		}
	}
	b.ReportMetric(float64(sent.n.Load())/float64(b.N), "statements/op")
}
