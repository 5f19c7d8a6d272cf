package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/testfactory"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type bundle struct {
	pool    *pgxpool.Pool
	led     *ledger.Ledger
	client  uuid.UUID
	wallet  uuid.UUID
	wallet2 uuid.UUID
	eth     uuid.UUID
	ctx     context.Context
}

func setup(t testing.TB) *bundle {
	t.Helper()
	pool := pgtest.Pool(t)
	ctx := context.Background()
	b := &bundle{pool: pool, led: ledger.New(pool), client: uuid.New(), wallet: uuid.New(), wallet2: uuid.New(), eth: uuid.New(), ctx: ctx}
	testfactory.Client(t, pool, testfactory.ClientID(b.client), testfactory.ClientNamed("c"))
	testfactory.Exec(t, pool, `INSERT INTO accounts (id, client_id, type, provider, address, name) VALUES ($1, $2, 'wallet', 'ethereum', '0xaaaa000000000000000000000000000000000001', 'a'), ($3, $2, 'wallet', 'ethereum', '0xbbbb000000000000000000000000000000000002', 'b')`,
		b.wallet, b.client, b.wallet2)
	testfactory.Asset(t, pool, b.client, testfactory.AssetID(b.eth), testfactory.Coin("ethereum:native", "ETH"))
	return b
}

func (b *bundle) auditCount(t *testing.T, entity, field string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FROM audit_logs WHERE client_id = $1 AND entity = $2 AND field = $3`, b.client, entity, field).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (b *bundle) dirty(t *testing.T) int64 {
	t.Helper()
	n, err := b.led.CountDirty(b.ctx, auth.JobWriteScope(b.client, "test"))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (b *bundle) settle(t *testing.T) {
	testfactory.Exec(t, b.pool, `DELETE FROM dirty_marks WHERE client_id = $1`, b.client)
}

var meta = ledger.Meta{Actor: "user:test", SessionID: ptr("s1"), Source: ptr("unit-test")}

func ptr[T any](v T) *T { return &v }

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Every kind of edit writes its audit entries and marks the client dirty, in the same transaction.
func TestEditsWriteAuditEntriesAndMarkDirty(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var txID, trID uuid.UUID
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{AccountID: &b.wallet, OccurredAt: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		txID = tx.ID
		tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1.5"), ToAccountID: &b.wallet,
			FiatValue: decimal.NullDecimal{Decimal: dec("4500"), Valid: true}})
		trID = tr.ID
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.auditCount(t, "transaction", "transaction"); got != 1 {
		t.Errorf("create transaction: %d audit entries, want 1", got)
	}
	if got := b.auditCount(t, "transfer", "transfer"); got != 1 {
		t.Errorf("add transfer: %d audit entries, want 1", got)
	}
	if b.dirty(t) != 1 {
		t.Errorf("after create: dirty %d, want 1", b.dirty(t))
	}

	edits := []struct {
		name          string
		entity, field string
		edit          func(e *ledger.Editor) error
	}{
		{"amount", "transfer", "amount", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{Quantity: ptr(dec("2"))})
			return err
		}},
		{"fiat value", "transfer", "fiatValue", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{FiatValue: ptr(dec("6000.01"))})
			return err
		}},
		{"basis", "transfer", "basisFiatValue", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{BasisFiatValue: ptr(dec("5000"))})
			return err
		}},
		{"basis again", "transfer", "basisFiatValue", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{BasisFiatValue: ptr(dec("5100"))})
			return err
		}},
		{"transfer account", "transfer", "fromAccountId", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{FromAccountID: &b.wallet2})
			return err
		}},
		{"transfer hidden", "transfer", "isHidden", func(e *ledger.Editor) error {
			_, err := e.UpdateTransfer(txID, trID, ledger.TransferPatch{IsHidden: ptr(true)})
			return err
		}},
		{"label", "transaction", "label", func(e *ledger.Editor) error {
			_, err := e.UpdateTransaction(txID, ledger.TransactionPatch{Label: ptr("staking_reward")})
			return err
		}},
		{"notes", "transaction", "notes", func(e *ledger.Editor) error {
			_, err := e.UpdateTransaction(txID, ledger.TransactionPatch{Notes: ptr("paid by employer")})
			return err
		}},
		{"hide", "transaction", "isHidden", func(e *ledger.Editor) error { return e.SetHidden([]uuid.UUID{txID}, true) }},
		{"date", "transaction", "createdAt", func(e *ledger.Editor) error {
			_, err := e.UpdateTransaction(txID, ledger.TransactionPatch{OccurredAt: ptr(time.Date(2024, 3, 2, 0, 0, 0, 0, time.UTC))})
			return err
		}},
	}
	for _, ed := range edits {
		b.settle(t)
		before := b.auditCount(t, ed.entity, ed.field)
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, ed.edit); err != nil {
			t.Fatalf("%s: %v", ed.name, err)
		}
		if got := b.auditCount(t, ed.entity, ed.field); got != before+1 {
			t.Errorf("%s: %d audit entries for %s.%s, want %d", ed.name, got, ed.entity, ed.field, before+1)
		}
		if b.dirty(t) != 1 {
			t.Errorf("%s: the transaction is not dirty", ed.name)
		}
	}
	// A second basis override replaces the first; the first is not an original (only a person
	// writes a basis), so nothing else is audited.
	if got := b.auditCount(t, "transfer", "originalBasisFiatValue"); got != 0 {
		t.Errorf("overriding a basis twice audited originalBasisFiatValue %d times, want 0", got)
	}
	var sessionID, source, actor string
	if err := b.pool.QueryRow(b.ctx, `SELECT session_id, source, actor FROM audit_logs WHERE client_id = $1 AND field = 'amount'`, b.client).Scan(&sessionID, &source, &actor); err != nil {
		t.Fatal(err)
	}
	if sessionID != "s1" || source != "unit-test" || actor != "user:test" {
		t.Errorf("audit meta = %q %q %q", sessionID, source, actor)
	}
}

func TestFailedUnitOfWorkLeavesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	boom := errors.New("boom")
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{OccurredAt: time.Now()})
		if err != nil {
			return err
		}
		if _, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), ToAccountID: &b.wallet}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	var txs, audits int
	_ = b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM transactions), (SELECT count(*) FROM audit_logs)`).Scan(&txs, &audits)
	if txs != 0 || audits != 0 {
		t.Fatalf("a failed unit of work left %d transactions and %d audit entries", txs, audits)
	}
}

