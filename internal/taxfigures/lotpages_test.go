package taxfigures_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/page"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/taxfigures"
)

// TestLotPagesWalkTheWholeAnswer reads an asset's lot trail page by page and checks every page
// against the whole answer computed here from the result tables alone: the lots are the first
// MaxRows open lots in acquisition order, in the order the method consumes them (unit cost for
// HIFO and LOFO, ties in acquisition order; newest first for LIFO); the pieces are the first MaxRows
// disposal pieces by seq and the first MaxRows removals by seq, by time (a disposal piece before a
// removal of the same instant); the totals are over the first MaxRows+1 lots. The pricing key names
// two assets; one of them has more than MaxRows pieces (the answer is truncated). Each method's
// pages of 1,000 and of 997 rows, and pages of one row at the start, the middle and the end.
func TestLotPagesWalkTheWholeAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("a ledger of 30,000 transactions")
	}
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 30000, 3, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		t.Fatal(err)
	}
	// the two assets with the most pieces share one pricing key
	var rs uuid.UUID
	var keys []string
	if err := pool.QueryRow(ctx, `SELECT c.current_result_set_id, (SELECT array_agg(asset_key) FROM (SELECT asset_key FROM tax_disposals
		WHERE result_set_id = c.current_result_set_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 2) x) FROM clients c WHERE c.id = $1`, client).Scan(&rs, &keys); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE assets SET price_source_id = 'both' WHERE client_id = $1 AND id::text = ANY($2)`, client, keys); err != nil {
		t.Fatal(err)
	}
	var pieces, removals, lots int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM tax_disposals WHERE result_set_id = $1 AND asset_key = ANY($2)),
		(SELECT count(*) FROM tax_removals WHERE result_set_id = $1 AND asset_key = ANY($2)),
		(SELECT count(*) FROM tax_lots WHERE result_set_id = $1 AND asset_key = ANY($2))`, rs, keys).Scan(&pieces, &removals, &lots); err != nil {
		t.Fatal(err)
	}
	if pieces <= taxfigures.MaxRows || removals < 2 || lots < 2 {
		t.Fatalf("the ledger has %d pieces, %d removals and %d open lots of the two assets: it does not test the bounds", pieces, removals, lots)
	}
	svc := taxfigures.NewService(pool, taxfigures.Prices{}, nil)
	scope := auth.JobScope(client, "test")
	for _, method := range []string{"FIFO", "LIFO", "HIFO", "LOFO"} {
		t.Run(method, func(t *testing.T) {
			if _, err := pool.Exec(ctx, `UPDATE clients SET cost_basis_algorithm = $2 WHERE id = $1`, client, method); err != nil {
				t.Fatal(err)
			}
			wantLots, wantPieces, quantity, basis := wholeTrail(t, pool, rs, keys, method)
			read := func(w page.Slice) taxfigures.Lots {
				t.Helper()
				l, err := svc.Lots(ctx, scope, "both", nil, w)
				if err != nil {
					t.Fatal(err)
				}
				if l.LotCount != len(wantLots) || l.PieceCount != len(wantPieces) || !l.Truncated ||
					!l.Quantity.Equal(quantity) || !l.Basis.Equal(basis) {
					t.Fatalf("page %+v: %d lots, %d pieces, truncated %v, totals %s / %s; want %d, %d, true, %s / %s", w, l.LotCount, l.PieceCount,
						l.Truncated, l.Quantity, l.Basis, len(wantLots), len(wantPieces), quantity, basis)
				}
				return l
			}
			check := func(w page.Slice, l taxfigures.Lots) {
				t.Helper()
				from := min(w.From, len(wantLots))
				if got, want := lotRows(l.Lots), wantLots[from:min(from+w.First, len(wantLots))]; fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("lots of page %+v:\n got %v\nwant %v", w, got, want)
				}
				from = min(w.From, len(wantPieces))
				if got, want := pieceRows(l.Pieces), wantPieces[from:min(from+w.First, len(wantPieces))]; fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("pieces of page %+v:\n got %v\nwant %v", w, got, want)
				}
			}
			for _, first := range []int{1000, 997} {
				for from := 0; from < max(len(wantLots), len(wantPieces)); from += first {
					w := page.Slice{First: first, From: from}
					check(w, read(w))
				}
			}
			for _, from := range []int{0, 1, len(wantPieces) / 2, len(wantPieces) - 1, len(wantPieces)} {
				w := page.Slice{First: 1, From: from}
				check(w, read(w))
			}
		})
	}
}

