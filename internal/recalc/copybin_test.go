package recalc

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"taxd/internal/pgcopy"
	"taxd/internal/pgtest"
	"taxd/internal/tax"
)

// The binary COPY must store exactly what the text COPY it replaced stored: the same numeric
// value and display scale, the same instant.
func TestBinaryCopyStoresWhatTextStores(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	decs := []tax.Dec{{}}
	for _, s := range []string{"1", "-1", "0.000000000000000001", "-0.000000000000000001", "14.18", "10000", "9999.9999", "0.0001",
		"0.01319228", "-1.572263811549263763", "100000000", "123456789012345678901.5", "-170141183460469231731.687303715884105727",
		"170141183460469231731.687303715884105727", "0.5", "1000.0001", "99990000.00009999"} {
		d, err := tax.ParseDec(s)
		if err != nil {
			t.Fatal(s, err)
		}
		decs = append(decs, d)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		hi := rng.Uint64() >> rng.IntN(64)
		if rng.IntN(2) == 0 {
			hi = 0
		}
		d := tax.DecFromRaw(hi, rng.Uint64()>>rng.IntN(64))
		if rng.IntN(2) == 0 {
			if n, ok := d.Neg(); ok {
				d = n
			}
		}
		decs = append(decs, d)
	}
	times := []tax.Instant{0, tax.InstantOf(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)), tax.InstantOf(time.Date(1969, 12, 31, 23, 59, 59, 999999000, time.UTC)),
		tax.InstantOf(time.Date(2021, 1, 1, 4, 11, 16, 78280000, time.UTC)), tax.InstantOf(time.Date(2099, 6, 30, 12, 0, 0, 1000, time.UTC))}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `CREATE TEMP TABLE viatext (k int PRIMARY KEY, n numeric, t timestamptz, s uuid);
			CREATE TEMP TABLE viabin (k int PRIMARY KEY, n numeric, t timestamptz, s uuid)`); err != nil {
			return err
		}
		var text bytes.Buffer
		for i, d := range decs {
			text.WriteString(strconv.Itoa(i) + "\t" + d.String() + "\t" + times[i%len(times)].Time().Format(time.RFC3339Nano) + "\t" + tax.ID{byte(i)}.String() + "\n")
		}
		if _, err := tx.Conn().PgConn().CopyFrom(ctx, &text, "COPY viatext FROM STDIN"); err != nil {
			return err
		}
		i := 0
		if err := copyBinary(ctx, tx, "viabin", []string{"k", "n", "t", "s"}, func(b []byte) ([]byte, bool) {
			if i == len(decs) {
				return b, false
			}
			b = pgcopy.Fields(b, 4)
			b = pgcopy.Int4(b, int32(i))
			b = binNumeric(b, decs[i])
			b = binTimestamptz(b, times[i%len(times)])
			b = binTransferID(b, tax.ID{byte(i)})
			i++
			return b, true
		}); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT k, a.n::text, b.n::text, a.t::text, b.t::text, a.s::text, b.s::text FROM viatext a FULL JOIN viabin b USING (k)
			WHERE a.n::text IS DISTINCT FROM b.n::text OR a.t IS DISTINCT FROM b.t OR a.s IS DISTINCT FROM b.s OR scale(a.n) <> scale(b.n)`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k *int
			var an, bn, at, bt, as, bs *string
			if err := rows.Scan(&k, &an, &bn, &at, &bt, &as, &bs); err != nil {
				return err
			}
			t.Errorf("row %v: text COPY stored %v %v %v, binary COPY %v %v %v", deref(k), deref(an), deref(at), deref(as), deref(bn), deref(bt), deref(bs))
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// The arithmetic encoding of small values is byte for byte the encoding through the text.
func TestBinNumericMatchesItsText(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(d tax.Dec) {
		if got, want := binNumeric(nil, d), binNumericText(nil, d); !bytes.Equal(got, want) {
			t.Fatalf("%s: binNumeric % x, through the text % x", d, got, want)
		}
	}
	for _, s := range []string{"0", "1", "-1", "18", "18.446744073709551615", "18.446744073709551616", "-18.446744073709551615", "1234.56", "10000", "99990000.00009999", "18446744073709551615.999999999999999999", "18446744073709551616", "-123456789012345678.5", "100000000000000000000",
		"0.000000000000000001", "0.0001", "0.00010001", "1.01", "10.000000000000000001", "9.99999999999999999", "0.5", "-0.25", "12.3456789"} {
		d, err := tax.ParseDec(s)
		if err != nil {
			t.Fatal(s, err)
		}
		check(d)
	}
	for range 200_000 {
		hi := uint64(0)
		if rng.IntN(2) == 0 {
			hi = rng.Uint64() >> (1 + rng.IntN(63))
		}
		d := tax.DecFromRaw(hi, rng.Uint64()>>rng.IntN(64))
		if k := rng.IntN(4); k > 0 { // trailing zeros, as money and round quantities have
			if q, err := d.Quo(tax.DecFromInt([]int64{1, 1e6, 1e12, 1e16}[k])); err == nil {
				if r, err := q.Mul(tax.DecFromInt([]int64{1, 1e6, 1e12, 1e16}[k])); err == nil {
					d = r
				}
			}
		}
		if rng.IntN(2) == 0 {
			if n, ok := d.Neg(); ok {
				d = n
			}
		}
		check(d)
	}
}

func BenchmarkBinNumeric(b *testing.B) {
	d, _ := tax.ParseDec("0.123456789012345678")
	m, _ := tax.ParseDec("1234.56")
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = binNumeric(binNumeric(buf[:0], d), m)
	}
}
