package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"time"
)

// rp2LargeInputSeconds is RP2's own time on its large input (10,000 acquisitions and 10,000
// disposals) on this 2-core machine, as the outside harness measured it (14.9 s; an earlier recording
// here said 25.1 s, which made the ratio look 1.7 times better than the harness finds): RP2 is a
// Python program that `make bench` cannot install here.
const rp2LargeInputSeconds = 14.9

// benchCompute runs a command (taxd-compute on a ledger) --runs times and prints the fastest and
// median wall time, the mean CPU time, and how many times faster than RP2 the fastest run is.
func benchCompute(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench compute", flag.ContinueOnError)
	fs.SetOutput(stderr)
	runs := fs.Int("runs", 30, "runs (after one warm-up run)")
	label := fs.String("label", "taxd-compute", "what the figure is called")
	if err := fs.Parse(args); err != nil {
		return err
	}
	argv := fs.Args()
	if len(argv) == 0 || *runs < 1 {
		return errors.New("usage: taxd bench compute [--runs N] [--label L] -- COMMAND [ARGS]")
	}
	var walls []time.Duration
	var cpu time.Duration
	for i := -1; i < *runs; i++ {
		cmd := exec.Command(argv[0], argv[1:]...)
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w", argv[0], err)
		}
		if i >= 0 {
			walls = append(walls, time.Since(t0))
			cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
	}
	slices.Sort(walls)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	fmt.Fprintf(stdout, "%s: fastest %.1f ms, median %.1f ms wall, %.1f ms CPU (mean of %d runs); RP2 %.1f s (recorded): %.0fx (goal >= 1000x, <= %.1f ms); load: %s\n",
		*label, ms(walls[0]), ms(walls[len(walls)/2]), ms(cpu/time.Duration(*runs)), *runs,
		rp2LargeInputSeconds, rp2LargeInputSeconds*1000/ms(walls[0]), rp2LargeInputSeconds, loadAverage())
	return nil
}
