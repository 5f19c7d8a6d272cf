package clients

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/store"
)

// NewUser is a web-application user to register (operator tools: `taxd dev-token`).
type NewUser struct {
	Subject     string // identity-provider subject
	Email, Name string
	Staff       bool
	MemberOf    *uuid.UUID // a client to join, if any
}

// EnsureUser registers the user with this subject unless it exists (staff is only ever added),
// and adds the membership, in one transaction. It returns the user's id.
func EnsureUser(ctx context.Context, pool *pgxpool.Pool, u NewUser) (uuid.UUID, error) {
	var id uuid.UUID
	err := store.InTx(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO users (id, idp_subject, email, name, is_staff) VALUES ($1, $2, nullif($3, ''), $4, $5)
			ON CONFLICT (idp_subject) DO UPDATE SET is_staff = users.is_staff OR EXCLUDED.is_staff RETURNING id`,
			uuid.Must(uuid.NewV7()), u.Subject, u.Email, u.Name, u.Staff).Scan(&id); err != nil {
			return err
		}
		if u.MemberOf == nil {
			return nil
		}
		if _, err := tx.Exec(ctx, `INSERT INTO client_members (client_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, *u.MemberOf, id); err != nil {
			return fmt.Errorf("membership of client %s: %w", u.MemberOf, store.Err(err, "client"))
		}
		return nil
	})
	return id, err
}
