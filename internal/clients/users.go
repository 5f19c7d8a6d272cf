package clients

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
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
		q := db.New(tx)
		var err error
		if id, err = q.EnsureUserBySubject(ctx, db.EnsureUserBySubjectParams{ID: uuid.Must(uuid.NewV7()), IdpSubject: u.Subject,
			Email: u.Email, Name: u.Name, IsStaff: u.Staff}); err != nil {
			return err
		}
		if u.MemberOf == nil {
			return nil
		}
		if err := q.AddClientMember(ctx, db.AddClientMemberParams{ClientID: *u.MemberOf, UserID: id}); err != nil {
			return fmt.Errorf("membership of client %s: %w", u.MemberOf, store.Err(err, "client"))
		}
		return nil
	})
	return id, err
}
