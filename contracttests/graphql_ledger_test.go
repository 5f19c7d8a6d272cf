package contracttests

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/recalc"
)

// gid is a GraphQL fixture id: the shared prefix and the last 12 hex digits.
func gid(suffix string) uuid.UUID { return uuid.MustParse("0190a1b2-0000-7000-8000-" + suffix) }

// seedGraphQLLedger writes C1's ledger of spec/graphql/examples/README.md (user, accounts, job,
// assets, transactions T1-T4 with their transfers, audit log, report) and computes its results
// with the real recalculation, so every figure the examples assert comes from the engine.
func seedGraphQLLedger(t *testing.T, e *env) {
	t.Helper()
	c := ctx()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := e.pool.Exec(c, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	jane := gid("0000000a0f01")
	exec(`INSERT INTO users (id, idp_subject, email, name) VALUES ($1, 'user-jane', 'jane@example.com', 'Jane Doe')`, jane)
	exec(`INSERT INTO client_members (client_id, user_id) VALUES ($1, $2)`, gqlClient1, jane)
	accCreated := time.Date(2025, 1, 2, 15, 10, 0, 0, time.UTC)
	for _, a := range []struct {
		id                  string
		typ, provider, name string
		address             *string
	}{
		{"000000000001", "wallet", "ethereum", "Main ETH wallet", ptr("0x4e83362442b8d1bec281594cea3050c8eb01311c")},
		{"000000000002", "wallet", "bitcoin", "Cold BTC wallet", ptr("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")},
		{"000000000003", "exchange", "coinbase", "Coinbase", nil},
	} {
		exec(`INSERT INTO accounts (id, client_id, type, provider, address, name, status, created_at, last_synced_at) VALUES ($1, $2, $3, $4, $5, $6, 'synced', $7, $7)`,
			gid(a.id), gqlClient1, a.typ, a.provider, a.address, a.name, accCreated)
	}
	j1 := gid("000000140001")
	exec(`INSERT INTO account_syncs (id, client_id, status, progress, created_at, started_at, finished_at) VALUES ($1, $2, 'completed', 100, '2025-08-01T00:00:00Z', '2025-08-01T00:00:00Z', '2025-08-01T00:01:30Z')`, j1, gqlClient1)
	exec(`INSERT INTO account_sync_items (sync_id, account_id, status, progress, imported) VALUES ($1, $2, 'synced', 100, 3)`, j1, gid("000000000001"))
	exec(`INSERT INTO assets (id, client_id, key, symbol, name, type, chain, decimals, price_source_id) VALUES
		($1, $3, 'ethereum:native', 'ETH', 'Ether', 'COIN', 'ethereum', 18, 'eth'),
		($2, $3, 'bitcoin:native', 'BTC', 'Bitcoin', 'COIN', 'bitcoin', 8, 'btc')`, gid("0000000e0001"), gid("0000000e0002"), gqlClient1)
	type transfer struct {
		id, asset, qty, value string
		from, to              *uuid.UUID
		fromAddr              *string
	}
	a1, a2 := gid("000000000001"), gid("000000000002")
	eth, btc := "0000000e0001", "0000000e0002"
	for _, tx := range []struct {
		id, hash, at, label string
		account             uuid.UUID
		reviewed            bool
		notes               *string
		transfers           []transfer
	}{
		{"0000000a0001", "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060", "2025-01-15T12:00:00Z", "buy", a1, true, nil,
			[]transfer{{"0000000b0001", eth, "2", "5000", nil, &a1, ptr("0x28c6c06298d514db089934071355e5743bf21d60")}}},
		{"0000000a0002", "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b", "2025-03-10T09:30:00Z", "buy", a2, false, nil,
			[]transfer{{"0000000b0002", btc, "0.1", "7000", nil, &a2, nil}}},
		{"0000000a0003", "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b", "2025-06-01T14:30:00Z", "payment", a1, false, ptr("Paid two contractors"),
			[]transfer{{"0000000b0003", eth, "0.5", "1900", &a1, nil, nil}, {"0000000b0005", eth, "0.25", "950", &a1, nil, nil}}},
		{"0000000a0004", "0x2f1c5c2b44f771e942a8506148e256f94f1a464babc938ae0690c6e34cd79190", "2025-07-04T00:00:00Z", "staking_reward", a1, false, nil,
			[]transfer{{"0000000b0004", eth, "0.01", "34", nil, &a1, nil}}},
	} {
		exec(`INSERT INTO transactions (id, client_id, account_id, occurred_at, txn_hash, external_id, label, notes, is_reviewed, source, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, 'sync', $4, $4)`, gid(tx.id), gqlClient1, tx.account, tx.at, tx.hash, tx.label, tx.notes, tx.reviewed)
		for i, tr := range tx.transfers {
			// as a sync stores it: the value it was imported with is also the original
			exec(`INSERT INTO transfers (id, client_id, transaction_id, position, asset_id, quantity, from_account_id, to_account_id, from_address, fiat_value, original_fiat_value)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`, gid(tr.id), gqlClient1, gid(tx.id), i, gid(tr.asset), tr.qty, tr.from, tr.to, tr.fromAddr, tr.value)
			e.known[gid(tr.id).String()] = true
		}
		e.known[gid(tx.id).String()] = true
	}
	exec(`INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, action, field, old_value, new_value, actor, created_at)
		VALUES ($1, $2, $3, 'transaction', $3, 'transaction.label', 'label', 'null', '"buy"', $4, '2025-02-01T08:00:00Z')`,
		gid("000000130001"), gqlClient1, gid("0000000a0001"), fmt.Sprintf("user:%s", jane))
	exec(`INSERT INTO reports (id, client_id, year, report_type, status, filename, content_type, created_at, completed_at)
		VALUES ($1, $2, 2025, 'tax-forms', 'available', 'tax-forms-2025.zip', 'application/zip', '2026-02-01T10:00:00Z', '2026-02-01T10:00:42Z')`,
		gid("0000000f0001"), gqlClient1)
	// TF1: Coinbase's 1099-DA for 2025, its two rows (no basis reported) given for T3's disposals.
	tf1 := gid("000000110001")
	exec(`INSERT INTO tax_forms (id, client_id, form_type, tax_year, broker_name, status, row_count, uploaded_at)
		VALUES ($1, $2, 'FORM_1099_DA', 2025, 'Coinbase', 'RECONCILED', 2, '2026-02-15T09:00:00Z')`, tf1, gqlClient1)
	exec(`INSERT INTO tax_form_rows (tax_form_id, position, id, client_id, asset_symbol, asset_id, quantity, date_sold, proceeds, transaction_id, transfer_id) VALUES
		($1, 0, $3, $2, 'ETH', $5, 0.5, '2025-06-01T14:30:00Z', 1900, $6, $7),
		($1, 1, $4, $2, 'ETH', $5, 0.25, '2025-06-01T14:30:00Z', 950, $6, $8)`,
		tf1, gqlClient1, gid("000000110101"), gid("000000110102"), gid(eth), gid("0000000a0003"), gid("0000000b0003"), gid("0000000b0005"))
	// C1's billing plan and the recorded insight INS1 (the GraphQL clients operations).
	exec(`INSERT INTO subscriptions (id, client_id, plan, status, tax_years, transaction_limit, price_cents, currency, current_period_start, current_period_end, created_at)
		VALUES ($1, $2, 'PREMIUM', 'ACTIVE', '{2025}', 1000, 19900, 'USD', '2025-01-02T15:04:05Z', '2026-01-02T15:04:05Z', '2025-01-02T15:04:05Z')`,
		gid("000000150001"), gqlClient1)
	exec(`INSERT INTO insights (id, client_id, pattern_id, type, status, severity, title, description, created_at)
		VALUES ($1, $2, 'possible-internal-transfer', 'POSSIBLE_INTERNAL_TRANSFER', 'OPEN', 'WARNING', '1 transfer may be a move between your own wallets',
		        'The BTC received into Cold BTC wallet may come from another of your accounts; mark it as an internal transfer if so.', '2025-08-01T00:02:00Z')`,
		gid("000000120001"), gqlClient1)
	exec(`INSERT INTO insight_transactions (insight_id, transaction_id) VALUES ($1, $2)`, gid("000000120001"), gid("0000000a0002"))
	// Cached prices of the last 40 days (the portfolio examples value holdings with them; the price
	// feed is never asked for what the cache has).
	exec(`INSERT INTO prices (price_key, day, usd, source)
		SELECT k.key, d::date, k.usd, 'fixture' FROM (VALUES ('coingecko:ethereum', 3500), ('coingecko:bitcoin', 90000)) k(key, usd),
		generate_series((now() AT TIME ZONE 'UTC')::date - 40, (now() AT TIME ZONE 'UTC')::date, '1 day') d
		ON CONFLICT DO NOTHING`)
	if _, err := (&recalc.Runner{Pool: e.pool}).Run(c, auth.JobWriteScope(gqlClient1, "test")); err != nil {
		t.Fatalf("recalculating the GraphQL fixture: %v", err)
	}
	for _, id := range []string{"000000000001", "000000000002", "000000000003", "000000140001", "0000000e0001", "0000000e0002", "000000130001", "0000000f0001", "0000000a0f01", "000000110001", "000000110101", "000000110102", "000000150001", "000000120001"} {
		e.known[gid(id).String()] = true
	}
}
