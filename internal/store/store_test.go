package store_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/pgtest"
	"taxd/internal/store"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestDecimalRoundTripAndErrorMapping(t *testing.T) {
	t.Parallel()
	pool := pgtest.Pool(t)
	ctx := context.Background()

	// numeric keeps every digit of a wei-scale quantity.
	want := decimal.RequireFromString("123456789012345678.123456789012345678")
	var got decimal.Decimal
	if err := pool.QueryRow(ctx, `SELECT $1::numeric`, want).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) || got.String() != want.String() {
		t.Fatalf("numeric round trip: got %s want %s", got, want)
	}

	q := db.New(pool)
	p, err := q.CreatePartner(ctx, db.CreatePartnerParams{ID: uuid.New(), Name: "Acme", PortalUrl: "https://p.example"})
	if err != nil {
		t.Fatal(err)
	}
	ref := "user-1"
	args := db.CreateClientParams{ID: uuid.New(), PartnerID: &p.ID, ReferenceID: &ref}
	if _, err := q.CreateClient(ctx, args); err != nil {
		t.Fatal(err)
	}
	args.ID = uuid.New()
	_, err = q.CreateClient(ctx, args)
	if k := apperr.KindOf(store.Err(err, "user")); k != apperr.Conflict {
		t.Fatalf("duplicate reference: kind %v, err %v", k, err)
	}
	_, err = q.GetClient(ctx, uuid.New())
	if k := apperr.KindOf(store.Err(err, "client")); k != apperr.NotFound {
		t.Fatalf("missing client: kind %v", k)
	}
}

func TestEachTestHasItsOwnDatabase(t *testing.T) {
	t.Parallel()
	a, b := pgtest.Pool(t), pgtest.Pool(t)
	ctx := context.Background()
	if _, err := db.New(a).CreatePartner(ctx, db.CreatePartnerParams{ID: uuid.New(), Name: "A", PortalUrl: "x"}); err != nil {
		t.Fatal(err)
	}
	n, err := db.New(b).CountPartners(ctx)
	if err != nil || n != 0 {
		t.Fatalf("second database sees %d partners (err %v), want 0", n, err)
	}
}
