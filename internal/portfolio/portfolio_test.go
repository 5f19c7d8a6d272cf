package portfolio_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/portfolio"
	"taxd/internal/recalc"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type fixture struct {
	pool            *pgxpool.Pool
	led             *ledger.Ledger
	svc             *portfolio.Service
	client          uuid.UUID
	w1, w2          uuid.UUID
	eth, btc, spam  uuid.UUID
	ctx             context.Context
	now             time.Time
	scope, readOnly auth.ClientScope
}

const (
	addr1 = "0xaaaa000000000000000000000000000000000001"
	addr2 = "0xbbbb000000000000000000000000000000000002"
)

func setup(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{pool: pgtest.Pool(t), ctx: context.Background(), client: uuid.New(), w1: uuid.New(), w2: uuid.New(),
		eth: uuid.New(), btc: uuid.New(), spam: uuid.New(), now: time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)}
	f.led = ledger.New(f.pool)
	f.svc = portfolio.NewService(f.pool, nil, func() time.Time { return f.now })
	// A partner's scope is the read-write scope a test can build without HTTP.
	partner := uuid.New()
	f.exec(t, `INSERT INTO partners (id, name, portal_url) VALUES ($1, 'p', 'https://p.example')`, partner)
	var err error
	if f.scope, err = auth.PartnerUserScope(&auth.Partner{PartnerID: partner}, f.client, &partner); err != nil {
		t.Fatal(err)
	}
	f.readOnly = auth.JobScope(f.client, "test")
	f.exec(t, `INSERT INTO clients (id, name, partner_id, reference_id) VALUES ($1, 'c', $2, 'u1')`, f.client, partner)
	f.exec(t, `INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, 'wallet', 'ethereum', $4, 'a'), ($3, $2, 'wallet', 'ethereum', $5, 'b')`,
		f.w1, f.client, f.w2, addr1, addr2)
	f.exec(t, `INSERT INTO assets (id, client_id, key, symbol, name, chain, contract_address) VALUES ($1, $4, 'ethereum:native', 'ETH', 'Ether', 'ethereum', NULL),
		($2, $4, 'bitcoin:native', 'BTC', 'Bitcoin', 'bitcoin', NULL), ($3, $4, 'ethereum:0xdead', 'SCAM', 'Scam', 'ethereum', '0xdead')`, f.eth, f.btc, f.spam, f.client)
	return f
}

