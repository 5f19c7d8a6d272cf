package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"taxd/internal/apperr"
)

func TestTokensRoundTripRotationAndRejection(t *testing.T) {
	old := SigningKey{ID: "k1", Secret: []byte(strings.Repeat("a", 32))}
	cur := SigningKey{ID: "k2", Secret: []byte(strings.Repeat("b", 32))}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	partner, client := uuid.New(), uuid.New()

	oldTokens, _ := NewTokens(old)
	tokens, err := NewTokens(cur, old)
	if err != nil {
		t.Fatal(err)
	}
	issued, err := tokens.Issue(partner, client, "user-1", now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tokens.Verify(issued.Token, now.Add(59*time.Minute))
	if err != nil || c.Subject != client.String() || c.PartnerID != partner.String() || c.ReferenceID != "user-1" {
		t.Fatalf("verify: %+v %v", c, err)
	}
	if !issued.ExpiresAt.Equal(now.Add(time.Hour)) {
		t.Fatalf("expiresAt %s", issued.ExpiresAt)
	}
	// A token signed with the previous key still verifies after rotation.
	prev, _ := oldTokens.Issue(partner, client, "user-1", now, time.Hour)
	if _, err := tokens.Verify(prev.Token, now); err != nil {
		t.Fatalf("token of the previous key: %v", err)
	}
	// Expired, tampered, unknown key, and an algorithm other than HS256 are all rejected. (The
	// tampered character is inside the signature: the last one carries padding bits a decoder
	// ignores, and replacing the last two with "xx" left about one token in a thousand unchanged.)
	i := len(issued.Token) - 10
	other := "A"
	if issued.Token[i] == 'A' {
		other = "B"
	}
	bad := map[string]string{
		"expired":     issued.Token,
		"tampered":    issued.Token[:i] + other + issued.Token[i+1:],
		"unknown key": mustSign(t, jwt.SigningMethodHS256, "k9", []byte(strings.Repeat("c", 32)), partner, client, now),
		"HS512":       mustSign(t, jwt.SigningMethodHS512, "k2", cur.Secret, partner, client, now),
		"none":        mustSign(t, jwt.SigningMethodNone, "k2", jwt.UnsafeAllowNoneSignatureType, partner, client, now),
	}
	for name, tok := range bad {
		at := now
		if name == "expired" {
			at = now.Add(61 * time.Minute)
		}
		if _, err := tokens.Verify(tok, at); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Errorf("%s token: %v, want unauthenticated", name, err)
		}
	}
}

func mustSign(t *testing.T, m jwt.SigningMethod, kid string, key any, partner, client uuid.UUID, now time.Time) string {
	tok := jwt.NewWithClaims(m, AccessClaims{PartnerID: partner.String(), RegisteredClaims: jwt.RegisteredClaims{
		Issuer: tokenIssuer, Audience: jwt.ClaimStrings{tokenAudience}, Subject: client.String(), ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)),
	}})
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestClientAPIKeys(t *testing.T) {
	key, prefix := NewClientAPIKey()
	if !strings.HasPrefix(key, "svc_") || len(key) != 36 || prefix != key[:12] {
		t.Fatalf("key %q prefix %q", key, prefix)
	}
	if p, ok := ParseClientAPIKey(key); !ok || p != prefix {
		t.Fatalf("parse: %q %v", p, ok)
	}
	for _, bad := range []string{"", "svc_short", "pk_" + key[4:], key[:20]} {
		if _, ok := ParseClientAPIKey(bad); ok {
			t.Errorf("%q parsed as a client key", bad)
		}
	}
	if !Equal(key, Hash(key)) || Equal(key+"x", Hash(key)) {
		t.Fatal("hash comparison is wrong")
	}
}
