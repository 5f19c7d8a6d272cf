package clients

import (
	"context"
	"fmt"
	"sort"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"taxd/gen/db"
	"taxd/internal/apperr"
	"taxd/internal/auth"
	"taxd/internal/ledger"
	"taxd/internal/store"
)

// Insight is one finding about a client's ledger (getClientInsights).
type Insight struct {
	ID                   uuid.UUID
	ClientID             uuid.UUID
	PatternID            string
	Type                 string // InsightTypeEnum
	Status               string // OPEN, RESOLVED, DISMISSED
	Severity             string // INFO, WARNING, CRITICAL
	Title, Description   string
	TransactionCount     int  // capped at MaxInsightCount
	CountCapped          bool // more transactions than MaxInsightCount
	TransactionIDs       []uuid.UUID
	AssetID              *uuid.UUID
	AssetType            *string
	EstimatedImpactCents *int64
	CreatedAt            time.Time
	ResolvedAt           *time.Time

	members     string // the query of (id, occurred_at) of its transactions
	membersArgs []any
	titleOf     func(n int, more bool) string // its title for n transactions
}

// Insight limits: counting stops at MaxInsightCount transactions per insight and at most
// MaxInsightTransactionIDs ids are listed, so an insight costs the same on any ledger size.
const (
	MaxInsightCount          = 10000
	MaxInsightTransactionIDs = 100
)

// InsightFilter selects insights.
type InsightFilter struct {
	Status    *string
	Type      *string
	AssetType *string
	Page      int // zero-based
	Limit     int // 1..500
}

// derivedPattern is an insight computed from the ledger and the current tax results when read;
// its transactions are those of ledger.PatternTransactionsSQL, the insightPatternId filter's.
type derivedPattern struct {
	id, typ, severity string
	needsResults      bool
	title             func(n int, more bool) string
	description       string
	// weight is how much its count reads, relative to the others': the heaviest counts start
	// first (countAll), so that the two readers finish together instead of one of them taking the
	// heaviest last.
	weight int
	// planOnce: its count runs on a plan made once per connection (a generic plan): the pair
	// suggestions' statement costs more to plan (5-20 ms on every call) than to run.
	planOnce bool
}