func TestInvalidEditsAreRejected(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := setup(t) // another client's asset must not be usable
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{OccurredAt: time.Now()})
		if err != nil {
			return err
		}
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("-1"), ToAccountID: &b.wallet})
		if apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("negative amount: %v, want invalid", err)
		}
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: other.eth, Quantity: dec("1"), ToAccountID: &b.wallet})
		if apperr.KindOf(err) != apperr.NotFound {
			t.Errorf("other client's asset: %v, want not found", err)
		}
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1")})
		if apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("no own account on either side: %v, want invalid", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestUndoRestoresTheOldValue(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var txID, trID uuid.UUID
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{OccurredAt: time.Now()})
		if err != nil {
			return err
		}
		txID = tx.ID
		tr, err := e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1.25"), ToAccountID: &b.wallet})
		trID = tr.ID
		if err != nil {
			return err
		}
		_, err = e.UpdateTransfer(txID, trID, ledger.TransferPatch{Quantity: ptr(dec("9")), FiatValue: ptr(dec("10"))})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var ids []uuid.UUID
	rows, _ := b.pool.Query(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND field IN ('amount', 'fiatValue')`, b.client)
	for rows.Next() {
		var id uuid.UUID
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	if len(ids) != 2 {
		t.Fatalf("%d audit entries, want 2", len(ids))
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Undo(ids)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	tr, err := db.New(b.pool).GetTransfer(b.ctx, db.GetTransferParams{ClientID: b.client, TransactionID: txID, ID: trID})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Quantity.Equal(dec("1.25")) || tr.FiatValue.Valid {
		t.Fatalf("after undo: quantity %s fiat %v, want 1.25 and none", tr.Quantity, tr.FiatValue)
	}
	err = b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Undo(ids)
		return err
	})
	if apperr.KindOf(err) != apperr.Conflict {
		t.Fatalf("second undo: %v, want conflict", err)
	}
}

func TestImportSkipsWhatItHasAndLinksOwnWallets(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	txs := []imports.Tx{{
		ExternalID: "0xabc", Hash: "0xabc", Time: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC),
		Transfers: []imports.Transfer{
			{Asset: eth, Quantity: dec("0.5"), From: "0xAAAA000000000000000000000000000000000001", To: "0xbbbb000000000000000000000000000000000002"},
			{Asset: eth, Quantity: dec("0.001"), From: "0xaaaa000000000000000000000000000000000001", IsFee: true},
			{Asset: imports.AssetRef{Symbol: "USD"}, Quantity: dec("100"), From: imports.Self},
		},
	}}
	price := func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
		return dec("3000"), true, nil
	}
	for run := 0; run < 2; run++ {
		var added int
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			var err error
			added, err = e.Import(b.wallet, txs, price)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if want := 1 - run; added != want {
			t.Fatalf("run %d added %d, want %d", run, added, want)
		}
	}
	var n, own int
	var fee decimal.Decimal
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*), count(*) FILTER (WHERE from_account_id IS NOT NULL AND to_account_id IS NOT NULL),
		max(fiat_value) FILTER (WHERE is_fee) FROM transfers WHERE client_id = $1`, b.client).Scan(&n, &own, &fee); err != nil {
		t.Fatal(err)
	}
	if n != 2 || own != 1 || !fee.Equal(dec("3")) {
		t.Fatalf("transfers %d (want 2, the USD leg skipped), own-to-own %d (want 1), fee value %s (want 3)", n, own, fee)
	}
	if b.dirty(t) != 1 {
		t.Fatalf("imported transaction is not dirty")
	}
}

