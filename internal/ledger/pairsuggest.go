package ledger

// Suggested pairs: one-sided transactions that look like the two halves of a move between the
// client's own accounts (getTransferPairSuggestions, the possible-internal-transfer insight and
// its insightPatternId filter share the one query below).

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"taxd/internal/apperr"
	"taxd/internal/auth"
)

// Pair suggestion rules: an unpaired, unlabeled (or labeled internal) transaction whose only
// visible transfer besides fees sends an asset out of one of the client's accounts, followed
// within PairWindow by such a transaction receiving at least PairMinShare and at most all of that
// quantity of the same economic asset (pricing key) into another of the client's accounts. The
// missing part is the network or withdrawal fee. The sending side is looked for among the
// client's PairScanLimit latest unlabeled transactions, so a suggestion costs the same on any
// ledger size.
const (
	PairWindow    = 72 * time.Hour
	PairScanLimit = 2000
)

// PairMinShare is the smallest share of the sent quantity that must arrive.
var PairMinShare = decimal.RequireFromString("0.95")

// PairSuggestion is a pair of transactions that looks like one move between own accounts.
type PairSuggestion struct {
	FromTransactionID, ToTransactionID uuid.UUID
	FromTransferID, ToTransferID       uuid.UUID
	AssetID                            uuid.UUID // the sent asset
	Symbol                             string
	Sent, Received                     decimal.Decimal
	SentAt, ReceivedAt                 time.Time
	FromAccountID, ToAccountID         uuid.UUID
}

// UnpairedSQL is the condition that a transaction (alias t) is in no link (internal transfer,
// bridge, cross-chain swap).
const UnpairedSQL = `NOT EXISTS (SELECT 1 FROM internal_transfer_pairs p WHERE p.from_transaction_id = t.id)
	AND NOT EXISTS (SELECT 1 FROM internal_transfer_pairs p WHERE p.to_transaction_id = t.id)`

// pairable is the condition on a transaction (alias t) that may be one side of a suggested pair.
const pairable = `t.deleted_at IS NULL AND NOT t.is_hidden AND NOT t.is_failed AND (t.label IS NULL OR t.label IN ('', 'internal'))
	AND ` + UnpairedSQL

// onlyTransfer is the condition that s is the only visible transfer of its transaction t besides fees.
const onlyTransfer = `NOT s.is_fee AND NOT s.is_hidden
	AND NOT EXISTS (SELECT 1 FROM transfers x WHERE x.transaction_id = t.id AND x.id <> s.id AND NOT x.is_fee AND NOT x.is_hidden)`

// pairSuggestionSQL is the suggestions query. client is the placeholder of the client id (it may
// occur several times); senders is the set of candidate sending transactions (id, occurred_at);
// toCond narrows the receiving side.
func pairSuggestionSQL(client, senders, toCond string) string {
	r := strings.NewReplacer("$client", client, "$pairable", pairable, "$only", onlyTransfer, "$senders", senders, "$toCond", toCond,
		"$window", fmt.Sprintf("%d seconds", int(PairWindow/time.Second)), "$share", PairMinShare.String(), "$pkey", PricingKeySQL)
	return r.Replace(`SELECT o.tx AS from_id, i.tx AS to_id, o.transfer_id AS from_transfer_id, i.transfer_id AS to_transfer_id,
	o.asset_id, o.symbol, o.quantity AS sent, i.quantity AS received, o.occurred_at AS sent_at, i.occurred_at AS received_at,
	o.from_account_id, i.to_account_id
FROM (SELECT t.id AS tx, t.occurred_at, s.id AS transfer_id, s.asset_id, s.quantity, s.from_account_id, a.symbol, $pkey AS pkey
	FROM ($senders) t0
	JOIN transactions t ON t.id = t0.id AND t.client_id = $client
	JOIN transfers s ON s.transaction_id = t.id AND s.from_account_id IS NOT NULL AND s.to_account_id IS NULL
	JOIN assets a ON a.id = s.asset_id AND NOT a.is_spam
	WHERE $pairable AND $only) o
CROSS JOIN LATERAL (
	SELECT t.id AS tx, s.id AS transfer_id, s.quantity, s.occurred_at, s.to_account_id
	FROM assets a
	JOIN transfers s ON s.client_id = a.client_id AND s.asset_id = a.id
		AND s.occurred_at >= o.occurred_at AND s.occurred_at < o.occurred_at + interval '$window'
	JOIN transactions t ON t.id = s.transaction_id
	WHERE a.client_id = $client AND $pkey = o.pkey AND NOT a.is_spam
		AND s.from_account_id IS NULL AND s.to_account_id IS NOT NULL AND s.to_account_id <> o.from_account_id
		AND s.quantity <= o.quantity AND s.quantity >= o.quantity * $share
		AND t.id <> o.tx AND $pairable AND $only $toCond
	ORDER BY s.occurred_at, t.id LIMIT 1) i`)
}

