package taxforms

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/tax"
)

// A form keeps its last reconciliation under the key of the results it read: the counts and sums
// on the form, the proceeds per asset, and the compared rows with their places in the
// reconciliation's order and in the reconciled Form 8949's. The two writers of the key (a generate
// call, a review of a stale form) replace all of them in one transaction, so that while the key is
// current a page of either answer is a range of the kept rows, read with the kept totals in one
// snapshot.

// keepReconciliation replaces what a form keeps of a reconciliation besides its counts and sums
// (the proceeds per asset and the rows); the caller keeps the key, counts and sums in the same
// transaction.
func keepReconciliation(ctx context.Context, q *db.Queries, f Form, rec Reconciliation) error {
	if err := keepAssetProceeds(ctx, q, f.ClientID, f.ID, rec); err != nil {
		return err
	}
	if err := q.DeleteTaxFormReconciliationRows(ctx, db.DeleteTaxFormReconciliationRowsParams{ClientID: f.ClientID, TaxFormID: f.ID}); err != nil {
		return err
	}
	if len(rec.Rows) == 0 {
		return nil
	}
	previewPosition := make([]*int32, len(rec.Rows))
	for i, j := range previewOrder(rec.Rows) {
		previewPosition[j] = ptr(int32(i))
	}
	params := make([]db.InsertTaxFormReconciliationRowsParams, len(rec.Rows))
	for i, r := range rec.Rows {
		p := db.InsertTaxFormReconciliationRowsParams{TaxFormID: f.ID, ClientID: f.ClientID, Position: int32(i),
			PreviewPosition: previewPosition[i], ID: r.ID, Status: string(r.Status)}
		if b := r.Broker; b != nil {
			p.BrokerPosition, p.BrokerAssetSymbol, p.BrokerAssetID = ptr(int32(b.Position)), &b.AssetSymbol, b.AssetID
			p.BrokerQuantity, p.BrokerDateAcquired, p.BrokerDateSold = decimal.NewNullDecimal(b.Quantity), b.DateAcquired, &b.DateSold
			p.BrokerProceeds, p.BrokerTransactionID, p.BrokerTransferID = decimal.NewNullDecimal(b.Proceeds), b.TransactionID, b.TransferID
			p.BrokerInclude, p.BrokerAdjustmentCode, p.BrokerAdjustment = &b.Include, b.AdjustmentCode, decimal.NewNullDecimal(b.Adjustment)
			if b.CostBasis != nil {
				p.BrokerCostBasis = decimal.NewNullDecimal(*b.CostBasis)
			}
			if b.Box != 0 {
				p.BrokerBox = ptr(b.Box.String())
			}
		}
		if l := r.Ledger; l != nil {
			p.TransferID, p.TransactionID, p.AssetID, p.Symbol = &l.TransferID, &l.TransactionID, &l.AssetID, &l.Symbol
			p.LongTerm, p.DisposedAt, p.AcquiredAt = &l.Long, &l.DisposedAt, l.AcquiredAt
			p.Quantity, p.Proceeds, p.Basis = decimal.NewNullDecimal(l.Quantity), decimal.NewNullDecimal(l.Proceeds), decimal.NewNullDecimal(l.Basis)
			p.Seq = ptr(int32(l.Seq))
		}
		params[i] = p
	}
	_, err := q.InsertTaxFormReconciliationRows(ctx, params)
	return err
}

