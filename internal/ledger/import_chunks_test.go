package ledger_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
)

// chunkTestTxs is a file of n transactions of every kind the importer stages differently: receipts
// (one of two legs whose sum ends in a zero the database keeps),
// swaps with a fee leg, failed transactions with a fee, moves to another own wallet with a fee in
// fiat, a token first named late in the file, amounts of several scales, times a few hundred
// nanoseconds before midnight (the database rounds them to microseconds, half to even: one stays
// on its day, one moves to the next), and one external id repeated (the repeat is skipped).
func chunkTestTxs(n int) []imports.Tx {
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	usdc := imports.AssetRef{Chain: "ethereum", Contract: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", Symbol: "USDC", Decimals: 6}
	dai := imports.AssetRef{Chain: "ethereum", Contract: "0x6b175474e89094c44da98b954eedeac495271d0f", Symbol: "DAI", Decimals: 18}
	link := imports.AssetRef{Chain: "ethereum", Contract: "0x514910771af9ca656af840dff83e8264ecf986ca", Symbol: "LINK", Decimals: 18}
	d := func(s string) *decimal.Decimal { v := dec(s); return &v }
	var txs []imports.Tx
	for i := range n {
		at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(i) * 7 * time.Hour)
		id := fmt.Sprintf("tx-%03d", i)
		var tx imports.Tx
		switch i % 6 {
		case 0:
			tx = imports.Tx{Transfers: []imports.Transfer{{Asset: eth, Quantity: dec(fmt.Sprintf("1.%03d", i)), From: addrX, To: imports.Self, FiatValue: d(fmt.Sprintf("2000.%d", i%10))}}}
			at = time.Date(at.Year(), at.Month(), at.Day(), 23, 59, 59, 999_999_500, time.UTC) // 999999.5 µs: the next day
		case 1:
			tx = imports.Tx{Transfers: []imports.Transfer{
				{Asset: eth, Quantity: dec("0.5"), From: imports.Self, To: addrX, FiatValue: d("990.125")},
				{Asset: usdc, Quantity: dec(fmt.Sprintf("1000.%02d", i%100)), From: addrX, To: imports.Self, FiatValue: d("1000")},
				{Asset: eth, Quantity: dec("0.00100"), From: imports.Self, IsFee: true, FiatValue: d("2.55")},
			}}
		case 2:
			tx = imports.Tx{Failed: true, Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("0.002"), From: imports.Self, IsFee: true, FiatValue: d("4")}}}
		case 3:
			tx = imports.Tx{Hash: "0xmove" + id, Transfers: []imports.Transfer{{Asset: usdc, Quantity: dec("100.5"), From: imports.Self, To: addrB, FeeFiat: d("1.25")}}}
		case 4:
			tx = imports.Tx{Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("0.25"), From: addrX, To: imports.Self},
				{Asset: dai, Quantity: dec("0.25"), From: addrX, To: imports.Self}, {Asset: dai, Quantity: dec("0.25"), From: addrX, To: imports.Self}}}
			at = time.Date(at.Year(), at.Month(), at.Day(), 23, 59, 59, 999_998_500, time.UTC) // 999998.5 µs: this day
		case 5:
			asset := eth
			if i > n/2 {
				asset = link
			}
			tx = imports.Tx{Transfers: []imports.Transfer{{Asset: asset, Quantity: dec("3"), From: addrX, To: imports.Self, FiatValue: d("30.0")}}}
		}
		tx.ExternalID, tx.Time = id, at
		txs = append(txs, tx)
	}
	dup := txs[1]
	dup.Time = dup.Time.Add(time.Minute)
	return append(txs, dup)
}

// importChunked imports txs into b's wallet in chunks of chunk transactions, then returns err
// (the caller's own failure after the import) or the import's.
func (b *bundle) importChunked(txs []imports.Tx, chunk int, failAfter error) (int, error) {
	added := 0
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		im, err := e.NewImporter(b.wallet, nil)
		if err != nil {
			return err
		}
		ledger.SetImportChunkRows(im, chunk)
		for i := range txs {
			if err := im.Add(&txs[i]); err != nil {
				im.Abort()
				return err
			}
		}
		if failAfter != nil {
			im.Abort()
			return failAfter
		}
		added, err = im.Finish()
		return err
	})
	return added, err
}

