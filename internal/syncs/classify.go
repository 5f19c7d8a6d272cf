package syncs

// The classification stage of a sync (internal/classify): a page's chain transactions become the
// wallet's labelled transactions before the ledger stores them, and stored chain data can be
// classified again (Reclassifier) without asking the chain.

import (
	"context"
	"sort"
	"strings"

	"github.com/google/uuid"

	"taxd/gen/db"
	"taxd/internal/classify"
	"taxd/internal/imports"
)

// ChainData reads what chains said about transactions, per (chain, hash): the store the EVM
// provider fills as it fetches (internal/chaindata), read again by a re-classification.
type ChainData interface {
	// GetChainTxs returns the stored transactions of hashes on chain, by hash (absent when unknown).
	GetChainTxs(ctx context.Context, chain string, hashes []string) (map[string]imports.ChainTx, error)
}

// ownWallets lists the client's wallets on every chain (the classification's own addresses).
func ownWallets(ctx context.Context, q *db.Queries, clientID uuid.UUID) ([]classify.Address, error) {
	accts, err := q.ListAccounts(ctx, db.ListAccountsParams{ClientID: clientID})
	if err != nil {
		return nil, err
	}
	var out []classify.Address
	for _, a := range accts {
		if a.Type == "wallet" && a.Address != nil {
			out = append(out, classify.Address{Chain: a.Provider, Address: *a.Address})
		}
	}
	return out, nil
}

// stage turns a page into the wallet's transactions: each chain transaction through the
// classifier (those in which nothing of the wallet moved are dropped), and the page's own
// transactions for hashes it has no chain transaction of (providers without chain data).
func stage(page imports.Page, c classify.Classifier, own classify.Own) []imports.Tx {
	if len(page.Chain) == 0 {
		return page.Txs
	}
	chain := append([]imports.ChainTx(nil), page.Chain...)
	sort.SliceStable(chain, func(i, j int) bool {
		if chain[i].Block != chain[j].Block {
			return chain[i].Block < chain[j].Block
		}
		return chain[i].Index < chain[j].Index
	})
	covered := make(map[string]bool, len(chain))
	out := make([]imports.Tx, 0, len(chain))
	for _, ct := range chain {
		covered[strings.ToLower(ct.Hash)] = true
		if t := c.Classify(ct, own); len(t.Transfers) > 0 {
			out = append(out, t)
		}
	}
	for _, t := range page.Txs {
		if !covered[strings.ToLower(t.Hash)] {
			out = append(out, t)
		}
	}
	return out
}

// hasBridge reports whether txs hold a bridge side, after which bridges may be linked.
func hasBridge(txs []imports.Tx) bool {
	for _, t := range txs {
		if c := t.Classification; c != nil && (c.Rule == classify.RuleBridgeOut || c.Rule == classify.RuleBridgeIn) {
			return true
		}
	}
	return false
}
