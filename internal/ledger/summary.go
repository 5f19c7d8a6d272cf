package ledger

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/store"
	"taxd/internal/tax"
)

// The summary of a filter totals every matching transaction: the matches are evaluated once into m
// and every total is taken from it.
//
// When the filter needs a tax result (hasIncome, onlyDisposals, a gain or loss, a sale term, the
// flags), only transactions with a result row can match, and each row carries its transaction's
// own columns as the recalculation read them (account, time, label, reviewed, failed, fees:
// migration 00020). A transaction without a dirty mark is unchanged since then (every ledger write
// marks what it touches, and a run rewrites the row of every transaction whose mark it clears), so
// its row answers the filter alone; the dirty ones, few between two runs, are read from the ledger.
// The income filter then reads an index of the income rows by account instead of joining a
// ledger's transactions to its results (0.7 s of CPU at a million transactions).
//
// Without a filter (the shown transactions of a client without spam assets, under a rule set
// without superficial losses), nothing is summed per transaction: the counts and fees come from
// client_transaction_counts (triggers on transactions and transfers), the tax figures from the
// result set's tax_result_totals (written by the recalculation) less the dirty transactions' rows,
// plus the dirty transactions and the few linked or spam-only ones from the ledger (keptSummary).
// hasIncome, alone or with providers, is answered the same way from the income rows' totals kept
// per result set and account by triggers on the result rows (keptIncomeSummary).
//
// An asset filter within dates (alone: assetsInDates) matches transactions without a result row as
// well, so the rows answer only for those that have one: the clean matches with a row are the
// set's rows of those dates (a range of tax_transaction_results_time_idx) hashed against the
// assets' transfers of the dates; those without one are the same transfers less those rows, read
// from the ledger by key; the dirty ones come from the ledger as above (assetsInDatesParts). The
// ledger's join looked each match's row up by key (3-4 µs a match: 30k of them for one coin in a
// year at a million transactions). The rows and the others are summed at the same time on two
// connections in one snapshot.
//
// Any other filter with both dates is joined from the ledger in two halves of its dates summed at
// the same time on two connections in one snapshot (dateHalves, bothAtOnce): the asset + dates +
// label summary at a million transactions spends its 55 ms of CPU on its 36k transactions of the
// label and dates, its 34k transfers of the asset and its 4.6k matches' rows and fees, each half
// on half of them. (The result rows answer it no better: most matches of a label such as "buy"
// have no row, and the rows of the dates must be hashed whole to find them.)

// summaryDirtyMax is how many dirty marks the summary reads from the ledger beside the result rows;
// with more (a fresh import), it joins the whole ledger as before.
const summaryDirtyMax = 5000

// needsResult says whether only transactions with a tax result row can match f.
func (f *TxFilter) needsResult() bool {
	return f.OnlyDisposals || (f.HasIncome != nil && *f.HasIncome) ||
		(f.IsMissingBasis != nil && *f.IsMissingBasis) || (f.IsNegativeBalance != nil && *f.IsNegativeBalance) ||
		f.GainLoss != "" || f.SaleTerm != "" || f.FinancialEvent == EventDisposal || f.FinancialEvent == EventIncome
}

// answeredByResultRows says whether f's conditions read only what a result row carries of its
// transaction (see resultRowAsTransaction); a filter reading another column (notes, the fiat
// value: a condition on one would fail to compile against the row, not match wrongly) or deleted
// transactions needs the ledger.
func (f *TxFilter) answeredByResultRows() bool {
	return f.needsResult() && !f.OnlyShowDeleted && f.HasNotes == nil && f.AmountValue == nil && f.HasDuplicateTransfers == nil
}

// resultRowAsTransaction is a result row as the transaction "t" the filter conditions read: its own
// columns, and what a result row implies (the recalculation reads no hidden or deleted
// transaction). The planner flattens it, so conditions on t become conditions on r's columns.
const resultRowAsTransaction = `CROSS JOIN LATERAL (SELECT r.transaction_id AS id, ?::uuid AS client_id, r.account_id, r.occurred_at,
	r.label, r.is_reviewed, r.is_failed, false AS is_hidden, NULL::timestamptz AS deleted_at) t`

