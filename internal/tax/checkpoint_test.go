package tax_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

// monthStarts lists the first instant of every month from a to b (UTC).
func monthStarts(a, b time.Time) []time.Time {
	var out []time.Time
	for m := time.Date(a.Year(), a.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(b); m = m.AddDate(0, 1, 0) {
		out = append(out, m)
	}
	return out
}

func fullWithCheckpoints(t *testing.T, in tax.Input, cps []time.Time) (tax.Result, []tax.Checkpoint) {
	t.Helper()
	var got []tax.Checkpoint
	e := tax.Engine{Checkpoints: cps, OnCheckpoint: func(c *tax.Checkpoint) {
		// round-trip through the stored form, as the recalculation does
		b, err := c.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var d tax.Checkpoint
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		got = append(got, d)
	}}
	res, err := e.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	return res, got
}

func js(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) == "null" { // an empty tail is an empty slice
		return "[]"
	}
	return string(b)
}

// sameTail checks that a run resumed from cp equals the full run after cp, record for record.
func sameTail(t *testing.T, full, resumed tax.Result, cp *tax.Checkpoint, what string) {
	t.Helper()
	if js(t, full.Disposals[cp.Disposals:]) != js(t, resumed.Disposals) {
		t.Fatalf("%s: disposals after %s differ (%d vs %d)", what, cp.At, len(full.Disposals)-cp.Disposals, len(resumed.Disposals))
	}
	if js(t, full.Income[cp.Income:]) != js(t, resumed.Income) {
		t.Fatalf("%s: income after %s differs", what, cp.At)
	}
	if js(t, full.Warnings[cp.Warnings:]) != js(t, resumed.Warnings) {
		t.Fatalf("%s: warnings after %s differ:\n%s\n%s", what, cp.At, js(t, full.Warnings[cp.Warnings:]), js(t, resumed.Warnings))
	}
	if len(resumed.Years) == 0 {
		t.Fatalf("%s: no years", what)
	}
	k := len(full.Years) - len(resumed.Years)
	if k < 0 || js(t, full.Years[k:]) != js(t, resumed.Years) {
		t.Fatalf("%s: years from %d differ:\n%s\n%s", what, resumed.Years[0].Year, js(t, full.Years[max(k, 0):]), js(t, resumed.Years))
	}
	var adj []tax.Adjustment
	for _, a := range full.Adjustments {
		if a.Piece >= cp.Disposals {
			a.Piece -= cp.Disposals
			adj = append(adj, a)
		}
	}
	if js(t, adj) != js(t, resumed.Adjustments) {
		t.Fatalf("%s: adjustments after %s differ", what, cp.At)
	}
	if js(t, full.Lots) != js(t, resumed.Lots) || !reflect.DeepEqual(full.Assets, resumed.Assets) || !reflect.DeepEqual(full.Accounts, resumed.Accounts) {
		t.Fatalf("%s: lots, assets or accounts differ", what)
	}
}

func suffix(txs []tax.Transaction, at time.Time) []tax.Transaction {
	for i := range txs {
		if !txs[i].Time.Before(at) {
			return txs[i:]
		}
	}
	return nil
}

// TestResumeEqualsFullRun: for random ledgers, settings and edit positions, a run resumed from a
// checkpoint before the edit equals a full run of the edited ledger.
func TestResumeEqualsFullRun(t *testing.T) {
	t.Parallel()
	for j := tax.Jurisdiction(0); j.Valid(); j++ {
		t.Run(j.String(), func(t *testing.T) {
			t.Parallel()
			rounds := 40
			if j != tax.US {
				rounds = 25
			}
			resumeEqualsFullRun(t, j, rounds)
		})
	}
}

func resumeEqualsFullRun(t *testing.T, j tax.Jurisdiction, rounds int) {
	rng := rand.New(rand.NewPCG(7, 11+uint64(j)))
	for round := 0; round < rounds; round++ {
		start := time.Date(2022+rng.IntN(2), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC)
		end := start.AddDate(1+rng.IntN(2), rng.IntN(12), 0)
		in := taxgen.Generate(taxgen.Config{Transactions: 300 + rng.IntN(900), Assets: 1 + rng.IntN(4), Wallets: 1 + rng.IntN(3),
			Seed: rng.Uint64(), Start: start, End: end, Uncovered: 0.05})
		m := allMethods[rng.IntN(len(allMethods))]
		in.Settings.Methods = []tax.MethodChange{{FromYear: 0, Method: m}}
		if rng.IntN(3) == 0 {
			in.Settings.Methods = append(in.Settings.Methods, tax.MethodChange{FromYear: start.Year() + 1, Method: allMethods[rng.IntN(len(allMethods))]})
		}
		if rng.IntN(2) == 0 {
			in.Settings.PerWalletFrom = time.Date(start.Year()+1, 1, 1, 0, 0, 0, 0, time.UTC)
			in.Settings.AsOf = end.AddDate(1, 0, 0)
		}
		if rng.IntN(3) == 0 {
			in.Settings.FiscalYearStartMonth, in.Settings.FiscalYearStartDay = time.July, 1
		}
		in.Settings.Jurisdiction = j
		cps := monthStarts(start, end)
		full, got := fullWithCheckpoints(t, in, cps)
		if len(got) < len(cps)/2 {
			t.Fatalf("round %d: %d checkpoints for %d month starts", round, len(got), len(cps))
		}
		// Unchanged ledger: every checkpoint resumes to the same results.
		for i := range got {
			cp := &got[i]
			var e tax.Engine
			res, err := e.Resume(cp, tax.Input{Settings: in.Settings, Transactions: suffix(in.Transactions, cp.At)})
			if err != nil {
				t.Fatal(err)
			}
			sameTail(t, full, res, cp, "unchanged")
		}
		// Edited tail: change, drop or insert a transaction at a random position; resume from the last
		// checkpoint at or before it and compare with a full run of the edited ledger.
		pos := rng.IntN(len(in.Transactions))
		edited := in
		edited.Transactions = append([]tax.Transaction(nil), in.Transactions...)
		switch rng.IntN(3) {
		case 0:
			tx := edited.Transactions[pos]
			tx.Transfers = append([]tax.Transfer(nil), tx.Transfers...)
			q, _ := tx.Transfers[0].Quantity.Add(tax.MustDec("0.5"))
			tx.Transfers[0].Quantity = q
			edited.Transactions[pos] = tx
		case 1:
			edited.Transactions = append(edited.Transactions[:pos], edited.Transactions[pos+1:]...)
		case 2:
			tx := edited.Transactions[pos]
			tx.ID = taxgen.ID(9, uint64(pos))
			tx.Transfers = []tax.Transfer{{ID: taxgen.ID(8, uint64(pos)), Asset: tx.Transfers[0].Asset, To: taxgen.WalletName(0),
				Quantity: tax.MustDec("3"), FiatValue: tax.MustDec("123.45"), HasFiatValue: true}}
			edited.Transactions = append(edited.Transactions[:pos], append([]tax.Transaction{tx}, edited.Transactions[pos:]...)...)
		}
		at := in.Transactions[pos].Time
		var cp *tax.Checkpoint
		for i := range got {
			if !got[i].At.After(at) {
				cp = &got[i]
			}
		}
		if cp == nil {
			continue // edit before the first checkpoint: a full run
		}
		want, _ := fullWithCheckpoints(t, edited, cps)
		var e tax.Engine
		res, err := e.Resume(cp, tax.Input{Settings: edited.Settings, Transactions: suffix(edited.Transactions, cp.At)})
		if err != nil {
			t.Fatal(err)
		}
		sameTail(t, want, res, cp, "edited")
	}
}
