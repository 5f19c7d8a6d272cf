package contracttests

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/config"
	"taxd/internal/fakes"
	"taxd/internal/pgtest"
	"taxd/internal/server"
	"taxd/internal/testwait"
)

func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil))) // request logs would drown the report
	pgtest.Main(m)
}

// The fixture the examples in spec/openapi.yaml and spec/graphql/examples are written against.
var (
	acmeCreds = auth.PartnerCredentials{
		ClientID:  "cli_acme_contract_0001",
		APISecret: "sk_acme_contract_secret_0001",
		APIKey:    "pk_acmecontract01_apikeysecret0001",
	}
	otherCreds = auth.PartnerCredentials{
		ClientID:  "cli_other_contract_0001",
		APISecret: "sk_other_contract_secret_0001",
		APIKey:    "pk_othercontract1_apikeysecret0001",
	}
	acmeID      = uuid.MustParse("0190a1b2-0000-7000-8000-0000000ac111")
	otherID     = uuid.MustParse("0190a1b2-0000-7000-8000-0000000ac222")
	user123ID   = uuid.MustParse("0190a1b2-0000-7000-8000-0000000c0101")
	user200ID   = uuid.MustParse("0190a1b2-0000-7000-8000-0000000c0102")
	ethAccount  = uuid.MustParse("0190a1b2-0000-7000-8000-000000000001")
	btcAccount  = uuid.MustParse("0190a1b2-0000-7000-8000-000000000002")
	syncID      = uuid.MustParse("0190a1b2-0000-7000-8000-000000000101")
	reportID    = uuid.MustParse("0190a1b2-0000-7000-8000-000000000201")
	recalcID    = uuid.MustParse("0190a1b2-0000-7000-8000-000000000a01")
	signingKey  = "contract-test-signing-secret"
	tokenSecret = "contract-test-access-token-secret-0123456789"
)

// env is one server on one fresh database holding the fixture.
type env struct {
	url    string
	pool   *pgxpool.Pool
	cfg    *config.Config
	tokens *auth.Tokens
	known  map[string]bool // ids the fixture created: compared exactly in bodies
}

func testConfig(t *testing.T) *config.Config {
	cfg := &config.Config{
		Env: "development", Listen: "127.0.0.1:0", DataDir: t.TempDir(),
		AccessTokenKeyID: "test", AccessTokenSecret: tokenSecret, ReportSigningSecret: signingKey,
		PortalURL: "https://portal.taxd.example/embed", EmailDailyLimit: 5, SignedLinkLifetime: time.Hour,
	}
	// No network: the chain indexers that getUsedChains asks are local fakes (the fixture's ETH
	// address has activity on ethereum only); Solana answers nothing useful (counted as unused).
	chains := fakes.Etherscan(t, filepath.Join("..", fakes.EtherscanRecording), "1")
	cfg.EtherscanURL, cfg.SolanaRPCURL = chains.URL, chains.URL
	cfg.EtherscanRPS = -1 // a local fake: no key's rate limit to respect (requests stay under a second)
	cfg.EsploraURL = fakes.Esplora(t, filepath.Join("..", fakes.EsploraRecording)).URL
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// envConfig varies the server of an env.
type envConfig struct {
	production  bool     // introspection off, as in production
	corsOrigins []string // browser origins allowed on /graphql
}

func newEnv(t *testing.T) *env { t.Helper(); return newEnvWith(t, seed) }

// newEnvWith starts a server on a fresh database holding what seedFn writes (the REST fixture, or
// the GraphQL one: their ids overlap, so each runs on its own database); opts vary the server.
func newEnvWith(t *testing.T, seedFn func(*testing.T, *env), opts ...func(*envConfig)) *env {
	t.Helper()
	var ec envConfig
	for _, opt := range opts {
		opt(&ec)
	}
	pool := pgtest.Pool(t)
	cfg := testConfig(t)
	if ec.production {
		cfg.Env = "production"
	}
	cfg.CORSOrigins = ec.corsOrigins
	e := &env{pool: pool, cfg: cfg, known: map[string]bool{}}
	seedFn(t, e)
	e.serve(t)
	return e
}

// serve starts the server of e on its pool.
func (e *env) serve(t *testing.T) {
	t.Helper()
	// The verified-credential cache and its listener, as `taxd serve` runs them: every flow here
	// authenticates through it.
	credentials := auth.DefaultCredentialCache(time.Now)
	listen, stopListening := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() { defer close(listened); credentials.Listen(listen, server.ListenerConnection(e.pool)) }()
	t.Cleanup(func() { stopListening(); <-listened })
	testwait.For(t, "the credential cache's listener", 10*time.Second, credentials.Listening)
	h, err := server.NewHandler(server.Deps{Config: e.cfg, Pool: e.pool, Credentials: credentials})
	if err != nil {
		t.Fatal(err)
	}
	// Served as in production: the server's timeouts and net/http's own errors as JSON.
	srv := httptest.NewUnstartedServer(h)
	srv.Config = server.NewHTTPServer(h, server.DefaultLimits)
	srv.Listener = server.JSONErrors(srv.Listener)
	srv.Start()
	t.Cleanup(srv.Close)
	e.url = srv.URL
	e.tokens, err = auth.NewTokens(auth.SigningKey{ID: e.cfg.AccessTokenKeyID, Secret: []byte(e.cfg.AccessTokenSecret)})
	if err != nil {
		t.Fatal(err)
	}
}

// authenticate sets the credentials named by an example's x-contract-auth.
func (e *env) authenticate(t *testing.T, req *http.Request, mode string) {
	t.Helper()
	switch mode {
	case "pair", "":
		req.Header.Set("x-client-id", acmeCreds.ClientID)
		req.Header.Set("x-api-secret", acmeCreds.APISecret)
	case "apiKey":
		req.Header.Set("x-api-key", acmeCreds.APIKey)
	case "wrongSecret":
		req.Header.Set("x-client-id", acmeCreds.ClientID)
		req.Header.Set("x-api-secret", "sk_wrong")
	case "otherPartner":
		req.Header.Set("x-client-id", otherCreds.ClientID)
		req.Header.Set("x-api-secret", otherCreds.APISecret)
	case "accessToken":
		req.Header.Set("Authorization", "Bearer "+e.token(t, user123ID, "user-123"))
	case "otherAccessToken":
		req.Header.Set("Authorization", "Bearer "+e.token(t, user200ID, "user-200"))
	case "none":
	default:
		t.Fatalf("unknown x-contract-auth %q", mode)
	}
}

func (e *env) token(t *testing.T, clientID uuid.UUID, ref string) string {
	iss, err := e.tokens.Issue(acmeID, clientID, ref, time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return iss.Token
}

func ctx() context.Context { return context.Background() }
