package partner

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/store"
)

// DiscountCode is a user's discount code for one tax year. It has the fields of its row.
type DiscountCode struct {
	ID         uuid.UUID
	ClientID   uuid.UUID
	Year       int32
	Code       string
	PercentOff int32
	CreatedAt  time.Time
	ExpiresAt  *time.Time
}

// DiscountCode returns the user's code for year, creating it when there is none (created says
// which). Only the client id + secret pair may call it.
func (s *Service) DiscountCode(ctx context.Context, p *auth.Partner, referenceID string, year *int) (DiscountCode, bool, error) {
	if p.Method != auth.MethodSecretPair {
		return DiscountCode{}, false, apperr.New(apperr.Forbidden, "discount codes need secret-key authentication (x-client-id and x-api-secret)")
	}
	y := s.now().UTC().Year()
	if year != nil {
		y = *year
	}
	if y < 2009 || y > 2100 {
		return DiscountCode{}, false, apperr.InvalidField("year", "must be between 2009 and 2100")
	}
	var out db.DiscountCode
	var created bool
	err := store.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		c, err := userFor(ctx, q, p, referenceID)
		if err != nil {
			return err
		}
		out, err = q.GetDiscountCode(ctx, db.GetDiscountCodeParams{ClientID: c.ID, Year: int32(y)})
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		partner, err := q.GetPartner(ctx, p.PartnerID)
		if err != nil {
			return err
		}
		out, err = q.InsertDiscountCode(ctx, db.InsertDiscountCodeParams{
			ID: uuid.Must(uuid.NewV7()), ClientID: c.ID, Year: int32(y), Code: newCode(partner.Name, y), PercentOff: partner.DiscountPercent,
		})
		if errors.Is(err, pgx.ErrNoRows) { // a concurrent request created it
			out, err = q.GetDiscountCode(ctx, db.GetDiscountCodeParams{ClientID: c.ID, Year: int32(y)})
			return store.Err(err, "discount code")
		}
		created = err == nil
		return store.Err(err, "discount code")
	})
	return DiscountCode(out), created, err
}

// newCode is PREFIX-YEAR-XXXXXXXX with an unambiguous alphabet (no 0/O, 1/I).
func newCode(partnerName string, year int) string {
	const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	if first, _, ok := strings.Cut(strings.TrimSpace(partnerName), " "); ok {
		partnerName = first
	}
	prefix := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 32
		}
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			return r
		}
		return -1
	}, partnerName)
	if len(prefix) > 6 {
		prefix = prefix[:6]
	}
	if prefix == "" {
		prefix = "TAXD"
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return fmt.Sprintf("%s-%d-%s", prefix, year, b)
}
