package recalc_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

// The run writes one per-transaction row for each transaction with a tax effect: the figures the
// transaction list filters and sorts on.
func TestRunWritesTransactionResults(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000")  // buy: no row
	b.trade(t, day(2024, 6, 1), "-0.4", "800") // basis 400: +400 short
	b.trade(t, day(2025, 6, 2), "-0.5", "450") // basis 500, long: -50
	b.trade(t, day(2025, 7, 1), "-0.3", "300") // 0.1 covered (basis 100, long +100 on 0.1 = proceeds 100), 0.2 uncovered
	staking := "staking_reward"
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: day(2025, 8, 1)})
		if err != nil {
			return err
		}
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: decimal.RequireFromString("0.01"), ToAccountID: &b.wallet,
			FiatValue: decimal.NullDecimal{Decimal: decimal.RequireFromString("25.5"), Valid: true}, Label: &staking})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&recalc.Runner{Pool: b.pool}).Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	type row struct {
		gain, proceeds, basis, short, long, income string
		term                                       *string
		pieces                                     int
		missing, negative                          bool
	}
	rows, err := b.pool.Query(b.ctx, `
		SELECT r.gain::text, r.proceeds::text, r.basis::text, r.short_term_gain::text, r.long_term_gain::text, r.income::text,
		       r.sale_term, r.disposal_pieces, r.is_missing_basis, r.has_negative_balance
		FROM tax_transaction_results r
		JOIN clients c ON c.current_result_set_id = r.result_set_id
		JOIN transactions t ON t.id = r.transaction_id
		WHERE c.id = $1 ORDER BY t.occurred_at`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	var got []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.gain, &r.proceeds, &r.basis, &r.short, &r.long, &r.income, &r.term, &r.pieces, &r.missing, &r.negative); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("%d per-transaction rows, want 4 (three sales and the reward; the buy has none): %+v", len(got), got)
	}
	num := func(s string) decimal.Decimal { return decimal.RequireFromString(s) }
	check := func(i int, field, got, want string) {
		t.Helper()
		if !num(got).Equal(num(want)) {
			t.Errorf("row %d %s = %s, want %s", i, field, got, want)
		}
	}
	term := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	check(0, "gain", got[0].gain, "400")
	check(0, "short", got[0].short, "400")
	if term(got[0].term) != "short" || got[0].missing || got[0].negative {
		t.Errorf("row 0: %+v", got[0])
	}
	check(1, "gain", got[1].gain, "-50")
	check(1, "long", got[1].long, "-50")
	check(1, "basis", got[1].basis, "500")
	if term(got[1].term) != "long" {
		t.Errorf("row 1 term %q, want long", term(got[1].term))
	}
	// 0.1 ETH from the last 0.1 of the lot (long, basis 100, proceeds 100) and 0.2 uncovered
	// (short, zero basis, proceeds 200): mixed, missing basis, negative balance.
	check(2, "gain", got[2].gain, "200")
	check(2, "proceeds", got[2].proceeds, "300")
	check(2, "basis", got[2].basis, "100")
	if term(got[2].term) != "mixed" || !got[2].missing || !got[2].negative || got[2].pieces != 2 {
		t.Errorf("row 2: term %q missing %v negative %v pieces %d, want mixed, true, true, 2", term(got[2].term), got[2].missing, got[2].negative, got[2].pieces)
	}
	check(3, "income", got[3].income, "25.5")
	check(3, "gain", got[3].gain, "0")
	if got[3].term != nil || got[3].pieces != 0 {
		t.Errorf("row 3 (income only): %+v", got[3])
	}
}
