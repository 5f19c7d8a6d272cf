package recalc_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
)

// pairBundle is a client with two wallets and ETH, bridged ETH (on another chain) and BTC.
type pairBundle struct {
	*bundle
	l2           uuid.UUID
	arbETH, btc  uuid.UUID
	runner       *recalc.Runner
	sendTx, inTx uuid.UUID
}

func pairSetup(t *testing.T) *pairBundle {
	b := &pairBundle{bundle: setup(t)}
	b.l2 = testfactory.Account(t, b.pool, b.client, testfactory.Provider("arbitrum"), testfactory.Address("0x2"), testfactory.Named("l2"))
	b.arbETH = testfactory.Asset(t, b.pool, b.client, testfactory.Coin("arbitrum:native", "ETH"))
	b.btc = testfactory.Asset(t, b.pool, b.client, testfactory.Coin("bitcoin:native", "BTC"))
	b.runner = &recalc.Runner{Pool: b.pool}
	return b
}

// transfer adds a transaction with one transfer (nil account: external; usd "": no value).
func (b *pairBundle) transfer(t *testing.T, at string, from, to *uuid.UUID, asset uuid.UUID, qty, usd string) uuid.UUID {
	t.Helper()
	when, err := time.Parse(time.RFC3339, at)
	if err != nil {
		t.Fatal(err)
	}
	var id uuid.UUID
	err = b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		acct := from
		if acct == nil {
			acct = to
		}
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: acct, OccurredAt: when})
		if err != nil {
			return err
		}
		in := ledger.NewTransfer{AssetID: asset, Quantity: decimal.RequireFromString(qty), FromAccountID: from, ToAccountID: to}
		if usd != "" {
			in.FiatValue = decimal.NullDecimal{Decimal: decimal.RequireFromString(usd), Valid: true}
		}
		id = tx.ID
		_, err = e.AddTransfer(tx.ID, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (b *pairBundle) edit(t *testing.T, fn func(e *ledger.Editor) error) {
	t.Helper()
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, fn); err != nil {
		t.Fatal(err)
	}
}

// run recalculates (incrementally when it can), checks the result against a full run of the same
// ledger, and returns the taxable disposals as "asset qty proceeds basis gain term acquired" lines.
func (b *pairBundle) run(t *testing.T) string {
	t.Helper()
	if _, err := b.runner.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	got := dumpResults(t, b.ctx, b.pool, b.client)
	if _, err := b.runner.RunWith(b.ctx, auth.JobWriteScope(b.client, "test"), true); err != nil {
		t.Fatal(err)
	}
	want := dumpResults(t, b.ctx, b.pool, b.client)
	for name := range resultTables {
		if got[name] != want[name] {
			t.Fatalf("%s: the incremental run differs from a full run:\n%s\nfull:\n%s", name, got[name], want[name])
		}
	}
	rows, err := b.pool.Query(b.ctx, `SELECT s.symbol || '@' || a.key, d.quantity::text, d.proceeds::text, d.basis::text, d.gain::text, d.term,
			to_char(d.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
		FROM tax_disposals d JOIN clients c ON c.current_result_set_id = d.result_set_id
		JOIN assets a ON a.id::text = d.asset_key JOIN assets s ON s.id = a.id
		WHERE c.id = $1 AND d.form_box <> '' ORDER BY d.seq`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var f [7]string
		if err := rows.Scan(&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]); err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Join(f[:], " "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}

func expect(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Fatalf("%s:\ngot:\n%s\nwant:\n%s", what, got, want)
	}
}

