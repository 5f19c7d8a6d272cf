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
	where, err := l.where(ctx, scope.ClientID(), st, f)
	if err != nil {
		return TxSummary{}, err
	}
	return l.summaryFrom(ctx, scope.ClientID(), st, f, where, false)
}

// SummaryReadsResultRows tells whether Summary(f) would now total the result rows.
func SummaryReadsResultRows(ctx context.Context, l *Ledger, scope auth.ClientScope, f TxFilter) (bool, error) {
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		return false, err
	}
	var ok bool
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if !f.answeredByResultRows() {
			return nil
		}
		_, _, ok, err = resultRowsAnswer(ctx, tx, scope.ClientID(), st)
		return err
	})
	return ok, err
}

// KeptSummary is the unfiltered summary from the kept figures, and whether they could answer (a
// current result set with exact columns and totals, no spam asset, few dirty transactions).
func KeptSummary(ctx context.Context, l *Ledger, scope auth.ClientScope) (TxSummary, bool, error) {
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		return TxSummary{}, false, err
	}
	where, err := l.where(ctx, scope.ClientID(), st, TxFilter{})
	if err != nil {
		return TxSummary{}, false, err
	}
	s := TxSummary{IsStale: st.IsStale}
	ok := false
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rs, dirty, answers, err := resultRowsAnswer(ctx, tx, scope.ClientID(), st)
		if err != nil || !answers || !isUnfiltered(scope.ClientID(), st, where) {
			return err
		}
		ok, err = keptSummary(ctx, tx, scope.ClientID(), st, rs, dirty, where, &s, func(sqlText string, args []any, err error, s *TxSummary) error {
			if err != nil {
				return err
			}
			return scanSummary(tx.QueryRow(ctx, sqlText, args...), s)
		})
		return err
	})
	return s, ok, err
}