func TestImportPrefersTheUsersPriceOverride(t *testing.T) {
	t.Parallel()
	b := setup(t)
	testfactory.Exec(t, b.pool, `UPDATE assets SET price_override = 2500 WHERE id = $1`, b.eth)
	txs := []imports.Tx{{ExternalID: "x1", Time: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), Transfers: []imports.Transfer{
		{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH"}, Quantity: dec("2"), To: imports.Self},
	}}}
	market := func(context.Context, imports.AssetRef, time.Time) (decimal.Decimal, bool, error) {
		return dec("3000"), true, nil
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet, txs, market)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var v decimal.Decimal
	if err := b.pool.QueryRow(b.ctx, `SELECT fiat_value FROM transfers WHERE client_id = $1`, b.client).Scan(&v); err != nil {
		t.Fatal(err)
	}
	if !v.Equal(dec("5000")) {
		t.Fatalf("value %s, want 5000 (2 × the override 2500, not the market's 3000)", v)
	}
}

// An import is one audit entry ("account.import" with the number added, not undoable), however
// many transactions it adds, and a re-import that adds nothing writes none. The imported
// transactions' later edits are audited and undone as before (they have no creation entry to
// depend on), and a delete of an imported transaction is undone too.
func TestImportIsOneAuditEntry(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	at := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	var txs []imports.Tx
	for i := 0; i < 3; i++ {
		txs = append(txs, imports.Tx{ExternalID: fmt.Sprintf("x%d", i), Time: at.Add(time.Duration(i) * time.Hour),
			Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("1"), To: imports.Self}}})
	}
	for run := 0; run < 2; run++ {
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			_, err := e.Import(b.wallet, txs, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	var entity, action string
	var entityID uuid.UUID
	var txID *uuid.UUID
	var newValue []byte
	var n int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) OVER (), entity, entity_id, action, transaction_id, new_value FROM audit_logs WHERE client_id = $1`,
		b.client).Scan(&n, &entity, &entityID, &action, &txID, &newValue); err != nil {
		t.Fatal(err)
	}
	if n != 1 || entity != "account" || entityID != b.wallet || action != "import" || txID != nil || string(newValue) != `{"added": 3, "source": "import:ethereum"}` {
		t.Fatalf("audit: %d entries, first %s %s %s tx %v %s; want 1 account import of the wallet with 3 added", n, entity, entityID, action, txID, newValue)
	}
	if (ledger.AuditEntry{Entity: entity, Action: action}).CanUndo() {
		t.Fatal("an import entry says it can be undone")
	}
	var first uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transactions WHERE client_id = $1 AND external_id = 'x0'`, b.client).Scan(&first); err != nil {
		t.Fatal(err)
	}
	label := "gift_received"
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		if _, err := e.UpdateTransaction(first, ledger.TransactionPatch{Label: &label}); err != nil {
			return err
		}
		return e.Delete(first)
	}); err != nil {
		t.Fatal(err)
	}
	rows, err := b.pool.Query(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND transaction_id = $2`, b.client, first)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil || len(edits) < 2 {
		t.Fatalf("edits of the imported transaction: %v %v", edits, err)
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Undo(edits)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var gotLabel *string
	var deleted *time.Time
	if err := b.pool.QueryRow(b.ctx, `SELECT label, deleted_at FROM transactions WHERE id = $1`, first).Scan(&gotLabel, &deleted); err != nil {
		t.Fatal(err)
	}
	if gotLabel != nil || deleted != nil {
		t.Fatalf("after the undo: label %v, deleted %v; want the imported state back", gotLabel, deleted)
	}
}

// A big import (10,000 rows and more) skips the rows the account has with an anti-join before ON
// CONFLICT: a file that overlaps one imported before adds only its new rows, once.
func TestBigImportAddsOnlyNewRows(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eth := imports.AssetRef{Chain: "ethereum", Symbol: "ETH", Decimals: 18}
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	rows := func(from, to int) []imports.Tx {
		var txs []imports.Tx
		for i := from; i < to; i++ {
			txs = append(txs, imports.Tx{ExternalID: fmt.Sprintf("row-%d", i), Time: at.Add(time.Duration(i) * time.Minute),
				Transfers: []imports.Transfer{{Asset: eth, Quantity: dec("1"), To: imports.Self}}})
		}
		return txs
	}
	for _, c := range []struct{ from, to, want int }{{0, 10_000, 10_000}, {5_000, 16_000, 6_000}, {0, 16_000, 0}} {
		var added int
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
			var err error
			added, err = e.Import(b.wallet, rows(c.from, c.to), nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if added != c.want {
			t.Fatalf("rows %d-%d: added %d, want %d", c.from, c.to, added, c.want)
		}
	}
	var txs, transfers, distinct int
	if err := b.pool.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM transactions WHERE client_id = $1), (SELECT count(DISTINCT external_id) FROM transactions WHERE client_id = $1),
		(SELECT count(*) FROM transfers WHERE client_id = $1)`, b.client).Scan(&txs, &distinct, &transfers); err != nil {
		t.Fatal(err)
	}
	if txs != 16_000 || distinct != 16_000 || transfers != 16_000 {
		t.Fatalf("%d transactions (%d external ids), %d transfers; want 16000 of each", txs, distinct, transfers)
	}
}