// ledgerWithTransit: 1 ETH bought in 2024 in wallet w, sent out in February 2025 (valued 2000), 0.99
// received 5 minutes later in l2 (valued 1900; ETH or, for a bridge, arbitrum ETH), sold from l2 in
// March for 2970; two later buys give the months checkpoints.
func (b *pairBundle) ledgerWithTransit(t *testing.T, received uuid.UUID) {
	b.transfer(t, "2024-01-10T00:00:00Z", nil, &b.wallet, b.eth, "1", "1000")
	b.sendTx = b.transfer(t, "2025-02-01T00:00:00Z", &b.wallet, nil, b.eth, "1", "2000")
	b.inTx = b.transfer(t, "2025-02-01T00:05:00Z", nil, &b.l2, received, "0.99", "1900")
	b.transfer(t, "2025-03-01T00:00:00Z", &b.l2, nil, received, "0.99", "2970")
	b.transfer(t, "2025-05-01T00:00:00Z", nil, &b.wallet, b.btc, "0.01", "900")
	b.transfer(t, "2025-06-01T00:00:00Z", nil, &b.wallet, b.btc, "0.01", "950")
}

// TestInternalTransferPairReachesEngine: unpaired, the send is a sale and the receipt a purchase;
// paired, the 0.99 ETH move to l2 keeps the 2024 lot (basis 990, long-term when sold in March), the
// 0.01 lost in transit is a fee disposal (20 of the 2000 against 10 of basis); unpairing restores
// the first results. Each run is checked against a full run (incremental recalculation stays exact).
func TestInternalTransferPairReachesEngine(t *testing.T) {
	t.Parallel()
	b := pairSetup(t)
	b.ledgerWithTransit(t, b.eth)
	unpaired := "ETH@ethereum:native 1 2000 1000 1000 long 2024-01-10\n" +
		"ETH@ethereum:native 0.99 2970 1900 1070 short 2025-02-01"
	expect(t, "unpaired", b.run(t), unpaired)

	b.edit(t, func(e *ledger.Editor) error { return e.MarkInternalTransfer(b.sendTx, b.inTx) })
	expect(t, "paired", b.run(t), "ETH@ethereum:native 0.01 20 10 10 long 2024-01-10\n"+
		"ETH@ethereum:native 0.99 2970 990 1980 long 2024-01-10")

	b.edit(t, func(e *ledger.Editor) error { return e.UnmarkInternalTransfer(b.sendTx, b.inTx) })
	expect(t, "unpaired again", b.run(t), unpaired)
}

// TestBridgeReachesEngine: the ETH sent from wallet w arrives as arbitrum ETH in l2; bridged, the
// lot becomes an arbitrum-ETH lot with the 2024 basis and date; undoing the bridge's audit entry
// restores the unpaired results.
func TestBridgeReachesEngine(t *testing.T) {
	t.Parallel()
	b := pairSetup(t)
	b.ledgerWithTransit(t, b.arbETH)
	unpaired := "ETH@ethereum:native 1 2000 1000 1000 long 2024-01-10\n" +
		"ETH@arbitrum:native 0.99 2970 1900 1070 short 2025-02-01"
	expect(t, "unpaired", b.run(t), unpaired)

	var link uuid.UUID
	b.edit(t, func(e *ledger.Editor) error {
		p, err := e.Link(ledger.LinkBridge, b.sendTx, b.inTx)
		link = p.ID
		return err
	})
	if link != ledger.LinkID(b.sendTx, b.inTx) {
		t.Fatalf("link id %s", link)
	}
	expect(t, "bridged", b.run(t), "ETH@ethereum:native 0.01 20 10 10 long 2024-01-10\n"+
		"ETH@arbitrum:native 0.99 2970 990 1980 long 2024-01-10")

	var audit uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND field = 'bridgeTo'`, b.client).Scan(&audit); err != nil {
		t.Fatal(err)
	}
	b.edit(t, func(e *ledger.Editor) error { _, err := e.Undo([]uuid.UUID{audit}); return err })
	expect(t, "bridge undone", b.run(t), unpaired)
	var links int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM internal_transfer_pairs WHERE client_id = $1`, b.client).Scan(&links); err != nil || links != 0 {
		t.Fatalf("links after undo: %d, %v", links, err)
	}
}

