package ledger

// The classification of chain transactions (internal/classify) as the ledger keeps it
// (transaction_classifications): which rule labelled a transaction, how sure it is and why; the
// re-classification that rewrites what the rules now say without touching what a person edited;
// the automatic bridge links.

import (
	"context"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"taxd/gen/db"
	"taxd/internal/auth"
	"taxd/internal/imports"
)

// EditedSQL is true for a transaction t that a person changed (the SQL function
// transaction_is_edited: an audit entry other than its creation by an actor that is not the
// system). It is the one definition of "edited": the showOnlyEdited filter, Reclassify and
// LinkBridges read it.
const EditedSQL = "transaction_is_edited(t.client_id, t.id)"

// NeedsReviewSQL is true for a transaction t whose classification is of low confidence and that
// no person has edited or marked reviewed since: the needs-review insight and its filter.
const NeedsReviewSQL = "(EXISTS (SELECT 1 FROM transaction_classifications tc WHERE tc.client_id = t.client_id AND tc.transaction_id = t.id AND tc.confidence = 'low')" +
	" AND NOT t.is_reviewed AND NOT " + EditedSQL + ")"

// NeedsReviewPattern is the insight (and insightPatternId filter) of NeedsReviewSQL.
const NeedsReviewPattern = "needs-review-classification"

// ClassificationRuleSQL matches a transaction t that the rule (the placeholder) classified.
const ClassificationRuleSQL = "EXISTS (SELECT 1 FROM transaction_classifications tc WHERE tc.client_id = t.client_id AND tc.transaction_id = t.id AND tc.rule = ?)"

// Classification is which rule labelled a chain transaction and how sure it is.
type Classification struct {
	Rule        string
	Confidence  string // high, medium, low
	Explanation string
}

// Classifications returns the classification of the given transactions of the scope's client
// (those no rule classified are absent).
func (l *Ledger) Classifications(ctx context.Context, scope auth.ClientScope, ids []uuid.UUID) (map[uuid.UUID]Classification, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := db.New(l.pool).GetTransactionClassifications(ctx, db.GetTransactionClassificationsParams{ClientID: scope.ClientID(), Ids: ids})
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]Classification, len(rows))
	for _, r := range rows {
		out[r.TransactionID] = Classification{Rule: r.Rule, Confidence: r.Confidence, Explanation: r.Explanation}
	}
	return out, nil
}

// ReclassifyCounts says what a re-classification did to an account's transactions.
type ReclassifyCounts struct {
	Replaced  int // the rules now say something else: rewritten in place
	Added     int // not in the ledger before (a rule now finds something of the wallet in it)
	Unchanged int // the rules say the same
	Kept      int // edited or deleted by a person: left alone
}

// Reclassify writes the account's transactions as the rules now classify them (txs, classified
// anew from stored chain data): a transaction whose classification digest changed is rewritten in
// place (its label, transfers and classification; its id, links and notes stay) and marked dirty;
// one that a person edited or deleted is never touched; one the ledger does not have is added
// when it has transfers.
func (e *Editor) Reclassify(accountID uuid.UUID, txs []imports.Tx, price PriceFunc) (ReclassifyCounts, error) {
	var c ReclassifyCounts
	if len(txs) == 0 {
		return c, nil
	}
	ids := make([]string, len(txs))
	for i, t := range txs {
		ids[i] = t.ExternalID
	}
	rows, err := e.q.ReclassifyCandidates(e.ctx, db.ReclassifyCandidatesParams{ClientID: e.client, AccountID: accountID, ExternalIds: ids})
	if err != nil {
		return c, err
	}
	stored := make(map[string]db.ReclassifyCandidatesRow, len(rows))
	for _, r := range rows {
		stored[r.ExternalID] = r
	}
	var write []imports.Tx
	for _, t := range txs {
		r, ok := stored[t.ExternalID]
		switch {
		case !ok && len(t.Transfers) == 0:
			c.Unchanged++
		case !ok:
			c.Added++
			write = append(write, t)
		case r.Keep:
			c.Kept++
		case t.Classification != nil && r.Digest == t.Classification.Digest:
			c.Unchanged++
		default:
			c.Replaced++
			write = append(write, t)
		}
	}
	if len(write) == 0 {
		return c, nil
	}
	im, err := e.NewReplacer(accountID, price)
	if err != nil {
		return c, err
	}
	for i := range write {
		if err := im.Add(&write[i]); err != nil {
			im.Abort()
			return c, err
		}
	}
	_, err = im.Finish()
	return c, err
}

// Bridge linking: a departure and an arrival are the two sides of one bridge transfer when they
// belong to the same client, are on different chains, carry the same asset (by symbol, a wrapped or
// bridged form counting as its asset: bridgeSymbols), the arrival
// comes after the departure within BridgeWindow and received at most what was sent and at least
// what was sent less BridgeMaxFeeShare of it.
var (
	// BridgeWindow covers the slowest route the rules recognise: an optimistic rollup's withdrawal
	// (seven days of challenge period) and a day more to finalise it.
	BridgeWindow = 8 * 24 * time.Hour
	// BridgeMaxFeeShare is the largest share of the amount a bridge keeps as its fee.
	BridgeMaxFeeShare = decimal.RequireFromString("0.05")
	// bridgeSymbols names the forms a bridge turns one asset into on the other side (upper case):
	// ETH leaves and WETH arrives, USDC arrives as a chain's bridged USDC.
	bridgeSymbols = map[string]string{"WETH": "ETH", "USDC.E": "USDC", "USDBC": "USDC", "USDT0": "USDT"}
)

// bridgeSymbol is the asset a bridge side's symbol stands for.
func bridgeSymbol(s string) string {
	if b, ok := bridgeSymbols[s]; ok {
		return b
	}
	return s
}

// LinkBridges links the client's bridge departures with their arrivals (classification rules
// bridge_out and bridge_in; see BridgeWindow) as BRIDGE links, each departure with the earliest
// matching arrival, leaving alone transactions that are linked already or that a person edited. It
// returns how many links it made. Run it with a system actor (the link is not an edit).
func (e *Editor) LinkBridges() (int, error) {
	rows, err := e.q.ListBridgeCandidates(e.ctx, e.client)
	if err != nil {
		return 0, err
	}
	var outs, ins []db.ListBridgeCandidatesRow
	for _, r := range rows {
		if r.Rule == "bridge_out" {
			outs = append(outs, r)
		} else {
			ins = append(ins, r)
		}
	}
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].OccurredAt.Before(ins[j].OccurredAt) })
	taken := make([]bool, len(ins))
	one := decimal.NewFromInt(1)
	n := 0
	for _, o := range outs {
		least := o.Quantity.Mul(one.Sub(BridgeMaxFeeShare))
		for i, in := range ins {
			if taken[i] || in.Chain == o.Chain || bridgeSymbol(in.Symbol) != bridgeSymbol(o.Symbol) || in.OccurredAt.Before(o.OccurredAt) ||
				in.OccurredAt.Sub(o.OccurredAt) > BridgeWindow || in.Quantity.GreaterThan(o.Quantity) || in.Quantity.LessThan(least) {
				continue
			}
			if _, err := e.Link(LinkBridge, o.ID, in.ID); err != nil {
				return n, err
			}
			taken[i] = true
			n++
			break
		}
	}
	return n, nil
}
