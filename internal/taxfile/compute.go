package taxfile

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	_ "time/tzdata" // timezones work on hosts without a zoneinfo database

	"taxd/internal/tax"
)

// ErrUsage is returned (wrapped) for bad command-line arguments.
var ErrUsage = errors.New("usage")

// DefaultPerWalletFrom is the US per-wallet switch date (local date in the client's timezone).
const DefaultPerWalletFrom = "2025-01-01"

// RunCompute implements `taxd compute --input FILE --method fifo|lifo|hifo|lofo|average
// [--per-wallet-from DATE] [--format json|csv]`.
func RunCompute(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compute", flag.ContinueOnError)
	fs.SetOutput(stderr)
	input := fs.String("input", "", "ledger file, JSON or CSV (see docs/taxd-compute.md); - reads standard input")
	method := fs.String("method", "", "fifo|lifo|hifo|lofo|average, optionally followed by changes from a tax year: fifo,2024:hifo\n(default: the file's settings, else fifo)")
	pwf := fs.String("per-wallet-from", "", "date from which each wallet keeps its own lots: YYYY-MM-DD (in --timezone), RFC 3339, or never\n(default: the file's settings, else "+DefaultPerWalletFrom+")")
	format := fs.String("format", "json", "output format: json|csv (csv: the disposals; summary and warnings on stderr)")
	inFormat := fs.String("input-format", "", "json|csv (default: detect from the first character)")
	tz := fs.String("timezone", "", "IANA timezone for tax years and holding periods (default: the file's settings, else UTC)")
	fy := fs.String("fiscal-year-start", "", "MM-DD the tax year starts (default: the file's settings, else 01-01; US only)")
	codes := strings.Join(tax.JurisdictionCodes(), "|")
	juris := fs.String("jurisdiction", "", codes+": the country whose rules apply (default: the file's settings, else US);\n"+
		"only US takes --method, --per-wallet-from and --fiscal-year-start (the others fix them: a note says so)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: taxd compute --input FILE [--jurisdiction "+codes+"] --method fifo|lifo|hifo|lofo|average [--per-wallet-from DATE] [--format json|csv]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", ErrUsage, fs.Arg(0))
	}
	if *input == "" {
		fs.Usage()
		return fmt.Errorf("%w: --input is required", ErrUsage)
	}
	if *format != "json" && *format != "csv" {
		return fmt.Errorf("%w: --format must be json or csv", ErrUsage)
	}
	var r io.Reader = stdin
	if *input != "-" {
		fh, err := os.Open(*input)
		if err != nil {
			return err
		}
		defer fh.Close()
		r = fh
	}
	// The ledger streams through: the parser hands the engine computeBatch transactions at a
	// time and reuses their memory once the engine is done with them, and disposals go straight
	// to the output as the engine produces them, so neither is ever held whole. Everything else is
	// written at the end. The run starts with the first batch, when the file's settings are known
	// (a JSON file whose settings follow its transactions is held whole until the end).
	var (
		eng     tax.Engine
		o       *Output
		w       *writer
		out     *disposalWriter
		started bool
		f       *File
	)
	defer func() {
		if out != nil {
			out.finish() // on an error path: the goroutine ends either way
		}
	}()
	start := func() error {
		fsx := f.Settings
		if *method != "" {
			fsx.Method, fsx.MethodChanges = *method, nil
		}
		if *pwf != "" {
			fsx.PerWalletFrom = *pwf
		}
		if *tz != "" {
			fsx.Timezone = *tz
		}
		if *fy != "" {
			fsx.FiscalYearStart = *fy
		}
		if *juris != "" {
			fsx.Jurisdiction = *juris
		}
		settings, err := ResolveSettings(fsx)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrUsage, err)
		}
		if !settings.Rules().ClientLots {
			// one script can pass the same flags for every country: say what does not apply
			for _, f := range []struct{ name, v string }{{"method", *method}, {"per-wallet-from", *pwf}, {"fiscal-year-start", *fy}} {
				if f.v != "" {
					fmt.Fprintf(stderr, "note: --%s is ignored under %s rules\n", f.name, settings.Jurisdiction)
				}
			}
		}
		o = &Output{File: f, Settings: settings}
		w = newWriter(stdout, o)
		var emit func(*pendingDisposal)
		if *format == "csv" {
			w.b = append(w.b, w.csvHeader()...)
			emit = func(p *pendingDisposal) { w.csvDisposal(&p.d, p.asset, p.account, p.adj) }
		} else {
			w.jsonHeader()
			first := true
			emit = func(p *pendingDisposal) {
				w.jsonDisposal(&p.d, p.asset, p.account, first, p.adj)
				first = false
			}
		}
		out = startDisposalWriter(w, emit)
		eng.DisposalSink = func(d *tax.Disposal) {
			out.add(d, eng.AssetName(d.Asset), eng.AccountName(d.Account), eng.PieceAdjustment())
		}
		started = true
		return eng.Start(settings, estimateRows(r))
	}
	// The engine runs on a goroutine of its own and the writer on another (disposalWriter), so
	// that on two cores parsing, computing and formatting overlap: the parser hands each batch
	// over work and goes on in memory that came back over free (at most batchesInFlight batches'
	// worth exists).
	var (
		work      = make(chan batchMem, batchesInFlight)
		free      = make(chan batchMem, batchesInFlight)
		done      = make(chan struct{})
		feedErr   error       // the first error of the engine or the writer
		failed    atomic.Bool // feedErr is set
		consuming bool
		batches   = 1 // batches' worth of memory allocated
	)
	consume := func() {
		defer close(done)
		for m := range work {
			if feedErr == nil {
				out.names = m.names
				if feedErr = eng.Feed(m.txs); feedErr == nil {
					feedErr = out.failure()
				}
				failed.Store(feedErr != nil)
			}
			free <- m
		}
	}
	handOver := func(m batchMem) (batchMem, error) {
		if !started {
			if err := start(); err != nil {
				return batchMem{}, err
			}
			consuming = true
			go consume()
		}
		if failed.Load() {
			return batchMem{}, feedErr
		}
		work <- m
		select {
		case next := <-free:
			return next, nil
		default:
		}
		if batches < batchesInFlight {
			batches++
			return batchMem{}, nil // fresh memory
		}
		return <-free, nil
	}
	f, err := parseStream(r, *inFormat, computeBatch, handOver, func(pf *File) { f = pf })
	if consuming {
		close(work)
		<-done
		if feedErr != nil {
			return feedErr // it came first: the batch it failed on was parsed before
		}
	}
	if err != nil {
		return err
	}
	if !started {
		if err := start(); err != nil {
			return err
		}
	}
	out.names = f.names
	res, err := eng.Finish()
	werr := out.finish()
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	w.names = f.names
	o.Result = res
	if *format == "csv" {
		if err := w.close(); err != nil {
			return err
		}
		writeSummary(stderr, o)
		return nil
	}
	return w.jsonTail()
}

