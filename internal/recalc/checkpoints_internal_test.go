package recalc

import (
	"testing"
	"time"

	"taxd/internal/tax"
)

// TestCheckpointTimes: the last four UTC month starts, and without lookahead the times of the
// transactions 1/400, 2/400, ... 8/400 of the ledger from its end, ascending and each once; an
// incremental run over the ledger's tail takes the same ones within it.
func TestCheckpointTimes(t *testing.T) {
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	txs := make([]tax.Transaction, 4000)
	for i := range txs {
		txs[i].Time = start.Add(time.Duration(i) * 2 * time.Hour) // 2025-01-01 to 2025-11-25
	}
	months := []time.Time{time.Date(2025, 8, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 11, 1, 0, 0, 0, 0, time.UTC)}
	got := checkpointTimes(txs, len(txs), 30*24*time.Hour)
	if len(got) != 4 || !equalTimes(got, months) {
		t.Fatalf("with lookahead: %v, want %v", got, months)
	}
	want := append([]time.Time(nil), months...)
	for k := 8; k >= 1; k-- { // every 10 transactions: 20 hours apart, all in November
		want = append(want, txs[4000-10*k].Time)
	}
	got = checkpointTimes(txs, len(txs), 0)
	if !equalTimes(got, want) {
		t.Fatalf("without lookahead:\n got %v\nwant %v", got, want)
	}
	// the tail from 2025-11-01 of the same ledger: the same checkpoints within it
	tail := txs[len(txs)-300:]
	got = checkpointTimes(tail, len(txs), 0)
	if !equalTimes(got[len(got)-8:], want[4:]) {
		t.Fatalf("over the tail: %v, want %v last", got, want[4:])
	}
	// a small ledger: one transaction apart, a time shared by two transactions taken once
	small := txs[:20:20]
	small[18].Time = small[17].Time
	got = checkpointTimes(small, len(small), 0)
	for i := 1; i < len(got); i++ {
		if !got[i-1].Before(got[i]) {
			t.Fatalf("not ascending and unique: %v", got)
		}
	}
	if n := len(got); n != 4+7 {
		t.Fatalf("small ledger: %d checkpoints, want 11: %v", n, got)
	}
}

func equalTimes(a, b []time.Time) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}