// Text reaches the ledger byte for byte through the binary staging COPY (tabs, backslashes,
// newlines, non-ASCII), NULs dropped (Postgres text cannot hold them).
func TestImportKeepsTextAsIs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	odd := "a\tb\\c\nd\re \\N é\x00f"
	txs := []imports.Tx{{ExternalID: odd, Hash: odd, Time: time.Date(2024, 5, 1, 0, 0, 0, 123456000, time.UTC), Transfers: []imports.Transfer{
		{Asset: imports.AssetRef{Chain: "ethereum", Symbol: "ETH"}, Quantity: dec("0.000000000000000001"), From: odd, To: imports.Self},
	}}}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet, txs, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var ext, hash, from string
	var q decimal.Decimal
	var at time.Time
	if err := b.pool.QueryRow(b.ctx, `SELECT t.external_id, t.txn_hash, tr.from_address, tr.quantity, t.occurred_at FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id WHERE t.client_id = $1`,
		b.client).Scan(&ext, &hash, &from, &q, &at); err != nil {
		t.Fatal(err)
	}
	want := "a\tb\\c\nd\re \\N éf"
	if ext != want || hash != want || from != want || !q.Equal(dec("0.000000000000000001")) || !at.Equal(txs[0].Time) {
		t.Fatalf("stored %q %q %q %s %s, want %q, 1e-18 and %s", ext, hash, from, q, at, want, txs[0].Time)
	}
}