func (f *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.pool.Exec(f.ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

var meta = ledger.Meta{Actor: "user:test"}

// checkAgainstScan compares the maintained tables with a scan of the ledger.
func (f *fixture) checkAgainstScan(t *testing.T, step string) {
	t.Helper()
	for _, c := range []struct{ name, maintained, scan string }{
		{"balances", `SELECT account_id::text, asset_id::text, quantity FROM portfolio_balances WHERE client_id = $1 AND quantity <> 0`, `
			SELECT acct::text, asset_id::text, sum(q) FROM (
			  SELECT tr.to_account_id AS acct, tr.asset_id, tr.quantity AS q FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			   WHERE t.client_id = $1 AND tr.to_account_id IS NOT NULL AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
			  UNION ALL
			  SELECT tr.from_account_id, tr.asset_id, -tr.quantity FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			   WHERE t.client_id = $1 AND tr.from_account_id IS NOT NULL AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden) x
			GROUP BY 1, 2 HAVING sum(q) <> 0`},
		{"days", `SELECT day::text, asset_id::text, delta FROM portfolio_balance_days WHERE client_id = $1 AND delta <> 0`, `
			SELECT (t.occurred_at AT TIME ZONE 'UTC')::date::text, tr.asset_id::text,
			       sum(CASE WHEN tr.to_account_id IS NOT NULL THEN tr.quantity ELSE 0 END - CASE WHEN tr.from_account_id IS NOT NULL THEN tr.quantity ELSE 0 END)
			  FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
			 WHERE t.client_id = $1 AND NOT tr.is_hidden AND t.deleted_at IS NULL AND NOT t.is_hidden
			 GROUP BY 1, 2 HAVING sum(CASE WHEN tr.to_account_id IS NOT NULL THEN tr.quantity ELSE 0 END - CASE WHEN tr.from_account_id IS NOT NULL THEN tr.quantity ELSE 0 END) <> 0`},
	} {
		got, want := f.rowSet(t, c.maintained), f.rowSet(t, c.scan)
		if len(got) != len(want) {
			t.Fatalf("%s: %s: maintained %v, scan %v", step, c.name, got, want)
		}
		for k, v := range want {
			if !got[k].Equal(v) {
				t.Fatalf("%s: %s %s: maintained %s, scan %s (all: %v vs %v)", step, c.name, k, got[k], v, got, want)
			}
		}
	}
}

func (f *fixture) rowSet(t *testing.T, sql string) map[string]decimal.Decimal {
	t.Helper()
	rows, err := f.pool.Query(f.ctx, sql, f.client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]decimal.Decimal{}
	for rows.Next() {
		var a, b string
		var q decimal.Decimal
		if err := rows.Scan(&a, &b, &q); err != nil {
			t.Fatal(err)
		}
		out[a+"/"+b] = q
	}
	return out
}

func (f *fixture) update(t *testing.T, fn func(e *ledger.Editor) error) {
	t.Helper()
	if err := f.led.Update(f.ctx, auth.JobWriteScope(f.client, "test"), meta, fn); err != nil {
		t.Fatal(err)
	}
}

// The maintained balances and day changes equal a scan of the ledger after every kind of write:
// create, edit (quantity, account, asset, hide a transfer), hide, move in time, soft delete,
// restore, import (twice: the re-import adds nothing), hard delete (cascade), account deletion.
func TestBalancesFollowEveryLedgerWrite(t *testing.T) {
	f := setup(t)
	day := func(d int) time.Time { return time.Date(2025, 1, d, 10, 0, 0, 0, time.UTC) }
	var buy, move, sell uuid.UUID
	var moveOut uuid.UUID
	f.update(t, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: day(1)})
		if err != nil {
			return err
		}
		buy = tx.ID
		if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: f.eth, Quantity: dec("2.5"), ToAccountID: &f.w1}); err != nil {
			return err
		}
		if tx, err = e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: day(2)}); err != nil {
			return err
		}
		move = tx.ID
		tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: f.eth, Quantity: dec("1"), FromAccountID: &f.w1, ToAccountID: &f.w2})
		if err != nil {
			return err
		}
		moveOut = tr.ID
		if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: f.eth, Quantity: dec("0.01"), FromAccountID: &f.w1, IsFee: true}); err != nil {
			return err
		}
		if tx, err = e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w2, OccurredAt: day(3)}); err != nil {
			return err
		}
		sell = tx.ID
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: f.eth, Quantity: dec("0.4"), FromAccountID: &f.w2})
		return err
	})
	f.checkAgainstScan(t, "create")
	f.expectHolding(t, f.w1, f.eth, "1.49")
	f.expectHolding(t, f.w2, f.eth, "0.6")

	f.update(t, func(e *ledger.Editor) error {
		q := dec("1.5")
		_, err := e.UpdateTransfer(move, moveOut, ledger.TransferPatch{Quantity: &q})
		return err
	})
	f.checkAgainstScan(t, "edit quantity")
	f.update(t, func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(move, moveOut, ledger.TransferPatch{ClearToAccount: true, AssetID: &f.btc})
		return err
	})
	f.checkAgainstScan(t, "edit account and asset")
	f.update(t, func(e *ledger.Editor) error {
		yes := true
		_, err := e.UpdateTransfer(move, moveOut, ledger.TransferPatch{IsHidden: &yes})
		return err
	})
	f.checkAgainstScan(t, "hide a transfer")
	f.update(t, func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{buy}, true) })
	f.checkAgainstScan(t, "hide a transaction")
	f.update(t, func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{buy}, false) })
	f.checkAgainstScan(t, "unhide")
	f.update(t, func(e *ledger.Editor) error {
		at := day(20)
		_, err := e.UpdateTransaction(sell, ledger.TransactionPatch{OccurredAt: &at})
		return err
	})
	f.checkAgainstScan(t, "move in time")
	f.update(t, func(e *ledger.Editor) error { return e.Delete(sell) })
	f.checkAgainstScan(t, "soft delete")
	f.exec(t, `UPDATE transactions SET deleted_at = NULL WHERE id = $1`, sell)
	f.checkAgainstScan(t, "restore")

	txs := []imports.Tx{
		{ExternalID: "imp-1", Hash: "0x1", Time: day(5), Transfers: []imports.Transfer{
			{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH"}, Quantity: dec("3"), From: "0xcccc000000000000000000000000000000000003", To: addr1}}},
		{ExternalID: "imp-2", Hash: "0x2", Time: day(6), Transfers: []imports.Transfer{
			{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH"}, Quantity: dec("0.5"), From: addr1, To: addr2},
			{Asset: imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC"}, Quantity: dec("100"), From: "", To: addr1}}},
	}
	for round := 0; round < 2; round++ {
		f.update(t, func(e *ledger.Editor) error {
			_, err := e.Import(f.w1, txs, nil)
			return err
		})
		f.checkAgainstScan(t, fmt.Sprintf("import %d", round))
	}
	f.exec(t, `DELETE FROM transactions WHERE client_id = $1 AND external_id = 'imp-2'`, f.client)
	f.checkAgainstScan(t, "hard delete (cascade)")
	f.exec(t, `DELETE FROM accounts WHERE id = $1`, f.w2)
	f.checkAgainstScan(t, "account deleted")
	// Several transactions in one statement: their transfers go in one cascade (migration 00021),
	// after the transactions' own portfolio trigger; what they counted is removed once.
	f.exec(t, `DELETE FROM transactions WHERE client_id = $1 AND deleted_at IS NULL`, f.client)
	f.checkAgainstScan(t, "hard delete of several (one cascade)")
}

func (f *fixture) expectHolding(t *testing.T, account, asset uuid.UUID, want string) {
	t.Helper()
	h, err := f.svc.Holdings(f.ctx, f.scope, portfolio.Filter{IncludeCoins: true, AccountIDs: []uuid.UUID{account}}, portfolio.Page{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range h.Positions {
		if p.Asset.ID == asset {
			if !p.Quantity.Equal(dec(want)) {
				t.Fatalf("holding of %s in %s: %s, want %s", asset, account, p.Quantity, want)
			}
			return
		}
	}
	t.Fatalf("no holding of %s in %s (%+v)", asset, account, h.Positions)
}

// Positions: quantities, basis from the engine's open lots, values from cached prices, a missing
// price flagged (null) offline, spam and hidden assets left out, overrides and worthless honoured.
func TestHoldingsValuesAndAssetSettings(t *testing.T) {
	f := setup(t)
	f.update(t, func(e *ledger.Editor) error {
		for _, tr := range []struct {
			asset uuid.UUID
			qty   string
			fiat  string
		}{{f.eth, "2", "5000"}, {f.btc, "0.1", "7000"}, {f.spam, "1000", "0"}} {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)})
			if err != nil {
				return err
			}
			if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: tr.asset, Quantity: dec(tr.qty), ToAccountID: &f.w1,
				FiatValue: decimal.NewNullDecimal(dec(tr.fiat))}); err != nil {
				return err
			}
		}
		return nil
	})
	if _, err := (&recalc.Runner{Pool: f.pool}).Run(f.ctx, auth.JobWriteScope(f.client, "test")); err != nil {
		t.Fatal(err)
	}
	// ETH is priced (today and yesterday), BTC is not: offline, its value stays unknown.
	f.exec(t, `INSERT INTO prices (price_key, day, usd, source) VALUES ('coingecko:ethereum', '2026-03-15', 3000, 't'), ('coingecko:ethereum', '2026-03-14', 2500, 't')`)
	h, err := f.svc.Holdings(f.ctx, f.scope, portfolio.DefaultFilter(), portfolio.Page{Limit: 50, Sort: portfolio.SortValue})
	if err != nil {
		t.Fatal(err)
	}
	// unpriced positions sort last, then by symbol
	if h.Total != 3 || h.TotalValue != 600000 || h.TotalBasis != 1200000 || h.TotalGain != -600000 || h.IsStale {
		t.Fatalf("holdings %+v", h)
	}
	eth, btc := h.Positions[0], h.Positions[1]
	if eth.Asset.Symbol != "ETH" || *eth.ValueCents != 600000 || eth.CostBasisCents != 500000 || *eth.DayChangePercent != 20 || *eth.PortfolioPercent != 100 {
		t.Fatalf("eth %+v", eth)
	}
	if btc.Asset.Symbol != "BTC" || btc.ValueCents != nil || btc.Price != nil || btc.CostBasisCents != 700000 || btc.UnrealizedGainCents != nil {
		t.Fatalf("btc (no price: flagged, basis kept) %+v", btc)
	}
	if h.Positions[2].Asset.Symbol != "SCAM" || h.Positions[2].ValueCents != nil {
		t.Fatalf("scam (a token without a price) %+v", h.Positions[2])
	}

	// A Read scope cannot write; a price override and the worthless flag change the values.
	if _, err := f.svc.UpdateAsset(f.ctx, f.readOnly, f.btc, portfolio.AssetPatch{}); apperr.KindOf(err) != apperr.Forbidden {
		t.Fatalf("read scope wrote: %v", err)
	}
	price := 80000.5
	a, err := f.svc.UpdateAsset(f.ctx, f.scope, f.btc, portfolio.AssetPatch{OverrideCurrentValue: &price})
	if err != nil || a.UsePlatformPrice || a.CurrentPrice == nil || !a.CurrentPrice.Equal(dec("80000.5")) {
		t.Fatalf("override: %+v %v", a, err)
	}
	yes := true
	if _, err := f.svc.UpdateAsset(f.ctx, f.scope, f.eth, portfolio.AssetPatch{IsWorthless: &yes}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.UpdateAsset(f.ctx, f.scope, f.spam, portfolio.AssetPatch{IsSpam: &yes}); err != nil {
		t.Fatal(err)
	}
	v, err := f.svc.Value(f.ctx, f.scope)
	if err != nil || v.TotalValue != 800005 || !v.IsStale {
		t.Fatalf("value after override and worthless (and dirty): %+v %v", v, err)
	}
	withSpam, err := f.svc.Holdings(f.ctx, f.scope, portfolio.DefaultFilter(), portfolio.Page{Limit: 50})
	if err != nil || withSpam.Total != 2 {
		t.Fatalf("spam shown by default: %+v %v", withSpam, err)
	}
	withSpam, err = f.svc.Holdings(f.ctx, f.scope, portfolio.Filter{IncludeCoins: true, IncludeSpam: true}, portfolio.Page{Limit: 50, Sort: portfolio.SortSymbol, Ascending: true})
	if err != nil || withSpam.Total != 3 || withSpam.Positions[2].Asset.Symbol != "SCAM" {
		t.Fatalf("includeSpam: %+v %v", withSpam, err)
	}
	// usePlatformPrice drops the override: BTC is unpriced again.
	a, err = f.svc.UpdateAsset(f.ctx, f.scope, f.btc, portfolio.AssetPatch{UsePlatformPrice: &yes})
	if err != nil || !a.UsePlatformPrice || a.PriceOverride != nil || a.CurrentPrice != nil {
		t.Fatalf("back to platform price: %+v %v", a, err)
	}
	bad := -1.0
	if _, err := f.svc.UpdateAsset(f.ctx, f.scope, f.btc, portfolio.AssetPatch{OverrideCurrentValue: &bad}); apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("negative price: %v", err)
	}
	if _, err := f.svc.UpdateAsset(f.ctx, f.scope, uuid.New(), portfolio.AssetPatch{}); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("unknown asset: %v", err)
	}
	other, _ := auth.PartnerUserScope(&auth.Partner{PartnerID: uuid.Nil}, uuid.New(), &uuid.Nil)
	if _, err := f.svc.UpdateAsset(f.ctx, other, f.btc, portfolio.AssetPatch{}); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("another client's asset: %v", err)
	}
}

// The chart values past balances at past prices, is cached per ledger version and recomputed
// after an edit.
func TestChartCachedAndInvalidatedByEdits(t *testing.T) {
	f := setup(t)
	f.now = time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	var tx2 uuid.UUID
	f.update(t, func(e *ledger.Editor) error {
		for i, d := range []time.Time{time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)} {
			tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &f.w1, OccurredAt: d})
			if err != nil {
				return err
			}
			if i == 1 {
				tx2 = tx.ID
			}
			if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: f.eth, Quantity: dec("1"), ToAccountID: &f.w1,
				FiatValue: decimal.NewNullDecimal(dec("2000"))}); err != nil {
				return err
			}
		}
		return nil
	})
	if _, err := (&recalc.Runner{Pool: f.pool}).Run(f.ctx, auth.JobWriteScope(f.client, "test")); err != nil {
		t.Fatal(err)
	}
	f.exec(t, `INSERT INTO prices (price_key, day, usd, source) SELECT 'coingecko:ethereum', d, 1000 + extract(day FROM d), 't'
		FROM generate_series('2026-02-01'::date, '2026-03-15'::date, '1 day') d`)
	c, err := f.svc.Chart(f.ctx, f.scope, portfolio.OneMonth, false)
	if err != nil {
		t.Fatal(err)
	}
	if c.FromCache || len(c.Points) != 32 || c.MissingPrices != 0 {
		t.Fatalf("chart: %d points, cached %v, missing %d", len(c.Points), c.FromCache, c.MissingPrices)
	}
	at := func(d string) portfolio.Point {
		for _, p := range c.Points {
			if p.At.Format("2006-01-02T15") == d {
				return p
			}
		}
		t.Fatalf("no point at %s", d)
		return portfolio.Point{}
	}
	// 2026-03-01 00:00: nothing held yet; 03-02: 1 ETH at 1002; 03-11: 2 ETH at 1011; now: 2 at 1015.
	for d, want := range map[string][2]int64{"2026-03-01T00": {0, 0}, "2026-03-02T00": {100200, 200000}, "2026-03-11T00": {202200, 400000}, "2026-03-15T12": {203000, 400000}} {
		if p := at(d); p.ValueCents != want[0] || p.CostBasisCents != want[1] {
			t.Fatalf("point %s: %+v, want value %d basis %d", d, p, want[0], want[1])
		}
	}
	again, err := f.svc.Chart(f.ctx, f.scope, portfolio.OneMonth, false)
	if err != nil || !again.FromCache || again.End() != c.End() {
		t.Fatalf("second chart not from cache: %+v %v", again, err)
	}
	f.update(t, func(e *ledger.Editor) error { return e.Delete(tx2) })
	after, err := f.svc.Chart(f.ctx, f.scope, portfolio.OneMonth, false)
	if err != nil || after.FromCache || after.End() != 101500 || !after.IsStale {
		t.Fatalf("chart after a delete: end %d cached %v stale %v %v", after.End(), after.FromCache, after.IsStale, err)
	}
	if _, err := f.svc.Chart(f.ctx, f.scope, "FOREVER", false); apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("unknown range: %v", err)
	}
	for _, r := range []string{portfolio.OneDay, portfolio.OneWeek, portfolio.ThreeMonths, portfolio.YearToDate, portfolio.OneYear, portfolio.AllTime} {
		c, err := f.svc.Chart(f.ctx, f.scope, r, true)
		if err != nil || len(c.Points) < 2 || c.End() != 101500 {
			t.Fatalf("%s: %d points, end %d, %v", r, len(c.Points), c.End(), err)
		}
	}
}