// pendingDisposal is a disposal on its way from the engine to the writer, with what the writer
// needs from the engine to print it.
type pendingDisposal struct {
	d              tax.Disposal
	asset, account string
	adj            tax.Dec // Engine.PieceAdjustment
}

// disposalBatch is disposals on their way to the writer, with a snapshot of the names of the
// ids they refer to.
type disposalBatch struct {
	ds    []pendingDisposal
	names names
}

// disposalWriter formats and writes disposals on a goroutine of its own, so that formatting
// (about as much work as computing) overlaps the engine: the engine's DisposalSink copies each
// piece into the current batch (add), and every disposalBatchSize pieces the batch goes over work
// and the engine goes on in one that came back over free (at most disposalBatchesInFlight exist).
// The writer stops formatting at its first error, which failure then returns.
type disposalWriter struct {
	w          *writer
	emit       func(*pendingDisposal)
	names      names // the names as of the engine's latest input (engine goroutine)
	cur        disposalBatch
	batches    int // batches allocated
	work, free chan disposalBatch
	done       chan struct{}
	failed     atomic.Bool // err is set
	err        error
	finished   bool
}

func startDisposalWriter(w *writer, emit func(*pendingDisposal)) *disposalWriter {
	q := &disposalWriter{w: w, emit: emit, names: w.names, batches: 1,
		cur:  disposalBatch{ds: make([]pendingDisposal, 0, disposalBatchSize)},
		work: make(chan disposalBatch, disposalBatchesInFlight), free: make(chan disposalBatch, disposalBatchesInFlight),
		done: make(chan struct{})}
	go q.run()
	return q
}