// feesOfTransaction is Transaction.feeFiatValueCents in dollars (fee transfers' values plus fiat
// fees given on any transfer; a purchase's own value is not a fee), from transfers_fees_idx.
const feesOfTransaction = `(SELECT coalesce(sum(CASE WHEN fe.is_fee THEN coalesce(fe.fiat_value, 0) ELSE 0 END + coalesce(fe.fee_fiat, 0)), 0)
	FROM transfers fe WHERE fe.transaction_id = t.id AND (fe.is_fee OR fe.fee_fiat IS NOT NULL) AND NOT fe.is_hidden)`

var summaryColumns = []string{
	"count(*)",
	"count(*) FILTER (WHERE m.sale_term IS NOT NULL)",
	"coalesce(sum(m.proceeds), 0)", "coalesce(sum(m.basis), 0)", "coalesce(sum(m.gain), 0)",
	"coalesce(sum(m.short_term_gain), 0)", "coalesce(sum(m.long_term_gain), 0)", "coalesce(sum(m.income), 0)",
	"count(*) FILTER (WHERE m.is_unlabeled)", // unlabeledColumn
	"count(*) FILTER (WHERE m.is_reviewed)",
	"count(*) FILTER (WHERE m.is_missing_basis)",
	"count(*) FILTER (WHERE m.has_negative_balance)",
}

const matchColumns = `t.id, t.label, t.is_reviewed, r.proceeds, r.basis, r.gain, r.short_term_gain, r.long_term_gain, r.income,
	r.sale_term, r.is_missing_basis, r.has_negative_balance, r.first_disposal_seq, r.last_disposal_seq`

// deniedOfMatches is CA's superficial losses denied on the matches' disposal pieces (found by the
// seq range of each match's result row), for a CA result set only.
const deniedOfMatches = `(SELECT coalesce(sum(x.denied_loss), 0) FROM m dm
	CROSS JOIN LATERAL (SELECT x.denied_loss FROM tax_disposals x WHERE x.result_set_id = ?
		AND x.seq BETWEEN dm.first_disposal_seq AND dm.last_disposal_seq AND x.denied_loss IS NOT NULL OFFSET 0) x)`

// ledgerSummaryQuery totals f's matches joined from the ledger: the fees of all matches at once,
// from transfers_fees_idx.
func ledgerSummaryQuery(client uuid.UUID, st LedgerState, where sq.And, denied sq.Sqlizer) (string, []any, error) {
	return ledgerTotalsQuery(client, from(sq.Select(matchColumns), st).Where(where), matchFees(client), denied)
}

// matchFees is the fees of all matches m at once, from transfers_fees_idx.
func matchFees(client uuid.UUID) sq.Sqlizer {
	return sq.Alias(sq.Select("coalesce(sum(CASE WHEN fe.is_fee THEN coalesce(fe.fiat_value, 0) ELSE 0 END + coalesce(fe.fee_fiat, 0)), 0)").
		From("transfers fe").Join("m ON m.id = fe.transaction_id").
		Where(sq.Expr("fe.client_id = ? AND (fe.is_fee OR fe.fee_fiat IS NOT NULL) AND NOT fe.is_hidden", client)), "fees")
}

// ledgerTotalsQuery totals matches (matchColumns of t and r) with the fees and denied columns given.
func ledgerTotalsQuery(client uuid.UUID, matches sq.SelectBuilder, fees, denied sq.Sqlizer) (string, []any, error) {
	return psql.Select(summaryColumns...).Column(fees).Column(denied).From("m").
		PrefixExpr(matches.Column(unlabeledColumn(client)).Prefix("WITH m AS MATERIALIZED (").Suffix(")")).
		ToSql()
}

