package graph

// Links between two transactions (markInternalTransfer, unmarkInternalTransfer,
// bridgeTransactions, crossChainSwap): ledger.Editor.Link, read by the engine
// (internal/recalc/pairs.go); and the suggestions of pairs to link (getTransferPairSuggestions).

import (
	"context"

	"github.com/google/uuid"

	"taxd/gen/graph/model"
	"taxd/internal/auth"
	"taxd/internal/ledger"
)

func (r *mutationResolver) MarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	return r.link(ctx, clientID, ledger.LinkInternalTransfer, fromTransactionID, toTransactionID)
}

func (r *mutationResolver) BridgeTransactions(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	return r.link(ctx, clientID, ledger.LinkBridge, fromTransactionID, toTransactionID)
}

func (r *mutationResolver) CrossChainSwap(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (*model.Transaction, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromTransactionID, toTransactionID)
	if err != nil {
		return nil, err
	}
	if _, err := r.Ledger.LinkTransactions(ctx, scope, ledger.LinkCrossChainSwap, from, to); err != nil {
		return nil, err
	}
	return r.editedOne(ctx, scope, from)
}

func (r *mutationResolver) UnmarkInternalTransfer(ctx context.Context, clientID string, fromTransactionID string, toTransactionID string) (string, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromTransactionID, toTransactionID)
	if err != nil {
		return "", err
	}
	p, err := r.Ledger.UnlinkTransactions(ctx, scope, from, to)
	if err != nil {
		return "", err
	}
	return p.ID.String(), nil
}

// link links two transactions of the client as kind and returns the link id.
func (r *mutationResolver) link(ctx context.Context, clientID string, kind ledger.LinkType, fromID, toID string) (string, error) {
	scope, from, to, err := r.linkArgs(ctx, clientID, fromID, toID)
	if err != nil {
		return "", err
	}
	p, err := r.Ledger.LinkTransactions(ctx, scope, kind, from, to)
	if err != nil {
		return "", err
	}
	return p.ID.String(), nil
}

// linkArgs authorises the caller for the client and parses the two sides of a link.
func (r *mutationResolver) linkArgs(ctx context.Context, clientID, fromID, toID string) (scope auth.ClientScope, from, to uuid.UUID, err error) {
	if scope, err = r.txScope(ctx, clientID); err != nil {
		return scope, from, to, err
	}
	if from, err = parseID("fromTransactionId", fromID); err != nil {
		return scope, from, to, err
	}
	to, err = parseID("toTransactionId", toID)
	return scope, from, to, err
}

// GetTransferPairSuggestions lists pairs of one-sided transactions that look like moves between
// the client's own accounts, with both transactions.
func (r *queryResolver) GetTransferPairSuggestions(ctx context.Context, clientID string, transactionID *string, limit *int) ([]model.TransferPairSuggestion, error) {
	scope, err := r.txScope(ctx, clientID)
	if err != nil {
		return nil, err
	}
	tx, err := optionalID("transactionId", transactionID)
	if err != nil {
		return nil, err
	}
	n := 20
	if limit != nil {
		n = *limit
	}
	ps, err := r.Ledger.PairSuggestions(ctx, scope, tx, n)
	if err != nil {
		return nil, err
	}
	out := make([]model.TransferPairSuggestion, len(ps))
	if len(ps) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, 0, 2*len(ps))
	assetIDs := make([]uuid.UUID, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.FromTransactionID, p.ToTransactionID)
		assetIDs = append(assetIDs, p.AssetID)
	}
	rows, st, err := r.Ledger.Get(ctx, scope, ids)
	if err != nil {
		return nil, err
	}
	txs, err := r.transactionsOut(ctx, scope, st, rows, false, false)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*model.Transaction, len(txs))
	for i := range txs {
		byID[txs[i].ID] = &txs[i]
	}
	assets, err := r.Ledger.Assets(ctx, scope, assetIDs)
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		o := model.TransferPairSuggestion{
			FromTransactionID: p.FromTransactionID.String(), ToTransactionID: p.ToTransactionID.String(),
			FromTransaction: byID[p.FromTransactionID.String()], ToTransaction: byID[p.ToTransactionID.String()],
			FromTransferID: p.FromTransferID.String(), ToTransferID: p.ToTransferID.String(),
			FromAccountID: p.FromAccountID.String(), ToAccountID: p.ToAccountID.String(), AssetID: p.AssetID.String(),
			SentAmountExact: p.Sent.String(), ReceivedAmountExact: p.Received.String(), FeeAmountExact: p.Sent.Sub(p.Received).String(),
			SentAt: p.SentAt, ReceivedAt: p.ReceivedAt,
		}
		if a, ok := assets[p.AssetID]; ok {
			m := assetOut(a)
			o.Asset = &m
		}
		out[i] = o
	}
	return out, nil
}