func count(n int, more bool, one, many string) string {
	if more {
		return fmt.Sprintf("More than %d %s", n, many)
	}
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// The patterns (their ids also filter getClientTransactions through insightPatternId).
var derivedPatterns = []derivedPattern{
	{
		id: ledger.PatternUncoveredDisposals, typ: "UNCOVERED_DISPOSALS", severity: "CRITICAL", needsResults: true,
		weight: 2, // the result set's disposals marked uncovered, joined to their transfers
		title: func(n int, more bool) string {
			return count(n, more, "transaction disposes of more than its accounts held", "transactions dispose of more than their accounts held")
		},
		description: "The tax engine found no lots for part of these disposals: the uncovered quantity is reported with a zero cost basis. Add the missing accounts or acquisitions, or mark the transfers as internal moves.",
	},
	{
		id: ledger.PatternMissingBasis, typ: "MISSING_BASIS", severity: "CRITICAL", needsResults: true,
		title: func(n int, more bool) string {
			return count(n, more, "transaction is missing a cost basis", "transactions are missing a cost basis")
		},
		description: "These transactions have a transfer without a price (a receipt, an income or a sale: its coins have no cost basis, or the sale no proceeds), or dispose of coins whose cost basis is unknown (acquired without a price, or uncovered), so their gains are overstated. Give the transfers a fiat value or set the basis.",
	},
	{
		id: ledger.PatternNegativeBalance, typ: "NEGATIVE_BALANCE", severity: "WARNING", needsResults: true,
		weight: 1, // its count, then its first transactions apart
		title: func(n int, more bool) string {
			return count(n, more, "transaction takes a balance below zero", "transactions take balances below zero")
		},
		description: "An account sent more of an asset than it held at the time; usually an account or a transaction is missing.",
	},
	{
		id: ledger.PatternUnlabeled, typ: "UNLABELED_TRANSACTIONS", severity: "INFO",
		title: func(n int, more bool) string {
			return count(n, more, "transaction has no label", "transactions have no label")
		},
		description: "Without a label, a transfer to or from an outside address is taxed as a plain sale or purchase. Label these transactions so that income, gifts and fees are treated as such.",
	},
	{
		id: ledger.NeedsReviewPattern, typ: "NEEDS_REVIEW_CLASSIFICATION", severity: "WARNING",
		title: func(n int, more bool) string {
			return count(n, more, "on-chain transaction was classified with low confidence", "on-chain transactions were classified with low confidence")
		},
		description: "No classification rule recognised these transactions with confidence: their movements are booked as plain receipts and payments (or as spam). Check each one and set its label, or mark it reviewed; an edited or reviewed transaction leaves this list, and re-classification never changes it.",
	},
	{
		id: ledger.PatternPossibleInternal, typ: "POSSIBLE_INTERNAL_TRANSFER", severity: "WARNING",
		weight: 3, planOnce: true, // every withdrawal against the deposits of the three days after it
		title: func(n int, more bool) string {
			return count(n, more, "transaction looks like half of a move between your own accounts", "transactions look like moves between your own accounts")
		},
		description: "Each withdrawal here is followed within three days by a deposit of nearly the same quantity of the same asset into another of your accounts. Unpaired, the withdrawal is taxed as a sale and the deposit as a purchase. If both accounts are yours, pair them as an internal transfer (getTransferPairSuggestions lists the pairs, markInternalTransfer pairs them).",
	},
}

// Insights lists the scope's client's insights, most severe first: the recorded ones and those
// derived from the ledger and the current tax results (open while their condition holds).
func (s *Service) Insights(ctx context.Context, scope auth.ClientScope, f InsightFilter) ([]Insight, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	if f.Limit < 1 || f.Limit > 500 {
		return nil, apperr.InvalidField("limit", "must be 1 to 500")
	}
	if f.Page < 0 || f.Page > 10000 {
		return nil, apperr.InvalidField("page", "must be 0 to 10000")
	}
	if f.AssetType != nil {
		switch *f.AssetType {
		case "COIN", "NFT", "DEFI", "PERPETUAL", "PREDICTION", "FIAT":
		default:
			return nil, apperr.InvalidField("assetTypeFilter", "must be a value of AssetTypeEnum")
		}
	}
	var all []Insight
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return store.WithSharedSnapshot(ctx, s.pool, tx, func(second pgx.Tx) error {
			var err error
			all, err = insights(ctx, readers{tx, second}, scope.ClientID(), f, s.now())
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if severityRank[a.Severity] != severityRank[b.Severity] {
			return severityRank[a.Severity] > severityRank[b.Severity]
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.ID.String() < b.ID.String()
	})
	from := f.Page * f.Limit
	if from >= len(all) {
		return []Insight{}, nil
	}
	return all[from:min(from+f.Limit, len(all))], nil
}

var severityRank = map[string]int{"INFO": 0, "WARNING": 1, "CRITICAL": 2}

func keep(f InsightFilter, in Insight) bool {
	return (f.Status == nil || *f.Status == in.Status) && (f.Type == nil || *f.Type == in.Type) &&
		(f.AssetType == nil || (in.AssetType != nil && *in.AssetType == *f.AssetType))
}

// insights reads the client's insights in readers' snapshot: the recorded ones, and unless f asks
// for another status the open ones derived from the ledger, the current results and the assets.
// What they cost on a large ledger is their transaction counts: those are counted last, spread over
// the readers (countAll), and the findings put together in the order they were listed.
func insights(ctx context.Context, rd readers, clientID uuid.UUID, f InsightFilter, now time.Time) ([]Insight, error) {
	tx := rd.tx
	q := db.New(tx)
	var out []Insight
	var counts []*countJob
	recorded, err := q.ListClientInsights(ctx, clientID)
	if err != nil {
		return nil, err
	}
	for _, r := range recorded {
		in := Insight{ID: r.ID, ClientID: r.ClientID, PatternID: r.PatternID, Type: r.Type, Status: r.Status, Severity: r.Severity,
			Title: r.Title, Description: r.Description, AssetID: r.AssetID,
			EstimatedImpactCents: r.EstimatedImpactCents, CreatedAt: r.CreatedAt, ResolvedAt: r.ResolvedAt}
		if !keep(f, in) {
			continue
		}
		in.members, in.membersArgs = `SELECT t.id, t.occurred_at FROM insight_transactions it JOIN transactions t ON t.id = it.transaction_id
			WHERE it.insight_id = $2 AND t.client_id = $1 AND t.deleted_at IS NULL`, []any{clientID, r.ID}
		in.titleOf = func(int, bool) string { return r.Title }
		out = append(out, in)
		counts = append(counts, &countJob{from: query{in.members, in.membersArgs}, first: query{in.members, in.membersArgs}})
	}
	if f.Status != nil && *f.Status != "OPEN" {
		// derived insights are open while they last
		if err := rd.countAll(ctx, counts); err != nil {
			return nil, err
		}
		for i, c := range counts {
			out[i].TransactionCount, out[i].CountCapped, out[i].TransactionIDs = min(c.n, MaxInsightCount), c.n > MaxInsightCount, c.ids
		}
		return out, nil
	}
	current, err := db.New(tx).CurrentResultSetFoundAt(ctx, clientID)
	if err != nil {
		return nil, err
	}
	resultSet, foundAt := current.CurrentResultSetID, current.ComputedAt
	rows, err := ledger.PatternResultRows(ctx, tx, clientID, resultSet)
	if err != nil {
		return nil, err
	}
	created := now
	if foundAt != nil {
		created = *foundAt
	}
	type derived struct {
		pattern derivedPattern
		count   *countJob
	}
	var found []derived
	for _, p := range derivedPatterns {
		in := Insight{ID: derivedID(clientID, p.id), ClientID: clientID, PatternID: p.id, Type: p.typ, Status: "OPEN",
			Severity: p.severity, Description: p.description, CreatedAt: created}
		if !keep(f, in) || (p.needsResults && resultSet == nil) {
			continue
		}
		from, args, err := ledger.PatternTransactionsSQL(clientID, resultSet, p.id, rows)
		if err != nil {
			return nil, err
		}
		first, firstArgs, err := ledger.PatternFirstSQL(clientID, resultSet, p.id, rows, MaxInsightTransactionIDs)
		if err != nil {
			return nil, err
		}
		c := &countJob{from: query{from, args}, first: query{first, firstArgs}, name: "insight " + p.id, weight: p.weight, planOnce: p.planOnce}
		found = append(found, derived{p, c})
		counts = append(counts, c)
	}
	spam, err := spamInsights(ctx, tx, clientID, resultSet, f, created)
	if err != nil {
		return nil, err
	}
	for _, s := range spam {
		counts = append(counts, s.count)
	}
	if err := rd.countAll(ctx, counts); err != nil {
		return nil, err
	}
	for i := range out { // the recorded ones, counted first
		c := counts[i]
		out[i].TransactionCount, out[i].CountCapped, out[i].TransactionIDs = min(c.n, MaxInsightCount), c.n > MaxInsightCount, c.ids
	}
	// An open recorded insight under a derived pattern is that pattern's insight: it concerns what
	// the pattern (and its insightPatternId filter) finds, its own links included.
	recordedOpen := map[string]int{}
	for i, in := range out {
		if in.Status == "OPEN" {
			recordedOpen[in.PatternID] = i
		}
	}
	for _, d := range found {
		p, n, list := d.pattern, d.count.n, d.count.ids
		if i, ok := recordedOpen[p.id]; ok {
			rec := &out[i]
			if n != rec.TransactionCount { // its recorded title names another count
				rec.Title, rec.titleOf = p.title(min(n, MaxInsightCount), n > MaxInsightCount), p.title
			}
			rec.TransactionCount, rec.CountCapped, rec.members, rec.membersArgs = min(n, MaxInsightCount), n > MaxInsightCount, d.count.from.sql, d.count.from.args
			rec.TransactionIDs = list
			continue
		}
		if n == 0 {
			continue
		}
		in := Insight{ID: derivedID(clientID, p.id), ClientID: clientID, PatternID: p.id, Type: p.typ, Status: "OPEN",
			Severity: p.severity, Description: p.description, CreatedAt: created}
		in.TransactionCount, in.CountCapped, in.TransactionIDs = min(n, MaxInsightCount), n > MaxInsightCount, list
		in.Title, in.titleOf, in.members, in.membersArgs = p.title(in.TransactionCount, in.CountCapped), p.title, d.count.from.sql, d.count.from.args
		out = append(out, in)
	}
	for _, s := range spam {
		n := s.count.n
		if n == 0 {
			continue // its every transaction labelled spam or hidden
		}
		in := s.insight
		in.TransactionCount, in.CountCapped, in.TransactionIDs = min(n, MaxInsightCount), n > MaxInsightCount, s.count.ids
		in.Title = in.titleOf(in.TransactionCount, in.CountCapped)
		out = append(out, in)
	}
	return out, nil
}

// possibleSpam is a POSSIBLE_SPAM insight before its transactions are counted.
type possibleSpam struct {
	insight Insight
	count   *countJob
}

// spamInsights is one POSSIBLE_SPAM insight per asset whose name advertises a site or a claim
// and that is not marked spam yet (shown when count finds a transaction of it).
func spamInsights(ctx context.Context, tx pgx.Tx, clientID uuid.UUID, resultSet *uuid.UUID, f InsightFilter, created time.Time) ([]possibleSpam, error) {
	if f.Type != nil && *f.Type != "POSSIBLE_SPAM" {
		return nil, nil
	}
	// at most 50 assets (PossibleSpamAssets): the insights cost the same on any ledger
	found, err := db.New(tx).PossibleSpamAssets(ctx, clientID)
	if err != nil {
		return nil, err
	}
	var out []possibleSpam
	for _, a := range found {
		in := Insight{ID: derivedID(clientID, "possible-spam:"+a.ID.String()), ClientID: clientID, PatternID: ledger.PossibleSpamPattern + a.ID.String(),
			Type: "POSSIBLE_SPAM", Status: "OPEN", Severity: "WARNING", AssetID: &a.ID, AssetType: &a.Type, CreatedAt: created,
			Description: fmt.Sprintf("The asset %s advertises a site or a claim, as airdropped spam does. Mark it as spam (updateAsset isSpam) to leave it out of your figures; never visit the site.", a.Symbol)}
		if !keep(f, in) {
			continue
		}
		from, args, err := ledger.PatternTransactionsSQL(clientID, resultSet, in.PatternID, nil) // not a pattern of result rows
		if err != nil {
			return nil, err
		}
		symbol := a.Symbol
		in.titleOf = func(n int, more bool) string {
			return fmt.Sprintf("%s looks like spam (%s)", symbol, count(n, more, "transaction", "transactions"))
		}
		in.members, in.membersArgs = from, args
		out = append(out, possibleSpam{in, &countJob{from: query{from, args}, first: query{from, args}}})
	}
	return out, nil
}

// readers are the transactions an insights read runs its statements on: tx, and second (nil when
// the pool has no room for it, store.WithSharedSnapshot), a transaction on another connection in
// tx's snapshot.
type readers struct {
	tx, second pgx.Tx
}

// countJob is the count and first transactions of an insight (countAndIDs), filled in by countAll.
type countJob struct {
	from, first query
	name        string // for an error: what was counted
	weight      int    // derivedPattern.weight
	planOnce    bool   // derivedPattern.planOnce
	n           int
	ids         []uuid.UUID
}

// countAll counts the jobs (countJobIn) on the readers, the heaviest first.
func (r readers) countAll(ctx context.Context, jobs []*countJob) error {
	order := make([]*countJob, len(jobs))
	copy(order, jobs)
	sort.SliceStable(order, func(i, j int) bool { return order[i].weight > order[j].weight })
	return r.each(ctx, len(order), func(tx pgx.Tx, i int) error {
		c := order[i]
		var err error
		c.n, c.ids, err = countJobIn(ctx, tx, c)
		if err != nil && c.name != "" {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		return err
	})
}

// each calls fn for 0..n-1, each call on whichever of the readers is free: with two, two
// statements run at once (each reader used by one goroutine at a time). After an error no call
// starts; the one running on the other reader finishes first.
func (r readers) each(ctx context.Context, n int, fn func(tx pgx.Tx, i int) error) error {
	if r.second == nil {
		for i := range n {
			if err := fn(r.tx, i); err != nil {
				return err
			}
		}
		return nil
	}
	var next atomic.Int64
	work := func(tx pgx.Tx) error {
		for i := next.Add(1) - 1; i < int64(n); i = next.Add(1) - 1 {
			if err := fn(tx, int(i)); err != nil {
				next.Store(int64(n))
				return err
			}
		}
		return nil
	}
	done := make(chan error, 1)
	go func() { done <- work(r.second) }()
	err := work(r.tx)
	if err2 := <-done; err == nil {
		err = err2
	}
	return err
}

// query is a query's SQL and arguments.
type query struct {
	sql  string
	args []any
}

// countAndIDs counts the rows of from up to one more than MaxInsightCount and lists the first
// MaxInsightTransactionIDs of them, oldest first. from is evaluated once when it holds no more than
// MaxInsightCount rows (the counted rows are all of them, sorted for the list); beyond, the list
// is the first rows of first (a query of the same rows that finds its first ones without reading
// them all, or from itself).
func countAndIDs(ctx context.Context, tx pgx.Tx, from, first query) (int, []uuid.UUID, error) {
	var n int
	var list []uuid.UUID
	err := tx.QueryRow(ctx, fmt.Sprintf(`WITH m AS MATERIALIZED (%s LIMIT %d)
		SELECT (SELECT count(*) FROM m), ARRAY(SELECT m.id FROM m ORDER BY m.occurred_at, m.id LIMIT %d)`,
		from.sql, MaxInsightCount+1, MaxInsightTransactionIDs), from.args...).Scan(&n, &list)
	if err != nil || n <= MaxInsightCount {
		return n, list, err
	}
	list, err = ids(ctx, tx, first.sql, first.args...)
	return n, list, err
}

// countJobIn is countAndIDs of c's queries in tx; a job that plans once (countJob.planOnce) runs
// under a generic plan, and the transaction's plan mode is back to auto after it.
func countJobIn(ctx context.Context, tx pgx.Tx, c *countJob) (int, []uuid.UUID, error) {
	if !c.planOnce {
		return countAndIDs(ctx, tx, c.from, c.first)
	}
	q := db.New(tx)
	if err := q.SetInsightPlanMode(ctx, "force_generic_plan"); err != nil {
		return 0, nil, err
	}
	n, list, err := countAndIDs(ctx, tx, c.from, c.first)
	if err != nil {
		return 0, nil, err
	}
	return n, list, q.SetInsightPlanMode(ctx, "auto")
}

// member is a transaction of an insight.
type member struct {
	ID         uuid.UUID
	OccurredAt time.Time
}

// members lists the first limit transactions of from, oldest first.
func members(ctx context.Context, tx pgx.Tx, from string, limit int, args ...any) ([]member, error) {
	rows, err := tx.Query(ctx, fmt.Sprintf(`SELECT id, occurred_at FROM (%s) x ORDER BY occurred_at, id LIMIT %d`, from, limit), args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[member])
}

// ids lists the first MaxInsightTransactionIDs transactions of from, oldest first.
func ids(ctx context.Context, tx pgx.Tx, from string, args ...any) ([]uuid.UUID, error) {
	ms, err := members(ctx, tx, from, MaxInsightTransactionIDs, args...)
	if err != nil {
		return nil, err
	}
	out := make([]uuid.UUID, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out, nil
}

// derivedID is a stable id of a derived insight: the same finding keeps its id between reads.
func derivedID(clientID uuid.UUID, pattern string) uuid.UUID {
	return uuid.NewSHA1(clientID, []byte("insight:"+pattern))
}
