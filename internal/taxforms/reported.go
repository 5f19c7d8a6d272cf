package taxforms

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/auth"
)

// ReportedTransfers are the transfers whose disposals in taxYear the client's Forms 1099-DA report:
// the ledger disposals their reconciliation pairs with a broker row (matched or differing). A
// report asked with exclude1099DA leaves them out (reports.Service.SetBrokerReported). It runs for
// the report worker, with a job scope on the client whose authorised request it finishes.
func (s *Service) ReportedTransfers(ctx context.Context, scope auth.ClientScope, taxYear int) (map[uuid.UUID]bool, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	clientID := scope.ClientID()
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
