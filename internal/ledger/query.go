package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// TxRow is one transaction of a list with what the list shows beside its own columns.
type TxRow struct {
	Transaction
	Provider    string     // the provider of its account ("" without one)
	AccountType *string    // the type of its account
	IsDirty     bool       // edited since the results were computed
	IsEdited    bool       // changed by a person or API client after import
	LinkedID    *uuid.UUID // the other side of its link (internal transfer, bridge, cross-chain swap)
	LinkID      *uuid.UUID // the link's id
	LinkType    *string    // LinkType of the link
	// Result is the transaction's result in the current result set; nil when it has no tax effect.
	Result *TxResult
}

// TxResult is what the current result set says of one transaction: its disposals' totals, its
// income, its flags, and the figures of its transfers (EngineFigures reads them).
type TxResult struct {
	ResultSetID        uuid.UUID
	TransactionID      uuid.UUID
	Proceeds           decimal.Decimal
	Basis              decimal.Decimal
	Gain               decimal.Decimal
	ShortTermGain      decimal.Decimal
	LongTermGain       decimal.Decimal
	SaleTerm           *string
	DisposalPieces     int32
	Income             decimal.Decimal
	IsMissingBasis     bool
	HasNegativeBalance bool
	TransferFigures    []byte // JSON: transfer id -> value and lot basis as the engine saw them
}

// TxList is a page of transactions.
type TxList struct {
	Rows  []TxRow
	Total *int // nil when skipTotal was set
	// TotalCapped says more than TotalCap transactions match and Total stopped there.
	TotalCapped bool
	HasNext     bool
	Summary     *TxSummary // set when includeSummary was set
	State       LedgerState
}

// TxSummary totals every transaction matching a filter.
type TxSummary struct {
	// Jurisdiction is the rule set of the results the totals come from (US before any run); Denied
	// is CA's superficial losses denied on the matching disposals (zero under US and GB).
	Jurisdiction     string
	Denied           decimal.Decimal
	Currency         string // the client's
	TransactionCount int64
	DisposalCount    int64
	Proceeds         decimal.Decimal
	Basis            decimal.Decimal
	Gain             decimal.Decimal
	ShortTermGain    decimal.Decimal
	LongTermGain     decimal.Decimal
	Income           decimal.Decimal
	Fees             decimal.Decimal
	Unlabeled        int64
	Reviewed         int64
	MissingBasis     int64
	NegativeBalance  int64
	IsStale          bool
	ComputedAt       time.Time
}

// LedgerState is what a read needs to know about the client's results.
type LedgerState struct {
	ResultSetID   *uuid.UUID
	IsStale       bool
	SettingsDirty bool   // a settings change made every transaction stale
	Currency      string // the client's fiat currency
	spamAssets    []uuid.UUID
}

// IsSpamAsset reports whether assetID is one of the client's spam assets.
func (st LedgerState) IsSpamAsset(assetID uuid.UUID) bool {
	for _, id := range st.spamAssets {
		if id == assetID {
			return true
		}
	}
	return false
}

func (l *Ledger) state(ctx context.Context, q db.DBTX, client uuid.UUID) (LedgerState, error) {
	st, err := db.New(q).GetLedgerState(ctx, client)
	if errors.Is(err, pgx.ErrNoRows) {
		return LedgerState{}, apperr.NotFoundf("client not found")
	}
	if err != nil {
		return LedgerState{}, err
	}
	spam, err := db.New(q).ListSpamAssetIDs(ctx, client)
	if err != nil {
		return LedgerState{}, err
	}
	return LedgerState{ResultSetID: st.CurrentResultSetID, IsStale: st.IsStale, SettingsDirty: st.SettingsDirty, Currency: st.Currency, spamAssets: spam}, nil
}

// where builds f's conditions, after resolving what they need from small tables (the assets a
// search text names).
func (l *Ledger) where(ctx context.Context, client uuid.UUID, st LedgerState, f TxFilter) (sq.And, error) {
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		return nil, err
	}
	return f.where(fc), nil
}

// filterCtx resolves what f's conditions need from small tables.
func (l *Ledger) filterCtx(ctx context.Context, client uuid.UUID, st LedgerState, f TxFilter) (*filterCtx, error) {
	fc := &filterCtx{client: client, spamAssets: st.spamAssets, resultSet: st.ResultSetID}
	if f.Search != nil && strings.TrimSpace(*f.Search) != "" {
		fc.search = newSearchPatterns(*f.Search)
		if err := l.pool.QueryRow(ctx, searchMatchesSQL, client, fc.search.contains).Scan(&fc.searchAssets, &fc.searchLabels); err != nil {
			return nil, err
		}
	}
	if len(f.Providers) > 0 {
		var err error
		if fc.providerAccounts, err = db.New(l.pool).ProviderAccountIDs(ctx, db.ProviderAccountIDsParams{ClientID: client, Providers: f.Providers}); err != nil {
			return nil, err
		}
		if fc.providerAccounts == nil {
			fc.providerAccounts = []uuid.UUID{}
		}
	}
	return fc, nil
}