// fewByKey is the base relation of a few transactions' totals (the parts keptSummary and
// keptIncomeSummary read from the ledger): the transactions as where finds them by key, each one's
// row of the current result set looked up by its key. OFFSET 0 keeps the planner from reading the
// partial index a result condition names instead (the income rows' holds every income row).
func fewByKey(st LedgerState, where sq.And) sq.SelectBuilder {
	return sq.Select(matchColumns).From("transactions t").
		JoinClause(`LEFT JOIN LATERAL (SELECT * FROM tax_transaction_results x WHERE x.result_set_id = ? AND x.transaction_id = t.id
			AND x.client_id = t.client_id OFFSET 0) r ON true`, resultSetOf(st)).Where(where)
}

// resultRowsSummaryQuery totals f's matches from the result rows of clean transactions and from the
// ledger for the dirty ones, fees included.
func resultRowsSummaryQuery(client uuid.UUID, rs uuid.UUID, dirty []uuid.UUID, where sq.And, denied sq.Sqlizer) (string, []any, error) {
	return partsTotalsQuery(denied, resultRowsParts(client, rs, dirty, where)...)
}

// resultRowsParts are the matches of where among the result rows of clean transactions (each row as
// its transaction) and among the dirty transactions, read from the ledger; each part has
// matchColumns, the fees and the unlabeled column. (The dirty part stays when there is none: without
// it, the asset + dates summary's ledger part at a million transactions planned 3 ms faster and ran
// 10-15 ms slower, its union gone and the matches' subquery flattened into the totals.)
func resultRowsParts(client uuid.UUID, rs uuid.UUID, dirty []uuid.UUID, where sq.And) []sq.Sqlizer {
	clean := sq.Select(matchColumns, "r.fees").Column(unlabeledColumn(client)).From("tax_transaction_results r").JoinClause(resultRowAsTransaction, client).
		Where(sq.Expr("r.result_set_id = ? AND NOT (r.transaction_id = ANY(?))", rs, dirty)).Where(where)
	edited := sq.Select(matchColumns, feesOfTransaction+" AS fees").Column(unlabeledColumn(client)).From("transactions t").
		JoinClause("LEFT JOIN tax_transaction_results r ON r.result_set_id = ? AND r.transaction_id = t.id", rs).
		Where(sq.Expr("t.id = ANY(?)", dirty)).Where(where)
	return []sq.Sqlizer{clean, edited}
}

// partsTotalsQuery totals the matches of disjoint parts (resultRowsParts' columns) with the denied
// column given.
func partsTotalsQuery(denied sq.Sqlizer, parts ...sq.Sqlizer) (string, []any, error) {
	union := "?" + strings.Repeat(" UNION ALL ?", len(parts)-1)
	args := make([]any, len(parts))
	for i, p := range parts {
		args[i] = p
	}
	return psql.Select(summaryColumns...).Column("coalesce(sum(m.fees), 0)").Column(denied).From("m").
		PrefixExpr(sq.Expr("WITH m AS ("+union+")", args...)). // read once: not materialized (a third of the CPU)
		ToSql()
}

// assetsInDates says whether f's condition (where) is one of assets transferred within dates, and
// nothing else but the include flags: the filter assetsInDatesParts answers. It returns the
// condition less the assets' (which the transactions found by their transfers of the assets meet).
func (f *TxFilter) assetsInDates(fc *filterCtx, where sq.And) (sq.And, bool) {
	if len(f.AssetIDs) == 0 || f.AssetMode == ModeExclude || f.StartDate == nil || f.EndDate == nil {
		return nil, false
	}
	alone := TxFilter{AssetIDs: f.AssetIDs, AssetMode: f.AssetMode, StartDate: f.StartDate, EndDate: f.EndDate,
		IncludeHidden: f.IncludeHidden, IncludeFailed: f.IncludeFailed, IncludeSpam: f.IncludeSpam}
	if !sameWhere(where, alone.summaryWhere(fc)) {
		return nil, false
	}
	alone.AssetIDs = nil
	return alone.summaryWhere(fc), true
}

