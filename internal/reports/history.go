package reports

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
)

// history lists the transfers of one tax year (calendar year in the client's timezone).
func history(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID, year int) ([]HistoryRow, error) {
	q := db.New(pool)
	c, err := q.GetClient(ctx, clientID)
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(c.Timezone)
	if err != nil {
		loc = time.UTC
	}
	rows, err := q.ListTransferHistory(ctx, db.ListTransferHistoryParams{
		ClientID:     clientID,
		OccurredAt:   time.Date(year, 1, 1, 0, 0, 0, 0, loc),
		OccurredAt_2: time.Date(year+1, 1, 1, 0, 0, 0, 0, loc),
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