// from is the base relation of every list query: the client's transactions with their row of the
// current result set. The join names every column of the result rows' key, so the planner knows it
// matches at most one row and leaves it out of a query that reads nothing of r (a page's id scan,
// a count without a result filter) instead of probing the key once per transaction. It names the set
// through a one-row subquery, which the planner prices as the average set: named by its value, a
// set the statistics miss (a large client's full run since the last ANALYZE) looked empty, and each
// row was found through tax_transaction_results_time_idx, a scan of the whole set per transaction
// (TestAPageOfASetTheStatisticsMissFindsItsResultsByKey).
func from(b sq.SelectBuilder, st LedgerState) sq.SelectBuilder {
	return b.From("transactions t").JoinClause(resultJoin, resultSetOf(st))
}

const resultJoin = "LEFT JOIN tax_transaction_results r ON r.result_set_id = (SELECT ?::uuid) AND r.transaction_id = t.id AND r.client_id = t.client_id"

func resultSetOf(st LedgerState) uuid.UUID {
	if st.ResultSetID != nil {
		return *st.ResultSetID
	}
	return uuid.Nil
}

const txColumns = `t.id, t.client_id, t.account_id, t.occurred_at, t.ordinal, t.txn_hash, t.external_id, t.label, t.notes,
	t.is_hidden, t.is_reviewed, t.is_failed, t.source, t.session_id, t.parent_id, t.created_at, t.updated_at, t.deleted_at,
	t.investment_id, t.off_chain_data, t.is_missing_basis_override, t.fiat_value`

// rowExtras are TxRow's computed columns: dirty, edited (EditedSQL), link (other side, id, type; a
// transaction takes part in at most one link, see Editor.Link).
const rowExtras = `EXISTS (SELECT 1 FROM dirty_marks dm WHERE dm.transaction_id = t.id),
	` + EditedSQL + `,
	coalesce((SELECT p.to_transaction_id FROM internal_transfer_pairs p WHERE p.from_transaction_id = t.id LIMIT 1),
	         (SELECT p.from_transaction_id FROM internal_transfer_pairs p WHERE p.to_transaction_id = t.id LIMIT 1)),
	coalesce((SELECT p.id FROM internal_transfer_pairs p WHERE p.from_transaction_id = t.id LIMIT 1),
	         (SELECT p.id FROM internal_transfer_pairs p WHERE p.to_transaction_id = t.id LIMIT 1)),
	coalesce((SELECT p.link_type FROM internal_transfer_pairs p WHERE p.from_transaction_id = t.id LIMIT 1),
	         (SELECT p.link_type FROM internal_transfer_pairs p WHERE p.to_transaction_id = t.id LIMIT 1))`

const resultColumns = `r.result_set_id, r.proceeds, r.basis, r.gain, r.short_term_gain, r.long_term_gain, r.sale_term,
	r.disposal_pieces, r.income, r.is_missing_basis, r.has_negative_balance, r.transfer_figures`

func orderBy(p TxPage) []string {
	dir := " DESC"
	if p.Ascending {
		dir = " ASC"
	}
	tie := []string{"t.occurred_at" + dir, "t.ordinal" + dir, "t.id" + dir}
	switch p.SortBy {
	case SortUpdatedAt:
		return append([]string{"t.updated_at" + dir}, tie...)
	case SortFiatValue:
		return append([]string{"t.fiat_value" + dir}, tie...)
	case SortCapGains:
		return append([]string{"coalesce(r.gain, 0)" + dir}, tie...)
	case SortIncome:
		return append([]string{"coalesce(r.income, 0)" + dir}, tie...)
	case SortLabel:
		return append([]string{"coalesce(t.label, '')" + dir}, tie...)
	}
	return tie
}

// List returns a page of the client's transactions matching f.
func (l *Ledger) List(ctx context.Context, scope auth.ClientScope, f TxFilter, p TxPage) (TxList, error) {
	if err := scope.Check(); err != nil {
		return TxList{}, err
	}
	client := scope.ClientID()
	st, err := l.state(ctx, l.pool, client)
	if err != nil {
		return TxList{}, err
	}
	if p.Limit <= 0 {
		p.Limit = DefaultLimit
	}
	fc, err := l.filterCtx(ctx, client, st, f)
	if err != nil {
		return TxList{}, err
	}
	where := f.where(fc)
	flagged, err := l.flagIndexAnswers(ctx, client, st, f, p)
	if err != nil {
		return TxList{}, err
	}
	// The total is counted on a second connection while the page is read: the request then takes
	// the longer of the two, not their sum.
	type counted struct {
		n   int64
		err error
	}
	var total chan counted
	if !p.SkipTotal {
		total = make(chan counted, 1)
		go func() {
			n, err := l.count(ctx, l.pool, f.counted(fc, where, p).inFlagOrder(client, flagged), st)
			total <- counted{n, err}
		}()
	}
	out := TxList{State: st}
	if out.Rows, err = l.readPage(ctx, client, st, where, inFlagOrder(pageSegments(where, p), client, flagged), p); err != nil {
		return TxList{}, err
	}
	if len(out.Rows) > p.Limit {
		out.Rows, out.HasNext = out.Rows[:p.Limit], true
	}
	for i := range out.Rows {
		out.Rows[i].IsDirty = out.Rows[i].IsDirty || st.SettingsDirty
	}
	if total != nil {
		c := <-total
		if c.err != nil {
			return TxList{}, c.err
		}
		n := int(c.n)
		if !p.ExactTotal && n > TotalCap {
			n, out.TotalCapped = TotalCap, true
		}
		out.Total = &n
	}
	if p.IncludeSummary {
		s, err := l.summary(ctx, client, st, f, fc)
		if err != nil {
			return TxList{}, err
		}
		out.Summary = &s
	}
	return out, nil
}

