package taxforms

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
)

// ReportedTransfers are the transfers whose disposals in taxYear the client's Forms 1099-DA report:
// the ledger disposals their reconciliation pairs with a broker row (matched or differing). A
// report asked with exclude1099DA leaves them out (reports.Service.SetBrokerReported). It runs for
// the report worker, which already holds the client's authorised request.
func (s *Service) ReportedTransfers(ctx context.Context, clientID uuid.UUID, taxYear int) (map[uuid.UUID]bool, error) {
	out := map[uuid.UUID]bool{}
	form := TypeForm1099DA
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		forms, err := q.ListTaxForms(ctx, db.ListTaxFormsParams{ClientID: clientID, TaxYear: int32(taxYear), FormType: &form})
		if err != nil {
			return err
		}
		for _, f := range forms {
			rec, err := reconcileForm(ctx, q, formOf(f))
			if err != nil {
				return err
			}
			for _, r := range rec.Rows {
				if r.Broker != nil && r.Ledger != nil {
					out[r.Ledger.TransferID] = true
				}
			}
		}
		return nil
	})
	return out, err
}
