package recalc_test

import (
	"context"
	"io"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/ledger"
	"taxd/internal/money"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// expectedFiatValue is a transaction's value as the list prints it, computed here from its rows:
// each visible transfer that is not a fee at its own fiat value or else the value figure of the
// client's current result row, the larger of the incoming and outgoing sides, in cents.
func expectedFiatValue(t *testing.T, ctx context.Context, pool *pgxpool.Pool, tx uuid.UUID) (want, stored int64) {
	t.Helper()
	rows, err := pool.Query(ctx, `
		SELECT tr.fiat_value, r.transfer_figures -> tr.id::text ->> 'value', tr.to_account_id IS NOT NULL, tr.from_account_id IS NOT NULL
		FROM transfers tr
		JOIN transactions t ON t.id = tr.transaction_id
		JOIN clients c ON c.id = t.client_id
		LEFT JOIN tax_transaction_results r ON r.result_set_id = c.current_result_set_id AND r.transaction_id = t.id
		WHERE tr.transaction_id = $1 AND NOT tr.is_hidden AND NOT tr.is_fee`, tx)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var in, out decimal.Decimal
	for rows.Next() {
		var own decimal.NullDecimal
		var figure *string
		var incoming, outgoing bool
		if err := rows.Scan(&own, &figure, &incoming, &outgoing); err != nil {
			t.Fatal(err)
		}
		v := own.Decimal
		if !own.Valid {
			if figure == nil {
				continue
			}
			v = decimal.RequireFromString(*figure)
		}
		if incoming {
			in = in.Add(v)
		}
		if outgoing {
			out = out.Add(v)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var got decimal.Decimal
	if err := pool.QueryRow(ctx, `SELECT fiat_value FROM transactions WHERE id = $1`, tx).Scan(&got); err != nil {
		t.Fatal(err)
	}
	return money.Cents(decimal.Max(in, out)), money.Cents(got)
}

// TestIncrementalRunRefreshesFiatValues: an incremental run replaces rows of the current result
// set, so the transactions whose engine values it changes get their stored fiat value again (the
// run refreshes them itself; no trigger on the result rows does). Trades whose acquisition the
// engine valued from the sold side get a new sold value in the tail: before the run the stored
// value still holds the old engine value, after it the new one.
func TestIncrementalRunRefreshesFiatValues(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 6000, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	scope := auth.JobWriteScope(client, "test")
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, scope); err != nil {
		t.Fatal(err)
	}
	// trades of the last two months (after a checkpoint) with an acquisition valued by the engine at more than the 1.00 set below
	rows, err := pool.Query(ctx, `
		SELECT t.id FROM transactions t
		JOIN clients c ON c.id = t.client_id
		JOIN tax_transaction_results r ON r.result_set_id = c.current_result_set_id AND r.transaction_id = t.id
		JOIN transfers e ON e.transaction_id = t.id AND e.fiat_value IS NULL AND NOT e.is_hidden AND NOT e.is_fee
		WHERE t.client_id = $1 AND t.occurred_at >= (SELECT max(occurred_at) FROM transactions WHERE client_id = $1) - interval '60 days'
		  AND (r.transfer_figures -> e.id::text ->> 'value')::numeric > 2
		  AND EXISTS (SELECT 1 FROM transfers o WHERE o.transaction_id = t.id AND o.fiat_value > 2 AND o.from_account_id IS NOT NULL AND NOT o.is_fee)
		ORDER BY t.occurred_at DESC LIMIT 3`, client)
	if err != nil {
		t.Fatal(err)
	}
	var picks []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		picks = append(picks, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(picks) == 0 {
		t.Fatal("the seed has no trade whose acquisition the engine valued")
	}
	// the sold sides valued 1.00, through the ledger as a person's edit (it marks the tail dirty)
	sold, err := pool.Query(ctx, `SELECT transaction_id, id FROM transfers WHERE transaction_id = ANY($1) AND fiat_value > 2 AND from_account_id IS NOT NULL AND NOT is_fee`, picks)
	if err != nil {
		t.Fatal(err)
	}
	var edits [][2]uuid.UUID
	for sold.Next() {
		var e [2]uuid.UUID
		if err := sold.Scan(&e[0], &e[1]); err != nil {
			t.Fatal(err)
		}
		edits = append(edits, e)
	}
	if err := sold.Err(); err != nil {
		t.Fatal(err)
	}
	one := decimal.NewFromInt(1)
	if err := ledger.New(pool).Update(ctx, scope, ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		for _, x := range edits {
			if _, err := e.UpdateTransfer(x[0], x[1], ledger.TransferPatch{FiatValue: &one}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	before := map[uuid.UUID]int64{}
	for _, id := range picks {
		_, before[id] = expectedFiatValue(t, ctx, pool, id)
	}
	tm, err := (&recalc.Runner{Pool: pool}).Run(ctx, scope)
	if err != nil {
		t.Fatal(err)
	}
	if !tm.Incremental {
		t.Fatal("the run after edits in the tail was not incremental")
	}
	changed := 0
	for _, id := range picks {
		want, stored := expectedFiatValue(t, ctx, pool, id)
		if stored != want {
			t.Errorf("transaction %s: stored value %d cents after the incremental run, its rows give %d", id, stored, want)
		}
		if want != before[id] {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("no value changed with the run: the test does not reach the engine's part of the value")
	}
}
