package recalc

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/pgtest"
	"taxd/internal/tax"
)

// A numeric read in binary format decodes to what its text form gives tax.ParseDecRound: the
// same value, the same rounded flag, an error for the same inputs.
func TestBinaryNumericDecodesAsText(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	literals := []string{"0", "1", "-1", "0.000000000000000001", "-0.000000000000000001", "0.0000000000000000001", "0.00000000000000000050",
		"14.18", "14.180000", "10000", "9999.9999", "0.0001", "0.01319228", "-1.572263811549263763", "100000000", "1e20", "99999999999999999999.5",
		"170141183460469231731.687303715884105727", "170141183460469231732", "123456789.123456789123456789", "-123456789.12345678912345678951",
		"NaN", "1.00000000000000000000000", "0.5", "1000.0001", "99990000.00009999", "12345678901234567890123456789"}
	var n int
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		// plus random values of every magnitude and scale
		rows, err := tx.Query(ctx, `WITH v AS (
				SELECT unnest($1::text[])::numeric AS x
				UNION ALL SELECT round((random() - 0.5)::numeric * 10::numeric ^ (g % 24), g % 22) FROM generate_series(1, 3000) g)
			SELECT x, x::text FROM v`, pgx.QueryResultFormats{pgx.BinaryFormatCode, pgx.TextFormatCode}, literals)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			raw := rows.RawValues()
			text := string(raw[1])
			got, gotRounded, gotErr := rawDec(raw[0], "v", uuid.Nil)
			want, wantRounded, wantErr := tax.ParseDecRound(text)
			if (gotErr != nil) != (wantErr != nil) || got != want || gotRounded != wantRounded {
				t.Errorf("%s: binary gives %s rounded %v err %v; text gives %s rounded %v err %v", text, got, gotRounded, gotErr, want, wantRounded, wantErr)
			}
			n++
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 3000 {
		t.Fatalf("compared %d values", n)
	}
}
