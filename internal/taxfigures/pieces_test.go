package taxfigures

import (
	"context"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// TestPiecesHeldAtAreEveryHeldPiece checks the pieces read for loss harvesting, each holding class
// by its range of acquisitions, against every piece of the result set filtered row by row (the
// same conditions without the classes): at the start of every quarter the ledger spans, at instants
// inside a month, before the first disposal and after the last (none).
func TestPiecesHeldAtAreEveryHeldPiece(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 2000, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	var rs uuid.UUID
	var first, last time.Time
	if err := pool.QueryRow(ctx, `SELECT c.current_result_set_id, min(d.disposed_at), max(d.disposed_at) FROM clients c
		JOIN tax_disposals d ON d.result_set_id = c.current_result_set_id WHERE c.id = $1 GROUP BY 1`, client).Scan(&rs, &first, &last); err != nil {
		t.Fatal(err)
	}
	instants := []time.Time{first.Add(-time.Hour), first, last, last.Add(time.Second), last.AddDate(1, 0, 0)}
	for q := time.Date(first.Year(), 1, 1, 0, 0, 0, 0, time.UTC); q.Before(last); q = q.AddDate(0, 3, 0) {
		instants = append(instants, q, q.AddDate(0, 1, 17).Add(5*time.Hour))
	}
	key := func(asset, quantity, basis string, acquired time.Time) string {
		return fmt.Sprintf("%s|%s|%s|%s", asset, quantity, basis, acquired.UTC().Format(time.RFC3339Nano))
	}
	held := 0
	for _, at := range instants {
		got, err := db.New(pool).ListPiecesHeldAt(ctx, db.ListPiecesHeldAtParams{ResultSetID: rs, At: at})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := pool.Query(ctx, `SELECT asset_key, quantity::text, basis::text, acquired_at FROM tax_disposals
			WHERE result_set_id = $1 AND lot_id IS NOT NULL AND acquired_at < $2 AND disposed_at >= $2`, rs, at)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for rows.Next() {
			var asset, quantity, basis string
			var acquired time.Time
			if err := rows.Scan(&asset, &quantity, &basis, &acquired); err != nil {
				t.Fatal(err)
			}
			want = append(want, key(asset, quantity, basis, acquired))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		var have []string
		for _, p := range got {
			have = append(have, key(p.AssetKey, p.Quantity.String(), p.Basis.String(), p.AcquiredAt))
		}
		slices.Sort(want)
		slices.Sort(have)
		if !slices.Equal(have, want) {
			t.Errorf("%s: %d pieces read, %d held", at, len(have), len(want))
		}
		held += len(want)
	}
	if held == 0 {
		t.Fatal("no instant falls between a lot's acquisition and its disposal: the ledger does not test the bound")
	}
}

// TestHoldingClassesBoundTheirHoldings: a piece of a holding class was held for less than the
// class's longest holding (the last class has none), whatever the holding and the session's zone
// (across a daylight-saving change too): the condition that lets ListPiecesHeldAt read a class's
// acquisitions within its longest holding before the instant only. Holdings from none to 40 years,
// each bound and a microsecond either side of it.
func TestHoldingClassesBoundTheirHoldings(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SET TimeZone = 'America/New_York'`); err != nil {
		t.Fatal(err)
	}
	defer conn.Exec(ctx, `RESET TimeZone`) //nolint:errcheck // the connection goes back to the pool either way
	bad := pgtest.Strings(t, conn, `WITH held(h) AS (
		SELECT x * interval '1 hour' + e FROM generate_series(0, 350400, 7) x, unnest(ARRAY[interval '0', interval '1 microsecond', interval '-1 microsecond']) e
		UNION ALL SELECT tax_holding_longest(c) + e FROM generate_series(0, 8) c, unnest(ARRAY[interval '0', interval '1 microsecond', interval '-1 microsecond']) e
		WHERE tax_holding_longest(c) IS NOT NULL),
	pieces AS (SELECT a, a + h AS d FROM held, unnest(ARRAY['2022-11-06 05:30:00+00'::timestamptz, '2022-03-13 06:30:00+00', '2024-06-01 00:00:00+00']) a WHERE h >= interval '0')
	SELECT a::text || ' + ' || (d - a)::text FROM pieces
	WHERE tax_holding_class(a, d) NOT BETWEEN 0 AND 8 OR d - a >= tax_holding_longest(tax_holding_class(a, d))
	   OR (tax_holding_class(a, d) > 0 AND d - a < tax_holding_longest(tax_holding_class(a, d) - 1))`)
	if len(bad) > 0 {
		t.Errorf("%d holdings outside their class's bounds, for example %v", len(bad), bad[:min(len(bad), 5)])
	}
}
