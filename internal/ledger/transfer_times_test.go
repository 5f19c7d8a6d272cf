package ledger_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
	"taxd/internal/testwait"
)

// transfersOffTheirTime counts the client's transfers whose time is not their transaction's.
func (b *bundle) transfersOffTheirTime(t *testing.T) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
		WHERE tr.client_id = $1 AND tr.occurred_at IS DISTINCT FROM t.occurred_at`, b.client).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A transfer's time is its transaction's (migration 00022) through every write: the import, a
// transfer added by hand, a transaction given another time, a transfer moved to another
// transaction (split), and a write that names another time outright.
func TestTransferTimesFollowTheirTransaction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	var txs []imports.Tx
	for i := 0; i < 50; i++ {
		txs = append(txs, imports.Tx{ExternalID: fmt.Sprintf("row-%d", i), Time: at.Add(time.Duration(i) * time.Hour),
			Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("1"), To: imports.Self}, {Asset: eth, Quantity: dec("0.01"), From: imports.Self, IsFee: true}}})
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet, txs, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if n := b.transfersOffTheirTime(t); n != 0 {
		t.Fatalf("after the import: %d transfers off their transaction's time", n)
	}
	var manual, first uuid.UUID
	later := at.AddDate(0, 1, 0)
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: at.Add(-time.Hour)})
		if err != nil {
			return err
		}
		manual = tx.ID
		for _, q := range []string{"2", "3"} {
			if _, err := e.AddTransfer(manual, ledger.NewTransfer{AssetID: b.eth, Quantity: dec(q), ToAccountID: &b.wallet}); err != nil {
				return err
			}
		}
		if err := e.Tx().QueryRow(b.ctx, `SELECT id FROM transactions WHERE client_id = $1 AND external_id = 'row-0'`, b.client).Scan(&first); err != nil {
			return err
		}
		_, err = e.UpdateTransaction(first, ledger.TransactionPatch{OccurredAt: &later})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var moved time.Time
	if err := b.pool.QueryRow(b.ctx, `SELECT max(occurred_at) FROM transfers WHERE transaction_id = $1`, first).Scan(&moved); err != nil {
		t.Fatal(err)
	}
	if !moved.Equal(later) {
		t.Fatalf("a transaction given another time: its transfers say %s, want %s", moved, later)
	}
	// A split moves a transfer of the manual transaction to a new one at another instant.
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		trs, err := e.Transfers(manual)
		if err != nil {
			return err
		}
		if _, err := e.Tx().Exec(b.ctx, `UPDATE transactions SET occurred_at = occurred_at + interval '1 day' WHERE id = $1`, manual); err != nil {
			return err
		}
		_, err = e.Tx().Exec(b.ctx, `UPDATE transfers SET transaction_id = $1, position = 99 WHERE id = $2`, first, trs[0].ID)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// A write that names another time outright is given its transaction's.
	testfactory.Exec(t, b.pool, `UPDATE transfers SET occurred_at = '2001-01-01' WHERE transaction_id = $1`, manual)
	if n := b.transfersOffTheirTime(t); n != 0 {
		t.Fatalf("after the edits: %d transfers off their transaction's time", n)
	}
	// And a transfer of a transaction that does not exist is still the foreign-key error.
	_, err := b.pool.Exec(b.ctx, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity) VALUES ($1, $2, $3, 0, $4, 1)`,
		uuid.New(), b.client, uuid.New(), b.eth)
	if err == nil || !strings.Contains(err.Error(), "transfers_transaction_id_fkey") {
		t.Fatalf("transfer of no transaction: %v", err)
	}
}

