package ledger

import (
	"slices"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"taxd/internal/tax"
)

// The SQL of a transaction list is built from the set filters only: each set field adds one
// condition, so the planner sees a query it can plan for its indexes (a generic plan of fifty
// "($n IS NULL OR ...)" clauses cannot prune). The base relation is
//
//	transactions t LEFT JOIN tax_transaction_results r ON r.result_set_id = <current set> AND r.transaction_id = t.id
//
// and every query is scoped by t.client_id. Transfer-level filters are EXISTS subqueries on
// transfers (indexed by transaction_id).

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// PricingKeySQL is Asset.pricingKey: the price source id, else the lower-case symbol.
const PricingKeySQL = "coalesce(nullif(a.price_source_id, ''), lower(a.symbol))"

// The search rule (the SDL's `search`): a transaction matches a text when its notes or label
// contain it, when its hash or one of its transfers' addresses begins with it, or, for a text
// without a leading "0x", with "0x" followed by it (hashes and addresses are written with the
// prefix, people often leave it out), all case-insensitive; the transaction list also matches a
// transfer of an asset whose symbol or name contains it. A hash or an address is searched by its
// start only: every explorer finds them by the whole value or its beginning, and a btree per
// column answers a start where a trigram index wrote ~64 entries for every 66-character hash.
// Each part has its index: notes transactions_notes_trgm_idx (trigrams of lower(notes)), a hash
// transactions_client_hash_idx, addresses transfers_client_from_address_idx and _to_address_idx
// (btrees of lower(column) text_pattern_ops, which serve both a LIKE prefix and an equality), and
// labels transactions_client_label_idx (searchMatchesSQL). The expressions here must stay
// identical to the migration's.

// searchPatterns are the LIKE patterns of a search text, lower-cased with its metacharacters
// escaped: what notes and labels must contain, and the two starts a hash or an address may have
// (the text, and "0x" followed by it; the same pattern twice when the text has the prefix).
type searchPatterns struct {
	contains, prefix, hexPrefix string
}

func newSearchPatterns(s string) searchPatterns {
	text := likeEscape(s)
	hex := "0x" + text
	if strings.HasPrefix(text, "0x") {
		hex = text
	}
	return searchPatterns{contains: "%" + text + "%", prefix: text + "%", hexPrefix: hex + "%"}
}

// startsWith is the condition that the lower-cased column begins with the text (two patterns).
func startsWith(column string) string {
	return "(lower(" + column + ") LIKE ? OR lower(" + column + ") LIKE ?)"
}

// searchMatchesSQL resolves, in one round trip, what a search's contains pattern ($2) names beside
// the transactions' own text: the client's assets whose symbol or name contains it, and the
// distinct labels of its transactions that contain it (a skip scan of
// transactions_client_label_idx: one probe per label, whatever the ledger's size).
const searchMatchesSQL = `
SELECT ARRAY(SELECT id FROM assets WHERE client_id = $1 AND (lower(symbol) LIKE $2 OR lower(name) LIKE $2)),
       ARRAY(WITH RECURSIVE l AS (
                 (SELECT label FROM transactions WHERE client_id = $1 AND label IS NOT NULL ORDER BY label LIMIT 1)
                 UNION ALL
                 SELECT (SELECT t.label FROM transactions t WHERE t.client_id = $1 AND t.label > l.label ORDER BY t.label LIMIT 1)
                   FROM l WHERE l.label IS NOT NULL
             )
             SELECT label FROM l WHERE label IS NOT NULL AND lower(label) LIKE $2)`

// withAddress matches the transactions with a transfer whose address in one of columns is one of
// addresses, case-insensitive: an id set read from each column's btree of lower(address)
// (transfers_client_from_address_idx, _to_address_idx), where a condition per transaction would
// probe every transaction's transfers until the page fills.
func withAddress(client uuid.UUID, addresses []string, columns ...string) sq.Sqlizer {
	lower := make([]string, len(addresses))
	for i, a := range addresses {
		lower[i] = strings.ToLower(a)
	}
	var ids []string
	var args []any
	for _, col := range columns {
		ids = append(ids, "SELECT tr.transaction_id FROM transfers tr WHERE tr.client_id = ? AND tr."+col+" IS NOT NULL AND lower(tr."+col+") = ANY(?)")
		args = append(args, client, lower)
	}
	return sq.Expr("t.id IN ("+strings.Join(ids, " UNION ")+")", args...)
}

func existsTransfer(cond string, args ...any) sq.Sqlizer {
	return sq.Expr("EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND "+cond+")", args...)
}

