package ledger_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// `search` matches a transaction's whole text (hash, notes and label), also where the trigram
// index holds only the transactions with a hash or notes (migration 00026): one with neither is
// found by its label, with the same text semantics (case, an underscore taken literally, a space
// inside the label), and one with a hash or notes still by any part of its text.
func TestSearchMatchesTheWholeText(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// 90 transactions: a hash on every fourth, notes on every third, labels in turn.
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label, txn_hash, notes)
		SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + i * interval '1 hour', i,
		       (ARRAY['buy', 'sell', 'staking_reward', NULL, 'Airdrop Bonus'])[i % 5 + 1],
		       CASE WHEN i % 4 = 0 THEN '0xAB' || md5(i::text) END,
		       CASE WHEN i % 3 = 0 THEN 'Paid rent ' || i END
		  FROM generate_series(1, 90) i`, b.client, b.wallet)
	scope := auth.JobScope(b.client, "test")
	for _, q := range []string{"buy", "BUY", "stak", "ng_re", "ng%re", "airdrop bonus", "p b", "rent", "rent 1", "0xab", "x", "sell 1", "a", "zzz"} {
		got, err := b.led.List(b.ctx, scope, ledger.TxFilter{Search: &q}, ledger.TxPage{Limit: 100, ExactTotal: true})
		if err != nil {
			t.Fatal(err)
		}
		var ids []uuid.UUID
		for _, r := range got.Rows {
			ids = append(ids, r.ID)
		}
		// the text as it always was: every transaction's hash, notes and label, no index
		pattern := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
		rows, err := b.pool.Query(b.ctx, `SELECT id FROM transactions WHERE client_id = $1
			AND lower(coalesce(txn_hash, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(label, '')) LIKE $2`, b.client, pattern)
		if err != nil {
			t.Fatal(err)
		}
		want, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
		slices.SortFunc(want, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
		if !slices.Equal(ids, want) {
			t.Errorf("search %q: %d transactions, want %d", q, len(ids), len(want))
		}
		if q == "buy" && len(want) == 0 || q == "p b" && len(want) == 0 {
			t.Fatalf("search %q: the data has no match, the case tests nothing", q)
		}
	}
}
