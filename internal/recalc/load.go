package recalc

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"taxd/internal/tax"
)

// snapshot is the ledger as one consistent read saw it.
type snapshot struct {
	clientID    uuid.UUID
	input       tax.Input
	transfers   int
	dirtySeqs   []int64 // the dirty marks this snapshot saw
	settingsSeq *int64
	// txPerYear counts transactions per tax year (for the preview's transaction count).
	txPerYear map[int]int
}

// load reads settings and the whole ledger of a client in one REPEATABLE READ snapshot, streaming
// the rows (one query, no N+1) and parsing numerics from text straight into the engine's decimal.
func load(ctx context.Context, pool *pgxpool.Pool, clientID uuid.UUID) (*snapshot, error) {
	s := &snapshot{clientID: clientID, txPerYear: map[int]int{}}
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		// The ledger query sorts every transfer of the client; give the sort memory instead of
		// spilling a million rows to disk.
		if _, err := tx.Exec(ctx, `SET LOCAL work_mem = '256MB'`); err != nil {
			return err
		}
		var method, tz, fyStart string
		var perWallet *time.Time
		if err := tx.QueryRow(ctx, `SELECT cost_basis_algorithm, timezone, fiscal_year_start, per_wallet_from, settings_dirty_seq FROM clients WHERE id = $1`, clientID).
			Scan(&method, &tz, &fyStart, &perWallet, &s.settingsSeq); err != nil {
			return err
		}
		settings, err := settingsOf(method, tz, fyStart, perWallet)
		if err != nil {
			return err
		}
		s.input.Settings = settings
		if err := s.loadDirty(ctx, tx); err != nil {
			return err
		}
		return s.loadLedger(ctx, tx)
	})
	return s, err
}

func settingsOf(method, tz, fyStart string, perWallet *time.Time) (tax.Settings, error) {
	m, err := tax.ParseMethod(method)
	if err != nil {
		return tax.Settings{}, err
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	// AsOf applies the per-wallet switch to the lots still held now when the ledger ends before it.
	st := tax.Settings{Methods: []tax.MethodChange{{FromYear: 0, Method: m}}, Location: loc, AsOf: time.Now()}
	if perWallet != nil {
		st.PerWalletFrom = time.Date(perWallet.Year(), perWallet.Month(), perWallet.Day(), 0, 0, 0, 0, loc)
	}
	if mm, dd, ok := strings.Cut(fyStart, "-"); ok {
		mo, err1 := strconv.Atoi(mm)
		d, err2 := strconv.Atoi(dd)
		if err1 == nil && err2 == nil && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && !(mo == 1 && d == 1) {
			st.FiscalYearStartMonth, st.FiscalYearStartDay = time.Month(mo), d
		}
	}
	return st, nil
}

func (s *snapshot) loadDirty(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, `SELECT seq FROM dirty_marks WHERE client_id = $1`, s.clientID)
	if err != nil {
		return err
	}
	s.dirtySeqs, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	return err
}

// ledgerQuery lists every transfer the engine sees, in settlement order. Hidden transactions and
// transfers, deleted transactions and spam assets are left out.
const ledgerQuery = `
SELECT t.id, t.occurred_at, tr.id, tr.asset_id, tr.quantity::text,
       tr.from_account_id, tr.to_account_id, tr.fiat_value::text, tr.basis_fiat_value::text, tr.fee_fiat::text,
       coalesce(tr.label, t.label, ''), tr.is_fee, coalesce(tr.staking_account_identifier, ''), tr.purchase_date_override
FROM transactions t
JOIN transfers tr ON tr.transaction_id = t.id
JOIN assets a ON a.id = tr.asset_id
WHERE t.client_id = $1 AND t.deleted_at IS NULL AND NOT t.is_hidden AND NOT tr.is_hidden AND NOT a.is_spam
ORDER BY t.occurred_at, t.ordinal, t.id, tr.position`

func (s *snapshot) loadLedger(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, ledgerQuery, s.clientID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var (
		txID, trID, assetID      uuid.UUID
		at                       time.Time
		qty, fiat, basis, feeFia []byte
		from, to                 *uuid.UUID
		label, staking           string
		isFee                    bool
		purchase                 *time.Time
	)
	txs := make([]tax.Transaction, 0, 1024)
	var cur *tax.Transaction
	loc := s.input.Settings.Location
	for rows.Next() {
		if err := rows.Scan(&txID, &at, &trID, &assetID, &qty, &from, &to, &fiat, &basis, &feeFia, &label, &isFee, &staking, &purchase); err != nil {
			return err
		}
		if cur == nil || cur.ID != tax.ID(txID) {
			txs = append(txs, tax.Transaction{ID: tax.ID(txID), Time: at})
			cur = &txs[len(txs)-1]
			s.txPerYear[at.In(loc).Year()]++
		}
		t := tax.Transfer{ID: tax.ID(trID), Asset: assetID.String(), IsFee: isFee, StakingAccountIdentifier: staking}
		if from != nil {
			t.From = from.String()
		}
		if to != nil {
			t.To = to.String()
		}
		if t.Quantity, t.Rounded, err = parseDec(qty, "quantity", trID); err != nil {
			return err
		}
		// A basis override on an inbound transfer is its acquisition value.
		value := fiat
		if basis != nil && from == nil {
			value = basis
		}
		if value != nil {
			var rounded bool
			if t.FiatValue, rounded, err = parseDec(value, "fiat value", trID); err != nil {
				return err
			}
			t.HasFiatValue, t.Rounded = true, t.Rounded || rounded
		}
		if feeFia != nil {
			if t.FeeFiat, _, err = parseDec(feeFia, "fee", trID); err != nil {
				return err
			}
		}
		if label != "" {
			l, err := tax.ParseLabel(label)
			if err != nil {
				return fmt.Errorf("transfer %s: %w", trID, err)
			}
			t.Label = l
		}
		if purchase != nil {
			t.AcquiredAt = *purchase
		}
		cur.Transfers = append(cur.Transfers, t)
		s.transfers++
	}
	s.input.Transactions = txs
	return rows.Err()
}

func parseDec(b []byte, what string, id uuid.UUID) (tax.Dec, bool, error) {
	d, inexact, err := tax.ParseDecRound(string(b))
	if err != nil {
		return tax.Dec{}, false, fmt.Errorf("transfer %s: %s %q: %w", id, what, b, err)
	}
	return d, inexact, nil
}