// pageSegment is one stretch of a list's order that an index walks: the matches of where, in order.
type pageSegment struct {
	where sq.And
	order []string
	// flagged is the client when the stretch is in time order and every match has a flag set that
	// its time-ordered index answers (flaggedIDs)
	flagged *uuid.UUID
	// figure is the result row's column a stretch of a sort by gain or income is ordered by when
	// every match has a nonzero one (the positive and the negative stretch), dir its direction
	figure, dir string
	// rows, when set, answer for the clean matches of a figure's stretch (figureIDs)
	rows   *ResultRows
	client uuid.UUID
}

// readsFlagIndex says whether f asks for a result flag set (isMissingBasis or isNegativeBalance
// true), so that every match has a flagged result row, and p is in time order.
func (f *TxFilter) readsFlagIndex(p TxPage) bool {
	set := func(b *bool) bool { return b != nil && *b }
	return (set(f.IsMissingBasis) || set(f.IsNegativeBalance)) && (p.SortBy == "" || p.SortBy == SortCreatedAt)
}

// flagIndexAnswers says whether a page and count of f in p's order read the flagged result rows in
// time order (flaggedIDs): f asks for a flag in time order, and the client's current result set is
// st's, its rows carry their transactions' columns and few transactions are dirty (a dirty one whose
// time moved is looked up by key).
func (l *Ledger) flagIndexAnswers(ctx context.Context, client uuid.UUID, st LedgerState, f TxFilter, p TxPage) (bool, error) {
	if !f.readsFlagIndex(p) || st.ResultSetID == nil {
		return false, nil
	}
	r, err := db.New(l.pool).SummaryResultRowsState(ctx, db.SummaryResultRowsStateParams{ClientID: client, DirtyLimit: summaryDirtyMax + 1})
	if err != nil {
		return false, err
	}
	return r.CurrentResultSetID != nil && *r.CurrentResultSetID == *st.ResultSetID && r.ExactColumns && len(r.Dirty) <= summaryDirtyMax, nil
}

// inFlagOrder marks the one stretch of a page in time order as read in flag order (flaggedIDs)
// when flagged.
func inFlagOrder(segs []pageSegment, client uuid.UUID, flagged bool) []pageSegment {
	if flagged && len(segs) == 1 {
		segs[0].flagged = &client
	}
	return segs
}

// flaggedIDs selects columns of the first limit matches of seg (all with a flagged result row, in
// time order) from the flag's partial index in time order (tax_transaction_results_missing_basis_idx,
// _negative_balance_idx: result set, time, transaction). A result row carries its transaction's time
// as the run read it, the transaction's own unless the transaction is dirty. The matches whose row
// has their time are read from the index with the two times stated equal, so the planner walks it
// in the page's order and stops at the page's last time (WITH TIES: the rest of the order, ordinal
// and id, is sorted among the rows of that time) instead of reading and sorting every flagged row;
// the dirty ones whose time moved since the run are looked up by key and merged in.
func flaggedIDs(st LedgerState, seg pageSegment, limit uint64, columns ...string) sq.SelectBuilder {
	cols := []string{"t.id", "t.client_id", "t.occurred_at", "t.ordinal"}
	inRowTime := from(sq.Select(cols...), st).Where(seg.where).Where("r.occurred_at = t.occurred_at").
		OrderBy(seg.order[0]).Suffix("FETCH FIRST ? ROWS WITH TIES", limit)
	moved := from(sq.Select(cols...), st).Where(seg.where).
		Where("r.occurred_at IS DISTINCT FROM t.occurred_at AND t.id = ANY(ARRAY(SELECT d.transaction_id FROM dirty_marks d WHERE d.client_id = ?))", *seg.flagged).
		OrderBy(seg.order...).Limit(limit)
	order := make([]string, len(seg.order))
	for i, o := range seg.order {
		order[i] = "u." + strings.TrimPrefix(o, "t.")
	}
	return sq.Select(columns...).FromSelect(inRowTime.Prefix("(").SuffixExpr(sq.Expr(") UNION ALL (?)", moved)), "u").OrderBy(order...).Limit(limit)
}

// figureParts are the matches of a figure's stretch (seg.rows set): the clean transactions as their
// result rows (resultRowAsTransaction) and the dirty ones from the ledger, each with its figure f and
// time o, the first n in the stretch's order of (f, o) with ties (so with every match of the n-th
// one's (f, o): each part's first n with ties hold all of that part's); all of them when n is 0.
func figureParts(seg pageSegment, n uint64) sq.SelectBuilder {
	col := strings.TrimPrefix(seg.figure, "r.")
	clean := sq.Select("r.transaction_id AS id", "r."+col+" AS f", "r.occurred_at AS o").From("tax_transaction_results r").
		JoinClause(resultRowAsTransaction, seg.client).
		Where(sq.Expr("r.result_set_id = ? AND NOT (r.transaction_id = ANY(?))", seg.rows.Set, seg.rows.Dirty)).Where(seg.where)
	dirty := sq.Select("t.id", "r."+col, "t.occurred_at").From("transactions t").
		JoinClause("JOIN tax_transaction_results r ON r.result_set_id = ? AND r.transaction_id = t.id AND r.client_id = t.client_id", seg.rows.Set).
		Where(sq.Expr("t.id = ANY(?)", seg.rows.Dirty)).Where(seg.where)
	if n == 0 {
		return sq.Select("*").FromSelect(clean.SuffixExpr(sq.Expr("UNION ALL ?", dirty)), "u")
	}
	first := func(b sq.SelectBuilder, order ...string) sq.SelectBuilder {
		return b.OrderBy(order...).Suffix("FETCH FIRST ? ROWS WITH TIES", n)
	}
	clean, dirty = first(clean, "f"+seg.dir, "o"+seg.dir), first(dirty, "2"+seg.dir, "3"+seg.dir)
	return first(sq.Select("*").FromSelect(clean.Prefix("(").SuffixExpr(sq.Expr(") UNION ALL (?)", dirty)), "u"), "f"+seg.dir, "o"+seg.dir)
}

