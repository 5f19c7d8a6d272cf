package tax_test

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// TestFeedInBatches: Start, Feed in random batches (each batch a copy whose memory is overwritten
// afterwards, as a streaming reader reuses it) and Finish give Compute's Result, for every method.
func TestFeedInBatches(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		in := taxgen.Generate(taxgen.Config{Transactions: 3000, Assets: 4, Wallets: 3, Seed: seed, Uncovered: 0.02})
		in.Settings.PerWalletFrom = time.Date(2023, 7, 1, 0, 0, 0, 0, time.UTC)
		for _, m := range allMethods {
			in.Settings.Methods = []tax.MethodChange{{Method: m}}
			want, err := tax.Compute(in)
			if err != nil {
				t.Fatal(err)
			}
			var eng tax.Engine
			if err := eng.Start(in.Settings, 0); err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(m)))
			var batch []tax.Transaction
			for i := 0; i < len(in.Transactions); {
				n := min(1+r.IntN(700), len(in.Transactions)-i)
				batch = batch[:0]
				for _, tx := range in.Transactions[i : i+n] {
					tx.Transfers = append([]tax.Transfer(nil), tx.Transfers...)
					batch = append(batch, tx)
				}
				if err := eng.Feed(batch); err != nil {
					t.Fatal(err)
				}
				for j := range batch { // the caller reuses the memory
					clear(batch[j].Transfers)
					batch[j] = tax.Transaction{}
				}
				i += n
			}
			got, err := eng.Finish()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d %s: batched run differs from Compute", seed, m)
			}
		}
	}
}

// TestFeedErrorSticks: after a failed Feed the run is over.
func TestFeedErrorSticks(t *testing.T) {
	in := taxgen.Generate(taxgen.Config{Transactions: 50, Assets: 2, Wallets: 2, Seed: 3})
	var eng tax.Engine
	if err := eng.Start(in.Settings, 0); err != nil {
		t.Fatal(err)
	}
	if err := eng.Feed(in.Transactions[10:20]); err != nil {
		t.Fatal(err)
	}
	if err := eng.Feed(in.Transactions[:5]); err == nil {
		t.Fatal("earlier transactions after later ones: want ErrUnsorted")
	}
	if err := eng.Feed(in.Transactions[20:]); err == nil {
		t.Fatal("Feed after an error must fail")
	}
	if _, err := eng.Finish(); err == nil {
		t.Fatal("Finish after an error must fail")
	}
}
