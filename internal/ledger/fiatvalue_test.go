package ledger

import (
	"cmp"
	"context"
	"io"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/bench"
	"taxd/internal/money"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
)

// printedValues computes, for every transaction of the client, the fiat value the list prints
// (Transaction.fiatValueCents) from its visible transfers and the current result's transfer
// figures, as the GraphQL list maps them: each transfer valued by its own fiat value or else the
// engine's, fees left out, the larger of the incoming and the outgoing sides, in cents. It also
// says how many of those values an engine's figure changed.
func printedValues(t *testing.T, ctx context.Context, l *Ledger, scope auth.ClientScope) (map[uuid.UUID]int64, int) {
	t.Helper()
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		t.Fatal(err)
	}
	list, err := l.List(ctx, scope, TxFilter{IncludeHidden: true, IncludeFailed: true, IncludeSpam: true}, TxPage{Limit: 1_000_000, SkipTotal: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]uuid.UUID, len(list.Rows))
	for i, r := range list.Rows {
		ids[i] = r.ID
	}
	got, err := l.Transfers(ctx, scope, st, ids, false)
	if err != nil {
		t.Fatal(err)
	}
	trs, figs := got.ByTransaction, got.Figures
	out := make(map[uuid.UUID]int64, len(ids))
	fromEngine := 0
	for _, r := range list.Rows {
		own := map[uuid.UUID]TransferFigures{}
		for _, tr := range trs[r.ID] {
			own[tr.ID] = figs[tr.ID]
		}
		EngineFigures(r.Result, own)
		var in, outgoing, ledgerIn, ledgerOut decimal.Decimal
		for _, tr := range trs[r.ID] {
			if tr.IsFee {
				continue
			}
			v := tr.FiatValue
			if !v.Valid {
				v = own[tr.ID].Value
			}
			if !v.Valid {
				continue
			}
			if tr.ToAccountID != nil {
				in = in.Add(v.Decimal)
				if tr.FiatValue.Valid {
					ledgerIn = ledgerIn.Add(v.Decimal)
				}
			}
			if tr.FromAccountID != nil {
				outgoing = outgoing.Add(v.Decimal)
				if tr.FiatValue.Valid {
					ledgerOut = ledgerOut.Add(v.Decimal)
				}
			}
		}
		out[r.ID] = money.Cents(decimal.Max(in, outgoing))
		if out[r.ID] != money.Cents(decimal.Max(ledgerIn, ledgerOut)) {
			fromEngine++
		}
		if got := money.Cents(r.FiatValue); got != out[r.ID] {
			t.Errorf("transaction %s: stored value %d cents, the list prints %d", r.ID, got, out[r.ID])
		}
	}
	return out, fromEngine
}