// figureIDs selects (id, client_id) of limit matches from offset on of a figure's stretch (seg.rows
// set), its order (the figure, time, ordinal, id) found without a read of every skipped match's
// transaction: the first offset+limit matches in (figure, time) order, with ties, come from the
// figure's index on the result rows alone (tax_transaction_results_gain_idx, _income_idx: the
// time, the transaction and is_failed included) merged with the few dirty ones; a match's place is
// its (figure, time) group's rank plus its place within the group by ordinal and id, for which
// only the groups reaching past the offset read their transactions. A clean row's time is its
// transaction's (a move in time marks the transaction dirty), so the two orders agree.
func figureIDs(seg pageSegment, limit, offset uint64) sq.SelectBuilder {
	n := limit + offset
	ranked := sq.Select("u.id", "u.f", "u.o", "rank() OVER g AS first", "count(*) OVER g AS upto").
		FromSelect(figureParts(seg, n), "u").Suffix("WINDOW g AS (ORDER BY u.f" + seg.dir + ", u.o" + seg.dir + ")")
	placed := sq.Select("t.id", "t.client_id", "w.first - 1 + row_number() OVER (PARTITION BY w.f, w.o ORDER BY t.ordinal"+seg.dir+", t.id"+seg.dir+") AS place").
		FromSelect(ranked, "w").JoinClause("JOIN transactions t ON t.id = w.id AND t.client_id = ?", seg.client).
		Where("w.upto > ?", offset)
	return sq.Select("p.id", "p.client_id").FromSelect(placed, "p").Where("p.place > ? AND p.place <= ?", offset, n)
}

// pageSegments splits p's order into stretches an index can walk. By gain or income the order is
// (the figure, then time): the rows with a positive figure come from the result rows' index by
// that figure (tax_transaction_results_gain_idx, _income_idx), read only as far as the page
// needs, then the transactions whose figure is zero or who have no result row in time order (the
// plain list's index), then the negative figures from the index again; oldest first reverses the
// three. Sorted by a figure without an index, one stretch: p's order.
func pageSegments(where sq.And, p TxPage) []pageSegment {
	order := orderBy(p)
	col := map[SortKey]string{SortCapGains: "r.gain", SortIncome: "r.income"}[p.SortBy]
	if col == "" {
		return []pageSegment{{where: where, order: order}}
	}
	dir, tie := " DESC", order[1:]
	if p.Ascending {
		dir = " ASC"
	}
	with := func(cond string) sq.And { return append(where[:len(where):len(where)], sq.Expr(cond)) }
	keyed := append([]string{col + dir}, tie...)
	positive := pageSegment{where: with(col + " > 0"), order: keyed, figure: col, dir: dir}
	zero := pageSegment{where: with("coalesce(" + col + ", 0) = 0"), order: tie}
	negative := pageSegment{where: with(col + " < 0"), order: keyed, figure: col, dir: dir}
	if p.Ascending {
		return []pageSegment{negative, zero, positive}
	}
	return []pageSegment{positive, zero, negative}
}

// readPage reads page p of the matches of where in the stretches segs (page). The stretches of a
// sort by a figure that every match has nonzero are read from the result rows (figureIDs) when
// where is the unfiltered list's and the rows answer for the clean transactions, in one snapshot
// with the dirty marks that say which those are.
func (l *Ledger) readPage(ctx context.Context, client uuid.UUID, st LedgerState, where sq.And, segs []pageSegment, p TxPage) ([]TxRow, error) {
	byFigure := slices.ContainsFunc(segs, func(s pageSegment) bool { return s.figure != "" })
	if !byFigure || !isUnfiltered(client, st, where) {
		return l.page(ctx, l.pool, st, segs, p)
	}
	var out []TxRow
	err := pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := PatternResultRows(ctx, tx, client, st.ResultSetID)
		if err != nil {
			return err
		}
		out, err = l.page(ctx, tx, st, withFigureRows(segs, client, rows), p)
		return err
	})
	return out, err
}

// figureOnly is seg when it is a figure's stretch its result rows answer for, else nil.
func (seg pageSegment) figureOnly() *pageSegment {
	if seg.rows == nil {
		return nil
	}
	return &seg
}

// withFigureRows has the figures' stretches of segs read from rows (none when rows is nil).
func withFigureRows(segs []pageSegment, client uuid.UUID, rows *ResultRows) []pageSegment {
	for i := range segs {
		if segs[i].figure != "" && rows != nil {
			segs[i].rows, segs[i].client = rows, client
		}
	}
	return segs
}

