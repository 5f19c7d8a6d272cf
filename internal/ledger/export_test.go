package ledger

import (
	"context"

	"github.com/jackc/pgx/v5"

	"taxd/internal/auth"
)

// SummaryFromLedger is Summary joined from the ledger, the result rows' shortcut turned off: the
// reference the shortcut is compared with.
func SummaryFromLedger(ctx context.Context, l *Ledger, scope auth.ClientScope, f TxFilter) (TxSummary, error) {
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		return TxSummary{}, err
	}
	fc, err := l.filterCtx(ctx, scope.ClientID(), st, f)
	if err != nil {
		return TxSummary{}, err
	}
	return l.summaryFrom(ctx, scope.ClientID(), st, f, fc, false)
}

// SummaryReadsResultRows tells whether Summary(f) would now total the result rows.
func SummaryReadsResultRows(ctx context.Context, l *Ledger, scope auth.ClientScope, f TxFilter) (bool, error) {
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		return false, err
	}
	fc, err := l.filterCtx(ctx, scope.ClientID(), st, f)
	if err != nil {
		return false, err
	}
	var ok bool
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, inDates := f.assetsInDates(fc, f.summaryWhere(fc)); !f.answeredByResultRows() && !inDates {
			return nil
		}
		_, _, ok, err = resultRowsAnswer(ctx, tx, scope.ClientID(), st)
		return err
	})
	return ok, err
}

// KeptSummary is the summary of f from the kept figures (unfiltered, or hasIncome alone or with
// providers), and whether they could answer (a current result set with exact columns and totals, no
// spam asset, few dirty transactions, a filter they keep).
func KeptSummary(ctx context.Context, l *Ledger, scope auth.ClientScope, f TxFilter) (TxSummary, bool, error) {
	client := scope.ClientID()
	st, err := l.state(ctx, l.pool, client)
	if err != nil {
		return TxSummary{}, false, err
	}
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		return TxSummary{}, false, err
	}
	where := f.summaryWhere(fc)
	s := TxSummary{IsStale: st.IsStale}
	ok := false
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rs, dirty, answers, err := resultRowsAnswer(ctx, tx, client, st)
		if err != nil || !answers {
			return err
		}
		total := func(sqlText string, args []any, err error, s *TxSummary) error {
			if err != nil {
				return err
			}
			return scanSummary(tx.QueryRow(ctx, sqlText, args...), s)
		}
		if accounts, byAccount, income := f.keptIncome(fc, where); income {
			ok = true
			return keptIncomeSummary(ctx, tx, client, st, rs, dirty, where, accounts, byAccount, &s, total)
		}
		if !isUnfiltered(client, st, where) {
			return nil
		}
		ok, err = keptSummary(ctx, tx, client, st, rs, dirty, where, &s, total)
		return err
	})
	return s, ok, err
}
