package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/clients"
	"taxd/internal/config"
)

// devToken prints an ID token of the local development issuer, which a development server trusts
// (and only it): `make run` users sign in on /graphql with Authorization: Bearer <token>. The user
// with that subject is created when missing, and made a member of --client when given.
func devToken(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var subject, email, name, client string
	var staff bool
	var lifetime time.Duration
	cfg, err := parseConfig("dev-token", config.RoleServe, args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&subject, "subject", "dev-user", "the user's identity-provider subject (users.idp_subject)")
		fs.StringVar(&email, "email", "", "e-mail of a user created now")
		fs.StringVar(&name, "name", "", "name of a user created now")
		fs.StringVar(&client, "client", "", "client id (UUID) the user becomes a member of")
		fs.BoolVar(&staff, "staff", false, "make the user staff")
		fs.DurationVar(&lifetime, "lifetime", time.Hour, "token lifetime")
	})
	if err != nil {
		return err
	}
	if !cfg.Development() || cfg.OIDCIssuer != "" {
		return errors.New("dev-token: only for a development server without TAXD_OIDC_ISSUER (it trusts the local issuer then)")
	}
	if subject == "" || lifetime <= 0 || lifetime > 24*time.Hour {
		return errors.New("dev-token: --subject is required and --lifetime must be at most 24h")
	}
	var clientID *uuid.UUID
	if client != "" {
		id, err := uuid.Parse(client)
		if err != nil {
			return fmt.Errorf("dev-token: --client: %w", err)
		}
		clientID = &id
	}
	key, err := auth.DevSigningKey(cfg.DataDir)
	if err != nil {
		return err
	}
	pool, closeDB, err := openMigratedDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB()
	if _, err := clients.EnsureUser(ctx, pool, clients.NewUser{Subject: subject, Email: email, Name: name, Staff: staff, MemberOf: clientID}); err != nil {
		return fmt.Errorf("dev-token: %w", err)
	}
	tok, err := auth.SignIDToken(key, auth.KeyID(key.Public()), auth.DevIssuer, auth.DevAudience, subject, time.Now(), lifetime)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, tok)
	return nil
}