// page reads page p of the matches of where (one row more than the limit, to know whether a next
// page exists), stretch by stretch (pageSegments) in q: a stretch that ends before the page's
// offset is counted to find where the page starts in the next.
func (l *Ledger) page(ctx context.Context, q db.DBTX, st LedgerState, segs []pageSegment, p TxPage) ([]TxRow, error) {
	need, skip := uint64(p.Limit)+1, uint64(p.Limit)*uint64(p.Page)
	var out []TxRow
	for _, seg := range segs {
		sqlText, args, err := pageQuery(st, seg, need, skip).ToSql()
		if err != nil {
			return nil, err
		}
		rows, err := q.Query(ctx, sqlText, customPlan(args)...)
		if err != nil {
			return nil, err
		}
		got, err := pgx.CollectRows(rows, scanTxRow)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
		if n := uint64(len(got)); n == need {
			break
		} else if n > 0 {
			need, skip = need-n, 0
		} else if skip > 0 {
			all, err := l.count(ctx, q, countPlan{where: seg.where, figure: seg.figureOnly()}, st)
			if err != nil {
				return nil, err
			}
			skip -= min(skip, uint64(all))
		}
	}
	return out, nil
}

// pageQuery reads limit matches of a stretch from offset on. The page's ids are found first, reading
// only what the conditions and the order need, and the row's columns, its account and its computed
// columns (rowExtras: a subquery each) are read for those ids alone: with them in the same select,
// every row an offset skips or a sort orders would pay for them.
func pageQuery(st LedgerState, seg pageSegment, limit, offset uint64) sq.SelectBuilder {
	ids := from(sq.Select("t.id", "t.client_id"), st).Where(seg.where).OrderBy(seg.order...).Limit(limit).Offset(offset)
	switch {
	case seg.flagged != nil:
		ids = flaggedIDs(st, seg, limit+offset, "u.id", "u.client_id").Offset(offset)
	case seg.rows != nil:
		ids = figureIDs(seg, limit, offset)
	}
	return psql.Select(txColumns, "coalesce(a.provider, '')", "a.type", rowExtras, resultColumns).
		FromSelect(ids, "pg").
		Join("transactions t ON t.id = pg.id AND t.client_id = pg.client_id").
		JoinClause(resultJoin, resultSetOf(st)).
		LeftJoin("accounts a ON a.id = t.account_id").
		OrderBy(seg.order...)
}

func scanTxRow(row pgx.CollectableRow) (TxRow, error) {
	var r TxRow
	var res struct {
		set                               *uuid.UUID
		proceeds, basis, gain, short, lng decimal.NullDecimal
		term                              *string
		pieces                            *int32
		income                            decimal.NullDecimal
		missing, negative                 *bool
		figures                           []byte
	}
	t := &r.Transaction
	err := row.Scan(&t.ID, &t.ClientID, &t.AccountID, &t.OccurredAt, &t.Ordinal, &t.TxnHash, &t.ExternalID, &t.Label, &t.Notes,
		&t.IsHidden, &t.IsReviewed, &t.IsFailed, &t.Source, &t.SessionID, &t.ParentID, &t.CreatedAt, &t.UpdatedAt, &t.DeletedAt,
		&t.InvestmentID, &t.OffChainData, &t.IsMissingBasisOverride, &t.FiatValue,
		&r.Provider, &r.AccountType, &r.IsDirty, &r.IsEdited, &r.LinkedID, &r.LinkID, &r.LinkType,
		&res.set, &res.proceeds, &res.basis, &res.gain, &res.short, &res.lng, &res.term, &res.pieces, &res.income, &res.missing, &res.negative, &res.figures)
	if err != nil {
		return r, err
	}
	if res.set != nil {
		r.Result = &TxResult{ResultSetID: *res.set, TransactionID: t.ID, Proceeds: res.proceeds.Decimal,
			Basis: res.basis.Decimal, Gain: res.gain.Decimal, ShortTermGain: res.short.Decimal, LongTermGain: res.lng.Decimal,
			SaleTerm: res.term, DisposalPieces: *res.pieces, Income: res.income.Decimal, IsMissingBasis: *res.missing,
			HasNegativeBalance: *res.negative, TransferFigures: res.figures}
	}
	return r, nil
}

// TotalCap is where a list's total stops counting unless an exact total is asked for: the count
// stops after TotalCap+1 matches, taken in the page's own order so the planner walks the same
// index as the page does (unordered, a LIMIT invites a sequential scan that hopes to stop early
// and, when the matches sit in one stretch of the ledger, reads most of it). A page of a
// million-row ledger so never waits for a count of all of it. The summary counts exactly.
const TotalCap = 1000

// countPlan is how a list's total is counted: its conditions, its order, and the planner settings
// of its statement.
type countPlan struct {
	where    sq.And
	order    []string
	settings string
	flagged  *uuid.UUID // capped in time order, read in flag order (flaggedIDs)
	// figure is a figure's stretch whose result rows answer (pageSegment.rows): counted from them
	figure *pageSegment
}

// inFlagOrder reads a capped count in time order in flag order (flaggedIDs) when flagged.
func (c countPlan) inFlagOrder(client uuid.UUID, flagged bool) countPlan {
	if flagged && c.order != nil {
		c.flagged = &client
	}
	return c
}

