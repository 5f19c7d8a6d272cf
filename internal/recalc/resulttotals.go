package recalc

import (
	"context"

	"taxd/gen/db"
	"taxd/internal/tax"
)

// resultTotals are the totals of transaction result rows whose transactions are not failed
// (tax_result_totals, migration 00204): what the unfiltered transactions summary reads. A run adds
// the totals of the rows it writes; an incremental run's DeleteChangedRows first subtracts the rows
// it deletes, so the set's totals stay those of its rows.
type resultTotals struct {
	disposals, missingBasis, negativeBalance           int64
	proceeds, basis, gain, shortGain, longGain, income tax.Dec
}

// totalsOf adds up rows (info as copyTransactionResults writes it: nil leaves the transactions'
// columns out, and a row without them counts as not failed, as the migration's sum counts it). The
// fees are the ledger's to keep: a transaction without a tax figure has no row.
func totalsOf(rows []txResult, info []txInfo) (resultTotals, error) {
	var t resultTotals
	for k := range rows {
		r := &rows[k]
		if info != nil && info[r.at].failed {
			continue
		}
		if r.saleTerm() != "" {
			t.disposals++
		}
		if r.missingBasis {
			t.missingBasis++
		}
		if r.negativeBalance {
			t.negativeBalance++
		}
		for _, s := range [...]struct {
			to *tax.Dec
			v  tax.Dec
		}{{&t.proceeds, r.proceeds}, {&t.basis, r.basis}, {&t.gain, r.gain}, {&t.shortGain, r.shortGain}, {&t.longGain, r.longGain}, {&t.income, r.income}} {
			if err := addTo(s.to, s.v); err != nil {
				return resultTotals{}, err
			}
		}
	}
	return t, nil
}

// write adds t to the result set's totals.
func (t resultTotals) write(ctx context.Context, q *db.Queries, rk resultKey) error {
	return q.AddResultTotals(ctx, db.AddResultTotalsParams{ResultSetID: rk.set, ClientID: rk.client,
		Disposals: t.disposals, Proceeds: t.proceeds.Decimal(), Basis: t.basis.Decimal(), Gain: t.gain.Decimal(),
		ShortTermGain: t.shortGain.Decimal(), LongTermGain: t.longGain.Decimal(), Income: t.income.Decimal(),
		MissingBasis: t.missingBasis, NegativeBalance: t.negativeBalance})
}
