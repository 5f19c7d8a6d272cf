package recalc

import (
	"context"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/gen/db"
	"taxd/internal/tax"
)

func num(d tax.Dec) pgtype.Numeric {
	return pgtype.Numeric{Int: d.BigInt(), Exp: -tax.Scale, Valid: true}
}

// storeResults writes res as a new result set and switches the client to it, all in one
// transaction that also clears the dirty marks the snapshot saw and completes the job.
func storeResults(ctx context.Context, pool *pgxpool.Pool, job db.RecalcJob, snap *snapshot, res *tax.Result, before func(Phase)) error {
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		rsID := uuid.Must(uuid.NewV7())
		if err := q.InsertResultSet(ctx, db.InsertResultSetParams{ID: rsID, ClientID: snap.clientID, RecalcJobID: &job.ID}); err != nil {
			return err
		}
		if err := copyLots(ctx, tx, rsID, res); err != nil {
			return err
		}
		if err := copyDisposals(ctx, tx, rsID, res); err != nil {
			return err
		}
		if err := copyIncome(ctx, tx, rsID, res); err != nil {
			return err
		}
		for _, y := range res.Years {
			if _, err := tx.Exec(ctx, `INSERT INTO tax_year_summaries (result_set_id, tax_year, short_term_gain, long_term_gain, proceeds, basis, income, futures, disposal_count, transaction_count)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				rsID, y.Year, num(y.ShortGain), num(y.LongGain), num(addDec(y.ShortProceeds, y.LongProceeds)), num(addDec(y.ShortBasis, y.LongBasis)),
				num(y.IncomeTotal), num(y.FuturesPnL), y.Disposals, snap.txPerYear[y.Year]); err != nil {
				return err
			}
		}
		if before != nil {
			before("switch")
		}
		if err := q.SwitchResultSet(ctx, db.SwitchResultSetParams{ResultSetID: rsID, ClientID: snap.clientID}); err != nil {
			return err
		}
		if _, err := q.ClearDirty(ctx, db.ClearDirtyParams{ClientID: snap.clientID, Ids: snap.dirtyIDs, Seqs: snap.dirtySeqs}); err != nil {
			return err
		}
		if snap.settingsSeq != nil {
			if err := q.ClearSettingsDirty(ctx, db.ClearSettingsDirtyParams{ID: snap.clientID, SettingsDirtySeq: snap.settingsSeq}); err != nil {
				return err
			}
		}
		return q.CompleteRecalcJob(ctx, job.ID)
	})
	if err != nil {
		return err
	}
	// The previous results are invisible now; dropping them after the commit keeps the switch
	// transaction short. A crash here leaves an orphan set that the next run removes.
	return db.New(pool).DeleteStaleResultSets(ctx, snap.clientID)
}

func addDec(a, b tax.Dec) tax.Dec {
	s, err := a.Add(b)
	if err != nil {
		return a // cannot happen for sums the engine already formed
	}
	return s
}

func lotID(id tax.LotID) string { return strconv.FormatUint(uint64(id), 10) }

func copyLots(ctx context.Context, tx pgx.Tx, rs uuid.UUID, res *tax.Result) error {
	i := 0
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"tax_lots"},
		[]string{"result_set_id", "lot_id", "account_key", "asset_key", "quantity", "basis", "acquired_at", "missing_basis", "source_transfer_id"},
		pgx.CopyFromFunc(func() ([]any, error) {
			if i == len(res.Lots) {
				return nil, nil
			}
			l := res.Lots[i]
			i++
			return []any{rs, lotID(l.ID), res.Accounts[l.Account], res.Assets[l.Asset], num(l.Quantity), num(l.Basis),
				l.AcquiredAt.Time(), l.MissingBasis, l.SourceTransfer.String()}, nil
		}))
	return err
}

func copyDisposals(ctx context.Context, tx pgx.Tx, rs uuid.UUID, res *tax.Result) error {
	i := 0
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"tax_disposals"},
		[]string{"result_set_id", "seq", "transfer_id", "lot_id", "account_key", "asset_key", "quantity", "proceeds", "basis", "gain",
			"acquired_at", "disposed_at", "tax_year", "term", "form_box", "uncovered", "missing_basis"},
		pgx.CopyFromFunc(func() ([]any, error) {
			for i < len(res.Disposals) && !res.Disposals[i].Kind.Taxable() {
				i++ // gifts, donations, losses and transfers out are not capital-gain events
			}
			if i == len(res.Disposals) {
				return nil, nil
			}
			d := res.Disposals[i]
			i++
			var lot *string
			var acquired any
			if d.LotID != 0 {
				s := lotID(d.LotID)
				lot = &s
				acquired = d.AcquiredAt.Time()
			}
			return []any{rs, int32(i), d.TransferID.String(), lot, res.Accounts[d.Account], res.Assets[d.Asset], num(d.Quantity),
				num(d.Proceeds), num(d.Basis), num(d.Gain), acquired, d.DisposedAt.Time(), d.TaxYear, d.Term.String(), d.Box.String(),
				d.Uncovered, d.MissingBasis || d.Uncovered}, nil
		}))
	return err
}

func copyIncome(ctx context.Context, tx pgx.Tx, rs uuid.UUID, res *tax.Result) error {
	i := 0
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"tax_income"},
		[]string{"result_set_id", "seq", "transfer_id", "asset_key", "income_type", "quantity", "value", "received_at", "tax_year"},
		pgx.CopyFromFunc(func() ([]any, error) {
			if i == len(res.Income) {
				return nil, nil
			}
			x := res.Income[i]
			i++
			return []any{rs, int32(i), x.TransferID.String(), res.Assets[x.Asset], x.Type.String(), num(x.Quantity), num(x.Value), x.At.Time(), x.TaxYear}, nil
		}))
	return err
}
