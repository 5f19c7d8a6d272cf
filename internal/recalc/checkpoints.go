package recalc

import (
	"encoding/json"
	"sort"
	"strconv"
	"time"

	"taxd/internal/tax"
)

// checkpointMonths is how many month boundaries before the ledger's last transaction get an engine
// checkpoint. Edits in the recent past (the usual case: new imports, fixes to last month) resume
// from one; older edits run in full.
const checkpointMonths = 4

// checkpointTimes returns the month starts (UTC) at which a run over txs takes checkpoints: the
// last checkpointMonths of them at or before its last transaction.
func checkpointTimes(txs []tax.Transaction) []time.Time {
	if len(txs) == 0 {
		return nil
	}
	last := txs[len(txs)-1].Time.UTC()
	m := time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC)
	out := make([]time.Time, checkpointMonths)
	for i := range out {
		out[checkpointMonths-1-i] = m.AddDate(0, -i, 0)
	}
	return out
}

// checkpointRow is one tax_checkpoints row.
type checkpointRow struct {
	at                     time.Time
	disposalSeq, incomeSeq int
	years                  []byte // json: calendar year -> transactions before at
	state                  []byte
}

// checkpointRows turns the engine's checkpoints of a run into rows: the stored sequence numbers
// continue the base checkpoint's (incremental) or start at zero (full).
func checkpointRows(snap *snapshot, res *tax.Result, cps []*tax.Checkpoint) ([]checkpointRow, error) {
	var base tax.Checkpoint
	seq0, inc0 := 0, 0
	if snap.base != nil {
		base, seq0, inc0 = snap.base.cp, snap.base.disposalSeq, snap.base.incomeSeq
	}
	txs := snap.input.Transactions
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
		// transactions before the boundary = all of them minus those at or after it
		years := make(map[string]int, len(snap.txPerYear))
		for y, n := range snap.txPerYear {
			years[strconv.Itoa(y)] = n
		}
		from := sort.Search(len(txs), func(i int) bool { return !txs[i].Time.Before(c.At) })
		for i := from; i < len(txs); i++ {
			years[strconv.Itoa(snap.input.Settings.TaxYearOf(txs[i].Time))]--
		}
		yb, err := json.Marshal(years)
		if err != nil {
			return nil, err
		}
		rows = append(rows, checkpointRow{at: c.At, disposalSeq: seq0 + taxable, incomeSeq: inc0 + c.Income - base.Income, years: yb, state: state})
	}
	return rows, nil
}
