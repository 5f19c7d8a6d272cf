package graph_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	benchdata "taxd/internal/bench"
	"taxd/internal/clients"
	"taxd/internal/imports"
	"taxd/internal/jobs"
	"taxd/internal/ledger"
	"taxd/internal/partner"
	"taxd/internal/prices"
	"taxd/internal/recalc"
	"taxd/internal/tax/taxgen"
	"taxd/internal/taxforms"
)

// benchFixture is the client the read benchmarks run on: a generated ledger like a heavy user's
// (taxgen: buys, sells, swaps, moves between own accounts, income, staking, gifts) over four
// accounts of four providers and eight coins from 2019 on, with what every read of the seed
// reads: daily prices, settled results, edits with their audit log and links, a broker 1099-DA of
// 9,000 rows reconciled, reports, a sync, an embedding partner (REST) and a cached getUsedChains
// answer. Seeded once per database (benchDatabase keeps it between runs); its ids are stored in
// the database so a kept one is found again.
type benchFixture struct {
	N            int
	Client       uuid.UUID
	Partner      uuid.UUID
	ReferenceID  string
	Accounts     []uuid.UUID          // ETH wallet, BTC wallet, Coinbase, Solana wallet
	Assets       map[string]uuid.UUID // by symbol
	BigAsset     uuid.UUID            // the asset with the most transfers
	BigKey       string               // its pricing key
	TaxForm      uuid.UUID            // the broker's 1099-DA of FormYear, linked to the exchange account
	FormYear     int
	Reports      []uuid.UUID // available reports (files stored at each run: the bucket is not kept)
	Sync         uuid.UUID
	Tx           uuid.UUID   // a transaction with disposal pieces in FormYear
	Edited       []uuid.UUID // transactions edited after import (audit log)
	Hash         string      // part of a transaction hash
	EthAddress   string
	CachedChains string // an address whose getUsedChains answer is cached
}

var (
	benchPartnerCreds = auth.PartnerCredentials{
		ClientID: "cli_bench_reads_0001", APISecret: "sk_bench_reads_secret_0001", APIKey: "pk_benchreads0001_apikeysecret0001",
	}
	benchSymbols = []string{"BTC", "ETH", "SOL", "USDC", "ADA", "DOT", "AVAX", "MATIC"}
)

const benchFixtureVersion = "reads-1" // bump when the fixture's content changes: a kept database is seeded again