// TestFiatValueIsWhatTheListPrints checks the stored value of every transaction against the value
// the list prints, after an import, a recalculation, edits of every kind of transfer column the
// value reads, and an incremental and a full recalculation; and walks every page of the list
// sorted by value, both ways, against one order over the printed values (then time).
func TestFiatValueIsWhatTheListPrints(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, err := bench.SeedLedger(ctx, pool, 600, 4, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	scope := auth.JobWriteScope(client, "test")
	l := New(pool)
	printedValues(t, ctx, l, scope) // before any result set: the ledger's values alone
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, scope); err != nil {
		t.Fatal(err)
	}
	printedValues(t, ctx, l, scope)
	walkValuePages(t, ctx, l, scope)

	// Edits, each on other transactions: a transfer hidden, a value changed, a fee flag set, a
	// transfer deleted, one added, and transfers valued by the engine made the larger side (their
	// transaction's other transfers valued 0).
	edit := func(sql string) {
		t.Helper()
		tag, err := pool.Exec(ctx, sql, client)
		if err != nil {
			t.Fatal(err)
		}
		if tag.RowsAffected() == 0 {
			t.Fatalf("no row changed by %s", sql)
		}
	}
	edit(`UPDATE transfers SET is_hidden = true WHERE id IN (SELECT id FROM transfers WHERE client_id = $1 AND fiat_value > 0 ORDER BY id LIMIT 5)`)
	edit(`UPDATE transfers SET fiat_value = fiat_value * 3 + 1.005 WHERE id IN (SELECT id FROM transfers WHERE client_id = $1 AND fiat_value > 0 ORDER BY id DESC LIMIT 5)`)
	edit(`UPDATE transfers SET is_fee = true WHERE id IN (SELECT id FROM transfers WHERE client_id = $1 AND NOT is_fee AND fiat_value > 0 ORDER BY id OFFSET 20 LIMIT 5)`)
	edit(`DELETE FROM transfers WHERE id IN (SELECT id FROM transfers WHERE client_id = $1 AND fiat_value > 0 ORDER BY id OFFSET 40 LIMIT 5)`)
	edit(`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, fiat_value)
		SELECT gen_random_uuid(), client_id, transaction_id, 100, asset_id, 1, to_account_id, 123456.785 FROM transfers
		WHERE client_id = $1 AND to_account_id IS NOT NULL ORDER BY id OFFSET 60 LIMIT 3`)
	edit(`UPDATE transfers o SET fiat_value = 0 FROM tax_transaction_results r, clients c, transfers e
		WHERE c.id = $1 AND r.result_set_id = c.current_result_set_id AND r.transfer_figures IS NOT NULL
		  AND e.transaction_id = r.transaction_id AND e.fiat_value IS NULL AND r.transfer_figures -> e.id::text ->> 'value' IS NOT NULL
		  AND o.transaction_id = r.transaction_id AND o.id <> e.id AND o.fiat_value IS NOT NULL`)
	if _, fromEngine := printedValues(t, ctx, l, scope); fromEngine == 0 {
		t.Fatal("no printed value comes from an engine's figure: the test does not reach the results' part of the value")
	}
	walkValuePages(t, ctx, l, scope)
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, scope); err != nil {
		t.Fatal(err)
	}
	printedValues(t, ctx, l, scope)
	edit(`UPDATE transfers SET fiat_value = NULL WHERE id IN (SELECT id FROM transfers WHERE client_id = $1 AND fiat_value > 0 AND to_account_id IS NOT NULL ORDER BY id OFFSET 80 LIMIT 5)`)
	if _, err := (&recalc.Runner{Pool: pool, Full: true}).Run(ctx, scope); err != nil {
		t.Fatal(err)
	}
	printedValues(t, ctx, l, scope)
	walkValuePages(t, ctx, l, scope)
}

// walkValuePages reads every page of the list sorted by value, newest and oldest first, and
// single pages deep in it, against one order over the printed values, then time.
func walkValuePages(t *testing.T, ctx context.Context, l *Ledger, scope auth.ClientScope) {
	t.Helper()
	values, _ := printedValues(t, ctx, l, scope)
	all, err := l.List(ctx, scope, TxFilter{}, TxPage{Limit: 1_000_000, SkipTotal: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, asc := range []bool{false, true} {
		want := slices.Clone(all.Rows)
		slices.SortFunc(want, func(a, b TxRow) int {
			c := cmp.Or(cmp.Compare(values[a.ID], values[b.ID]), a.OccurredAt.Compare(b.OccurredAt),
				cmp.Compare(a.Ordinal, b.Ordinal), slices.Compare(a.ID[:], b.ID[:]))
			if asc {
				return c
			}
			return -c
		})
		wantIDs := make([]uuid.UUID, len(want))
		for i, r := range want {
			wantIDs[i] = r.ID
		}
		const limit = 37
		got := everyPage(t, l, scope, TxPage{Limit: limit, SortBy: SortFiatValue, Ascending: asc})
		if !slices.Equal(got, wantIDs) {
			t.Fatalf("ascending=%v: pages in order: %d ids, want %d; first difference at %d", asc, len(got), len(wantIDs), firstDifference(got, wantIDs))
		}
		for _, page := range []int{len(want)/limit - 1, len(want) / limit / 2, len(want) / limit} {
			checkPageAlone(t, l, scope, TxPage{Limit: limit, Page: page, SortBy: SortFiatValue, Ascending: asc}, wantIDs)
		}
	}
}
