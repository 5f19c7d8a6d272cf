package store_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
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

// Ids travel as Postgres' 16-byte binary uuid both ways: uuid.UUID parameters are encoded and
// uuid columns scanned in the binary format, not through uuid.UUID's driver.Valuer and sql.Scanner
// (text); NULL stays NULL through *uuid.UUID, arrays of ids work, and NULL read into a uuid.UUID
// leaves it as it was, as its sql.Scanner does.
func TestUUIDsTravelInBinary(t *testing.T) {
	t.Parallel()
	id := uuid.MustParse("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
	m := pgtype.NewMap()
	store.RegisterUUID(m)
	for _, v := range []any{id, &id} {
		buf, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, v, nil)
		if err != nil || !bytes.Equal(buf, id[:]) {
			t.Fatalf("binary encoding of %T: %x, %v; want %x", v, buf, err, id[:])
		}
	}
	if buf, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, (*uuid.UUID)(nil), nil); err != nil || buf != nil {
		t.Fatalf("nil *uuid.UUID: %x, %v; want NULL", buf, err)
	}

	pool := pgtest.Pool(t)
	ctx := context.Background()
	var got0 uuid.UUID
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	tm := conn.Conn().TypeMap() // store.Open's connections
	for _, v := range []any{&id, id} {
		if plan := fmt.Sprintf("%T", tm.PlanEncode(pgtype.UUIDOID, pgtype.BinaryFormatCode, v)); strings.Contains(plan, "DriverValuer") {
			t.Errorf("%T is encoded by %s", v, plan)
		}
	}
	if plan := fmt.Sprintf("%T", tm.PlanScan(pgtype.UUIDOID, pgtype.BinaryFormatCode, &got0)); strings.Contains(plan, "SQLScanner") {
		t.Errorf("uuid.UUID is scanned by %s", plan)
	}
	var (
		got     uuid.UUID
		gotPtr  *uuid.UUID
		gotNull *uuid.UUID
		gotText string
		gotList []uuid.UUID
	)
	other := uuid.MustParse("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c")
	err = conn.QueryRow(ctx, `SELECT $1::uuid, $2::uuid, $3::uuid, $1::uuid::text, $4::uuid[]`,
		id, &other, (*uuid.UUID)(nil), []uuid.UUID{id, other}).Scan(&got, &gotPtr, &gotNull, &gotText, &gotList)
	if err != nil {
		t.Fatal(err)
	}
	if got != id || gotPtr == nil || *gotPtr != other || gotNull != nil || gotText != id.String() ||
		len(gotList) != 2 || gotList[0] != id || gotList[1] != other {
		t.Fatalf("round trip: %s %v %v %s %v", got, gotPtr, gotNull, gotText, gotList)
	}
	if err := conn.QueryRow(ctx, `SELECT NULL::uuid`).Scan(&got); err != nil || got != id {
		t.Fatalf("NULL into a uuid.UUID holding %s: %s, %v; want it unchanged", id, got, err)
	}
}