// rowlessOfAssetsSQL is the transactions with a transfer of the assets ($2) within the dates
// ($3, $4) and no result row of set $5 within them, taken whole first (an array) so that they
// are looked up by key: the asset's transfers of the dates from transfers_asset_time_idx, less the
// set's rows of the dates from tax_transaction_results_time_idx, both read from the index alone. Its
// arguments are the client, the assets, the dates, the set and the dates again.
const rowlessOfAssetsSQL = `t.id = ANY(ARRAY(SELECT tr.transaction_id FROM transfers tr
	WHERE tr.client_id = ? AND tr.asset_id = ANY(?) AND tr.occurred_at >= ? AND tr.occurred_at < ?
	AND NOT EXISTS (SELECT 1 FROM tax_transaction_results x WHERE x.result_set_id = ? AND x.transaction_id = tr.transaction_id
		AND x.occurred_at >= ? AND x.occurred_at < ?)))`

// assetsInDatesParts are the matches of an asset filter within dates (where; rest is it less the
// assets', see assetsInDates) in three parts, none of which looks a result row up per match: the
// result rows of the dates (tax_transaction_results_time_idx) hashed against the assets' transfers
// of the dates (rows), and the clean matches without a row from the ledger (rowlessOfAssetsSQL: a
// fifth of them in a generated ledger) with the dirty ones (others). A clean transaction's row has
// its time, so the rows of the dates are those of the clean transactions within them, and one
// without a row among them has none.
func assetsInDatesParts(client uuid.UUID, rs uuid.UUID, dirty []uuid.UUID, f *TxFilter, where, rest sq.And) (rows, others []sq.Sqlizer) {
	withRows := resultRowsParts(client, rs, dirty, where)
	// "ON false": a transaction without a row, r's columns all NULL as in the ledger's left join
	rowless := sq.Select(matchColumns, feesOfTransaction+" AS fees").Column(unlabeledColumn(client)).From("transactions t").
		JoinClause("LEFT JOIN tax_transaction_results r ON false").
		Where(sq.Expr(rowlessOfAssetsSQL, client, f.AssetIDs, *f.StartDate, *f.EndDate, rs, *f.StartDate, *f.EndDate)).
		Where(sq.Expr("NOT (t.id = ANY(?))", dirty)).Where(rest)
	return withRows[:1:1], []sq.Sqlizer{rowless, withRows[1]}
}

// assetsInDatesSummary adds the totals of assetsInDatesParts to s: the result rows and the others
// at the same time (bothAtOnce), each about half the work at a million transactions.
func (l *Ledger) assetsInDatesSummary(ctx context.Context, tx pgx.Tx, rows, others []sq.Sqlizer, denied sq.Sqlizer, s *TxSummary,
	totalIn func(q pgx.Tx, sqlText string, args []any, err error, s *TxSummary) error) error {
	totalOf := func(parts []sq.Sqlizer) func(q pgx.Tx, s *TxSummary) error {
		return func(q pgx.Tx, s *TxSummary) error {
			sqlText, args, err := partsTotalsQuery(denied, parts...)
			return totalIn(q, sqlText, args, err, s)
		}
	}
	return l.bothAtOnce(ctx, tx, s, totalOf(rows), totalOf(others))
}

// bothAtOnce adds to s the totals first takes on tx and those second takes at the same time on a
// second connection in tx's snapshot when the pool has room for one (store.WithSharedSnapshot),
// else on tx after first. Every total is a sum or a count over disjoint matches, so the two add up.
func (l *Ledger) bothAtOnce(ctx context.Context, tx pgx.Tx, s *TxSummary, first, second func(q pgx.Tx, s *TxSummary) error) error {
	return store.WithSharedSnapshot(ctx, l.pool, tx, func(other pgx.Tx) error {
		var o TxSummary
		if other == nil {
			if err := first(tx, s); err != nil {
				return err
			}
			if err := second(tx, &o); err != nil {
				return err
			}
			s.add(o)
			return nil
		}
		if err := db.New(other).SetSummarySettings(ctx); err != nil {
			return err
		}
		done := make(chan error, 1)
		go func() { done <- second(other, &o) }()
		err := first(tx, s)
		if err2 := <-done; err == nil {
			err = err2
		}
		if err != nil {
			return err
		}
		s.add(o)
		return nil
	})
}