// TestCrossChainSwapReachesEngine: 1 ETH sent (2000) and 0.05 BTC received on another chain without
// a price. Unlinked, the BTC lot has no basis (its sale is all gain); as a cross-chain swap the BTC
// is acquired at the ETH's value, 2000; the ETH stays a disposal either way.
func TestCrossChainSwapReachesEngine(t *testing.T) {
	t.Parallel()
	b := pairSetup(t)
	b.transfer(t, "2024-01-10T00:00:00Z", nil, &b.wallet, b.eth, "1", "1000")
	send := b.transfer(t, "2025-02-01T00:00:00Z", &b.wallet, nil, b.eth, "1", "2000")
	recv := b.transfer(t, "2025-02-01T00:10:00Z", nil, &b.l2, b.btc, "0.05", "")
	b.transfer(t, "2025-06-15T00:00:00Z", &b.l2, nil, b.btc, "0.05", "2500")
	unlinked := "ETH@ethereum:native 1 2000 1000 1000 long 2024-01-10\n" +
		"BTC@bitcoin:native 0.05 2500 0 2500 short 2025-02-01"
	expect(t, "unlinked", b.run(t), unlinked)

	b.edit(t, func(e *ledger.Editor) error { _, err := e.Link(ledger.LinkCrossChainSwap, send, recv); return err })
	expect(t, "swapped", b.run(t), "ETH@ethereum:native 1 2000 1000 1000 long 2024-01-10\n"+
		"BTC@bitcoin:native 0.05 2500 2000 500 short 2025-02-01")

	b.edit(t, func(e *ledger.Editor) error { _, err := e.Unlink(ledger.LinkCrossChainSwap, send, recv); return err })
	expect(t, "unlinked again", b.run(t), unlinked)
}

// TestLinkedPartnerEditResumesEarlier: an edit of the receiving side (after the March checkpoint)
// changes how the sending side (in February) is computed; the incremental run must resume before
// the sending side, and its results equal a full run's (checked by run).
func TestLinkedPartnerEditResumesEarlier(t *testing.T) {
	t.Parallel()
	b := pairSetup(t)
	b.transfer(t, "2024-01-10T00:00:00Z", nil, &b.wallet, b.eth, "1", "1000")
	send := b.transfer(t, "2025-02-01T00:00:00Z", &b.wallet, nil, b.eth, "1", "2000")
	recv := b.transfer(t, "2025-04-02T00:00:00Z", nil, &b.l2, b.eth, "1", "2100")
	b.transfer(t, "2025-05-01T00:00:00Z", &b.l2, nil, b.eth, "0.5", "1500")
	b.transfer(t, "2025-06-01T00:00:00Z", nil, &b.wallet, b.btc, "0.01", "950")
	b.edit(t, func(e *ledger.Editor) error { return e.MarkInternalTransfer(send, recv) })
	expect(t, "paired", b.run(t), "ETH@ethereum:native 0.5 1500 500 1000 long 2024-01-10")

	var transfer uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transfers WHERE transaction_id = $1`, recv).Scan(&transfer); err != nil {
		t.Fatal(err)
	}
	q := decimal.RequireFromString("0.9")
	b.edit(t, func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(recv, transfer, ledger.TransferPatch{Quantity: &q})
		return err
	})
	tm, err := b.runner.Run(b.ctx, auth.JobWriteScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if tm.Incremental && !tm.From.Before(time.Date(2025, 2, 1, 0, 0, 0, 1, time.UTC)) {
		t.Fatalf("resumed from %s, after the sending side", tm.From)
	}
	// 0.1 ETH never arrived: a fee disposal of 200 (a tenth of the 2000) against 100 of basis.
	expect(t, "after the edit", b.run(t), "ETH@ethereum:native 0.1 200 100 100 long 2024-01-10\n"+
		"ETH@ethereum:native 0.5 1500 500 1000 long 2024-01-10")
}
