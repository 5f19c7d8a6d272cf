// Package config reads taxd's settings from flags, with environment variables as defaults, so
// `taxd serve --help` lists every setting and the variable that sets it.
package config

import (
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server.
type Config struct {
	role Role // what the process is: the settings it reads and checks
	DatabaseURL string // empty: manage a local Postgres under DataDir
	Listen      string
	Env         string // development or production
	DataDir     string // local Postgres, report files and dev mail live here by default
	PublicURL   string // this server's base URL, for links in e-mails

	AccessTokenKeyID    string
	AccessTokenSecret   string
	PreviousTokenKeys   string // "kid:secret,kid:secret" still accepted for verification
	ReportSigningSecret string
	SignedLinkLifetime  time.Duration
	PortalURL           string // default portal address for partners without their own

	BlobURL         string // gocloud.dev/blob bucket URL; empty: file://<DataDir>/reports
	UploadMaxBytes  int64  // size limit of one file uploaded through a signed upload URL
	SMTPAddr        string // host:port; empty: write e-mails as files under MailDir
	SMTPFrom        string
	SMTPUser        string
	SMTPPassword    string
	MailDir         string
	EmailDailyLimit int

	// Workers is the default worker count of each queue on this node: 0 (with no per-queue count)
	// makes an API-only node. WorkersSync etc. set one queue's count (-1: unset, follow Workers);
	// a queue with 0 workers is not worked on this node.
	Workers       int
	WorkersSync   int
	WorkersRecalc int
	WorkersReport int
	WorkersMail   int
	WorkersImport int

	WebhookWorkers      int  // concurrent webhook deliveries (their own queue)
	WebhookAllowPrivate bool // deliver to loopback/private addresses (development)

	EtherscanURL    string
	EtherscanAPIKey string
	EtherscanRPS    float64 // requests per second allowed by the key (0: the default, negative: unlimited)
	// EtherscanChainURLs overrides EtherscanURL per chain ("base" -> a Blockscout /api URL).
	EtherscanChainURLs map[string]string
	etherscanChainURLs string // the flag's text: "chain=url,chain=url"
	EsploraURL         string
	SolanaRPCURL       string
	CoinGeckoURL       string
	CoinGeckoAPIKey    string
	CoinGeckoRPS       float64 // requests per second allowed by the price API (0: the default, negative: unlimited)
	// Offline disables the price source (no historical prices are fetched; values stay missing).
	Offline bool

	// CredentialsKey encrypts exchange API credentials at rest (base64 of 32 bytes; AES-256-GCM).
	CredentialsKey string
	CoinbaseURL    string // Coinbase API base URL (tests point it at a fake)
	KrakenURL      string // Kraken API base URL

	// TrustedProxies are the proxies in front of taxd ("10.0.0.0/8,192.0.2.7"): requests from them
	// count, for the login throttle, as coming from the address their X-Forwarded-For names.
	TrustedProxies       string
	TrustedProxyPrefixes []netip.Prefix // parsed by Finish

	// OTLPEndpoint turns tracing on: an OTLP/HTTP collector's base URL (spans go to /v1/traces).
	OTLPEndpoint string

	// OIDC: the identity provider whose ID tokens sign web-application users in on /graphql.
	// Empty issuer: in development the local issuer of `taxd dev-token`; in production none.
	OIDCIssuer   string
	OIDCAudience string
	OIDCJWKSURL  string // optional: the signing keys' URL (default: OpenID discovery)

	// CORSOrigins are the browser origins (https://app.example) allowed to call /graphql; none:
	// no CORS.
	CORSOrigins []string
	corsOrigins string // the flag's text
}

// The publicly known secrets of development (the defaults below, and the values the tests and
// examples of this repository use): anyone can sign tokens, report links and upload URLs, and
// decrypt stored exchange credentials with them, so production refuses them (Finish).
const (
	DevelopmentAccessTokenSecret   = "development-only-access-token-secret-do-not-use"
	DevelopmentReportSigningSecret = "development-only-report-signing-secret"
	// DevelopmentCredentialsKey is base64 of "development-only-credentials-key".
	DevelopmentCredentialsKey = "ZGV2ZWxvcG1lbnQtb25seS1jcmVkZW50aWFscy1rZXk="
)

// publishedSecrets are secrets that appear in this repository (the development defaults and the
// fixtures of the tests): never valid in production.
var publishedSecrets = map[string]bool{
	DevelopmentAccessTokenSecret: true, DevelopmentReportSigningSecret: true, DevelopmentCredentialsKey: true,
	"development-only-credentials-key":             true,
	"contract-test-access-token-secret-0123456789": true, "contract-test-signing-secret": true,
	"browser-test-access-token-secret-0123456789": true, "browser-test-signing": true,
}

// MinSecretBytes is the shortest secret production accepts (a 256-bit HMAC key).
const MinSecretBytes = 32

// Development reports whether the server runs in development mode.
func (c *Config) Development() bool { return c.Env == "development" }

// Register adds the flags to fs, each defaulting to its environment variable.
func (c *Config) Register(fs *flag.FlagSet) { c.RegisterFor(fs, RoleServe) }

// Roles of a process: which settings it reads (RegisterFor) and checks (Finish).
type Role int

const (
	// RoleServe is `taxd serve`: the APIs (and the job queues unless --workers 0).
	RoleServe Role = iota
	// RoleWorker is `taxd worker`: the job queues and a metrics listener, no API: it has no
	// access tokens, ID tokens, CORS, uploads or login throttle to configure.
	RoleWorker
	// RoleMigrate is `taxd migrate`: the database only.
	RoleMigrate
)

// RegisterFor registers the flags (with their environment variables) of a process of role.
func (c *Config) RegisterFor(fs *flag.FlagSet, role Role) {
	c.role = role
	str := func(p *string, name, env, def, usage string) {
		fs.StringVar(p, name, envOr(env, def), usage+" ($"+env+")")
	}
	str(&c.DatabaseURL, "database-url", "DATABASE_URL", "", "Postgres URL; empty runs a local Postgres in <data-dir>/postgres")
	str(&c.Env, "env", "TAXD_ENV", "development", "environment: development or production")
	str(&c.DataDir, "data-dir", "TAXD_DATA_DIR", ".data", "folder for the local Postgres, report files and development mail")
	if role == RoleMigrate {
		return
	}
	str(&c.Listen, "listen", "TAXD_LISTEN", "127.0.0.1:8080", "HTTP listen address")
	str(&c.PublicURL, "public-url", "TAXD_PUBLIC_URL", "", "public base URL of this server (default http://<listen>)")
	str(&c.ReportSigningSecret, "report-signing-secret", "TAXD_REPORT_SIGNING_SECRET", "", "HMAC secret for signed report downloads; required in production")
	fs.DurationVar(&c.SignedLinkLifetime, "signed-link-lifetime", envDuration("TAXD_SIGNED_LINK_LIFETIME", 7*24*time.Hour), "lifetime of signed report links in e-mails ($TAXD_SIGNED_LINK_LIFETIME)")
	str(&c.PortalURL, "portal-url", "TAXD_PORTAL_URL", "", "embedded portal address used in portalUrl (default <public-url>/portal, served by taxd)")
	str(&c.BlobURL, "blob-url", "TAXD_BLOB_URL", "", "report bucket (file:///path, s3://bucket, gs://bucket); default file://<data-dir>/reports")
	str(&c.SMTPAddr, "smtp-addr", "TAXD_SMTP_ADDR", "", "SMTP server host:port; empty writes e-mails to <data-dir>/mail")
	str(&c.SMTPFrom, "smtp-from", "TAXD_SMTP_FROM", "taxd <no-reply@taxd.example>", "From address of e-mails")
	str(&c.SMTPUser, "smtp-user", "TAXD_SMTP_USER", "", "SMTP user")
	str(&c.SMTPPassword, "smtp-password", "TAXD_SMTP_PASSWORD", "", "SMTP password")
	str(&c.MailDir, "mail-dir", "TAXD_MAIL_DIR", "", "folder for e-mails when no SMTP server is set; default <data-dir>/mail")
	fs.IntVar(&c.Workers, "workers", envInt("TAXD_WORKERS", 4), "default `count` of job workers of each queue on this node; 0 (and no --workers-<queue>) makes an API-only node ($TAXD_WORKERS)")
	c.WorkersSync = envInt("TAXD_WORKERS_SYNC", -1)
	fs.Var(queueWorkers{&c.WorkersSync}, "workers-sync", "`count` of job workers of the account-sync queue; 0 leaves it to other nodes (default --workers) ($TAXD_WORKERS_SYNC)")
	c.WorkersRecalc = envInt("TAXD_WORKERS_RECALC", -1)
	fs.Var(queueWorkers{&c.WorkersRecalc}, "workers-recalc", "`count` of job workers of the recalculation queue (default --workers, at most 2) ($TAXD_WORKERS_RECALC)")
	c.WorkersReport = envInt("TAXD_WORKERS_REPORT", -1)
	fs.Var(queueWorkers{&c.WorkersReport}, "workers-report", "`count` of job workers of the report queue (default --workers, at most 2) ($TAXD_WORKERS_REPORT)")
	c.WorkersMail = envInt("TAXD_WORKERS_MAIL", -1)
	c.WorkersImport = envInt("TAXD_WORKERS_IMPORT", -1)
	fs.Var(queueWorkers{&c.WorkersImport}, "workers-import", "`count` of job workers of the file-import queue (default --workers, at most 2) ($TAXD_WORKERS_IMPORT)")
	fs.IntVar(&c.WebhookWorkers, "webhook-workers", envInt("TAXD_WEBHOOK_WORKERS", 2), "concurrent webhook deliveries ($TAXD_WEBHOOK_WORKERS)")
	fs.BoolVar(&c.WebhookAllowPrivate, "webhook-allow-private", os.Getenv("TAXD_WEBHOOK_ALLOW_PRIVATE") == "true",
		"deliver webhooks to loopback and private addresses; always on in development ($TAXD_WEBHOOK_ALLOW_PRIVATE=true)")
	fs.Var(queueWorkers{&c.WorkersMail}, "workers-mail", "`count` of job workers of the e-mail queue (default --workers, at most 2) ($TAXD_WORKERS_MAIL)")
	str(&c.EtherscanURL, "etherscan-url", "TAXD_ETHERSCAN_URL", "", "Etherscan-compatible API for EVM chains (default the public Etherscan v2 API)")
	str(&c.EtherscanAPIKey, "etherscan-api-key", "TAXD_ETHERSCAN_API_KEY", "", "Etherscan API key")
	fs.Float64Var(&c.EtherscanRPS, "etherscan-rps", envFloat("TAXD_ETHERSCAN_RPS", 0), "requests per second the Etherscan key allows (0: 3, the free tier; negative: unlimited) ($TAXD_ETHERSCAN_RPS)")
	str(&c.etherscanChainURLs, "etherscan-chain-urls", "TAXD_ETHERSCAN_CHAIN_URLS", "", "comma-separated chain=URL pairs: an Etherscan-compatible API (e.g. Blockscout's /api) for one EVM chain instead of --etherscan-url")
	str(&c.EsploraURL, "esplora-url", "TAXD_ESPLORA_URL", "", "Esplora-compatible API for Bitcoin (default blockstream.info)")
	str(&c.SolanaRPCURL, "solana-rpc-url", "TAXD_SOLANA_RPC_URL", "", "Solana JSON-RPC endpoint (default mainnet-beta)")
	str(&c.CoinGeckoURL, "coingecko-url", "TAXD_COINGECKO_URL", "", "CoinGecko-compatible price API (default the public API)")
	str(&c.CoinGeckoAPIKey, "coingecko-api-key", "TAXD_COINGECKO_API_KEY", "", "CoinGecko API key")
	fs.Float64Var(&c.CoinGeckoRPS, "coingecko-rps", envFloat("TAXD_COINGECKO_RPS", 0), "requests per second the price API allows (0: 0.5, the demo plan's 30 a minute; negative: unlimited) ($TAXD_COINGECKO_RPS)")
	str(&c.OTLPEndpoint, "otlp-endpoint", "TAXD_OTLP_ENDPOINT", os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT"),
		"OTLP/HTTP collector base URL (e.g. http://127.0.0.1:4318): traces every HTTP request; empty: no tracing (default $OTEL_EXPORTER_OTLP_ENDPOINT)")
	str(&c.CredentialsKey, "credentials-key", "TAXD_CREDENTIALS_KEY", "", "base64 of 32 random bytes: the AES-256-GCM key of stored exchange API credentials; required in production")
	str(&c.CoinbaseURL, "coinbase-url", "TAXD_COINBASE_URL", "", "Coinbase API base URL for exchange accounts (default https://api.coinbase.com)")
	str(&c.KrakenURL, "kraken-url", "TAXD_KRAKEN_URL", "", "Kraken API base URL for exchange accounts (default https://api.kraken.com)")
	fs.BoolVar(&c.Offline, "offline", os.Getenv("TAXD_OFFLINE") == "true", "do not fetch historical prices ($TAXD_OFFLINE=true)")
	if role != RoleServe {
		return
	}
	// The APIs' own settings.
	str(&c.AccessTokenKeyID, "access-token-key-id", "TAXD_ACCESS_TOKEN_KEY_ID", "k1", "key id (JWT kid) of the access-token signing key")
	str(&c.AccessTokenSecret, "access-token-secret", "TAXD_ACCESS_TOKEN_SECRET", "", "HMAC secret (32+ bytes) for portal access tokens; required in production")
	str(&c.PreviousTokenKeys, "previous-access-token-keys", "TAXD_PREVIOUS_ACCESS_TOKEN_KEYS", "", "retired signing keys still accepted, as kid:secret,kid:secret")
	fs.Int64Var(&c.UploadMaxBytes, "upload-max-bytes", int64(envInt("TAXD_UPLOAD_MAX_BYTES", 25<<20)), "size limit in `bytes` of one file PUT to a signed upload URL (POST /users/{referenceId}/uploads, createUploadUrl); larger files get 413 ($TAXD_UPLOAD_MAX_BYTES)")
	fs.IntVar(&c.EmailDailyLimit, "email-daily-limit", envInt("TAXD_EMAIL_DAILY_LIMIT", 5), "e-mails per partner and recipient per UTC day for /links/email ($TAXD_EMAIL_DAILY_LIMIT)")
	str(&c.OIDCIssuer, "oidc-issuer", "TAXD_OIDC_ISSUER", "", "issuer URL of the identity provider whose ID tokens sign users in on /graphql (development default: the local issuer of taxd dev-token)")
	str(&c.OIDCAudience, "oidc-audience", "TAXD_OIDC_AUDIENCE", "", "audience (client id) the ID tokens must carry; required with --oidc-issuer")
	str(&c.OIDCJWKSURL, "oidc-jwks-url", "TAXD_OIDC_JWKS_URL", "", "URL of the identity provider's signing keys (JWKS); default: OpenID discovery from the issuer")
	str(&c.TrustedProxies, "trusted-proxies", "TAXD_TRUSTED_PROXIES", "", "comma-separated addresses or CIDR prefixes of the proxies in front of taxd: the failed-login throttle takes a request from one of them as coming from the client address in X-Forwarded-For; empty: the TCP peer is the client")
	str(&c.corsOrigins, "cors-origins", "TAXD_CORS_ORIGINS", "", "comma-separated browser origins (https://app.example) allowed to call /graphql (CORS); empty: none")
}

// ListeningAt gives the URLs that default to the listen address the address actually bound (with
// a port of 0 the kernel picks one), so links and signed upload URLs name a port that answers.
func (c *Config) ListeningAt(base string) {
	if c.PublicURL != "http://"+c.Listen {
		return // set explicitly
	}
	if c.PortalURL == strings.TrimRight(c.PublicURL, "/")+"/portal" {
		c.PortalURL = base + "/portal"
	}
	c.PublicURL = base
}

// Finish fills derived defaults and checks the settings.
func (c *Config) Finish() error {
	if c.Env != "development" && c.Env != "production" {
		return fmt.Errorf("config: env must be development or production, not %q", c.Env)
	}
	if c.role == RoleMigrate {
		return nil
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Listen
	}
	if c.PortalURL == "" {
		c.PortalURL = strings.TrimRight(c.PublicURL, "/") + "/portal"
	}
	if c.MailDir == "" {
		c.MailDir = c.DataDir + "/mail"
	}
	// Only API nodes issue and check access tokens; a worker holds no token secret.
	tokens := c.role == RoleServe
	if (tokens && c.AccessTokenSecret == "") || c.ReportSigningSecret == "" {
		if !c.Development() {
			return errors.New("config: TAXD_ACCESS_TOKEN_SECRET and TAXD_REPORT_SIGNING_SECRET are required in production")
		}
		// Development only: fixed, publicly known secrets so that tokens survive restarts.
		if tokens && c.AccessTokenSecret == "" {
			c.AccessTokenSecret = DevelopmentAccessTokenSecret
		}
		if c.ReportSigningSecret == "" {
			c.ReportSigningSecret = DevelopmentReportSigningSecret
		}
	}
	if c.CredentialsKey == "" {
		if !c.Development() {
			return errors.New("config: TAXD_CREDENTIALS_KEY is required in production")
		}
		c.CredentialsKey = DevelopmentCredentialsKey
	}
	if tokens && len(c.AccessTokenSecret) < MinSecretBytes {
		return errors.New("config: the access-token secret must be at least 32 bytes")
	}
	if !c.Development() {
		if err := c.checkProductionSecrets(); err != nil {
			return err
		}
	}
	c.TrustedProxyPrefixes = nil
	for _, v := range strings.Split(c.TrustedProxies, ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		p, err := netip.ParsePrefix(v)
		if err != nil {
			a, aerr := netip.ParseAddr(v)
			if aerr != nil {
				return fmt.Errorf("config: TAXD_TRUSTED_PROXIES: %q is not an address or a CIDR prefix", v)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		c.TrustedProxyPrefixes = append(c.TrustedProxyPrefixes, p.Masked())
	}
	if c.Workers < 0 {
		return errors.New("config: workers must be 0 or more")
	}
	// Per-queue defaults follow --workers; recalculations and reports hold a whole ledger in
	// memory and e-mail is light, so those default to at most 2.
	for _, q := range []struct {
		n   *int
		max int
	}{{&c.WorkersSync, c.Workers}, {&c.WorkersRecalc, 2}, {&c.WorkersReport, 2}, {&c.WorkersMail, 2}, {&c.WorkersImport, 2}} {
		if *q.n < 0 {
			*q.n = min(c.Workers, q.max)
		}
	}
	if c.Development() {
		c.WebhookAllowPrivate = true // receivers on localhost while developing
	}
	if tokens && c.EmailDailyLimit < 1 {
		return errors.New("config: email-daily-limit must be at least 1")
	}
	if c.etherscanChainURLs != "" {
		var err error
		if c.EtherscanChainURLs, err = parseChainURLs(c.etherscanChainURLs); err != nil {
			return err
		}
	}
	if c.corsOrigins != "" {
		var err error
		if c.CORSOrigins, err = parseOrigins(c.corsOrigins); err != nil {
			return err
		}
	}
	if (c.OIDCIssuer == "") != (c.OIDCAudience == "") || (c.OIDCJWKSURL != "" && c.OIDCIssuer == "") {
		return errors.New("config: TAXD_OIDC_ISSUER and TAXD_OIDC_AUDIENCE go together (and TAXD_OIDC_JWKS_URL needs them)")
	}
	return nil
}

// parseOrigins reads a comma-separated list of origins (scheme://host[:port], no path), or "*".
func parseOrigins(v string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		u, err := url.Parse(s)
		if s != "*" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "") {
			return nil, fmt.Errorf("config: cors-origins: %q is not an origin such as https://app.example", s)
		}
		out = append(out, strings.TrimSuffix(s, "/"))
	}
	return out, nil
}

// checkProductionSecrets refuses, in production, secrets that are published (publishedSecrets) or
// shorter than MinSecretBytes: with them tokens, signed downloads and upload URLs could be forged.
func (c *Config) checkProductionSecrets() error {
	secrets := []struct{ name, value string }{
		{"TAXD_REPORT_SIGNING_SECRET (--report-signing-secret)", c.ReportSigningSecret},
	}
	if c.role == RoleServe {
		secrets = append(secrets, struct{ name, value string }{"TAXD_ACCESS_TOKEN_SECRET (--access-token-secret)", c.AccessTokenSecret})
	}
	for _, kv := range strings.Split(c.PreviousTokenKeys, ",") {
		if kid, secret, ok := strings.Cut(strings.TrimSpace(kv), ":"); ok {
			secrets = append(secrets, struct{ name, value string }{"TAXD_PREVIOUS_ACCESS_TOKEN_KEYS (key " + kid + ")", secret})
		}
	}
	for _, s := range secrets {
		switch {
		case publishedSecrets[s.value]:
			return fmt.Errorf("config: %s is a published development secret; production needs a random secret of its own (for example `openssl rand -base64 48`)", s.name)
		case len(s.value) < MinSecretBytes:
			return fmt.Errorf("config: %s is %d bytes; production needs at least %d (for example `openssl rand -base64 48`)", s.name, len(s.value), MinSecretBytes)
		}
	}
	key, err := base64.StdEncoding.DecodeString(c.CredentialsKey)
	switch {
	case publishedSecrets[c.CredentialsKey] || publishedSecrets[string(key)]:
		return errors.New("config: TAXD_CREDENTIALS_KEY (--credentials-key) is the published development key; production needs a random key of its own (`openssl rand -base64 32`)")
	case err != nil || len(key) != MinSecretBytes:
		return errors.New("config: TAXD_CREDENTIALS_KEY (--credentials-key) must be base64 of 32 random bytes (`openssl rand -base64 32`)")
	}
	return nil
}

// queueWorkers is a per-queue worker count whose default (-1) follows --workers; it prints no
// default of its own in --help.
type queueWorkers struct{ n *int }

func (q queueWorkers) String() string {
	if q.n == nil || *q.n < 0 {
		return ""
	}
	return strconv.Itoa(*q.n)
}

func (q queueWorkers) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("must be a number of workers, 0 or more")
	}
	*q.n = n
	return nil
}

func envOr(k, def string) string {
	if v, ok := os.LookupEnv(k); ok {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

// parseChainURLs reads "chain=url,chain=url".
func parseChainURLs(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		chain, raw, ok := strings.Cut(strings.TrimSpace(part), "=")
		u, err := url.Parse(raw)
		if !ok || chain == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("config: etherscan-chain-urls: %q is not chain=http(s)://host/path", part)
		}
		if _, dup := out[chain]; dup {
			return nil, fmt.Errorf("config: etherscan-chain-urls: %s given twice", chain)
		}
		out[chain] = raw
	}
	return out, nil
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return v
	}
	return def
}