// dateHalves splits f at the middle of its dates (to the microsecond, the database's precision)
// into two filters whose matches are f's, each in one of them: every date condition reads a
// transaction's time (a transfer has its transaction's), and the halves share their bound. It
// reports false when f has not both dates or they are too close to split.
func (f *TxFilter) dateHalves() ([2]TxFilter, bool) {
	if f.StartDate == nil || f.EndDate == nil || f.EndDate.Sub(*f.StartDate) < 2*time.Microsecond {
		return [2]TxFilter{}, false
	}
	mid := f.StartDate.Add(f.EndDate.Sub(*f.StartDate) / 2).Truncate(time.Microsecond)
	before, after := *f, *f
	before.EndDate, after.StartDate = &mid, &mid
	return [2]TxFilter{before, after}, true
}

// add adds o's totals to s's.
func (s *TxSummary) add(o TxSummary) {
	s.TransactionCount, s.DisposalCount = s.TransactionCount+o.TransactionCount, s.DisposalCount+o.DisposalCount
	s.Proceeds, s.Basis, s.Gain = s.Proceeds.Add(o.Proceeds), s.Basis.Add(o.Basis), s.Gain.Add(o.Gain)
	s.ShortTermGain, s.LongTermGain = s.ShortTermGain.Add(o.ShortTermGain), s.LongTermGain.Add(o.LongTermGain)
	s.Income, s.Fees, s.Denied = s.Income.Add(o.Income), s.Fees.Add(o.Fees), s.Denied.Add(o.Denied)
	s.Unlabeled, s.Reviewed = s.Unlabeled+o.Unlabeled, s.Reviewed+o.Reviewed
	s.MissingBasis, s.NegativeBalance = s.MissingBasis+o.MissingBasis, s.NegativeBalance+o.NegativeBalance
}

// summaryWhere is f's condition as a summary reads it (filterCtx.assetDates).
func (f *TxFilter) summaryWhere(fc *filterCtx) sq.And {
	summed := *fc
	summed.assetDates = true
	return f.where(&summed)
}

func (l *Ledger) summary(ctx context.Context, client uuid.UUID, st LedgerState, f TxFilter, fc *filterCtx) (TxSummary, error) {
	return l.summaryFrom(ctx, client, st, f, fc, true)
}