func (q *disposalWriter) run() {
	defer close(q.done)
	for b := range q.work {
		if !q.failed.Load() {
			q.w.names = b.names
			for i := range b.ds {
				q.emit(&b.ds[i])
			}
			if q.w.err != nil {
				q.err = q.w.err
				q.failed.Store(true)
			}
		}
		q.free <- b
	}
}

// add queues a disposal (Engine.DisposalSink: d is only valid during the call).
func (q *disposalWriter) add(d *tax.Disposal, asset, account string, adj tax.Dec) {
	n := len(q.cur.ds)
	q.cur.ds = q.cur.ds[:n+1] // cap is disposalBatchSize
	p := &q.cur.ds[n]
	p.d, p.asset, p.account, p.adj = *d, asset, account, adj
	if n+1 == disposalBatchSize {
		q.send()
	}
}

func (q *disposalWriter) send() {
	if len(q.cur.ds) == 0 {
		return
	}
	q.cur.names = q.names
	q.work <- q.cur
	select {
	case q.cur = <-q.free:
	default:
		if q.batches < disposalBatchesInFlight {
			q.batches++
			q.cur = disposalBatch{ds: make([]pendingDisposal, 0, disposalBatchSize)}
		} else {
			q.cur = <-q.free
		}
	}
	q.cur.ds = q.cur.ds[:0]
}

// failure is the writer's error once it has failed, nil before.
func (q *disposalWriter) failure() error {
	if q.failed.Load() {
		return q.err
	}
	return nil
}

// finish hands over the last disposals, waits for the writer to format them and returns its
// error. Calls after the first return the same.
func (q *disposalWriter) finish() error {
	if !q.finished {
		q.finished = true
		q.send()
		close(q.work)
		<-q.done
	}
	return q.err
}

// disposalBatchSize is how many disposals go to the writer at a time.
const disposalBatchSize = 128

// disposalBatchesInFlight is how many disposal batches' memory the engine and the writer share.
const disposalBatchesInFlight = 4

// computeBatch is how many transactions RunCompute's parser hands the engine at a time: enough to
// make the hand-over cost nothing, few enough that a batch's memory stays in the CPU caches' reach.
const computeBatch = 256

// batchesInFlight is how many batches' memory RunCompute's parser and engine share: one being
// parsed, one being computed, and spares so that neither waits on the other's hand-over.
const batchesInFlight = 4

