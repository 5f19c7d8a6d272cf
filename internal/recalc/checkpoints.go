package recalc

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"time"

	"taxd/internal/tax"
)

// checkpointMonths is how many month boundaries before the ledger's last transaction get an engine
// checkpoint. Edits in the recent past (the usual case: new imports, fixes to last month) resume
// from one; older edits run in full.
const checkpointMonths = 4

// tailCheckpoints more checkpoints lie in the last tailCheckpoints/tailSteps of the ledger, one
// every 1/tailSteps of its transactions, so that an edit there replays about that share, not the
// rest of a month. Only where a disposal's outcome does not wait on later transactions
// (Settings.Lookahead zero): a run resumed from one of them holds every piece and income from it on.
const (
	tailCheckpoints = 8
	tailSteps       = 400
)

// keptCheckpoints is how many checkpoints a result set keeps: as many as a full run takes.
const keptCheckpoints = checkpointMonths + tailCheckpoints

// checkpointTimes returns the instants at which a run over txs, the last transactions of a ledger
// of ledger transactions, takes checkpoints: the last checkpointMonths UTC month starts at or
// before its last transaction and, without lookahead, the times of the transactions
// ledger/tailSteps, 2*ledger/tailSteps, ... from its end (ascending, each once).
func checkpointTimes(txs []tax.Transaction, ledger int, lookahead time.Duration) []time.Time {
	if len(txs) == 0 {
		return nil
	}
	last := txs[len(txs)-1].Time.UTC()
	m := time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC)
	out := make([]time.Time, checkpointMonths, checkpointMonths+tailCheckpoints)
	for i := range checkpointMonths {
		out[checkpointMonths-1-i] = m.AddDate(0, -i, 0)
	}
	if lookahead != 0 {
		return out
	}
	step := max(ledger/tailSteps, 1)
	for k := 1; k <= tailCheckpoints; k++ {
		if i := len(txs) - k*step; i > 0 {
			out = append(out, txs[i].Time.UTC())
		}
	}
	slices.SortFunc(out, time.Time.Compare)
	return slices.CompactFunc(out, time.Time.Equal)
}

// ledgerLength is how many transactions the client's ledger holds: the snapshot's and, for an
// incremental run, those before its base checkpoint.
func (s *snapshot) ledgerLength() int {
	n := 0
	for _, c := range s.txPerYear {
		n += c
	}
	return n
}

// countedShown is yearCounts.Counted of the counts of shown transactions.
const countedShown = "shown"

// checkpointRow is one tax_checkpoints row.
type checkpointRow struct {
	at                     time.Time
	disposalSeq, incomeSeq int
	years                  []byte // json yearCounts: the transactions before at per tax year
	state                  []byte
}

// yearCounts is a checkpoint's count of the ledger's transactions before it, per tax year (the
// fiscal year's, named by the calendar year it starts in). A checkpoint without TaxYears counted
// calendar years and is not resumed from.
type yearCounts struct {
	TaxYears map[string]int `json:"taxYears"`
	// Counted says which transactions TaxYears counts: countedShown (those the transaction list
	// shows, joinLedger). A checkpoint without it counted those the engine got a transfer of and
	// is not resumed from.
	Counted string `json:"counted,omitempty"`
	// MonthToDate: the figures of the checkpoint's month before it, for one not at a UTC month
	// start (without them such a checkpoint is not resumed from)
	MonthToDate *monthToDate `json:"monthToDate,omitempty"`
}

// checkpointRows turns the engine's checkpoints of a run into rows: the stored sequence numbers
// continue the base checkpoint's (incremental) or start at zero (full). A checkpoint not at a UTC
// month start keeps its month's figures before it (the base checkpoint's, when in the same month,
// plus the run's own pieces and income from the base on).
func checkpointRows(snap *snapshot, res *tax.Result, cps []*tax.Checkpoint) ([]checkpointRow, error) {
	var base tax.Checkpoint
	seq0, inc0 := 0, 0
	var baseMonth *monthToDate
	if snap.base != nil {
		base, seq0, inc0, baseMonth = snap.base.cp, snap.base.disposalSeq, snap.base.incomeSeq, snap.base.monthToDate
	}
	txs := snap.input.Transactions
	yearOf := snap.input.Settings.TaxYearOf
	rows := make([]checkpointRow, 0, len(cps))
	for _, c := range cps {
		state, err := c.MarshalBinary()
		if err != nil {
			return nil, err
		}
		taxable := 0
		for _, d := range res.Disposals[:c.Disposals-base.Disposals] {
			if d.Kind.Taxable() {
				taxable++
			}
		}
		// shown transactions before the boundary = all of them minus those at or after it: the
		// engine's that are not failed and those it got no transfer of (joinLedger)
		years := yearCounts{TaxYears: make(map[string]int, len(snap.txPerYear)), Counted: countedShown}
		for y, n := range snap.txPerYear {
			years.TaxYears[strconv.Itoa(y)] = n
		}
		from := sort.Search(len(txs), func(i int) bool { return !txs[i].Time.Before(c.At) })
		for i := from; i < len(txs); i++ {
			if !snap.info[i].failed {
				years.TaxYears[strconv.Itoa(yearOf(txs[i].Time))]--
			}
		}
		aside := snap.shownAside
		for i := sort.Search(len(aside), func(i int) bool { return !aside[i].Before(c.At) }); i < len(aside); i++ {
			years.TaxYears[strconv.Itoa(yearOf(aside[i]))]--
		}
		if start := monthStart(monthOf(c.At.UTC())); !c.At.Equal(start) {
			f := monthFigures{disposal: map[monthYear]*monthDisposals{}, income: map[monthIncomeKey]*monthIncome{}}
			if snap.base != nil && !base.At.Before(start) {
				f = baseMonth.figures()
			}
			if err := f.addBefore(res, txs, c.Disposals-base.Disposals, c.Income-base.Income, start, c.At); err != nil {
				return nil, err
			}
			years.MonthToDate = f.monthToDate()
		}
		yb, err := json.Marshal(years)
		if err != nil {
			return nil, err
		}
		rows = append(rows, checkpointRow{at: c.At, disposalSeq: seq0 + taxable, incomeSeq: inc0 + c.Income - base.Income, years: yb, state: state})
	}
	return rows, nil
}
