package recalc_test

import (
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/imports"
	"taxd/internal/ledger"
	"taxd/internal/pgtest"
	"taxd/internal/recalc"
	"taxd/internal/testfactory"
	"taxd/sql/migrations"
)

// importIncome imports, through the bulk importer, one SOL receipt a month of 2024 labelled
// staking_reward at $100, and a gift received of $250 on 2024-11-20 (a lot, no income). It returns
// the gift's transaction.
func (b *bundle) importIncome(t *testing.T) uuid.UUID {
	t.Helper()
	sol := imports.AssetRef{Symbol: "SOL"}
	var txs []imports.Tx
	row := func(id string, at time.Time, label, usd string) {
		v := decimal.RequireFromString(usd)
		txs = append(txs, imports.Tx{ExternalID: id, Time: at, Label: label, Transfers: []imports.Transfer{
			{Asset: sol, Quantity: decimal.NewFromInt(1), To: imports.Self, FiatValue: &v, Label: label},
			{Asset: sol, Quantity: decimal.RequireFromString("0.001"), From: imports.Self, IsFee: true, Label: label},
		}})
	}
	for m := time.January; m <= time.December; m++ {
		row("r"+m.String(), day(2024, m, 3), imports.LabelStakingReward, "100")
	}
	row("gift", day(2024, time.November, 20), imports.LabelGiftReceived, "250")
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		_, err := e.Import(b.wallet, txs, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var gift uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT id FROM transactions WHERE client_id = $1 AND external_id = 'gift'`, b.client).Scan(&gift); err != nil {
		t.Fatal(err)
	}
	return gift
}

func (b *bundle) income2024(t *testing.T) decimal.Decimal {
	t.Helper()
	return b.preview(t, 2024).Income
}

// TestRelabelOfAnImportReachesTheNextRun: an import leaves every leg to its transaction's label
// (the fee leg is a fee); relabelling the imported gift received as income makes the next run,
// incremental, count its $250 as income, exactly as a full run of the same ledger does; wiping the
// label takes it out again.
func TestRelabelOfAnImportReachesTheNextRun(t *testing.T) {
	t.Parallel()
	b := setup(t)
	gift := b.importIncome(t)
	own := pgtest.Strings(t, b.pool, `SELECT coalesce(label, '') || '/' || is_fee FROM transfers WHERE client_id = $1 ORDER BY 1`, b.client)
	if len(own) != 26 || own[0] != "/false" || own[12] != "/false" || own[13] != "fee/true" || own[25] != "fee/true" {
		t.Fatalf("imported transfer labels (own label/is_fee): %v", own)
	}
	r := &recalc.Runner{Pool: b.pool}
	if _, err := r.RunWith(b.ctx, auth.JobWriteScope(b.client, "test"), true); err != nil {
		t.Fatal(err)
	}
	if got := b.income2024(t); !got.Equal(decimal.NewFromInt(1200)) {
		t.Fatalf("income %s, want 1200", got)
	}
	for _, step := range []struct {
		label  *string
		income int64
	}{{ptr("income"), 1450}, {nil, 1200}, {ptr("airdrop"), 1450}, {ptr("gift_received"), 1200}} {
		if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
			return e.LabelTransactions([]uuid.UUID{gift}, ledger.LabelEdit{Label: step.label, Wipe: step.label == nil})
		}); err != nil {
			t.Fatal(err)
		}
		if b.dirty(t) != 1 {
			t.Fatalf("relabel to %v: %d dirty, want the gift", step.label, b.dirty(t))
		}
		tm, err := r.RunWith(b.ctx, auth.JobWriteScope(b.client, "test"), false)
		if err != nil {
			t.Fatal(err)
		}
		if !tm.Incremental {
			t.Fatalf("relabel to %v: not an incremental run", step.label)
		}
		if got := b.income2024(t); !got.Equal(decimal.NewFromInt(step.income)) {
			t.Fatalf("relabel to %v: income %s after an incremental run, want %d", step.label, got, step.income)
		}
		incremental := dumpResults(t, b.ctx, b.pool, b.client)
		testfactory.Exec(t, b.pool, `INSERT INTO dirty_marks (client_id, transaction_id) VALUES ($1, $2)`, b.client, gift)
		if _, err := r.RunWith(b.ctx, auth.JobWriteScope(b.client, "test"), true); err != nil {
			t.Fatal(err)
		}
		full := dumpResults(t, b.ctx, b.pool, b.client)
		for name := range full {
			if full[name] != incremental[name] {
				t.Fatalf("relabel to %v: %s differ between the incremental and the full run:\n%s\nvs\n%s", step.label, name, incremental[name], full[name])
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// migrationUp returns the Up statements of the migration whose file name ends with suffix.
func migrationUp(t *testing.T, suffix string) string {
	t.Helper()
	names, err := fs.Glob(migrations.FS, "*"+suffix)
	if err != nil || len(names) != 1 {
		t.Fatalf("migration *%s: %v %v", suffix, names, err)
	}
	raw, err := migrations.FS.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	up, _, _ := strings.Cut(string(raw), "-- +goose Down")
	return up
}

// TestTransferLabelCopiesAreCleared: ledgers imported before the one rule carry their
// transaction's label copied onto every leg; after a relabel the copy kept the engine on the old
// label. The migration clears every copy (not a fee leg's `fee`, not a label a person set), marks
// the transactions whose engine view changes dirty, and the next run follows the relabel.
func TestTransferLabelCopiesAreCleared(t *testing.T) {
	t.Parallel()
	b := setup(t)
	gift := b.importIncome(t)
	// As the importer wrote them before: each non-fee leg a copy of its transaction's label.
	testfactory.Exec(t, b.pool, `UPDATE transfers tr SET label = t.label FROM transactions t WHERE t.id = tr.transaction_id AND NOT tr.is_fee AND t.client_id = $1`, b.client)
	r := &recalc.Runner{Pool: b.pool}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		return e.LabelTransactions([]uuid.UUID{gift}, ledger.LabelEdit{Label: ptr("income")})
	}); err != nil {
		t.Fatal(err)
	}
	// A label a person set on a leg (an audited transfer edit) stays.
	var kept uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT tr.id FROM transfers tr JOIN transactions t ON t.id = tr.transaction_id
		WHERE t.external_id = 'rMarch' AND NOT tr.is_fee`).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	var keptTx uuid.UUID
	if err := b.pool.QueryRow(b.ctx, `SELECT transaction_id FROM transfers WHERE id = $1`, kept).Scan(&keptTx); err != nil {
		t.Fatal(err)
	}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), ledger.Meta{Actor: "test"}, func(e *ledger.Editor) error {
		_, err := e.UpdateTransfer(keptTx, kept, ledger.TransferPatch{Label: ptr("income")})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if got := b.income2024(t); !got.Equal(decimal.NewFromInt(1200)) {
		t.Fatalf("income with the stale copy %s, want 1200 (the copy wins before the migration)", got)
	}

	testfactory.Exec(t, b.pool, migrationUp(t, "_transfer_labels.sql"))
	var labelled, fees, dirty int
	if err := b.pool.QueryRow(b.ctx, `SELECT count(*) FILTER (WHERE label IS NOT NULL AND NOT is_fee), count(*) FILTER (WHERE label = 'fee' AND is_fee),
		(SELECT count(DISTINCT transaction_id) FROM dirty_marks WHERE client_id = $1)
		FROM transfers WHERE client_id = $1`, b.client).Scan(&labelled, &fees, &dirty); err != nil {
		t.Fatal(err)
	}
	if labelled != 1 || fees != 13 || dirty != 1 {
		t.Fatalf("after the migration: %d own labels on non-fee legs (want the person's 1), %d fee legs labelled fee (want 13), %d dirty (want the gift)", labelled, fees, dirty)
	}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	if got := b.income2024(t); !got.Equal(decimal.NewFromInt(1450)) {
		t.Fatalf("income after the migration %s, want 1450", got)
	}
}
