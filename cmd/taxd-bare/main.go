// Command taxd-bare is the yardstick of `make bench`'s REST comparison: GET
// /api/users/{referenceId}/user served by net/http and pgx alone, with the two queries taxd needs
// for it (the credential by its public id, its secret compared by SHA-256, then the user with its
// partner's branding) on the same database and with the same pool size, and no middleware.
package main

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/store"
)

type branding struct {
	Name         string  `json:"name"`
	LogoURL      *string `json:"logoUrl,omitempty"`
	PrimaryColor *string `json:"primaryColor,omitempty"`
	SupportEmail *string `json:"supportEmail,omitempty"`
	PortalURL    *string `json:"portalUrl,omitempty"`
}

type user struct {
	ReferenceID string    `json:"referenceId"`
	Email       *string   `json:"email,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
	Partner     branding  `json:"partner"`
}

func main() {
	listen := flag.String("listen", "127.0.0.1:18301", "HTTP listen address")
	dbURL := flag.String("database-url", "", "Postgres URL")
	flag.Parse()
	cfg, err := pgxpool.ParseConfig(*dbURL)
	if err != nil {
		log.Fatal(err)
	}
	store.SizePool(cfg, *dbURL)
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("GET /api/users/{ref}/user", func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		var partnerID [16]byte
		var hash []byte
		err := pool.QueryRow(ctx, `SELECT partner_id, secret_hash FROM partner_credentials
			WHERE kind = 'secret' AND public_id = $1 AND revoked_at IS NULL`, r.Header.Get("x-client-id")).Scan(&partnerID, &hash)
		sum := sha256.Sum256([]byte(r.Header.Get("x-api-secret")))
		if err != nil || subtle.ConstantTimeCompare(sum[:], hash) != 1 {
			http.Error(w, `{"message":"invalid partner credentials"}`, http.StatusUnauthorized)
			return
		}
		var u user
		err = pool.QueryRow(ctx, `SELECT c.reference_id, c.email, c.created_at, p.name, p.logo_url, p.primary_color,
				p.support_email, p.portal_url
			FROM clients c JOIN partners p ON p.id = c.partner_id
			WHERE c.partner_id = $1 AND c.reference_id = $2`, partnerID, r.PathValue("ref")).Scan(
			&u.ReferenceID, &u.Email, &u.CreatedAt, &u.Partner.Name, &u.Partner.LogoURL, &u.Partner.PrimaryColor,
			&u.Partner.SupportEmail, &u.Partner.PortalURL)
		if err != nil {
			http.Error(w, `{"message":"user not found"}`, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"type": "success", "message": "User retrieved", "data": u})
	})
	log.Fatal(http.ListenAndServe(*listen, nil))
}