// ledgerDump is what an import wrote for b's client, by external id, account name and asset key,
// with the kept figures as the database spells them: two imports of one file compare equal.
func (b *bundle) ledgerDump(t *testing.T) string {
	t.Helper()
	var out []string
	for _, q := range []string{
		`SELECT t.external_id || ' ' || t.occurred_at::text || ' ' || coalesce(t.label, '-') || ' ' || t.is_failed || ' ' || t.fiat_value::text
		   FROM transactions t WHERE t.client_id = $1 ORDER BY 1`,
		`SELECT t.external_id || '/' || tr.position || ' ' || a.key || ' ' || tr.quantity::text || ' ' || coalesce(fa.name, '-') || '>' || coalesce(ta.name, '-')
		        || ' ' || coalesce(tr.fiat_value::text, '-') || ' ' || coalesce(tr.fee_fiat::text, '-') || ' ' || tr.is_fee || ' ' || coalesce(tr.label, '-')
		        || ' ' || tr.occurred_at::text
		   FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id JOIN assets a ON a.id = tr.asset_id
		   LEFT JOIN accounts fa ON fa.id = tr.from_account_id LEFT JOIN accounts ta ON ta.id = tr.to_account_id
		  WHERE tr.client_id = $1 ORDER BY 1`,
		`SELECT 'mark ' || t.external_id || ' ' || m.occurred_at::text FROM dirty_marks m JOIN transactions t ON t.id = m.transaction_id WHERE m.client_id = $1 ORDER BY 1`,
		`SELECT 'balance ' || ac.name || ' ' || a.key || ' ' || b.quantity::text FROM portfolio_balances b JOIN accounts ac ON ac.id = b.account_id
		   JOIN assets a ON a.id = b.asset_id WHERE b.client_id = $1 ORDER BY 1`,
		`SELECT 'day ' || d.day || ' ' || a.key || ' ' || d.delta::text FROM portfolio_balance_days d JOIN assets a ON a.id = d.asset_id WHERE d.client_id = $1 ORDER BY 1`,
		`SELECT 'fees ' || fees::text FROM client_transaction_counts WHERE client_id = $1`,
		`SELECT 'audit ' || entity || ' ' || action || ' ' || new_value::text FROM audit_logs WHERE client_id = $1 ORDER BY 1`,
		`SELECT 'asset ' || key FROM assets WHERE client_id = $1 ORDER BY 1`,
	} {
		rows, err := b.pool.Query(b.ctx, q, b.client)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Join(out, "\n")
}

// TestChunkedImportWritesWhatOneChunkDoes: a file written in chunks of 1, 2 and 5 transactions
// (each chunk written while the next is staged, the repeated external id in a later chunk than its
// first) leaves the ledger, its dirty marks, the kept figures (to the digit the database writes),
// the assets and the one audit entry exactly as the same file written as one chunk; and the kept
// figures equal a scan of the ledger.
func TestChunkedImportWritesWhatOneChunkDoes(t *testing.T) {
	t.Parallel()
	txs := chunkTestTxs(40)
	want := ""
	for _, chunk := range []int{1000, 1, 2, 5} {
		b := setup(t)
		n, err := b.importChunked(txs, chunk, nil)
		if err != nil {
			t.Fatalf("chunks of %d: %v", chunk, err)
		}
		if n != 40 {
			t.Fatalf("chunks of %d: %d added, want 40 (the repeat skipped)", chunk, n)
		}
		b.checkKeptFigures(t, fmt.Sprintf("chunks of %d", chunk))
		got := b.ledgerDump(t)
		if want == "" {
			want = got
			// by hand: fees 7 swaps' fee legs of 2.55 and 7 moves' 1.25 (the failed ones' fees
			// are no fees), at the scale of the cents; USDC in a: 1000.01 + 1000.07 + ... +
			// 1000.37 bought, 7 x 100.5 moved to b; a receipt on the 3rd at 23:59:59.9999995 is on
			// the 4th, one on the 2nd at 23:59:59.9999985 stays there; DAI: 6 receipts of 0.25
			// twice, at the scale of the legs
			for _, line := range []string{"balance a ethereum:0x6b175474e89094c44da98b954eedeac495271d0f 3.00", "fees 26.60", "tx-006 2024-03-04 00:00:00+00 - false 2000.60",
				"tx-004 2024-03-02 23:59:59.999998+00 - false 0.00", "balance a ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 6297.83",
				"balance b ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48 703.5"} {
				if !strings.Contains("\n"+got+"\n", "\n"+line+"\n") {
					t.Fatalf("one chunk: no %q in\n%s", line, got)
				}
			}
			continue
		}
		if got != want {
			t.Fatalf("chunks of %d wrote\n%s\n\none chunk wrote\n%s", chunk, got, want)
		}
	}
}

// TestImportFailingLateRollsBackEveryChunk: an import whose earlier chunks were written fails
// late (the database refuses a row of its last chunk; the caller fails after its last row), and
// nothing of it stays: no transaction, transfer, dirty mark, asset, kept figure or audit entry;
// twice in a row, and then the file imports whole.
func TestImportFailingLateRollsBackEveryChunk(t *testing.T) {
	t.Parallel()
	b := setup(t)
	before := b.ledgerDump(t)
	good := chunkTestTxs(20)
	bad := append(append([]imports.Tx(nil), good...), imports.Tx{ExternalID: "out-of-range", Time: time.Date(300_000, 1, 1, 0, 0, 0, 0, time.UTC),
		Transfers: []imports.Transfer{{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}, Quantity: dec("1"), From: addrX, To: imports.Self}}})
	errLate := errors.New("a bad row at the end of the file")
	for round := range 2 {
		if _, err := b.importChunked(bad, 3, nil); err == nil {
			t.Fatalf("round %d: an import with a time out of range succeeded", round)
		}
		if got := b.ledgerDump(t); got != before {
			t.Fatalf("round %d: the failed import left\n%s", round, got)
		}
		if _, err := b.importChunked(good, 3, errLate); !errors.Is(err, errLate) {
			t.Fatalf("round %d: %v, want the caller's error", round, err)
		}
		if got := b.ledgerDump(t); got != before {
			t.Fatalf("round %d: the aborted import left\n%s", round, got)
		}
	}
	if n, err := b.importChunked(good, 3, nil); err != nil || n != 20 {
		t.Fatalf("after the failures: %d added, %v", n, err)
	}
	b.checkKeptFigures(t, "after the failures")
}
