package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// FuzzVerifyToken: no text but the issued token verifies; nothing panics. Mutations of a real
// token (the seeds) exercise the header, claims and signature parsers.
func FuzzVerifyToken(f *testing.F) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	tokens, err := NewTokens(SigningKey{ID: "k1", Secret: []byte("fuzz-secret-0123456789-0123456789")})
	if err != nil {
		f.Fatal(err)
	}
	iss, err := tokens.Issue(uuid.MustParse("0190a1b2-0000-7000-8000-0000000ac111"), uuid.MustParse("0190a1b2-0000-7000-8000-0000000c0101"), "user-123", now, time.Hour)
	if err != nil {
		f.Fatal(err)
	}
	parts := strings.Split(iss.Token, ".")
	f.Add(iss.Token)
	f.Add(parts[0] + "." + parts[1] + ".")
	f.Add("eyJhbGciOiJub25lIn0." + parts[1] + ".")
	f.Add(parts[0] + ".e30." + parts[2])
	f.Add("a.b.c")
	f.Add("")
	f.Fuzz(func(t *testing.T, raw string) {
		claims, err := tokens.Verify(raw, now)
		if err == nil && raw != iss.Token && (claims == nil || claims.ReferenceID != "user-123") {
			t.Fatalf("%q verified with claims %+v", raw, claims)
		}
	})
}

// FuzzAPIKeyPrefix: the prefix is a non-empty part of the key without underscores.
func FuzzAPIKeyPrefix(f *testing.F) {
	for _, s := range []string{"pk_acme_secret", "pk__x", "pk_a_", "svc_x", "pk_a_b_c", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		p, ok := APIKeyPrefix(key)
		if ok && (p == "" || strings.Contains(p, "_") || !strings.HasPrefix(key, "pk_"+p+"_")) {
			t.Fatalf("%q gave prefix %q", key, p)
		}
	})
}