// recentSenders are the client's PairScanLimit latest unlabeled transactions.
func recentSenders(client string) string {
	return fmt.Sprintf(`SELECT t.id FROM transactions t WHERE t.client_id = %s AND (t.label IS NULL OR t.label IN ('', 'internal'))
	AND t.deleted_at IS NULL AND NOT t.is_hidden ORDER BY t.occurred_at DESC, t.id DESC LIMIT %d`, client, PairScanLimit)
}

// PairSuggestionTransactionsSQL lists (id, occurred_at) of every transaction in a suggested pair
// (both sides) of the client whose id is the placeholder client (which may occur several times).
func PairSuggestionTransactionsSQL(client string) string {
	return `SELECT DISTINCT x.id, x.occurred_at FROM (` + pairSuggestionSQL(client, recentSenders(client), "") + `) ps
	CROSS JOIN LATERAL (VALUES (ps.from_id, ps.sent_at), (ps.to_id, ps.received_at)) x(id, occurred_at)`
}

// PairSuggestions returns the pairs of the scope's client that look like moves between its own
// accounts, newest first, at most limit (1 to 100); each transaction is in one suggestion at most.
// With transactionID, only the pair that transaction would be part of (sending or receiving).
func (l *Ledger) PairSuggestions(ctx context.Context, scope auth.ClientScope, transactionID *uuid.UUID, limit int) ([]PairSuggestion, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	if limit < 1 || limit > 100 {
		return nil, apperr.InvalidField("limit", "must be 1 to 100")
	}
	client := scope.ClientID()
	var q string
	args := []any{client}
	if transactionID == nil {
		q = pairSuggestionSQL("$1", recentSenders("$1"), "")
	} else {
		// The transaction as the sender, or as the receiver of a sender in the window before it.
		args = append(args, *transactionID)
		asSender := pairSuggestionSQL("$1", "SELECT $2::uuid AS id", "")
		asReceiver := pairSuggestionSQL("$1", fmt.Sprintf(`SELECT t.id FROM transactions r JOIN transactions t ON t.client_id = r.client_id
			AND t.occurred_at > r.occurred_at - interval '%d seconds' AND t.occurred_at <= r.occurred_at
			WHERE r.id = $2 AND r.client_id = $1`, int(PairWindow/time.Second)), "AND t.id = $2")
		q = asSender + "\nUNION ALL\n" + asReceiver
	}
	rows, err := l.pool.Query(ctx, `SELECT * FROM (`+q+`) x ORDER BY sent_at DESC, from_id`, args...)
	if err != nil {
		return nil, err
	}
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (PairSuggestion, error) {
		var p PairSuggestion
		return p, r.Scan(&p.FromTransactionID, &p.ToTransactionID, &p.FromTransferID, &p.ToTransferID, &p.AssetID, &p.Symbol,
			&p.Sent, &p.Received, &p.SentAt, &p.ReceivedAt, &p.FromAccountID, &p.ToAccountID)
	})
	if err != nil {
		return nil, err
	}
	// Two senders may both have found the same receiver: the newer one keeps it.
	taken := map[uuid.UUID]bool{}
	out := []PairSuggestion{}
	for _, p := range all {
		if taken[p.FromTransactionID] || taken[p.ToTransactionID] {
			continue
		}
		taken[p.FromTransactionID], taken[p.ToTransactionID] = true, true
		out = append(out, p)
		if len(out) == limit {
			break
		}
	}
	return out, nil
}
