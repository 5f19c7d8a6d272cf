package recalc_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/internal/auth"
	"taxd/internal/recalc"
	"taxd/internal/taxsettings"
)

// The client's tax settings reach the engine: a change of algorithm from 2025 (stored by
// taxsettings, as updateClientTaxSettings does) marks the client dirty and the next run sells the
// 2025 disposal by the new algorithm, while 2024 keeps the old one; the lot trail of each piece is
// stored with it.
func TestAlgorithmChangesReachTheEngine(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.trade(t, day(2024, 1, 10), "1", "1000") // lot A: $1,000/ETH
	b.trade(t, day(2024, 2, 10), "1", "3000") // lot B: $3,000/ETH
	b.trade(t, day(2024, 6, 1), "-0.5", "1000")
	b.trade(t, day(2025, 6, 1), "-0.5", "1000")
	r := &recalc.Runner{Pool: b.pool}
	if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
		t.Fatal(err)
	}
	// FIFO: both sales from lot A: 2024 +500, 2025 +500
	if g := b.preview(t, 2025).ShortTerm.Add(b.preview(t, 2025).LongTerm); !g.Equal(decimal.NewFromInt(500)) {
		t.Fatalf("2025 under FIFO: %s, want 500", g)
	}
	svc := taxsettings.NewService(b.pool)
	partner := uuid.New() // a read-write scope, as a partner acting on its user has
	scope, err := auth.PartnerUserScope(&auth.Partner{PartnerID: partner}, b.client, &partner)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Update(b.ctx, scope, taxsettings.Update{MethodChanges: &[]taxsettings.MethodChange{{From: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Method: "HIFO"}}}); err != nil {
		t.Fatal(err)
	}
	if b.dirty(t) == 0 {
		t.Fatal("the settings change did not mark the client dirty")
	}
	for range 2 { // twice: the second run (incremental allowed) must agree
		if _, err := r.Run(b.ctx, auth.JobWriteScope(b.client, "test")); err != nil {
			t.Fatal(err)
		}
		// HIFO in 2025: lot B at $3,000: 1000 - 1500 = -500; 2024 stays FIFO: +500
		p24, p25 := b.preview(t, 2024), b.preview(t, 2025)
		if !p25.ShortTerm.Add(p25.LongTerm).Equal(decimal.NewFromInt(-500)) || !p24.ShortTerm.Equal(decimal.NewFromInt(500)) {
			t.Fatalf("after the change: 2024 %s, 2025 %s+%s, want 500 and -500", p24.ShortTerm, p25.ShortTerm, p25.LongTerm)
		}
	}
	var lotTransfers []string
	rows, err := b.pool.Query(b.ctx, `SELECT d.lot_transfer_id FROM tax_disposals d JOIN clients c ON c.current_result_set_id = d.result_set_id
		WHERE c.id = $1 ORDER BY d.seq`, b.client)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s *string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s == nil {
			t.Fatal("a covered piece has no lot transfer")
		}
		lotTransfers = append(lotTransfers, *s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(lotTransfers) != 2 || lotTransfers[0] == lotTransfers[1] {
		t.Errorf("lot trail %v: the 2024 piece comes from lot A, the 2025 one from lot B", lotTransfers)
	}
}