// counted plans the count of f's matches beside a page in p's order. A capped count reads at
// most TotalCap+1 matches: starting parallel workers costs more than that (tens of ms on a small
// machine) and takes cores from the page query beside it. A capped count of one asset in time
// order merges that asset's transfers with the transactions (hasAssetTransfer), both in (time, id)
// order; a hash join, which reads its inner side whole before the first match, is then never the
// better plan, though the planner's row estimate (see hasAssetTransfer) would pick one.
func (f *TxFilter) counted(fc *filterCtx, where sq.And, p TxPage) countPlan {
	if p.ExactTotal {
		return countPlan{where: where}
	}
	// The capped count is the same in any order. Only the time order has an index to walk: in
	// another (by gain, income, value, label) taking the first matches would sort every match.
	timeOrder := TxPage{Ascending: p.Ascending}
	c := countPlan{where: where, order: orderBy(timeOrder), settings: "SET LOCAL max_parallel_workers_per_gather = 0"}
	if f.mergesOneAsset(p) {
		merged := *fc
		merged.assetsInTimeOrder = true
		c.where = f.where(&merged)
		dir := " DESC"
		if p.Ascending {
			dir = " ASC"
		}
		c.order = []string{"t.occurred_at" + dir, "t.id" + dir}
		c.settings += "; SET LOCAL enable_hashjoin = off"
	}
	return c
}

func countQuery(st LedgerState, c countPlan) sq.SelectBuilder {
	if c.figure != nil {
		return psql.Select("count(*)").FromSelect(figureParts(*c.figure, 0), "m")
	}
	if c.flagged != nil {
		return psql.Select("count(*)").FromSelect(flaggedIDs(st, pageSegment{where: c.where, order: c.order, flagged: c.flagged}, TotalCap+1, "1"), "capped")
	}
	if c.order != nil {
		matches := from(sq.Select("1"), st).Where(c.where).OrderBy(c.order...).Limit(TotalCap + 1)
		return psql.Select("count(*)").FromSelect(matches, "capped")
	}
	return from(psql.Select("count(*)"), st).Where(c.where)
}

// count counts c's matches in q (with c's settings, in a read-only transaction of their own).
func (l *Ledger) count(ctx context.Context, q db.DBTX, c countPlan, st LedgerState) (int64, error) {
	sqlText, args, err := countQuery(st, c).ToSql()
	if err != nil {
		return 0, err
	}
	var n int64
	if c.settings == "" {
		return n, q.QueryRow(ctx, sqlText, customPlan(args)...).Scan(&n)
	}
	return n, l.queryRowWith(ctx, c.settings, sqlText, args, &n)
}

// customPlan is args for a query built per filter, run so that Postgres plans it for these
// values each time: the best plan of a filter depends on them (an asset's share of the dates, how
// many rows a flag holds), and the generic plan a prepared statement switches to after five runs
// reads a million-row ledger the same way whatever they are (the asset and dates list went from
// about 10 to 50-100 ms at a million transactions on its sixth call). Planning costs 1-3 ms.
func customPlan(args []any) []any {
	return append([]any{pgx.QueryExecModeCacheDescribe}, args...)
}

// queryRowWith scans one row of sqlText into dest with planner settings changed for that
// statement alone (see readOnlyWith).
func (l *Ledger) queryRowWith(ctx context.Context, settings, sqlText string, args []any, dest ...any) error {
	return l.readOnlyWith(ctx, settings, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, sqlText, customPlan(args)...).Scan(dest...)
	})
}

