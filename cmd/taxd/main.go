// Command taxd is the crypto tax service: the API server, migrations, operator tools and the
// offline tax calculator.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/config"
	"taxd/internal/logctx"
	"taxd/internal/partner"
	"taxd/internal/server"
	"taxd/internal/store"
)

const usage = `taxd: crypto tax service

Usage:
  taxd serve [flags]                 run the REST (/api) and GraphQL (/graphql) server and the job workers
                                     (--workers 0: an API-only node)
  taxd worker [flags]                run the job queues; HTTP on --listen only for /healthz, /readyz and
                                     /metrics (same flags as serve)
  taxd migrate up|down|status        apply, roll back (one step) or list database migrations
  taxd partner create --name NAME    create a partner and print its credentials (shown once)
  taxd compute --input FILE ...      offline tax calculator (taxd compute --help)
  taxd import FILE --client ID       import a CSV export (generic, coinbase, kraken) into a client's ledger
  taxd reclassify --client ID|--all [--queue]  run the classification rules again over stored chain data
                                     (edits kept), here or as a job per client
  taxd dev-token --subject S [--client ID]  print an ID token of the local development issuer (development only)
  taxd bench recalc [--transactions N]  time a full recalculation of a generated ledger
  taxd bench import [--rows N]       time a CSV import, re-import and recalculation of a generated file
  taxd bench ledger --output FILE    write a generated ledger file for taxd compute
  taxd version                       print the version

Every command takes the database flags; run "taxd serve --help" for all settings and their
environment variables. With no DATABASE_URL, taxd runs a local Postgres under --data-dir.
`

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "taxd:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command")
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		cfg, err := parseConfig("serve", config.RoleServe, rest, stderr)
		if err != nil {
			return err
		}
		return server.Serve(ctx, cfg, stdout)
	case "worker":
		cfg, err := parseConfig("worker", config.RoleWorker, rest, stderr)
		if err != nil {
			return err
		}
		return server.Work(ctx, cfg, stdout)
	case "migrate":
		return migrate(ctx, rest, stdout, stderr)
	case "partner":
		return partnerCmd(ctx, rest, stdout, stderr)
	case "compute":
		return compute(rest, stdin, stdout, stderr)
	case "bench":
		if len(rest) > 0 && rest[0] == "import" {
			return benchImport(ctx, rest[1:], stdout, stderr)
		}
		return benchCmd(ctx, rest, stdout, stderr)
	case "import":
		return importFile(ctx, rest, stdout, stderr)
	case "reclassify":
		return reclassify(ctx, rest, stdout, stderr)
	case "dev-token":
		return devToken(ctx, rest, stdout, stderr)
	case "version", "--version":
		fmt.Fprintln(stdout, "taxd", version())
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// parseConfig reads the settings of a command whose process has role: its flags (and their
// environment variables) only, so that --help lists what the command uses.
func parseConfig(name string, role config.Role, args []string, stderr io.Writer, extra ...func(*flag.FlagSet)) (*config.Config, error) {
	fs := flag.NewFlagSet("taxd "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &config.Config{}
	cfg.RegisterFor(fs, role)
	for _, f := range extra {
		f(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if err := cfg.Finish(); err != nil {
		return nil, err
	}
	return cfg, nil
}

const migrateUsage = "usage: taxd migrate up|down|status [--database-url URL] [--data-dir DIR] [--env ENV]"

func migrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New(migrateUsage)
	}
	switch args[0] {
	case "up", "down", "status":
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, migrateUsage)
		fs := flag.NewFlagSet("taxd migrate", flag.ContinueOnError)
		fs.SetOutput(stdout)
		(&config.Config{}).RegisterFor(fs, config.RoleMigrate)
		fs.PrintDefaults()
		return nil
	default:
		return fmt.Errorf("unknown migrate command %q (up, down or status)", args[0])
	}
	cfg, err := parseConfig("migrate "+args[0], config.RoleMigrate, args[1:], stderr)
	if err != nil {
		return err
	}
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	switch args[0] {
	case "up":
		return store.MigrateUp(ctx, pool, stdout)
	case "down":
		return store.MigrateDown(ctx, pool, stdout)
	case "status":
		return store.MigrateStatus(ctx, pool, stdout)
	}
	return fmt.Errorf("unknown migrate command %q (up, down or status)", args[0])
}

func partnerCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: taxd partner create --name NAME [--portal-url URL] [flags]")
	}
	var name, logo, color, support, origins string
	cfg, err := parseConfig("partner create", config.RoleServe, args[1:], stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&name, "name", "", "partner name (required)")
		fs.StringVar(&logo, "logo-url", "", "logo URL shown in the portal")
		fs.StringVar(&color, "primary-color", "", "brand colour, e.g. #0F62FE")
		fs.StringVar(&support, "support-email", "", "support address shown to users")
		fs.StringVar(&origins, "portal-origins", "", "comma-separated origins (https://app.example) that may embed the portal in an iframe")
	})
	if err != nil {
		return err
	}
	pool, closeDB, err := openMigratedDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{
		Name: name, LogoURL: optional(logo), PrimaryColor: optional(color), SupportEmail: optional(support), PortalURL: cfg.PortalURL,
		PortalOrigins: splitList(origins),
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "partner %s (%s) created. These credentials are shown once; only their hashes are stored.\n", p.Name, p.ID)
	fmt.Fprintf(stdout, "x-client-id:  %s\nx-api-secret: %s\nx-api-key:    %s\n", creds.ClientID, creds.APISecret, creds.APIKey)
	return nil
}

// openDB connects to the configured database, or to the local cluster under --data-dir (started
// if needed); the returned function closes the pool and stops a cluster it started.
func openDB(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, func(), error) {
	url, stop, err := server.Database(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, nil, err
	}
	pool, err := store.Open(ctx, url)
	if err != nil {
		stop()
		return nil, nil, err
	}
	return pool, func() { pool.Close(); stop() }, nil
}

// openMigratedDB is openDB with the schema brought up to date (quietly).
func openMigratedDB(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, func(), error) {
	pool, closeDB, err := openDB(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	if err := store.MigrateUp(ctx, pool, io.Discard); err != nil {
		closeDB()
		return nil, nil, err
	}
	return pool, closeDB, nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// buildVersion is set by the build (make build: -ldflags "-X main.buildVersion=$(git describe)").
var buildVersion string

// version names the build: the version the build stamped, and the commit, its time and whether
// the tree had changes, which go build records from git (debug.BuildInfo) when it builds in a
// checkout. A build with neither (go run, or outside git) says so.
func version() string {
	var rev, at string
	modified := false
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	v := buildVersion
	if v == "" {
		v = "devel"
	}
	if rev == "" {
		if buildVersion == "" {
			return v + " (no version stamped: build with make build)"
		}
		return v
	}
	detail := "commit " + rev[:min(12, len(rev))]
	if at != "" {
		detail += ", " + at
	}
	if modified {
		detail += ", with uncommitted changes"
	}
	return v + " (" + detail + ")"
}

func init() {
	slog.SetDefault(slog.New(logctx.Handler{Handler: slog.NewJSONHandler(os.Stderr, nil)}))
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
