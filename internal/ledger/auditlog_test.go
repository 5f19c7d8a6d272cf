package ledger_test

import (
	"strings"
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

// The audit log's transaction search follows the rule of a transaction's own text that `search`
// follows (ownTextRule): notes and labels by any part, the hash by its start, with or without "0x".
func TestAuditLogSearchByTheRule(t *testing.T) {
	t.Parallel()
	b := setup(t)
	testfactory.Exec(t, b.pool, `INSERT INTO transactions (id, client_id, account_id, occurred_at, ordinal, label, txn_hash, notes)
		SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + i * interval '1 hour', i,
		       (ARRAY['buy', 'sell', 'staking_reward', NULL])[i % 4 + 1],
		       CASE WHEN i % 2 = 0 THEN '0x' || upper(md5(i::text)) || md5((i + 1000)::text) END,
		       CASE WHEN i % 3 = 0 THEN 'Paid rent ' || i END
		  FROM generate_series(1, 40) i`, b.client, b.wallet)
	var hash string
	if err := b.pool.QueryRow(b.ctx, `SELECT txn_hash FROM transactions WHERE client_id = $1 AND ordinal = 8`, b.client).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	mid := hash[30:40]
	testfactory.Exec(t, b.pool, `UPDATE transactions SET notes = CASE ordinal WHEN 9 THEN 'see ' || $2 ELSE 'fee 5%_x' END
		WHERE client_id = $1 AND ordinal IN (9, 11)`, b.client, mid)
	// an entry per transaction, a second one on every fifth
	testfactory.Exec(t, b.pool, `INSERT INTO audit_logs (id, client_id, transaction_id, entity, entity_id, field, actor)
		SELECT gen_random_uuid(), t.client_id, t.id, 'transaction', t.id, f, 'user:test'
		  FROM transactions t, unnest(ARRAY['label', 'notes']) f WHERE t.client_id = $1 AND (f = 'label' OR t.ordinal % 5 = 0)`, b.client)
	scope := auth.JobScope(b.client, "test")
	for _, c := range []struct {
		q    string
		want int // entries, -1: some
	}{
		{hash, 1}, {hash[:12], -1}, {hash[2:12], -1}, {strings.ToLower(hash[2:12]), -1},
		{mid, 1}, {hash[3:12], 0},
		{"rent 1", -1}, {"stak", -1}, {"ng_re", -1}, {"5%_x", 1}, {"5%x", 0}, {"e_5", 0}, {"zzz", 0},
	} {
		_, total, err := b.led.AuditLogs(b.ctx, scope, ledger.AuditFilter{TransactionSearch: &c.q}, 500, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := len(ruleMatches(t, b, `SELECT al.id FROM audit_logs al JOIN transactions t ON t.id = al.transaction_id
			WHERE al.client_id = $1 AND `+ownTextRule, c.q))
		if total != want {
			t.Errorf("search %q: %d entries, want %d", c.q, total, want)
		}
		if c.want >= 0 && want != c.want || c.want < 0 && want == 0 {
			t.Fatalf("search %q: the rule gives %d entries, the case wants %d: the data does not test it", c.q, want, c.want)
		}
	}
}