// summaryFrom totals f's matches, from kept figures or the result rows when they can answer and
// rows is set.
func (l *Ledger) summaryFrom(ctx context.Context, client uuid.UUID, st LedgerState, f TxFilter, fc *filterCtx, rows bool) (TxSummary, error) {
	s := TxSummary{IsStale: st.IsStale, ComputedAt: time.Now().UTC(), Currency: st.Currency}
	where := f.summaryWhere(fc)
	// One snapshot for what the result rows may answer and the totals (REPEATABLE READ): a mark
	// written between the two would otherwise go unseen.
	err := pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := db.New(tx).SetSummarySettings(ctx); err != nil {
			return err
		}
		sqlText, args, err := "", []any(nil), error(nil)
		s.Jurisdiction = tax.Generic.String()
		denied, superficial := sq.Sqlizer(sq.Expr("0")), false
		if st.ResultSetID != nil {
			if s.Jurisdiction, err = db.New(tx).ResultSetJurisdiction(ctx, *st.ResultSetID); err != nil {
				return err
			}
			if j, _ := tax.ParseJurisdiction(s.Jurisdiction); j.Rules().SuperficialLosses {
				denied, superficial = sq.Expr(deniedOfMatches, *st.ResultSetID), true
			}
		}
		// totalIn runs a summary query in q (tx, or a second connection in its snapshot): the one
		// place this file sends SQL of its own; total runs one in tx
		totalIn := func(q pgx.Tx, sqlText string, args []any, err error, s *TxSummary) error {
			if err != nil {
				return err
			}
			return scanSummary(q.QueryRow(ctx, sqlText, customPlan(args)...), s)
		}
		total := func(sqlText string, args []any, err error, s *TxSummary) error {
			return totalIn(tx, sqlText, args, err, s)
		}
		unfiltered := isUnfiltered(client, st, where)
		var rs uuid.UUID
		var dirty []uuid.UUID
		ok := false
		rest, inDates := f.assetsInDates(fc, where)
		halves, halved := f.dateHalves()
		if rows && (f.answeredByResultRows() || unfiltered || inDates) {
			if rs, dirty, ok, err = resultRowsAnswer(ctx, tx, client, st); err != nil {
				return err
			}
		}
		// the kept totals have no denied losses: a set with them sums its matches' pieces
		if ok && unfiltered && !superficial {
			done, err := keptSummary(ctx, tx, client, st, rs, dirty, where, &s, total)
			if err != nil || done {
				return err
			}
		}
		if accounts, byAccount, income := f.keptIncome(fc, where); ok && income && !superficial {
			return keptIncomeSummary(ctx, tx, client, st, rs, dirty, where, accounts, byAccount, &s, total)
		}
		switch {
		case ok && f.answeredByResultRows():
			sqlText, args, err = resultRowsSummaryQuery(client, rs, dirty, where, denied)
		case ok && inDates:
			withRows, others := assetsInDatesParts(client, rs, dirty, &f, where, rest)
			return l.assetsInDatesSummary(ctx, tx, withRows, others, denied, &s, totalIn)
		case rows && halved:
			// the two halves of the dates at the same time: each half the matches
			totalOf := func(h TxFilter) func(q pgx.Tx, s *TxSummary) error {
				return func(q pgx.Tx, s *TxSummary) error {
					sqlText, args, err := ledgerSummaryQuery(client, st, h.summaryWhere(fc), denied)
					return totalIn(q, sqlText, args, err, s)
				}
			}
			return l.bothAtOnce(ctx, tx, &s, totalOf(halves[0]), totalOf(halves[1]))
		default:
			sqlText, args, err = ledgerSummaryQuery(client, st, where, denied)
		}
		return total(sqlText, args, err, &s)
	})
	if err != nil {
		return TxSummary{}, err
	}
	return s, nil
}

// scanSummary reads a row of summaryColumns, fees and denied into s.
func scanSummary(row pgx.Row, s *TxSummary) error {
	return row.Scan(&s.TransactionCount, &s.DisposalCount, &s.Proceeds, &s.Basis, &s.Gain, &s.ShortTermGain, &s.LongTermGain,
		&s.Income, &s.Unlabeled, &s.Reviewed, &s.MissingBasis, &s.NegativeBalance, &s.Fees, &s.Denied)
}

// isUnfiltered says whether where is the condition of no filter: the shown transactions (live, not
// hidden, not failed) of a client without spam assets.
func isUnfiltered(client uuid.UUID, st LedgerState, where sq.And) bool {
	if len(st.spamAssets) > 0 {
		return false
	}
	return sameWhere(where, (&TxFilter{}).where(&filterCtx{client: client, resultSet: st.ResultSetID}))
}

