package ledger_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
)

// oneLeg adds a transaction with one ETH transfer (from nil: arriving; to nil: leaving).
func (b *bundle) oneLeg(t *testing.T, at time.Time, from, to *uuid.UUID) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, func(e *ledger.Editor) error {
		tx, err := e.CreateTransaction(ledger.NewTransaction{OccurredAt: at})
		if err != nil {
			return err
		}
		id = tx.ID
		_, err = e.AddTransfer(tx.ID, ledger.NewTransfer{AssetID: b.eth, Quantity: dec("1"), FromAccountID: from, ToAccountID: to})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (b *bundle) links(t *testing.T) string {
	t.Helper()
	rows, err := b.pool.Query(b.ctx, `SELECT id, link_type, from_transaction_id, to_transaction_id FROM internal_transfer_pairs WHERE client_id = $1 ORDER BY id`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, from, to uuid.UUID
		var kind string
		if err := rows.Scan(&id, &kind, &from, &to); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(id, kind, from, to))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}

func kind(err error) apperr.Kind {
	if e, ok := apperr.As(err); ok {
		return e.Kind
	}
	return apperr.Internal
}

// Links of every type: the rules (a side must leave / arrive, one link per transaction), the audit
// entry and dirty marks of each change, and the undo of a whole sequence of links and unlinks
// restoring the links row for row (ids included) and leaving the client dirty.
func TestLinksAreAuditedAndUndoable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	day := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	out1, in1 := b.oneLeg(t, day, &b.wallet, nil), b.oneLeg(t, day.Add(time.Hour), nil, &b.wallet2)
	out2, in2 := b.oneLeg(t, day.Add(2*time.Hour), &b.wallet2, nil), b.oneLeg(t, day.Add(3*time.Hour), nil, &b.wallet)
	edit := func(fn func(e *ledger.Editor) error) error {
		return b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), meta, fn)
	}
	link := func(k ledger.LinkType, from, to uuid.UUID) error {
		return edit(func(e *ledger.Editor) error { _, err := e.Link(k, from, to); return err })
	}
	unlink := func(k ledger.LinkType, from, to uuid.UUID) error {
		return edit(func(e *ledger.Editor) error { _, err := e.Unlink(k, from, to); return err })
	}

	for _, c := range []struct {
		name     string
		err      error
		wantKind apperr.Kind
	}{
		{"nothing leaves an arriving transaction", link(ledger.LinkBridge, in1, in2), apperr.Invalid},
		{"nothing arrives in a leaving transaction", link(ledger.LinkBridge, out1, out2), apperr.Invalid},
		{"a transaction with itself", link(ledger.LinkInternalTransfer, out1, out1), apperr.Invalid},
		{"an unknown transaction", link(ledger.LinkCrossChainSwap, out1, uuid.New()), apperr.NotFound},
		{"no such link", unlink(ledger.LinkBridge, out1, in1), apperr.NotFound},
	} {
		if kind(c.err) != c.wantKind {
			t.Errorf("%s: %v", c.name, c.err)
		}
	}
	before := b.links(t)
	if before != "" {
		t.Fatalf("refused links were stored: %s", before)
	}
	var since time.Time
	if err := b.pool.QueryRow(b.ctx, `SELECT now()`).Scan(&since); err != nil {
		t.Fatal(err)
	}

	b.settle(t)
	steps := []error{
		link(ledger.LinkInternalTransfer, out1, in1),
		link(ledger.LinkCrossChainSwap, out2, in2),
		unlink(ledger.LinkInternalTransfer, out1, in1),
		link(ledger.LinkBridge, out1, in1),
		unlink(ledger.LinkCrossChainSwap, out2, in2),
		link(ledger.LinkInternalTransfer, out2, in2),
	}
	for i, err := range steps {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if err := link(ledger.LinkBridge, out1, in2); kind(err) != apperr.Conflict {
		t.Fatalf("a second link of a transaction: %v", err)
	}
	want := fmt.Sprint(ledger.LinkID(out1, in1), ledger.LinkBridge, out1, in1) + "\n" + fmt.Sprint(ledger.LinkID(out2, in2), ledger.LinkInternalTransfer, out2, in2)
	if got := b.links(t); got != strings.Join(sortLines(want), "\n") {
		t.Fatalf("links:\n%s\nwant:\n%s", got, want)
	}
	if n := b.dirty(t); n != 4 {
		t.Fatalf("dirty transactions after linking: %d, want 4", n)
	}
	// Both sides of the bridge and of the internal transfer are internal transfers in the list.
	list, err := b.led.List(b.ctx, auth.JobScope(b.client, "test"), ledger.TxFilter{FinancialEvent: ledger.EventInternalTransfer}, ledger.TxPage{Limit: 10})
	if err != nil || len(list.Rows) != 4 {
		t.Fatalf("financialEvent internal_transfer: %d rows, %v", len(list.Rows), err)
	}

	var ids []uuid.UUID
	rows, err := b.pool.Query(b.ctx, `SELECT id FROM audit_logs WHERE client_id = $1 AND created_at >= $2 AND field IN ('internalTransferTo', 'bridgeTo', 'crossChainSwapTo')`, b.client, since)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if rows.Close(); rows.Err() != nil || len(ids) != len(steps) {
		t.Fatalf("%d link audit entries, want %d (%v)", len(ids), len(steps), rows.Err())
	}
	b.settle(t)
	if err := edit(func(e *ledger.Editor) error { _, err := e.Undo(ids); return err }); err != nil {
		t.Fatal(err)
	}
	if got := b.links(t); got != before {
		t.Fatalf("links after undoing all: %q, want none", got)
	}
	if n := b.dirty(t); n != 4 {
		t.Fatalf("dirty transactions after the undo: %d, want 4", n)
	}
}

func sortLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return lines
}