// hasAssetTransfer is the asset filter: a transfer of one of f.AssetIDs. The client column lets
// the planner answer from transfers_client_asset_idx alone (an index-only scan) when it hashes the
// asset's transfers, as summaries do.
//
// A capped count of one asset in time order (q.assetsInTimeOrder, see Ledger.count) names the
// transaction's time as well: it then merges transfers_asset_time_idx (the asset's transfers in
// (time, transaction) order, migration 00022) with the transactions in the same order, both sides
// index-only, where the probe per candidate read ~19k index pages for a count of 1,001. "=" rather
// than "= ANY", which would hide the index's order from the planner (PG 15), and the date bounds
// stated on the transfers too, to bound that side's scan. Only there: a page or a summary, with
// the time equality, would be planned on a row estimate ~100 times too small (the planner takes
// the two equalities for independent) and hash both sides whole.
//
// A summary (q.assetDates) states the date bounds on the transfers without the equality (a
// transfer has its transaction's time, which its triggers keep and the count above relies on too):
// the asset's transfers are then read from transfers_asset_time_idx for those dates only, not for
// every year, and the fewer matches find their result rows by key instead of hashing the client's
// whole result set (at 200k transactions, ETH in 2023 reads 6.8k of its 53k transfers).
func (f *TxFilter) hasAssetTransfer(q *filterCtx) sq.Sqlizer {
	cond, args := "tr.client_id = ? AND tr.asset_id = ANY(?)", []any{q.client, f.AssetIDs}
	if q.assetsInTimeOrder {
		cond, args = "tr.client_id = ? AND tr.asset_id = ? AND tr.occurred_at = t.occurred_at", []any{q.client, f.AssetIDs[0]}
	}
	if q.assetsInTimeOrder || q.assetDates {
		if f.StartDate != nil {
			cond, args = cond+" AND tr.occurred_at >= ?", append(args, *f.StartDate)
		}
		if f.EndDate != nil {
			cond, args = cond+" AND tr.occurred_at < ?", append(args, *f.EndDate)
		}
	}
	return existsTransfer(cond, args...)
}

// mergesOneAsset says whether a capped count of f in p's order (TxFilter.counted) can merge one
// asset's transfers with the transactions (hasAssetTransfer).
func (f *TxFilter) mergesOneAsset(p TxPage) bool {
	return len(f.AssetIDs) == 1 && f.AssetMode != ModeExclude && (p.SortBy == "" || p.SortBy == SortCreatedAt)
}

func notExistsTransfer(cond string, args ...any) sq.Sqlizer {
	return sq.Expr("NOT EXISTS (SELECT 1 FROM transfers tr WHERE tr.transaction_id = t.id AND "+cond+")", args...)
}

func likePattern(s string) string {
	return "%" + likeEscape(s) + "%"
}

// likeEscape is s trimmed and lower-cased with LIKE's metacharacters escaped, to match literally.
func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(strings.ToLower(strings.TrimSpace(s)))
}

// labelNames lists the stored label strings (transaction or transfer label) of a set of labels.
func labelNames(ls ...tax.Label) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.String()
	}
	return out
}

var (
	expenseLabels    = labelNames(tax.LabelPayment, tax.LabelFee)
	nonTaxableLabels = labelNames(tax.LabelGiftSent, tax.LabelDonation, tax.LabelLost, tax.LabelSpam)
)

