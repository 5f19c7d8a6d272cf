package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/config"
	"taxd/internal/demo"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/recalc"
)

// demoFile keeps the demo partner's credentials in development so every `make run` can print a
// working curl; only their hashes are in the database.
const demoFile = "demo-credentials.json"

type demoCredentials struct {
	auth.PartnerCredentials
	ReferenceID  string `json:"referenceId"`
	ClientAPIKey string `json:"clientApiKey"` // GraphQL key of the demo user's client
	ClientUUID   string `json:"clientUuid"`   // the demo user's client id (GraphQL clientId)
}

// SeedDemo creates, once, a demo partner with one embedded user whose ledger is the sample ledger
// of internal/demo (development only), and prints its credentials, ready-to-paste curl commands
// and a portal address signed in as the demo user.
func SeedDemo(ctx context.Context, pool *pgxpool.Pool, jc *jobs.Client, cfg *config.Config, baseURL string, out io.Writer) error {
	path := filepath.Join(cfg.DataDir, demoFile)
	var demo demoCredentials
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &demo); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	case errors.Is(err, os.ErrNotExist):
		n, err := db.New(pool).CountPartners(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(out, "Partners exist but %s is missing: create credentials with `taxd partner create --name NAME`.\n", path)
			return nil
		}
		support, color := "support@demo.example", "#5B3CC4"
		p, creds, err := partner.CreatePartner(ctx, pool, partner.NewPartner{Name: "Demo Partner", SupportEmail: &support, PrimaryColor: &color, PortalURL: cfg.PortalURL})
		if err != nil {
			return err
		}
		demo = demoCredentials{PartnerCredentials: creds, ReferenceID: "demo-user"}
		email := "demo@example.com"
		user, err := partner.NewService(partner.Deps{Pool: pool}).CreateUser(ctx, p.ID, partner.NewUser{ReferenceID: demo.ReferenceID, Email: &email})
		if err != nil {
			return err
		}
		demo.ClientUUID = user.ClientID.String()
		expires := time.Now().Add(clients.MaxKeyLifetime - time.Hour)
		if _, demo.ClientAPIKey, err = clients.CreateKey(ctx, db.New(pool), clients.NewKey{
			ClientID: user.ClientID, Name: "demo (development)", ReadWrite: true, ExpiresAt: &expires,
		}, time.Now()); err != nil {
			return err
		}
		b, _ := json.MarshalIndent(demo, "", "  ")
		if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			return err
		}
	default:
		return err
	}
	portal, err := seedDemoLedger(ctx, pool, jc, cfg, demo, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, `
Demo partner (development only; credentials kept in %s):
  x-client-id:  %s
  x-api-secret: %s
  x-api-key:    %s

Try it:
  curl -s -X POST %s/api/access-tokens \
    -H 'content-type: application/json' \
    -H 'x-client-id: %s' -H 'x-api-secret: %s' \
    -d '{"referenceId":"%s","email":"demo@example.com"}'

  curl -s -X POST %s/graphql -H 'content-type: application/json' \
    -H 'x-api-key: %s' \
    -d '{"query":"{ countDirty(clientId: \"%s\") }"}'

  # a web-application user (ID token of the local development issuer):
  curl -s -X POST %s/graphql -H 'content-type: application/json' \
    -H "Authorization: Bearer $(%s dev-token --data-dir %s --subject demo-web --client %s)" \
    -d '{"query":"{ getMyClients { id name } }"}'

The demo user's tax portal (signed in for one hour; every start prints a new address):
  %s

`, path, demo.ClientID, demo.APISecret, demo.APIKey, baseURL, demo.ClientID, demo.APISecret, demo.ReferenceID, baseURL, demo.ClientAPIKey, demo.ClientUUID,
		baseURL, selfCommand(), shellQuote(cfg.DataDir), demo.ClientUUID, portal)
	return nil
}

// selfCommand is how to run this binary from the current directory (bin/taxd after make build),
// so that the printed snippets start in milliseconds instead of compiling with go run.
func selfCommand() string {
	exe, err := os.Executable()
	if err != nil {
		return "taxd"
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, exe); err == nil && !strings.HasPrefix(rel, "..") {
			exe = "./" + rel
		}
	}
	return shellQuote(exe)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// seedDemoLedger gives the demo user the sample ledger once (it starts a recalculation) and
// returns a portal address signed in as the demo user.
func seedDemoLedger(ctx context.Context, pool *pgxpool.Pool, jc *jobs.Client, cfg *config.Config, d demoCredentials, out io.Writer) (string, error) {
	clientID, err := uuid.Parse(d.ClientUUID)
	if err != nil {
		return "", fmt.Errorf("demo client id %q: %w", d.ClientUUID, err)
	}
	c, err := db.New(pool).GetClient(ctx, clientID)
	if err != nil {
		return "", fmt.Errorf("demo client: %w", err)
	}
	if c.PartnerID == nil {
		return "", errors.New("demo client has no partner")
	}
	p := &auth.Partner{PartnerID: *c.PartnerID, Method: auth.MethodSecretPair}
	scope, err := auth.PartnerUserScope(p, clientID, c.PartnerID)
	if err != nil {
		return "", err
	}
	seeded, err := demo.Seed(ctx, demo.Services{Pool: pool, Ledger: ledger.New(pool), Recalc: recalc.NewService(pool, jc)}, scope)
	if err != nil {
		return "", fmt.Errorf("demo ledger: %w", err)
	}
	if seeded {
		fmt.Fprintln(out, "The demo user has the sample ledger (three accounts, 2023-2025); its taxes are being calculated.")
	}
	tokens, err := tokensFrom(cfg)
	if err != nil {
		return "", err
	}
	email := "demo@example.com"
	tok, err := partner.NewService(partner.Deps{Pool: pool, Tokens: tokens}).IssueAccessToken(ctx, p, d.ReferenceID, nil, &email)
	if err != nil {
		return "", err
	}
	return tok.PortalURL, nil
}
