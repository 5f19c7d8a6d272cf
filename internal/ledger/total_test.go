package ledger_test

import (
	"testing"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// A list's total stops at ledger.TotalCap and says so; exactTotal and the summary count every
// match; under the cap the total is exact and not capped.
func TestListTotalIsCappedUnlessExact(t *testing.T) {
	b := setup(t)
	n := ledger.TotalCap + 7
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label)
		SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + i * interval '1 minute', i, CASE WHEN i % 2 = 0 THEN 'buy' ELSE 'sell' END
		  FROM generate_series(1, $3) i`, b.client, b.wallet, n)
	scope := auth.JobScope(b.client, "test")
	for i := 0; i < 2; i++ { // twice: nothing is cached between calls
		list, err := b.led.List(b.ctx, scope, ledger.TxFilter{}, ledger.TxPage{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total == nil || *list.Total != ledger.TotalCap || !list.TotalCapped || !list.HasNext || len(list.Rows) != 10 {
			t.Fatalf("capped list: total %v capped %v hasNext %v rows %d", list.Total, list.TotalCapped, list.HasNext, len(list.Rows))
		}
		exact, err := b.led.List(b.ctx, scope, ledger.TxFilter{}, ledger.TxPage{Limit: 10, ExactTotal: true})
		if err != nil {
			t.Fatal(err)
		}
		if exact.Total == nil || *exact.Total != n || exact.TotalCapped {
			t.Fatalf("exact list: total %v capped %v, want %d", exact.Total, exact.TotalCapped, n)
		}
	}
	sum, err := b.led.Summary(b.ctx, scope, ledger.TxFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.TransactionCount != int64(n) {
		t.Fatalf("summary count %d, want %d", sum.TransactionCount, n)
	}
	// Under the cap: exact, not capped (503 of the 1,007 are labeled buy).
	buys, err := b.led.List(b.ctx, scope, ledger.TxFilter{Labels: []string{"buy"}}, ledger.TxPage{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if buys.Total == nil || *buys.Total != n/2 || buys.TotalCapped {
		t.Fatalf("buys: total %v capped %v, want %d", buys.Total, buys.TotalCapped, n/2)
	}
	skipped, err := b.led.List(b.ctx, scope, ledger.TxFilter{}, ledger.TxPage{Limit: 10, SkipTotal: true})
	if err != nil {
		t.Fatal(err)
	}
	if skipped.Total != nil || skipped.TotalCapped {
		t.Fatalf("skipTotal: total %v capped %v", skipped.Total, skipped.TotalCapped)
	}
}