// ResolveSettings turns file/flag settings into engine settings (defaults: US rules, FIFO,
// per-wallet from 2025-01-01 local, UTC, tax year from January 1; under rules with a time zone of
// their own it is the default: Europe/London, whose calendar days HMRC's same-day and 30-day rules
// count, Europe/Berlin, Australia/Sydney). Rules without the client's lot choices
// (Rules.ClientLots) fix the method, the per-wallet switch and the tax year.
func ResolveSettings(fs FileSettings) (tax.Settings, error) {
	var s tax.Settings
	s.Location = time.UTC
	j, err := tax.ParseJurisdiction(strings.ToUpper(strings.TrimSpace(fs.Jurisdiction)))
	if err != nil {
		return s, err
	}
	s.Jurisdiction = j
	rules := j.Rules()
	if fs.Timezone == "" {
		fs.Timezone = rules.TimeZone
	}
	if !rules.ClientLots {
		fs.Method, fs.MethodChanges, fs.PerWalletFrom, fs.FiscalYearStart = "", nil, "never", ""
	}
	if fs.Timezone != "" {
		loc, err := time.LoadLocation(fs.Timezone)
		if err != nil {
			return s, fmt.Errorf("timezone: %w", err)
		}
		s.Location = loc
	}
	if fs.FiscalYearStart != "" {
		var m, d int
		if _, err := fmt.Sscanf(fs.FiscalYearStart, "%d-%d", &m, &d); err != nil || m < 1 || m > 12 || d < 1 || d > 28 {
			return s, fmt.Errorf("fiscal year start %q: want MM-DD with a day 1-28", fs.FiscalYearStart)
		}
		s.FiscalYearStartMonth, s.FiscalYearStartDay = time.Month(m), d
	}
	spec := fs.Method
	if spec == "" {
		spec = "fifo"
	}
	parts := strings.Split(spec, ",")
	base, err := tax.ParseMethod(strings.TrimSpace(parts[0]))
	if err != nil {
		return s, err
	}
	s.Methods = []tax.MethodChange{{FromYear: 0, Method: base}}
	for _, p := range parts[1:] {
		y, m, ok := strings.Cut(strings.TrimSpace(p), ":")
		if !ok {
			return s, fmt.Errorf("method change %q: want YEAR:METHOD", p)
		}
		yr, err := strconv.Atoi(y)
		if err != nil {
			return s, fmt.Errorf("method change %q: %w", p, err)
		}
		mm, err := tax.ParseMethod(m)
		if err != nil {
			return s, err
		}
		s.Methods = append(s.Methods, tax.MethodChange{FromYear: yr, Method: mm})
	}
	for _, mc := range fs.MethodChanges {
		mm, err := tax.ParseMethod(mc.Method)
		if err != nil {
			return s, err
		}
		s.Methods = append(s.Methods, tax.MethodChange{FromYear: mc.FromYear, Method: mm})
	}
	sort.SliceStable(s.Methods, func(i, j int) bool { return s.Methods[i].FromYear < s.Methods[j].FromYear })
	for i := 1; i < len(s.Methods); i++ {
		if s.Methods[i].FromYear == s.Methods[i-1].FromYear {
			return s, fmt.Errorf("two methods for tax year %d", s.Methods[i].FromYear)
		}
	}
	pw := fs.PerWalletFrom
	if pw == "" {
		pw = DefaultPerWalletFrom
	}
	if pw != "never" {
		t, err := time.ParseInLocation("2006-01-02", pw, s.Location)
		if err != nil {
			t, err = time.Parse(time.RFC3339Nano, pw)
			if err != nil {
				return s, fmt.Errorf("per-wallet-from %q: want YYYY-MM-DD, RFC 3339 or never", pw)
			}
		}
		s.PerWalletFrom = t
	}
	return s, nil
}

