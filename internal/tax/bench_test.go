package tax_test

import (
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"taxd/internal/tax"
	"taxd/internal/tax/taxgen"
)

var (
	benchOnce  sync.Once
	benchInput tax.Input
	benchN     int
)

func benchLedger(b *testing.B) (tax.Input, int) {
	benchOnce.Do(func() {
		benchInput = taxgen.Generate(taxgen.Config{Transactions: 1_000_000, Assets: 50, Wallets: 10, Seed: 42})
		for i := range benchInput.Transactions {
			benchN += len(benchInput.Transactions[i].Transfers)
		}
	})
	return benchInput, benchN
}

// How a benchmark runs the engine.
type benchMode int

const (
	warm      benchMode = iota // one Engine reused across runs
	cold                       // a fresh Engine per run, released after it as the recalculation worker does
	coldFresh                  // a fresh Engine per run, never released: each run's results take fresh memory
	coldSink                   // a fresh Engine per run whose disposals go to a DisposalSink
)

func benchMethod(b *testing.B, m tax.Method, mode benchMode) {
	in, n := benchLedger(b)
	in.Settings.Methods = []tax.MethodChange{{FromYear: 0, Method: m}}
	in.Settings.PerWalletFrom = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var eng tax.Engine
	switch mode {
	case warm:
		// an Engine kept across runs sizes its buffers once, outside the timer
		if _, err := eng.Compute(in); err != nil {
			b.Fatal(err)
		}
	case cold:
		// a worker that has run before: its previous run's Engine was released
		if _, err := eng.Compute(in); err != nil {
			b.Fatal(err)
		}
		eng.Release()
	case coldFresh:
		tax.DropReleasedEngines() // what earlier benchmarks released
	}
	runtime.GC() // the generator's garbage must not be collected on the clock
	b.ReportAllocs()
	cpu0 := cpuTime()
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	var ms0 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	var res tax.Result
	var err error
	sunk := 0 // pieces given to the DisposalSink
	for i := 0; i < b.N; i++ {
		switch mode {
		case warm:
			res, err = eng.Compute(in)
		case cold:
			e := tax.Engine{}
			res, err = e.Compute(in)
			e.Release() // the worker's step once the Result is stored (res keeps its lengths)
		case coldFresh:
			res, err = tax.Compute(in)
		case coldSink:
			sunk = 0
			e := tax.Engine{DisposalSink: func(*tax.Disposal) { sunk++ }}
			res, err = e.Compute(in)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	var ms1 runtime.MemStats
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ru1.Minflt-ru0.Minflt)/float64(b.N), "faults/op")
	b.ReportMetric(float64(ms1.NumGC-ms0.NumGC)/float64(b.N), "gcs/op")
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "transfers/s")
	b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds(), "transfers/cpu-s")
	b.ReportMetric(float64(len(res.Disposals)+sunk), "pieces")
}

// cpuTime is the process's user+system CPU time (every thread: the collector's workers too). On a
// busy machine transfers/cpu-s is the steadier figure; on a quiet one it matches transfers/s plus the
// collector's background work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The ledger: taxgen, 1M transactions (about 1.32M transfers) over 2021-2025, 50 assets, 10 wallets;
// buys (a third with fiat fees), sells (some with gas), swaps (some unpriced legs, gas), internal moves
// with network fees, income of every kind, staking in/out, gifts, donations, losses, 0.1% uncovered sells.

// BenchmarkFIFO: FIFO, per-wallet from 2025-01-01, reused (warm) Engine.
func BenchmarkFIFO(b *testing.B) { benchMethod(b, tax.FIFO, warm) }

// BenchmarkHIFO: as BenchmarkFIFO with HIFO.
func BenchmarkHIFO(b *testing.B) { benchMethod(b, tax.HIFO, warm) }

// BenchmarkFIFOCold: FIFO with a fresh Engine per run, as the recalculation worker runs it: the
// Engine is released after the run (Engine.Release), and the next fresh Engine takes over its memory
// (one run outside the timer is the worker's previous run).
func BenchmarkFIFOCold(b *testing.B) { benchMethod(b, tax.FIFO, cold) }

// BenchmarkHIFOCold: as BenchmarkFIFOCold with HIFO.
func BenchmarkHIFOCold(b *testing.B) { benchMethod(b, tax.HIFO, cold) }

// BenchmarkFIFOColdFresh: FIFO with a fresh Engine per run that is never released: every run's
// ~150 MB of results go into memory no released Engine holds (what BenchmarkFIFOCold measured
// before Engine.Release: a worker process's first run, or its first after ten idle minutes).
func BenchmarkFIFOColdFresh(b *testing.B) { benchMethod(b, tax.FIFO, coldFresh) }

// BenchmarkHIFOColdFresh: as BenchmarkFIFOColdFresh with HIFO.
func BenchmarkHIFOColdFresh(b *testing.B) { benchMethod(b, tax.HIFO, coldFresh) }

// BenchmarkFIFOColdSink: FIFO with a fresh Engine per run that hands its disposals to a
// DisposalSink (as taxd compute does) instead of keeping them in the Result. Next to
// BenchmarkFIFOCold it separates the engine's own cold cost from that of the ~145 MB of disposal
// records a fresh Result writes into memory the process has not touched yet.
func BenchmarkFIFOColdSink(b *testing.B) { benchMethod(b, tax.FIFO, coldSink) }

// BenchmarkGB and BenchmarkCA run the same ledger under the GB and CA rule sets (warm Engine).
func BenchmarkGB(b *testing.B) { benchJurisdiction(b, tax.GB) }
func BenchmarkCA(b *testing.B) { benchJurisdiction(b, tax.CA) }

func benchJurisdiction(b *testing.B, j tax.Jurisdiction) {
	in, n := benchLedger(b)
	in.Settings = tax.Settings{Jurisdiction: j}
	var eng tax.Engine
	if _, err := eng.Compute(in); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := eng.Compute(in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "transfers/s")
}
