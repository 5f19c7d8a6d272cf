package recalc

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/internal/tax"
)

// txResult is what one transaction contributed to a run's results: the figures the transaction
// list shows, filters and sorts by (see tax_transaction_results).
type txResult struct {
	tx              tax.ID
	proceeds, basis tax.Dec
	gain            tax.Dec
	shortGain       tax.Dec
	longGain        tax.Dec
	income          tax.Dec
	taxablePieces   int
	shortPieces     int
	disposalPieces  int
	missingBasis    bool
	negativeBalance bool
}

// saleTerm is 'short', 'long' or 'mixed' over the taxable pieces, "" when there is none.
func (r *txResult) saleTerm() string {
	switch {
	case r.taxablePieces == 0:
		return ""
	case r.shortPieces == r.taxablePieces:
		return "short"
	case r.shortPieces == 0:
		return "long"
	}
	return "mixed"
}

// transactionResults folds the engine's pieces, income and warnings into one txResult per
// transaction that has any, in the ledger's settlement order.
func transactionResults(in *tax.Input, res *tax.Result) []txResult {
	txOf := make(map[tax.ID]int32, len(in.Transactions))
	for i := range in.Transactions {
		for _, t := range in.Transactions[i].Transfers {
			txOf[t.ID] = int32(i)
		}
	}
	slot := map[int32]int{}
	var out []txResult
	at := func(transfer tax.ID) *txResult {
		i, ok := txOf[transfer]
		if !ok {
			return nil // a warning not tied to a ledger transfer
		}
		k, ok := slot[i]
		if !ok {
			k = len(out)
			slot[i] = k
			out = append(out, txResult{tx: in.Transactions[i].ID})
		}
		return &out[k]
	}
	// Sums use addDec: the engine already summed these pieces into its year totals without
	// overflow, so a transaction's share cannot overflow either.
	for i := range res.Disposals {
		d := &res.Disposals[i]
		r := at(d.TransferID)
		if r == nil {
			continue
		}
		r.disposalPieces++
		if d.MissingBasis || d.Uncovered {
			r.missingBasis = true
		}
		if !d.Kind.Taxable() {
			continue
		}
		r.taxablePieces++
		r.proceeds = addDec(r.proceeds, d.Proceeds)
		r.basis = addDec(r.basis, d.Basis)
		r.gain = addDec(r.gain, d.Gain)
		if d.Term == tax.LongTerm {
			r.longGain = addDec(r.longGain, d.Gain)
		} else {
			r.shortPieces++
			r.shortGain = addDec(r.shortGain, d.Gain)
		}
	}
	for i := range res.Income {
		x := &res.Income[i]
		if r := at(x.TransferID); r != nil {
			r.income = addDec(r.income, x.Value)
		}
	}
	for i := range res.Warnings {
		w := &res.Warnings[i]
		switch w.Code {
		case tax.WarnUncovered, tax.WarnNegativeBalance:
			if r := at(w.TransferID); r != nil {
				r.negativeBalance = true
			}
		}
	}
	return out
}

func copyTransactionResults(ctx context.Context, tx pgx.Tx, rs uuid.UUID, rows []txResult) error {
	i := 0
	return copyBinary(ctx, tx, "tax_transaction_results",
		[]string{"result_set_id", "transaction_id", "proceeds", "basis", "gain", "short_term_gain", "long_term_gain",
			"sale_term", "disposal_pieces", "income", "is_missing_basis", "has_negative_balance"},
		func(b []byte) ([]byte, bool) {
			if i == len(rows) {
				return b, false
			}
			r := &rows[i]
			i++
			b = appendFields(b, 12)
			b = binResultSet(b, rs)
			b = binUUID(b, r.tx)
			b = binNumeric(b, r.proceeds)
			b = binNumeric(b, r.basis)
			b = binNumeric(b, r.gain)
			b = binNumeric(b, r.shortGain)
			b = binNumeric(b, r.longGain)
			if t := r.saleTerm(); t != "" {
				b = binText(b, t)
			} else {
				b = binNull(b)
			}
			b = binInt4(b, int32(r.disposalPieces))
			b = binNumeric(b, r.income)
			b = binBool(b, r.missingBasis)
			b = binBool(b, r.negativeBalance)
			return b, true
		})
}
