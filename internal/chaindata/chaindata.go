// Package chaindata stores what EVM chains say about transactions (imports.ChainTx), per
// (chain, hash). It is public chain data, shared by every client like prices: the EVM provider
// reads and fills it through the imports.ChainCache interface, so a transaction's receipt is
// fetched once whichever account or sync meets it first, and the classification stage reads it
// again without asking the chain. A stored transaction is replaced only by a newer reading of the
// same transaction (an account's internal moves added to it).
package chaindata

import (
	"context"
	"encoding/json"
	"fmt"

	"taxd/gen/db"
	"taxd/internal/imports"
)

// Store is the imports.ChainCache on Postgres (table chain_transactions).
type Store struct{ db db.DBTX }

// New returns the store on conn (a pool, or a transaction).
func New(conn db.DBTX) *Store { return &Store{db: conn} }

var _ imports.ChainCache = (*Store)(nil)

// GetChainTxs returns the stored transactions of hashes on chain, by hash; unknown hashes are
// absent.
func (s *Store) GetChainTxs(ctx context.Context, chain string, hashes []string) (map[string]imports.ChainTx, error) {
	out := make(map[string]imports.ChainTx, len(hashes))
	if len(hashes) == 0 {
		return out, nil
	}
	rows, err := db.New(s.db).GetChainTxs(ctx, db.GetChainTxsParams{Chain: chain, Hashes: hashes})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		var ct imports.ChainTx
		if err := json.Unmarshal(r.Tx, &ct); err != nil {
			return nil, fmt.Errorf("chaindata: stored %s %s: %w", chain, r.Hash, err)
		}
		out[r.Hash] = ct
	}
	return out, nil
}

// PutChainTxs stores txs in one statement, replacing what is stored under the same (chain,
// hash); of two readings of one transaction in txs the last is kept.
func (s *Store) PutChainTxs(ctx context.Context, txs []imports.ChainTx) error {
	index := map[[2]string]int{}
	var p db.PutChainTxsParams
	for _, ct := range txs {
		b, err := json.Marshal(ct)
		if err != nil {
			return err
		}
		k := [2]string{ct.Chain, ct.Hash}
		if i, ok := index[k]; ok {
			p.Blocks[i], p.Txs[i] = int64(ct.Block), b
			continue
		}
		index[k] = len(p.Hashes)
		p.Chains = append(p.Chains, ct.Chain)
		p.Hashes = append(p.Hashes, ct.Hash)
		p.Blocks = append(p.Blocks, int64(ct.Block))
		p.Txs = append(p.Txs, b)
	}
	if len(p.Hashes) == 0 {
		return nil
	}
	return db.New(s.db).PutChainTxs(ctx, p)
}
