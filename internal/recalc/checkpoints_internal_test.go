package recalc

import (
	"fmt"
	"strings"
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

// TestYearsToWrite: a year holding shown transactions but none the engine got a transfer of gets a
// row of zeros that brings forward the loss the year before it carried; a year whose count is zero
// (a checkpoint's count of a year after it) gets none; a run resumed from a checkpoint writes no
// year before the checkpoint's.
func TestYearsToWrite(t *testing.T) {
	res := &tax.Result{Years: []tax.YearSummary{
		{Year: 2023, LossesCarriedForward: tax.DecFromInt(100)},
		{Year: 2025, LossesBroughtForward: tax.DecFromInt(100), LossesCarriedForward: tax.DecFromInt(40)},
	}}
	snap := &snapshot{txPerYear: map[int]int{2022: 1, 2023: 5, 2024: 2, 2025: 3, 2026: 1, 2027: 0}}
	describe := func(ys []tax.YearSummary) string {
		var b strings.Builder
		for _, y := range ys {
			fmt.Fprintf(&b, "%d:%s/%s ", y.Year, y.LossesBroughtForward, y.LossesCarriedForward)
		}
		return b.String()
	}
	if got, want := describe(yearsToWrite(snap, res)), "2022:0/0 2023:0/100 2024:100/100 2025:100/40 2026:40/40 "; got != want {
		t.Errorf("full run: %s, want %s", got, want)
	}
	snap.base = &baseCheckpoint{}
	if got, want := describe(yearsToWrite(snap, res)), "2023:0/100 2024:100/100 2025:100/40 2026:40/40 "; got != want {
		t.Errorf("resumed run: %s, want %s", got, want)
	}
	snap.txPerYear = map[int]int{2023: 5, 2025: 3}
	if ys := yearsToWrite(snap, res); len(ys) != 2 || &ys[0] != &res.Years[0] {
		t.Errorf("no extra year: %s, want the engine's years as they are", describe(ys))
	}
}