// keptSummary answers the unfiltered summary (where) without reading a row per transaction: the
// counts and fees kept by triggers on transactions and transfers, the totals the recalculation kept for result set rs
// less the rows of the dirty transactions, plus those transactions as the ledger has them, and
// the unlabeled count corrected by the few linked and spam-only transactions (see
// keptFromUnlabeledSQL). It reports false when rs has no kept totals.
func keptSummary(ctx context.Context, tx pgx.Tx, client uuid.UUID, st LedgerState, rs uuid.UUID, dirty []uuid.UUID, where sq.And, s *TxSummary,
	total func(sqlText string, args []any, err error, s *TxSummary) error) (bool, error) {
	k, err := db.New(tx).KeptSummaryFigures(ctx, db.KeptSummaryFiguresParams{ClientID: client, ResultSetID: rs, Dirty: dirty})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var edited, kept TxSummary
	for i, to := range []*TxSummary{&edited, &kept} {
		if to == &edited && len(dirty) == 0 {
			continue // no dirty transaction to read
		}
		sqlText, args, err := keptPartQuery(client, st, where, keptParts(client, dirty)[i])
		if err := total(sqlText, args, err, to); err != nil {
			return false, err
		}
	}
	s.TransactionCount, s.Reviewed = k.Shown, k.Reviewed
	s.Unlabeled = k.Unlabeled - (kept.TransactionCount - kept.Unlabeled)
	s.DisposalCount = k.Disposals + edited.DisposalCount
	s.Proceeds, s.Basis, s.Gain = k.Proceeds.Add(edited.Proceeds), k.Basis.Add(edited.Basis), k.Gain.Add(edited.Gain)
	s.ShortTermGain, s.LongTermGain = k.ShortTermGain.Add(edited.ShortTermGain), k.LongTermGain.Add(edited.LongTermGain)
	s.Income, s.Fees = k.Income.Add(edited.Income), k.Fees
	s.MissingBasis, s.NegativeBalance = k.MissingBasis+edited.MissingBasis, k.NegativeBalance+edited.NegativeBalance
	s.Denied = edited.Denied
	return true, nil
}

// keptParts are the two small sets keptSummary totals from the ledger, beside the unfiltered
// condition: the dirty transactions, and the shown ones without a label that a link or moving only
// spam may keep from being unlabeled.
func keptParts(client uuid.UUID, dirty []uuid.UUID) []sq.Sqlizer {
	return []sq.Sqlizer{sq.Expr("t.id = ANY(?)", dirty), keptFromUnlabeled(client)}
}

// keptFromUnlabeled is the shown transactions without a label that a link or moving only spam
// keeps from being unlabeled, "without a label" written so that it matches no partial index of
// unlabeled transactions: the few candidates are looked up by key, not found among every unlabeled one.
func keptFromUnlabeled(client uuid.UUID) sq.Sqlizer {
	return sq.And{sq.Expr("nullif(t.label, '') IS NULL"), sq.Expr(keptFromUnlabeledSQL, client, client, client)}
}

// cleanKeptFromUnlabeled is keptFromUnlabeled without the dirty transactions (which a summary
// from kept figures reads whole from the ledger).
func cleanKeptFromUnlabeled(client uuid.UUID, dirty []uuid.UUID) sq.Sqlizer {
	return sq.And{keptFromUnlabeled(client), sq.Expr("NOT (t.id = ANY(?))", dirty)}
}

// keptPartQuery totals a part of keptParts from the ledger; the fees are kept whole (zero here).
func keptPartQuery(client uuid.UUID, st LedgerState, where sq.And, part sq.Sqlizer) (string, []any, error) {
	return ledgerTotalsQuery(client, fewByKey(st, append(where[:len(where):len(where)], part)), sq.Expr("0"), sq.Expr("0"))
}

// resultRowsAnswer says whether the result rows can answer a summary in tx's snapshot: the
// client's current result set is the one st names and its rows carry their transactions' columns,
// no asset is spam (a run leaves spam transfers out of the rows' fees), and few transactions are
// dirty. It returns the set and the dirty transactions.
func resultRowsAnswer(ctx context.Context, tx pgx.Tx, client uuid.UUID, st LedgerState) (uuid.UUID, []uuid.UUID, bool, error) {
	if st.ResultSetID == nil || len(st.spamAssets) > 0 {
		return uuid.Nil, nil, false, nil
	}
	r, err := db.New(tx).SummaryResultRowsState(ctx, db.SummaryResultRowsStateParams{ClientID: client, DirtyLimit: summaryDirtyMax + 1})
	if err != nil {
		return uuid.Nil, nil, false, err
	}
	rs, dirty := r.CurrentResultSetID, r.Dirty
	if rs == nil || *rs != *st.ResultSetID || !r.ExactColumns || r.HasSpam || len(dirty) > summaryDirtyMax {
		return uuid.Nil, nil, false, nil
	}
	if dirty == nil {
		dirty = []uuid.UUID{}
	}
	return *rs, dirty, true, nil
}

