package demo

import (
	"bytes"
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/auth"
	"taxd/internal/fileimport"
	"taxd/internal/ledger"
	"taxd/internal/recalc"
)

// Services are what the seed writes through.
type Services struct {
	Pool   *pgxpool.Pool
	Ledger *ledger.Ledger
	Recalc *recalc.Service
}

// Seed imports the sample ledger into scope's client (one file account per Account), pairs the
// moves of PairedMoves as internal transfers and starts a recalculation. It does nothing when the
// client has transactions already, so it is safe on every start; seeded reports whether it wrote.
func Seed(ctx context.Context, s Services, scope auth.ClientScope) (seeded bool, err error) {
	page, err := s.Ledger.List(ctx, scope, ledger.TxFilter{IncludeHidden: true, IncludeSpam: true}, ledger.TxPage{Limit: 1, SkipTotal: true})
	if err != nil {
		return false, err
	}
	if len(page.Rows) > 0 {
		return false, nil
	}
	for _, a := range Ledger() {
		if _, err := fileimport.Import(ctx, s.Pool, fileimport.Request{
			ClientID: scope.ClientID(), Name: a.Name, Format: "generic", File: bytes.NewReader(a.CSV), Size: int64(len(a.CSV)),
			Actor: scope.Actor(),
		}); err != nil {
			return false, fmt.Errorf("importing %s: %w", a.Name, err)
		}
	}
	for _, p := range PairedMoves {
		from, err := ByHash(ctx, s.Ledger, scope, p[0])
		if err != nil {
			return false, err
		}
		to, err := ByHash(ctx, s.Ledger, scope, p[1])
		if err != nil {
			return false, err
		}
		if _, err := s.Ledger.LinkTransactions(ctx, scope, ledger.LinkInternalTransfer, from, to); err != nil {
			return false, fmt.Errorf("pairing %s and %s: %w", p[0], p[1], err)
		}
	}
	if _, err := s.Recalc.Request(ctx, scope, recalc.Options{}); err != nil {
		return false, err
	}
	return true, nil
}

// ByHash finds the sample transaction with a hash (its tx_hash in the CSV).
func ByHash(ctx context.Context, l *ledger.Ledger, scope auth.ClientScope, hash string) (uuid.UUID, error) {
	page, err := l.List(ctx, scope, ledger.TxFilter{Search: &hash, IncludeHidden: true}, ledger.TxPage{Limit: 2, SkipTotal: true})
	if err != nil {
		return uuid.Nil, err
	}
	for _, r := range page.Rows {
		if r.TxnHash != nil && *r.TxnHash == hash {
			return r.ID, nil
		}
	}
	return uuid.Nil, fmt.Errorf("demo: no transaction with hash %s", hash)
}