// readOnlyWith runs fn in a read-only transaction of its own after settings (SET LOCAL
// statements; none when empty), so they last for fn's statements alone.
func (l *Ledger) readOnlyWith(ctx context.Context, settings string, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if settings != "" {
			if _, err := tx.Exec(ctx, settings); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

func (l *Ledger) Summary(ctx context.Context, scope auth.ClientScope, f TxFilter) (TxSummary, error) {
	if err := scope.Check(); err != nil {
		return TxSummary{}, err
	}
	st, err := l.state(ctx, l.pool, scope.ClientID())
	if err != nil {
		return TxSummary{}, err
	}
	fc, err := l.filterCtx(ctx, scope.ClientID(), st, f)
	if err != nil {
		return TxSummary{}, err
	}
	return l.summary(ctx, scope.ClientID(), st, f, fc)
}

// Get returns transactions of the client by id, in the order of ids; NOT_FOUND names the first
// id the client does not have (hidden, failed and spam-only transactions included).
func (l *Ledger) Get(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) ([]TxRow, LedgerState, error) {
	if err := scope.Check(); err != nil {
		return nil, LedgerState{}, err
	}
	if len(ids) == 0 || len(ids) > MaxIDs {
		return nil, LedgerState{}, apperr.InvalidField("transactionIds", "must hold 1 to %d ids", MaxIDs)
	}
	list, err := l.List(ctx, scope, TxFilter{OnlyTransactionIDs: ids, IncludeHidden: true, IncludeFailed: true, IncludeSpam: true},
		TxPage{Limit: MaxIDs, SkipTotal: true})
	if err != nil {
		return nil, LedgerState{}, err
	}
	byID := make(map[uuid.UUID]TxRow, len(list.Rows))
	for _, r := range list.Rows {
		byID[r.ID] = r
	}
	out := make([]TxRow, len(ids))
	for i, id := range ids {
		r, ok := byID[id]
		if !ok {
			return nil, LedgerState{}, apperr.NotFoundf("transaction %s not found", id)
		}
		out[i] = r
	}
	return out, list.State, nil
}

// TransferFigures are the tax figures of one transfer in the current result set.
type TransferFigures struct {
	Proceeds, Basis, Gain decimal.Decimal
	IsDisposal            bool
	Term                  string // "short", "long" or "" (none or mixed)
	Uncovered             decimal.Decimal
	Income                decimal.NullDecimal
	// Value and LotBasis are what the engine used where the transfer's own columns do not say
	// (EngineFigures): a value a swap leg took from its other side; the basis that left in a gift,
	// donation, loss or transfer out, or a lot's basis the engine derived. Invalid: the ledger's.
	Value, LotBasis decimal.NullDecimal
}

// EngineFigures reads the transfer figures of a transaction's result row
// (tax_transaction_results.transfer_figures, written by the recalculation) into figs.
func EngineFigures(r *TxResult, figs map[uuid.UUID]TransferFigures) {
	if r == nil || len(r.TransferFigures) == 0 {
		return
	}
	var m map[uuid.UUID]struct {
		Value, Basis decimal.NullDecimal
	}
	if json.Unmarshal(r.TransferFigures, &m) != nil {
		return
	}
	for id, x := range m {
		f := figs[id]
		f.Value, f.LotBasis = x.Value, x.Basis
		figs[id] = f
	}
}

// TransactionTransfers are the transfers of some transactions, as Transfers reads them.
type TransactionTransfers struct {
	// ByTransaction: each transaction's transfers in settlement order (hidden ones only when asked)
	ByTransaction map[uuid.UUID][]Transfer
	// Figures: each transfer's tax figures in the current results
	Figures map[uuid.UUID]TransferFigures
	// SpamOnly: the transactions that move only spam, by the rule of the list's spam filter (where.go)
	// and spam_only_transactions: a transfer at least, and every transfer, a hidden one too, of an
	// asset marked spam (Transaction.isSpam)
	SpamOnly map[uuid.UUID]bool
}

// Transfers returns the transfers of the given transactions (hidden ones only with
// includeHidden) in settlement order, with their tax figures and which of the transactions move
// only spam (read from every transfer, hidden ones included).
func (l *Ledger) Transfers(ctx context.Context, scope auth.ClientScope, st LedgerState, txIDs []uuid.UUID, includeHidden bool) (TransactionTransfers, error) {
	out := TransactionTransfers{ByTransaction: make(map[uuid.UUID][]Transfer, len(txIDs)), Figures: map[uuid.UUID]TransferFigures{}, SpamOnly: map[uuid.UUID]bool{}}
	if err := scope.Check(); err != nil {
		return out, err
	}
	q := db.New(l.pool)
	trs, err := q.ListTransfersOfTransactions(ctx, db.ListTransfersOfTransactionsParams{ClientID: scope.ClientID(), Ids: txIDs})
	if err != nil {
		return out, err
	}
	by := out.ByTransaction
	hasSpam := len(st.spamAssets) > 0 // usually none: then no transaction moves only spam
	notSpam := map[uuid.UUID]bool{}
	var ids []uuid.UUID
	for _, t := range trs {
		switch {
		case !hasSpam:
		case st.IsSpamAsset(t.AssetID):
			out.SpamOnly[t.TransactionID] = !notSpam[t.TransactionID]
		default:
			notSpam[t.TransactionID], out.SpamOnly[t.TransactionID] = true, false
		}
		if t.IsHidden && !includeHidden {
			continue
		}
		by[t.TransactionID] = append(by[t.TransactionID], TransferOf(t))
		ids = append(ids, t.ID)
	}
	figs := out.Figures
	if st.ResultSetID == nil || len(ids) == 0 {
		return out, nil
	}
	ds, err := q.ListTransferDisposals(ctx, db.ListTransferDisposalsParams{ResultSetID: *st.ResultSetID, TransferIds: ids})
	if err != nil {
		return out, err
	}
	for _, d := range ds {
		id := d.TransferID
		f := TransferFigures{Proceeds: d.Proceeds, Basis: d.Basis, Gain: d.Gain, IsDisposal: true, Uncovered: d.Uncovered}
		switch {
		case d.HasShort && !d.HasLong:
			f.Term = "short"
		case d.HasLong && !d.HasShort:
			f.Term = "long"
		}
		figs[id] = f
	}
	inc, err := q.ListTransferIncome(ctx, db.ListTransferIncomeParams{ResultSetID: *st.ResultSetID, TransferIds: ids})
	if err != nil {
		return out, err
	}
	for _, i := range inc {
		f := figs[i.TransferID]
		f.Income = decimal.NullDecimal{Decimal: i.Value, Valid: true}
		figs[i.TransferID] = f
	}
	return out, nil
}

// Assets returns the client's assets by id (the dataloader's batch).
func (l *Ledger) Assets(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) (map[uuid.UUID]Asset, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	as, err := db.New(l.pool).ListAssetsByIDs(ctx, db.ListAssetsByIDsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]Asset, len(as))
	for _, a := range as {
		out[a.ID] = AssetOf(a)
	}
	return out, nil
}

// Accounts returns the client's accounts by id, deleted ones included (the dataloader's batch).
func (l *Ledger) Accounts(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) (map[uuid.UUID]Account, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	as, err := db.New(l.pool).ListAccountsByIDs(ctx, db.ListAccountsByIDsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]Account, len(as))
	for _, a := range as {
		out[a.ID] = AccountOf(a)
	}
	return out, nil
}

