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

// `search` also matches the transactions with a transfer of an asset whose symbol or name holds
// the text, beside those whose own text or transfers' addresses do: every page in time order, the
// capped and the exact total are the transactions the text names by any of these, as one set.
func TestSearchMatchesAssetNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	link := testfactory.Asset(t, b.pool, b.client, testfactory.Coin("ethereum:0x514910771af9ca656af840dff83e8264ecf986ca", "LINK"), testfactory.AssetNamed("Chainlink"))
	// 120 transactions: a LINK transfer on every third, ETH otherwise; notes naming "link" on every
	// tenth (some with a LINK transfer too); one hidden LINK transaction the list leaves out
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, notes, is_hidden)
		SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + i * interval '1 hour', i,
		       CASE WHEN i % 10 = 0 THEN 'see the link ' || i END, i = 33
		  FROM generate_series(1, 120) i`, b.client, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, occurred_at)
		SELECT gen_random_uuid(), t.client_id, t.id, 0, CASE WHEN t.ordinal % 3 = 0 THEN $2::uuid ELSE $3::uuid END, 1, t.account_id, t.occurred_at
		  FROM transactions t WHERE t.client_id = $1`, b.client, link, b.eth)
	rows, err := b.pool.Query(b.ctx, `SELECT t.id FROM transactions t WHERE t.client_id = $1 AND NOT t.is_hidden
		AND (lower(coalesce(t.notes, '')) LIKE '%link%' OR EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND tr.asset_id = $2))
		ORDER BY t.occurred_at DESC, t.ordinal DESC, t.id DESC`, b.client, link)
	if err != nil {
		t.Fatal(err)
	}
	want, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 39+8 {
		t.Fatalf("the data has %d matches, want 47 (39 LINK transfers shown, 8 notes without one)", len(want))
	}
	// "chainl" names the asset only, not the notes
	var byName []uuid.UUID
	for _, id := range want {
		var n int
		if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM transfers WHERE transaction_id = $1 AND asset_id = $2`, id, link).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			byName = append(byName, id)
		}
	}
	scope := auth.JobScope(b.client, "test")
	for _, c := range []struct {
		q    string
		want []uuid.UUID
	}{{"link", want}, {"LINK", want}, {"chainl", byName}} {
		var got []uuid.UUID
		for page := 0; ; page++ {
			list, err := b.led.List(b.ctx, scope, ledger.TxFilter{Search: &c.q}, ledger.TxPage{Limit: 10, Page: page})
			if err != nil {
				t.Fatal(err)
			}
			if *list.Total != len(c.want) {
				t.Errorf("search %q: total %d, want %d", c.q, *list.Total, len(c.want))
			}
			for _, r := range list.Rows {
				got = append(got, r.ID)
			}
			if !list.HasNext {
				break
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("search %q: %d transactions in order, want %d", c.q, len(got), len(c.want))
		}
		exact, err := b.led.List(b.ctx, scope, ledger.TxFilter{Search: &c.q}, ledger.TxPage{Limit: 100, ExactTotal: true})
		if err != nil {
			t.Fatal(err)
		}
		if *exact.Total != len(c.want) || len(exact.Rows) != len(c.want) {
			t.Errorf("search %q: exact total %d and %d rows, want %d", c.q, *exact.Total, len(exact.Rows), len(c.want))
		}
	}
}
