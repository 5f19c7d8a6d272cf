package ledger

// The review concepts, each defined once here as a condition on a transaction t and its row r of
// the current result set (the base relation of `from`): the insights (internal/clients), the
// insightPatternId filter, the summary's unlabeled count and the review queue all read these.
//
//   - spam: labelled spam, or every transfer moves an asset marked spam.
//   - reviewable: live, not hidden and not spam. Only a reviewable transaction has a problem: a
//     spam or hidden one leaves every insight.
//   - unlabeled: reviewable, not failed, without a label and in no link (a paired or bridged side
//     is labelled by its link).
//   - each pattern of PatternOrder: reviewable and its own condition.

import (
	"context"
	"fmt"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/tax"
)

// The patterns of the derived insights (Insight.patternId, the insightPatternId filter). A
// possible-spam pattern is PossibleSpamPattern + the asset's id.
const (
	PatternUncoveredDisposals = "uncovered-disposals"
	PatternMissingBasis       = "missing-basis"
	PatternNegativeBalance    = "negative-balance"
	PatternUnlabeled          = "unlabeled"
	PatternPossibleInternal   = "possible-internal-transfer"
	PossibleSpamPattern       = "possible-spam:"
)

// PatternOrder is the review queue's order of problems: a transaction is listed once, under the
// first of its problems in this order, the fix that settles the most. A token that looks like spam
// comes first (marked spam, its transactions leave every list), then a move between own accounts
// (pairing settles the uncovered departure and the unpriced arrival), then what makes the figures
// wrong, then what is likely wrong, then a missing label. "possible-spam:" stands for every
// possible-spam pattern.
var PatternOrder = []string{PossibleSpamPattern, PatternPossibleInternal, PatternUncoveredDisposals, PatternMissingBasis,
	PatternNegativeBalance, NeedsReviewPattern, PatternUnlabeled}

// PatternRank is a pattern's place in PatternOrder (len(PatternOrder) for a recorded pattern).
func PatternRank(pattern string) int {
	if strings.HasPrefix(pattern, PossibleSpamPattern) {
		return 0
	}
	for i, p := range PatternOrder {
		if p == pattern {
			return i
		}
	}
	return len(PatternOrder)
}

// spamSQL is true for a spam transaction t: labelled spam, or moving only spam (in
// spam_only_transactions, kept by triggers on transfers and assets' is_spam: it has a transfer and
// every transfer moves an asset marked spam; migration 00201). The client's set, usually empty or
// small, is hashed once per query ("hashed SubPlan"), not probed per transaction. Its arguments are
// spamArgs.
const spamSQL = `(coalesce(t.label, '') = ? OR t.id IN (SELECT so.transaction_id FROM spam_only_transactions so WHERE so.client_id = ?))`

func spamArgs(client uuid.UUID) []any { return []any{tax.LabelSpam.String(), client} }

// reviewableWhere is true for a transaction t that can have a problem: live, not hidden, not spam.
func reviewableWhere(client uuid.UUID) sq.Sqlizer {
	return sq.Expr("(t.deleted_at IS NULL AND NOT t.is_hidden AND NOT "+spamSQL+")", spamArgs(client)...)
}

// unlabeledWhere is true for an unlabeled transaction t (see the package comment above).
func unlabeledWhere(client uuid.UUID) sq.Sqlizer {
	return sq.And{reviewableWhere(client), sq.Expr("NOT t.is_failed AND coalesce(t.label, '') = '' AND " + UnpairedSQL)}
}

// keptFromUnlabeledSQL finds the transactions that only a link or moving only spam keeps from being
// unlabeled (a superset: every side of a link and every spam-only transaction). The kept count of
// shown transactions without a label (client_transaction_counts) less those of them unlabeledWhere
// rejects is the unlabeled count: a count kept by triggers on transactions cannot see either set.
// Its arguments are the client three times.
// The set is taken whole first (an array), so that its transactions are looked up by key whatever
// the client's count of transactions without a label.
const keptFromUnlabeledSQL = `t.id = ANY(ARRAY(SELECT p.from_transaction_id FROM internal_transfer_pairs p WHERE p.client_id = ?
	UNION ALL SELECT p.to_transaction_id FROM internal_transfer_pairs p WHERE p.client_id = ?
	UNION ALL SELECT so.transaction_id FROM spam_only_transactions so WHERE so.client_id = ?))`

// internalTransferWhere is true for a transaction t that moves coins between the client's own
// accounts: labelled internal, a transfer between two of its accounts, or a side of an
// internal-transfer or bridge link. The financialEventType internal_transfer and the label filter
// "internal" read it; an acquisition is never one.
var internalTransferWhere = sq.Or{sq.Eq{"t.label": tax.LabelInternal.String()},
	existsTransfer("tr.from_account_id IS NOT NULL AND tr.to_account_id IS NOT NULL AND NOT tr.is_fee"),
	linkedMoveWhere}

