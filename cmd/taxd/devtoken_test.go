package main

import (
	"bytes"
	"context"
	"crypto"
	"io"
	"strings"
	"testing"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// taxd dev-token registers the user (and its membership) and prints a token that the development
// server's verifier accepts; run twice, it reuses the user.
func TestDevToken(t *testing.T) {
	url, dataDir := pgtest.URL(t), t.TempDir()
	pool := pgtest.PoolFor(t, url)
	ctx := context.Background()
	client := uuid.New()
	if _, err := pool.Exec(ctx, `INSERT INTO clients (id, name) VALUES ($1, 'Dev Client')`, client); err != nil {
		t.Fatal(err)
	}
	key, err := auth.DevSigningKey(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	v, err := auth.NewIDTokenVerifier(auth.OIDCConfig{Issuer: auth.DevIssuer, Audience: auth.DevAudience, Keys: []crypto.PublicKey{key.Public()}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		var out bytes.Buffer
		if err := run([]string{"dev-token", "--database-url", url, "--data-dir", dataDir, "--subject", "dev-ann", "--client", client.String()}, nil, &out, io.Discard); err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
		if sub, err := v.Verify(ctx, strings.TrimSpace(out.String())); err != nil || sub != "dev-ann" {
			t.Fatalf("run %d: token %q: %q, %v", i+1, out.String(), sub, err)
		}
	}
	var users, members int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM users WHERE idp_subject = 'dev-ann'),
		(SELECT count(*) FROM client_members m JOIN users u ON u.id = m.user_id WHERE u.idp_subject = 'dev-ann' AND m.client_id = $1)`, client).Scan(&users, &members); err != nil {
		t.Fatal(err)
	}
	if users != 1 || members != 1 {
		t.Errorf("%d users and %d memberships, want 1 and 1", users, members)
	}
	if err := run([]string{"dev-token", "--database-url", url, "--data-dir", dataDir, "--env", "production",
		"--access-token-secret", strings.Repeat("s", 32), "--report-signing-secret", "r"}, nil, io.Discard, io.Discard); err == nil {
		t.Error("dev-token works in production")
	}
}
