package tax_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// TestReleasedEngineMemoryGivesTheSameResults: fresh Engines that take over the memory of Engines
// released before them (holding those runs' lots, queues and records, of another ledger and
// method) give, run after run, the results of Engines on memory nobody used before.
func TestReleasedEngineMemoryGivesTheSameResults(t *testing.T) {
	if testing.Short() {
		t.Skip("generates two 80k-transaction ledgers")
	}
	tax.DropReleasedEngines()
	defer tax.DropReleasedEngines()
	ledgers := []tax.Input{
		taxgen.Generate(taxgen.Config{Transactions: 80_000, Assets: 6, Wallets: 3, Seed: 7, Uncovered: 0.01}),
		taxgen.Generate(taxgen.Config{Transactions: 60_000, Assets: 3, Wallets: 2, Seed: 8, Uncovered: 0.01}),
	}
	ledgers[1].Settings.Methods = []tax.MethodChange{{FromYear: 0, Method: tax.HIFO}}
	want := make([][]byte, len(ledgers))
	for i, in := range ledgers {
		res, err := tax.Compute(in) // never released: memory of its own
		if err != nil {
			t.Fatal(err)
		}
		if want[i], err = json.Marshal(res); err != nil {
			t.Fatal(err)
		}
	}
	for run := range 5 {
		i := run % 2
		var e tax.Engine
		res, err := e.Compute(ledgers[i])
		if err != nil {
			t.Fatal(err)
		}
		if run > 0 && tax.ReleasedEngines() != 0 {
			t.Fatalf("run %d: a fresh Engine left the released one", run)
		}
		got, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[i]) {
			t.Fatalf("run %d (ledger %d) on a released Engine's memory differs from a run on fresh memory", run, i)
		}
		e.Release()
		if tax.ReleasedEngines() != 1 {
			t.Fatalf("run %d: %d released Engines, want 1", run, tax.ReleasedEngines())
		}
		if res2, err := e.Compute(ledgers[i]); err != nil { // a released Engine runs again, on a released one's memory
			t.Fatal(err)
		} else if got, _ := json.Marshal(res2); !bytes.Equal(got, want[i]) {
			t.Fatalf("run %d: the released Engine's next run differs", run)
		}
		e.Release()
	}
}