func writeSummary(w io.Writer, o *Output) {
	r := &o.Result
	for _, y := range r.Years {
		if rules := o.Settings.Rules(); rules.Matcher.Pooled() {
			fmt.Fprintf(w, "tax year %d (%s): proceeds %s allowable costs %s gain %s (gains %s, losses %s", y.Year, o.Settings.Jurisdiction,
				y.ShortProceeds, y.ShortBasis, y.ShortGain, y.Gains, y.Losses)
			if rules.SuperficialLosses {
				fmt.Fprintf(w, ", superficial losses denied %s", y.Denied)
			}
			if rules.InclusionRate != 0 {
				fmt.Fprintf(w, ", taxable at %d%% inclusion %s", rules.InclusionRate, y.TaxableGain)
			}
			fmt.Fprintf(w, "); income %s; %d disposals, %d non-taxable, %d income events\n", y.IncomeTotal, y.Disposals, y.NonTaxable, y.IncomeEvents)
			continue
		}
		if rules := o.Settings.Rules(); rules.TaxableGain() {
			fmt.Fprintf(w, "tax year %s (%s): %s %s/%s/%s; %s %s/%s/%s (gains %s, losses %s", rules.TaxYearLabel(y.Year), o.Settings.Jurisdiction,
				rules.Words.ShortTerm, y.ShortProceeds, y.ShortBasis, y.ShortGain, rules.Words.LongTerm, y.LongProceeds, y.LongBasis, y.LongGain, y.Gains, y.Losses)
			if rules.DiscountPercent != 0 {
				fmt.Fprintf(w, ", losses brought forward %s, discount %s, losses carried forward %s", y.LossesBroughtForward, y.Discount, y.LossesCarriedForward)
			}
			if th, ok := tax.ThresholdIn(rules.GainThresholds, y.Year); ok {
				fmt.Fprintf(w, ", %s %s", rules.Words.Threshold, th)
			}
			fmt.Fprintf(w, "): %s %s; income %s", rules.Words.TaxableGain, y.TaxableGain, y.IncomeTotal)
			if len(rules.IncomeThresholds) > 0 {
				fmt.Fprintf(w, " (taxable %s)", y.TaxableIncome)
			}
			fmt.Fprintf(w, "; %d disposals, %d non-taxable, %d income events\n", y.Disposals, y.NonTaxable, y.IncomeEvents)
			continue
		}
		fmt.Fprintf(w, "tax year %d (%s): short-term proceeds %s basis %s gain %s; long-term proceeds %s basis %s gain %s; income %s; futures %s; %d disposals, %d non-taxable, %d income events\n",
			y.Year, y.Method, y.ShortProceeds, y.ShortBasis, y.ShortGain, y.LongProceeds, y.LongBasis, y.LongGain,
			y.IncomeTotal, y.FuturesPnL, y.Disposals, y.NonTaxable, y.IncomeEvents)
	}
	if len(r.Warnings) == 0 {
		return
	}
	counts := map[string]int{}
	for _, x := range r.Warnings {
		counts[x.Code.String()]++
	}
	codes := make([]string, 0, len(counts))
	for c := range counts {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		fmt.Fprintf(w, "warnings: %d %s\n", counts[c], c)
	}
	for i, x := range r.Warnings {
		if i == 20 {
			fmt.Fprintf(w, "... %d more warnings (use --format json for all)\n", len(r.Warnings)-20)
			break
		}
		fmt.Fprintf(w, "warning: %s transfer=%s asset=%s account=%s quantity=%s\n", x.Code, o.File.Name(x.TransferID),
			r.Assets[x.Asset], r.Accounts[x.Account], x.Quantity)
	}
}

// Flags are the taxd compute flags that give settings s (the inverse of ResolveSettings): the
// jurisdiction and timezone, and where the client chooses them (Rules.ClientLots: US) the method
// with its changes, the per-wallet date
// (RFC 3339, or never) and the fiscal-year start when it is not January 1. s.AsOf has no flag: it
// only moves the per-wallet allocation of the lots still held when the ledger ends before the
// switch, never a figure.
func Flags(s tax.Settings) []string {
	loc := "UTC"
	if s.Location != nil {
		loc = s.Location.String()
	}
	flags := []string{"--jurisdiction", s.Jurisdiction.String(), "--timezone", loc}
	if !s.Rules().ClientLots {
		return flags
	}
	method := "fifo"
	for i, m := range s.Methods {
		if i == 0 {
			method = m.Method.String()
			continue
		}
		method += "," + strconv.Itoa(m.FromYear) + ":" + m.Method.String()
	}
	pwf := "never"
	if !s.PerWalletFrom.IsZero() {
		pwf = s.PerWalletFrom.Format(time.RFC3339Nano)
	}
	flags = append(flags, "--method", method, "--per-wallet-from", pwf)
	if s.FiscalYearStartMonth != 0 {
		flags = append(flags, "--fiscal-year-start", fmt.Sprintf("%02d-%02d", int(s.FiscalYearStartMonth), s.FiscalYearStartDay))
	}
	return flags
}
