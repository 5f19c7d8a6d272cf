package ledger_test

import (
	"testing"

	"github.com/google/uuid"

	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/testfactory"
)

// Each audit-log filter narrows the entries as documented: unset fields match everything, an empty
// transaction list matches nothing, the search reads the entry's transaction, and a user actor
// brings its identity-provider subject and staff flag.
func TestAuditLogFilters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	testfactory.Exec(t, b.pool, `INSERT INTO users (id, idp_subject, is_staff) VALUES ($1, 'sub-1', true)`, user)
	base, _ := b.tx3(t)
	other, _ := b.tx3(t)
	byUser := ledger.Meta{Actor: "user:" + user.String(), SessionID: ptr("s2")}
	if err := b.led.Update(b.ctx, auth.JobWriteScope(b.client, "test"), byUser, func(e *ledger.Editor) error {
		_, err := e.UpdateTransaction(base, ledger.TransactionPatch{Notes: ptr("Rent 50%_ paid")})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	scope := auth.JobWriteScope(b.client, "test")
	all := b.count(t, `SELECT count(*) FROM audit_logs WHERE client_id = $1`, b.client)
	ofBase := b.count(t, `SELECT count(*) FROM audit_logs WHERE client_id = $1 AND transaction_id = $2`, b.client, base)
	for _, c := range []struct {
		name string
		f    ledger.AuditFilter
		want int
	}{
		{"none", ledger.AuditFilter{}, all},
		{"field", ledger.AuditFilter{Field: ptr("notes")}, 1},
		{"transactions", ledger.AuditFilter{TransactionIDs: []uuid.UUID{base}}, ofBase},
		{"both transactions", ledger.AuditFilter{TransactionIDs: []uuid.UUID{base, other}},
			b.count(t, `SELECT count(*) FROM audit_logs WHERE client_id = $1 AND transaction_id IS NOT NULL`, b.client)},
		{"no transactions", ledger.AuditFilter{TransactionIDs: []uuid.UUID{}}, 0},
		{"search", ledger.AuditFilter{TransactionSearch: ptr(" 50%_ ")}, ofBase},
		{"search without match", ledger.AuditFilter{TransactionSearch: ptr("50%x")}, 0},
		{"blank search", ledger.AuditFilter{TransactionSearch: ptr("  ")}, all},
		{"user", ledger.AuditFilter{UserSubject: ptr("sub-1")}, 1},
		{"other user", ledger.AuditFilter{UserSubject: ptr("sub-2")}, 0},
	} {
		entries, total, err := b.led.AuditLogs(b.ctx, scope, c.f, 500, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if total != c.want || len(entries) != c.want {
			t.Errorf("%s: %d entries of %d, want %d", c.name, len(entries), total, c.want)
		}
	}
	entries, total, err := b.led.AuditLogs(b.ctx, scope, ledger.AuditFilter{UserSubject: ptr("sub-1")}, 500, 0)
	if err != nil || total != 1 {
		t.Fatalf("user entries: %d, %v", total, err)
	}
	if e := entries[0]; e.UserSubject == nil || *e.UserSubject != "sub-1" || !e.IsStaff || e.Field != "notes" || e.TransactionID == nil || *e.TransactionID != base {
		t.Errorf("user entry %+v", e)
	}
	page, total, err := b.led.AuditLogs(b.ctx, scope, ledger.AuditFilter{}, 2, 1)
	if err != nil || total != all || len(page) != min(2, max(all-2, 0)) {
		t.Fatalf("second page of 2: %d entries of %d (%v), want %d of %d", len(page), total, err, min(2, max(all-2, 0)), all)
	}
	for i := 1; i < len(page); i++ {
		if page[i].CreatedAt.After(page[i-1].CreatedAt) {
			t.Errorf("page not newest first: %v before %v", page[i-1].CreatedAt, page[i].CreatedAt)
		}
	}
}