// Balance is an asset balance of one account right after a transaction.
type Balance struct {
	AccountID, AssetID uuid.UUID
	Amount             decimal.Decimal
}

// BalancesAfter returns, for each given transaction, the balance of every (account, asset) it
// touches right after it (in settlement order, hidden and deleted transactions left out).
func (l *Ledger) BalancesAfter(ctx context.Context, scope auth.ClientScope, txIDs []uuid.UUID) (map[uuid.UUID][]Balance, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := l.pool.Query(ctx, `
WITH touched AS (
	SELECT DISTINCT t.id AS tx, t.occurred_at, t.ordinal, acct, tr.asset_id
	FROM transactions t JOIN transfers tr ON tr.transaction_id = t.id
	CROSS JOIN LATERAL (VALUES (tr.from_account_id), (tr.to_account_id)) v(acct)
	WHERE t.client_id = $1 AND t.id = ANY($2) AND acct IS NOT NULL AND NOT tr.is_hidden
)
SELECT x.tx, x.acct, x.asset_id, coalesce((
	SELECT sum(CASE WHEN b.to_account_id = x.acct THEN b.quantity ELSE 0 END)
	     - sum(CASE WHEN b.from_account_id = x.acct THEN b.quantity ELSE 0 END)
	FROM transfers b JOIN transactions bt ON bt.id = b.transaction_id
	WHERE b.client_id = $1 AND b.asset_id = x.asset_id AND (b.to_account_id = x.acct OR b.from_account_id = x.acct)
	  AND NOT b.is_hidden AND NOT bt.is_hidden AND bt.deleted_at IS NULL
	  AND (bt.occurred_at, bt.ordinal, bt.id) <= (x.occurred_at, x.ordinal, x.tx)), 0)
FROM touched x ORDER BY x.tx, x.acct, x.asset_id`, scope.ClientID(), txIDs)
	if err != nil {
		return nil, err
	}
	out := map[uuid.UUID][]Balance{}
	var tx uuid.UUID
	var b Balance
	_, err = pgx.ForEachRow(rows, []any{&tx, &b.AccountID, &b.AssetID, &b.Amount}, func() error {
		out[tx] = append(out[tx], b)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("balances: %w", err)
	}
	return out, nil
}

// exportChunk is how many transactions an export reads per query.
const exportChunk = 1000

// Export streams the transactions matching f to fn in chunks, with their visible transfers. With
// page set only that page is exported (in its order); otherwise every match, in settlement order,
// read by keyset so memory stays bounded at any ledger size.
func (l *Ledger) Export(ctx context.Context, scope auth.ClientScope, f TxFilter, page *TxPage,
	fn func(rows []TxRow, transfers map[uuid.UUID][]Transfer) error) error {
	if err := scope.Check(); err != nil {
		return err
	}
	client := scope.ClientID()
	st, err := l.state(ctx, l.pool, client)
	if err != nil {
		return err
	}
	where, err := l.where(ctx, client, st, f)
	if err != nil {
		return err
	}
	emit := func(rows []TxRow) error {
		ids := make([]uuid.UUID, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		trs, err := l.Transfers(ctx, scope, st, ids, false)
		if err != nil {
			return err
		}
		return fn(rows, trs.ByTransaction)
	}
	base := from(psql.Select(txColumns, "coalesce(a.provider, '')", "a.type", "false, false, NULL::uuid, NULL::uuid, NULL::text", resultColumns), st).
		LeftJoin("accounts a ON a.id = t.account_id")
	if page != nil {
		q := base.Where(where).OrderBy(orderBy(*page)...).Limit(uint64(page.Limit)).Offset(uint64(page.Limit) * uint64(page.Page))
		rows, err := l.collect(ctx, q)
		if err != nil || len(rows) == 0 {
			return err
		}
		return emit(rows)
	}
	var after *TxRow
	for {
		w := append(sq.And{}, where...)
		if after != nil {
			w = append(w, sq.Expr("(t.occurred_at, t.ordinal, t.id) > (?, ?, ?)", after.OccurredAt, after.Ordinal, after.ID))
		}
		rows, err := l.collect(ctx, base.Where(w).OrderBy("t.occurred_at", "t.ordinal", "t.id").Limit(exportChunk))
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		if err := emit(rows); err != nil {
			return err
		}
		if len(rows) < exportChunk {
			return nil
		}
		after = &rows[len(rows)-1]
	}
}

func (l *Ledger) collect(ctx context.Context, q sq.SelectBuilder) ([]TxRow, error) {
	sqlText, args, err := q.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := l.pool.Query(ctx, sqlText, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanTxRow)
}

// AccountTransactionCounts returns how many (not deleted) transactions each account holds.
func (l *Ledger) AccountTransactionCounts(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) (map[uuid.UUID]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(l.pool).CountAccountTransactions(ctx, db.CountAccountTransactionsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]int64, len(ids))
	for _, id := range ids {
		out[id] = 0
	}
	for _, r := range rows {
		out[r.AccountID] = r.N
	}
	return out, nil
}
