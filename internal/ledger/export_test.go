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
		_, _, ok, err = resultRowsAnswer(ctx, tx, scope.ClientID(), st, f)
		return err
	})
	return ok, err
}
