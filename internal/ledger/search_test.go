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

// ownTextRule is the search rule of a transaction's own text, stated without LIKE and without the
// indexes' expressions: its notes or label contain the text ($2, trimmed and lower-cased), or its
// hash begins with it or with "0x" followed by it.
const ownTextRule = `(strpos(lower(coalesce(t.notes, '')), $2) > 0 OR strpos(lower(coalesce(t.label, '')), $2) > 0
	OR starts_with(lower(coalesce(t.txn_hash, '')), $2) OR starts_with(lower(coalesce(t.txn_hash, '')), '0x' || $2))`

// searchRuleSQL lists the client's ($1) transactions that `search` matches by the rule: their own
// text (ownTextRule), a transfer's from or to address beginning with the text or "0x" and the text,
// or a transfer of an asset whose symbol or name contains it.
const searchRuleSQL = `SELECT t.id FROM transactions t WHERE t.client_id = $1 AND (` + ownTextRule + `
	OR EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id
		AND (starts_with(lower(coalesce(tr.from_address, '')), $2) OR starts_with(lower(coalesce(tr.from_address, '')), '0x' || $2)
		  OR starts_with(lower(coalesce(tr.to_address, '')), $2) OR starts_with(lower(coalesce(tr.to_address, '')), '0x' || $2)))
	OR EXISTS (SELECT 1 FROM transfers tr JOIN assets a ON a.id = tr.asset_id WHERE tr.transaction_id = t.id
		AND (strpos(lower(a.symbol), $2) > 0 OR strpos(lower(coalesce(a.name, '')), $2) > 0)))`

// `search` follows its rule (the SDL's): notes and labels by any part, a hash or a transfer's
// address by its start (also without its "0x"), case-insensitive, with LIKE's metacharacters taken
// literally; text in the middle of a hash matches only where notes or a label hold it.
func TestSearchMatchesByTheRule(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// 90 transactions: a 66-character mixed-case hash on every fourth, notes on every third,
	// labels in turn; a transfer each, with a from address on every fifth and a to address on
	// every seventh.
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label, txn_hash, notes)
		SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + i * interval '1 hour', i,
		       (ARRAY['buy', 'sell', 'staking_reward', NULL, 'Airdrop Bonus'])[i % 5 + 1],
		       CASE WHEN i % 4 = 0 THEN '0x' || upper(md5(i::text)) || md5((i + 1000)::text) END,
		       CASE WHEN i % 3 = 0 THEN 'Paid rent ' || i END
		  FROM generate_series(1, 90) i`, b.client, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, occurred_at, from_address, to_address)
		SELECT gen_random_uuid(), t.client_id, t.id, 0, $2, 1, t.account_id, t.occurred_at,
		       CASE WHEN t.ordinal % 5 = 0 THEN '0x' || substr(md5('from' || t.ordinal), 1, 40) END,
		       CASE WHEN t.ordinal % 7 = 0 THEN '0X' || upper(substr(md5('to' || t.ordinal), 1, 40)) END
		  FROM transactions t WHERE t.client_id = $1`, b.client, b.eth)
	var hash, from string
	if err := b.pool.QueryRow(b.ctx, `SELECT txn_hash FROM transactions WHERE client_id = $1 AND ordinal = 8`, b.client).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if err := b.pool.QueryRow(b.ctx, `SELECT from_address FROM transfers WHERE client_id = $1 AND from_address IS NOT NULL LIMIT 1`, b.client).Scan(&from); err != nil {
		t.Fatal(err)
	}
	// text from the middle of the hash, written in one transaction's notes; and literal metacharacters
	mid := hash[30:40]
	var noted uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `UPDATE transactions SET notes = 'see ' || $2 WHERE client_id = $1 AND ordinal = 10 RETURNING id`, b.client, mid).Scan(&noted); err != nil {
		t.Fatal(err)
	}
	testfactory.Exec(t, b.pool, `UPDATE transactions SET notes = 'fee 5%_x' WHERE client_id = $1 AND ordinal = 11`, b.client)
	scope := auth.JobScope(b.client, "test")
	for _, c := range []struct {
		q    string
		want int // the number of matches, -1: some
	}{
		{hash, 1}, {strings.ToLower(hash[:12]), -1}, {hash[2:12], -1}, {strings.ToUpper(hash[2:12]), -1}, {" " + hash[:20] + " ", -1},
		{mid, 1}, {hash[3:12], 0},
		{"rent 1", -1}, {"RENT", -1}, {"buy", -1}, {"stak", -1}, {"ng_re", -1}, {"airdrop bonus", -1},
		{"5%_x", 1}, {"5%x", 0}, {"e_5", 0}, {"ng%re", 0},
		{from[:12], -1}, {from[2:12], -1}, {strings.ToUpper(from[2:16]), -1}, {from[5:15], 0},
		{"0x", -1}, {"eth", -1}, {"zzz", 0},
	} {
		got, err := b.led.List(b.ctx, scope, ledger.TxFilter{Search: &c.q}, ledger.TxPage{Limit: 100, ExactTotal: true})
		if err != nil {
			t.Fatal(err)
		}
		var ids []uuid.UUID
		for _, r := range got.Rows {
			ids = append(ids, r.ID)
		}
		want := ruleMatches(t, b, searchRuleSQL, c.q)
		if !slices.Equal(sortedIDs(ids), want) {
			t.Errorf("search %q: %d transactions, want %d", c.q, len(ids), len(want))
		}
		if c.want >= 0 && len(want) != c.want || c.want < 0 && len(want) == 0 {
			t.Fatalf("search %q: the rule gives %d matches, the case wants %d: the data does not test it", c.q, len(want), c.want)
		}
		if c.q == mid && want[0] != noted {
			t.Errorf("search %q: the mid-hash text matched a hash, not the notes that hold it", c.q)
		}
	}
}

// ruleMatches runs a rule's SQL (over transactions t of client $1, the text $2) for the search text
// q, trimmed and lower-cased, and returns the ids it lists, sorted.
func ruleMatches(t *testing.T, b *bundle, rule, q string) []uuid.UUID {
	t.Helper()
	rows, err := b.pool.Query(b.ctx, rule, b.client, strings.ToLower(strings.TrimSpace(q)))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}
	return sortedIDs(ids)
}

func sortedIDs(ids []uuid.UUID) []uuid.UUID {
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
	return ids
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