// linkedMoveWhere is true for a side of an internal-transfer or bridge link.
var linkedMoveWhere = sq.Expr(`EXISTS (SELECT 1 FROM internal_transfer_pairs p WHERE (p.from_transaction_id = t.id OR p.to_transaction_id = t.id)
	AND p.link_type <> 'CROSS_CHAIN_SWAP')`)

// patternWhere is the condition of a derived pattern on t and r (rs the current result set, nil
// when none: the result-based patterns then match nothing). A recorded pattern matches the
// transactions linked to the client's recorded insights of that pattern; an unknown one nothing.
func patternWhere(client uuid.UUID, rs *uuid.UUID, pattern string) sq.Sqlizer {
	var own sq.Sqlizer
	switch pattern {
	case PatternMissingBasis:
		own = sq.Expr("r.is_missing_basis")
	case PatternNegativeBalance:
		own = sq.Expr("r.has_negative_balance")
	case PatternUncoveredDisposals:
		if rs == nil {
			return sq.Expr("false")
		}
		own = sq.Expr(`t.id IN (SELECT ud.transaction_id FROM tax_disposals d JOIN transfers ud ON ud.id = d.transfer_id
			WHERE d.result_set_id = ? AND d.uncovered)`, *rs)
	case PatternUnlabeled:
		return unlabeledWhere(client)
	case NeedsReviewPattern:
		own = sq.Expr(NeedsReviewSQL)
	case PatternPossibleInternal:
		q := PairSuggestionTransactionsSQL("?")
		args := make([]any, strings.Count(q, "?"))
		for i := range args {
			args[i] = client
		}
		own = sq.Or{sq.Expr("t.id IN (SELECT ps.id FROM ("+q+") ps)", args...), recordedInsightWhere(client, pattern)}
	default:
		rest, ok := strings.CutPrefix(pattern, PossibleSpamPattern)
		if !ok {
			return recordedInsightWhere(client, pattern)
		}
		asset, err := uuid.Parse(rest)
		if err != nil {
			return sq.Expr("false")
		}
		own = existsTransfer("tr.asset_id = ?", asset)
	}
	return sq.And{reviewableWhere(client), own}
}

// recordedInsightWhere matches the transactions linked to the client's recorded insights of a pattern.
func recordedInsightWhere(client uuid.UUID, pattern string) sq.Sqlizer {
	return sq.Expr(`EXISTS (SELECT 1 FROM insight_transactions it JOIN insights i ON i.id = it.insight_id
		WHERE it.transaction_id = t.id AND i.client_id = ? AND i.pattern_id = ?)`, client, pattern)
}

// patternSource is a superset of a pattern's transactions that an index finds (the flagged result
// rows, the uncovered disposals, the low-confidence classifications, the suggested pairs and the
// recorded links, an asset's transfers), or nil: PatternTransactionsSQL starts from it so that an
// insight costs what its few transactions cost, not a walk of the ledger. patternWhere decides
// membership, except where the source is exactly the pattern's own condition (own): then the
// reviewable condition alone is left to check (the suggested pairs are not looked for twice).
func patternSource(client uuid.UUID, rs *uuid.UUID, pattern string) (src sq.Sqlizer, own bool) {
	switch pattern {
	case PatternMissingBasis, PatternNegativeBalance:
		if rs == nil {
			return nil, false
		}
		flag := map[string]string{PatternMissingBasis: "is_missing_basis", PatternNegativeBalance: "has_negative_balance"}[pattern]
		return sq.Expr("SELECT fr.transaction_id FROM tax_transaction_results fr WHERE fr.result_set_id = ? AND fr."+flag, *rs), false
	case NeedsReviewPattern:
		return sq.Expr("SELECT lc.transaction_id FROM transaction_classifications lc WHERE lc.client_id = ? AND lc.confidence = 'low'", client), false
	case PatternPossibleInternal: // patternWhere's own condition, as one set
		q := PairSuggestionTransactionsSQL("?")
		args := make([]any, strings.Count(q, "?"), strings.Count(q, "?")+2)
		for i := range args {
			args[i] = client
		}
		return sq.Expr(`SELECT ps.id FROM (`+q+`) ps
			UNION SELECT it.transaction_id FROM insight_transactions it JOIN insights i ON i.id = it.insight_id WHERE i.client_id = ? AND i.pattern_id = ?`,
			append(args, client, pattern)...), true
	}
	if rest, ok := strings.CutPrefix(pattern, PossibleSpamPattern); ok {
		if asset, err := uuid.Parse(rest); err == nil {
			return sq.Expr("SELECT st.transaction_id FROM transfers st WHERE st.client_id = ? AND st.asset_id = ?", client, asset), false
		}
	}
	return nil, false
}

// ResultRows says that the rows of result set Set carry their transactions' columns as the
// recalculation read them, and lists the transactions changed since (Dirty). A transaction without
// a dirty mark is unchanged since then (see summary.go), so its row answers for it.
type ResultRows struct {
	Set   uuid.UUID
	Dirty []uuid.UUID
}