// keptRow is a kept row as compared: the broker's side unless the ledger's disposal is missing on
// the form, the ledger's unless the broker's row is missing in the ledger.
func keptRow(r db.TaxFormReconciliationRow) Row {
	out := Row{ID: r.ID, Status: Status(r.Status)}
	if out.Status != MissingOnForm {
		b := &BrokerRow{ID: r.ID, Position: int(deref(r.BrokerPosition)), AssetSymbol: deref(r.BrokerAssetSymbol), AssetID: r.BrokerAssetID,
			Quantity: r.BrokerQuantity.Decimal, DateAcquired: r.BrokerDateAcquired, DateSold: deref(r.BrokerDateSold),
			Proceeds: r.BrokerProceeds.Decimal, TransactionID: r.BrokerTransactionID, TransferID: r.BrokerTransferID,
			Include: deref(r.BrokerInclude), AdjustmentCode: r.BrokerAdjustmentCode, Adjustment: r.BrokerAdjustment.Decimal}
		if r.BrokerCostBasis.Valid {
			b.CostBasis = ptr(r.BrokerCostBasis.Decimal)
		}
		if r.BrokerBox != nil && len(*r.BrokerBox) == 1 {
			b.Box = tax.Box((*r.BrokerBox)[0])
		}
		out.Broker = b
	}
	if out.Status != MissingInLedger {
		out.Ledger = &LedgerUnit{TransferID: deref(r.TransferID), TransactionID: deref(r.TransactionID), AssetID: deref(r.AssetID),
			Symbol: deref(r.Symbol), Long: deref(r.LongTerm), DisposedAt: deref(r.DisposedAt), AcquiredAt: r.AcquiredAt,
			Quantity: r.Quantity.Decimal, Proceeds: r.Proceeds.Decimal, Basis: r.Basis.Decimal, Seq: int(deref(r.Seq))}
	}
	return out
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// readKept calls read, in one snapshot, with one of the client's forms whose kept reconciliation is
// the current results' and the queries that read what it keeps; a stale form is reconciled again
// under its lock first (review) and read then. It returns false without calling read when the
// form keeps nothing (its rows are not reconciled yet, or it failed): the caller compares now.
func (s *Service) readKept(ctx context.Context, scope auth.ClientScope, id uuid.UUID, read func(q *db.Queries, f Form) error) (bool, error) {
	if err := scope.Check(); err != nil {
		return false, err
	}
	for reviewed := false; ; reviewed = true {
		kept, stale := false, false
		err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			q := db.New(tx)
			f, settings, err := getUSForm(ctx, q, scope.ClientID(), id)
			if err != nil || !f.reviewable() || f.figures == nil && reviewed {
				return err
			}
			// after a review, what it kept (or a later writer's, under a newer key) is read
			if stale = !reviewed && f.stale(settings.ResultsKey); stale {
				return nil
			}
			kept = true
			return read(q, f)
		})
		if err != nil || !stale {
			return kept, err
		}
		if _, err := s.review(ctx, scope.ClientID(), id); err != nil {
			return false, err
		}
	}
}

// ReconciliationPage is a range of a form's reconciliation with the whole reconciliation's counts
// and sums.
type ReconciliationPage struct {
	Form
	Figures
	Counts map[Status]int
	// RowCount is the number of rows of the whole reconciliation.
	RowCount int
	// Rows are at most n rows from position from of Reconciliation.Rows.
	Rows []Row
}

// ReconciliationPage returns at most n rows of one of the client's forms' reconciliation from
// position from, in Reconcile's order. While the form's kept reconciliation is the current
// results' the page is read from it; otherwise the form is reconciled again under its lock first.
func (s *Service) ReconciliationPage(ctx context.Context, scope auth.ClientScope, id uuid.UUID, from, n int) (ReconciliationPage, error) {
	var out ReconciliationPage
	kept, err := s.readKept(ctx, scope, id, func(q *db.Queries, f Form) error {
		list, err := q.ListTaxFormReconciliationRows(ctx, db.ListTaxFormReconciliationRowsParams{ClientID: f.ClientID, TaxFormID: f.ID,
			FromPosition: int32(from), MaxRows: int32(n)})
		if err != nil {
			return err
		}
		out = ReconciliationPage{Form: f, Figures: *f.figures, Counts: f.counts, Rows: make([]Row, len(list))}
		for _, c := range f.counts {
			out.RowCount += c
		}
		for i, r := range list {
			out.Rows[i] = keptRow(r)
		}
		return nil
	})
	if err != nil || kept {
		return out, err
	}
	r, err := s.Reconcile(ctx, scope, id)
	if err != nil {
		return ReconciliationPage{}, err
	}
	return ReconciliationPage{Form: r.Form, Figures: FiguresOf(r.Reconciliation), Counts: r.Counts, RowCount: len(r.Rows),
		Rows: window(r.Rows, from, n)}, nil
}

// PreviewPage returns at most n rows of the reconciled Form 8949 of one of the client's forms from
// position from, in Preview's order, read from the form's kept reconciliation as ReconciliationPage.
func (s *Service) PreviewPage(ctx context.Context, scope auth.ClientScope, id uuid.UUID, useBrokerDataForBoxG bool, from, n int) ([]PreviewRow, error) {
	var out []PreviewRow
	kept, err := s.readKept(ctx, scope, id, func(q *db.Queries, f Form) error {
		list, err := q.ListTaxFormPreviewRows(ctx, db.ListTaxFormPreviewRowsParams{ClientID: f.ClientID, TaxFormID: f.ID,
			FromPosition: int32(from), MaxRows: int32(n)})
		if err != nil {
			return err
		}
		out = make([]PreviewRow, len(list))
		for i, r := range list {
			out[i] = previewRow(f.FormType, f.TaxYear, keptRow(r), useBrokerDataForBoxG)
		}
		return nil
	})
	if err != nil || kept {
		return out, err
	}
	all, err := s.Preview(ctx, scope, id, useBrokerDataForBoxG)
	if err != nil {
		return nil, err
	}
	return window(all, from, n), nil
}

// window is at most n rows of rows from position from.
func window[T any](rows []T, from, n int) []T {
	from = min(from, len(rows))
	return rows[from:min(from+n, len(rows))]
}