// where turns f into conditions on t (transactions), r (its tax results) and subqueries.
// spamAssets are the client's spam asset ids (usually none, so the default spam rule costs
// nothing).
func (f *TxFilter) where(q *filterCtx) sq.And {
	c := q.client
	w := sq.And{sq.Eq{"t.client_id": c}}
	if f.OnlyShowDeleted {
		w = append(w, sq.Expr("t.deleted_at IS NOT NULL"))
	} else {
		w = append(w, sq.Expr("t.deleted_at IS NULL"))
	}
	// An insight's pattern says itself which transactions it concerns (never a hidden or spam
	// one), so that its filter lists what the insight counts whatever the include flags.
	byPattern := f.InsightPatternID != nil
	if !f.IncludeHidden && !byPattern {
		w = append(w, sq.Expr("NOT t.is_hidden"))
	}
	if !f.IncludeFailed && !byPattern {
		w = append(w, sq.Expr("NOT t.is_failed"))
	}
	if !f.IncludeSpam && len(q.spamAssets) > 0 && !byPattern {
		// Leave out transactions whose transfers all move spam assets.
		w = append(w, sq.Or{
			notExistsTransfer("tr.asset_id = ANY(?)", q.spamAssets),
			existsTransfer("NOT (tr.asset_id = ANY(?))", q.spamAssets),
		})
	}
	if f.StartDate != nil {
		w = append(w, sq.GtOrEq{"t.occurred_at": *f.StartDate})
	}
	if f.EndDate != nil {
		w = append(w, sq.Lt{"t.occurred_at": *f.EndDate})
	}
	if len(f.OnlyTransactionIDs) > 0 {
		w = append(w, sq.Expr("t.id = ANY(?)", f.OnlyTransactionIDs))
	}
	if len(f.AccountIDs) > 0 {
		touches := sq.Or{
			sq.Expr("t.account_id = ANY(?)", f.AccountIDs),
			existsTransfer("(tr.from_account_id = ANY(?) OR tr.to_account_id = ANY(?))", f.AccountIDs, f.AccountIDs),
		}
		if f.AccountMode == ModeExclude {
			w = append(w, sq.Expr("(t.account_id IS NULL OR NOT (t.account_id = ANY(?)))", f.AccountIDs),
				notExistsTransfer("(tr.from_account_id = ANY(?) OR tr.to_account_id = ANY(?))", f.AccountIDs, f.AccountIDs))
		} else {
			w = append(w, touches)
		}
	}
	if len(f.AssetIDs) > 0 {
		if f.AssetMode == ModeExclude {
			w = append(w, notExistsTransfer("tr.asset_id = ANY(?)", f.AssetIDs))
		} else {
			w = append(w, f.hasAssetTransfer(q))
		}
	}
	if f.AssetKey != nil {
		w = append(w, existsTransfer("tr.asset_id IN (SELECT a.id FROM assets a WHERE a.client_id = ? AND a.key = ?)", c, *f.AssetKey))
	}
	if f.AssetPricingKey != nil {
		w = append(w, existsTransfer("tr.asset_id IN (SELECT a.id FROM assets a WHERE a.client_id = ? AND "+PricingKeySQL+" = ?)", c, strings.ToLower(*f.AssetPricingKey)))
	}
	if f.AssetSymbolOrName != nil {
		p := likePattern(*f.AssetSymbolOrName)
		w = append(w, existsTransfer("tr.asset_id IN (SELECT a.id FROM assets a WHERE a.client_id = ? AND (lower(a.symbol) LIKE ? OR lower(a.name) LIKE ?))", c, p, p))
	}
	if f.AssetType != nil {
		w = append(w, existsTransfer("tr.asset_id IN (SELECT a.id FROM assets a WHERE a.client_id = ? AND a.type = ?)", c, *f.AssetType))
	}
	if f.AmountValue != nil {
		op := map[Operator]string{OpEq: "=", OpGt: ">", OpGte: ">=", OpLt: "<", OpLte: "<="}[f.AmountOp]
		w = append(w, sq.Expr("t.fiat_value "+op+" ?", *f.AmountValue))
	}
	if f.FromAddress != nil {
		w = append(w, withAddress(c, []string{*f.FromAddress}, "from_address"))
	}
	if f.ToAddress != nil {
		w = append(w, withAddress(c, []string{*f.ToAddress}, "to_address"))
	}
	if f.FromOrToAddress != nil {
		w = append(w, withAddress(c, []string{*f.FromOrToAddress}, "from_address", "to_address"))
	}
	if len(f.InvolvedAddresses) > 0 {
		w = append(w, withAddress(c, f.InvolvedAddresses, "from_address", "to_address"))
	}
	if f.StakeAccountIdentifier != nil {
		w = append(w, existsTransfer("tr.staking_account_identifier = ?", *f.StakeAccountIdentifier))
	}
	if f.HasDuplicateTransfers != nil {
		dup := `EXISTS (SELECT 1 FROM transfers tr JOIN transfers d ON d.client_id = tr.client_id AND d.asset_id = tr.asset_id
			AND d.quantity = tr.quantity AND d.id <> tr.id AND d.from_account_id IS NOT DISTINCT FROM tr.from_account_id
			AND d.to_account_id IS NOT DISTINCT FROM tr.to_account_id
			JOIN transactions dt ON dt.id = d.transaction_id AND dt.occurred_at = t.occurred_at AND dt.deleted_at IS NULL
			WHERE tr.transaction_id = t.id)`
		if *f.HasDuplicateTransfers {
			w = append(w, sq.Expr(dup))
		} else {
			w = append(w, sq.Expr("NOT "+dup))
		}
	}
	if f.HasNotes != nil {
		if *f.HasNotes {
			w = append(w, sq.Expr("coalesce(t.notes, '') <> ''"))
		} else {
			w = append(w, sq.Expr("coalesce(t.notes, '') = ''"))
		}
	}
	if f.Reviewed != nil {
		w = append(w, sq.Eq{"t.is_reviewed": *f.Reviewed})
	}
	if f.IsOffChain != nil {
		// accounts.IsOffChain in SQL
		off := "coalesce((SELECT ac.type IN ('exchange', 'file') FROM accounts ac WHERE ac.id = t.account_id), true)"
		if *f.IsOffChain {
			w = append(w, sq.Expr(off))
		} else {
			w = append(w, sq.Expr("NOT "+off))
		}
	}
	switch {
	case f.LabelMode == ModeUnlabeled:
		w = append(w, unlabeledWhere(c))
	case len(f.Labels) > 0 && f.LabelMode == ModeExclude && slices.Contains(f.Labels, tax.LabelInternal.String()):
		// a linked move is an internal transfer whatever its own label
		w = append(w, sq.Expr("(t.label IS NULL OR NOT (t.label = ANY(?)))", f.Labels), sq.Expr("NOT ?", linkedMoveWhere))
	case len(f.Labels) > 0 && f.LabelMode == ModeExclude:
		w = append(w, sq.Expr("(t.label IS NULL OR NOT (t.label = ANY(?)))", f.Labels))
	case slices.Contains(f.Labels, tax.LabelInternal.String()):
		w = append(w, sq.Or{sq.Expr("t.label = ANY(?)", f.Labels), linkedMoveWhere})
	case len(f.Labels) == 1:
		// "=" rather than "= ANY": the planner then knows transactions_client_label_idx returns
		// the label's rows in time order (see hasAssetTransfer)
		w = append(w, sq.Expr("t.label = ?", f.Labels[0]))
	case len(f.Labels) > 0:
		w = append(w, sq.Expr("t.label = ANY(?)", f.Labels))
	}
	if len(f.Providers) > 0 {
		// The providers' accounts are resolved beforehand (a handful of rows), so the planner
		// sees an id list it can look up in transactions_client_account_idx, and a provider
		// without accounts matches nothing at once instead of after a walk of the whole ledger.
		if f.ProviderMode == ModeExclude {
			w = append(w, sq.Expr("(t.account_id IS NULL OR NOT (t.account_id = ANY(?)))", q.providerAccounts))
		} else {
			w = append(w, sq.Expr("t.account_id = ANY(?)", q.providerAccounts))
		}
	}
	if f.Search != nil && strings.TrimSpace(*f.Search) != "" {
		p := q.search
		// One id set, each part from its index (see searchPatterns).
		ids := `SELECT s.id FROM transactions s WHERE s.client_id = ? AND s.notes IS NOT NULL AND lower(s.notes) LIKE ?
			UNION SELECT s.id FROM transactions s WHERE s.client_id = ? AND s.txn_hash IS NOT NULL AND ` + startsWith("s.txn_hash") + `
			UNION SELECT tr.transaction_id FROM transfers tr WHERE tr.client_id = ? AND tr.from_address IS NOT NULL AND ` + startsWith("tr.from_address") + `
			UNION SELECT tr.transaction_id FROM transfers tr WHERE tr.client_id = ? AND tr.to_address IS NOT NULL AND ` + startsWith("tr.to_address")
		args := []any{c, p.contains, c, p.prefix, p.hexPrefix, c, p.prefix, p.hexPrefix, c, p.prefix, p.hexPrefix}
		if len(q.searchLabels) > 0 {
			ids += ` UNION SELECT s.id FROM transactions s WHERE s.client_id = ? AND s.label = ANY(?)`
			args = append(args, c, q.searchLabels)
		}
		text := sq.Expr("t.id IN ("+ids+")", args...)
		if len(q.searchAssets) == 0 {
			w = append(w, text)
		} else {
			// When the text matches asset symbols or names (resolved beforehand), a transfer of those
			// assets, as its own condition beside the set: an asset's transfers can be a large part
			// of the ledger, and as one more branch of the set's union every search would join and
			// sort that set whole; beside it, a page in time order stops at its last row (the
			// planner hashes the asset's transfers, or looks each transaction's up).
			w = append(w, sq.Or{text, existsTransfer("tr.client_id = ? AND tr.asset_id = ANY(?)", c, q.searchAssets)})
		}
	}
	if f.ShowOnlyEdited {
		w = append(w, sq.Expr(EditedSQL))
	}
	if f.ClassificationRule != nil {
		w = append(w, sq.Expr(ClassificationRuleSQL, *f.ClassificationRule))
	}
	if f.ShowOnlyPerpetuals {
		// a leg the tax calculation reads as futures_pnl: its own label, else its transaction's
		w = append(w, existsTransfer("coalesce(tr.label, t.label) = ?", tax.LabelFuturesPnL.String()))
	}
	if f.InsightPatternID != nil {
		w = append(w, patternWhere(c, q.resultSet, *f.InsightPatternID))
	}
	// Nothing in the ledger is linked to investments, reminders, review priorities or protocol
	// calls yet, and the engine has no wash-sale rule (crypto is not a security under §1091):
	// these filters match no transaction, as the SDL says.
	if f.InvestmentID != nil || f.ReminderID != nil || f.LabeledPriority != nil ||
		f.ProtocolAddress != nil || f.OnlyWashSales {
		w = append(w, sq.Expr("false"))
	}
	// Tax results (tax_transaction_results: a row only for a transaction with a tax effect).
	if f.OnlyDisposals {
		w = append(w, sq.Expr("r.disposal_pieces > 0"))
	}
	if f.HasIncome != nil {
		if *f.HasIncome {
			w = append(w, sq.Expr("r.income <> 0"))
		} else {
			w = append(w, sq.Expr("coalesce(r.income, 0) = 0"))
		}
	}
	// A flag asked for true is the column itself, which the planner matches to the partial index of
	// the flagged result rows (tax_transaction_results_missing_basis_idx, _negative_balance_idx): a few
	// rows to sort, where "coalesce(flag, false) = true" walks the ledger in time order probing each.
	if f.IsMissingBasis != nil {
		w = append(w, flagWhere("r.is_missing_basis", *f.IsMissingBasis))
	}
	if f.IsNegativeBalance != nil {
		w = append(w, flagWhere("r.has_negative_balance", *f.IsNegativeBalance))
	}
	// By the sign of capGainsSumSigned, the gain in cents (rounded half away from zero): a gain
	// that rounds to 0 cents is neither.
	switch f.GainLoss {
	case Gain:
		w = append(w, sq.Expr("r.sale_term IS NOT NULL AND r.gain >= 0.005"))
	case Loss:
		w = append(w, sq.Expr("r.sale_term IS NOT NULL AND r.gain <= -0.005"))
	}
	switch f.SaleTerm {
	case TermShort:
		w = append(w, sq.Expr("r.sale_term IN ('short', 'mixed')"))
	case TermLong:
		w = append(w, sq.Expr("r.sale_term IN ('long', 'mixed')"))
	}
	switch f.FinancialEvent {
	case EventDisposal:
		w = append(w, sq.Expr("r.sale_term IS NOT NULL"))
	case EventIncome:
		w = append(w, sq.Expr("r.income <> 0"))
	case EventAcquisition: // an arrival from outside: never an internal transfer
		w = append(w, sq.Expr("coalesce(r.income, 0) = 0"), existsTransfer("tr.from_account_id IS NULL AND tr.to_account_id IS NOT NULL AND NOT tr.is_fee"),
			sq.Expr("NOT (?)", internalTransferWhere))
	case EventInternalTransfer:
		w = append(w, internalTransferWhere)
	case EventExpense:
		w = append(w, sq.Expr("t.label = ANY(?)", expenseLabels))
	case EventNonTaxable:
		w = append(w, sq.Or{sq.Expr("t.label = ANY(?)", nonTaxableLabels), sq.Expr("(r.disposal_pieces > 0 AND r.sale_term IS NULL)")})
	}
	return w
}

// flagWhere matches the transactions whose result row has flag set (want) or that have no such row
// or one without it (!want).
func flagWhere(flag string, want bool) sq.Sqlizer {
	if want {
		return sq.Expr(flag)
	}
	return sq.Expr("NOT coalesce(" + flag + ", false)")
}

type filterCtx struct {
	client       uuid.UUID
	spamAssets   []uuid.UUID
	search       searchPatterns // the search text's patterns
	searchAssets []uuid.UUID    // assets whose symbol or name contains the search text
	searchLabels []string       // labels of the client's transactions that contain the search text
	// accounts of the providers filter (deleted ones included: their transactions keep them)
	providerAccounts []uuid.UUID
	// the asset filter as a capped count in time order reads it (hasAssetTransfer)
	assetsInTimeOrder bool
	// the asset filter as a summary reads it: the date bounds on the transfers (hasAssetTransfer)
	assetDates bool
	// the current result set (the uncovered-disposals pattern reads its disposals)
	resultSet *uuid.UUID
}