// PatternResultRows says, in tx's snapshot, whether the rows of the client's current result set rs
// can answer for its clean transactions (nil when they cannot: no set, another set, rows without
// exact columns, or more dirty marks than the summary reads).
func PatternResultRows(ctx context.Context, tx pgx.Tx, client uuid.UUID, rs *uuid.UUID) (*ResultRows, error) {
	if rs == nil {
		return nil, nil
	}
	r, err := db.New(tx).SummaryResultRowsState(ctx, db.SummaryResultRowsStateParams{ClientID: client, DirtyLimit: summaryDirtyMax + 1})
	if err != nil {
		return nil, err
	}
	if r.CurrentResultSetID == nil || *r.CurrentResultSetID != *rs || !r.ExactColumns || len(r.Dirty) > summaryDirtyMax {
		return nil, nil
	}
	if r.Dirty == nil {
		r.Dirty = []uuid.UUID{}
	}
	return &ResultRows{Set: *rs, Dirty: r.Dirty}, nil
}

// resultPatterns are the patterns of result rows alone: a transaction without a row has none of
// them.
var resultPatterns = map[string]bool{PatternMissingBasis: true, PatternNegativeBalance: true, PatternUncoveredDisposals: true}

// PatternTransactionsSQL is the query of the (id, occurred_at) of a pattern's transactions, the
// same set the insightPatternId filter lists: the insight counts and lists these. With rows (see
// PatternResultRows), a pattern of result rows reads the clean transactions from their rows alone
// (resultRowAsTransaction: the same conditions on the row's copy of its transaction) and the dirty
// ones from the ledger, instead of looking every flagged row's transaction up.
func PatternTransactionsSQL(client uuid.UUID, rs *uuid.UUID, pattern string, rows *ResultRows) (string, []any, error) {
	clean, inLedger := patternQueries(client, rs, pattern, rows)
	if clean == nil {
		return dollars(inLedger)
	}
	return dollars(sq.Expr("? UNION ALL ?", clean, inLedger))
}

// PatternFirstSQL is the query of the first n of PatternTransactionsSQL's transactions, oldest
// first. The clean transactions of a pattern of result rows come in time order from the flagged
// rows' index (migration 00202), so that the first few cost the same however many there are.
func PatternFirstSQL(client uuid.UUID, rs *uuid.UUID, pattern string, rows *ResultRows, n int) (string, []any, error) {
	clean, inLedger := patternQueries(client, rs, pattern, rows)
	var all sq.Sqlizer = inLedger
	if clean != nil {
		all = sq.Expr("(?) UNION ALL ?", clean.OrderBy("r.occurred_at", "r.transaction_id").Limit(uint64(n)), inLedger)
	}
	return dollars(sq.Expr(fmt.Sprintf("SELECT id, occurred_at FROM (?) x ORDER BY occurred_at, id LIMIT %d", n), all))
}

// patternQueries are the queries of a pattern's transactions: from the ledger (inLedger), and with rows, for
// a pattern of result rows, from the clean transactions' rows (clean; the ledger query then reads
// the dirty ones).
func patternQueries(client uuid.UUID, rs *uuid.UUID, pattern string, rows *ResultRows) (clean *sq.SelectBuilder, inLedger sq.SelectBuilder) {
	inLedger = from(sq.Select("t.id", "t.occurred_at"), LedgerState{ResultSetID: rs}).Where(sq.Eq{"t.client_id": client})
	src, own := patternSource(client, rs, pattern)
	if src != nil {
		inLedger = inLedger.Where(sq.Expr("t.id IN (?)", src))
	}
	if own {
		inLedger = inLedger.Where(reviewableWhere(client))
	} else {
		inLedger = inLedger.Where(patternWhere(client, rs, pattern))
	}
	if rows == nil || rs == nil || rows.Set != *rs || !resultPatterns[pattern] {
		return nil, inLedger
	}
	c := sq.Select("t.id", "t.occurred_at").From("tax_transaction_results r").JoinClause(resultRowAsTransaction, client).
		Where(sq.Expr("r.result_set_id = ? AND NOT (r.transaction_id = ANY(?))", rows.Set, rows.Dirty)).
		Where(patternWhere(client, rs, pattern))
	return &c, inLedger.Where(sq.Expr("t.id = ANY(?)", rows.Dirty))
}

// dollars is q's SQL with numbered placeholders.
func dollars(q sq.Sqlizer) (string, []any, error) {
	sqlText, args, err := q.ToSql()
	if err != nil {
		return "", nil, err
	}
	sqlText, err = sq.Dollar.ReplacePlaceholders(sqlText)
	return sqlText, args, err
}

// unlabeledColumn is a summary match's column "is_unlabeled": whether it is unlabeled (the label
// test first, so that a labelled match costs nothing more).
func unlabeledColumn(client uuid.UUID) sq.Sqlizer {
	w, args, _ := unlabeledWhere(client).ToSql()
	return sq.Alias(sq.Expr("(coalesce(t.label, '') = '' AND "+w+")", args...), "is_unlabeled")
}