// keptIncome says whether f's summary is the one of the income rows' kept totals: hasIncome, alone
// or with providers (byAccount: of their accounts), and nothing else.
func (f *TxFilter) keptIncome(fc *filterCtx, where sq.And) (accounts []uuid.UUID, byAccount, ok bool) {
	if f.HasIncome == nil || !*f.HasIncome || (len(f.Providers) > 0 && f.ProviderMode == ModeExclude) {
		return nil, false, false
	}
	income := TxFilter{HasIncome: f.HasIncome, Providers: f.Providers, ProviderMode: f.ProviderMode}
	if !sameWhere(where, income.summaryWhere(fc)) {
		return nil, false, false
	}
	return fc.providerAccounts, len(f.Providers) > 0, true
}

// sameWhere says whether a and b are the same condition with the same arguments.
func sameWhere(a, b sq.And) bool {
	aSQL, aArgs, err := a.ToSql()
	if err != nil {
		return false
	}
	bSQL, bArgs, err := b.ToSql()
	return err == nil && aSQL == bSQL && reflect.DeepEqual(aArgs, bArgs)
}

// keptIncomeSummary answers the summary of the income rows (where, see keptIncome) without reading a
// row per transaction: the totals the result rows' triggers keep per result set and account
// (tax_result_income_totals), less the dirty transactions' rows, plus those transactions as the
// ledger has them (fees included); the unlabeled count is the kept count of rows without a label
// less the few clean ones among them that a link or moving only spam keeps from being unlabeled
// (keptFromUnlabeledSQL).
func keptIncomeSummary(ctx context.Context, tx pgx.Tx, client uuid.UUID, st LedgerState, rs uuid.UUID, dirty []uuid.UUID, where sq.And,
	accounts []uuid.UUID, byAccount bool, s *TxSummary, total func(sqlText string, args []any, err error, s *TxSummary) error) error {
	if accounts == nil {
		accounts = []uuid.UUID{}
	}
	k, err := db.New(tx).KeptIncomeFigures(ctx, db.KeptIncomeFiguresParams{ResultSetID: rs, ClientID: client, ByAccount: byAccount,
		Accounts: accounts, Dirty: dirty})
	if err != nil {
		return err
	}
	var edited, kept TxSummary
	if len(dirty) > 0 {
		withDirty := append(where[:len(where):len(where)], sq.Expr("t.id = ANY(?)", dirty))
		sqlText, args, err := ledgerTotalsQuery(client, fewByKey(st, withDirty).Column(feesOfTransaction+" AS fees"), sq.Expr("coalesce(sum(m.fees), 0)"), sq.Expr("0"))
		if err := total(sqlText, args, err, &edited); err != nil {
			return err
		}
	}
	sqlText, args, err := keptPartQuery(client, st, where, cleanKeptFromUnlabeled(client, dirty))
	if err := total(sqlText, args, err, &kept); err != nil {
		return err
	}
	s.TransactionCount, s.DisposalCount = k.Transactions+edited.TransactionCount, k.Disposals+edited.DisposalCount
	s.Proceeds, s.Basis, s.Gain = k.Proceeds.Add(edited.Proceeds), k.Basis.Add(edited.Basis), k.Gain.Add(edited.Gain)
	s.ShortTermGain, s.LongTermGain = k.ShortTermGain.Add(edited.ShortTermGain), k.LongTermGain.Add(edited.LongTermGain)
	s.Income, s.Fees = k.Income.Add(edited.Income), k.Fees.Add(edited.Fees)
	s.Unlabeled = k.WithoutLabel - (kept.TransactionCount - kept.Unlabeled) + edited.Unlabeled
	s.Reviewed = k.Reviewed + edited.Reviewed
	s.MissingBasis, s.NegativeBalance = k.MissingBasis+edited.MissingBasis, k.NegativeBalance+edited.NegativeBalance
	s.Denied = edited.Denied
	return nil
}