// wholeTrail is the whole answer of the trail of keys from the result tables: each lot and piece
// as a row of text (quantities in their shortest decimals, times in UTC microseconds); a lot's unit
// cost is its basis over its quantity rounded half away from zero to 18 places.
func wholeTrail(t *testing.T, pool *pgxpool.Pool, rs uuid.UUID, keys []string, method string) (lots, pieces []string, quantity, basis decimal.Decimal) {
	t.Helper()
	ctx := context.Background()
	if err := pool.QueryRow(ctx, `SELECT coalesce(sum(quantity), 0), coalesce(sum(basis), 0) FROM (SELECT quantity, basis FROM tax_lots
		WHERE result_set_id = $1 AND asset_key = ANY($2) ORDER BY acquired_at, lot_id::numeric LIMIT $3) x`, rs, keys, taxfigures.MaxRows+1).Scan(&quantity, &basis); err != nil {
		t.Fatal(err)
	}
	lots = pgtest.Strings(t, pool, `WITH u AS (SELECT l.*, row_number() OVER (ORDER BY acquired_at, lot_id::numeric) AS n FROM tax_lots l
			WHERE result_set_id = $1 AND asset_key = ANY($2)),
		kept AS (SELECT *, CASE WHEN quantity = 0 THEN 0 ELSE round(basis / quantity::numeric(1000, 40), 18) END AS unit FROM u WHERE n <= $3)
		SELECT lot_id || ' ' || asset_key || ' ' || trim_scale(quantity)::text || ' ' || trim_scale(basis)::text || ' ' || to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
		FROM kept ORDER BY
			CASE WHEN $4 = 'LIFO' THEN -extract(epoch FROM acquired_at) END,
			CASE WHEN $4 = 'HIFO' THEN -unit WHEN $4 = 'LOFO' THEN unit END,
			CASE WHEN $4 <> 'LIFO' THEN acquired_at END, n`, rs, keys, taxfigures.MaxRows, method)
	pieces = pgtest.Strings(t, pool, `SELECT kind || ' ' || transfer_id::text || ' ' || coalesce(lot_id, '-') || ' ' || trim_scale(quantity)::text || ' ' || trim_scale(basis)::text || ' ' || trim_scale(proceeds)::text || ' ' ||
			to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
		FROM ((SELECT 0 AS src, seq, disposed_at AS at, 'disposal' AS kind, transfer_id, lot_id, quantity, basis, proceeds FROM tax_disposals
				WHERE result_set_id = $1 AND asset_key = ANY($2) ORDER BY seq LIMIT $3)
			UNION ALL (SELECT 1, seq, removed_at, kind, transfer_id, lot_id, quantity, basis, 0 FROM tax_removals
				WHERE result_set_id = $1 AND asset_key = ANY($2) ORDER BY seq, removed_at LIMIT $3)) x
		ORDER BY at, src, seq`, rs, keys, taxfigures.MaxRows)
	return lots, pieces, quantity, basis
}

const utcMicros = "2006-01-02T15:04:05.000000"

func lotRows(ls []taxfigures.Lot) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%s %s %s %s %s", l.ID, l.AssetID, l.Quantity, l.Basis, l.AcquiredAt.UTC().Format(utcMicros)))
	}
	return out
}

func pieceRows(ps []taxfigures.Piece) []string {
	out := []string{}
	for _, p := range ps {
		lot := "-"
		if p.LotID != nil {
			lot = *p.LotID
		}
		out = append(out, fmt.Sprintf("%s %s %s %s %s %s %s", p.Kind, p.TransferID, lot, p.Quantity, p.Basis, p.Proceeds, p.DisposedAt.UTC().Format(utcMicros)))
	}
	return out
}