// seedBenchFixture writes the fixture of n transactions into pool.
func seedBenchFixture(ctx context.Context, pool *pgxpool.Pool, n int, log io.Writer) (benchFixture, error) {
	fx := benchFixture{N: n, ReferenceID: "bench-user-1", FormYear: 2024, Assets: map[string]uuid.UUID{}}
	phase := time.Now()
	step := func(what string) {
		fmt.Fprintf(log, "bench fixture: %s in %s\n", what, time.Since(phase).Round(100*time.Millisecond))
		phase = time.Now()
	}
	in := taxgen.Generate(taxgen.Config{Transactions: n, Assets: len(benchSymbols), Wallets: 4, Seed: 42,
		Start: time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)})
	client, err := benchdata.Seed(ctx, pool, in, io.Discard)
	if err != nil {
		return fx, err
	}
	fx.Client = client
	step(fmt.Sprintf("%d transactions stored", n))

	p, err := partner.CreatePartnerWith(ctx, pool, partner.NewPartner{Name: "Bench Wallet", PortalURL: "https://portal.bench.example/embed"}, benchPartnerCreds)
	if err != nil {
		return fx, err
	}
	fx.Partner = p.ID
	// The client as an embedded user of the partner, in New York, with four accounts as a user
	// who imported two chains, an exchange and Solana would have.
	accounts := []struct{ name, typ, provider, address string }{
		{"Main ETH wallet", "wallet", "ethereum", "0x52908400098527886e0f7030069857d2e4169ee7"},
		{"Cold BTC wallet", "wallet", "bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"},
		{"Coinbase", "exchange", "coinbase", ""},
		{"Phantom", "wallet", "solana", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"},
	}
	fx.EthAddress, fx.CachedChains = accounts[0].address, "0x28c6c06298d514db089934071355e5743bf21d60"
	names := make([]string, len(accounts))
	for i := range accounts {
		names[i] = taxgen.WalletName(i)
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE clients SET partner_id = $2, reference_id = $3, name = 'Bench User', email = 'bench@example.com',
			country = 'US', timezone = 'America/New_York' WHERE id = $1`, client, p.ID, fx.ReferenceID); err != nil {
			return err
		}
		for i, a := range accounts {
			var addr *string
			if a.address != "" {
				addr = &a.address
			}
			var id uuid.UUID
			if err := tx.QueryRow(ctx, `UPDATE accounts SET name = $3, type = $4, provider = $5, address = $6, status = 'synced',
				last_synced_at = now() - interval '2 hours' WHERE client_id = $1 AND name = $2 RETURNING id`,
				client, names[i], a.name, a.typ, a.provider, addr).Scan(&id); err != nil {
				return fmt.Errorf("account %s: %w", names[i], err)
			}
			fx.Accounts = append(fx.Accounts, id)
		}
		for i, sym := range benchSymbols {
			coin, _ := prices.SymbolCoinID(sym)
			var id uuid.UUID
			if err := tx.QueryRow(ctx, `UPDATE assets SET symbol = $3, key = 'symbol:' || $3, name = initcap($4), type = 'COIN'
				WHERE client_id = $1 AND symbol = $2 RETURNING id`, client, taxgen.AssetName(i), sym, coin).Scan(&id); err != nil {
				return fmt.Errorf("asset %s: %w", sym, err)
			}
			fx.Assets[sym] = id
		}
		return nil
	}); err != nil {
		return fx, err
	}
	// What an import gives that the generator leaves out: each transaction's account (its first
	// transfer's own side), its label and a hash.
	if _, err := pool.Exec(ctx, `UPDATE transactions t SET account_id = f.acct, label = f.label, txn_hash = '0x' || md5(t.id::text) || md5(t.ordinal::text)
		FROM (SELECT DISTINCT ON (transaction_id) transaction_id, coalesce(to_account_id, from_account_id) AS acct, label
		        FROM transfers WHERE client_id = $1 ORDER BY transaction_id, position) f
		WHERE t.id = f.transaction_id AND t.client_id = $1`, client); err != nil {
		return fx, err
	}
	step("accounts, assets, labels and hashes")
	// Daily prices of every coin from the ledger's first day to today (the price service's cache).
	if _, err := pool.Exec(ctx, `INSERT INTO prices (price_key, day, usd, source)
		SELECT 'coingecko:' || lower(replace(a.name, ' ', '-')), d::date,
		       round(((1 + abs(hashtext(a.symbol)) % 5000) * (1.5 + sin(extract(epoch FROM d) / 8e6 + abs(hashtext(a.symbol)) % 7)))::numeric, 4), 'bench'
		  FROM assets a, generate_series('2019-01-01'::date, current_date, '1 day') d WHERE a.client_id = $1
		ON CONFLICT DO NOTHING`, client); err != nil {
		return fx, err
	}
	step("daily prices")
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		return fx, err
	}
	step("full recalculation")
	if err := benchEdits(ctx, pool, &fx); err != nil {
		return fx, err
	}
	if _, err := (&recalc.Runner{Pool: pool}).Run(ctx, auth.JobWriteScope(client, "test")); err != nil {
		return fx, err
	}
	step("edits, links and an incremental recalculation")
	if err := benchTaxForm(ctx, pool, &fx); err != nil {
		return fx, err
	}
	step("a 1099-DA of 9,000 rows")
	if err := benchRest(ctx, pool, &fx); err != nil {
		return fx, err
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		return fx, err
	}
	step("keys, reports, sync; VACUUM ANALYZE")
	return fx, nil
}

// benchEdits edits the ledger as a person reviewing it would (labels, notes, reviewed marks, a
// hidden transaction, internal-transfer links), through the ledger's editor so the audit log and
// dirty marks are the real ones; an incremental run settles them.
func benchEdits(ctx context.Context, pool *pgxpool.Pool, fx *benchFixture) error {
	l := ledger.New(pool)
	var ids []uuid.UUID
	rows, err := pool.Query(ctx, `SELECT id FROM transactions WHERE client_id = $1 AND occurred_at >= '2024-06-01' ORDER BY occurred_at, id LIMIT 60`, fx.Client)
	if err != nil {
		return err
	}
	if ids, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID]); err != nil {
		return err
	}
	// pairs of a send from one own account and a receipt on another (same asset, a day apart)
	rows, err = pool.Query(ctx, `SELECT s.transaction_id, r.transaction_id FROM transfers s
		JOIN LATERAL (SELECT r.transaction_id FROM transfers r WHERE r.client_id = s.client_id AND r.asset_id = s.asset_id
			AND r.from_account_id IS NULL AND r.to_account_id IS NOT NULL AND r.to_account_id <> s.from_account_id
			AND r.occurred_at > s.occurred_at AND r.occurred_at < s.occurred_at + interval '1 day' AND r.label = 'buy' LIMIT 1) r ON true
		WHERE s.client_id = $1 AND s.label = 'sell' AND s.occurred_at >= '2025-03-01' ORDER BY s.occurred_at LIMIT 20`, fx.Client)
	if err != nil {
		return err
	}
	type pair struct{ from, to uuid.UUID }
	pairs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pair, error) {
		var p pair
		return p, r.Scan(&p.from, &p.to)
	})
	if err != nil {
		return err
	}
	label, note := "income", "Reviewed with the accountant"
	err = l.Update(ctx, auth.JobWriteScope(fx.Client, "test"), ledger.Meta{Actor: "user:bench", Source: ptrTo("portal")}, func(e *ledger.Editor) error {
		if err := e.LabelTransactions(ids[:20], ledger.LabelEdit{Label: &label}); err != nil {
			return err
		}
		for _, id := range ids[20:40] {
			if _, err := e.UpdateTransaction(id, ledger.TransactionPatch{Notes: &note, IsReviewed: ptrTo(true)}); err != nil {
				return err
			}
		}
		if err := e.SetHidden(ids[40:42], true); err != nil {
			return err
		}
		used := map[uuid.UUID]bool{}
		for _, p := range pairs {
			if used[p.from] || used[p.to] {
				continue
			}
			used[p.from], used[p.to] = true, true
			if err := e.MarkInternalTransfer(p.from, p.to); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fx.Edited = ids[:40]
	return nil
}

// benchTaxForm records the exchange's Form 1099-DA of FormYear: 9,000 of the account's disposals
// as the broker printed them, a few with other proceeds (mismatched) and the rest of the year's
// disposals left off (missing on the form), reconciled by the service as generate1099DAReports does.
func benchTaxForm(ctx context.Context, pool *pgxpool.Pool, fx *benchFixture) error {
	exchange := fx.Accounts[2]
	units, err := db.New(pool).ListYearDisposalUnits(ctx, db.ListYearDisposalUnitsParams{ID: fx.Client, TaxYear: int32(fx.FormYear), AccountID: &exchange, MaxUnits: 100_000})
	if err != nil {
		return err
	}
	if len(units) == 0 {
		return fmt.Errorf("bench fixture: the exchange account has no disposal in %d", fx.FormYear)
	}
	fx.Tx = units[0].TransactionID
	in := make([]taxforms.RowInput, 0, 9000)
	for i, u := range units[:min(len(units), 9000)] { // 9,000 at 1M transactions; fewer in a small fixture
		r := taxforms.RowInput{TransactionID: ptrTo(u.TransactionID), TransferID: ptrTo(u.TransferID)}
		if i%50 == 7 {
			r.Proceeds = ptrTo(u.Proceeds.Add(decimal.NewFromInt(3)))
		}
		in = append(in, r)
	}
	jc, err := jobs.New(pool, nil, jobs.Options{})
	if err != nil {
		return err
	}
	fx.TaxForm = uuid.Must(uuid.NewV7())
	actor, err := auth.PartnerUserScope(&auth.Partner{PartnerID: fx.Partner}, fx.Client, &fx.Partner)
	if err != nil {
		return err
	}
	_, err = taxforms.NewService(pool, jc, time.Now).Generate(ctx, actor, fx.TaxForm, in, false)
	return err
}

// benchRest writes what the partner API and the remaining reads show: the client's API key, a
// finished sync of its accounts, available reports, an import job and a cached getUsedChains answer.
func benchRest(ctx context.Context, pool *pgxpool.Pool, fx *benchFixture) error {
	q := db.New(pool)
	if _, err := clients.StoreKey(ctx, q, uuid.New(), clients.NewKey{ClientID: fx.Client, ReadWrite: true}, rawKey, time.Now()); err != nil {
		return err
	}
	fx.Sync = uuid.Must(uuid.NewV7())
	if _, err := pool.Exec(ctx, `INSERT INTO account_syncs (id, client_id, status, progress, created_at, started_at, finished_at)
		VALUES ($1, $2, 'completed', 100, now() - interval '3 hours', now() - interval '3 hours', now() - interval '2 hours')`, fx.Sync, fx.Client); err != nil {
		return err
	}
	for _, a := range fx.Accounts {
		if _, err := pool.Exec(ctx, `INSERT INTO account_sync_items (sync_id, account_id, status, progress) VALUES ($1, $2, 'synced', 100)`, fx.Sync, a); err != nil {
			return err
		}
	}
	for _, kind := range []string{"tax-forms", "capital-gains-csv", "income-csv"} {
		id := uuid.Must(uuid.NewV7())
		if _, err := pool.Exec(ctx, `INSERT INTO reports (id, client_id, year, report_type, status, created_at) VALUES ($1, $2, $3, $4, 'generating', now() - interval '1 day')`,
			id, fx.Client, fx.FormYear, kind); err != nil {
			return err
		}
		fx.Reports = append(fx.Reports, id)
	}
	// Every candidate chain of the cached address has answered: used on Ethereum and Base only.
	for _, chain := range imports.DetectChains(fx.CachedChains) {
		if _, err := pool.Exec(ctx, `INSERT INTO used_chain_checks (address, chain, used, checked_at) VALUES (lower($1), $2, $3, now())`,
			fx.CachedChains, chain, chain == "ethereum" || chain == "base"); err != nil {
			return err
		}
	}
	if err := pool.QueryRow(ctx, `SELECT asset_id FROM transfers WHERE client_id = $1 GROUP BY asset_id ORDER BY count(*) DESC LIMIT 1`, fx.Client).Scan(&fx.BigAsset); err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, `SELECT `+ledger.PricingKeySQL+` FROM assets a WHERE id = $1`, fx.BigAsset).Scan(&fx.BigKey); err != nil {
		return err
	}
	return pool.QueryRow(ctx, `SELECT substr(txn_hash, 5, 10) FROM transactions WHERE client_id = $1 ORDER BY id LIMIT 1 OFFSET 1000`, fx.Client).Scan(&fx.Hash)
}

// saveBenchFixture stores fx in its database (benchDatabase finds a kept fixture by it).
func saveBenchFixture(ctx context.Context, pool *pgxpool.Pool, fx benchFixture) error {
	js, err := json.Marshal(fx)
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `CREATE TABLE bench_fixture (version text PRIMARY KEY, fixture jsonb NOT NULL);
		INSERT INTO bench_fixture VALUES ('`+benchFixtureVersion+`', '`+strings.ReplaceAll(string(js), "'", "''")+`')`)
	return err
}

// loadBenchFixture reads the fixture a kept database holds; ok is false when it holds none (or
// one of another version or size).
func loadBenchFixture(ctx context.Context, pool *pgxpool.Pool, n int) (benchFixture, bool) {
	var fx benchFixture
	var js []byte
	if err := pool.QueryRow(ctx, `SELECT fixture FROM bench_fixture WHERE version = $1`, benchFixtureVersion).Scan(&js); err != nil {
		return fx, false
	}
	if err := json.Unmarshal(js, &fx); err != nil || fx.N != n {
		return fx, false
	}
	return fx, true
}

func ptrTo[T any](v T) *T { return &v }
