package recalc

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/pgtest"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// The joined read of a full run (two scans, joined and ordered in Go) gives exactly what the one
// sorted query gives: the same transactions in the same order, the same transfers in position
// order with the same labels and the same exclusions; its per-year counts are of the transactions
// the list shows (live, not hidden, not failed, not moving only spam), with or without a transfer
// the engine gets (counted here by SQL). The ledger has
// what each rule is about: equal instants ordered by ordinal and then id, transfers written out of
// position order, NULL and empty transfer labels over a transaction's label, hidden and deleted
// transactions, a hidden transfer, a spam asset (and a transaction with only spam), a transaction
// without transfers and one whose only transfer is hidden, a year
// boundary in the client's time zone, and the result row's columns (account or none, reviewed,
// failed, the transaction's label, fee transfers and fiat fees summed per transaction).
func TestJoinedLedgerReadEqualsTheSortedQuery(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	client, wallet, eth, usd, spam := uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO clients (id, name) VALUES ($1, 'c')`, client)
	exec(`INSERT INTO accounts (id, client_id, type, provider, name) VALUES ($1, $2, 'wallet', 'ethereum', 'w')`, wallet, client)
	exec(`INSERT INTO assets (id, client_id, key, symbol, is_spam) VALUES ($1, $4, 'ethereum:native', 'ETH', false),
		($2, $4, 'fiat:usd', 'USD', false), ($3, $4, 'ethereum:0xspam', 'SPAM', true)`, eth, usd, spam, client)
	base := time.Date(2024, 12, 31, 23, 30, 0, 0, time.UTC)
	type txRow struct {
		at        time.Duration
		ordinal   int
		label     *string
		hidden    bool
		deleted   bool
		transfers []string // "asset:label:hidden" written in this order, position = index from the end
	}
	buy, sell, empty := "buy", "sell", ""
	rows := []txRow{
		{0, 1, &buy, false, false, []string{"eth:null:f", "usd:null:f"}},
		{0, 0, &sell, false, false, []string{"eth:empty:f", "usd:trade:f", "eth:null:t"}},
		{0, 0, nil, false, false, []string{"usd:null:f"}},
		{0, 0, &buy, false, false, []string{"spam:null:f"}},
		{time.Hour, 0, &buy, true, false, []string{"eth:null:f"}},
		{time.Hour, 0, &buy, false, true, []string{"eth:null:f"}},
		{2 * time.Hour, 5, &empty, false, false, []string{"eth:null:f", "spam:null:f", "usd:fee:f"}},
		{-time.Hour, 0, nil, false, false, []string{"usd:income:f"}},
		{time.Hour, 0, nil, false, false, nil},
		{2 * time.Hour, 1, &buy, false, false, []string{"eth:null:t"}},
	}
	for i := 0; i < 3; i++ { // more of the same, for more than one id order
		rows = append(rows, rows...)
	}
	asset := map[string]uuid.UUID{"eth": eth, "usd": usd, "spam": spam}
	n := 0
	for _, r := range rows {
		id := uuid.New()
		var deleted *time.Time
		if r.deleted {
			now := time.Now()
			deleted = &now
		}
		n++
		var account *uuid.UUID
		if n%5 != 0 {
			account = &wallet
		}
		exec(`INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label, is_hidden, deleted_at, is_reviewed, is_failed)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			id, client, account, base.Add(r.at), r.ordinal, r.label, r.hidden, deleted, n%2 == 0, n%3 == 0)
		for k, spec := range r.transfers {
			parts := strings.Split(spec, ":")
			a, l, h := parts[0], parts[1], parts[2]
			var label *string
			switch l {
			case "null":
			case "empty":
				label = &empty
			default:
				label = &l
			}
			var fee *string
			if (n+k)%3 == 0 {
				f := "0.25"
				fee = &f
			}
			exec(`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, to_account_id, label, is_hidden, fiat_value, fee_fiat, is_fee)
				VALUES ($1, $2, $3, $4, $5, 1.5, $6, $7, $8, 10.5, $9::numeric, $10)`, uuid.New(), client, id, len(r.transfers)-k, asset[a], wallet, label, h == "t", fee, l == "fee")
		}
	}
	loc, _ := time.LoadLocation("America/New_York")
	yearOf := tax.Settings{Location: loc, FiscalYearStartMonth: time.July, FiscalYearStartDay: 1}.TaxYearOf
	// the transactions the list shows (per tax year, from an instant on) and how many of them have
	// no transfer the engine gets
	shownPerYear := func(from time.Time) (map[int]int, int) {
		t.Helper()
		rows, err := pool.Query(ctx, `SELECT occurred_at, NOT EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND NOT tr.is_hidden AND tr.asset_id <> $3)
			FROM transactions t WHERE client_id = $1 AND occurred_at >= $2 AND deleted_at IS NULL AND NOT is_hidden AND NOT is_failed
			AND NOT (EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id)
			         AND NOT EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND tr.asset_id <> $3))`, client, from, spam)
		if err != nil {
			t.Fatal(err)
		}
		out, aside := map[int]int{}, 0
		var at time.Time
		var none bool
		if _, err := pgx.ForEachRow(rows, []any{&at, &none}, func() error {
			out[yearOf(at)]++
			if none {
				aside++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out, aside
	}
	spamOnlyIDs, err := db.New(pool).SpamOnlyTransactionIDs(ctx, client)
	if err != nil || len(spamOnlyIDs) == 0 {
		t.Fatalf("spam-only transactions %v (%v): the fixture has some", spamOnlyIDs, err)
	}
	spamOnly := map[uuid.UUID]bool{}
	for _, id := range spamOnlyIDs {
		spamOnly[id] = true
	}
	names, err := func() (interner, error) {
		var in interner
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var err error
			in, err = loadNames(ctx, tx, client)
			return err
		})
		return in, err
	}()
	if err != nil {
		t.Fatal(err)
	}
	var sorted, joined ledgerPart
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if sorted, err = readLedger(ctx, tx, ledgerQuery, []any{client}, 0, names); err != nil {
			return err
		}
		return store.WithSharedSnapshot(ctx, pool, tx, func(second pgx.Tx) error {
			if second == nil {
				return errors.New("the test pool has no room for a second connection")
			}
			joined, err = readLedgerJoined(ctx, tx, second, wholeLedger(client), []uuid.UUID{spam}, spamOnly, 0, names, yearOf)
			return err
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sorted.txs) == 0 || sorted.transfers <= len(sorted.txs) {
		t.Fatalf("the sorted query read %d transactions, %d transfers: the fixture is wrong", len(sorted.txs), sorted.transfers)
	}
	if !reflect.DeepEqual(sorted.txs, joined.txs) || sorted.transfers != joined.transfers ||
		!reflect.DeepEqual(sorted.info, joined.info) || sorted.feesInexact != joined.feesInexact {
		t.Fatalf("joined read differs:\nsorted %d txs %d transfers\njoined %d txs %d transfers\n%+v\n%+v",
			len(sorted.txs), sorted.transfers, len(joined.txs), joined.transfers, sorted.txs[:3], joined.txs[:min(3, len(joined.txs))])
	}
	if want, aside := shownPerYear(base.Add(-24 * time.Hour)); !reflect.DeepEqual(joined.years, want) || len(joined.shownAside) != aside || aside == 0 {
		t.Fatalf("shown transactions per year %v, want %v; %d without a transfer the engine gets, want %d", joined.years, want, len(joined.shownAside), aside)
	}

	// An incremental run's read of the tail from an instant on (transfers found by their own time)
	// is the whole ledger's read from that instant on: from before the first transaction, at an
	// instant some transactions have (they are in it), between two, at the hidden and deleted
	// ones' and after the last; on two connections and on one.
	for _, from := range []time.Duration{-2 * time.Hour, -time.Hour, 0, 30 * time.Minute, time.Hour, 2 * time.Hour, 3 * time.Hour} {
		want := tailOf(sorted, base.Add(from), yearOf)
		for _, shared := range []bool{true, false} {
			var tail ledgerPart
			err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
				return store.WithSharedSnapshot(ctx, pool, tx, func(second pgx.Tx) error {
					if !shared {
						second = nil
					}
					var err error
					tail, err = readLedgerJoined(ctx, tx, second, ledgerFrom(client, base.Add(from)), []uuid.UUID{spam}, spamOnly, 0, names, yearOf)
					return err
				})
			})
			if err != nil {
				t.Fatal(err)
			}
			var aside int
			want.years, aside = shownPerYear(base.Add(from))
			if len(tail.txs) != len(want.txs) || (len(want.txs) > 0 && (!reflect.DeepEqual(want.txs, tail.txs) || !reflect.DeepEqual(want.info, tail.info))) ||
				want.transfers != tail.transfers || !reflect.DeepEqual(want.years, tail.years) || len(tail.shownAside) != aside || want.feesInexact != tail.feesInexact {
				t.Fatalf("tail from %s (two connections: %v) differs: want %d txs %d transfers %v, read %d txs %d transfers %v",
					from, shared, len(want.txs), want.transfers, want.years, len(tail.txs), tail.transfers, tail.years)
			}
		}
	}
}

// tailOf is the part of a whole ledger's read from an instant on: what a read of the tail from
// that instant gives.
func tailOf(p ledgerPart, from time.Time, yearOf func(time.Time) int) ledgerPart {
	k := 0
	for k < len(p.txs) && p.txs[k].Time.Before(from) {
		k++
	}
	out := ledgerPart{txs: p.txs[k:], info: p.info[k:], feesInexact: p.feesInexact}
	for _, t := range out.txs {
		out.transfers += len(t.Transfers)
	}
	return out
}