// The capped total of one asset in time order is counted by merging that asset's transfers with
// the transactions (Ledger.count); it must count what the exact total counts: each transaction
// once however many of its transfers move the asset, none of another asset, none outside the
// dates or of another label, none hidden, and a transaction whose time was edited where it is now.
func TestOneAssetTotalCountsEachMatchOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	btc := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO assets (id, client_id, key, symbol) VALUES ($1, $2, 'bitcoin:native', 'BTC')`, btc, b.client)
	// 1,600 transactions a minute apart from 2025-01-01: every third has two ETH transfers, every
	// third one ETH and one BTC, the rest BTC only; even ones are buys; every 50th is hidden.
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label, is_hidden)
		SELECT ('00000000-0000-0000-0000-' || lpad(i::text, 12, '0'))::uuid, $1, $2, timestamptz '2025-01-01' + i * interval '1 minute', i,
		       CASE WHEN i % 2 = 0 THEN 'buy' ELSE 'sell' END, i % 50 = 0
		  FROM generate_series(1, 1600) i`, b.client, b.wallet)
	testfactory.Exec(t, b.pool, `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id)
		SELECT gen_random_uuid(), $1, ('00000000-0000-0000-0000-' || lpad(i::text, 12, '0'))::uuid, p,
		       CASE WHEN i % 3 = 0 OR (i % 3 = 1 AND p = 0) THEN $2::uuid ELSE $3::uuid END, 1, $4
		  FROM generate_series(1, 1600) i, generate_series(0, 1) p`, b.client, b.eth, btc, b.wallet)
	// one buy with ETH moves out of the range, one from outside moves in
	testfactory.Exec(t, b.pool, `UPDATE transactions SET occurred_at = '2024-06-01' WHERE id = '00000000-0000-0000-0000-000000000006'`)
	testfactory.Exec(t, b.pool, `UPDATE transactions SET occurred_at = timestamptz '2025-01-01' + interval '10 minutes 30 seconds' WHERE id = '00000000-0000-0000-0000-000000001596'`)
	scope := auth.JobScope(b.client, "test")
	from := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		f    ledger.TxFilter
	}{
		{"eth", ledger.TxFilter{AssetIDs: []uuid.UUID{b.eth}}},
		{"eth buys", ledger.TxFilter{AssetIDs: []uuid.UUID{b.eth}, Labels: []string{"buy"}}},
		{"eth buys before noon", ledger.TxFilter{AssetIDs: []uuid.UUID{b.eth}, Labels: []string{"buy"}, StartDate: &from, EndDate: ptr(from.Add(12 * time.Hour))}},
		{"btc sells, hidden too", ledger.TxFilter{AssetIDs: []uuid.UUID{btc}, Labels: []string{"sell"}, IncludeHidden: true}},
	} {
		for _, asc := range []bool{false, true} {
			exact, err := b.led.List(b.ctx, scope, c.f, ledger.TxPage{Limit: 10, ExactTotal: true, Ascending: asc})
			if err != nil {
				t.Fatal(err)
			}
			var want int
			if err := b.pool.QueryRow(b.ctx, `SELECT count(DISTINCT t.id) FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
				WHERE t.client_id = $1 AND tr.asset_id = $2 AND (cardinality($3::text[]) = 0 OR t.label = ANY($3))
				  AND ($4::timestamptz IS NULL OR t.occurred_at >= $4) AND ($5::timestamptz IS NULL OR t.occurred_at < $5)
				  AND ($6 OR NOT t.is_hidden)`,
				b.client, c.f.AssetIDs[0], append([]string{}, c.f.Labels...), c.f.StartDate, c.f.EndDate, c.f.IncludeHidden).Scan(&want); err != nil {
				t.Fatal(err)
			}
			if exact.Total == nil || *exact.Total != want {
				t.Fatalf("%s: exact total %s, want %d", c.name, total(exact.Total), want)
			}
			capped, err := b.led.List(b.ctx, scope, c.f, ledger.TxPage{Limit: 10, Ascending: asc})
			if err != nil {
				t.Fatal(err)
			}
			wantCapped := min(want, ledger.TotalCap)
			if capped.Total == nil || *capped.Total != wantCapped || capped.TotalCapped != (want > ledger.TotalCap) {
				t.Fatalf("%s (ascending %v): capped total %s (capped %v), want %d of %d", c.name, asc, total(capped.Total), capped.TotalCapped, wantCapped, want)
			}
		}
	}
}

func total(n *int) string {
	if n == nil {
		return "none"
	}
	return fmt.Sprint(*n)
}

// Two writers at once (READ COMMITTED): a transfer added to a transaction whose time another
// transaction is changing waits for that change and takes the new time; a change of time waits for
// a transfer being added and passes the time to it (migration 00024). Unlocked, the transfer kept
// the old time.
func TestTransferTimeOfAConcurrentTimeEdit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	x := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at) VALUES ($1, $2, $3, '2025-01-01')`, x, b.client, b.wallet)
	addTransfer := `INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id) VALUES (gen_random_uuid(), $1, $2, $3, $4, 1, $5)`

	// The time is being changed: adding a transfer waits, then takes the new time.
	edit, err := b.pool.Begin(b.ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer edit.Rollback(b.ctx) // a failure must not leave the pool waiting on it (after Commit: nothing)
	if _, err := edit.Exec(b.ctx, `UPDATE transactions SET occurred_at = '2025-02-01' WHERE id = $1`, x); err != nil {
		t.Fatal(err)
	}
	expectLockTimeout(t, b, "a transfer added while its transaction's time changes", addTransfer, b.client, x, 0, b.eth, b.wallet)
	added := make(chan error, 1)
	go func() {
		_, err := b.pool.Exec(b.ctx, addTransfer, b.client, x, 0, b.eth, b.wallet)
		added <- err
	}()
	testwait.BlockedOnLock(t, b.pool, "INSERT INTO transfers", 30*time.Second)
	if err := edit.Commit(b.ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-added; err != nil {
		t.Fatal(err)
	}
	if n := b.transfersOffTheirTime(t); n != 0 {
		t.Fatalf("a transfer added during a change of time: %d transfers off their transaction's time", n)
	}

	// A transfer is being added: changing the time waits, then moves that transfer too.
	add, err := b.pool.Begin(b.ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer add.Rollback(b.ctx)
	if _, err := add.Exec(b.ctx, addTransfer, b.client, x, 1, b.eth, b.wallet); err != nil {
		t.Fatal(err)
	}
	expectLockTimeout(t, b, "a change of time while a transfer is added", `UPDATE transactions SET occurred_at = '2025-03-01' WHERE id = $1`, x)
	moved := make(chan error, 1)
	go func() {
		_, err := b.pool.Exec(b.ctx, `UPDATE transactions SET occurred_at = '2025-03-01' WHERE id = $1`, x)
		moved <- err
	}()
	testwait.BlockedOnLock(t, b.pool, "UPDATE transactions SET occurred_at = '2025-03-01'", 30*time.Second)
	if err := add.Commit(b.ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-moved; err != nil {
		t.Fatal(err)
	}
	var n, at int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*), count(*) FILTER (WHERE occurred_at = '2025-03-01') FROM transfers WHERE transaction_id = $1`, x).Scan(&n, &at); err != nil {
		t.Fatal(err)
	}
	if n != 2 || at != 2 || b.transfersOffTheirTime(t) != 0 {
		t.Fatalf("after a change of time during an added transfer: %d transfers, %d at the new time", n, at)
	}
}
