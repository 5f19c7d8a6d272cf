package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/shopspring/decimal"

	"taxd/internal/pgtest"
)

// A numeric read into a decimal is the exact value Postgres prints, through the binary plan (no
// text round trip), NULL into a NullDecimal is invalid, and NULL or NaN into a Decimal an error.
func TestDecimalsReadExactlyFromBinary(t *testing.T) {
	pool := pgtest.Pool(t)
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	tm := conn.Conn().TypeMap() // store.Open's connections
	var d decimal.Decimal
	var nd decimal.NullDecimal
	for _, target := range []any{&d, &nd} {
		if plan := fmt.Sprintf("%T", tm.PlanScan(pgtype.NumericOID, pgtype.BinaryFormatCode, target)); strings.Contains(plan, "SQLScanner") {
			t.Errorf("%T is scanned by %s", target, plan)
		}
	}
	for _, text := range []string{"0", "-0.000000000000000001", "39339.075182297073229880", "123456789012345678901234567890.5",
		"-1e-30", "1000000", "0.10", "-7136.383238107375151723", "4686.60", "0.000100"} {
		var got decimal.Decimal
		var printed string
		if err := conn.QueryRow(ctx, `SELECT $1::numeric, $1::numeric::text`, text).Scan(&got, &printed); err != nil {
			t.Fatal(err)
		}
		if want := decimal.RequireFromString(printed); !got.Equal(want) || got.String() != want.String() {
			t.Errorf("%s read as %s, want %s", text, got, want)
		}
		// the scale is the column's too: an undo writes back the very numeric it read (4686.60)
		if scale := len(printed) - strings.IndexByte(printed, '.') - 1; strings.Contains(printed, ".") && got.Exponent() != int32(-scale) {
			t.Errorf("%s read with exponent %d, want %d", printed, got.Exponent(), -scale)
		}
	}
	var sum decimal.Decimal
	if err := conn.QueryRow(ctx, `SELECT sum(x) FROM (VALUES (0.1::numeric), (0.2), (-0.3)) v(x)`).Scan(&sum); err != nil || !sum.IsZero() {
		t.Errorf("sum 0.1 + 0.2 - 0.3 = %s, %v; want 0", sum, err)
	}
	if err := conn.QueryRow(ctx, `SELECT NULL::numeric`).Scan(&nd); err != nil || nd.Valid {
		t.Errorf("NULL into a NullDecimal: %+v, %v; want invalid", nd, err)
	}
	if err := conn.QueryRow(ctx, `SELECT 2.5::numeric`).Scan(&nd); err != nil || !nd.Valid || !nd.Decimal.Equal(decimal.RequireFromString("2.5")) {
		t.Errorf("2.5 into a NullDecimal: %+v, %v", nd, err)
	}
	for _, bad := range []string{`SELECT NULL::numeric`, `SELECT 'NaN'::numeric`} {
		if err := conn.QueryRow(ctx, bad).Scan(&d); err == nil {
			t.Errorf("%s into a decimal.Decimal: %s, no error", bad, d)
		}
	}
}
