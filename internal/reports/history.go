package reports

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
)

// history lists the transfers of [start, end), optionally only those touching accounts.
func history(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID, start, end time.Time, accounts []uuid.UUID) ([]HistoryRow, error) {
	rows, err := db.New(pool).ListReportTransferHistory(ctx, db.ListReportTransferHistoryParams{
		ClientID: clientID, OccurredAt: start, OccurredAt_2: end, AccountIds: accounts,
	})
	if err != nil {
		return nil, err
	}
	out := make([]HistoryRow, len(rows))
	for i, r := range rows {
		out[i] = HistoryRow{Time: r.OccurredAt, TransactionID: r.TransactionID.String(), Hash: r.Hash, Label: r.Label, Asset: r.Symbol,
			Quantity: r.Quantity, From: r.FromName, To: r.ToName}
		if r.FiatValue.Valid {
			v := r.FiatValue.Decimal
			out[i].FiatValue = &v
		}
	}
	return out, nil
}