// An NFT is created with its key checked against provider, contract and token id; a collection-wide
// call updates every token of the contract.
func TestUpsertNFT(t *testing.T) {
	f := setup(t)
	contract := "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D"
	key := "ethereum:" + strings.ToLower(contract)
	v := 15000.0
	tok := "1234"
	out, err := f.svc.UpsertNFT(f.ctx, f.scope, portfolio.NFT{AssetKey: key + ":1234", Provider: "ethereum", Contract: contract, Name: "Ape #1234", TokenID: &tok, Override: &v})
	if err != nil || len(out) != 1 || out[0].Type != "NFT" || out[0].CurrentPrice == nil || !out[0].CurrentPrice.Equal(dec("15000")) {
		t.Fatalf("create: %+v %v", out, err)
	}
	yes := true
	all, err := f.svc.UpsertNFT(f.ctx, f.scope, portfolio.NFT{AssetKey: key, Provider: "ethereum", Contract: contract, Name: "Apes", IsSpam: &yes})
	if err != nil || len(all) != 1 || all[0].ID != out[0].ID || !all[0].IsSpam || all[0].Name != "Apes" {
		t.Fatalf("collection: %+v %v", all, err)
	}
	if _, err := f.svc.UpsertNFT(f.ctx, f.scope, portfolio.NFT{AssetKey: "ethereum:0x1:1", Provider: "ethereum", Contract: contract, Name: "x", TokenID: &tok}); apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("wrong key: %v", err)
	}
	if _, err := f.svc.UpsertNFT(f.ctx, f.scope, portfolio.NFT{AssetKey: "ethereum:nope:1", Provider: "ethereum", Contract: "nope", Name: "x", TokenID: &tok}); apperr.KindOf(err) != apperr.Invalid {
		t.Fatalf("bad contract: %v", err)
	}
}
